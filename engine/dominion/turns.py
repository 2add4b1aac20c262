"""The flow of a game: setup (D-SETUP), the turn and its phases (D-TURN), buying (D-BUY, G-OVER,
G-COF), Clean-up, and the end of the game (D-END-1).

``settle`` runs everything that needs no decision: the effect stack (``run``), the automatic phase
changes (D-TURN-5: the Action phase ends when no Action or no Action card is left, the Buy phase when
no Buy is left; Clean-up always runs by itself), until a player must decide or the game is over.
"""

from ..rng import shuffle
from .cards import (
    ACTIONS,
    CATALOGUE,
    COIN,
    COST,
    GUILDS,
    HAND_SIZE,
    KINGDOM_SIZE,
    OVERPAY,
    STARTING_DECK,
    TREASURES,
    UNPLAYABLE,
    setup_supply,
)
from .effects import ask, push
from .kingdom import EFFECTS, END_OF_BUY_PHASE, SETUP, WHEN_BUYING
from .outcomes import end_game
from .zones import draw, emit, gain

# --- setup ---------------------------------------------------------------------------------------------


def random_kingdom(seed):
    """D-SETUP-3, D-SETUP-7 step 1: ten of the thirteen, drawn from the seed."""
    names = list(GUILDS)
    shuffle(names, seed, "kingdom")
    return names[:KINGDOM_SIZE]


def random_first_seat(seed, players):
    """D-SETUP-6, D-SETUP-7 step 2."""
    seats = list(range(players))
    shuffle(seats, seed, "first-seat")
    return seats[0]


def deal(st, first_seat):
    """D-SETUP-2, -4, -5: the Supply, ten cards per player shuffled (seat 0 first), five drawn each."""
    st.supply = setup_supply(st.num_players, st.kingdom)
    emit(st, {"t": "setup", "kingdom": list(st.kingdom), "first": first_seat})
    for seat, s in enumerate(st.seats):
        s.deck = list(STARTING_DECK)
        shuffle(s.deck, st.seed, st.shuffles)
        st.shuffles += 1
        draw(st, seat, HAND_SIZE)
    for card in st.kingdom:
        if card in SETUP:
            SETUP[card](st)
    begin_turn(st, first_seat)
    settle(st)


def begin_turn(st, seat):
    """D-TURN-1: 1 Action, 1 Buy, $0."""
    st.active = seat
    st.turn += 1
    st.phase = "action"
    st.actions = 1
    st.buys = 1
    st.coins = 0
    st.bought = False
    st.gained = 0
    emit(st, {"t": "turn", "seat": seat, "turn": st.turn})


# --- the machine ---------------------------------------------------------------------------------------


def run(st):
    """Resolve the effect stack until a step asks a question or nothing is left (design §3)."""
    stack = st.stack
    while stack and st.prompt is None:
        frame = stack[-1]
        steps = EFFECTS[frame["fx"]]
        index = frame["step"]
        if index >= len(steps):
            stack.pop()
            continue
        frame["step"] = index + 1
        steps[index](st, frame)


def settle(st):
    while st.prompt is None and st.phase != "over":
        if st.stack:
            run(st)
        elif st.phase == "action":
            if st.actions > 0 and any(c in ACTIONS for c in st.seats[st.active].hand):
                ask(st, "action", st.active)
            else:
                st.phase = "buy"  # D-TURN-5
        elif st.buys > 0:
            ask(st, "buy", st.active)
        else:
            end_turn(st)


# --- the Action and Buy phases (DEC-ACT, DEC-B1, DEC-B2) ----------------------------------------------


def may_spend_tokens(st):
    """G-COF-2: only in the Buy phase before the first buy (2013); any time in the turn (2022, AMB-D-01)."""
    if st.rules["coffers_anytime"]:
        return True
    return st.phase == "buy" and not st.bought


def action_options(st, prompt):
    s = st.seats[st.active]
    options = [{"type": "play", "card": c} for c in dict.fromkeys(c for c in s.hand if c in ACTIONS)]
    options.append({"type": "end_actions"})
    if s.tokens and st.rules["coffers_anytime"]:
        options += [{"type": "spend_tokens", "n": n} for n in range(1, s.tokens + 1)]
    return options


