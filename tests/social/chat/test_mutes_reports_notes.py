"""Mutes (a reader stops seeing a player, everywhere), reports (the staff read them in the moderation
queue and may hide a message), and private notes (their author's only)."""

import re

import pytest
from django.urls import reverse

from games import services
from games.exceptions import Forbidden, InvalidRequest
from social.chat import services as chat
from social.chat.models import Message, Note
from social.moderation import services as moderation
from social.moderation.models import Report
from social.relations import services as relations
from social.relations.models import Relation
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    return started_game([alice, bob]), alice, bob, carol


def _get(client, user, url):
    client.force_login(user)
    return client.get(url).content.decode()


def _table(client, user, game):
    return _get(client, user, reverse("games:game", args=[game.pk]))


def _replay(client, user, game):
    return _get(client, user, reverse("game-replay", args=[game.pk]))


def test_a_muted_player_disappears_for_the_reader_only(client, table):
    game, alice, bob, carol = table
    chat.post_message(game.pk, bob, "bob was here")
    chat.post_message(game.pk, alice, "alice too")
    client.force_login(alice)
    response = client.post(
        reverse("relations:mute", args=["bob"]), {"next": reverse("games:game", args=[game.pk]) + "#chat"}
    )
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/#chat"
    assert Relation.objects.filter(from_user=alice, to_user=bob, kind="mute").exists()
    for page in (_table(client, alice, game), _replay(client, alice, game)):
        assert "bob was here" not in page and "alice too" in page
    late = chat.post_message(game.pk, bob, "can you hear me")
    client.force_login(alice)
    poll = client.get(reverse("chat:poll", args=[game.pk]) + f"?after={late.pk - 1}").content.decode()
    assert "can you hear me" not in poll and f"after={late.pk}" in poll  # skipped, and not asked again
    # Others still read bob.
    assert "bob was here" in _table(client, carol, game) and "bob was here" in _table(client, bob, game)
    # The muted list offers the way back.
    page = _table(client, alice, game)
    assert "Unmute bob" in page
    response = client.post(reverse("relations:unmute", args=["bob"]), {"next": "https://evil.example/"})
    assert response["Location"] == "/players/bob/"  # not to another site
    response = client.post(reverse("relations:mute", args=["bob"]), {"next": "9999-12-31"})  # a URL, not a view name
    assert response.status_code == 302 and response["Location"] == "9999-12-31"
    client.post(reverse("relations:unmute", args=["bob"]))
    assert "bob was here" in _table(client, alice, game)


def test_nobody_mutes_themselves(client, table):
    game, alice, *_ = table
    with pytest.raises(InvalidRequest):
        relations.mute(alice, alice)
    client.force_login(alice)
    client.post(reverse("relations:mute", args=["alice"]))
    assert not Relation.objects.exists()
    assert client.post(reverse("relations:mute", args=["nobody-here"])).status_code == 404


def test_reports_reach_the_moderation_queue_where_the_staff_hide_the_message(client, table, django_user_model):
    game, alice, bob, carol = table
    message = chat.post_message(game.pk, alice, "you are all idiots")
    client.force_login(bob)
    url = reverse("moderation:report_chat", args=[message.pk])
    assert "you are all idiots" in client.get(url).content.decode()
    response = client.post(url, {"reason": "abuse", "comment": "rude"})
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/#chat"
    response = client.post(url, {"reason": "spam"}, follow=True)
    assert "already reported" in response.content.decode()
    assert list(Report.objects.values_list("reporter__username", "reason", "comment")) == [("bob", "abuse", "rude")]
    # A spectator may report too; nobody reports their own message; a reason is needed.
    client.force_login(carol)
    client.post(url, {"reason": "other"})
    with pytest.raises(InvalidRequest):
        moderation.report_chat(alice, message.pk, "abuse")
    client.force_login(alice)
    client.post(url, {"reason": "abuse"})
    assert Report.objects.count() == 2
    client.force_login(carol)
    assert "This field is required" in client.post(url, {"reason": ""}).content.decode()

    # Players cannot see the queue; a moderator can, and hides the message (for both reports at once).
    client.force_login(bob)
    assert client.get(reverse("moderation:queue")).status_code == 403
    staff = django_user_model.objects.create_superuser("mod", "mod@example.com", "pw-mod-12345")
    client.force_login(staff)
    queue = client.get(reverse("moderation:queue")).content.decode()
    assert "you are all idiots" in queue and queue.count("Insults or harassment") >= 1
    report = Report.objects.order_by("id").first()
    response = client.post(
        reverse("moderation:act", args=[report.pk]), {"action": "hide", "reason": "insults", "days": ""}
    )
    assert response.status_code == 302
    message.refresh_from_db()
    assert message.hidden and not Report.objects.filter(status=Report.Status.OPEN).exists()
    for user in (alice, bob, carol):
        assert "you are all idiots" not in _table(client, user, game)
        assert "you are all idiots" not in _replay(client, user, game)
    client.force_login(bob)
    assert client.get(url).status_code == 404  # a hidden message cannot be reported again
    assert "The staff removed the message." in client.get(reverse("moderation:mine")).content.decode()


