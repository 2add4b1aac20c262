"""How good a position is for each seat: 1 for a win, 0 for a loss, in between by a cheap estimate.

A finished game scores its placings (a shared first place splits the win). A game cut off by the
search scores each seat's lead in *potential* over its best opponent, squashed into (0, 1): VP already
held, plus what the table promises: a completed chapter pays for a VP card (R9.1), a chapter near
completion is worth part of one, and hand cards are the next turns' actions.
"""

import math

from .cards import MAX_COMPLETED

CHAPTER_VP = 4.0  # a completed chapter buys a VP card worth 2–9 (VP_KINDS), most often 4 or 5
LEVEL_VALUE = (0.0, 0.3, 0.8, 1.5, 2.5)  # a chapter with N face-up cards, N < 5
HAND_CARD = 0.1
SCALE = 4.0  # a lead of this much potential is worth about 73% (the logistic's value at 1)


def potential(player):
    completed = min(len(player.completed), MAX_COMPLETED)
    levels = [0] * 6
    for identity in player.hall:
        levels[identity // 5] += 1
    return (
        player.vp
        + CHAPTER_VP * completed
        + sum(LEVEL_VALUE[level] for level in levels)
        + HAND_CARD * min(len(player.hand), 9)
    )


def rewards(st):
    """One value in [0, 1] per seat."""
    n = st.num_players
    if st.phase == "over":
        firsts = [seat for seat in range(n) if st.placings[seat] == 1]
        return [1.0 / len(firsts) if seat in firsts else 0.0 for seat in range(n)]
    scores = [potential(p) for p in st.players]
    values = []
    for seat in range(n):
        best_other = max(scores[o] for o in range(n) if o != seat)
        values.append(1.0 / (1.0 + math.exp(-(scores[seat] - best_other) / SCALE)))
    return values
