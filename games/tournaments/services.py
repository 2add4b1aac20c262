"""The tournaments' service layer: every change of a tournament goes through here (pages, API, tasks).

Games are created and seated through ``games.services`` only (``create_game`` and ``join``; a player who
withdraws during a game resigns it through ``resign``), so a tournament's game is an ordinary game of the
site: its log, clock, emails and ratings work as for any other. Rounds are paired and results recorded by
rounds.py, under the tournament's row lock.
"""

import datetime
import random

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.throttles import check
from games import services as game_services
from games.exceptions import Conflict, Forbidden, GameError, InvalidRequest, NotFound, Throttled
from games.models import DEFAULT_GAME, Game, LogEntry
from games.ratings.models import PlayerRating
from games.ratings.pools import pool_of
from games.ratings.selectors import reliability_of
from games.rules import legacy_mode, rules_of

from . import emails, rounds
from .models import Entrant, Event, Table, Tournament

MAX_PLAYERS = 256
MAX_ROUNDS = 20
MIN_PER_MOVE = datetime.timedelta(minutes=1)
# How far ahead a tournament's start may be set: a start a decade away is a tournament open for entries
# (and counted against its director's open ones) for a decade.
LATEST_START = datetime.timedelta(days=365)
# The settings of tournament creation, with the values they have where the site sets none.
CREATE_RATE = "TOURNAMENTS_CREATE_RATE"  # per account, e.g. "5/hour"
OPEN_PER_DIRECTOR = "TOURNAMENTS_OPEN_PER_DIRECTOR"  # tournaments open or running that one account directs
_DEFAULTS = {CREATE_RATE: "5/hour", OPEN_PER_DIRECTOR: 5}


def setting(name):
    return getattr(settings, name, _DEFAULTS[name])


def _lock(tournament_id):
    try:
        return Tournament.objects.select_for_update().get(pk=game_services.parse_game_id(tournament_id))
    except Tournament.DoesNotExist:
        raise NotFound(_("No such tournament.")) from None


def _whole(value, low, high, message):
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidRequest(message)
    return value


def create_tournament(creator, *, name, game=DEFAULT_GAME, options=None, format=Tournament.Format.SWISS,
                      table_size=4, per_move=datetime.timedelta(days=3), timeout_policy=Tournament.TimeoutPolicy.BOT,
                      rounds=None, starts_at=None, max_players=32, rated=False, min_reliability=None,
                      fill_with_bots=False, bot_kind=None, now=None):
    """A new tournament of ``game`` with ``options`` (the game's own, as a game takes them), open for
    entries, directed by ``creator`` (who does not enter it by creating it). Its start, when set, lies between
    now and ``LATEST_START`` ahead. An account creates at most ``TOURNAMENTS_CREATE_RATE`` tournaments and
    directs at most ``TOURNAMENTS_OPEN_PER_DIRECTOR`` open or running ones at once (429 over either, saying
    when to come back)."""
    now = now or timezone.now()
    options, bot_kind = _check_tournament(
        name=name, game=game, options=options, format=format, table_size=table_size, per_move=per_move,
        timeout_policy=timeout_policy, rounds=rounds, starts_at=starts_at, max_players=max_players, rated=rated,
        min_reliability=min_reliability, fill_with_bots=fill_with_bots, bot_kind=bot_kind, now=now,
    )
    with transaction.atomic():
        # The director's row is locked while their open tournaments are counted: two requests at once
        # cannot both pass a cap with one place left.
        get_user_model().objects.select_for_update().filter(pk=creator.pk).first()
        _check_director_limits(creator)
        return Tournament.objects.create(
            name=name.strip(), created_by=creator, game=game, options=options, mode=legacy_mode(options),
            format=format, table_size=table_size, per_move=per_move, timeout_policy=timeout_policy, rounds=rounds,
            starts_at=starts_at, max_players=max_players, rated=rated, min_reliability=min_reliability,
            fill_with_bots=fill_with_bots, bot_kind=bot_kind,
        )


