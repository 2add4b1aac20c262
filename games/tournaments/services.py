"""The tournaments' service layer: every change of a tournament goes through here (pages, API, tasks).

Games are created and seated through ``games.services`` only (``create_game`` and ``join``; a player who
withdraws during a game resigns it through ``resign``), so a tournament's game is an ordinary game of the
site: its log, clock, emails and ratings work as for any other. Rounds are paired and results recorded by
rounds.py, under the tournament's row lock.
"""

import datetime
import random

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import services as game_services
from games.exceptions import Conflict, Forbidden, GameError, InvalidRequest, NotFound
from games.models import Game, LogEntry, Seat
from games.ratings.models import PlayerRating
from games.ratings.selectors import reliability_of

from . import rounds
from .models import Entrant, Table, Tournament

MAX_PLAYERS = 256
MAX_ROUNDS = 20
MIN_PER_MOVE = datetime.timedelta(minutes=1)


def _lock(tournament_id):
    try:
        return Tournament.objects.select_for_update().get(pk=game_services.parse_game_id(tournament_id))
    except Tournament.DoesNotExist:
        raise NotFound(_("No such tournament.")) from None


def _whole(value, low, high, message):
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidRequest(message)
    return value


def create_tournament(creator, *, name, format=Tournament.Format.SWISS, table_size=4, mode=Game.Mode.PRINTED,
                      per_move=datetime.timedelta(days=3), timeout_policy=Tournament.TimeoutPolicy.BOT,
                      rounds=None, starts_at=None, max_players=32, rated=False, min_reliability=None,
                      fill_with_bots=False, bot_kind=Seat.BotKind.GREEDY):
    """A new tournament open for entries, directed by ``creator`` (who does not enter it by creating it)."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 100:
        raise InvalidRequest(_("The name must have 1 to 100 characters."))
    if format not in Tournament.Format.values:
        raise InvalidRequest(_('format must be "swiss", "round_robin" or "knockout".'))
    _whole(table_size, 2, 4, _("table_size must be a whole number from 2 to 4."))
    if format == Tournament.Format.KNOCKOUT and table_size != 2:
        raise InvalidRequest(_("A knockout is played at tables of 2."))
    if mode not in Game.Mode.values:
        raise InvalidRequest(_('mode must be "printed" or "yucata".'))
    if per_move is not None and (not isinstance(per_move, datetime.timedelta) or per_move < MIN_PER_MOVE):
        raise InvalidRequest(_("The time per move must be at least a minute, or none."))
    if timeout_policy not in Tournament.TimeoutPolicy.values:
        raise InvalidRequest(_('timeout_policy must be "bot" or "end".'))
    if rounds is not None:
        _whole(rounds, 1, MAX_ROUNDS, _("rounds must be a whole number from 1 to %(most)d.") % {"most": MAX_ROUNDS})
    if starts_at is not None and not isinstance(starts_at, datetime.datetime):
        raise InvalidRequest(_("starts_at must be a date and time."))
    _whole(max_players, 2, MAX_PLAYERS,
           _("max_players must be a whole number from 2 to %(most)d.") % {"most": MAX_PLAYERS})
    if min_reliability is not None:
        _whole(min_reliability, 0, 100, _("min_reliability must be a whole number from 0 to 100."))
    if not isinstance(rated, bool) or not isinstance(fill_with_bots, bool):
        raise InvalidRequest(_("rated and fill_with_bots must be true or false."))
    if fill_with_bots and format != Tournament.Format.SWISS:
        raise InvalidRequest(_("Only a Swiss tournament fills its tables with bots."))
    if bot_kind not in Seat.BotKind.values:
        raise InvalidRequest(_('bot_kind must be "greedy", "random" or "strong".'))
    return Tournament.objects.create(
        name=name.strip(), created_by=creator, format=format, table_size=table_size, mode=mode, per_move=per_move,
        timeout_policy=timeout_policy, rounds=rounds, starts_at=starts_at, max_players=max_players, rated=rated,
        min_reliability=min_reliability, fill_with_bots=fill_with_bots, bot_kind=bot_kind,
    )


def _check_reliability(tournament, user):
    """Whether ``user`` passes the entry check (a player with no finished games with others passes: there
    is nothing to judge yet)."""
    if tournament.min_reliability is None:
        return True
    percent = reliability_of([user.pk])[user.pk].percent
    return percent is None or percent >= tournament.min_reliability


def join(tournament_id, user):
    """Enter an open tournament."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if tournament.status != Tournament.Status.OPEN:
            raise Conflict(_("This tournament is not open for entries."), code="not_open")
        if tournament.entrants.filter(user=user).exists():
            raise Conflict(_("You are already in this tournament."), code="already_joined")
        if tournament.entrants.filter(user__isnull=False).count() >= tournament.max_players:
            raise Conflict(_("This tournament is full."), code="full")
        if not _check_reliability(tournament, user):
            raise Forbidden(
                _("This tournament asks for a reliability of at least %(percent)d%%.")
                % {"percent": tournament.min_reliability},
                code="unreliable",
            )
        return Entrant.objects.create(tournament=tournament, user=user)


