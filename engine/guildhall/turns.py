"""The flow of the game: setup (R3), the turn and its actions (R4, R5, R9, R11), end of turn (R12),
the end of the game and placings (R15).

The pending decision is the top of ``st.stack``. Each prompt kind has ``options`` (the legal decisions)
and ``handle`` (apply one of them). ``settle`` runs what needs no decision (ending a turn with no
actions left, finishing the end-of-turn procedure) until a player must decide again.
"""

from ..rng import shuffle
from .abilities import ABILITIES
from .cards import (
    IDENTITY,
    MAX_COMPLETED,
    PROFESSION_OF,
    PROFESSIONS,
    VP_COST,
    VP_KIND_OF,
    vp_cards_for,
)
from .state import NO_SNAPSHOT
from .zones import (
    chapter_top_first,
    complete_chapters,
    discard_completed,
    draw_up_to,
    emit,
    in_pile_order,
    reveal,
    sheds_at_turn_start,
    to_discard,
)

SETUP_HAND = 9  # R3.5
SETUP_PLACE = 3  # R3.6, AMB-22
DISCARD_DRAW_TO = 6  # R11.2
ACTIONS_PER_TURN = 2  # R4.1
WINNING_VP = 20  # R12.4


# --- setting up and starting turns -----------------------------------------------------------------
def deal(st):
    """R3.1–R3.5: shuffle both decks, lay out the center row, deal 9 cards to each player."""
    st.deck = list(range(120))
    _shuffle(st, st.deck)
    st.vp_deck = vp_cards_for(st.num_players)
    _shuffle(st, st.vp_deck)
    st.row = [st.vp_deck.pop() for _ in range(5)]
    for player in st.players:
        player.hand = [st.deck.pop() for _ in range(SETUP_HAND)]
    begin_turn(st, 0)


def _shuffle(st, cards):
    shuffle(cards, st.seed, st.shuffles)
    st.shuffles += 1


def begin_turn(st, seat):
    """A new seat becomes active: its setup (R3.6) or a turn with 2 actions (R4.1)."""
    st.active = seat
    st.turn += 1
    if st.phase == "setup":
        st.stack = [{"kind": "setup_discard", "seat": seat, "picks": {"discard": []}}]
    else:
        st.actions = ACTIONS_PER_TURN
        st.played = set()
        st.stack = [{"kind": "action", "seat": seat}]
        if sheds_at_turn_start(st) and len(st.players[seat].completed) > MAX_COMPLETED:
            st.stack.append({"kind": "shed_chapters", "seat": seat})  # Y1: at the start of the turn
        emit(st, {"t": "turn", "seat": seat})
    # Undo within the turn rebuilds from here (see decisions.undo).
    st.turn_log = []
    st.undo_floor = 0
    if st.snapshot is NO_SNAPSHOT:  # a state played out by a search: its bots never undo
        return
    snapshot = st.clone(with_events=False)
    snapshot.snapshot = None
    st.snapshot = snapshot


def settle(st):
    while st.phase != "over":
        top = st.stack[-1]
        if top["kind"] == "action" and st.actions <= 0:
            st.stack.pop()
            end_of_turn(st)
        elif top["kind"] == "finish_turn":
            st.stack.pop()
            finish_turn(st)
        elif top["kind"] == "pay" and top["left"] == 0:  # paid, and the pile ordered: take the card
            st.stack.pop()
            take_vp_card(st, top["seat"], top["card"])
        else:
            return
    st.stack = []


# --- setup ------------------------------------------------------------------------------------------
def discard_options(st, prompt):
    """Setup and the Discard action: any hand cards, one by one, then 'done' (R3.6, R11.1)."""
    chosen = prompt["picks"]["discard"]
    hand = st.players[prompt["seat"]].hand
    return [{"type": "discard", "card": c} for c in sorted(hand) if c not in chosen] + [{"type": "done"}]


def _discard_then_draw(st, prompt, decision, hand_size):
    """Record one more card to discard, or on 'done' discard them all and draw up to ``hand_size``.
    Returns True once done."""
    if decision["type"] == "discard":
        chosen = prompt["picks"]["discard"]
        chosen.append(decision["card"])
        # The card is named to its owner only (R14); the others learn how many are chosen so far.
        emit(st, {"t": "pick", "seat": prompt["seat"], "phase": "to_discard", "card": decision["card"],
                  "count": len(chosen)})
        return False
    seat = prompt["seat"]
    discard_from_hand(st, seat, prompt["picks"]["discard"])
    draw_up_to(st, seat, hand_size)
    return True


