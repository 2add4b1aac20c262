"""The export and the deletion of an account (accounts.services, accounts.personal_data and every app's privacy
module), checked against every field of every installed model that points to the user model: a model added
later fails here until its app says how it is exported and erased."""

import json

import pytest
from django.apps import apps
from django.core.management import call_command
from django.test import Client, TestCase

from accounts import personal_data, services
from accounts.models import ApiToken
from accounts.personal_data import DELETE, KEEP
from games import cache as state_cache
from games import selectors
from games.exceptions import Conflict, Forbidden, InvalidRequest
from games.history.record import build_record, verify
from games.models import Game, LogEntry
from games.rules import rules_of
from games.tournaments.models import Entrant

from .privacy_world import build

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(make_user):
    return build(make_user)


def rows_naming(name, user):
    model, field_name = personal_data.split(name)
    return model._default_manager.filter(**{field_name: user})


def exported(document, name):
    """The entries of the export that hold the rows of the user field ``name``."""
    label, user_field = personal_data.declarations()[name]
    return document["apps"][label][user_field.export]


# --- the declarations ---------------------------------------------------------------------------------------


def test_every_field_pointing_to_the_user_model_is_declared_once():
    declared = personal_data.declarations()  # raises on a field declared by two apps
    found = personal_data.user_fields()
    assert sorted(declared) == found, "declare these in their app's privacy.py: " + ", ".join(
        sorted(set(found) ^ set(declared))
    )
    for name, (_label, user_field) in declared.items():
        assert (user_field.export is None) != (not user_field.not_exported), f"{name}: exported, or why not"
        assert user_field.erase in (DELETE, KEEP), name
        if user_field.erase == KEEP:
            assert user_field.why_kept, f"{name}: why the rows stay"
        else:
            assert not user_field.cleared and not user_field.why_kept, name
        model, field_name = personal_data.split(name)
        for cleared in user_field.cleared:
            model._meta.get_field(cleared)  # a field of that model


def test_the_world_has_a_row_of_every_field_pointing_to_the_user_model(world):
    """Every declared field, exported or not, kept or deleted, has a row naming the player in the test's world,
    so that the export and the erasure below are checked on each (a new model needs its row in privacy_world)."""
    missing = [name for name in personal_data.declarations() if not rows_naming(name, world.alice).exists()]
    assert missing == [], "give the test's world (tests/accounts/privacy_world.py) a row of " + ", ".join(missing)


def test_the_fields_pointing_to_the_user_model_are_found_in_every_kind():
    found = personal_data.user_fields()
    assert "accounts.Profile.user" in found  # one-to-one
    assert "games.Game.invited" in found  # many-to-many
    assert "chat.Mute.muted" in found  # a second foreign key of one model
    assert "account.EmailAddress.user" in found  # a third-party app's


# --- the export ---------------------------------------------------------------------------------------------


def test_the_export_lists_every_row_about_the_user(world):
    document = services.export(world.alice)
    json.dumps(document)  # one JSON document as it is
    for name, (_label, user_field) in personal_data.declarations().items():
        rows = set(rows_naming(name, world.alice).values_list("pk", flat=True))
        if user_field.export is None:
            continue
        assert rows, f"the test's world has no row of {name}: give it one"
        listed = {entry[user_field.id_key] for entry in exported(document, name)}
        assert rows <= listed, f"{name}: rows {sorted(rows - listed)} are not in the export"