def buy_options(st, prompt):
    s = st.seats[st.active]
    options = []
    if not st.bought:
        treasures = [c for c in s.hand if c in TREASURES]
        options += [{"type": "play", "card": c} for c in dict.fromkeys(treasures)]
        if treasures:
            options.append({"type": "play_treasures"})
    if s.tokens and may_spend_tokens(st):
        options += [{"type": "spend_tokens", "n": n} for n in range(1, s.tokens + 1)]
    coins = st.coins
    for card, count in st.supply.items():
        cost = COST[card]
        if count and cost <= coins:
            options.append({"type": "buy", "card": card})
            if card in OVERPAY:
                options += [{"type": "buy", "card": card, "overpay": k} for k in range(1, coins - cost + 1)]
    options.append({"type": "end_turn"})
    return options


def on_action(st, prompt, d):
    kind = d["type"]
    if kind == "play":
        play_action(st, st.active, d["card"])
    elif kind == "end_actions":
        st.phase = "buy"
        emit(st, {"t": "buy_phase", "seat": st.active})
    else:
        spend_tokens(st, d["n"])


def on_buy(st, prompt, d):
    kind = d["type"]
    seat = st.active
    if kind == "play":
        play_treasures(st, seat, [d["card"]])
    elif kind == "play_treasures":
        play_treasures(st, seat, [c for c in st.seats[seat].hand if c in TREASURES])
    elif kind == "spend_tokens":
        spend_tokens(st, d["n"])
    elif kind == "buy":
        push(st, "buy", seat, card=d["card"], overpay=d.get("overpay", 0))
    else:
        end_turn(st)


def play_action(st, seat, card):
    """D-TURN-2: costs an Action, goes into play, then its text resolves completely."""
    s = st.seats[seat]
    st.actions -= 1
    s.hand.remove(card)
    s.in_play.append(card)
    emit(st, {"t": "play", "seat": seat, "card": card})
    push(st, card, seat)


def play_treasures(st, seat, cards):
    """D-TURN-4 B1: each into play, adding its value."""
    s = st.seats[seat]
    for card in cards:
        s.hand.remove(card)
        s.in_play.append(card)
        st.coins += COIN[card]
    emit(st, {"t": "treasures", "seat": seat, "cards": list(cards)})


def spend_tokens(st, count):
    """G-COF-2: +$1 each, back to the bank."""
    st.seats[st.active].tokens -= count
    st.coins += count
    emit(st, {"t": "spend", "seat": st.active, "count": count})


# --- buying (D-BUY-1, D-BUY-2, G-OVER) ----------------------------------------------------------------


def pay(st, f):
    """Steps 1 and 2: the card leaves its pile at once (AMB-D-03), cost and overpay are paid, Merchant
    Guild's 2013 tokens come (AMB-D-04: before any overpay effect)."""
    card, overpay = f["card"], f["overpay"]
    st.supply[card] -= 1
    st.coins -= COST[card] + overpay
    st.bought = True
    emit(st, {"t": "buy", "seat": f["seat"], "card": card, "overpay": overpay})
    for hook in WHEN_BUYING:
        hook(st, f["seat"])


def overpay_before_gain(st, f):
    if f["overpay"] and not st.rules["overpay_after_gain"]:
        push(st, f["card"] + "+", f["seat"], k=f["overpay"], left=f["overpay"])  # G-OVER-4


def gain_bought(st, f):
    gain(st, f["seat"], f["card"], bought=True)


def overpay_after_gain(st, f):
    if f["overpay"] and st.rules["overpay_after_gain"]:
        push(st, f["card"] + "+", f["seat"], k=f["overpay"], left=f["overpay"])  # D-ED-2, 2022 errata


def one_buy_less(st, f):
    st.buys -= 1


EFFECTS["buy"] = (pay, overpay_before_gain, gain_bought, overpay_after_gain, one_buy_less)


# --- Clean-up and the end of the game ------------------------------------------------------------------


