"""A game's table at any step, the log in words and each player's score over the turns, for any game.

Only the engine protocol (docs/engine-api.md) is used: ``new_game``, ``apply``, ``outcome``, ``view``,
``describe`` and ``pending_player`` of the game's rules module. Who sees what: a finished game shows
everything at every step (the seed included); a game in progress shows the table from the viewer's seat
(or a spectator's) up to the present, exactly as ``view`` would have shown it then, and the log in words
as ``describe`` redacts it now.
"""

import logging
from dataclasses import dataclass, field

from django.core.cache import cache
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from games.models import Game, LogEntry
from games.rules import options_of, rules_of

logger = logging.getLogger(__name__)
REPLAYABLE = (Game.Status.ACTIVE, Game.Status.FINISHED)


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


def revealed_view(rules, state):
    """Everything at this step, for a finished game (every hidden card, the seed), while whose decision
    is awaited stays that of the step."""
    return rules.view(state, rules.pending_player(state), reveal_all=True)


def step_view(rules, state, viewer, finished):
    """The table at one step as the viewer may see it."""
    if finished:
        return revealed_view(rules, state)
    return rules.view(state, viewer)


@dataclass
class Replay:
    """One pass over the log: the state at ``step``, the score of each seat at the end of every turn and
    the turn each step belongs to."""

    rules: object  # the game's rules module
    log: list
    step: int
    state: object  # the engine state after ``step`` decisions
    final: object  # the engine state after the whole (visible) log
    vp_by_turn: list = field(default_factory=list)  # [(turn, [score by seat]), ...] in turn order
    turn_of_step: list = field(default_factory=list)  # turn_of_step[k]: state.turn after k decisions

    @property
    def steps(self):
        return len(self.log)

    @property
    def over(self):
        """The visible log ends the game."""
        return self.rules.outcome(self.final)["over"]


def replay_log(rules, num_seats, seed, options, log, step=None, version=None):
    """Replay ``log`` once under rules ``version`` (trusted: every stored entry was validated when
    submitted); keep the state after ``step`` decisions (default: the last) and each seat's score at the
    end of every turn."""
    total = len(log)
    step = total if step is None else max(0, min(int(step), total))
    state = rules.new_game(num_seats, seed, options, version=version or rules.ENGINE_VERSION)
    at_step = state.clone() if step == 0 else None
    turn_of_step = [state.turn]
    points = {state.turn: list(rules.outcome(state)["scores"])}
    for k, entry in enumerate(log, start=1):
        seat, decision, by = rules.log_entry(entry)
        rules.apply(state, seat, decision, by=by, trusted=True)
        turn_of_step.append(state.turn)
        points[state.turn] = list(rules.outcome(state)["scores"])  # the last entry of a turn wins
        if k == step:
            at_step = state.clone()
    return Replay(
        rules=rules,
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
    return replay_log(rules_of(game), game.num_seats, game.seed, options_of(game), log, step,
                      version=game.engine_version)


def log_in_words(game, replay, viewer):
    """Every visible log entry in words, redacted for ``viewer`` (all shown once the game is over).

    A finished game's log reads the same for everyone and never changes: it is cached per language."""
    if not replay.over:
        return _log_in_words(game, replay, viewer)
    key = (
        f"history:log:{game.pk}:{game.seed_commitment[:16]}:{replay.rules.ENGINE_VERSION}:{get_language()}"
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
    names = game.names_by_seat()
    return [
        {
            "seq": seq,
            "seat": seat,
            "player": names[seat] if 0 <= seat < len(names) else "?",
            "turn": replay.turn_of_step[seq],
            "text": replay.rules.describe(replay.final, seq, viewer, names, gettext=_, ngettext=ngettext),
        }
        for seq, (seat, *_decision) in enumerate(replay.log, start=1)
    ]