def test_notes_are_private_to_their_author(client, table):
    game, alice, bob, carol = table
    client.force_login(alice)
    response = client.post(
        reverse("chat:note", args=[game.pk]), {"text": "Bob hoards Weavers.\r\nKeep a Dancer."}, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert 'id="notes-saved"' in html and "Bob hoards Weavers.\nKeep a Dancer." in html
    assert Note.objects.get(user=alice).text == "Bob hoards Weavers.\nKeep a Dancer."
    assert "Bob hoards Weavers" in _table(client, alice, game)
    for user in (bob, carol):
        page = _table(client, user, game)
        assert "Bob hoards Weavers" not in page
    assert 'id="notes"' not in _table(client, carol, game)  # spectators keep no notes
    for user in (alice, bob, carol):
        assert "Bob hoards Weavers" not in _replay(client, user, game)
        client.force_login(user)
        assert "Bob hoards Weavers" not in client.get(f"/api/v1/games/{game.pk}/").content.decode()
    # Only a player keeps notes on a game; emptying them deletes them.
    client.force_login(carol)
    assert client.post(reverse("chat:note", args=[game.pk]), {"text": "mine"}).status_code == 403
    with pytest.raises(Forbidden):
        chat.save_note(game.pk, carol, "mine")
    with pytest.raises(InvalidRequest):
        chat.save_note(game.pk, alice, "n" * 5001)
    chat.save_note(game.pk, alice, "   ")
    assert not Note.objects.exists()


def test_the_replay_shows_the_chat_as_it_stood_at_each_step(client, table):
    game, alice, bob, carol = table
    chat.post_message(game.pk, alice, "before anything")
    from tests.games.helpers import play

    play(game, 4)
    game.refresh_from_db()
    chat.post_message(game.pk, bob, f"at step {game.seq}")
    url = reverse("game-replay", args=[game.pk])
    client.force_login(carol)
    early = client.get(url + "?step=1").content.decode()
    assert "before anything" in early and "at step" not in early
    late = client.get(url + f"?step={game.seq}").content.decode()
    assert "before anything" in late and f"at step {game.seq}" in late
    # Signed-out visitors of the replay are not shown what the players said.
    client.logout()
    anonymous = client.get(url).content.decode()
    assert "before anything" not in anonymous and "Sign in to read what the players wrote" in anonymous


def test_the_chat_carries_no_hidden_card_of_a_finished_game_to_its_replay(client, table):
    """The replay of a finished game reveals every card; the chat beside it is still only what was typed."""
    game, alice, bob, carol = table
    chat.post_message(game.pk, alice, "gl")
    services.resign(game.pk, bob)
    client.force_login(carol)
    html = client.get(reverse("game-replay", args=[game.pk])).content.decode()
    section = re.search(r'<section class="chat replay-chat".*?</section>', html, re.S).group(0)
    assert re.findall(r'<span class="chat-text">(.*?)</span>', section) == ["gl"]
    assert "data-card-id" not in section
    assert Message.objects.count() == 1
