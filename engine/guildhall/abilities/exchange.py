"""Exchange effects between two guildhalls (R5.5, AMB-04): every moving card is chosen from the state
before the effect, all move at once, and afterwards neither guildhall may hold two identical cards.

Identities face up in *both* guildhalls ("shared") are the only source of trouble: a shared card may be
given only together with its twin from the other side (an identical swap, R7.5), and a shared card may
be taken only in exchange for its twin. So a legal exchange swaps k shared pairs and moves only
non-shared cards otherwise.
"""

from ..cards import IDENTITY
from . import picks, select_options


def _shared(mine, theirs):
    return mine.keys() & theirs.keys()


def feasible(mine, theirs, give, take):
    """Can ``give`` of my face-up cards be exchanged for ``take`` of theirs?"""
    shared = len(_shared(mine, theirs))
    mine_free = len(mine) - shared
    theirs_free = len(theirs) - shared
    return any(
        give - k <= mine_free and take - k <= theirs_free for k in range(min(give, take, shared) + 1)
    )


def step(mine, theirs, ctx, give, take):
    """The next choice: first the cards given, then the cards taken."""
    shared = _shared(mine, theirs)
    given = picks(ctx, "give")
    taken = picks(ctx, "take")
    k = sum(1 for c in given if IDENTITY[c] in shared)
    if len(given) < give:
        options = []
        for identity, card in mine.items():
            if card in given:
                continue
            k2, j2 = (k + 1, len(given) - k) if identity in shared else (k, len(given) - k + 1)
            if _can_finish(k2, j2, give, take, len(shared), len(mine) - len(shared), len(theirs) - len(shared)):
                options.append(card)
        return ("give", select_options(sorted(options)), False)
    if len(taken) < take:
        twins = [theirs[IDENTITY[c]] for c in given if IDENTITY[c] in shared]
        options = [c for c in twins if c not in taken]
        free_taken = sum(1 for c in taken if IDENTITY[c] not in shared)
        if free_taken < take - k:
            options += [c for i, c in theirs.items() if i not in shared and c not in taken]
        return ("take", select_options(sorted(options)), False)
    return None


def _can_finish(k, j, give, take, shared, mine_free, theirs_free):
    left = give - k - j
    for extra in range(left + 1):
        pairs = k + extra
        if pairs <= shared and left - extra <= mine_free - j and pairs <= take and take - pairs <= theirs_free:
            return True
    return False


def swap(st, seat, target, given, taken):
    """Carry the exchange out at once (both sides), before any completion check."""
    mine = st.players[seat].hall
    theirs = st.players[target].hall
    for c in given:
        del mine[IDENTITY[c]]
    for c in taken:
        del theirs[IDENTITY[c]]
    for c in taken:
        assert IDENTITY[c] not in mine, "R7.1 duplicate"
        mine[IDENTITY[c]] = c
    for c in given:
        assert IDENTITY[c] not in theirs, "R7.1 duplicate"
        theirs[IDENTITY[c]] = c
