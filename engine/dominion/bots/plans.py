"""The strong bot's plan for a kingdom: a scripted strategy chosen from the kingdom alone, by simulation.

The family is that of engine/dominion/bots/strategy.py: Big Money's greening rules with their thresholds,
plus up to ``MAX_CARDS`` kingdom cards, each bought at a $ range while holding fewer than n copies. The
choice is a local search (``optimise``): start from the best BM-X candidates of the kingdom
(engine/dominion/bots/bmx.py) and move to the best neighbour (a card added, removed or moved, its range or
copies changed, a threshold changed) while one is better, judging a strategy by its share of the win
against the two reference opponents, Big Money Ultimate (``bigmoney``) and the kingdom's BM-best
(``bigmoney_x``), ``GAMES`` games against each with seats alternating, every candidate on the same seeds
(so that differences are not luck). It climbs from several starts (BM-X candidates, pairs and triples of
the kingdom's leading cards); the climbs' ends are judged again on seeds of their own (``select_games``),
and the winner is measured once more on fresh seeds (``final_games``).

The plan depends on the kingdom only (its cards, the edition, whether Baker is in it: D-SETUP-5), never
on a game in progress, so it reads no hidden information. Between two strategies only the kingdom cards
they buy play a part (a strategy gains nothing else: strategy.py), so a result is shared by every kingdom
holding those cards with the same Baker setting; the search of a kingdom reuses the results of earlier
ones (``Memo``).

The table ``tables/strong.json`` (committed) holds the plans of the benchmark's kingdoms with the figures
behind them; a kingdom not in it is planned on first use with the smaller ``FIRST_USE`` budget, starting
also from the table's plans whose cards it holds (``known_plans``), and kept for the process.
``python -m engine.dominion.bots.plans`` fills the table (docs/bots.md, "Dominion", says what it cost).
"""

import argparse
import itertools
import json
import os
import sys
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..cards import GUILDS
from . import bmx
from .simulate import duel
from .strategy import Strategy, butcher_gold_at, describe, normalise_spec

TABLE = Path(__file__).with_name("tables") / "strong.json"
MAX_CARDS = 3
MAX_COPIES = 3
# The $ ranges a card may be bought at (the first is where a card is added).
RANGES = {
    "Candlestick Maker": [(2, 2), (2, 3), (2, 4)],
    "Stonemason": [(2, 2), (2, 3)],
    "Doctor": [(3, 3), (3, 4)],
    "Masterpiece": [(6, 7), (5, 7), (4, 7)],
    "Advisor": [(4, 4), (4, 5)],
    "Plaza": [(4, 4), (4, 5), (3, 4)],
    "Taxman": [(4, 4), (4, 5)],
    "Herald": [(4, 4), (4, 5)],
    "Baker": [(5, 5), (5, 7), (5, 6)],
    "Butcher": [(5, 5), (5, 7), (5, 6)],
    "Journeyman": [(5, 5), (5, 7), (5, 6)],
    "Merchant Guild": [(5, 5), (5, 7), (5, 6)],
    "Soothsayer": [(5, 5), (5, 7), (5, 6)],
}
THRESHOLDS = {"province_money": (15, 19), "duchy_at": (3, 6), "estate_at": (1, 3), "late_duchy_at": (4, 8)}
TOKEN_FLOORS = (0, 6, 8)


@dataclass(frozen=True)
class Budget:
    screen_games: int  # games against each reference opponent for every neighbour
    keep: int  # the best neighbours of the screen judged again on more games
    games: int  # games against each reference opponent for those
    steps: int  # moves of the local search at most
    starts: int  # the best BM-X candidates, and pairs of the best cards, it may start from
    climbs: int  # local searches, from the best starts on the screen
    final_games: int  # games against each opponent to measure the winner on fresh seeds
    select_games: int = 0  # games against each opponent, on seeds of their own, to choose among the climbs' ends
    known_starts: bool = False  # start also from the table's plans whose cards the kingdom holds (``known_plans``)


FULL = Budget(screen_games=60, keep=4, games=240, steps=6, starts=4, climbs=4, final_games=600, select_games=1000)
FIRST_USE = Budget(
    screen_games=30, keep=2, games=100, steps=3, starts=2, climbs=1, final_games=0, known_starts=True
)
BUTCHER_GOLD_AT = (1, 8)  # the range of butcher_gold_at (Provinces left) for a plan buying Butcher


def first_rule(card):
    """The rule a card is added with: its first range, one copy."""
    low, high = RANGES[card][0]
    return {"card": card, "from": low, "to": high, "below": 1, "overpay": "max" if card == "Masterpiece" else 0}


def spec_key(spec):
    return json.dumps(normalise_spec(spec), sort_keys=True, separators=(",", ":"))


