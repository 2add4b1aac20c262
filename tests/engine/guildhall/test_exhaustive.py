"""Exhaustive cross-checks of the card-by-card choices against a brute force of the rules.

For random small tables, every path through the legal decisions of an ability is followed to its end, and
the set of outcomes is compared with the set of outcomes a brute force over all subsets allows:
- exchange effects (Trader T0/T2/T4, VP3-Swap1for2, Weaver T2/T4) are judged on the final state (R5.5,
  AMB-04): legal iff no guildhall ends with two identical face-up cards (R7.1, R7.3, R7.4); identical
  swaps are legal (R7.5); completion is checked afterwards (R8.1);
- placement effects (Historian T2/T4, VP4-StealCard, VP2-Chapter) arrive one at a time, each checked,
  with completion after each arrival;
- Assassin T2 needs two different chapters of one player, T4 any two cards (AMB-08).
Sound (every path offered ends in a legal outcome, nobody gets stuck) and complete (every legal outcome
can be reached). A tier is offered iff it has at least one legal outcome (R5.4).
"""

import random
from itertools import combinations, permutations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as S

from engine import guildhall
from engine.guildhall.cards import IDENTITY, PROFESSION_OF, VP_KIND_OF
from tests.engine.guildhall.helpers import do, legal, pay_with, table, tiers_offered

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
COLOURS3 = ["red", "blue", "yellow"]


def pool(professions, colours=COLOURS3):
    return [f"{c} {p}" for p in professions for c in colours]


def pick(rng, names, k):
    """k distinct names, never all five colours of one profession (that would have completed)."""
    chosen = rng.sample(names, min(k, len(names)))
    for profession in {n.split()[1] for n in chosen}:
        same = [n for n in chosen if n.split()[1] == profession]
        if len(same) == 5:
            chosen.remove(same[0])
    return chosen


def copies(rng, names, k, used=()):
    """k names drawn from ``names`` with repeats, at most 4 copies of a card counting ``used``."""
    stock = [n for n in names for _ in range(4 - list(used).count(n))]
    return rng.sample(stock, min(k, len(stock)))


def complete(hall_cards):
    """Completion (R8.1) of a list of face-up cards: (cards left, number of chapters completed)."""
    by_prof = {}
    for c in hall_cards:
        by_prof.setdefault(PROFESSION_OF[c], []).append(c)
    left, done = [], 0
    for cards in by_prof.values():
        if len({IDENTITY[c] for c in cards}) == 5:
            done += 1
        else:
            left += cards
    return left, done


def no_dup(cards):
    return len({IDENTITY[c] for c in cards}) == len(cards)


def key(st):
    p0, p1 = st.players[0], st.players[1]
    return (frozenset(p0.hall.values()), frozenset(p1.hall.values()), tuple(sorted(p0.hand)),
            len(p0.completed), len(p1.completed), tuple(st.discard))


def outcomes(st):
    """Follow every legal path until the ability prompt is resolved; the set of resulting ``key``s."""
    results, seen = set(), set()
    depth = len(st.stack)

    def rec(s):
        memo = (key(s), repr(s.stack[-1].get("picks")), s.stack[-1].get("target"))
        if memo in seen:
            return
        seen.add(memo)
        if len(s.stack) < depth or s.stack[-1]["kind"] not in ("ability",):
            results.add(key(s))
            return
        options = legal(s)
        assert options, "stuck: an ability prompt with no legal decision"
        for option in options:
            child = s.clone()
            guildhall.apply(child, guildhall.pending_player(child), option)
            rec(child)

    rec(st)
    return results


def after(st, mine=None, theirs=None, hand=None, discard=None):
    """The ``key`` of the state with these zones replaced (completion applied to both halls)."""
    p0, p1 = st.players[0], st.players[1]
    mine = list(p0.hall.values()) if mine is None else list(mine)
    theirs = list(p1.hall.values()) if theirs is None else list(theirs)
    mine, done0 = complete(mine)
    theirs, done1 = complete(theirs)
    return (frozenset(mine), frozenset(theirs), tuple(sorted(p0.hand if hand is None else hand)),
            len(p0.completed) + done0, len(p1.completed) + done1, tuple(st.discard if discard is None else discard))


def brute_exchange(st, give_n, take_n):
    mine, theirs = list(st.players[0].hall.values()), list(st.players[1].hall.values())
    results = set()
    for give in combinations(mine, give_n):
        for take in combinations(theirs, take_n):
            new_mine = [c for c in mine if c not in give] + list(take)
            new_theirs = [c for c in theirs if c not in take] + list(give)
            if no_dup(new_mine) and no_dup(new_theirs):
                results.add(after(st, new_mine, new_theirs))
    return results