def setup_discard(st, prompt, decision):
    if _discard_then_draw(st, prompt, decision, SETUP_HAND):
        st.stack[-1] = {"kind": "setup_place", "seat": prompt["seat"]}


def discard_from_hand(st, seat, cards):
    """Several hand cards go on the pile at once; others learn only how many and the new top (R14)."""
    player = st.players[seat]
    for c in cards:
        player.take_from_hand(c)
    to_discard(st, cards)
    emit(st, {"t": "discard", "seat": seat, "count": len(cards), "cards": list(cards),
              "top": cards[-1] if cards else None})


def setup_place_options(st, prompt):
    player = st.players[prompt["seat"]]
    return [{"type": "place", "card": c} for c in sorted(player.hand) if IDENTITY[c] not in player.hall]


def setup_place(st, prompt, decision):
    seat, card = prompt["seat"], decision["card"]
    player = st.players[seat]
    player.take_from_hand(card)
    player.hall[IDENTITY[card]] = card  # three cards can never complete a chapter; no ability triggers
    emit(st, {"t": "place", "seat": seat, "card": card})
    if len(player.hall) < SETUP_PLACE:
        return
    if seat + 1 < st.num_players:
        begin_turn(st, seat + 1)
    else:
        st.phase = "play"  # R3.7: the first player takes the first turn
        begin_turn(st, 0)


# --- the action prompt (R4.1) -------------------------------------------------------------------------
def can_play(st, seat, card):
    """R5.1: in hand, not identical to a face-up guildhall card, profession not yet played this turn."""
    return why_not_playable(st, seat, card) is None


def why_not_playable(st, seat, card):
    """Why a hand card may not be played now: ``duplicate`` (an identical card is face up in the
    guildhall, R5.1b), ``played_this_turn`` (its profession was played this turn, R5.1c), or None."""
    if IDENTITY[card] in st.players[seat].hall:
        return "duplicate"
    if PROFESSION_OF[card] in st.played:
        return "played_this_turn"
    return None


def action_options(st, prompt):
    seat = prompt["seat"]
    player = st.players[seat]
    options = []
    seen = set()
    for c in sorted(player.hand):
        if c not in seen and can_play(st, seat, c):
            options.append({"type": "play", "card": c})
        seen.add(c)
    options.append({"type": "discard_draw"})
    completed = len(player.completed)
    options += [{"type": "buy", "card": v} for v in sorted(st.row) if VP_COST[v] <= completed]
    end = {"type": "end_turn"}  # AMB-07
    if st.area and st.rules_since("3"):
        duplicates = duplicates_top_first(st)
        if len(duplicates) > 1:
            end["order"] = duplicates  # R12.1: their default order on the pile; the player may give another
    options.append(end)
    return options


def action(st, prompt, decision):
    seat = prompt["seat"]
    kind = decision["type"]
    if kind == "end_turn":
        st.stack.pop()
        end_of_turn(st, decision.get("order"))
        return
    st.actions -= 1
    if kind == "play":
        card = decision["card"]
        st.players[seat].take_from_hand(card)
        st.area.append(card)
        profession = PROFESSION_OF[card]
        st.played.add(profession)
        emit(st, {"t": "play", "seat": seat, "card": card})
        level = st.players[seat].level(profession)  # R5.2: fixed now, the played card not counted
        offer_ability(st, seat, PROFESSIONS[profession], level, card)
    elif kind == "discard_draw":
        emit(st, {"t": "discard_draw", "seat": seat})
        st.stack.append({"kind": "discard_draw", "seat": seat, "picks": {"discard": []}})
    else:  # buy (R9.1): pay first, then the card, the refill and its ability
        card = decision["card"]
        emit(st, {"t": "buying", "seat": seat, "card": card, "cost": VP_COST[card]})
        st.stack.append({"kind": "pay", "seat": seat, "card": card, "left": VP_COST[card]})


# --- discard and draw (R11) -----------------------------------------------------------------------------
def discard_draw(st, prompt, decision):
    if _discard_then_draw(st, prompt, decision, DISCARD_DRAW_TO):
        st.stack.pop()


