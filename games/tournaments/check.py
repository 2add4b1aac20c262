"""Whether the stored results and standings are what the games' logs say: every finished table's result is
recomputed from its log (scoring.results_from_log) and the standings from those recomputed results."""

import math

from games.models import LogEntry

from . import scoring, standings
from .models import TableSeat
from .results import current_standings, history, recorded_byes


def standings_consistent(tournament):
    recomputed_tables = []
    seats = TableSeat.objects.filter(table__round__tournament=tournament, table__finished=True).select_related(
        "table__game"
    )
    by_table = {}
    for seat in seats:
        by_table.setdefault(seat.table_id, []).append(seat)
    for table_seats in by_table.values():
        game = table_seats[0].table.game
        log = LogEntry.objects.for_engine(game.pk)
        results = {r.position: r for r in scoring.results_from_log(game, log)}
        table = []
        for seat in table_seats:
            result = results[seat.position]
            stored = (seat.place, seat.vp, seat.timed_out, seat.left)
            if stored != (result.place, result.vp, result.timed_out, result.left):
                return False
            if not math.isclose(seat.points, result.points, abs_tol=1e-9):
                return False
            table.append(standings.Played(seat.entrant_id, result.points, result.vp, result.place))
        recomputed_tables.append(table)
    entrants = [(e.pk, e.rating, e.seed) for e in tournament.entrants.all()]
    recomputed = standings.compute(tournament.format, entrants, recomputed_tables, recorded_byes(tournament))
    stored = current_standings(tournament)
    return [(r.entrant, r.rank, r.points) for r in recomputed] == [(r.entrant, r.rank, r.points) for r in stored]


def repeat_pairs(tournament):
    """Meetings of a pair beyond their first."""
    return sum(count - 1 for count in history(tournament).values() if count > 1)
