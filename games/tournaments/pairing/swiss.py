"""Swiss at tables of 2, 3 or 4.

Players come in order of standing (points, tie-breaks, rating, then a random draw). Tables are filled from
the top, the full ones first and the smaller ones at the bottom. Then players are swapped between tables
while that lowers the cost of repeat meetings, where a pair that already met k times costs k²: a second
meeting costs 1, a third 4, so the pairing spreads repeats before it allows a third. Neighbouring tables
are tried first and tables further apart only while repeats remain, which keeps score bands together.
A bye only when no seating fits (2-player tables and an odd number of players): the lowest-placed player
who has not had one.
"""

from .tables import pairs, table_sizes

MAX_PASSES = 50


def pair(order, size, met, had_bye=frozenset()):
    """``order``: entrant ids by standing; ``met``: {frozenset(a, b): times met}. Returns (tables, bye)."""
    order = list(order)
    bye = None
    if table_sizes(len(order), size) is None and order:
        candidates = [e for e in reversed(order) if e not in had_bye] or list(reversed(order))
        bye = candidates[0]
        order.remove(bye)
    sizes = table_sizes(len(order), size) or []
    tables, start = [], 0
    for seats in sizes:
        tables.append(order[start:start + seats])
        start += seats
    improve(tables, met)
    return tables, bye


def cost(table, met):
    return sum(met.get(frozenset(pair), 0) ** 2 for pair in pairs(table))


def improve(tables, met):
    """Swap players between tables while a swap lowers the repeat cost: between neighbouring tables first,
    then, only while repeats remain, between tables further apart, one step at a time. Near swaps keep the
    score bands together; the wider ones are what avoiding a rematch costs. With 32 players at tables of 4
    over 5 rounds of random results (30 tournaments), repeat meetings per tournament: 13.4 swapping
    neighbours only, 6.2 within two tables, 0.23 widening as needed (``repeat_meetings`` in
    tests/games/tournaments/test_pairing.py)."""
    for reach in range(1, len(tables)):
        for _pass in range(MAX_PASSES):
            changed = False
            for distance in range(1, reach + 1):
                for i in range(len(tables) - distance):
                    changed |= _best_swap(tables, i, i + distance, met)
            if not changed:
                break
        if not sum(cost(table, met) for table in tables):
            return


def _best_swap(tables, i, j, met):
    a_table, b_table = tables[i], tables[j]
    before = cost(a_table, met) + cost(b_table, met)
    if not before:
        return False
    best = None
    for x, a in enumerate(a_table):
        for y, b in enumerate(b_table):
            a_new = a_table[:x] + [b] + a_table[x + 1:]
            b_new = b_table[:y] + [a] + b_table[y + 1:]
            saving = before - cost(a_new, met) - cost(b_new, met)
            # The smallest move in the standings among equal savings: the later seat of the upper table
            # with the earlier seat of the lower one.
            key = (saving, x - y)
            if saving > 0 and (best is None or key > best[0]):
                best = (key, a_new, b_new)
    if best is None:
        return False
    tables[i], tables[j] = best[1], best[2]
    return True


def repeat_pairs(tables, met):
    """How many pairs at ``tables`` had met before."""
    return sum(1 for table in tables for pair in pairs(table) if met.get(frozenset(pair), 0))
