"""What one seat knows: its view (engine.views), nothing else.

``observe(st, seat)`` reads the seat's own view and turns it into card ids: its hand, every face-up
card, the visible part of the discard pile, the VP cards, and the size of every zone it cannot see.
Two more facts are the seat's by the rules and not in the view's card objects: its own completed
chapters (it completed them) and, in Yucata mode, the cards everyone saw go back into a hand
(``Player.known``: taken back from a guildhall in plain sight; the hand indicator counts them, Y5).

``public_skeleton(st, seat)`` is the state's public structure (whose turn, the prompts, the played
professions, the zones' owners) with every zone the seat may not see left empty. The sampler fills
those zones from the observation (engine/search/sampler.py).
"""

from .cards import PROFESSIONS, vp_cards_for
from .state import NO_SNAPSHOT
from .views import view

HIDDEN_SEED = "determinized"
_HAND_PICKS = ("discard", "place")  # replaced by each sample: the game's seed would fix future shuffles


class Observation:
    __slots__ = (
        "seat",
        "num_players",
        "mode",
        "hand",
        "seen",
        "hand_sizes",
        "known",
        "chapter_counts",
        "chapter_professions",
        "own_completed",
        "deck_size",
        "discard",
        "vp_deck",
    )


def _ids(cards):
    return [c["id"] for c in cards]


def observe(st, seat):
    seen_view = view(st, seat)
    obs = Observation()
    obs.seat = seat
    obs.num_players = st.num_players
    obs.mode = st.mode
    obs.hand = _ids(seen_view["you"]["hand"])
    seen = set(obs.hand)
    for player in seen_view["players"]:
        for chapter in player["chapters"].values():
            seen.update(_ids(chapter))
    seen.update(_ids(seen_view["action_area"]["cards"]))
    obs.own_completed = [chapter[:] for chapter in st.players[seat].completed]  # the seat's own cards
    for chapter in obs.own_completed:
        seen.update(chapter)
    # Hand cards every player saw arrive are public in Yucata mode (Y5: the hand indicator counts them),
    # so they are not re-sampled there; printed mode keeps no such record, as at a real table.
    yucata = st.mode == "yucata"
    obs.known = {
        other: sorted(st.players[other].known) if yucata else [] for other in range(st.num_players) if other != seat
    }
    for cards in obs.known.values():
        seen.update(cards)
    obs.hand_sizes = [player["hand_size"] for player in seen_view["players"]]
    obs.chapter_counts = [player["completed"] for player in seen_view["players"]]
    obs.chapter_professions = {}
    for player in seen_view["players"]:
        if player["seat"] != seat and "completed_professions" in player:  # Yucata mode (Y2)
            obs.chapter_professions[player["seat"]] = [PROFESSIONS.index(p) for p in player["completed_professions"]]
    obs.deck_size = seen_view["deck_size"]
    obs.discard = _visible_pile(seen_view)
    seen.update(c for c in obs.discard if c is not None)
    obs.seen = seen
    owned = set(_ids(seen_view["center_row"]))
    for player in seen_view["players"]:
        owned.update(_ids(player["vp_cards"]))
    # The VP deck's cards follow from the public ones (R3.2); only their order is hidden.
    obs.vp_deck = sorted(set(vp_cards_for(st.num_players)) - owned)
    assert len(obs.vp_deck) == seen_view["vp_deck_size"]
    return obs


def _visible_pile(seen_view):
    """The discard pile bottom first, ``None`` where the seat cannot see the card."""
    size = seen_view["discard_size"]
    if "discard" in seen_view:  # Yucata mode: the whole pile is public (Y5)
        return _ids(seen_view["discard"])
    pending = seen_view["pending"] or {}
    if "pile" in pending:  # searching it with the Historian: the whole pile, top first
        return [entry["card"]["id"] for entry in reversed(pending["pile"])]
    pile = [None] * size
    if size:
        pile[-1] = seen_view["discard_top"]["id"]
    if "cards" in pending:  # ordering cards just put on the pile: the seat's own, top first
        above = 1 if pending.get("on_top") else 0
        block = _ids(pending["cards"])
        end = size - above
        pile[end - len(block) : end] = block[::-1]
    return pile


def public_skeleton(st, seat):
    """The state's public structure; every zone ``seat`` may not see is empty."""
    skeleton = st.clone(for_playout=True)
    skeleton.seed = HIDDEN_SEED
    skeleton.deck = []
    skeleton.discard = []
    skeleton.vp_deck = []
    for other, player in enumerate(skeleton.players):
        if other != seat:
            player.hand = []
            player.known = set()
            player.completed = []
    for prompt in skeleton.stack:
        if prompt["seat"] != seat and "picks" in prompt:
            # Another player's hand cards chosen so far (to discard; to place with a Weaver or a VP card):
            # the sample deals that hand afresh, so the choice starts again there.
            for phase in _HAND_PICKS:
                if phase in prompt["picks"]:
                    prompt["picks"][phase] = []
    skeleton.snapshot = NO_SNAPSHOT
    return skeleton
