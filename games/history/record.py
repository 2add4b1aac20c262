"""The verifiable record of a finished game, and its verification.

A record is everything needed to audit a game without trusting the server: the engine version and mode,
the players by seat, the seed and its commitment (published when the game was created), every decision
in order, and the result. ``verify`` replays it through the engine, validating every decision, and
lists every difference; an empty list means the record is consistent.
"""

import hashlib

from django.utils.translation import gettext as _

import engine
from games.exceptions import Conflict
from games.models import Game

from .replay import names_by_seat, stored_log

# 2: an entry the server made for a seat is [seat, decision, by] ("timeout", "bot"), others [seat, decision];
# the result says how the game ended.
RECORD_FORMAT = 2


def build_record(game):
    """The record of a finished ``game`` (Conflict, without the seed, for any other game)."""
    if game.status != Game.Status.FINISHED:
        raise Conflict(
            _("The record of a game is published when the game is over; its seed stays secret until then."),
            code="not_finished",
        )
    log = stored_log(game)
    state = engine.replay(game.num_seats, game.seed, game.mode, log, version=game.engine_version)
    if not state.finished:  # the row says finished but the log does not end the game: publish nothing
        raise Conflict(_("This game's log does not end the game; it cannot be published."), code="inconsistent")
    return {
        "format": RECORD_FORMAT,
        "game": game.pk,
        "engine_version": game.engine_version,
        "mode": game.mode,
        "players": names_by_seat(game),
        "seed": game.seed,
        "seed_commitment": game.seed_commitment,
        "decisions": [[seat, decision] if by is None else [seat, decision, by] for seat, decision, by in log],
        "placings": list(state.placings),
        "final_vp": [state.vp(seat) for seat in range(game.num_seats)],
        "winner": state.winner,
        "ended_by": state.ended_by,
        "started_at": game.started_at.isoformat() if game.started_at else None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
    }


REQUIRED = ("engine_version", "mode", "players", "seed", "seed_commitment", "decisions", "placings", "final_vp")


def verify(record):
    """Replay ``record`` through the engine; returns a list of problems (empty: the record checks out)."""
    if not isinstance(record, dict):
        return [_("the record is not a JSON object")]
    missing = [key for key in REQUIRED if key not in record]
    if missing:
        return [_("missing fields: %(fields)s") % {"fields": ", ".join(missing)}]
    problems = []
    seed = record["seed"]
    if not isinstance(seed, str) or not seed:
        return [_("seed: not a non-empty string")]
    commitment = hashlib.sha256(seed.encode()).hexdigest()
    if commitment != record["seed_commitment"]:
        problems.append(
            _("seed_commitment: sha256(seed) is %(actual)s, the record says %(recorded)s")
            % {"actual": commitment, "recorded": record["seed_commitment"]}
        )
    version = record["engine_version"]
    if version not in engine.VERSIONS:
        return [
            *problems,
            _("engine_version: the record was played under rules %(recorded)r, this engine knows %(ours)s")
            % {"recorded": version, "ours": ", ".join(repr(v) for v in engine.VERSIONS)},
        ]
    players = record["players"]
    if not isinstance(players, list):
        return [*problems, _("players: not a list")]
    try:
        state = engine.new_game(len(players), seed, record["mode"], version=version)
    except ValueError as exc:
        return [*problems, _("cannot set up the game: %(error)s") % {"error": exc}]
    decisions = record["decisions"]
    if not isinstance(decisions, list):
        return [*problems, _("decisions: not a list")]
    for number, entry in enumerate(decisions, start=1):
        if not (isinstance(entry, list | tuple) and len(entry) in (2, 3) and isinstance(entry[0], int)):
            return [*problems, _("decision %(number)d: not a [seat, decision] or [seat, decision, by] entry")
                    % {"number": number}]
        seat, decision = entry[0], entry[1]
        by = entry[2] if len(entry) == 3 else None
        try:
            engine.apply(state, seat, decision, by=by)  # validated: a tampered log is refused here
        except engine.IllegalDecision as exc:
            return [
                *problems,
                _("decision %(number)d (seat %(seat)s, %(decision)s) is not legal: %(error)s")
                % {"number": number, "seat": seat, "decision": decision, "error": exc},
            ]
    if not state.finished:
        return [*problems, _("the game is not over after %(count)d decisions") % {"count": len(decisions)}]
    placings = list(state.placings)
    if record["placings"] != placings:
        problems.append(
            _("placings: the replay gives %(replayed)s, the record says %(recorded)s")
            % {"replayed": placings, "recorded": record["placings"]}
        )
    final_vp = [state.vp(seat) for seat in range(len(players))]
    if record["final_vp"] != final_vp:
        problems.append(
            _("final_vp: the replay gives %(replayed)s, the record says %(recorded)s")
            % {"replayed": final_vp, "recorded": record["final_vp"]}
        )
    if "ended_by" in record and record["ended_by"] != state.ended_by:
        problems.append(
            _("ended_by: the replay gives %(replayed)s, the record says %(recorded)s")
            % {"replayed": state.ended_by, "recorded": record["ended_by"]}
        )
    if "winner" in record and record["winner"] != state.winner:
        problems.append(
            _("winner: the replay gives seat %(replayed)s, the record says %(recorded)s")
            % {"replayed": state.winner, "recorded": record["winner"]}
        )
    return problems