# --- choosing a tier, and the ability itself (R5.3, R5.4) --------------------------------------------------
def offer_ability(st, seat, key, level, source):
    ability = ABILITIES.get(key)
    if ability is None:
        return
    tiers = ability.tiers(st, seat, level)
    if getattr(ability, "tiers_reveal", None) and ability.tiers_reveal(st, seat, level):
        reveal(st)
    if not tiers:  # nothing can be done in full: the card was played for nothing (R5.1)
        return
    if st.mode == "yucata" and getattr(ability, "automatic_in_yucata", False):
        begin_ability(st, seat, ability, max(tiers))  # Y3
        return
    st.stack.append({"kind": "choose_tier", "seat": seat, "ability": key, "level": level, "card": source})


def choose_tier_options(st, prompt):
    ability = ABILITIES[prompt["ability"]]
    tiers = ability.tiers(st, prompt["seat"], prompt["level"])
    if getattr(ability, "is_vp", False):
        options = [{"type": "use"}] if tiers else []
    else:
        options = [{"type": "tier", "tier": t} for t in tiers]
    return options + [{"type": "decline"}]


def choose_tier(st, prompt, decision):
    st.stack.pop()
    ability = ABILITIES[prompt["ability"]]
    if decision["type"] == "decline":
        emit(st, {"t": "decline", "seat": prompt["seat"], "ability": prompt["ability"]})
        return
    begin_ability(st, prompt["seat"], ability, decision.get("tier", 0))


def begin_ability(st, seat, ability, tier):
    emit(st, {"t": "use", "seat": seat, "ability": ability.key, "tier": tier})
    ctx = {"kind": "ability", "seat": seat, "ability": ability.key, "tier": tier, "target": None, "picks": {}}
    start = getattr(ability, "start", None)
    if start:
        start(st, ctx)
    st.stack.append(ctx)
    _finish_if_complete(st, ability, ctx)


def ability_options(st, ctx):
    phase, options, can_finish = ABILITIES[ctx["ability"]].step(st, ctx)
    return options + [{"type": "done"}] if can_finish else options


def ability(st, ctx, decision):
    ability = ABILITIES[ctx["ability"]]
    kind = decision["type"]
    if kind == "done":
        ctx["done"] = True
    elif kind == "target":
        ctx["target"] = decision["seat"]
        emit(st, {"t": "target", "seat": ctx["seat"], "target": decision["seat"], "ability": ctx["ability"]})
    else:
        phase = ability.step(st, ctx)[0]
        before = len(st.events[-1])
        ability.pick(st, ctx, phase, decision)
        if len(st.events[-1]) == before and ability.step(st, ctx) is not None:
            # A choice along the way (the last one is told by the effect itself): say what was chosen,
            # naming the card only if it is public.
            emit(st, _pick_event(ctx, phase, decision))
    _finish_if_complete(st, ability, ctx)


def _pick_event(ctx, phase, decision):
    """A choice along the way. Choices among face-up guildhall cards are public; a card chosen from a
    hand (Weaver's 'place') is named to its owner only, by log_words.py (R14)."""
    event = {"t": "pick", "seat": ctx["seat"], "phase": phase, "target": ctx["target"], "ability": ctx["ability"]}
    if decision["type"] == "chapter":
        event["profession"] = decision["profession"]
    else:
        event["card"] = decision["card"]
    return event


def _finish_if_complete(st, ability, ctx):
    if ability.step(st, ctx) is None:
        _drop(st, ctx)
        ability.resolve(st, ctx)


def _drop(st, prompt):
    for i in range(len(st.stack) - 1, -1, -1):
        if st.stack[i] is prompt:
            del st.stack[i]
            return


# --- buying a VP card (R9) and discarding completed chapters (R8.4) -----------------------------------------
def chapter_options(st, prompt):
    """Discard a completed chapter: the decision names the card that goes on top of the pile. From rules
    version 3 it carries the order of all five cards too (``order``, top first): offered in the default
    order, and the player may send any other order of that chapter's cards beginning with ``card``, or
    only the first few of them (the rest beneath in the default order)."""
    player = st.players[prompt["seat"]]
    if st.rules_since("3"):
        return [{"type": "pay", "card": c, "order": chapter_top_first(chapter, c)}
                for chapter in player.completed for c in sorted(chapter)]
    return [{"type": "pay", "card": c} for chapter in player.completed for c in sorted(chapter)]


