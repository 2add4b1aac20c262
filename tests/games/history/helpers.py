"""Games for the history tests, played through the real service layer (no shortcuts into the tables)."""

import random
import re

import engine
from games import cache as state_cache
from games import services
from games.models import Game, LogEntry
from tests.games.helpers import pending_seat, started_game

GUILDHALL = engine.get("guildhall")


def play_through(game, moves=None, kind="greedy", seed=0):
    """Let whoever is to move decide (``kind`` bot choices) until the game is over or ``moves`` were made."""
    rng = random.Random(seed)
    made = 0
    while moves is None or made < moves:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat = pending_seat(game)
        state = state_cache.load_state(game)
        decision = GUILDHALL.bots.choose(state, seat.position, kind=kind, rng=rng)
        actor = seat if seat.is_bot else seat.user
        services.submit_decision(game.pk, actor, game.seq, decision)
        made += 1
    game.refresh_from_db()
    return game


def finished_game(users, kind="greedy", seed=0, mode="printed"):
    game = started_game(users, mode=mode)
    game = play_through(game, kind=kind, seed=seed)
    assert game.status == Game.Status.FINISHED
    return game


def stored_log(game):
    return [(e.seat, e.decision) for e in LogEntry.objects.filter(game=game).order_by("seq")]


def golden_records():
    import pathlib

    folder = pathlib.Path(__file__).resolve().parents[2] / "engine" / "guildhall" / "golden"
    return sorted(folder.glob("*.json"))


def load_golden(path):
    import json

    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def game_from_record(users, record):
    """A game with the record's seed, mode and rules version, its decisions submitted one by one through
    services.submit_decision (validated, denormalised, hooks run) by whoever holds each seat: a game
    stored under an older rules version goes on under that version."""
    game = started_game(users, mode=record["mode"])
    # The only liberty taken: the seed and the rules version are the record's (set before the first
    # decision; the state cache is keyed by the seed commitment, so nothing of the old seed is read back).
    Game.objects.filter(pk=game.pk).update(
        seed=record["seed"], seed_commitment=engine.seed_commitment(record["seed"]),
        engine_version=record["engine_version"],
    )
    game.refresh_from_db()
    seats = {s.position: s for s in game.seats.select_related("user")}
    for seq, (seat, decision) in enumerate(record["decisions"]):
        holder = seats[seat]
        services.submit_decision(game.pk, holder if holder.is_bot else holder.user, seq, decision)
    game.refresh_from_db()
    return game


# --- reading the rendered pages -------------------------------------------------------------------------
CARD_ID = re.compile(r'data-card-id="(\d+)"')
SEAT_SECTION = re.compile(r'<section class="h-seat[^"]*" data-seat="(\d+)"(.*?)</section>', re.S)
HAND_ZONE = re.compile(r'Hand:</span>(.*?)</div>', re.S)
CHART_POINT = re.compile(r'<(?:circle|rect|polygon) [^>]*class="point" data-turn="(\d+)" data-vp="(\d+)"')
SERIES = re.compile(r'<g class="series" data-seat="(\d+)"[^>]*>(.*?)</g>', re.S)


def card_ids(html):
    return {int(i) for i in CARD_ID.findall(html)}


def hands_shown(html):
    """{seat: set of card ids shown in that seat's hand, or None when the hand is hidden}"""
    hands = {}
    for seat, body in SEAT_SECTION.findall(html):
        zone = HAND_ZONE.search(body).group(1)
        ids = card_ids(zone)
        hands[int(seat)] = ids if ids or "hidden card" not in zone else None
    return hands


def chart_points(html):
    """{seat: {turn: vp}} read from the SVG."""
    return {
        int(seat): {int(t): int(vp) for t, vp in CHART_POINT.findall(body)} for seat, body in SERIES.findall(html)
    }
