"""The one service layer: every change to a game goes through here (API, pages, bots, timeouts).

Concurrency: every function that changes a game locks its row first (``select_for_update``), so
changes to one game are serialised; ``LogEntry``'s unique (game, seq) is the last line of defence.
Seats get their engine position when the game starts, in a random order (``secrets``-backed
shuffle): whoever created the game has no first-player advantage.
"""

import secrets
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import engine
from engine.text import translate_error

from . import cache as state_cache
from .exceptions import (
    Conflict,
    Forbidden,
    IllegalDecision,
    InvalidRequest,
    NotFound,
    StaleSeq,
)
from .hooks import DecisionCommitted, run_hooks
from .models import Game, LogEntry, Seat

MIN_SEATS, MAX_SEATS = 2, 4
_MISSING = object()


@dataclass
class DecisionResult:
    game: Game
    entry: LogEntry
    state: object  # the engine state after the decision (owned by the caller)
    to_move: str | None  # display name of the seat now to move, None once the game is over


# --- helpers ------------------------------------------------------------------------------------


MAX_ID = 2**63 - 1


def parse_game_id(game_id):
    """The game id as an int in the database's range, or NotFound."""
    if isinstance(game_id, bool):
        raise NotFound()
    try:
        game_id = int(game_id)
    except (TypeError, ValueError):
        raise NotFound() from None
    if not 0 < game_id <= MAX_ID:
        raise NotFound()
    return game_id


def _lock_game(game_id):
    try:
        return Game.objects.select_for_update().get(pk=parse_game_id(game_id))
    except Game.DoesNotExist:
        raise NotFound() from None


def _lock_game_with_seats(game_id):
    """Lock the game row and read its seated players in one query (the hot path of every decision)."""
    game_id = parse_game_id(game_id)
    seats = list(
        Seat.objects.select_related("game", "user")
        .select_for_update(of=("game",))
        .filter(game_id=game_id, position__isnull=False)
        .order_by()
    )
    if not seats:
        return _lock_game(game_id), {}
    game = seats[0].game
    for seat in seats:
        seat.game = game
    return game, {s.position: s for s in seats}


def _denormalise(game, state, seats_by_pos):
    """Copy what lists need from the engine state onto the game row (saved by the caller)."""
    now = timezone.now()
    pending = engine.pending_player(state)
    game.seq = state.seq
    game.turn = state.turn
    game.to_move_position = pending
    seat = seats_by_pos.get(pending)
    game.to_move_user_id = seat.user_id if seat is not None and not seat.is_bot else None
    game.scores = [state.vp(p) for p in range(game.num_seats)]
    if pending is None:
        game.deadline = None
    # Otherwise the deadline belongs to the game's clock (games.notifications.clock: per-game limits,
    # untimed games, vacations), which keeps Game.deadline in step in the same transaction.
    if state.finished:
        game.status = Game.Status.FINISHED
        game.finished_at = now
        for position, place in enumerate(state.placings):
            seat = seats_by_pos.get(position)
            if seat is not None:
                seat.final_place = place
                seat.save(update_fields=["final_place"])


_DENORMALISED_FIELDS = [
    "seq",
    "turn",
    "to_move_position",
    "to_move_user",
    "scores",
    "deadline",
    "status",
    "finished_at",
    "updated_at",
]


def _after_commit(game, seat_position, seats_by_pos, by_bot_runner=False):
    pending = game.to_move_position
    seat = seats_by_pos.get(pending)
    event = DecisionCommitted(
        game_id=game.pk,
        seq=game.seq,
        seat=seat_position,
        to_move=pending,
        to_move_is_bot=bool(seat is not None and seat.is_bot),
        finished=game.status == Game.Status.FINISHED,
        by_bot_runner=by_bot_runner,
    )
    transaction.on_commit(lambda: run_hooks(event))


def _resolve_users(usernames):
    if usernames is None:
        return []
    if not isinstance(usernames, list | tuple) or not all(isinstance(u, str) for u in usernames):
        raise InvalidRequest(_("invite must be a list of usernames."))
    names = sorted(set(usernames))
    users = list(get_user_model().objects.filter(username__in=names))
    missing = sorted(set(names) - {u.username for u in users})
    if missing:
        raise InvalidRequest(_("Unknown users: %(names)s.") % {"names": ", ".join(missing)})
    return users


# --- lifecycle ----------------------------------------------------------------------------------


