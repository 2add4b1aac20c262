"""Replay every stored game through the engine and report any whose replay fails or disagrees with
the game's denormalised fields. Run it after every engine change. Exit status 1 on any mismatch."""

from django.core.management.base import BaseCommand, CommandError

import engine
from games import cache as state_cache
from games.models import Game, LogEntry
from games.rules import rules_of


def check_game(game):
    """A list of problems (strings) with ``game``; empty when its log replays to its stored fields."""
    if game.status in (Game.Status.OPEN, Game.Status.ABORTED):
        # Never started (or cancelled before the start): there is nothing to replay, and must be nothing.
        entries = LogEntry.objects.filter(game_id=game.pk).count()
        return [f"{entries} log entries in a game that never started"] if entries or game.seq else []
    problems = []
    try:
        state = state_cache.replay(game, validate=True)  # every entry re-checked by the engine
        if not state == state_cache.replay(game):
            problems.append("the validated replay differs from the trusted replay the site uses")
    except engine.IllegalDecision as exc:
        return [f"replay refused {exc.message}"]
    except Exception as exc:  # any failure to replay is a finding, not a crash of the command
        return [f"replay failed: {type(exc).__name__}: {exc}"]
    rules = rules_of(game)
    pending = rules.pending_player(state)
    outcome = rules.outcome(state)
    expected = {
        "seq": (game.seq, state.seq),
        "turn": (game.turn, state.turn),
        "to_move_position": (game.to_move_position, pending),
        "scores": (list(game.scores or []), outcome["scores"]),
        "finished": (game.status == Game.Status.FINISHED, outcome["over"]),
        "ended_by": (game.ending(), outcome["ended_by"]),
    }
    for field, (stored, replayed) in expected.items():
        if stored != replayed:
            problems.append(f"{field}: stored {stored!r}, replay gives {replayed!r}")
    seats = {s.position: s for s in game.seats.all() if s.position is not None}
    if outcome["over"]:
        for position, place in enumerate(outcome["places"]):
            seat = seats.get(position)
            if seat is not None and seat.final_place != place:
                problems.append(f"seat {position} final place: stored {seat.final_place}, replay {place}")
    to_move = seats.get(pending)
    # Nobody is awaited by name while the server's bot plays the seat of a player who left the game.
    in_play = to_move is not None and not to_move.is_bot and rules.in_play(state, pending)
    expected_user = to_move.user_id if in_play else None
    if game.to_move_user_id != expected_user:
        problems.append(f"to_move_user: stored {game.to_move_user_id}, replay gives {expected_user}")
    cached = state_cache.cached(state_cache.state_key(game, game.seq))
    # Snapshots leave the log's events out (games/cache.py): compare the rest, and the last entry's events.
    if cached is not None and not cached.clone(with_events=False) == state.clone(with_events=False):
        problems.append(f"cached snapshot at seq {game.seq} differs from the replay")
    if game.seq:
        events = state_cache.cached(state_cache.events_key(game, game.seq))
        if events is not None and events != state.events[game.seq]:
            problems.append(f"cached events of entry {game.seq} differ from the replay")
    return problems


def _engines(slugs):
    """The engines the replayed games were played with: "engine 3" when all are one game's."""
    known = sorted(slug for slug in slugs if slug in engine.GAMES) or sorted(engine.GAMES)[:1]
    if len(known) == 1:
        return f"engine {engine.get(known[0]).ENGINE_VERSION}"
    return "engines " + ", ".join(f"{slug} {engine.get(slug).ENGINE_VERSION}" for slug in known)


class Command(BaseCommand):
    help = "Replay every game's log through the engine and report mismatches with the stored fields."

    def add_arguments(self, parser):
        parser.add_argument("game_ids", nargs="*", type=int, help="Only these games (default: all).")

    def handle(self, *args, game_ids=(), **options):
        games = Game.objects.all()
        if game_ids:
            games = games.filter(pk__in=game_ids)
        checked = bad = 0
        played = set()
        for game in games.order_by("pk").prefetch_related("seats").iterator(chunk_size=200):
            checked += 1
            played.add(game.game)
            problems = check_game(game)
            if problems:
                bad += 1
                self.stdout.write(self.style.ERROR(f"game {game.pk}: " + "; ".join(problems)))
        summary = f"replayed {checked} games with {_engines(played)}: {bad} mismatched"
        if bad:
            raise CommandError(summary)
        self.stdout.write(self.style.SUCCESS(summary))
