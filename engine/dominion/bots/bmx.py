"""``bigmoney_x``: Big Money with the one kingdom card that serves it best, chosen per kingdom by the
procedure of design §2 (BM-best(k)).

For each kingdom card X there are a few candidates BM-X: Big Money Ultimate plus "buy X at $a–$b while
holding fewer than n copies" (n in {1, 2}; the $ ranges are listed per card in ``CANDIDATES``), X played
by its fixed policy (engine/dominion/bots/strategy.py). In the pre-tournament each candidate plays BMU
(the ``bigmoney`` bot) ``GAMES`` games with alternating seats; in kingdom k, BM-best(k) is the candidate
of a card of k with the highest share of the win.

A game between BM-X and BMU involves no kingdom card but X (neither buys another, and X's fixed policy
gains only X and basic cards), and the rest of the kingdom changes only one thing: with Baker in the
kingdom every player starts with a Coin token (D-SETUP-5). So the pre-tournament is played once per
candidate, with and without Baker, and the table (``tables/bmx.json``, committed) holds every kingdom's
result: the choice for a kingdom is a look-up, it depends on the kingdom alone, and it reads no hidden
information. An entry missing from the table (another edition, a new candidate) is computed on first use
with ``FIRST_USE_GAMES`` games per candidate and kept for the process; the table says the game count
behind every figure.

Cost: ``python -m engine.dominion.bots.bmx --games 2000`` plays 2,000 games for each of the table's
entries (docs/bots.md, "Dominion", gives the count and the time it took).
"""

import argparse
import json
import os
import sys
import time
from functools import lru_cache
from multiprocessing import Pool
from pathlib import Path

from ..cards import GUILDS
from .policy import BigMoney, Policy
from .simulate import duel
from .strategy import Strategy

GAMES = 2000
FIRST_USE_GAMES = 200
BMU = BigMoney()  # the bigmoney bot
TABLE = Path(__file__).with_name("tables") / "bmx.json"

# The $ ranges tried per card (design §2: "buy X at $a–$b"), each with n = 1 and n = 2 copies; "max":
# the card is overpaid with every $ left (Masterpiece's rule in the design note; Herald's picks).
CANDIDATES = {
    "Candlestick Maker": [(2, 2, 0), (2, 4, 0)],
    "Stonemason": [(2, 2, 0), (2, 3, 0)],
    "Doctor": [(3, 3, 0), (3, 4, 0)],
    "Masterpiece": [(6, 7, "max"), (5, 7, "max")],
    "Advisor": [(4, 4, 0), (4, 5, 0)],
    "Plaza": [(4, 4, 0), (4, 5, 0)],
    "Taxman": [(4, 4, 0), (4, 5, 0)],
    "Herald": [(4, 4, 0), (4, 5, "max")],
    "Baker": [(5, 5, 0), (5, 7, 0)],
    "Butcher": [(5, 5, 0), (5, 7, 0)],
    "Journeyman": [(5, 5, 0), (5, 7, 0)],
    "Merchant Guild": [(5, 5, 0), (5, 7, 0)],
    "Soothsayer": [(5, 5, 0), (5, 7, 0)],
}
COPIES = (1, 2)


def candidate_spec(card, low, high, below, overpay):
    return {"cards": [{"card": card, "from": low, "to": high, "below": below, "overpay": overpay}]}


def candidates(card):
    """The BM-X specs of ``card``."""
    return [candidate_spec(card, low, high, n, op) for low, high, op in CANDIDATES[card] for n in COPIES]


def entry_key(spec, baker, edition):
    """The table's key of a candidate: its card, range, copies and overpay, with/without Baker, edition."""
    rule = spec["cards"][0]
    setup = "baker" if baker else "no-baker"
    return f"{edition}|{setup}|{rule['card']}|{rule['from']}-{rule['to']}|{rule['below']}|{rule['overpay']}"


def trial_kingdom(card, baker):
    """A kingdom holding ``card``, and Baker exactly when ``baker``: the rest never plays a part."""
    cards = [card] + (["Baker"] if baker and card != "Baker" else [])
    for other in GUILDS:
        if len(cards) == 10:
            break
        if other not in cards and other != "Baker":
            cards.append(other)
    return cards


