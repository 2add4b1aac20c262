"""Knockout for 2-player games: single elimination, seeded by rating.

The bracket has the next power of two slots; seed 1 meets the lowest seed, and the top seeds get the
first-round byes. Seeds are placed so that 1 and 2 can meet only in the final (1 v 16, 8 v 9, 5 v 12, ...).
A drawn game (a shared first place) goes to the higher seed.
"""


def bracket_order(slots):
    """Seed numbers in bracket order: 2 → [1, 2]; 4 → [1, 4, 2, 3]; 8 → [1, 8, 4, 5, 2, 7, 3, 6]."""
    order = [1]
    while len(order) < slots:
        size = len(order) * 2
        order = [x for seed in order for x in (seed, size + 1 - seed)]
    return order


def slots_for(n):
    slots = 1
    while slots < n:
        slots *= 2
    return max(slots, 2)


def first_round(seeded):
    """``seeded``: entrant ids, seed 1 first → [(a, b)] in bracket order; b is None for a bye."""
    order = bracket_order(slots_for(len(seeded)))
    by_seed = {number: entrant for number, entrant in enumerate(seeded, start=1)}
    entries = [by_seed.get(number) for number in order]
    return [(entries[k], entries[k + 1]) if entries[k] is not None else (entries[k + 1], None)
            for k in range(0, len(entries), 2)]


def next_round(advancing):
    """Winners of the last round in bracket order → [(a, b)]; b is None when the other side is empty."""
    return [(advancing[k], advancing[k + 1] if k + 1 < len(advancing) else None)
            for k in range(0, len(advancing), 2)]


def rounds_needed(n):
    return max(slots_for(n).bit_length() - 1, 1)