def end_turn(st):
    """The Buy phase ends; D-TURN-6 Clean-up; D-END-1; the next seat's turn."""
    seat = st.active
    for hook in END_OF_BUY_PHASE:
        hook(st, seat)
    s = st.seats[seat]
    count = len(s.hand) + len(s.in_play)
    s.discard += s.hand  # AMB-D-07: hand first, in hand order, then play, in the order played
    s.discard += s.in_play
    s.hand = []
    s.in_play = []
    st.actions = st.buys = st.coins = 0
    emit(st, {"t": "cleanup", "seat": seat, "count": count, "top": s.discard[-1] if s.discard else None})
    draw(st, seat, HAND_SIZE)
    s.turns += 1
    if game_ends(st):
        end_game(st, "rules")
    else:
        begin_turn(st, (seat + 1) % st.num_players)


def empty_piles(st):
    return [card for card, count in st.supply.items() if count == 0]


def game_ends(st):
    """D-END-1: the Province pile is empty, or three (or more) Supply piles are."""
    return st.supply["Province"] == 0 or len(empty_piles(st)) >= 3


# --- refusals of the phase decisions (§14) ------------------------------------------------------------


def explain(st, prompt, d):
    """(rule, error key, params) saying why ``d`` is not legal at the Action or Buy prompt."""
    kind = d["type"]
    s = st.seats[st.active]
    if kind == "play":
        return _explain_play(st, s, d["card"])
    if kind == "play_treasures":
        if st.phase == "action":
            return "ILL-TRE-1", "treasure_in_action_phase", {}
        if st.bought:
            return "ILL-TRE-2", "treasure_after_buy", {}
        return "ILL-ACT-3", "no_treasures", {}
    if kind == "spend_tokens":
        if not st.rules["coffers_anytime"]:
            if st.phase == "action":
                return "ILL-TOK-2", "tokens_in_action_phase", {}
            if st.bought:
                return "ILL-TOK-3", "tokens_after_buy", {}
        return "ILL-TOK-1", "tokens_amount", {"n": d["n"], "count": s.tokens}
    if kind == "buy":
        return _explain_buy(st, d)
    if kind == "end_turn":
        return "ILL-GEN-1", "end_actions_first", {}
    if kind == "end_actions":
        return "ILL-GEN-1", "not_action_phase", {}
    return "ILL-GEN-1", "expected_" + prompt["kind"], {}


def _explain_play(st, s, card):
    if card in UNPLAYABLE:
        return "ILL-ACT-4", "not_playable", {"card": card}
    if card not in CATALOGUE or card not in s.hand:
        return "ILL-ACT-3", "not_in_hand", {"card": card}
    if card in ACTIONS:
        if st.actions == 0:
            return "ILL-ACT-1", "no_actions", {"card": card}
        return "ILL-ACT-2", "action_in_buy_phase", {"card": card}
    if st.phase == "action":
        return "ILL-TRE-1", "treasure_in_action_phase", {}
    return "ILL-TRE-2", "treasure_after_buy", {}


def _explain_buy(st, d):
    card, overpay = d["card"], d.get("overpay", 0)
    if st.phase == "action":
        return "ILL-GEN-1", "buy_in_action_phase", {}
    if st.buys == 0:
        return "ILL-BUY-1", "no_buys", {}
    if card not in st.supply:
        return "ILL-BUY-3", "not_in_supply", {"card": card}
    if not st.supply[card]:
        return "ILL-BUY-3", "pile_empty", {"card": card}
    if overpay < 0:
        return "ILL-OVR-2", "overpay_negative", {}
    if overpay and card not in OVERPAY:
        return "ILL-OVR-1", "no_overpay", {"card": card}
    if COST[card] > st.coins:
        return "ILL-BUY-2", "too_expensive", {"card": card, "cost": COST[card], "coins": st.coins}
    return "ILL-OVR-2", "overpay_too_much", {"most": st.coins - COST[card], "n": overpay}


PHASE_PROMPTS = {"action": action_options, "buy": buy_options}
PHASE_HANDLERS = {"action": on_action, "buy": on_buy}
