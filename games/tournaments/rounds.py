"""Rounds: pairing them, opening their games, recording their results, ending the tournament.

Every function here runs under the tournament's row lock, taken by its caller in services.py, so two games
of a round that end at once record one after the other and the next round is paired once. A table's result
is read from its game's log (scoring.results_from_log), never from what a page showed.
"""

import math

from django.db.models import Q
from django.utils import timezone

from games import services as game_services
from games.clock.deadlines import set_time_limit
from games.models import Game, LogEntry
from games.rules import options_of
from social.relations.selectors import kept_apart_ids

from . import emails, scoring
from .models import Bye, Entrant, Event, Round, Table, TableSeat, Tournament
from .pairing import knockout, round_robin, swiss
from .results import current_standings, history

SWISS_MAX_ROUNDS = 6
BYE_POINTS = 0.5  # the mean of the places' points at any table size: (n − p)/(n − 1) over p = 1..n
WIN = 1.0


def leave(tournament, entrant, reason):
    entrant.left_at = timezone.now()
    entrant.left_reason = reason
    entrant.left_after_round = tournament.current_round
    entrant.save(update_fields=["left_at", "left_reason", "left_after_round"])
    Event.objects.create(tournament=tournament, text={"kind": "left", "entrant": entrant.pk, "reason": reason,
                                                      "round": tournament.current_round})


def begin(tournament):
    people = tournament.entrants.filter(user__isnull=False, left_at__isnull=True).count()
    if tournament.format == Tournament.Format.SWISS and tournament.rounds is None:
        tournament.rounds = min(math.ceil(math.log2(max(people, 2))) + 1, SWISS_MAX_ROUNDS)
    elif tournament.format == Tournament.Format.ROUND_ROBIN:
        _make_groups(tournament)
    elif tournament.format == Tournament.Format.KNOCKOUT:
        tournament.rounds = knockout.rounds_needed(people)
    tournament.save(update_fields=["rounds"])
    advance(tournament)


def _make_groups(tournament):
    seeded = list(tournament.entrants.filter(left_at__isnull=True).order_by("seed"))
    groups = round_robin.groups([e.pk for e in seeded], tournament.table_size)
    for number, members in enumerate(groups, start=1):
        Entrant.objects.filter(pk__in=members).update(group=number)
    tournament.rounds = round_robin.rounds_needed(
        [len(g) for g in groups], tournament.table_size, tournament.rounds or tournament.table_size
    )


def record_and_advance(tournament, table_id):
    table = Table.objects.select_related("game", "round").get(pk=table_id)
    if table.finished or table.game.status != Game.Status.FINISHED:
        return False
    record(table)
    advance(tournament)
    return True


def record(table):
    """Write the table's results from its game's log; a seat that timed out leaves the tournament."""
    game = table.game
    log = LogEntry.objects.for_engine(game.pk)
    results = {r.position: r for r in scoring.results_from_log(game, log)}
    tournament = table.round.tournament
    for seat in table.seats.select_related("entrant"):
        result = results[seat.position]
        seat.place, seat.points, seat.vp = result.place, result.points, result.vp
        seat.timed_out, seat.left = result.timed_out, result.left
        seat.save(update_fields=["place", "points", "vp", "timed_out", "left"])
        if result.timed_out and seat.entrant.active:
            leave(tournament, seat.entrant, Entrant.Left.TIMED_OUT)
    table.finished = True
    table.save(update_fields=["finished"])


def advance(tournament):
    """Pair rounds while the current one is complete (a round may have no game at all: only byes)."""
    while tournament.status == Tournament.Status.RUNNING:
        current = tournament.round_set.filter(number=tournament.current_round).first()
        if current is not None:
            if current.tables.filter(finished=False).exists():
                return
            if current.finished_at is None:
                current.finished_at = timezone.now()
                current.save(update_fields=["finished_at"])
                if tournament.format == Tournament.Format.KNOCKOUT:
                    _eliminate(tournament, current)
        if not _pair(tournament):
            finish(tournament)


