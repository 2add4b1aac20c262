"""How many tables of which size seat n players at tables of ``size``."""

import itertools


def table_sizes(n, size):
    """Table sizes for ``n`` players, largest first, or None when no seating fits (then a bye).

    As few smaller tables as needed: tables one short of ``size`` first (for size 4, tables of 3), tables
    smaller still only when nothing else fits (for size 4, 5 players: 3 + 2). Tables have at least 2 seats.
    """
    if n < 2:
        return None
    best = None
    near = size - 1
    for far_count in range(n // 2 + 1):
        for near_count in range(n // max(near, 2) + 1 if near >= 2 else 1):
            rest = n - far_count * 2 - near_count * near
            if near < 2 and near_count:
                continue
            if rest < 0 or rest % size:
                continue
            # "far" tables are of 2 seats when size is 4 (3 and 2 below it); for sizes 2 and 3 there is none.
            if far_count and size != 4:
                continue
            key = (far_count, near_count)
            if best is None or key < best[0]:
                best = (key, [size] * (rest // size) + [near] * near_count + [2] * far_count)
    return best[1] if best else None


def pairs(table):
    return itertools.combinations(table, 2)
