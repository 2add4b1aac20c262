"""Determinization: one possible true state, consistent with what a seat knows.

Every profession card the seat has not seen (the observation's ``seen``) is dealt, from the bot's own
random generator, into the zones it cannot see, each at its public size: the other hands (next to
their publicly known cards), the other players' completed chapters (five colours of one profession;
the profession is public in Yucata mode, Y2), the hidden part of the discard pile, and the deck. The VP
deck is shuffled, and the game's seed is replaced, so that a reshuffle in the sample follows the bot's
generator, not the real game's. Nothing here reads the true state.
"""

from .cards import IDENTITY, PROFESSION_CARD_COUNT, identities_of
from .observation import observe, public_skeleton


def determinize(obs, skeleton, rng):
    st = skeleton.clone(for_playout=True)
    pool = [c for c in range(PROFESSION_CARD_COUNT) if c not in obs.seen]
    rng.shuffle(pool)
    for seat, count in enumerate(obs.chapter_counts):
        if seat == obs.seat:
            st.players[seat].completed = [chapter[:] for chapter in obs.own_completed]
        elif count:
            professions = obs.chapter_professions.get(seat)
            st.players[seat].completed = [
                _chapter(pool, professions[i] if professions else None, rng) for i in range(count)
            ]
    discard = list(obs.discard)
    for i, card in enumerate(discard):
        if card is None:
            discard[i] = pool.pop()
    st.discard = discard
    for seat, size in enumerate(obs.hand_sizes):
        if seat == obs.seat:
            continue
        known = obs.known[seat]
        player = st.players[seat]
        player.known = set(known)
        player.hand = list(known) + [pool.pop() for _ in range(size - len(known))]
    if len(pool) != obs.deck_size:
        raise AssertionError("the unseen cards do not fill the hidden zones exactly")
    st.deck = pool
    vp_deck = list(obs.vp_deck)
    rng.shuffle(vp_deck)
    st.vp_deck = vp_deck
    st.seed = f"determinized-{rng.getrandbits(64):016x}"
    return st


def _chapter(pool, profession, rng):
    """Five unseen cards of one profession, one per colour, taken out of ``pool``."""
    by_identity = {}
    for index, card in enumerate(pool):
        by_identity.setdefault(IDENTITY[card], []).append(index)
    feasible = [p for p in range(6) if all(i in by_identity for i in identities_of(p))]
    if profession is None or profession not in feasible:
        if not feasible:  # cannot happen in a real game; keep the sizes right all the same
            return [pool.pop() for _ in range(5)]
        profession = rng.choice(feasible)
    indices = sorted((rng.choice(by_identity[i]) for i in identities_of(profession)), reverse=True)
    chapter = [pool.pop(index) for index in indices]
    return sorted(chapter, key=IDENTITY.__getitem__)


def sampler(st, seat):
    """``rng -> a sample``: the seat's observation and the public skeleton are read once, and each call
    deals one determinization from them (the search draws hundreds per decision)."""
    obs = observe(st, seat)
    skeleton = public_skeleton(st, seat)
    return lambda rng: determinize(obs, skeleton, rng)
