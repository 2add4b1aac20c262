"""A game's table at any step, the log in words and each player's VP over the turns.

Who sees what: a finished game shows everything at every step (the seed included); a game in progress
shows the table from the viewer's seat (or a spectator's) up to the present, exactly as
``engine.view`` would have shown it then, and the log in words as ``engine.describe`` redacts it now.
"""

import logging
from dataclasses import dataclass, field

from django.core.cache import cache
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

import engine
from games.models import Game, LogEntry

logger = logging.getLogger(__name__)
REPLAYABLE = (Game.Status.ACTIVE, Game.Status.FINISHED)


def names_by_seat(game):
    """Display names by engine seat ("?" for a seat without a player, which a started game never has)."""
    seats = {s.position: s for s in game.seats.all() if s.position is not None}
    return [seats[p].display_name if p in seats else "?" for p in range(game.num_seats)]


def viewer_seat(game, user):
    """The engine seat of ``user`` in ``game``, or None (a spectator)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return next((s.position for s in game.seats.all() if s.user_id == user.pk), None)


def stored_log(game):
    """The decisions of ``game`` up to ``game.seq`` as ``[(seat, decision, by), ...]``.

    Entries past ``game.seq`` (appended after the row was read) are left out, so the log and the row
    describe the same moment."""
    return LogEntry.objects.for_engine(game.pk, game.seq)


def revealed_view(state):
    """Everything at this step, for a finished game: every hand, the deck, the discard pile, completed
    chapters, the seed; while ``phase``, ``pending`` and ``actions`` stay those of the step."""
    return engine.view(state, engine.pending_player(state), reveal_all=True)


def step_view(state, viewer, finished):
    """The table at one step as the viewer may see it."""
    if finished:
        return revealed_view(state)
    return engine.view(state, viewer)


@dataclass
class Replay:
    """One pass over the log: the state at ``step``, the VP of each seat at the end of every turn and
    the turn each step belongs to."""

    log: list
    step: int
    state: object  # the engine state after ``step`` decisions
    final: object  # the engine state after the whole (visible) log
    vp_by_turn: list = field(default_factory=list)  # [(turn, [vp by seat]), ...] in turn order
    turn_of_step: list = field(default_factory=list)  # turn_of_step[k]: state.turn after k decisions

    @property
    def steps(self):
        return len(self.log)


def replay_log(num_seats, seed, mode, log, step=None, version=engine.ENGINE_VERSION):
    """Replay ``log`` once under rules ``version`` (trusted: every stored entry was validated when
    submitted); keep the state after ``step`` decisions (default: the last) and each seat's VP at the
    end of every turn."""
    total = len(log)
    step = total if step is None else max(0, min(int(step), total))
    state = engine.new_game(num_seats, seed, mode, version=version)
    at_step = state.clone() if step == 0 else None
    turn_of_step = [state.turn]
    points = {state.turn: [state.vp(s) for s in range(num_seats)]}
    for k, entry in enumerate(log, start=1):
        seat, decision, by = engine.log_entry(entry)
        engine.apply(state, seat, decision, trusted=True, by=by)
        turn_of_step.append(state.turn)
        points[state.turn] = [state.vp(s) for s in range(num_seats)]  # the last entry of a turn wins
        if k == step:
            at_step = state.clone()
    return Replay(
        log=log,
        step=step,
        state=at_step,
        final=state,
        vp_by_turn=sorted(points.items()),
        turn_of_step=turn_of_step,
    )


def build(game, step=None, log=None):
    """``replay_log`` of ``game``'s stored log (up to ``game.seq``)."""
    log = stored_log(game) if log is None else log
    return replay_log(game.num_seats, game.seed, game.mode, log, step, version=game.engine_version)


def log_in_words(game, replay, viewer):
    """Every visible log entry in words, redacted for ``viewer`` (all shown once the game is over).

    A finished game's log reads the same for everyone and never changes: it is cached per language."""
    if not replay.final.finished:
        return _log_in_words(game, replay, viewer)
    key = (
        f"history:log:{game.pk}:{game.seed_commitment[:16]}:{engine.ENGINE_VERSION}:{get_language()}"
        f":{len(replay.log)}"
    )
    try:
        entries = cache.get(key)
    except Exception:  # the cache is an optimisation only
        logger.warning("history log cache unreachable", exc_info=True)
        entries = None
    if entries is None:
        entries = _log_in_words(game, replay, None)
        try:
            cache.set(key, entries, timeout=30 * 24 * 3600)
        except Exception:
            logger.warning("history log cache unreachable", exc_info=True)
    return entries


def _log_in_words(game, replay, viewer):
    names = names_by_seat(game)
    return [
        {
            "seq": seq,
            "seat": seat,
            "player": names[seat] if 0 <= seat < len(names) else "?",
            "turn": replay.turn_of_step[seq],
            "text": engine.describe(replay.final, seq, viewer, names, gettext=_, ngettext=ngettext),
        }
        for seq, (seat, *_decision) in enumerate(replay.log, start=1)
    ]
