"""The verifiable record of a finished game, and its verification, for any game of the engine.

A record is everything needed to audit a game without trusting the server: which game (``rules``), its
rules version and options, the players by seat, the seed and its commitment (published when the game was
created), every decision in order, and the result. ``verify`` replays it through that game's rules
(the protocol's ``new_game``, ``apply`` and ``outcome``), validating every decision, and lists every
difference; an empty list means the record is consistent.
"""

import hashlib

from django.utils.translation import gettext as _

import engine
from games.exceptions import Conflict
from games.models import DEFAULT_GAME, Game
from games.rules import options_of, rules_of

from .replay import stored_log

# 2: an entry the server made for a seat is [seat, decision, by] ("timeout", "bot"), others [seat, decision];
# the result says how the game ended. 3: the game's rules (``rules``, its slug) and ``options``; how it
# ended in the protocol's words ("rules" where format 2 said "vp").
RECORD_FORMAT = 3


def build_record(game):
    """The record of a finished ``game`` (Conflict, without the seed, for any other game)."""
    if game.status != Game.Status.FINISHED:
        raise Conflict(
            _("The record of a game is published when the game is over; its seed stays secret until then."),
            code="not_finished",
        )
    log = stored_log(game)
    rules, options = rules_of(game), options_of(game)
    state = rules.replay(game.num_seats, game.seed, options, log, version=game.engine_version)
    result = rules.outcome(state)
    if not result["over"]:  # the row says finished but the log does not end the game: publish nothing
        raise Conflict(_("This game's log does not end the game; it cannot be published."), code="inconsistent")
    return {
        "format": RECORD_FORMAT,
        "game": game.pk,
        "rules": rules.NAME,
        "engine_version": game.engine_version,
        "options": options,
        "mode": game.mode,
        "players": game.names_by_seat(),
        "seed": game.seed,
        "seed_commitment": game.seed_commitment,
        "decisions": [[seat, decision] if by is None else [seat, decision, by] for seat, decision, by in log],
        "placings": list(result["places"]),
        "final_vp": list(result["scores"]),
        "winner": _winner(result),
        "ended_by": result["ended_by"],
        "started_at": game.started_at.isoformat() if game.started_at else None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
    }


def _winner(result):
    """The winner's seat, or None when first place is shared."""
    return result["winners"][0] if len(result["winners"]) == 1 else None


REQUIRED = ("engine_version", "players", "seed", "seed_commitment", "decisions", "placings", "final_vp")
# How format 2 said the rules' own end.
FORMAT_2_ENDINGS = {"vp": "rules"}


def _rules_and_options(record):
    """(rules module, options) the record names, or (None, a problem)."""
    slug = record.get("rules", DEFAULT_GAME)  # a record of format 2 or earlier: the site's first game
    try:
        rules = rules_of(slug)
    except engine.UnknownGame:
        return None, _("rules: this engine plays no game %(rules)r") % {"rules": slug}
    if "options" in record:
        return rules, record["options"]
    if "mode" in record:
        return rules, {"mode": record["mode"]}
    return None, _("missing fields: %(fields)s") % {"fields": "options"}


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
    rules, options = _rules_and_options(record)
    if rules is None:
        return [*problems, options]
    version = record["engine_version"]
    if version not in rules.VERSIONS:
        return [
            *problems,
            _("engine_version: the record was played under rules %(recorded)r, this engine knows %(ours)s")
            % {"recorded": version, "ours": ", ".join(repr(v) for v in rules.VERSIONS)},
        ]
    players = record["players"]
    if not isinstance(players, list):
        return [*problems, _("players: not a list")]
    try:
        state = rules.new_game(len(players), seed, options, version=version)
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
            rules.apply(state, seat, decision, by=by)  # validated: a tampered log is refused here
        except engine.IllegalDecision as exc:
            return [
                *problems,
                _("decision %(number)d (seat %(seat)s, %(decision)s) is not legal: %(error)s")
                % {"number": number, "seat": seat, "decision": decision, "error": exc},
            ]
    return [*problems, *_compare(record, rules.outcome(state), len(decisions))]


def _compare(record, result, count):
    """The differences between the record's result and the replay's ``result`` (the protocol's outcome)."""
    if not result["over"]:
        return [_("the game is not over after %(count)d decisions") % {"count": count}]
    problems = []
    placings = list(result["places"])
    if record["placings"] != placings:
        problems.append(
            _("placings: the replay gives %(replayed)s, the record says %(recorded)s")
            % {"replayed": placings, "recorded": record["placings"]}
        )
    final_vp = list(result["scores"])
    if record["final_vp"] != final_vp:
        problems.append(
            _("final_vp: the replay gives %(replayed)s, the record says %(recorded)s")
            % {"replayed": final_vp, "recorded": record["final_vp"]}
        )
    ended_by = record.get("ended_by")
    if record.get("format", 1) < 3:
        ended_by = FORMAT_2_ENDINGS.get(ended_by, ended_by)
    if "ended_by" in record and ended_by != result["ended_by"]:
        problems.append(
            _("ended_by: the replay gives %(replayed)s, the record says %(recorded)s")
            % {"replayed": result["ended_by"], "recorded": record["ended_by"]}
        )
    if "winner" in record and record["winner"] != _winner(result):
        problems.append(
            _("winner: the replay gives seat %(replayed)s, the record says %(recorded)s")
            % {"replayed": _winner(result), "recorded": record["winner"]}
        )
    return problems