def pay(st, prompt, decision):
    seat = prompt["seat"]
    chapter = discard_completed(st, seat, decision["card"], decision.get("order"))
    emit(st, {"t": "pay", "seat": seat, "card": decision["card"], "cards": chapter, "vp": prompt["card"]})
    _chosen_order(st, seat, chapter_top_first(chapter, decision["card"]), "chapter")
    prompt["left"] -= 1
    if st.rules_since("3"):
        if not prompt["left"]:
            st.stack.pop()
            take_vp_card(st, seat, prompt["card"])
        return
    if st.rules_since("2"):
        # The owner orders the other four cards beneath the one on top; once done, ``settle`` takes the
        # VP card if this was the last chapter to pay.
        order_on_pile(st, seat, chapter_beneath(chapter, decision["card"]), above=1)
        return
    if prompt["left"]:
        return
    st.stack.pop()
    take_vp_card(st, seat, prompt["card"])


def take_vp_card(st, seat, card):
    """R9.2–R9.4: the paid-for card is the buyer's, the row is refilled, the card's ability offered."""
    st.players[seat].vp_cards.append(card)
    st.area_vp.append(card)
    slot = st.row.index(card)
    if st.vp_deck:  # R9.3: refill at once; an empty VP deck is never reshuffled (AMB-15)
        st.row[slot] = st.vp_deck.pop()
        reveal(st)
        refill = st.row[slot]
    else:
        del st.row[slot]
        refill = None
    emit(st, {"t": "buy", "seat": seat, "card": card, "refill": refill})
    offer_ability(st, seat, VP_KIND_OF[card], 0, card)


def shed_chapters(st, prompt, decision):
    seat = prompt["seat"]
    chapter = discard_completed(st, seat, decision["card"], decision.get("order"))
    emit(st, {"t": "shed", "seat": seat, "card": decision["card"], "cards": chapter})
    _chosen_order(st, seat, chapter_top_first(chapter, decision["card"]), "chapter")
    if len(st.players[seat].completed) <= MAX_COMPLETED:
        _drop(st, prompt)
    if st.rules_since("2") and not st.rules_since("3"):
        order_on_pile(st, seat, chapter_beneath(chapter, decision["card"]), above=1)


# --- the order of cards put on the pile together (AMB-17) ----------------------------------------------------
# Rules version 3: the order travels with the decision that puts the cards on the pile (``pay``, for
# paying and shedding, and ``end_turn``), as an optional ``order`` (top first); without one the default
# applies at once and nothing is asked.


def duplicates_top_first(st):
    """The action-area cards the end of the turn would discard as twins of face-up cards (R12.1, R7.7),
    in their default order on the pile, top first: the last played on top. (The cards played in one
    turn are of different professions, so none of them is a twin of another.)"""
    hall = st.players[st.active].hall
    return [c for c in reversed(st.area) if IDENTITY[c] in hall]


def _chosen_order(st, seat, default_top_first, group):
    """Tell the order a player chose for cards just put on the pile together, if not the default one
    (the log in words names them only where the pile is public, R14, Y5)."""
    top_first = st.discard[len(st.discard) - len(default_top_first):][::-1]
    if top_first != default_top_first:
        emit(st, {"t": "pile_order", "seat": seat, "group": group, "cards": top_first})


# --- the order of cards put on the pile together (rules version 2; AMB-17) --------------------------------
# The cards are on the pile at once, in a default order; the player then names them from the top down
# (first chosen on top, as on Yucata.de), or keeps the default order of the rest with one click.
# Only the top card of the pile is public (R14), so in printed mode the choices are told to the others
# without naming cards.


def chapter_beneath(chapter, top):
    """A discarded chapter's cards under the one on top, in the default (colour) order, bottom first."""
    return [c for c in chapter if c != top]


def order_on_pile(st, seat, cards, above=0):
    """``cards`` lie on the pile, bottom first, with ``above`` cards on top of them: let ``seat`` order
    them when there is a choice to make."""
    if len(cards) < 2:
        return
    st.stack.append({"kind": "order_pile", "seat": seat, "cards": list(cards), "above": above,
                     "picks": {"order": []}})


def _order_block(prompt, pile):
    """Where the prompt's cards lie on the pile: (start, end) indices."""
    end = len(pile) - prompt["above"]
    return end - len(prompt["cards"]), end


def order_options(st, prompt):
    chosen = prompt["picks"]["order"]
    rest = [c for c in reversed(prompt["cards"]) if c not in chosen]  # top first, as they lie
    return [{"type": "select", "card": c} for c in rest] + [{"type": "done"}]