def test_the_export_s_fields(world):
    document = services.export(world.alice)["apps"]
    assert document["accounts"]["user"]["email"] == "alice.x7q@example.org"
    assert document["accounts"]["profile"][0]["display_name"] == "Queen Alicia"
    assert [e["email"] for e in document["accounts"]["email_addresses"]] == ["alice.x7q@example.org"]
    assert [t["name"] for t in document["accounts"]["api_tokens"]] == ["alice's laptop"]
    assert [m["text"] for m in document["chat"]["messages_written"]] == ["gg alice-chat-x7q"]
    assert [n["text"] for n in document["chat"]["notes"]] == ["plan: alice-note-x7q"]
    # Both sides of her conversation, the other player by their display name.
    assert [(m["from"], m["text"]) for m in document["conversations"]["messages"]] == [
        ("you", "hello alice-dm-x7q"), ("carol_x7q", "hello back")
    ]
    assert document["conversations"]["conversations"][0]["with"] == ["carol_x7q"]
    assert [f["player"] for f in document["relations"]["following"]] == ["bob_x7q"]
    assert [f["player"] for f in document["relations"]["followers"]] == ["carol_x7q"]
    assert [b["player"] for b in document["relations"]["blocked_players"]] == ["dave_x7q"]
    assert [p["endpoint"] for p in document["notifications"]["push_subscriptions"]] == [
        "https://push.example.net/alice-x7q"
    ]
    assert [r["comment"] for r in document["moderation"]["reports_made"]] == ["alice-report-x7q"]
    assert [r["scope"] for r in document["moderation"]["restrictions"]] == ["both"]
    assert document["conversations"]["email_choice"][0]["email"] == "digest"
    finished = next(g for g in document["games"]["games"] if g["game_id"] == world.finished.pk)
    assert verify(finished["record"]) == []  # the record verifies as published


def test_the_export_keeps_hidden_information_and_others_secrets_out(world):
    document = services.export(world.alice)
    text = json.dumps(document)
    for game in (world.active_three, world.active_two, world.tournament_game):
        game.refresh_from_db()
        assert game.seed not in text  # the seed of a game in progress
        entry = next(g for g in document["apps"]["games"]["games"] if g["game_id"] == game.pk)
        assert entry["game"]["seed"] is None and "record" not in entry
        # Exactly what the API gives her: her own seat's view, the log as her seat reads it.
        response = Client()
        response.force_login(world.alice)
        api = response.get(f"/api/v1/games/{game.pk}/").json()
        assert entry["game"]["view"] == api["view"]
        assert [e["text"] for e in entry["log"]] == [e["text"] for e in selectors.log_entries(game, world.alice)]
    # Other hands of the game in progress are not there: every card id in her view is hers to see.
    state = state_cache.load_state(world.active_three)
    seat = world.active_three.seats.get(user=world.alice).position
    assert json.dumps(rules_of(world.active_three).view(state, seat), sort_keys=True) == json.dumps(
        next(g for g in document["apps"]["games"]["games"] if g["game_id"] == world.active_three.pk)["game"]["view"],
        sort_keys=True,
    )
    token = ApiToken.objects.get(user=world.alice)
    assert world.raw_token not in text and token.digest not in text and token.session_hash not in text
    assert "p256dh" not in text and "k" * 86 not in text  # a push subscription's keys
    assert "withheld" not in text and "emailed" not in text  # would tell her of others' blocks
    assert "carol-report-x7q" not in text  # who reported her, and what they said
    assert not any(b["player"] == "bob_x7q" for b in document["apps"]["relations"]["blocked_players"])


def test_the_export_s_words_are_in_the_player_s_language_whoever_asks(world):
    from django.utils import translation

    profile = world.alice.profile
    profile.language = "de"
    profile.save()
    game = world.active_three  # five decisions in its log
    with translation.override("de"):
        expected = [e["text"] for e in selectors.log_entries(game, world.alice)]
    with translation.override("es"):  # a shell, or a request in another language
        document = services.export(world.alice)
    entry = next(g for g in document["apps"]["games"]["games"] if g["game_id"] == game.pk)
    assert len(expected) >= 5 and [e["text"] for e in entry["log"]] == expected
    with translation.override("en"):
        assert expected != [e["text"] for e in selectors.log_entries(game, world.alice)]


