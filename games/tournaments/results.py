"""The recorded results of a tournament as plain values: who met whom, the finished tables, the byes, the
standings they give (standings.compute)."""

from collections import Counter

from . import standings
from .models import Bye, TableSeat


def history(tournament):
    """{frozenset(a, b): times met} over every table seated so far."""
    met = Counter()
    tables = {}
    for table_id, entrant_id in TableSeat.objects.filter(table__round__tournament=tournament).values_list(
        "table_id", "entrant_id"
    ):
        tables.setdefault(table_id, []).append(entrant_id)
    for members in tables.values():
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                met[frozenset((a, b))] += 1
    return met


def current_standings(tournament):
    """The standings as the recorded results say (standings.compute over this tournament's rows)."""
    entrants = list(tournament.entrants.all())
    return standings.compute(tournament.format, [(e.pk, e.rating, e.seed) for e in entrants],
                             recorded_tables(tournament), recorded_byes(tournament))


def recorded_tables(tournament):
    tables = {}
    rows = TableSeat.objects.filter(table__round__tournament=tournament, table__finished=True).values_list(
        "table_id", "entrant_id", "points", "vp", "place"
    )
    for table_id, entrant_id, points, vp, place in rows:
        tables.setdefault(table_id, []).append(standings.Played(entrant_id, points, vp, place))
    return list(tables.values())


def recorded_byes(tournament):
    return list(Bye.objects.filter(round__tournament=tournament).values_list("entrant_id", "points"))