def withdraw(tournament_id, user):
    """Leave a tournament: before the start the entry is gone; once it runs, the player is paired no more
    and a game of the current round they are still playing is resigned (an entry of its log, as ever)."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        entrant = tournament.entrants.filter(user=user).first()
        if entrant is None:
            raise Forbidden(_("You are not in this tournament."), code="not_entered")
        if tournament.status == Tournament.Status.OPEN:
            entrant.delete()
            return None
        if tournament.status != Tournament.Status.RUNNING or not entrant.active:
            raise Conflict(_("You have already left this tournament, or it is over."), code="not_running")
        rounds.leave(tournament, entrant, Entrant.Left.WITHDREW)
        playing = Table.objects.filter(
            round__tournament=tournament, seats__entrant=entrant, game__status=Game.Status.ACTIVE
        ).values_list("game_id", flat=True)
        for game_id in playing:
            game_services.resign(game_id, user)
        return entrant


def start(tournament_id, user=None, now=None):
    """Start the tournament (its director, or the beat once ``starts_at`` has come: ``user`` None):
    entrants below the reliability asked for are left out, seeds drawn by rating, round 1 paired."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if tournament.status != Tournament.Status.OPEN:
            raise Conflict(_("This tournament has already started or ended."), code="not_open")
        if user is not None and user.pk != tournament.created_by_id:
            raise Forbidden(_("Only the tournament's director can start it."), code="not_director")
        people = list(tournament.entrants.select_related("user").filter(user__isnull=False))
        for entrant in people:
            if not _check_reliability(tournament, entrant.user):
                rounds.leave(tournament, entrant, Entrant.Left.UNRELIABLE)
        people = [e for e in people if e.active]
        if len(people) < 2 and not (people and tournament.fill_with_bots):
            raise Conflict(_("At least two players are needed to start."), code="too_few_players")
        _seed(tournament, people)
        tournament.status = Tournament.Status.RUNNING
        tournament.started_at = now
        tournament.save(update_fields=["status", "started_at"])
        rounds.begin(tournament)
        return tournament


def _seed(tournament, entrants):
    ratings = dict(
        PlayerRating.objects.filter(user_id__in=[e.user_id for e in entrants], mode=tournament.mode)
        .values_list("user_id", "ordinal")
    )
    draw = random.SystemRandom()
    keyed = [(-ratings.get(e.user_id, 0.0), draw.random(), e) for e in entrants]
    for number, (_rating, _draw, entrant) in enumerate(sorted(keyed, key=lambda k: k[:2]), start=1):
        entrant.rating = ratings.get(entrant.user_id, 0.0)
        entrant.seed = number
        entrant.save(update_fields=["rating", "seed"])


def table_finished(game_id):
    """The game ``game_id`` is over: if it is a tournament's table, record its result from the log and,
    when it was the round's last game, pair the next round (or end the tournament)."""
    table = Table.objects.filter(game_id=game_id).select_related("round").first()
    if table is None:
        return False
    with transaction.atomic():
        tournament = _lock(table.round.tournament_id)
        return rounds.record_and_advance(tournament, table.pk)


def catch_up(now=None):
    """The beat's nudge: start tournaments whose start time has come, hand the seats of players whose time
    ran out to the bot, and record games that ended while their task was lost (a broker outage, a worker
    killed)."""
    now = now or timezone.now()
    take_over_timed_out()
    due = Tournament.objects.filter(status=Tournament.Status.OPEN, starts_at__lte=now).values_list("pk", flat=True)
    for tournament_id in due:
        try:
            start(tournament_id, now=now)
        except Conflict as refused:
            if refused.code == "too_few_players":  # nobody came: the tournament will not happen
                Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.OPEN).update(
                    status=Tournament.Status.CANCELLED, finished_at=now
                )
    unrecorded = Table.objects.filter(
        finished=False, round__tournament__status=Tournament.Status.RUNNING, game__status=Game.Status.FINISHED
    ).values_list("game_id", flat=True)
    for game_id in unrecorded:
        table_finished(game_id)


def take_over_timed_out():
    """A tournament seat whose time ran out once is played to the end by the bot: at the seat's next turn
    (the server may decide for a seat only when it is awaited) ``games.services.take_over`` writes the
    take-over into the log, as the clock does after ``CLOCK_TAKEOVER_AFTER`` timeouts in a row elsewhere.
    Returns how many seats were taken over."""
    timed_out = (
        LogEntry.objects.filter(game__tournament_table__finished=False, game__status=Game.Status.ACTIVE,
                                by=LogEntry.By.TIMEOUT)
        .values_list("game_id", "seat")
        .distinct()
    )
    taken = 0
    for game_id, position in timed_out:
        game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE, to_move_position=position,
                                   to_move_user__isnull=False).first()
        if game is None:
            continue  # not their turn, or already the bot's seat
        try:
            game_services.take_over(game_id, position)
        except GameError:
            continue  # the turn moved on meanwhile: next time
        taken += 1
    return taken
