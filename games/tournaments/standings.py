"""Standings from the recorded results: pure functions over plain values, no database.

Swiss: points, then Buchholz as a mean (the mean of the tournament points of every opponent met, counted
once per game: a mean, not a sum, because tables of 3 give more opponents than tables of 4 give fewer),
then the mean of own VP ÷ the table winner's VP, then the rating at the start.
Round robin: points, then head-to-head among the tied players (at every table two of them shared, the one
placed higher scores 1, a shared place ½ each), then the VP difference (own VP minus the mean of the
table's others, summed), then the rating. Knockout: points (games won, walkovers and byes), then the seed.
"""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Played:
    """One entrant's recorded result at one finished table."""

    entrant: int
    points: float
    vp: int
    place: int


@dataclass
class Row:
    entrant: int
    points: float = 0.0
    games: int = 0
    byes: int = 0
    tiebreaks: list = field(default_factory=list)
    rank: int = 0


def compute(fmt, entrants, tables, byes):
    """``entrants``: [(id, rating, seed)]; ``tables``: [[Played, ...], ...] of finished tables; ``byes``:
    [(entrant id, points)]. Returns the rows in order, ranks shared where every key is equal."""
    rows = {entrant_id: Row(entrant_id) for entrant_id, _rating, _seed in entrants}
    rating = {entrant_id: r for entrant_id, r, _seed in entrants}
    seed = {entrant_id: s or 0 for entrant_id, _r, s in entrants}
    for table in tables:
        for played in table:
            row = rows[played.entrant]
            row.points += played.points
            row.games += 1
    for entrant_id, points in byes:
        rows[entrant_id].points += points
        rows[entrant_id].byes += 1
    for row in rows.values():
        row.points = round(row.points, 6)
    if fmt == "swiss":
        _swiss_tiebreaks(rows, rating, tables)
    elif fmt == "round_robin":
        _round_robin_tiebreaks(rows, rating, tables)
    else:
        for row in rows.values():
            row.tiebreaks = [-seed[row.entrant]]
    # Equal on every key: the seed (by rating, then drawn at random at the start) orders them, sharing the rank.
    ordered = sorted(rows.values(), key=lambda r: (-r.points, [-t for t in r.tiebreaks], seed[r.entrant], r.entrant))
    for index, row in enumerate(ordered):
        previous = ordered[index - 1] if index else None
        same = previous is not None and (previous.points, previous.tiebreaks) == (row.points, row.tiebreaks)
        row.rank = previous.rank if same else index + 1
    return ordered


def _swiss_tiebreaks(rows, rating, tables):
    opponents = {entrant_id: [] for entrant_id in rows}
    vp_share = {entrant_id: [] for entrant_id in rows}
    for table in tables:
        best = max(p.vp for p in table)
        for played in table:
            opponents[played.entrant].extend(o.entrant for o in table if o.entrant != played.entrant)
            vp_share[played.entrant].append(played.vp / best if best else 0.0)
    for entrant_id, row in rows.items():
        met = opponents[entrant_id]
        buchholz = sum(rows[o].points for o in met) / len(met) if met else 0.0
        shares = vp_share[entrant_id]
        row.tiebreaks = [round(buchholz, 6), round(sum(shares) / len(shares), 6) if shares else 0.0,
                         rating[entrant_id]]


def _round_robin_tiebreaks(rows, rating, tables):
    tied = {}
    for row in rows.values():
        tied.setdefault(row.points, set()).add(row.entrant)
    head_to_head = dict.fromkeys(rows, 0.0)
    vp_difference = dict.fromkeys(rows, 0.0)
    for table in tables:
        for played in table:
            others = [o for o in table if o.entrant != played.entrant]
            if others:
                vp_difference[played.entrant] += played.vp - sum(o.vp for o in others) / len(others)
            group = tied[rows[played.entrant].points]
            for other in others:
                if other.entrant in group:
                    head_to_head[played.entrant] += 1.0 if played.place < other.place else (
                        0.5 if played.place == other.place else 0.0)
    for entrant_id, row in rows.items():
        row.tiebreaks = [head_to_head[entrant_id], round(vp_difference[entrant_id], 6), rating[entrant_id]]
