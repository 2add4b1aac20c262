"""What must hold in every Guildhall state, checked by self-play after every decision (engine/selfplay.py
calls ``check_invariants`` of a game that offers it)."""

import json

from .cards import ALL_VP_IDS, IDENTITY, MAX_COMPLETED, VP_VALUE
from .views import card_ids_in, hidden_cards, view
from .zones import sheds_at_turn_start


def check_invariants(st):
    """Every card in exactly one place, guildhall keys matching their cards, at most three completed
    chapters (unless a shed is pending or deferred), VP = VP cards + tokens, and no view showing a card
    its viewer may not see, or the seed before the end. AssertionError otherwise."""
    places = list(st.deck) + list(st.discard) + list(st.area)
    vp_places = list(st.row) + list(st.vp_deck)
    for seat, player in enumerate(st.players):
        places += player.hand + list(player.hall.values())
        places += [c for chapter in player.completed for c in chapter]
        vp_places += player.vp_cards
        for identity, card in player.hall.items():
            if IDENTITY[card] != identity:
                raise AssertionError(f"seat {seat}: guildhall key {identity} holds card {card}")
        shedding = any(p["kind"] == "shed_chapters" and p["seat"] == seat for p in st.stack)
        may_exceed = shedding or (sheds_at_turn_start(st) and seat != st.active)
        if len(player.completed) > MAX_COMPLETED and not may_exceed and st.phase != "over":
            raise AssertionError(f"seat {seat} holds {len(player.completed)} completed chapters")
        if player.vp != sum(VP_VALUE[v] for v in player.vp_cards) + player.tokens:
            raise AssertionError("VP is not VP cards + tokens")
    if sorted(places) != list(range(120)):
        raise AssertionError("a profession card is missing or in two places")
    expected_vp = len(ALL_VP_IDS) if st.num_players == 4 else 20
    if len(vp_places) != len(set(vp_places)) or len(vp_places) != expected_vp:
        raise AssertionError("a VP card is missing or in two places")
    for viewer in list(range(st.num_players)) + [None]:
        seen = view(st, viewer)
        leaked = card_ids_in(seen) & hidden_cards(st, viewer)
        if leaked:
            raise AssertionError(f"view for {viewer} shows hidden cards {sorted(leaked)}")
        if st.phase != "over" and st.seed in json.dumps(seen):
            raise AssertionError("the seed appears in a view")
