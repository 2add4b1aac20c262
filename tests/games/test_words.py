"""Clear words everywhere: every page, every kind of email and the log of whole bot games, in English,
German and Spanish, name VP cards in words (never by an internal kind such as "VP4-StealCard") and use
real plural forms (never "card(s)", "Aktion(en)").

The games are played to the end through the service layer; the log is rendered for every seat and a
spectator from a state just before the end (where the redaction applies) and from the finished state.
"""

import random
import re
from datetime import timedelta

import pytest
from django.test import TestCase
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext

import engine
from accounts.models import Profile
from engine.guildhall.cards import VP_KINDS
from games import cache as state_cache
from games import selectors, services
from games.models import Game
from games.notifications import emails
from games.notifications.models import Notification
from tests.games.helpers import started_game

GUILDHALL = engine.get("guildhall")

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

LANGUAGES = ("en", "de", "es")
BRACKETED_PLURAL = re.compile(r"\w\((?:s|e|en|n|es)\)")
HIDDEN_PARTS = re.compile(r"<(script|style)\b.*?</\1>", re.S)
# Random tokens in attributes (the CSRF token htmx sends, the forms' hidden field) may spell "VP9" by chance.
RANDOM_TOKENS = re.compile("hx-headers='[^']*'|name=\"csrfmiddlewaretoken\" value=\"[^\"]*\"")


def check(text, where):
    visible = RANDOM_TOKENS.sub("", HIDDEN_PARTS.sub("", text))
    for kind in VP_KINDS:
        assert kind not in visible, f"{where}: internal VP identifier {kind}"
    assert not re.search(r"\bVP\d-", visible), f"{where}: internal VP identifier"
    found = BRACKETED_PLURAL.search(visible)
    assert not found, f"{where}: bracketed plural {found.group(0)!r}"


def play_to_the_end(game, kind="greedy", seed=0, every=None):
    rng = random.Random(seed)
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return game
        if every is not None:
            every(game)
        seat = game.seats.get(position=game.to_move_position)
        state = state_cache.load_state(game)
        decision = GUILDHALL.bots.choose(state, seat.position, kind=kind, rng=rng)
        with TestCase.captureOnCommitCallbacks(execute=True):
            services.submit_decision(game.pk, seat if seat.is_bot else seat.user, game.seq, decision)


def log_of(game):
    return [(e.seat, e.decision) for e in game.log.order_by("seq")]


def check_the_log(game, names):
    """Every entry for every viewer, in every language: from the state before the last decision (the
    game still running, so hidden cards are counted) and from the finished state."""
    log = log_of(game)
    running = GUILDHALL.replay(game.num_seats, game.seed, {'mode': game.mode}, log[:-1], version=game.engine_version)
    final = GUILDHALL.replay(game.num_seats, game.seed, {'mode': game.mode}, log, version=game.engine_version)
    assert not running.finished and final.finished
    for language in LANGUAGES:
        with translation.override(language):
            for viewer in [None, *range(game.num_seats)]:
                for seq in range(1, running.seq + 1):
                    text = GUILDHALL.describe(running, seq, viewer, names, gettext=gettext, ngettext=ngettext)
                    check(text, f"log {seq} for {viewer} in {language}")
            for seq in range(1, final.seq + 1):
                check(GUILDHALL.describe(final, seq, None, names, gettext=gettext, ngettext=ngettext),
                      f"final log {seq} in {language}")


@pytest.fixture
def games(make_user):
    """A finished printed game, a finished Yucata game (three players, one a bot), a game in progress
    and an open game; pages are fetched during play too."""
    ann, ben, cy = make_user("ann"), make_user("ben"), make_user("cy")
    pages_seen = []

    def visit_now_and_then(game):
        if game.seq % 60 == 7:
            pages_seen.append(game.seq)
            for user in (ann, ben, cy):
                fetch_pages([reverse("games:game", args=[game.pk]), reverse("games:table", args=[game.pk])], user)

    printed = play_to_the_end(started_game([ann, ben]), seed=1, every=visit_now_and_then)
    yucata = play_to_the_end(started_game([ann, cy], mode="yucata", bots=1), kind="random", seed=2,
                             every=visit_now_and_then)
    running = started_game([ben, cy])
    play_steps = random.Random(3)
    for _ in range(40):
        running.refresh_from_db()
        seat = running.seats.get(position=running.to_move_position)
        decision = GUILDHALL.bots.choose(state_cache.load_state(running), seat.position, kind="greedy", rng=play_steps)
        with TestCase.captureOnCommitCallbacks(execute=True):
            services.submit_decision(running.pk, seat.user, running.seq, decision)
    running.refresh_from_db()
    waiting = services.create_game(cy, seats=2)
    assert pages_seen
    return {"users": (ann, ben, cy), "finished": (printed, yucata), "running": running, "open": waiting}


