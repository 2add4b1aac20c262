"""Recording finished games: the only code that writes results and ratings.

``record_finished_game(game)`` runs in the transaction of the decision that finished the game (the
``post_save`` receiver in receivers.py), so the ratings commit or roll back with it. ``rebuild()`` runs the
very same steps over every finished game in order, so that a rebuild gives exactly the stored values.

The order is (``finished_at``, id). Rating updates are serialised by a lock of their own (a transaction-level
advisory lock on PostgreSQL; SQLite serialises every write transaction anyway). A game can still commit
after a game that finished later (its time was taken before it waited for the lock): it then finds a later
result already stored, and the games from its place in the order on are rated again, in order.
"""

import logging

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q

from engine.leaving import LEAVING_TYPES
from games import cache as state_cache
from games.models import Game, LogEntry, Seat
from games.rules import rules_of
from games.services import calibration

from . import outlook, pools, skill
from .models import GameResult, PlayerRating

logger = logging.getLogger(__name__)

# pg_advisory_xact_lock key of rating updates (any constant unique to this use; "RATG" in ASCII).
LOCK_KEY = 0x52415447

Verdict = GameResult.Verdict


def _lock():
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK_KEY])


def _from(finished_at, game_id):
    """Results at or after the point (finished_at, game id) of the order."""
    return Q(finished_at__gt=finished_at) | Q(finished_at=finished_at, game_id__gte=game_id)


def _before(finished_at, game_id):
    return Q(finished_at__lt=finished_at) | Q(finished_at=finished_at, game_id__lt=game_id)


# --- the entry points -----------------------------------------------------------------------------------


def record_finished_game(game):
    """Write the results of ``game``, which has just finished, and update the ratings of its players; in
    the caller's transaction. Recording a game twice writes nothing more."""
    if game.status != Game.Status.FINISHED or game.finished_at is None:
        return
    _lock()
    if GameResult.objects.filter(game_id=game.pk).exists():
        return
    if GameResult.objects.filter(_from(game.finished_at, game.pk)).exists():
        logger.info("game %s committed after a game that finished later: rating again from it", game.pk)
        _rate_again_from(game.finished_at, game.pk)
    else:
        _record(game)


def rebuild():
    """Recompute every result and rating from the finished games in order, in one transaction (live
    updates wait for it). Returns the stored values before and after, as ``stored_values()`` gives them."""
    with transaction.atomic():
        _lock()
        before = stored_values()
        _rate_again_from(None, None)
        return before, stored_values()


RATING_FIELDS = ("mu", "sigma", "ordinal", "rated_games", "last_rated_at")
RESULT_FIELDS = (
    "mode", "finished_at", "position", "place", "left", "people", "lineup", "verdict", "weight",
    "mu_before", "sigma_before", "mu", "sigma",
)


def stored_values():
    """Every stored value: {"ratings": {(user, game, mode): (...)}, "results": {(game id, user): (...)}}."""
    ratings = PlayerRating.objects.values_list("user_id", "game", "mode", *RATING_FIELDS)
    return {
        "ratings": {(row[0], row[1], row[2]): row[3:] for row in ratings.iterator(chunk_size=5000)},
        "results": {
            (row[0], row[1]): row[2:]
            for row in GameResult.objects.values_list("game_id", "user_id", *RESULT_FIELDS).iterator(chunk_size=5000)
        },
    }


# --- rating again from a point of the order -------------------------------------------------------------


def _rate_again_from(finished_at, game_id):
    if finished_at is None:
        GameResult.objects.all().delete()
        PlayerRating.objects.all().delete()
        games = Game.objects.filter(status=Game.Status.FINISHED, finished_at__isnull=False)
    else:
        later = GameResult.objects.filter(_from(finished_at, game_id))
        touched = set(later.values_list("user_id", "game__game", "mode").distinct())
        later.delete()
        for user_id, game, mode in touched:
            _restore_rating(user_id, pools.Pool(game, mode))
        games = Game.objects.filter(status=Game.Status.FINISHED).filter(
            Q(finished_at__gt=finished_at) | Q(finished_at=finished_at, pk__gte=game_id)
        )
    for game in games.order_by("finished_at", "id").iterator(chunk_size=500):
        _record(game)


def _restore_rating(user_id, pool):
    """The player's rating in ``pool`` as their latest remaining rated result there says (none: no rating)."""
    rated = GameResult.objects.filter(user_id=user_id, game__game=pool.game, mode=pool.variant, weight__gt=0)
    latest = rated.order_by("-finished_at", "-game_id").first()
    if latest is None:
        PlayerRating.objects.filter(user_id=user_id, game=pool.game, mode=pool.variant).delete()
        return
    PlayerRating.objects.update_or_create(
        user_id=user_id,
        game=pool.game,
        mode=pool.variant,
        defaults={
            "mu": latest.mu,
            "sigma": latest.sigma,
            "ordinal": skill.ordinal(latest.mu, latest.sigma),
            "rated_games": rated.count(),
            "last_rated_at": latest.finished_at,
        },
    )


