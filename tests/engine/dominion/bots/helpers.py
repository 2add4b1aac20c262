"""Positions for the bots' tests: states met in random games, by the kind of question pending."""

import random

from engine import dominion as D
from engine.dominion.bots.strategy import Strategy
from engine.dominion.bots.strong import Level, Strong

# Every question the game asks (dominion-positions.md, "Read back").
PROMPT_KINDS = (
    "action", "buy", "advisor", "plaza", "butcher_trash", "butcher_pay", "gain", "name", "doctor_order",
    "doctor_overpay", "herald_overpay", "stonemason_trash", "taxman_trash",
)
# A budget small enough for tests, without a time cap: the decision depends on the generator alone.
TINY = Level(samples=3, seconds=None, provinces=8)
PLAN = Strategy({"cards": [{"card": "Soothsayer", "from": 5, "to": 7, "below": 1},
                           {"card": "Butcher", "from": 5, "to": 5, "below": 1}], "endgame": True})


def tiny_strong(plan=PLAN):
    """The strong bot with a fixed plan (no table needed) and the tiny budget."""
    bot = Strong(lambda st: plan)
    return lambda st, seat, options, rng: bot.choose(st, seat, options, rng, TINY)


def positions_by_kind(per_kind=3, games=60, seed="bots-positions"):
    """``{kind: [state, ...]}``: states of random games (2–4 players, both editions, random kingdoms)
    at each kind of question, at most ``per_kind`` each, spread over the games."""
    found = {kind: [] for kind in PROMPT_KINDS}
    for n in range(games):
        rng = random.Random(f"{seed}-{n}")
        st = D.new_game(2 + n % 3, f"{seed}-{n}", {"edition": ("2013", "2022")[n % 2]})
        steps = 0
        while not st.finished and steps < 600:
            kind = st.prompt["kind"]
            if len(found[kind]) < per_kind and rng.random() < 0.3:
                found[kind].append(st.clone())
            who = D.pending_player(st)
            D.apply(st, who, D.bots.choose(st, who, "random", rng))
            steps += 1
        if all(len(v) >= per_kind for v in found.values()):
            break
    return found


def endgame_positions(count=6, seed="bots-endgame"):
    """States at a Buy prompt with Treasures played and few Provinces left (where the strong bot
    searches), from games of Big Money against itself."""
    found = []
    for n in range(40):
        rng = random.Random(n)
        st = D.new_game(2 + n % 2, f"{seed}-{n}", {"kingdom": ["Advisor", "Baker", "Butcher", "Doctor", "Herald",
                                                                "Journeyman", "Masterpiece", "Plaza",
                                                                "Soothsayer", "Taxman"]})
        while not st.finished:
            who = D.pending_player(st)
            if (st.prompt["kind"] == "buy" and st.supply["Province"] <= 5 and st.coins >= 5
                    and not any(o["type"] in ("play", "play_treasures") for o in D.legal_decisions(st, who))):
                found.append(st.clone())
                break
            D.apply(st, who, D.bots.choose(st, who, "bigmoney", rng))
        if len(found) >= count:
            break
    return found