def cards_of(spec):
    return {r["card"] for r in spec["cards"]}


def trial_kingdom(cards, baker):
    """A kingdom holding ``cards``, and Baker exactly when ``baker`` (the rest plays no part)."""
    chosen = sorted(set(cards) | ({"Baker"} if baker else set()), key=GUILDS.index)
    if not baker and "Baker" in chosen:
        raise ValueError("a strategy buying Baker needs Baker in the kingdom")
    for other in GUILDS:
        if len(chosen) == 10:
            break
        if other not in chosen and other != "Baker":
            chosen.append(other)
    return chosen


class Memo:
    """Results of ``duel`` keyed by both strategies, the Baker setting, the edition, games and seed. Only a
    cache: a plan is the same with or without it. ``path``: a JSON file it is read from and saved to."""

    def __init__(self, path=None):
        self.path = path
        self.results = {}
        self.games_played = 0
        if path is not None and Path(path).exists():
            with open(path, encoding="utf-8") as handle:
                self.results = json.load(handle)

    def score(self, spec, opponent, baker, edition, games, seed):
        key = json.dumps([spec_key(spec), opponent_key(opponent), baker, edition, games, seed])
        found = self.results.get(key)
        if found is None:
            kingdom = trial_kingdom(cards_of(normalise_spec(spec)) | opponent_cards(opponent), baker)
            found = duel(Strategy(spec), opponent_policy(opponent), kingdom, games, f"plan|{seed}", edition=edition)
            self.results[key] = found
            self.games_played += games
        return found

    def save(self):
        if self.path is not None:
            with open(self.path, "w", encoding="utf-8") as handle:
                json.dump(self.results, handle)


def opponent_key(opponent):
    return "bigmoney" if opponent == "bigmoney" else spec_key(opponent)


def opponent_cards(opponent):
    return set() if opponent == "bigmoney" else cards_of(normalise_spec(opponent))


def opponent_policy(opponent):
    return bmx.BMU if opponent == "bigmoney" else Strategy(opponent)


def neighbours(spec, kingdom):
    """Every strategy one move away within ``kingdom``."""
    spec = normalise_spec(spec)
    rules = spec["cards"]
    out = []

    def with_rules(new):
        out.append({**spec, "cards": new})

    used = [r["card"] for r in rules]
    if len(set(used)) < MAX_CARDS:
        for card in kingdom:
            if card in used:
                continue
            low, high = RANGES[card][0]
            rule = {"card": card, "from": low, "to": high, "below": 1, "overpay": "max" if card == "Masterpiece" else 0}
            with_rules(rules + [rule])
            if rules and low >= 5:
                with_rules([rule] + rules)
    for index, rule in enumerate(rules):
        rest = rules[:index] + rules[index + 1:]
        with_rules(rest)
        for below in (rule["below"] - 1, rule["below"] + 1):
            if 1 <= below <= MAX_COPIES:
                with_rules(rest[:index] + [{**rule, "below": below}] + rest[index:])
        for low, high in RANGES[rule["card"]]:
            if (low, high) != (rule["from"], rule["to"]):
                with_rules(rest[:index] + [{**rule, "from": low, "to": high}] + rest[index:])
        if index:
            swapped = rules[:]
            swapped[index - 1], swapped[index] = swapped[index], swapped[index - 1]
            with_rules(swapped)
    out += setting_neighbours(spec, used)
    unique = {}
    for candidate in out:
        unique.setdefault(spec_key(candidate), normalise_spec(candidate))
    return list(unique.values())


def setting_neighbours(spec, used):
    """The strategies one threshold or the token floor away (the Butcher threshold for a plan buying it)."""
    out = [{**spec, "tokens_for": floor} for floor in TOKEN_FLOORS if floor != spec["tokens_for"]]
    for name, (low, high) in THRESHOLDS.items():
        for value in (spec[name] - 1, spec[name] + 1):
            if low <= value <= high:
                changed = {**spec, name: value}
                if changed["late_duchy_at"] >= changed["duchy_at"] >= changed["estate_at"]:
                    out.append(changed)
    if "Butcher" in used:
        at = butcher_gold_at(spec)
        out += [{**spec, "butcher_gold_at": value} for value in (at - 1, at + 1)
                if BUTCHER_GOLD_AT[0] <= value <= BUTCHER_GOLD_AT[1]]
    return out


def judge(memo, spec, opponents, baker, edition, games, seed):
    """Mean share of the win against the reference opponents, and each one's."""
    scores = [memo.score(spec, opponent, baker, edition, games, seed) for opponent in opponents]
    return sum(scores) / len(scores), scores