# --- one game ---------------------------------------------------------------------------------------------


def _record(game):
    seats = list(Seat.objects.filter(game_id=game.pk, position__isnull=False).order_by("position"))
    people = [seat for seat in seats if not seat.is_bot]
    if not people:
        return
    departures = departures_of(game)
    left = {position for _seq, position in departures}
    lineup = outlook.lineup_of(seats)
    pool = pools.pool_of(game)
    verdict, weight = _verdict(game, seats, people, departures, lineup)
    before, after = _rate(game, pool, seats, people, weight) if verdict == Verdict.RATED else ({}, {})
    GameResult.objects.bulk_create(
        [
            GameResult(
                game_id=game.pk,
                user_id=seat.user_id,
                mode=pool.variant,
                finished_at=game.finished_at,
                position=seat.position,
                place=seat.final_place,
                left=seat.position in left,
                people=len(people),
                lineup=lineup,
                verdict=verdict,
                weight=weight,
                mu_before=before.get(seat.user_id, (None, None))[0],
                sigma_before=before.get(seat.user_id, (None, None))[1],
                mu=after.get(seat.user_id, (None, None))[0],
                sigma=after.get(seat.user_id, (None, None))[1],
            )
            for seat in people
        ]
    )


def departures_of(game):
    """[(seq, seat)] of the log entries by which a seat left the game, in order: the decisions of leaving
    every game accepts (engine/leaving.py: ``resign``, ``time_out``, ``take_over``)."""
    rows = LogEntry.objects.filter(game_id=game.pk, decision__type__in=LEAVING_TYPES).order_by("seq")
    return list(rows.values_list("seq", "seat"))


def _verdict(game, seats, people, departures, lineup):
    """(verdict, weight): whether the game counts for ratings (in its pool), and for how much."""
    if not game.rated or game.lesson:  # a lesson (games.learn) never counts, whatever its row says
        return Verdict.UNRATED, 0.0
    if outlook.uncalibrated_bot(game, seats):
        return Verdict.BOTS, 0.0
    if departures and _annulled(game, departures[0][0]):
        return Verdict.ANNULLED, 0.0
    pool = pools.pool_of(game)
    repeats = (
        GameResult.objects.filter(
            user_id=people[0].user_id,
            game__game=pool.game,
            mode=pool.variant,
            lineup=lineup,
            weight__gt=0,
            finished_at__gte=game.finished_at - settings.RATINGS_REPEAT_WINDOW,
        )
        .filter(_before(game.finished_at, game.pk))
        .count()
    )
    return outlook.repeat_verdict(repeats)


def departure_turn(game, seq):
    """The rules' turn counter when log entry ``seq`` was made: the log before it, replayed."""
    return state_cache.replay(game, upto=seq - 1).turn


def _annulled(game, first_departure_seq):
    """A seat left before every seat had finished RATINGS_ANNUL_BEFORE_ROUNDS turns of play: the rules count
    a turn for each seat's setup where the game has one (its ``SETUP_TURNS`` each, turns 1…P·SETUP_TURNS),
    then turns of play, one seat after another."""
    players = game.num_seats
    setup = getattr(rules_of(game), "SETUP_TURNS", 0)
    last_protected_turn = players * (setup + settings.RATINGS_ANNUL_BEFORE_ROUNDS)
    return departure_turn(game, first_departure_seq) <= last_protected_turn


def _rate(game, pool, seats, people, weight):
    """Rate the game: every person against every other participant (calibrated bots at their fixed
    rating), from the engine's places; store the people's new ratings. Returns ({user: (μ, σ) before},
    {user: (μ, σ) after})."""
    current = {
        r.user_id: r
        for r in PlayerRating.objects.select_for_update().filter(
            user_id__in=[s.user_id for s in people], game=pool.game, mode=pool.variant
        )
    }
    ratings = []
    for seat in seats:
        if seat.is_bot:
            ratings.append(tuple(calibration(game.game, seat.bot_kind)))
        elif seat.user_id in current:
            ratings.append((current[seat.user_id].mu, current[seat.user_id].sigma))
        else:
            ratings.append(skill.initial())
    rated = skill.rate(ratings, [seat.final_place for seat in seats])
    before, after = {}, {}
    for seat, old, new in zip(seats, ratings, rated, strict=True):
        if seat.is_bot:
            continue  # a calibrated bot keeps its rating: it is the yardstick, not a player of the pool
        mu, sigma = skill.weighted(old, new, weight)
        before[seat.user_id], after[seat.user_id] = old, (mu, sigma)
        rating = current.get(seat.user_id) or PlayerRating(
            user_id=seat.user_id, game=pool.game, mode=pool.variant, rated_games=0
        )
        rating.mu, rating.sigma, rating.ordinal = mu, sigma, skill.ordinal(mu, sigma)
        rating.rated_games += 1
        rating.last_rated_at = game.finished_at
        rating.save()
    return before, after
