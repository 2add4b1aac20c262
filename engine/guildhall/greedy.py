"""The greedy bot: completes chapters, buys the best affordable VP card, uses the strongest tier.

It sees only what its seat may see (its hand and the public table) and picks from the legal list.
"""

from .abilities import ABILITIES
from .cards import DANCER, FARMER, IDENTITY, PROFESSION_OF, VP_VALUE, profession_index


def greedy_choice(st, seat, options, rng):
    prompt = st.stack[-1]
    me = st.players[seat]
    by_type = {}
    for o in options:
        by_type.setdefault(o["type"], []).append(o)

    def worth(card):
        """How much a card arriving in my guildhall helps me: bigger chapters are nearer completion."""
        if IDENTITY[card] in me.hall:
            return -1
        level = me.level(PROFESSION_OF[card])
        return level + (10 if level == 4 else 0)

    kind = prompt["kind"]
    if kind in ("pay", "shed_chapters"):
        return options[0]
    if kind == "ability":
        return _ability_choice(st, seat, prompt, by_type, worth)
    choice = _CHOICES.get(kind)
    if choice is None:
        return rng.choice([o for o in options if o["type"] != "undo"])
    return choice(me, prompt, by_type)


def _setup_discard(me, prompt, by_type):
    chosen = prompt["picks"]["discard"]
    kept = [c for c in me.hand if c not in chosen]
    for o in by_type.get("discard", []):
        if sum(1 for c in kept if IDENTITY[c] == IDENTITY[o["card"]]) > 1:
            return o
    return {"type": "done"}


def _setup_place(me, prompt, by_type):
    counts = {}
    for c in me.hand:
        counts[PROFESSION_OF[c]] = counts.get(PROFESSION_OF[c], 0) + 1
    return max(by_type["place"], key=lambda o: (counts[PROFESSION_OF[o["card"]]], -o["card"]))


def _action(me, prompt, by_type):
    if "buy" in by_type:
        return max(by_type["buy"], key=lambda o: (VP_VALUE[o["card"]], -o["card"]))
    if "play" in by_type:
        def play_score(o):
            card = o["card"]
            profession = PROFESSION_OF[card]
            level = me.level(profession)
            bonus = 2 if profession == DANCER else (2 if profession == FARMER and level else 0)
            return (level + (10 if level == 4 else 0) + bonus, -card)
        return max(by_type["play"], key=play_score)
    if len(me.hand) < 6 or any(IDENTITY[c] in me.hall for c in me.hand):
        return {"type": "discard_draw"}
    return {"type": "end_turn"}


def _discard_draw(me, prompt, by_type):
    chosen = prompt["picks"]["discard"]
    for o in by_type.get("discard", []):
        if IDENTITY[o["card"]] in me.hall and len(chosen) < 4:
            return o
    return {"type": "done"}


def _choose_tier(me, prompt, by_type):
    if "use" in by_type:
        return by_type["use"][0]
    if "tier" in by_type:
        return max(by_type["tier"], key=lambda o: o["tier"])
    return {"type": "decline"}


# The greedy choice at each kind of prompt (the ability's and the payment's are above).
_CHOICES = {
    "setup_discard": _setup_discard,
    "setup_place": _setup_place,
    "action": _action,
    "discard_draw": _discard_draw,
    "choose_tier": _choose_tier,
    "order_pile": lambda me, prompt, by_type: {"type": "done"},  # the default order
}


def _ability_choice(st, seat, ctx, by_type, worth):
    me = st.players[seat]
    if "target" in by_type:
        return max(by_type["target"], key=lambda o: (st.players[o["seat"]].vp, len(st.players[o["seat"]].hall)))
    phase = ABILITIES[ctx["ability"]].step(st, ctx)[0]
    if "chapter" in by_type:
        chapters = by_type["chapter"]
        if phase == "mine":  # give away my weakest chapter
            return min(chapters, key=lambda o: me.level(profession_index(o["profession"])))
        theirs = st.players[ctx["target"]]
        return max(chapters, key=lambda o: theirs.level(profession_index(o["profession"])))
    selects = by_type.get("select", [])
    if not selects:
        return by_type["done"][0]
    if phase == "discard":  # Assassin: hit the opponent's biggest chapter
        theirs = st.players[ctx["target"]]
        return max(selects, key=lambda o: (theirs.level(PROFESSION_OF[o["card"]]), o["card"]))
    if phase in ("give", "back"):  # let go of my weakest cards
        return min(selects, key=lambda o: (me.level(PROFESSION_OF[o["card"]]), o["card"]))
    best = max(selects, key=lambda o: (worth(o["card"]), -o["card"]))
    if "done" in by_type and worth(best["card"]) < 0:
        return by_type["done"][0]
    return best