def climb(memo, current, kingdom, opponents, baker, edition, budget, seed, progress=None):
    """Local search from ``current``: ``(spec, value, steps, evaluated)``. Each step judges the current
    strategy and the best neighbours of the screen on seeds of that step's own: on one set of seeds for the
    whole climb, the moves that luck favours on those seeds would add up."""
    current_value = None
    evaluated = 1
    steps = 0
    while steps < budget.steps:
        step_seed = f"{seed}|{steps}"
        current_value = judge(memo, current, opponents, baker, edition, budget.games, step_seed)[0]
        # Every neighbour on a few games (the same seeds for all), the best few on more games.
        screened = []
        for candidate in neighbours(current, kingdom):
            screened.append((judge(memo, candidate, opponents, baker, edition, budget.screen_games, "screen")[0],
                             spec_key(candidate), candidate))
            evaluated += 1
        screened.sort(key=lambda item: (-item[0], item[1]))
        best, best_value = None, current_value
        for _, _, candidate in screened[:budget.keep]:
            value = judge(memo, candidate, opponents, baker, edition, budget.games, step_seed)[0]
            if value > best_value + 1e-9:
                best, best_value = candidate, value
        if best is None:
            break
        current, current_value = best, best_value
        steps += 1
        if progress is not None:
            progress(kingdom, steps, describe(current), current_value)
    return current, current_value, steps, evaluated


def optimise(kingdom, edition="2013", budget=FULL, memo=None, progress=None):
    """The plan of ``kingdom`` (module docstring): ``(spec, figures)``."""
    kingdom = sorted(kingdom, key=GUILDS.index)
    memo = memo or Memo()
    baker = "Baker" in kingdom
    best_x = bmx.choice(tuple(kingdom), edition)[0]
    opponents = ["bigmoney", best_x]
    seed = "search"
    ranked = sorted(
        (spec for card in kingdom for spec in bmx.candidates(card)),
        key=lambda spec: -bmx.entry(spec, baker, edition)["score"],
    )
    starts = [{**spec, "endgame": True} for spec in ranked[:budget.starts]]
    # Pairs of the best cards: the best BM-X of one, then the other at its first range.
    leaders = list(dict.fromkeys(spec["cards"][0]["card"] for spec in ranked))[:budget.starts]
    for first, second in itertools.permutations(leaders, 2):
        rule = next(spec["cards"][0] for spec in ranked if spec["cards"][0]["card"] == first)
        starts.append({"cards": [rule, first_rule(second)], "endgame": True})
    # Triples of them in their order: a climb adds one card at a time, and a card that pays only with two
    # others may never be reached from a pair.
    for first, second, third in itertools.combinations(leaders, 3):
        rule = next(spec["cards"][0] for spec in ranked if spec["cards"][0]["card"] == first)
        starts.append({"cards": [rule, first_rule(second), first_rule(third)], "endgame": True})
    if budget.known_starts:
        starts += known_plans(kingdom, edition)
    screened = sorted(
        ((judge(memo, start, opponents, baker, edition, budget.screen_games, "screen")[0], spec_key(start), start)
         for start in starts), key=lambda item: (-item[0], item[1]))
    evaluated = len(starts)
    results = []
    for _, _, start in screened[:budget.climbs]:
        current, value, steps, count = climb(memo, normalise_spec(start), kingdom, opponents, baker, edition, budget,
                                             seed, progress)
        evaluated += count
        results.append((value, spec_key(current), current, steps))
    if budget.select_games and len(results) > 1:
        # The climbs' ends measured again on seeds of their own: the best on the climbs' seeds is the
        # one their luck favoured most.
        results = [(judge(memo, spec, opponents, baker, edition, budget.select_games, "select")[0], key, spec, steps)
                   for _, key, spec, steps in results]
    current_value, _, current, steps = max(results, key=lambda item: (item[0], item[1]))
    figures = {
        "name": describe(current),
        "search_score": round(current_value, 4),
        "search_games": budget.games,
        "select_games": budget.select_games if len(results) > 1 else 0,
        "screen_games": budget.screen_games,
        "steps": steps,
        "evaluated": evaluated,
        "bigmoney_x": describe(normalise_spec(best_x)),
    }
    if budget.final_games:
        final = judge(memo, current, opponents, baker, edition, budget.final_games, "final")[1]
        figures["vs_bigmoney"] = round(final[0], 4)
        figures["vs_bigmoney_x"] = round(final[1], 4)
        figures["final_games"] = budget.final_games
    return current, figures


def kingdom_key(kingdom, edition="2013"):
    return edition + "|" + ",".join(sorted(kingdom, key=GUILDS.index))


def load_table(path=TABLE):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)["plans"]
    except FileNotFoundError:
        return {}


_TABLE = None


def table():
    global _TABLE
    if _TABLE is None:
        _TABLE = load_table()
    return _TABLE