def create_game(creator, seats, mode=Game.Mode.PRINTED, invite=None, bots=0, bot_kind="greedy"):
    """Create an open game with ``creator`` in it and ``bots`` bot seats; it starts when full."""
    if isinstance(seats, bool) or not isinstance(seats, int) or not MIN_SEATS <= seats <= MAX_SEATS:
        raise InvalidRequest(_("seats must be a whole number from 2 to 4."))
    if mode not in Game.Mode.values:
        raise InvalidRequest(_('mode must be "printed" or "yucata".'))
    if isinstance(bots, bool) or not isinstance(bots, int) or not 0 <= bots < seats:
        raise InvalidRequest(_("bots must be a whole number from 0 to seats - 1."))
    if bot_kind not in Seat.BotKind.values:
        raise InvalidRequest(_('bot_kind must be "greedy" or "random".'))
    invited = [u for u in _resolve_users(invite) if u.pk != creator.pk]
    if len(invited) > seats - 1 - bots:
        raise InvalidRequest(_("More invitations than free seats."))
    seed = engine.new_seed()
    with transaction.atomic():
        game = Game.objects.create(
            engine_version=engine.ENGINE_VERSION,
            mode=mode,
            num_seats=seats,
            seed=seed,
            seed_commitment=engine.seed_commitment(seed),
            created_by=creator,
        )
        if invited:
            game.invited.set(invited)
        Seat.objects.create(game=game, kind=Seat.Kind.USER, user=creator)
        for _i in range(bots):
            Seat.objects.create(game=game, kind=Seat.Kind.BOT, bot_kind=bot_kind)
        if 1 + bots == seats:
            _start_locked(game)
    return game


def join(game_id, user):
    with transaction.atomic():
        game = _lock_game(game_id)
        if game.status != Game.Status.OPEN:
            raise Conflict(_("This game is not open for joining."), code="not_open")
        if game.seats.filter(user=user).exists():
            raise Conflict(_("You are already in this game."), code="already_joined")
        if game.invited.exists() and not game.invited.filter(pk=user.pk).exists():
            raise Forbidden(_("This game is by invitation only."), code="not_invited")
        taken = game.seats.count()
        if taken >= game.num_seats:
            raise Conflict(_("This game is full."), code="full")
        Seat.objects.create(game=game, kind=Seat.Kind.USER, user=user)
        if taken + 1 == game.num_seats:
            _start_locked(game)
    return game


def leave(game_id, user):
    """Leave an open game. The game is aborted when its creator leaves or no player is left."""
    with transaction.atomic():
        game = _lock_game(game_id)
        if game.status != Game.Status.OPEN:
            raise Conflict(_("You can only leave a game that has not started."), code="not_open")
        seat = game.seats.filter(user=user).first()
        if seat is None:
            raise Forbidden(_("You are not in this game."), code="not_a_player")
        seat.delete()
        if user.pk == game.created_by_id or not game.seats.filter(kind=Seat.Kind.USER).exists():
            game.status = Game.Status.ABORTED
            game.finished_at = timezone.now()
            game.save(update_fields=["status", "finished_at", "updated_at"])
    return game


def start(game_id, user):
    """Start an open game early with the seats taken so far (at least two); only its creator may."""
    with transaction.atomic():
        game = _lock_game(game_id)
        if game.status != Game.Status.OPEN:
            raise Conflict(_("This game has already started or ended."), code="not_open")
        if user.pk != game.created_by_id:
            raise Forbidden(_("Only the game's creator can start it."), code="not_creator")
        taken = game.seats.count()
        if taken < MIN_SEATS:
            raise Conflict(_("At least two players are needed to start."), code="too_few_players")
        game.num_seats = taken
        _start_locked(game)
    return game


def _start_locked(game):
    seats = list(game.seats.select_related("user").order_by("joined_at", "id"))
    secrets.SystemRandom().shuffle(seats)
    for position, seat in enumerate(seats):
        seat.position = position
        seat.save(update_fields=["position"])
    state = engine.new_game(players=game.num_seats, seed=game.seed, mode=game.mode, version=game.engine_version)
    game.status = Game.Status.ACTIVE
    game.started_at = timezone.now()
    seats_by_pos = {s.position: s for s in seats}
    _denormalise(game, state, seats_by_pos)
    game.save(update_fields=[*_DENORMALISED_FIELDS, "num_seats", "started_at"])
    state_cache.store_state(game, state, on_commit=True)
    _after_commit(game, None, seats_by_pos)


# --- decisions ----------------------------------------------------------------------------------


