"""The components (reference §1): 120 profession cards and 30 VP cards.

A profession card's id is ``profession * 20 + colour * 4 + copy`` (0…119): stable, and it says nothing
about where the card lies in the deck. Its *identity* ``id // 4 == profession * 5 + colour`` is what the
duplicate rule compares (R1.1: same profession and same colour, AMB-19).
"""

PROFESSIONS = ("assassin", "dancer", "farmer", "historian", "trader", "weaver")
COLOURS = ("red", "blue", "yellow", "green", "purple")  # AMB-02: five abstract symbols, canonical names
ASSASSIN, DANCER, FARMER, HISTORIAN, TRADER, WEAVER = range(6)
COPIES = 4
PROFESSION_CARD_COUNT = len(PROFESSIONS) * len(COLOURS) * COPIES  # 120 (R1.1)
CHAPTER_SIZE = len(COLOURS)  # five colours complete a chapter (R8.1)
MAX_COMPLETED = 3  # R8.4

IDENTITY = tuple(card // COPIES for card in range(PROFESSION_CARD_COUNT))
PROFESSION_OF = tuple(card // 20 for card in range(PROFESSION_CARD_COUNT))
COLOUR_OF = tuple((card % 20) // COPIES for card in range(PROFESSION_CARD_COUNT))


def identities_of(profession):
    """The five identities (one per colour) of a profession."""
    return range(profession * 5, profession * 5 + 5)


def profession_index(name):
    return PROFESSIONS.index(name)


# The VP cards (reference §1.2, AMB-01): kind -> (VP, cost in completed chapters, copies with 4 players,
# copies with 2–3 players).
VP_KINDS = {
    "VP2-Chapter": (2, 1, 3, 2),
    "VP3-Draw6": (3, 1, 3, 2),
    "VP3-Swap1for2": (3, 1, 3, 2),
    "VP3-PlaceHand": (3, 1, 3, 2),
    "VP4-StealCard": (4, 1, 3, 2),
    "VP4-Action": (4, 1, 3, 2),
    "VP5": (5, 1, 6, 4),
    "VP7-2Actions": (7, 2, 3, 2),
    "VP9": (9, 2, 3, 2),
}
FIRST_VP_ID = PROFESSION_CARD_COUNT  # VP card ids are 120…149
VP_KIND_OF = {}
VP_VALUE = {}
VP_COST = {}
_SMALL_GAME_VP_IDS = []
_next = FIRST_VP_ID
for _kind, (_vp, _cost, _copies, _small) in VP_KINDS.items():
    for _copy in range(_copies):
        VP_KIND_OF[_next] = _kind
        VP_VALUE[_next] = _vp
        VP_COST[_next] = _cost
        if _copy < _small:
            _SMALL_GAME_VP_IDS.append(_next)
        _next += 1
ALL_VP_IDS = tuple(VP_KIND_OF)
assert len(ALL_VP_IDS) == 30 and len(_SMALL_GAME_VP_IDS) == 20


def vp_cards_for(players):
    """R3.2: all 30 with 4 players; with 2–3 players two VP5 and one of each other kind are removed."""
    return list(ALL_VP_IDS) if players == 4 else list(_SMALL_GAME_VP_IDS)


def card_json(card):
    """A profession card as the views and the API show it."""
    return {"id": card, "profession": PROFESSIONS[PROFESSION_OF[card]], "colour": COLOURS[COLOUR_OF[card]]}


def vp_json(card):
    return {"id": card, "kind": VP_KIND_OF[card], "vp": VP_VALUE[card], "cost": VP_COST[card]}


def card_name(card):
    """English name used in error messages: 'blue Farmer'."""
    return f"{COLOURS[COLOUR_OF[card]]} {PROFESSIONS[PROFESSION_OF[card]].capitalize()}"
