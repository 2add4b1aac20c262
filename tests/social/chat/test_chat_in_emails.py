"""The your-turn email and the daily digest quote what the other players wrote since the recipient's last
decision; user text is escaped in the HTML part; muted players and hidden messages are left out."""

import datetime

import pytest
import time_machine

from accounts.models import profile_for
from games.notifications import outbox
from games.notifications.models import Notification
from social.chat import services as chat
from social.chat.models import Message
from social.relations import services as relations
from tests.games.helpers import bodies, play_until_turn_changes, start_game

pytestmark = pytest.mark.django_db


def _to_move(game):
    game.refresh_from_db()
    return game.to_move_user


def test_the_turn_email_quotes_the_chat_since_the_recipients_last_decision(make_user, commit, smtp_server):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(commit, [alice, bob])
    first = _to_move(game)
    second = bob if first == alice else alice
    chat.post_message(game.pk, second, "S1 before my first decision")
    chat.post_message(game.pk, first, 'F1 <b>bold</b> & "quoted"')

    play_until_turn_changes(game, commit=commit)
    assert _to_move(game) == second
    text, html = bodies(smtp_server.to(second.email)[-1])
    assert "Table chat since your last turn:" in text
    assert f'> {first.username} (' in text and 'F1 <b>bold</b> & "quoted"' in text  # text/plain: as typed
    assert "F1 &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;" in html and "<b>bold</b>" not in html
    assert "S1 before" not in text  # one's own messages are not quoted back

    chat.post_message(game.pk, second, "S2 during my turn")
    play_until_turn_changes(game, commit=commit)
    assert _to_move(game) == first
    text, _html = bodies(smtp_server.to(first.email)[-1])
    assert "S2 during my turn" in text
    assert "S1 before" not in text  # written before first's last decision
    assert "F1 <b>bold" not in text  # the earlier message itself (a bare "F1" may occur in a signed link)


def test_muted_and_hidden_messages_stay_out_of_emails(make_user, commit, smtp_server):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = start_game(commit, [alice, bob, carol])
    recipient = _to_move(game)
    play_until_turn_changes(game, commit=commit)  # the recipient has decided
    writer = _to_move(game)
    talker = next(u for u in (alice, bob, carol) if u not in (recipient, writer))
    relations.mute(recipient, writer)
    chat.post_message(game.pk, writer, "from the muted one")
    hidden = chat.post_message(game.pk, talker, "removed by the staff")
    Message.objects.filter(pk=hidden.pk).update(hidden=True)
    chat.post_message(game.pk, talker, "still visible")
    for _i in range(10):
        play_until_turn_changes(game, commit=commit)
        if _to_move(game) == recipient:
            break
    assert _to_move(game) == recipient
    text, html = bodies(smtp_server.to(recipient.email)[-1])
    assert "still visible" in text and "still visible" in html
    assert "from the muted one" not in text + html and "removed by the staff" not in text + html


def test_the_digest_quotes_the_chat_of_each_waiting_game(make_user, commit, smtp_server):
    alice, bob = make_user("alice"), make_user("bob")
    for user in (alice, bob):
        profile = profile_for(user)
        profile.turn_email = "digest"
        profile.save()
    t0 = datetime.datetime(2027, 3, 1, 12, 0, tzinfo=datetime.UTC)
    with time_machine.travel(t0, tick=False) as traveller:
        game = start_game(commit, [alice, bob])
        first = _to_move(game)
        second = bob if first == alice else alice
        chat.post_message(game.pk, first, "<i>see you tomorrow</i>")
        play_until_turn_changes(game, commit=commit)
        assert _to_move(game) == second
        digest = Notification.objects.get(user=second, kind="digest")
        traveller.move_to(digest.due_at)
        with commit():
            outbox.relay()
    [message] = smtp_server.to(second.email)
    text, html = bodies(message)
    assert "game is waiting for you" in text and "<i>see you tomorrow</i>" in text
    assert "&lt;i&gt;see you tomorrow&lt;/i&gt;" in html and "<i>see you" not in html