def submit_decision(game_id, actor, expected_seq, decision, *, by_bot_runner=False):
    """Append ``decision`` by ``actor`` (a user, or a Seat for bots and timeouts) to the game's log.

    In one transaction: lock the game, check the actor holds a seat (403), that ``expected_seq`` is
    the current log length (409 with the current seq), that the actor's seat is the one whose
    decision is pending (403), apply it through the engine (400 with the engine's message), append
    the entry, update the denormalised fields, and register the after-commit hooks. Nothing changes
    when any check fails.
    """
    if isinstance(expected_seq, bool) or not isinstance(expected_seq, int) or expected_seq < 0:
        raise InvalidRequest(_("expected_seq must be a whole number, the log length you saw."))
    if not isinstance(decision, dict):
        raise IllegalDecision(_("A decision must be a JSON object."), code="malformed")

    with transaction.atomic():
        game, seats_by_pos = _lock_game_with_seats(game_id)
        if isinstance(actor, Seat):
            seat = seats_by_pos.get(actor.position) if actor.game_id == game.pk else None
            if seat is None or seat.pk != actor.pk:
                raise Forbidden(_("That seat is not in this game."), code="not_a_player")
        else:
            seat = next(
                (s for s in seats_by_pos.values() if s.user_id is not None and s.user_id == actor.pk),
                None,
            )
            if seat is None:
                raise Forbidden(_("You are not playing in this game."), code="not_a_player")
        if game.status != Game.Status.ACTIVE:
            raise Conflict(_("This game is not in progress."), code="not_active")
        if expected_seq != game.seq:
            raise StaleSeq(game.seq)

        state = state_cache.load_state(game)
        if engine.pending_player(state) != seat.position:
            raise Forbidden(_("It is not your turn to decide."), code="not_your_turn")
        legal = engine.legal_decisions(state, seat.position)
        try:
            engine.apply(state, seat.position, decision)
        except engine.IllegalDecision as exc:
            code = getattr(exc, "code", "illegal")
            if code == "not_your_turn":
                raise Forbidden(translate_error(exc, _, ngettext), code=code) from None
            # The engine's sentence in the reader's language (its templates are in our catalogues).
            raise IllegalDecision(translate_error(exc, _, ngettext), code=code) from None

        # Store the engine's own form of the decision (the legal option it matched), not whatever
        # extra fields a client sent along: the log keeps exactly what the rules looked at.
        decision = next(
            (d for d in legal if all(decision.get(k, _MISSING) == v for k, v in d.items())), decision
        )
        try:
            # No savepoint: on an IntegrityError the whole transaction is rolled back anyway.
            entry = LogEntry.objects.create(game=game, seq=game.seq + 1, seat=seat.position, decision=decision)
        except IntegrityError:
            # Only reachable where the row lock is not a lock (SQLite outside IMMEDIATE mode).
            raise StaleSeq(game.seq + 1) from None
        _denormalise(game, state, seats_by_pos)
        game.save(update_fields=_DENORMALISED_FIELDS)
        state_cache.store_state(game, state, on_commit=True)
        _after_commit(game, seat.position, seats_by_pos, by_bot_runner=by_bot_runner)
    next_seat = seats_by_pos.get(game.to_move_position)
    to_move = next_seat.display_name if next_seat is not None and game.status == Game.Status.ACTIVE else None
    return DecisionResult(game=game, entry=entry, state=state, to_move=to_move)


# --- bots ---------------------------------------------------------------------------------------


def run_bots(game_id, max_moves=500):
    """Let bot seats decide while a bot is to move, through ``submit_decision``. Returns how many
    decisions were made, or ``None`` when a bot is still to move after ``max_moves`` (the caller
    re-enqueues)."""
    import random

    moves = 0
    attempts = 0
    while moves < max_moves and attempts < max_moves * 2:
        attempts += 1
        game = Game.objects.filter(pk=game_id).first()
        if game is None or game.status != Game.Status.ACTIVE or game.to_move_position is None:
            return moves
        seat = game.seats.filter(position=game.to_move_position).first()
        if seat is None or not seat.is_bot:
            return moves
        state = state_cache.load_state(game)
        rng = random.Random(f"{game.seed}:{game.seq}")
        decision = engine.bots.choose(state, seat.position, kind=seat.bot_kind, rng=rng)
        try:
            submit_decision(game.pk, seat, game.seq, decision, by_bot_runner=True)
        except StaleSeq:
            continue  # someone else (another runner) moved first; look again
        moves += 1
    return None