def check_tier(st, tier, brute, target=1):
    """The tier is offered iff the brute force finds an outcome; if so, engine paths == brute force."""
    offered = tier in tiers_offered(legal(st))
    assert offered == bool(brute), f"tier {tier} offered={offered}, brute force outcomes={len(brute)}"
    if not offered:
        return
    do(st, ("tier", tier))
    if {"type": "target", "seat": target} in legal(st):
        do(st, ("target", target))
    assert outcomes(st) == brute


# --- exchanges ---------------------------------------------------------------------------------------------------
@SETTINGS
@given(n=S.integers(0, 10**9), tier=S.sampled_from([0, 2]))
def test_trader_t0_t2_paths_equal_brute_force(n, tier):
    rng = random.Random(n)
    others = pool(["Farmer", "Weaver", "Trader"])
    mine = ["red Trader", "blue Trader"] + pick(rng, [c for c in others if "Trader" not in c], rng.randint(0, 3))
    theirs = pick(rng, others, rng.randint(0, 5))
    st = table(hands={0: ["purple Trader"]}, halls={0: mine, 1: theirs})
    do(st, ("play", "purple Trader"))
    if st.stack[-1]["kind"] != "choose_tier":
        assert not brute_exchange(st, 1, 1)
        return
    check_tier(st, tier, brute_exchange(st, tier // 2 + 1, tier // 2 + 1))


@SETTINGS
@given(n=S.integers(0, 10**9))
def test_trader_t4_paths_equal_brute_force(n):
    rng = random.Random(n)
    others = pool(["Farmer", "Weaver", "Trader"])
    mine = [f"{c} Trader" for c in ["red", "blue", "yellow", "green"]]
    mine += pick(rng, [c for c in others if "Trader" not in c], rng.randint(0, 4))
    theirs = pick(rng, others, rng.randint(1, 6))
    st = table(hands={0: ["purple Trader"]}, halls={0: mine, 1: theirs})
    do(st, ("play", "purple Trader"))
    hall0, hall1 = list(st.players[0].hall.values()), list(st.players[1].hall.values())
    brute = set()
    for p in {PROFESSION_OF[c] for c in hall0}:
        for q in {PROFESSION_OF[c] for c in hall1}:
            give = [c for c in hall0 if PROFESSION_OF[c] == p]
            take = [c for c in hall1 if PROFESSION_OF[c] == q]
            new_mine = [c for c in hall0 if c not in give] + take
            new_theirs = [c for c in hall1 if c not in take] + give
            if no_dup(new_mine) and no_dup(new_theirs):
                brute.add(after(st, new_mine, new_theirs))
    check_tier(st, 4, brute)


@SETTINGS
@given(n=S.integers(0, 10**9))
def test_vp3_swap1for2_paths_equal_brute_force(n):
    rng = random.Random(n)
    others = pool(["Farmer", "Weaver", "Trader"])
    st = table(hands={}, halls={0: pick(rng, others, rng.randint(0, 4)), 1: pick(rng, others, rng.randint(0, 5))},
               completed={0: ["dancer"]}, row=["VP3-Swap1for2", "VP5", "VP5", "VP9", "VP9"])
    card = next(v for v in st.row if VP_KIND_OF[v] == "VP3-Swap1for2")
    do(st, ("buy", card))
    pay_with(st, st.players[0].completed[0][0])
    brute = brute_exchange(st, 1, 2)
    offered = {"type": "use"} in legal(st)
    assert offered == bool(brute)
    if offered:
        do(st, "use", ("target", 1))
        assert outcomes(st) == brute


@SETTINGS
@given(n=S.integers(0, 10**9), tier=S.sampled_from([2, 4]))
def test_weaver_t2_t4_paths_equal_brute_force(n, tier):
    rng = random.Random(n)
    weavers = ["red Weaver", "blue Weaver"] + (["yellow Weaver", "green Weaver"] if tier == 4 else [])
    others = pool(["Farmer", "Trader"])
    hall = weavers + pick(rng, others, rng.randint(0, 3))
    hand_pool = others + ["red Weaver", "purple Weaver"]
    hand = copies(rng, hand_pool, rng.randint(0, 3 if tier == 4 else 4), used=hall + ["purple Weaver"])
    st = table(hands={0: ["purple Weaver"] + hand}, halls={0: hall})
    do(st, ("play", "purple Weaver", 0))
    hall_cards, hand_cards = list(st.players[0].hall.values()), list(st.players[0].hand)
    brute = set()
    backs_n = 1 if tier == 2 else 2
    sizes = [2] if tier == 2 else range(len(hand_cards) + 1)
    for backs in combinations(hall_cards, backs_n):
        for size in sizes:
            for placed in combinations(hand_cards, size):
                new_hall = [c for c in hall_cards if c not in backs] + list(placed)
                if no_dup(new_hall):
                    new_hand = [c for c in hand_cards if c not in placed] + list(backs)
                    brute.add(after(st, new_hall, hand=new_hand))
    check_tier(st, tier, brute)


# --- placements --------------------------------------------------------------------------------------------------
def place_in_order(st, cards):
    """Step-by-step placement (R5.5): each arrival checked, completion after each; None if illegal."""
    hall = list(st.players[0].hall.values())
    done = 0
    for c in cards:
        if not no_dup(hall + [c]):
            return None
        hall, k = complete(hall + [c])
        done += k
    return hall, done


@SETTINGS
@given(n=S.integers(0, 10**9), tier=S.sampled_from([0, 2, 4]))
def test_historian_paths_equal_brute_force(n, tier):
    rng = random.Random(n)
    colours5 = ["red", "blue", "yellow", "green", "purple"]
    farmers = pool(["Farmer"], colours5)
    hall = [f"{c} Historian" for c in ["red", "blue", "yellow", "green"]] + pick(rng, farmers, rng.randint(0, 4))
    pile_pool = farmers + ["red Weaver", "blue Weaver"]
    pile = copies(rng, pile_pool, rng.randint(0, 6), used=hall + ["purple Historian"])
    st = table(hands={0: ["purple Historian"]}, halls={0: hall}, discard=pile)
    do(st, ("play", "purple Historian"))
    pile_cards = list(st.discard)
    brute = set()
    if tier == 0:
        orders = [(pile_cards[-1],)] if pile_cards else []
    else:
        orders = permutations(pile_cards, tier // 2)
    for order in orders:
        result = place_in_order(st, order)
        if result is not None:
            hall_after, done = result
            rest = [c for c in pile_cards if c not in order]
            brute.add((frozenset(hall_after), frozenset(st.players[1].hall.values()), tuple(sorted(st.players[0].hand)),
                       done, 0, tuple(rest)))
    if st.stack[-1]["kind"] != "choose_tier":
        assert not brute
        return
    check_tier(st, tier, brute)


@SETTINGS
@given(n=S.integers(0, 10**9), kind=S.sampled_from(["VP4-StealCard", "VP2-Chapter"]))
def test_steal_card_and_take_chapter_paths_equal_brute_force(n, kind):
    rng = random.Random(n)
    colours5 = ["red", "blue", "yellow", "green", "purple"]
    names = pool(["Farmer", "Weaver"], colours5)
    mine = pick(rng, names, rng.randint(0, 6))
    theirs = pick(rng, names, rng.randint(0, 6))
    st = table(halls={0: mine, 1: theirs}, completed={0: ["dancer"]}, row=[kind, "VP5", "VP5", "VP9", "VP9"])
    card = next(v for v in st.row if VP_KIND_OF[v] == kind)
    do(st, ("buy", card))
    pay_with(st, st.players[0].completed[0][0])
    hall0, hall1 = list(st.players[0].hall.values()), list(st.players[1].hall.values())
    brute = set()
    if kind == "VP4-StealCard":
        moves = [[c] for c in hall1]
    else:
        moves = [[c for c in hall1 if PROFESSION_OF[c] == p] for p in {PROFESSION_OF[c] for c in hall1}]
    for moved in moves:
        if no_dup(hall0 + moved):
            brute.add(after(st, hall0 + moved, [c for c in hall1 if c not in moved]))
    offered = {"type": "use"} in legal(st)
    assert offered == bool(brute)
    if offered:
        do(st, "use", ("target", 1))
        assert outcomes(st) == brute


@SETTINGS
@given(n=S.integers(0, 10**9), tier=S.sampled_from([0, 2, 4]))
def test_assassin_paths_equal_brute_force(n, tier):
    rng = random.Random(n)
    theirs = pick(rng, pool(["Farmer", "Weaver", "Trader"]), rng.randint(0, 5))
    mine = [f"{c} Assassin" for c in ["red", "blue", "yellow", "green"]]
    st = table(hands={0: ["purple Assassin"]}, halls={0: mine, 1: theirs})
    do(st, ("play", "purple Assassin"))
    hall1 = list(st.players[1].hall.values())
    pile = list(st.discard)
    brute = set()
    if tier == 0:
        victims_list = [(c,) for c in hall1]
    else:
        victims_list = [v for v in permutations(hall1, 2)
                        if tier == 4 or PROFESSION_OF[v[0]] != PROFESSION_OF[v[1]]]
    for victims in victims_list:
        brute.add(after(st, theirs=[c for c in hall1 if c not in victims], discard=pile + list(victims)))
    if st.stack[-1]["kind"] != "choose_tier":
        assert not brute
        return
    check_tier(st, tier, brute)
