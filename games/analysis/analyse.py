"""A finished game's log, decision by decision, judged by the strong bot from the deciding seat's view.

``analyse(game_log, start, ...)`` replays the log under the game's rules and rules version and, for each
entry from ``start`` on, evaluates the position the seat decided in (``engine.search.evaluate``: the strong
bot's paired play-outs from samples of what that seat had seen, the game's ``sample``, and nothing else)
and records:

- ``before``: the win chance with the bot's preferred decision (the position's worth, played well);
- ``after``: the win chance with the decision actually taken;
- ``loss`` = before − after (``before`` is at least ``after``) and its ``mark`` (``MARKS``);
- ``best``: the bot's preferred decision, when it is not the one taken.

Entries with nothing to judge keep their place with ``kind``: ``forced`` (a single legal decision),
``undo`` (taking a decision back), ``outcome`` (resign, time_out, take_over). A decision later taken back
by an undo is marked ``taken_back``. Nothing here imports Django.
"""

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

from engine import search
from engine.leaving import LEAVING_TYPES

# How much win chance a decision may lose before it is marked (the first threshold it reaches, in order).
# Below the first it is "good". Chosen above the noise of a paired estimate at the default budget
# (docs/analysis.md, "Thresholds").
MARKS = ((0.20, "blunder"), (0.10, "mistake"), (0.05, "inaccuracy"))
GOOD = "good"
OUTCOMES = LEAVING_TYPES


def mark(loss):
    for threshold, name in MARKS:
        if loss >= threshold:
            return name
    return GOOD


@dataclass(frozen=True)
class GameLog:
    """What a replay needs: the game's rules (its module of ``engine.GAMES``), its shape and its stored log
    ``[(seat, decision, by), ...]``."""

    rules: ModuleType
    num_seats: int
    seed: str
    options: dict
    version: str
    log: list

    def new_state(self):
        return self.rules.new_game(self.num_seats, self.seed, self.options, version=self.version)


@dataclass(frozen=True)
class Budget:
    playouts: int  # play-outs per decision, over all its alternatives
    seconds: float | None  # CPU seconds per decision at most (None: play-outs only, deterministic)
    rollout_turns: int | None = None  # None: the search's horizon (a round and one turn)


def judge(rules, st, seat, decision, rng, budget, clock=time.process_time, context=None):
    """The record of ``seat`` taking ``decision`` in ``st`` (the state before it) of the game ``rules``.
    ``context(view)``: what the seat's own view said it was deciding, kept for the words (the game's
    presentation's ``decision_context``)."""
    legal = [o for o in rules.legal_decisions(st, seat) if o["type"] != "undo"]
    record = {"options": len(legal), "prompt": context(rules.view(st, seat)) if context is not None else {}}
    if len(legal) <= 1:
        return {**record, "kind": "forced"}
    deadline = None if budget.seconds is None else clock() + budget.seconds
    ev = search.evaluate(rules, st, seat, rng, budget.playouts, budget.rollout_turns, deadline, clock)
    played = ev.key(decision)
    after = ev.value(played)
    before = ev.value(ev.preferred)
    record.update(kind="evaluated", playouts=ev.playouts)
    if after is None or before is None:  # no sample allowed it (a search of a pile the seat never saw)
        return {**record, "kind": "unknown"}
    # The position's worth played well: the bot's choice, or the decision taken when that looked as good
    # (the search keeps its prior unless another is MARGIN better, so the two may differ by a little).
    before = max(before, after)
    loss = before - after
    record.update(before=round(before, 4), after=round(after, 4), loss=round(loss, 4), mark=mark(loss))
    if ev.preferred != played:
        record["best"] = ev.decision(ev.preferred)
    return record


def analyse(game_log, start=0, budget=Budget(48, 0.25), rng_seed="analysis", stop=None, clock=time.process_time,
            context: Callable | None = None):
    """Records for the entries ``start`` .. of ``game_log``, in order, until ``stop()`` says so (checked
    after each record). Each record's generator is seeded by ``rng_seed`` and the entry's index, so a
    run cut into pieces gives what one run would (the CPU cap aside). ``context``: as ``judge``'s. Returns
    ``(records, taken_back)``: ``taken_back`` lists the indices (0-based) of earlier decisions an undo in
    this stretch took back (an undo takes back the latest decision of the turn not taken back yet)."""
    rules = game_log.rules
    st = game_log.new_state()
    records, taken_back = [], []
    turn, turn_entries = st.turn, []  # the entries of this turn, to know what an undo takes back
    for index, (seat, decision, by) in enumerate((e[0], e[1], e[2] if len(e) > 2 else None) for e in game_log.log):
        if index >= start:
            if decision["type"] == "undo":
                record = {"kind": "undo", "options": None}
            elif decision["type"] in OUTCOMES:
                record = {"kind": "outcome", "options": None}
            else:
                rng = random.Random(f"{rng_seed}:{index}")
                record = judge(rules, st, seat, decision, rng, budget, clock, context)
            records.append(
                {"seq": index + 1, "seat": seat, "turn": st.turn, "by": by or "", "decision": decision, **record}
            )
        rules.apply(st, seat, decision, by=by)
        if st.turn != turn:
            turn, turn_entries = st.turn, []
        elif decision["type"] == "undo":
            if turn_entries:
                undone = turn_entries.pop()
                if index >= start:
                    taken_back.append(undone)
        else:
            turn_entries.append(index)
        if index >= start and stop is not None and stop():
            break
    return records, taken_back