def order_pile(st, prompt, decision):
    seat, chosen = prompt["seat"], prompt["picks"]["order"]
    start, end = _order_block(prompt, st.discard)
    if decision["type"] == "select":
        above = chosen[-1] if chosen else (st.discard[end] if prompt["above"] else None)
        chosen.append(decision["card"])
        emit(st, {"t": "order", "seat": seat, "card": decision["card"], "above": above})
    rest = [c for c in prompt["cards"] if c not in chosen]  # bottom first: the default order
    st.discard[start:end] = rest + chosen[::-1]
    if decision["type"] == "done" or len(rest) <= 1:
        if decision["type"] == "done" and rest:
            emit(st, {"t": "ordered", "seat": seat, "cards": rest[::-1]})
        _drop(st, prompt)


# --- end of turn (R12) and of the game (R15) ---------------------------------------------------------------
def end_of_turn(st, order=None):
    """R12: ``order`` (rules version 3, from ``end_turn``): the duplicates' order on the pile, top first
    (the first few of them; the rest beneath in the default order)."""
    seat = st.active
    player = st.players[seat]
    default = duplicates_top_first(st) if st.rules_since("3") else None
    duplicates = []
    for card in st.area:  # R12.1: a twin of a face-up card is discarded instead (R7.7)
        if IDENTITY[card] in player.hall:
            duplicates.append(card)
        else:
            player.hall[IDENTITY[card]] = card
    to_discard(st, duplicates if default is None else in_pile_order(order or [], default))
    emit(st, {"t": "end_turn", "seat": seat, "moved": [c for c in st.area if c not in duplicates],
              "discarded": duplicates})
    if default is not None:
        _chosen_order(st, seat, default, "duplicates")
    st.area = []
    st.area_vp = []
    st.actions = 0
    st.stack.append({"kind": "finish_turn", "seat": seat})
    complete_chapters(st, seat)  # R12.2; a fourth chapter is shed before the turn passes (R8.4)
    if st.rules_since("2") and not st.rules_since("3"):
        order_on_pile(st, seat, duplicates)  # R12.1, AMB-17: first, before any chapter is shed on them


def finish_turn(st):
    seat = st.active
    if st.players[seat].vp >= WINNING_VP:  # R12.4, R15.1
        st.phase = "over"
        st.ended_by = "vp"
        st.placings = placings(st, seat)
        st.winner = sole_first(st.placings)
        if st.winner == seat:
            emit(st, {"t": "win", "seat": seat, "vp": st.players[seat].vp})
        else:  # the bot reached 20 VP for a seat that left: the best seat still in play wins
            emit(st, {"t": "game_ends", "reason": "vp", "winner": st.winner})
        return
    begin_turn(st, (seat + 1) % st.num_players)  # clockwise


def sole_first(places):
    """The seat placed first alone, or None when first place is shared."""
    firsts = [seat for seat, place in enumerate(places) if place == 1]
    return firsts[0] if len(firsts) == 1 else None


def placings(st, winner):
    """R15.4, Y4, AMB-14: the winner first; the others by VP, then completed chapters; equal share.
    Seats that left the game come after every seat in play, the latest to leave first (docs/rules.md,
    "Leaving a game"); ``winner`` is None when the game ended early, or counts only while in play."""
    # Printed mode counts the completed chapters R8.4 would have left: from rules version 3 a player who
    # passed three on another's turn holds the excess until their own turn (``sheds_at_turn_start``);
    # Yucata mode counts them all (Y1).
    most = MAX_COMPLETED if st.mode == "printed" and st.rules_since("3") else None

    def key(seat):
        player = st.players[seat]
        return (player.vp, min(len(player.completed), most or len(player.completed)))

    gone = [seat for seat, _reason in st.departed]
    if winner in gone:
        winner = None
    ranked = sorted((s for s in range(st.num_players) if s != winner and s not in gone), key=key, reverse=True)
    places = [0] * st.num_players
    offset = 1
    if winner is not None:
        places[winner] = 1
        offset = 2
    for index, seat in enumerate(ranked):
        if index and key(seat) == key(ranked[index - 1]):
            places[seat] = places[ranked[index - 1]]
        else:
            places[seat] = index + offset
    for index, seat in enumerate(reversed(gone)):
        places[seat] = st.num_players - len(gone) + 1 + index
    return places


PROMPTS = {
    "setup_discard": (discard_options, setup_discard),
    "setup_place": (setup_place_options, setup_place),
    "action": (action_options, action),
    "discard_draw": (discard_options, discard_draw),
    "choose_tier": (choose_tier_options, choose_tier),
    "ability": (ability_options, ability),
    "pay": (chapter_options, pay),
    "shed_chapters": (chapter_options, shed_chapters),
    "order_pile": (order_options, order_pile),
}