def play_entry(job):
    """One pre-tournament entry: the candidate against BMU, ``games`` games, seats alternating."""
    spec, baker, edition, games = job
    card = spec["cards"][0]["card"]
    key = entry_key(spec, baker, edition)
    started = time.process_time()
    score = duel(Strategy(spec), BMU, trial_kingdom(card, baker), games, f"bmx|{key}",
                 edition=edition)
    return key, {"spec": spec, "score": round(score, 5), "games": games,
                 "cpu_seconds": round(time.process_time() - started, 2)}


def jobs_for(edition, games, cards=GUILDS):
    jobs = []
    for card in cards:
        for baker in (False, True):
            if card == "Baker" and not baker:
                continue
            for spec in candidates(card):
                jobs.append((spec, baker, edition, games))
    return jobs


def load_table(path=TABLE):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)["entries"]
    except FileNotFoundError:
        return {}


_TABLE = None
_COMPUTED = {}


def table():
    global _TABLE
    if _TABLE is None:
        _TABLE = load_table()
    return _TABLE


def entry(spec, baker, edition):
    """A candidate's pre-tournament result: from the table, else played now (``FIRST_USE_GAMES``)."""
    key = entry_key(spec, baker, edition)
    found = table().get(key) or _COMPUTED.get(key)
    if found is None:
        found = play_entry((spec, baker, edition, FIRST_USE_GAMES))[1]
        _COMPUTED[key] = found
    return found


@lru_cache(maxsize=512)
def choice(kingdom, edition="2013"):
    """BM-best(k): ``(spec, score, games)`` of the best candidate among the kingdom's cards (``kingdom``
    a tuple of names). Ties go to the card earlier in GUILDS order, then the candidate listed first."""
    baker = "Baker" in kingdom
    best = None
    for card in GUILDS:
        if card not in kingdom:
            continue
        for spec in candidates(card):
            found = entry(spec, baker, edition)
            if best is None or found["score"] > best[1]:
                best = (spec, found["score"], found["games"])
    return best


def strategy_for(kingdom, edition="2013"):
    return _strategy(tuple(sorted(kingdom)), edition)


@lru_cache(maxsize=512)
def _strategy(kingdom, edition):
    return Strategy(choice(kingdom, edition)[0])


class BigMoneyX(Policy):
    """Plays BM-best of the game's kingdom (2-player table; the same choice at 3 and 4 players)."""

    def choose(self, st, seat, options, rng, level=None):
        return strategy_for(st.kingdom, st.edition).choose(st, seat, options, rng, level)


def compute(work, jobs=1, done=None):
    """Play the pre-tournament entries ``work`` (``jobs_for``); ``done(key, entry)`` after each."""
    with Pool(jobs) if jobs > 1 else _Serial() as pool:
        for key, found in pool.imap_unordered(play_entry, work):
            done(key, found)


class _Serial:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def imap_unordered(self, function, items):
        return map(function, items)


def write_table(path, entries):
    document = {
        "about": "BM-X against BMU (the bigmoney bot), 2 players, seats alternating: each entry's share of the "
                 "win over its 'games' games, with and without Baker in the kingdom (D-SETUP-5), per edition. "
                 "Written by python -m engine.dominion.bots.bmx.",
        "games_per_candidate": sorted({e["games"] for e in entries.values()}),
        "cpu_seconds": round(sum(e["cpu_seconds"] for e in entries.values()), 1),
        "entries": dict(sorted(entries.items())),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".json.partial")
    with open(partial, "w", encoding="utf-8") as handle:
        json.dump(document, handle, indent=1)
        handle.write("\n")
    os.replace(partial, path)  # a reader never sees half a table


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m engine.dominion.bots.bmx", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES, help="games per candidate")
    parser.add_argument("--edition", action="append", choices=("2013", "2022"))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default=str(TABLE))
    args = parser.parse_args(argv)
    path = Path(args.out)
    entries = load_table(path)
    # Entries already played with as many games are kept: an interrupted run goes on where it stopped.
    work = [job for edition in (args.edition or ("2013",)) for job in jobs_for(edition, args.games)
            if entries.get(entry_key(job[0], job[1], edition), {}).get("games", 0) < args.games]
    started = time.perf_counter()

    def done(key, found):
        entries[key] = found
        write_table(path, entries)
        print(f"{key} {found['score']:.3f} ({found['cpu_seconds']} s)", file=sys.stderr, flush=True)

    compute(work, args.jobs, done)
    seconds = round(time.perf_counter() - started, 1)
    print(json.dumps({"played": len(work), "entries": len(entries), "wall_seconds": seconds}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