def fetch_pages(urls, user, language="en"):
    from django.test import Client

    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
        user.profile.language = language
        user.profile.save()
    for url in urls:
        response = client.get(url, follow=True)
        assert response.status_code in (200, 404), (url, response.status_code)
        check(response.content.decode(), f"{url} in {language}")


def test_no_internal_name_and_no_bracketed_plural_anywhere(games):
    ann, ben, cy = games["users"]
    printed, yucata = games["finished"]
    running, waiting = games["running"], games["open"]

    # The log of whole games, for every viewer, in every language.
    for game in (printed, yucata):
        check_the_log(game, emails.seat_names(game))
        for user in (ann, ben, cy):  # and as the table's log shows it
            for entry in selectors.log_entries(game, user):
                check(entry["text"], f"log entry {entry['seq']}")

    # Every page, for a visitor and for players, in every language.
    public = [reverse("home"), reverse("guide:how-to-play"), reverse("guide:cards", args=["guildhall"]),
              reverse("api-docs"),
              reverse("account_login"), reverse("account_signup"), reverse("history"),
              reverse("history-player", args=["ann"]), reverse("public_profile", args=["ann"]),
              "/no-such-page/"]
    mine = [reverse("games:mine"), reverse("games:open"), reverse("games:create"), reverse("games:next"),
            reverse("profile_settings"), reverse("clock:vacation")]
    per_game = []
    for game in (printed, yucata, running, waiting):
        per_game += [reverse("games:game", args=[game.pk]), reverse("games:game", args=[game.pk]) + "?log=all"]
    for game in (printed, yucata, running):
        per_game.append(reverse("games:table", args=[game.pk]))
        steps = game.seq
        for step in (0, 1, steps // 3, steps // 2, steps - 1, steps):
            per_game.append(reverse("game-replay", args=[game.pk]) + f"?step={step}")
    for language in LANGUAGES:
        fetch_pages(public, None, language)
        fetch_pages(public + mine + per_game, ann, language)  # ann plays in every game
        for user in (ben, cy):  # the others' own views of the games
            fetch_pages([url for url in per_game if "replay" not in url], user, language)

    # Every kind of email, in every language.
    now = timezone.now()
    running.refresh_from_db()
    to_move = running.to_move_user
    kinds = [Notification.Kind.TURN, Notification.Kind.REMINDER_1, Notification.Kind.REMINDER_2,
             Notification.Kind.REMINDER_3, Notification.Kind.TIMEOUT, Notification.Kind.TAKEN_OVER]
    built = 0
    for language in LANGUAGES:
        for user in (ann, ben, cy):
            user.profile.language = language
            user.profile.save()
        for kind in kinds:
            n = Notification(game=running, turn=running.turn, seq=running.seq, user=to_move, kind=kind,
                             due_at=now, data={"count": 2})
            message = emails.build_message(n, now + timedelta(hours=1))
            assert message is not None, kind
            check(message.subject + message.body + message.alternatives[0][0], f"{kind} email in {language}")
            built += 1
        for game in (printed, yucata):
            for user in (ann, cy):
                n = Notification(game=game, turn=game.turn, seq=game.seq, user=user, kind=Notification.Kind.RESULTS,
                                 due_at=now)
                message = emails.build_message(n, now)
                if message is not None:
                    check(message.subject + message.body + message.alternatives[0][0], f"results in {language}")
                    built += 1
        digest = Notification(user=to_move, kind=Notification.Kind.DIGEST, due_at=now, digest_date=now.date())
        # A digest goes to whoever wants digests when it is sent (the turn emails above to whoever does not).
        Profile.objects.filter(user=to_move).update(turn_email="digest")
        message = emails.build_message(digest, now)
        Profile.objects.filter(user=to_move).update(turn_email="immediate")
        assert message is not None
        check(message.subject + message.body + message.alternatives[0][0], f"digest in {language}")
        built += 1
    assert built >= 3 * (len(kinds) + 2)


def test_the_check_finds_what_it_looks_for():
    for bad in ("alice bought VP4-StealCard.", "alice drew 2 card(s).", "noch 2 Aktion(en)", "costs VP9"):
        with pytest.raises(AssertionError):
            check(bad, "sample")
    check("alice bought the VP card Steal a card · 4 VP (5 VP).", "sample")
