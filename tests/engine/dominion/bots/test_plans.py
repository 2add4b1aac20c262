"""The strong bot's plan: a strategy chosen from the kingdom alone, by a local search over the strategy
family, cached in a table."""

import itertools

import pytest

from engine import dominion as D
from engine.dominion.bots import plans
from engine.dominion.bots.arena import benchmark_kingdoms
from engine.dominion.bots.policy import BigMoney
from engine.dominion.bots.simulate import duel
from engine.dominion.bots.strategy import Strategy, normalise_spec
from engine.dominion.cards import GUILDS

KINGDOM = ["Candlestick Maker", "Doctor", "Masterpiece", "Advisor", "Plaza", "Taxman", "Herald", "Butcher",
           "Journeyman", "Soothsayer"]
TINY = plans.Budget(screen_games=4, keep=1, games=6, steps=1, starts=2, climbs=1, final_games=0)


def test_neighbours_stay_in_the_family_and_the_kingdom():
    spec = {"cards": [{"card": "Soothsayer", "from": 5, "to": 7, "below": 1}], "endgame": True}
    found = plans.neighbours(spec, KINGDOM)
    assert len(found) > 20
    keys = {plans.spec_key(s) for s in found}
    assert len(keys) == len(found) and plans.spec_key(spec) not in keys
    for candidate in found:
        assert candidate == normalise_spec(candidate)
        cards = [r["card"] for r in candidate["cards"]]
        assert set(cards) <= set(KINGDOM) and len(set(cards)) <= plans.MAX_CARDS
        assert all(1 <= r["below"] <= plans.MAX_COPIES for r in candidate["cards"])
        for name, (low, high) in plans.THRESHOLDS.items():
            assert low <= candidate[name] <= high
    assert any(len(c["cards"]) == 2 for c in found) and any(not c["cards"] for c in found)


def test_the_butcher_threshold_is_searched_only_for_a_plan_buying_butcher():
    butcher = {"cards": [{"card": "Butcher", "from": 5, "to": 7, "below": 1}], "endgame": True}
    values = {c["butcher_gold_at"] for c in plans.neighbours(butcher, KINGDOM)}
    assert values == {None, 4, 6}  # duchy_at + 1 = 5 by default
    soothsayer = {"cards": [{"card": "Soothsayer", "from": 5, "to": 7, "below": 1}], "endgame": True}
    assert {c["butcher_gold_at"] for c in plans.neighbours(soothsayer, KINGDOM)} == {None}


def test_a_result_depends_only_on_the_cards_the_two_strategies_buy():
    """Why one kingdom's results serve another: the rest of the kingdom never plays a part."""
    ours = Strategy({"cards": [{"card": "Soothsayer", "from": 5, "to": 7, "below": 1},
                               {"card": "Candlestick Maker", "from": 2, "to": 2, "below": 2}], "endgame": True})
    theirs = Strategy({"cards": [{"card": "Journeyman", "from": 5, "to": 5, "below": 2}]})
    cards = {"Soothsayer", "Candlestick Maker", "Journeyman"}
    others = [c for c in GUILDS if c not in cards and c != "Baker"]
    first, second = sorted(cards) + others[:7], sorted(cards) + others[-7:]
    assert duel(ours, theirs, first, 10, "dep") == duel(ours, theirs, second, 10, "dep")
    assert duel(ours, BigMoney(), first, 10, "dep") == duel(ours, BigMoney(), second, 10, "dep")


def test_the_search_gives_a_plan_of_the_kingdoms_cards_and_is_deterministic():
    spec, figures = plans.optimise(KINGDOM, budget=TINY)
    again, _ = plans.optimise(KINGDOM, budget=TINY)
    assert spec == again == normalise_spec(spec) and spec["endgame"]
    assert {r["card"] for r in spec["cards"]} <= set(KINGDOM)
    assert figures["evaluated"] > 5 and figures["bigmoney_x"].startswith("BM+")


def test_a_kingdom_outside_the_table_is_planned_on_first_use(monkeypatch):
    monkeypatch.setattr(plans, "FIRST_USE", TINY)
    plans.plan_spec.cache_clear()
    kingdom = tuple(sorted(("Candlestick Maker", "Stonemason", "Doctor", "Masterpiece", "Advisor", "Plaza", "Taxman",
                            "Herald", "Merchant Guild", "Journeyman"), key=GUILDS.index))
    assert plans.kingdom_key(kingdom) not in plans.table()
    try:
        st = D.new_game(2, "first-use", {"kingdom": list(kingdom)})
        plan = plans.plan_for(st)
        assert set(plan.kingdom_cards) <= set(kingdom)
    finally:
        plans.plan_spec.cache_clear()


def test_the_committed_table_plans_every_benchmark_kingdom():
    table = plans.table()
    for kingdom in benchmark_kingdoms("bench", 50):
        entry = table[plans.kingdom_key(kingdom)]
        assert {r["card"] for r in entry["spec"]["cards"]} <= set(kingdom)
        assert entry["final_games"] == plans.FULL.final_games and 0 <= entry["vs_bigmoney_x"] <= 1


@pytest.mark.parametrize("index", [0, 7])
def test_the_strong_bot_plays_the_tables_plan(index):
    kingdom = benchmark_kingdoms("bench", 50)[index]
    st = D.new_game(2, "plan-table", {"kingdom": kingdom})
    expected = plans.table()[plans.kingdom_key(kingdom)]["spec"]
    assert plans.plan_for(st).spec == normalise_spec(expected)


def _outside_the_table(*needed):
    """The first kingdom (in GUILDS' order of combinations) that the table does not hold and that holds ``needed``."""
    for kingdom in itertools.combinations(GUILDS, 10):
        if set(needed) <= set(kingdom) and plans.kingdom_key(kingdom) not in plans.table():
            return kingdom
    raise AssertionError("every such kingdom is in the table")


def test_the_table_s_plans_whose_cards_a_kingdom_holds_are_the_known_plans_there():
    kingdom = _outside_the_table("Soothsayer", "Baker", "Candlestick Maker")
    known = plans.known_plans(kingdom)
    assert known and known == plans.known_plans(kingdom)
    usable = {plans.spec_key(e["spec"]) for key, e in plans.table().items()
              if key.startswith("2013|") and {r["card"] for r in e["spec"]["cards"]} <= set(kingdom)}
    assert {plans.spec_key(spec) for spec in known} == usable
    assert len(usable) < len({plans.spec_key(e["spec"]) for e in plans.table().values()})  # some do not fit


def test_a_first_use_search_screens_the_known_plans_among_its_starts(monkeypatch):
    kingdom = list(_outside_the_table("Soothsayer", "Baker", "Candlestick Maker"))
    assert plans.FIRST_USE.known_starts
    screened = []
    judge = plans.judge

    def noting(memo, spec, opponents, baker, edition, games, seed):
        if seed == "screen":
            screened.append(plans.spec_key(spec))
        return judge(memo, spec, opponents, baker, edition, games, seed)

    monkeypatch.setattr(plans, "judge", noting)
    known = {plans.spec_key(spec) for spec in plans.known_plans(kingdom)}
    plans.optimise(kingdom, budget=TINY)
    assert not known <= set(screened)
    screened.clear()
    plans.optimise(kingdom, budget=plans.Budget(**{**TINY.__dict__, "known_starts": True}))
    assert known <= set(screened)