def test_the_api_and_the_settings_page_give_the_same_document(world, api_client_for):
    client = Client()
    client.force_login(world.alice)  # first: signing in writes last_login
    response = api_client_for(world.alice).get("/api/v1/me/export/")
    assert response.status_code == 200
    from_api = response.json()
    page = client.get("/settings/export/")
    assert page.status_code == 200
    assert page["Content-Disposition"].startswith("attachment;")
    from_page = json.loads(page.content)
    from_api.pop("exported_at"), from_page.pop("exported_at")
    # The API token's last use is written by the API request itself.
    for document in (from_api, from_page):
        for token in document["apps"]["accounts"]["api_tokens"]:
            token.pop("last_used_at")
    assert from_api == from_page
    assert Client().get("/api/v1/me/export/").status_code in (401, 403)
    assert Client().get("/settings/export/").status_code == 302  # to the sign-in


# --- the deletion -------------------------------------------------------------------------------------------


def _everything_as_text():
    """Every row of every model, as text (the games' log holds decisions only)."""
    chunks = []
    for model in apps.get_models(include_auto_created=True):
        if model is LogEntry:
            continue
        chunks.extend(str(row) for row in model._default_manager.values())
    return "\n".join(chunks)


def test_deleting_erases_or_anonymises_every_row_about_the_user(world):
    alice = world.alice
    services.delete_account(alice, "pw-not-secret-123")
    alice.refresh_from_db()
    for name, (_label, user_field) in personal_data.declarations().items():
        rows = rows_naming(name, alice)
        if user_field.erase == DELETE:
            assert not rows.exists(), f"{name}: rows still name the account"
        for cleared, value in user_field.cleared.items():
            assert set(rows.values_list(cleared, flat=True)) <= {value}, f"{name}.{cleared} not cleared"
    assert alice.username == f"deleted player {alice.pk}"
    assert (alice.email, alice.first_name, alice.last_name) == ("", "", "")
    assert not alice.has_usable_password() and not alice.is_active and alice.deleted_at is not None
    assert not alice.is_staff and not alice.user_permissions.exists()
    everything = _everything_as_text()
    for what, secret in world.secrets.items():
        assert secret not in everything, f"the {what} is still stored"


def test_games_in_progress_are_resigned_and_every_game_still_replays_and_verifies(world):
    alice = world.alice
    with TestCase.captureOnCommitCallbacks(execute=True):  # the server's bot takes her seat, as after a commit
        services.delete_account(alice, "pw-not-secret-123")
    for game in (world.active_three, world.active_two, world.tournament_game):
        game.refresh_from_db()
        position = game.seats.get(user=alice).position
        assert LogEntry.objects.filter(game=game, seat=position, decision__type="resign").count() == 1
    assert world.active_two.status == Game.Status.FINISHED  # two players: the other won
    assert world.active_three.status == Game.Status.ACTIVE  # three: the server's bot plays her seat
    assert world.active_three.to_move_user_id != alice.pk
    world.open_own.refresh_from_db()
    assert world.open_own.status == Game.Status.ABORTED  # she created it
    assert not world.open_by_link.seats.filter(user=alice).exists()
    entrant = Entrant.objects.get(tournament=world.tournament, user=alice)
    assert entrant.left_reason == Entrant.Left.WITHDREW
    call_command("replay_games")  # raises on any mismatch
    world.finished.refresh_from_db()
    record = build_record(world.finished)
    assert f"deleted player {alice.pk}" in record["players"]
    assert verify(record) == []
    assert verify(build_record(world.active_two)) == []


def test_what_others_read_where_she_wrote(world):
    services.delete_account(world.alice, "pw-not-secret-123")
    from social.chat.models import Message
    from social.conversations.models import DirectMessage

    assert list(Message.objects.filter(author=world.alice).values_list("text", flat=True)) == ["deleted"]
    assert list(DirectMessage.objects.filter(sender=world.alice).values_list("text", flat=True)) == ["deleted"]
    assert Message.objects.filter(author=world.bob, text="thanks").exists()  # the others' lines stay
    client = Client()
    client.force_login(world.bob)
    page = client.get(f"/players/deleted player {world.alice.pk}/")
    assert page.status_code == 410  # the page of a deleted player (tests/accounts/test_after_deletion.py)