def known_plans(kingdom, edition="2013"):
    """The table's distinct plans of ``edition`` whose kingdom cards all lie in ``kingdom``, in a fixed
    order: what the full search found best in other kingdoms, as starts of the smaller search of a kingdom
    the table does not hold (a plan found for a kingdom is often best wherever its cards are; the climb
    from it still adapts it to this kingdom's opponents)."""
    cards = set(kingdom)
    found = {}
    for key, entry in table().items():
        if key.startswith(edition + "|") and all(rule["card"] in cards for rule in entry["spec"]["cards"]):
            found.setdefault(spec_key(entry["spec"]), entry["spec"])
    return [found[key] for key in sorted(found)]


@lru_cache(maxsize=512)
def plan_spec(kingdom, edition="2013"):
    """The plan's spec for ``kingdom`` (a tuple of names): from the table, else optimised now with the
    ``FIRST_USE`` budget."""
    found = table().get(kingdom_key(kingdom, edition))
    if found is not None:
        return json.dumps(found["spec"])
    return json.dumps(optimise(kingdom, edition, FIRST_USE)[0])


def plan_for(st):
    """The plan (a Strategy) of the game ``st`` is played in."""
    return _strategy(plan_spec(tuple(sorted(st.kingdom, key=GUILDS.index)), st.edition))


@lru_cache(maxsize=512)
def _strategy(spec_json):
    return Strategy(json.loads(spec_json))


def in_part(kingdoms, edition, part, parts):
    """``(index, kingdom)`` of the ``part``-th of ``parts`` parts: whole groups of kingdoms with the same
    bigmoney_x and Baker setting, the largest groups first, each to the part with fewest kingdoms so far."""
    groups = {}
    for index, kingdom in enumerate(kingdoms):
        group = (spec_key(bmx.choice(tuple(kingdom), edition)[0]), "Baker" in kingdom)
        groups.setdefault(group, []).append((index, kingdom))
    loads = [[] for _ in range(parts)]
    for group in sorted(groups.values(), key=len, reverse=True):
        min(loads, key=len).extend(group)
    return loads[part]


def main(argv=None):
    from .arena import benchmark_kingdoms  # the arena's kingdoms for a seed

    parser = argparse.ArgumentParser(prog="python -m engine.dominion.bots.plans", description=__doc__.splitlines()[0])
    parser.add_argument("--seed", default="bench", help="the arena seed whose kingdoms are planned (the benchmark's)")
    parser.add_argument("--kingdoms", type=int, default=50)
    parser.add_argument("--edition", default="2013", choices=("2013", "2022"))
    parser.add_argument("--out", default=str(TABLE))
    parser.add_argument("--memo", default=None, help="a JSON file caching game results between runs")
    parser.add_argument("--part", default="0/1", help="i/n: plan only the i-th of n parts (kingdoms grouped by their "
                        "bigmoney_x and Baker, so that a part's kingdoms share results), for n processes")
    args = parser.parse_args(argv)
    part, parts = (int(x) for x in args.part.split("/"))
    path = Path(args.out)
    document = {"about": "", "plans": {}}
    if path.exists():
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
    memo = Memo(args.memo)
    started = time.process_time()

    def progress(kingdom, step, name, value):
        print(f"  step {step}: {value:.3f} {name}", file=sys.stderr, flush=True)

    for index, kingdom in in_part(benchmark_kingdoms(args.seed, args.kingdoms), args.edition, part, parts):
        key = kingdom_key(kingdom, args.edition)
        if key in document["plans"]:
            continue
        t0 = time.process_time()
        spec, figures = optimise(kingdom, args.edition, FULL, memo, progress)
        figures["cpu_seconds"] = round(time.process_time() - t0, 1)
        document["plans"][key] = {"spec": spec, **figures}
        memo.save()
        print(f"{index}: {key} -> {figures}", file=sys.stderr, flush=True)
        document["about"] = (
            "The strong bot's plan per kingdom (python -m engine.dominion.bots.plans): a local search over "
            f"strategies, every neighbour screened on {FULL.screen_games} games against each of bigmoney and the "
            f"kingdom's bigmoney_x, the best {FULL.keep} judged on {FULL.games} games against each, from the "
            f"best {FULL.climbs} starts, the climbs' ends judged again on {FULL.select_games} games against each "
            f"(seeds of their own), the winner measured on {FULL.final_games} fresh games against each."
        )
        document["plans"] = dict(sorted(document["plans"].items()))
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".json.partial")
        with open(partial, "w", encoding="utf-8") as handle:
            json.dump(document, handle, indent=1)
            handle.write("\n")
        os.replace(partial, path)  # a reader (the bot, a test) never sees half a table
    print(json.dumps({"kingdoms": args.kingdoms, "cpu_seconds": round(time.process_time() - started, 1),
                      "games": memo.games_played}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