def finish(tournament):
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = timezone.now()
    tournament.save(update_fields=["status", "finished_at"])
    Event.objects.create(tournament=tournament, text={"kind": "finished"})
    emails.final_standings(tournament)


# --- pairing -------------------------------------------------------------------------------------------------


def _pair(tournament):
    """Pair the next round; False when the tournament is over instead."""
    number = tournament.current_round + 1
    if tournament.rounds is not None and number > tournament.rounds:
        return False
    pairer = {Tournament.Format.SWISS: _swiss, Tournament.Format.ROUND_ROBIN: _round_robin,
              Tournament.Format.KNOCKOUT: _knockout}[tournament.format]
    plan = pairer(tournament, number)
    if plan is None:
        return False
    tables, byes = plan
    rnd = Round.objects.create(tournament=tournament, number=number)
    tournament.current_round = number
    tournament.save(update_fields=["current_round"])
    entrants = {e.pk: e for e in tournament.entrants.select_related("user")}
    for slot, members in tables:
        seated = [entrants[pk] for pk in members]
        if all(e.is_bot for e in seated):  # not a game anyone needs: the bots rest
            byes += [(0, e.pk, Bye.Kind.REST, 0.0) for e in seated]
        else:
            _open_table(tournament, rnd, slot, seated)
    Bye.objects.bulk_create(
        [Bye(round=rnd, entrant_id=pk, kind=kind, points=points, number=slot) for slot, pk, kind, points in byes]
    )
    Event.objects.create(tournament=tournament, text={"kind": "paired", "round": number, "tables": len(tables),
                                                      "byes": len(byes)})
    emails.round_started(tournament, rnd)
    return True


def _open_table(tournament, rnd, slot, members):
    """Create the table's game through the game services: the first person creates it with the bot entrants'
    seats, the others join, and it starts once full (seat order drawn at random by ``games.services``)."""
    people = [e for e in members if not e.is_bot]
    bots = [e for e in members if e.is_bot]
    game = game_services.create_game(
        people[0].user, seats=len(members), game=tournament.game, options=options_of(tournament), bots=len(bots),
        bot_kind=tournament.bot_kind, rated=tournament.rated,
    )
    for entrant in people[1:]:
        game_services.join(game.pk, entrant.user, admitted=True)  # seated by the pairing, not by matching
    set_time_limit(game, tournament.per_move, tournament.timeout_policy)
    table = Table.objects.create(round=rnd, number=slot, game=game)
    seats = list(game.seats.order_by("position"))
    by_user = {s.user_id: s.position for s in seats if not s.is_bot}
    bot_positions = iter(s.position for s in seats if s.is_bot)
    TableSeat.objects.bulk_create(
        [TableSeat(table=table, entrant=e, position=by_user[e.user_id] if not e.is_bot else next(bot_positions))
         for e in members]
    )
    return table


def _swiss(tournament, number):
    _fill_with_bots(tournament)
    active = {e.pk for e in tournament.entrants.filter(left_at__isnull=True)}
    if len(active) < 2:
        return None
    order = [row.entrant for row in current_standings(tournament) if row.entrant in active]
    had_bye = set(Bye.objects.filter(round__tournament=tournament, kind=Bye.Kind.BYE).values_list("entrant_id",
                                                                                                  flat=True))
    tables, bye = swiss.pair(order, tournament.table_size, _with_blocks(tournament, history(tournament)), had_bye)
    byes = [(0, bye, Bye.Kind.BYE, BYE_POINTS)] if bye is not None else []
    return list(enumerate(tables, start=1)), byes


# Two entrants of whom one blocked the other count as having met this often, so the pairing's swaps seat
# them apart wherever another seating exists (a pair met k times costs k²), before any repeat meeting.
BLOCKED_AS_MEETINGS = 10