def test_the_sessions_of_a_deleted_account_go_with_it(make_user):
    from django.contrib.auth import SESSION_KEY
    from django.contrib.sessions.models import Session

    alice, bob = make_user(), make_user()
    for user in (alice, alice, bob):  # alice signed in on two devices
        Client().force_login(user)

    def signed_in():
        return sorted(int(s.get_decoded()[SESSION_KEY]) for s in Session.objects.all())

    assert signed_in() == sorted([alice.pk, alice.pk, bob.pk])
    services.erase_account(alice)
    assert signed_in() == [bob.pk]


def test_a_wrong_password_deletes_nothing(world):
    before = _everything_as_text()
    with pytest.raises(InvalidRequest) as refused:
        services.delete_account(world.alice, "not her password")
    assert refused.value.code == "wrong_password"
    with pytest.raises(InvalidRequest):
        services.delete_account(world.alice, "")
    assert _everything_as_text() == before


def test_nothing_is_half_written_when_a_step_fails(world, monkeypatch):
    """A failure in the last app's erasure rolls back the resignations and every erasure before it."""
    before = _everything_as_text()
    analysis_privacy = dict(personal_data.modules())["analysis"]

    def fails(user):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(analysis_privacy, "erase", fails)  # a fault injected at the end of the line
    with pytest.raises(RuntimeError):
        services.delete_account(world.alice, "pw-not-secret-123")
    assert _everything_as_text() == before


def test_staff_and_suspended_accounts_and_a_second_deletion_are_refused(make_user):
    staff = make_user(is_staff=True)
    with pytest.raises(Forbidden) as refused:
        services.delete_account(staff, "pw-not-secret-123")
    assert refused.value.code == "staff_account"
    suspended = make_user(is_active=False)
    with pytest.raises(Forbidden):
        services.delete_account(suspended, "pw-not-secret-123")
    gone = make_user()
    services.erase_account(gone)
    with pytest.raises(Conflict):
        services.erase_account(gone)


def test_the_operator_erases_a_suspended_account(make_user):
    suspended = make_user(is_active=False)
    call_command("erase_account", suspended.username)
    suspended.refresh_from_db()
    assert suspended.username == f"deleted player {suspended.pk}" and suspended.deleted_at is not None


# --- the API and the settings page --------------------------------------------------------------------------


def test_the_api_deletes_with_the_password_and_refuses_without(world, api_client_for):
    client = api_client_for(world.alice)
    for body, code in (({"password": "wrong"}, "wrong_password"), ({}, "invalid"), ({"password": 7}, "invalid")):
        response = client.delete("/api/v1/me/", body, format="json")
        assert response.status_code == 400 and response.json()["error"] == code
    assert Game.objects.get(pk=world.active_two.pk).status == Game.Status.ACTIVE
    response = client.delete("/api/v1/me/", {"password": "pw-not-secret-123"}, format="json")
    assert response.status_code == 204
    assert client.get("/api/v1/games/").status_code == 401  # the token went with the account
    assert Client().get("/api/v1/games/", HTTP_AUTHORIZATION=f"Token {world.raw_token}").status_code == 401


def test_the_settings_page_deletes_with_the_password_and_signs_out(world):
    client = Client()
    client.force_login(world.alice)
    page = client.get("/settings/")
    assert b"Download my data" in page.content and b'action="/settings/delete/"' in page.content
    wrong = client.post("/settings/delete/", {"password": "wrong", "confirm": "on"})
    assert wrong.status_code == 400 and b"That is not your password" in wrong.content
    unconfirmed = client.post("/settings/delete/", {"password": "pw-not-secret-123"})
    assert unconfirmed.status_code == 400
    assert Game.objects.get(pk=world.active_two.pk).status == Game.Status.ACTIVE
    done = client.post("/settings/delete/", {"password": "pw-not-secret-123", "confirm": "on"})
    assert done.status_code == 302
    assert client.get("/settings/").status_code == 302  # signed out
    assert not client.login(username="alice_x7q", password="pw-not-secret-123")
