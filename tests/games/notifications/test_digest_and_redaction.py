"""Daily digests by time zone, and no hidden card in any email of a whole game (both CI passes)."""

import datetime
import random
import re
from html import unescape

import pytest
import time_machine

import engine
from accounts.models import profile_for
from games import cache as state_cache
from games.models import Game
from games.notifications import emails, outbox
from games.notifications.models import Notification
from tests.games.helpers import bodies, play_until_turn_changes, start_game

GUILDHALL = engine.get("guildhall")

pytestmark = pytest.mark.django_db

UTC = datetime.UTC
H = datetime.timedelta(hours=1)
T0 = datetime.datetime(2027, 1, 11, 12, 0, tzinfo=UTC)  # winter: Berlin is UTC+1, New York UTC-5


def _prefs(user, **fields):
    profile = profile_for(user)
    for name, value in fields.items():
        setattr(profile, name, value)
    profile.save()


def _waiting_for(game, user, commit, rng):
    for _i in range(20):
        game.refresh_from_db()
        if game.to_move_user == user:
            return game
        play_until_turn_changes(game, rng, commit=commit)
    raise AssertionError("never the user's turn")


def _relay_at(traveller, commit, when):
    traveller.move_to(when)
    with commit():
        return outbox.relay()


def test_digest_at_the_hour_of_each_time_zone_lists_waiting_games_oldest_first(make_user, commit, smtp_server):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    _prefs(alice, turn_email="digest", digest_hour=8, time_zone="Europe/Berlin")
    _prefs(bob, turn_email="digest", digest_hour=8, time_zone="America/New_York")
    rng = random.Random(5)
    with time_machine.travel(T0, tick=False) as traveller:
        older = _waiting_for(start_game(commit, [alice, carol]), alice, commit, rng)
        traveller.move_to(T0 + H)
        newer = _waiting_for(start_game(commit, [carol, alice]), alice, commit, rng)
        bob_game = _waiting_for(start_game(commit, [bob, carol]), bob, commit, rng)
        # Digest readers get no email per move.
        assert smtp_server.to(alice.email) == [] and smtp_server.to(bob.email) == []
        assert Notification.objects.filter(user=alice, kind="turn", status="held").count() >= 2
        assert list(Notification.objects.filter(kind="digest").order_by("due_at").values_list("user_id", "due_at")) == [
            (alice.pk, datetime.datetime(2027, 1, 12, 7, 0, tzinfo=UTC)),  # 08:00 in Berlin
            (bob.pk, datetime.datetime(2027, 1, 12, 13, 0, tzinfo=UTC)),  # 08:00 in New York
        ]

        _relay_at(traveller, commit, datetime.datetime(2027, 1, 12, 6, 59, tzinfo=UTC))
        assert smtp_server.to(alice.email) == []
        _relay_at(traveller, commit, datetime.datetime(2027, 1, 12, 7, 0, tzinfo=UTC))
        [digest] = smtp_server.to(alice.email)
        assert smtp_server.to(bob.email) == []
        text, html = bodies(digest)
        assert "2 games are waiting for you" in text
        first, second = text.index(f"Game {older.pk} "), text.index(f"Game {newer.pk} ")
        assert first < second, "the longest waiting game comes first"
        assert f"/games/{older.pk}/" in html and f"/games/{newer.pk}/" in html
        assert f"Game {bob_game.pk} " not in text
        assert "Europe/Berlin" in text
        assert not Notification.objects.filter(user=alice, status="held", game__in=[older, newer]).exists()

        _relay_at(traveller, commit, datetime.datetime(2027, 1, 12, 13, 0, tzinfo=UTC))
        [bob_digest] = smtp_server.to(bob.email)
        assert f"Game {bob_game.pk} " in bodies(bob_digest)[0]
        assert "America/New_York" in bodies(bob_digest)[0]
        assert len(smtp_server.to(alice.email)) == 1  # nothing twice

        # Alice moves in the older game; the next day's digest lists only what still waits.
        play_until_turn_changes(older, rng, commit=commit)
        _relay_at(traveller, commit, datetime.datetime(2027, 1, 13, 7, 0, tzinfo=UTC))
        assert len(smtp_server.to(alice.email)) == 2
        text = bodies(smtp_server.to(alice.email)[-1])[0]
        assert "1 game is waiting for you" in text
        assert f"Game {newer.pk} " in text and f"Game {older.pk} " not in text


def _private_sentences(state, seq, recipient, seats, names):
    """What entry ``seq`` says to the other seats and not to ``recipient`` (their hidden cards)."""
    mine = GUILDHALL.describe(state, seq, recipient, names)
    return {GUILDHALL.describe(state, seq, o, names) for o in seats if o != recipient} - {mine}


@pytest.mark.slow
def test_no_hidden_card_in_any_email_of_a_whole_game(make_user, commit, smtp_server):
    users = [make_user("alice"), make_user("bob"), make_user("carol")]
    rng = random.Random(11)
    game = start_game(commit, users)
    for _i in range(600):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        play_until_turn_changes(game, rng, commit=commit)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    # A state one entry before the end: nothing is revealed by the game being over.
    state = state_cache.replay(game, upto=game.seq - 1)
    assert state.phase != "over"
    names = emails.seat_names(game)
    seat_of = {u.email: game.seats.get(user=u).position for u in users}
    checked = private_seen = 0
    for rcpts, message in smtp_server.messages:
        [address] = rcpts
        seat = seat_of[address]
        text, html = bodies(message)
        html = unescape(html)  # compare words, not HTML entities (an apostrophe is &#x27;)
        if "is over" in str(message["Subject"]):
            continue
        for seq in range(1, state.seq + 1):
            for sentence in _private_sentences(state, seq, seat, range(game.num_seats), names):
                private_seen += 1
                assert sentence not in text and sentence not in html, (address, seq, sentence)
        for other, name in enumerate(names):
            if other != seat:
                assert not re.search(rf"\b{name} drew (?!\d)", text), (address, name)
        checked += 1
    assert checked > 10 and private_seen > 0