def _with_blocks(tournament, met):
    users = dict(tournament.entrants.filter(user__isnull=False).values_list("user_id", "pk"))
    met = dict(met)
    for user_id, entrant in users.items():
        for other in kept_apart_ids(user_id) & users.keys():
            met[frozenset((entrant, users[other]))] = BLOCKED_AS_MEETINGS
    return met


def _fill_with_bots(tournament):
    """Bots make up the numbers so that every table is full: added when people are one short of a table,
    stepped out (they keep their results) when no longer needed."""
    if not tournament.fill_with_bots:
        return
    size = tournament.table_size
    people = tournament.entrants.filter(user__isnull=False, left_at__isnull=True).count()
    needed = (-people) % size if people else 0
    bots = list(tournament.entrants.filter(user__isnull=True).order_by("pk"))
    active = [b for b in bots if b.active]
    for bot in active[needed:]:
        leave(tournament, bot, Entrant.Left.NOT_NEEDED)
    short = max(needed - len(active), 0)
    resting = [b for b in bots if not b.active and b.left_reason == Entrant.Left.NOT_NEEDED][:short]
    for bot in resting:
        bot.left_at, bot.left_reason, bot.left_after_round = None, "", None
        bot.save(update_fields=["left_at", "left_reason", "left_after_round"])
    count = tournament.entrants.count()
    for index in range(short - len(resting)):
        Entrant.objects.create(tournament=tournament, bot_kind=tournament.bot_kind, seed=count + index + 1)


def _round_robin(tournament, number):
    entrants = list(tournament.entrants.filter(group__isnull=False).order_by("seed", "pk"))
    groups = {}
    for e in entrants:
        groups.setdefault(e.group, []).append(e)
    tables, byes, slot = [], [], 0
    for group_number in sorted(groups):
        members = groups[group_number]
        active = {e.pk for e in members if e.active}
        group_tables, resting = round_robin.schedule([e.pk for e in members], number, tournament.table_size)
        byes += [(0, pk, Bye.Kind.REST, 0.0) for pk in resting if pk in active]
        for table in group_tables:
            present = [pk for pk in table if pk in active]
            if len(present) >= 2:
                slot += 1
                tables.append((slot, present))
            elif present:
                # The others withdrew: a round robin's withdrawal forfeits the remaining games.
                byes.append((0, present[0], Bye.Kind.FORFEIT, WIN))
    return tables, byes


def _knockout(tournament, number):
    if number == 1:
        seeded = [e.pk for e in tournament.entrants.filter(left_at__isnull=True).order_by("seed")]
        pairs = knockout.first_round(seeded)
    else:
        advancing = _advancing(tournament, number - 1)
        if len(advancing) < 2:
            return None
        pairs = knockout.next_round(advancing)
    tables, byes = [], []
    for slot, (a, b) in enumerate(pairs, start=1):
        if b is None:
            byes.append((slot, a, Bye.Kind.BYE, WIN))
        else:
            tables.append((slot, [a, b]))
    return tables, byes


def _advancing(tournament, number):
    """Who goes on from knockout round ``number``, in bracket order: the tables' winners and the byes; a
    player who withdrew since gives their opponent a walkover."""
    rnd = tournament.round_set.get(number=number)
    slots = [(bye.number, bye.entrant_id) for bye in rnd.byes.all()]
    for table in rnd.tables.all():
        slots.append((table.number, _winner(table)))
    active = set(tournament.entrants.filter(left_at__isnull=True).values_list("pk", flat=True))
    return [pk for _slot, pk in sorted(slots) if pk in active]


def _winner(table):
    seats = list(table.seats.select_related("entrant"))
    return min(seats, key=lambda s: (s.place, s.entrant.seed or 0)).entrant_id


def _eliminate(tournament, rnd):
    for table in rnd.tables.all():
        winner = _winner(table)
        for seat in table.seats.select_related("entrant").filter(~Q(entrant_id=winner)):
            if seat.entrant.active:
                leave(tournament, seat.entrant, Entrant.Left.ELIMINATED)
