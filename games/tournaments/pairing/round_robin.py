"""Round robin in groups.

2-player tables: players are dealt into groups of 3 to 6 by rating (a snake: 1st to group A, 2nd to B, ...,
then back), and each group plays every pairing once by the circle method; in an odd group one player rests
each round. Tables of 3 or 4: each group is one table (groups of the table size, one short where the numbers
need it) that plays ``rounds`` games; the site draws the seat order of every game at random.
"""

import math

from .tables import table_sizes

MAX_GROUP = 6


def group_sizes(n, table_size):
    if table_size == 2:
        if n <= MAX_GROUP:
            return [n]
        groups = math.ceil(n / MAX_GROUP)
        return [n // groups + (1 if i < n % groups else 0) for i in range(groups)]
    return table_sizes(n, table_size) or [n]


def groups(seeded, table_size):
    """``seeded``: entrant ids by rating, best first → a list of groups (lists of ids), snake-dealt."""
    sizes = group_sizes(len(seeded), table_size)
    result = [[] for _size in sizes]
    index, step = 0, 1
    for entrant in seeded:
        while len(result[index]) >= sizes[index]:
            index = (index + step) % len(sizes)
        result[index].append(entrant)
        nxt = index + step
        if nxt in (len(sizes), -1):
            step = -step
        else:
            index = nxt
    return result


def rounds_needed(sizes, table_size, rounds):
    if table_size != 2:
        return rounds
    biggest = max(sizes)
    return biggest - 1 if biggest % 2 == 0 else biggest


def schedule(group, round_number, table_size):
    """The tables of ``group`` in round ``round_number`` (from 1) and who rests: (tables, resting)."""
    if table_size != 2:
        return [list(group)], []
    players = list(group) + ([None] if len(group) % 2 else [])
    count = len(players)
    if round_number > count - 1:
        return [], []
    turn = round_number - 1
    rotated = [players[0]] + players[1:][-turn:] + players[1:][:-turn] if turn else players
    tables, resting = [], []
    for k in range(count // 2):
        a, b = rotated[k], rotated[count - 1 - k]
        if a is None or b is None:
            resting.append(b if a is None else a)
        else:
            tables.append([a, b])
    return tables, resting