def _check_tournament(*, name, game, options, format, table_size, per_move, timeout_policy, rounds, starts_at,
                      max_players, rated, min_reliability, fill_with_bots, bot_kind, now):
    """The tournament's settings checked (InvalidRequest naming what is wrong): (its game's options with
    their defaults, its bot kind)."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 100:
        raise InvalidRequest(_("The name must have 1 to 100 characters."))
    # Its tables are new games: of a game players may create (its rounds are paired even once it is not).
    game_services.check_offered(game)
    game_rules = rules_of(game)
    try:
        options = game_rules.validate_options(options if options is not None else {})
    except ValueError as exc:
        raise InvalidRequest(_("These options are not %(game)s's: %(reason)s")
                             % {"game": _(game_rules.TITLE), "reason": exc}) from None
    if format not in Tournament.Format.values:
        raise InvalidRequest(_('format must be "swiss", "round_robin" or "knockout".'))
    _whole(table_size, 2, 4, _("table_size must be a whole number from 2 to 4."))
    if table_size not in game_rules.PLAYERS:
        raise InvalidRequest(_("This game is not played at tables of %(size)d.") % {"size": table_size})
    if format == Tournament.Format.KNOCKOUT and table_size != 2:
        raise InvalidRequest(_("A knockout is played at tables of 2."))
    if per_move is not None and (not isinstance(per_move, datetime.timedelta) or per_move < MIN_PER_MOVE):
        raise InvalidRequest(_("The time per move must be at least a minute, or none."))
    if timeout_policy not in Tournament.TimeoutPolicy.values:
        raise InvalidRequest(_('timeout_policy must be "bot" or "end".'))
    if rounds is not None:
        _whole(rounds, 1, MAX_ROUNDS, _("rounds must be a whole number from 1 to %(most)d.") % {"most": MAX_ROUNDS})
    if starts_at is not None:
        if not isinstance(starts_at, datetime.datetime) or timezone.is_naive(starts_at):
            raise InvalidRequest(_("starts_at must be a date and time."))
        if not now <= starts_at <= now + LATEST_START:
            raise InvalidRequest(_("The start must lie between now and a year from now."))
    _whole(max_players, 2, MAX_PLAYERS,
           _("max_players must be a whole number from 2 to %(most)d.") % {"most": MAX_PLAYERS})
    if min_reliability is not None:
        _whole(min_reliability, 0, 100, _("min_reliability must be a whole number from 0 to 100."))
    if not isinstance(rated, bool) or not isinstance(fill_with_bots, bool):
        raise InvalidRequest(_("rated and fill_with_bots must be true or false."))
    if fill_with_bots and format != Tournament.Format.SWISS:
        raise InvalidRequest(_("Only a Swiss tournament fills its tables with bots."))
    bot_kind = game_rules.bots.DEFAULT_ABSENT if bot_kind in (None, "") else bot_kind
    if bot_kind not in game_rules.bots.KINDS:
        kinds = ", ".join(f'"{k}"' for k in game_rules.bots.KINDS)
        raise InvalidRequest(_("bot_kind must be one of: %(kinds)s.") % {"kinds": kinds})
    return options, bot_kind


def _check_director_limits(creator):
    """Over the rate of new tournaments or the cap of open ones: Throttled, with when to come back."""
    most = setting(OPEN_PER_DIRECTOR)
    directing = Tournament.objects.filter(
        created_by=creator, status__in=[Tournament.Status.OPEN, Tournament.Status.RUNNING]
    ).count()
    if most is not None and directing >= most:
        # A place frees when one of them ends: no time can be promised, so an hour is suggested.
        raise Throttled(
            ngettext(
                "You direct %(count)d tournament that is open or running, the most one may at once; create "
                "another once it is over.",
                "You direct %(count)d tournaments that are open or running, the most one may at once; create "
                "another once one of them is over.",
                directing,
            ) % {"count": directing},
            code="too_many_open",
            wait=3600,
        )
    verdict = check("tournament-create", f"user:{creator.pk}", setting(CREATE_RATE))
    if not verdict.allowed:
        raise Throttled(
            ngettext("You have created many tournaments lately; try again in %(seconds)d second.",
                     "You have created many tournaments lately; try again in %(seconds)d seconds.",
                     max(1, int(verdict.wait))) % {"seconds": max(1, int(verdict.wait))},
            wait=verdict.wait,
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
        if user is not None and not tournament.directed_by(user):
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
    pool = pool_of(tournament)  # the rating of the tournament's game and rules
    ratings = dict(
        PlayerRating.objects.filter(user_id__in=[e.user_id for e in entrants], game=pool.game, mode=pool.variant)
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


def director_left(user, now=None):
    """``user``'s account goes: each tournament they direct that is not over passes to the site's staff
    (``Tournament.directed_by``) when it goes on by itself (running, or open with a start time: the beat
    starts and pairs it), and is cancelled when only its director could have started it (open without a
    start time). Its players are told either way; the tournament's history says so."""
    now = now or timezone.now()
    directed = Tournament.objects.filter(
        created_by=user, status__in=[Tournament.Status.OPEN, Tournament.Status.RUNNING]
    ).values_list("pk", flat=True)
    for tournament_id in list(directed):
        with transaction.atomic():
            tournament = _lock(tournament_id)
            if tournament.created_by_id != user.pk:
                continue
            goes_on = tournament.status == Tournament.Status.RUNNING or tournament.starts_at is not None
            tournament.created_by = None
            fields = ["created_by"]
            if not goes_on:
                tournament.status = Tournament.Status.CANCELLED
                tournament.finished_at = now
                fields += ["status", "finished_at"]
            tournament.save(update_fields=fields)
            kind = "director_left" if goes_on else "cancelled_director_left"
            Event.objects.create(tournament=tournament, text={"kind": kind})
            emails.director_left(tournament, cancelled=not goes_on, now=now)
