"""The one service layer: every change to a game goes through here (API, pages, bots, timeouts).

Concurrency: every function that changes a game locks its row first (``select_for_update``), so
changes to one game are serialised; ``LogEntry``'s unique (game, seq) is the last line of defence. The
one exception is a step within a turn on PostgreSQL (``_one_more_step``): one statement that writes only
while the game is still at the seq it read, which the row's own lock makes atomic.
Seats get their engine position when the game starts, in a random order (``secrets``-backed
shuffle): whoever created the game has no first-player advantage.
"""

import contextlib
import logging
import random
import secrets
import time
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import engine
from accounts.blocks.selectors import kept_apart_ids
from engine.text import translate_error
from guildhall_site import redis_batch
from ops import metrics

from . import cache as state_cache
from . import started, statements
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

logger = logging.getLogger(__name__)

MIN_SEATS, MAX_SEATS = 2, 4
MAX_DECISIONS_PER_TURN = 300  # a safety net: no turn of Guildhall comes near it
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


def _seated(seats):
    """The seated seats of one game from ``seats`` (a queryset of them with the game and the users joined),
    each with the same instance of the game: what the decision changes on it, every seat sees."""
    seats = list(seats.select_related("game", "user").filter(position__isnull=False))
    for seat in seats[1:]:
        seat.game = seats[0].game
    return seats


def _lock_game_with_seats(game_id):
    """Lock the game row and read its seated players in one query (the hot path of every decision)."""
    game_id = parse_game_id(game_id)
    seats = _seated(Seat.objects.filter(game_id=game_id).select_for_update(of=("game",)))
    if not seats:
        return _lock_game(game_id), {}
    return seats[0].game, {s.position: s for s in seats}


def _denormalise(game, state, seats_by_pos):
    """Copy what lists need from the engine state onto the game row (saved by the caller)."""
    now = timezone.now()
    game.seq = state.seq
    game.to_move_position, game.turn, game.to_move_user_id = _awaited(state, seats_by_pos)
    game.scores = [state.vp(p) for p in range(game.num_seats)]
    if game.to_move_position is None:
        game.deadline = None
    # Otherwise the deadline belongs to the game's clock (games.clock: per-game limits, untimed games,
    # vacations), which keeps Game.deadline in step in the same transaction.
    if state.finished:
        game.status = Game.Status.FINISHED
        game.finished_at = now
        game.ended_by = state.ended_by or ""
        for position, place in enumerate(state.placings):
            seat = seats_by_pos.get(position)
            if seat is not None:
                seat.final_place = place
                seat.save(update_fields=["final_place"])


def _awaited(state, seats_by_pos):
    """Whose decision ``state`` awaits, as ``Game.pending_key`` reads it from the row: (engine seat, turn,
    the person's user id or None: nobody, a bot's seat, or a seat that left the game, which the server's
    bot plays)."""
    pending = engine.pending_player(state)
    seat = seats_by_pos.get(pending)
    human = seat is not None and not seat.is_bot and engine.in_play(state, pending)
    return pending, state.turn, seat.user_id if human else None


_DENORMALISED_FIELDS = [
    "seq",
    "turn",
    "to_move_position",
    "to_move_user",
    "scores",
    "deadline",
    "status",
    "finished_at",
    "ended_by",
    "updated_at",
]


# What a step within a turn changes on the game's row. Only these are written by it: the others are the
# same as they were read, and one of them (the deadline) may be changed meanwhile by the clock, which
# moves no seq, so writing back what was read could undo its change.
_STEP_FIELDS = ["seq", "scores", "updated_at"]


def _after_commit(game, seat_position, seats_by_pos, by_bot_runner=False):
    pending = game.to_move_position
    event = DecisionCommitted(
        game_id=game.pk,
        seq=game.seq,
        seat=seat_position,
        to_move=pending,
        # A bot seat, or a seat that left the game (the server's bot plays it).
        to_move_is_bot=pending is not None and game.to_move_user_id is None,
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


def create_game(
    creator, seats, mode=Game.Mode.PRINTED, invite=None, bots=0, bot_kind="greedy", rated=False, *, seed=None,
    lesson=False,
):
    """Create an open game with ``creator`` in it and ``bots`` bot seats; it starts when full. ``rated``:
    the creator's choice whether the game counts for ratings (games.ratings). ``seed``: a deal chosen by
    the site (the guided first game's, games.learn), otherwise a fresh secret one. ``lesson``: the game is
    a lesson: never rated, and its seats keep the order they were taken in (the creator at seat 0), so that
    the fixed deal is the same for every learner."""
    if isinstance(seats, bool) or not isinstance(seats, int) or not MIN_SEATS <= seats <= MAX_SEATS:
        raise InvalidRequest(_("seats must be a whole number from 2 to 4."))
    if mode not in Game.Mode.values:
        raise InvalidRequest(_('mode must be "printed" or "yucata".'))
    if isinstance(bots, bool) or not isinstance(bots, int) or not 0 <= bots < seats:
        raise InvalidRequest(_("bots must be a whole number from 0 to seats - 1."))
    if bot_kind not in Seat.BotKind.values:
        raise InvalidRequest(_('bot_kind must be "greedy", "random" or "strong".'))
    if not isinstance(rated, bool):
        raise InvalidRequest(_("rated must be true or false."))
    if lesson and rated:
        raise InvalidRequest(_("A lesson is never rated."))
    if seed is not None and (not isinstance(seed, str) or not 0 < len(seed) <= 128):
        raise InvalidRequest(_("seed must be a text of 1 to 128 characters."))
    invited = [u for u in _resolve_users(invite) if u.pk != creator.pk]
    if len(invited) > seats - 1 - bots:
        raise InvalidRequest(_("More invitations than free seats."))
    seed = engine.new_seed() if seed is None else seed
    with transaction.atomic():
        game = Game.objects.create(
            engine_version=engine.ENGINE_VERSION,
            mode=mode,
            num_seats=seats,
            seed=seed,
            seed_commitment=engine.seed_commitment(seed),
            created_by=creator,
            rated=rated,
            lesson=lesson,
        )
        if invited:
            game.invited.set(invited)
        Seat.objects.create(game=game, kind=Seat.Kind.USER, user=creator)
        for _i in range(bots):
            Seat.objects.create(game=game, kind=Seat.Kind.BOT, bot_kind=bot_kind)
        if 1 + bots == seats:
            _start_locked(game)
    return game


def join(game_id, user, *, admitted=False):
    """Take a seat in an open game; it starts when full. ``admitted``: the user comes with an invitation
    link (games.invitations) or is seated by a tournament, which stands for an invitation: a game by
    invitation only lets them in and lists them among its invited players."""
    with transaction.atomic():
        game = _lock_game(game_id)
        if game.status != Game.Status.OPEN:
            raise Conflict(_("This game is not open for joining."), code="not_open")
        if game.seats.filter(user=user).exists():
            raise Conflict(_("You are already in this game."), code="already_joined")
        by_invitation = game.invited.exists()
        if by_invitation and not admitted and not game.invited.filter(pk=user.pk).exists():
            raise Forbidden(_("This game is by invitation only."), code="not_invited")
        if not (by_invitation or admitted) and game.seats.filter(user_id__in=kept_apart_ids(user)).exists():
            # Open-game matching keeps players who blocked each other apart (an invitation, a link or a
            # tournament's seating is a choice made for this table). The refusal is the one a game that
            # is no longer open gets, so that it does not tell anyone who blocked them.
            raise Conflict(_("This game is not open for joining."), code="not_open")
        taken = game.seats.count()
        if taken >= game.num_seats:
            raise Conflict(_("This game is full."), code="full")
        Seat.objects.create(game=game, kind=Seat.Kind.USER, user=user)
        if admitted and by_invitation:
            game.invited.add(user)
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
    if not game.lesson:
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
    """Append ``decision`` by ``actor`` (a user, or a bot Seat) to the game's log.

    In one transaction: lock the game, check the actor holds a seat (403), that ``expected_seq`` is
    the current log length (409 with the current seq), that the actor's seat is the one whose
    decision is pending (403), apply it through the engine (400 with the engine's message), append
    the entry, update the denormalised fields, and register the after-commit hooks. Nothing changes
    when any check fails. A person's step within a turn is first tried without the transaction
    (``_one_more_step``); whatever it does not write comes here.
    """
    if isinstance(expected_seq, bool) or not isinstance(expected_seq, int) or expected_seq < 0:
        raise InvalidRequest(_("expected_seq must be a whole number, the log length you saw."))
    if not isinstance(decision, dict):
        raise IllegalDecision(_("A decision must be a JSON object."), code="malformed")
    # What follows the commit in Redis (the state's snapshot, the live pages' message) in one round trip.
    with redis_batch.batched():
        return _submit(game_id, actor, expected_seq, decision, by_bot_runner)


def _submit(game_id, actor, expected_seq, decision, by_bot_runner):
    if not isinstance(actor, Seat) and statements.appends_in_one_statement():
        result = _one_more_step(game_id, actor, expected_seq, decision)
        if result is not None:
            return result
    with transaction.atomic():
        game, seats_by_pos = _lock_game_with_seats(game_id)
        seat = _seat_of_actor(game, seats_by_pos, actor)
        _check_in_progress(game, expected_seq)
        state = state_cache.load_state(game)
        if engine.pending_player(state) != seat.position:
            raise Forbidden(_("It is not your turn to decide."), code="not_your_turn")
        # A bot seat plays itself; a seat that left the game is played by the server's bot.
        by = engine.BY_BOT if isinstance(actor, Seat) and not engine.in_play(state, seat.position) else None
        entry = _append(game, seats_by_pos, state, seat, decision, by, by_bot_runner=by_bot_runner)
    return _result(game, seats_by_pos, entry, state)


def _one_more_step(game_id, user, expected_seq, decision):
    """A person's decision that leaves the decision with them, in the same turn: most decisions are one
    step of a longer turn. On PostgreSQL such a step needs no transaction of its own: the decision is
    judged on the cached state of the seq the client saw, and the entry written together with the
    game's row by one statement that only applies while the game is still active at ``expected_seq``.
    A process that has seen the game started knows its seats (``games.started``) and reads nothing
    before that statement; otherwise it reads the game and its seats once, without a lock.

    Nothing changes for anyone but the game's row and log: the clock, the outbox and the ratings have
    nothing to do while the same person goes on deciding (their receivers see the same pending seat).
    A decision that is not such a step costs the engine's judgement twice (here, then under the lock):
    one decision in five, cheaper than a transaction for every step.
    Whenever that is not so (a new turn, another seat, the end), or the decision is refused, or the game
    moved on meanwhile, this writes nothing and returns None, and the locked path decides, with its
    own precise answer (403, 409 with the current seq, 400 in the reader's words).
    """
    game_id = parse_game_id(game_id)
    found = _judged_at(game_id, user, expected_seq)
    if found is None:
        return None
    game, seats_by_pos, seat, state = found
    awaited = _awaited(state, seats_by_pos)
    if awaited[0] != seat.position or not engine.in_play(state, seat.position):
        return None
    legal = engine.legal_decisions(state, seat.position)
    try:
        engine.apply(state, seat.position, decision, legal=legal)
    except engine.IllegalDecision:
        return None
    if state.finished or _awaited(state, seats_by_pos) != awaited:
        return None
    _denormalise(game, state, seats_by_pos)
    entry = LogEntry(
        game=game, seq=expected_seq + 1, seat=seat.position, decision=_logged_form(decision, legal), by=LogEntry.By.SEAT
    )
    try:
        # Inside a caller's transaction, in a savepoint: a failed statement must not abort the caller's
        # work. The unique (game, seq) only refuses it where the row and the log disagree; the locked
        # path then answers.
        with transaction.atomic() if transaction.get_connection().in_atomic_block else contextlib.nullcontext():
            written = statements.append_if_still_at(game, _STEP_FIELDS, entry, expected_seq)
    except IntegrityError:
        return None
    if written is None:
        # The game moved on, ended, or is not the game remembered: whichever, the row is read next time.
        started.forget(game_id)
        return None
    # Outside a transaction the "after commit" work runs at once; inside a caller's, at its commit.
    state_cache.store_state(written, state, on_commit=True)
    _after_commit(written, seat.position, seats_by_pos)
    return _result(written, seats_by_pos, entry, state)


def _judged_at(game_id, user, expected_seq):
    """(the game as of ``expected_seq``, its seats by position, ``user``'s seat, the state at that seq)
    for a step, or None where the step is not for this path. Raises Forbidden for someone the game's
    row and seats, read now, name in no seat: the locked path's answer too, as seats never change once
    a game has started."""
    known = started.recall(game_id)
    if known is not None:
        game, seats_by_pos = known
        # Someone the remembered seats do not name is answered from the row (the only 403 there is).
        seat = _seat_of_user(seats_by_pos, user)
        # The state of the seq the client saw, if either cache has it; the statement checks the game is
        # still there. A seq no cache knows (a stale or a future one) is the row's to answer.
        game.seq = expected_seq
        state = state_cache.cached_state(game) if seat is not None else None
        if state is not None:
            return game, seats_by_pos, seat, state
    seats = _seated(Seat.objects.filter(game_id=game_id))
    if not seats:
        return None
    game = seats[0].game
    seats_by_pos = {s.position: s for s in seats}
    seat = _seat_of_actor(game, seats_by_pos, user)
    if game.status != Game.Status.ACTIVE:
        started.forget(game_id)
        return None
    started.remember(seats)
    if game.seq != expected_seq:
        return None
    state = state_cache.load_state(game)
    if state.seq != game.seq:
        return None
    return game, seats_by_pos, seat, state


def _logged_form(decision, legal):
    """The engine's own form of ``decision`` (the legal option it matched), not whatever extra fields a
    client sent along: the log keeps exactly what the rules looked at."""
    return next(
        (d for d in legal if all(decision.get(k, _MISSING) == v for k, v in d.items())), engine.normalise(decision)
    )


def _seat_of_actor(game, seats_by_pos, actor):
    if isinstance(actor, Seat):
        seat = seats_by_pos.get(actor.position) if actor.game_id == game.pk else None
        if seat is None or seat.pk != actor.pk:
            raise Forbidden(_("That seat is not in this game."), code="not_a_player")
        return seat
    seat = _seat_of_user(seats_by_pos, actor)
    if seat is None:
        raise Forbidden(_("You are not playing in this game."), code="not_a_player")
    return seat


def _seat_of_user(seats_by_pos, user):
    return next((s for s in seats_by_pos.values() if s.user_id is not None and s.user_id == user.pk), None)


def _check_in_progress(game, expected_seq=None):
    if game.status != Game.Status.ACTIVE:
        raise Conflict(_("This game is not in progress."), code="not_active")
    if expected_seq is not None and expected_seq != game.seq:
        raise StaleSeq(game.seq)


def _append(game, seats_by_pos, state, seat, decision, by, by_bot_runner=False):
    """Apply ``decision`` of ``seat`` (made by ``by``: None for the seat itself) to ``state`` through
    the engine and append it to the locked game's log; update the denormalised fields and register the
    after-commit work. The caller holds the game's row lock and has checked the seq."""
    legal = engine.legal_decisions(state, seat.position)
    try:
        engine.apply(state, seat.position, decision, by=by, legal=legal)
    except engine.IllegalDecision as exc:
        code = getattr(exc, "code", "illegal")
        if code == "not_your_turn":
            raise Forbidden(translate_error(exc, _, ngettext), code=code) from None
        # The engine's sentence in the reader's language (its templates are in our catalogues).
        raise IllegalDecision(translate_error(exc, _, ngettext), code=code) from None

    decision = _logged_form(decision, legal)
    try:
        # No savepoint: on an IntegrityError the whole transaction is rolled back anyway.
        entry = LogEntry.objects.create(
            game=game, seq=game.seq + 1, seat=seat.position, decision=decision, by=by or LogEntry.By.SEAT
        )
    except IntegrityError:
        # Only reachable where the row lock is not a lock (SQLite outside IMMEDIATE mode).
        raise StaleSeq(game.seq + 1) from None
    _denormalise(game, state, seats_by_pos)
    game.save(update_fields=_DENORMALISED_FIELDS)
    # The receivers of that save (clock, notifications) have seen this change; a further decision in the
    # same transaction (a timed-out turn) compares with what is awaited now.
    game.loaded_pending = game.pending_key()
    state_cache.store_state(game, state, on_commit=True)
    _after_commit(game, seat.position, seats_by_pos, by_bot_runner=by_bot_runner)
    return entry


def _result(game, seats_by_pos, entry, state):
    next_seat = seats_by_pos.get(game.to_move_position)
    to_move = next_seat.display_name if next_seat is not None and game.status == Game.Status.ACTIVE else None
    return DecisionResult(game=game, entry=entry, state=state, to_move=to_move)


# --- outcomes: leaving a game (engine/outcomes.py) ---------------------------------------------------------


def resign(game_id, user):
    """``user`` gives up the game: with two players in play the other wins, with more the game goes on and
    the server's bot plays the seat, which is placed last (docs/rules.md, "Leaving a game")."""
    with transaction.atomic():
        game, seats_by_pos = _lock_game_with_seats(game_id)
        seat = _seat_of_actor(game, seats_by_pos, user)
        _check_in_progress(game)
        state = state_cache.load_state(game)
        if not engine.can_resign(state, seat.position):
            raise Conflict(_("You have already left this game."), code="already_left")
        entry = _append(game, seats_by_pos, state, seat, {"type": "resign"}, None)
    return _result(game, seats_by_pos, entry, state)


def end_by_time(game_id, position):
    """The clock: the time of the seat at ``position`` ran out and the game's policy is to end the game.
    The others are placed by VP, that seat last."""
    return _decide_for(game_id, position, {"type": "time_out"})


def take_over(game_id, position):
    """The clock: the seat at ``position`` timed out too often in a row; the bot plays it from now on
    (the bot runner, woken by the after-commit hook) and it is placed last."""
    return _decide_for(game_id, position, {"type": "take_over"})


def play_timed_out_turn(game_id, position, choose):
    """The clock: the seat at ``position`` ran out of time; ``choose(state, position)`` (a bot) decides
    for it until the turn passes to another seat or the game ends. Returns the number of decisions."""
    with transaction.atomic():
        game, seats_by_pos = _lock_game_with_seats(game_id)
        _check_in_progress(game)
        seat = _seat_at(seats_by_pos, position)
        state = state_cache.load_state(game)
        turn = state.turn
        made = 0
        while state.phase != "over" and state.turn == turn and engine.pending_player(state) == position:
            if made >= MAX_DECISIONS_PER_TURN:
                logger.error("game %s: %s decisions in one timed-out turn", game.pk, made)
                break
            _append(game, seats_by_pos, state, seat, choose(state, position), engine.BY_TIMEOUT)
            made += 1
    return made


def _decide_for(game_id, position, decision):
    with transaction.atomic():
        game, seats_by_pos = _lock_game_with_seats(game_id)
        _check_in_progress(game)
        seat = _seat_at(seats_by_pos, position)
        state = state_cache.load_state(game)
        entry = _append(game, seats_by_pos, state, seat, decision, engine.BY_TIMEOUT)
    return _result(game, seats_by_pos, entry, state)


def _seat_at(seats_by_pos, position):
    seat = seats_by_pos.get(position)
    if seat is None:
        raise Forbidden(_("That seat is not in this game."), code="not_a_player")
    return seat


# --- bots ---------------------------------------------------------------------------------------


def run_bots(game_id, max_moves=500, seconds=None):
    """Let the bots decide while a bot seat, or a seat that left the game, is to move, through
    ``submit_decision`` (each decision appended under the game's row lock, the search done outside it).
    Returns how many decisions were made, or ``None`` when a bot is still to move after ``max_moves``
    or after ``seconds`` (default ``BOT_RUN_SECONDS``): the caller re-enqueues, so that a long bot turn
    (the strong bot searches for a while at every decision) does not hold a worker from other games."""
    budget = settings.BOT_RUN_SECONDS if seconds is None else seconds
    deadline = time.monotonic() + budget
    moves = 0
    attempts = 0
    while moves < max_moves and attempts < max_moves * 2:
        attempts += 1
        game = Game.objects.filter(pk=game_id).first()
        if game is None or game.status != Game.Status.ACTIVE or game.to_move_position is None:
            return moves
        if game.to_move_user_id is not None:  # a person is to move
            return moves
        seat = game.seats.filter(position=game.to_move_position).first()
        if seat is None:
            return moves
        if moves and time.monotonic() >= deadline:
            return None  # a bot is still to move: the next task goes on
        state = state_cache.load_state(game)
        decision = bot_decision(state, seat.position, bot_kind_for(seat))
        try:
            submit_decision(game.pk, seat, game.seq, decision, by_bot_runner=True)
        except StaleSeq:
            metrics.STALE_SEQ.labels("bot").inc()
            continue  # someone else (another runner) moved first; look again
        moves += 1
    return None


def bot_kind_for(seat):
    """The bot of a bot seat plays as it was chosen; the seat of a person who left gets the site's bot
    for absent players (``ABSENT_PLAYER_BOT``)."""
    return seat.bot_kind if seat.is_bot else settings.ABSENT_PLAYER_BOT


def bot_decision(state, position, kind):
    """The decision of the bot ``kind`` for the seat at ``position``; the strong bot searches with the
    budget of ``STRONG_BOT_LEVEL`` (engine.search.LEVELS)."""
    return engine.bots.choose(state, position, kind=kind, rng=bot_rng_for_state(state),
                              level=settings.STRONG_BOT_LEVEL)


def bot_rng_for_state(state):
    # Seeded by the game's secret seed and the log's length: a bot's choice can be replayed in tests, and
    # nobody outside the server can predict it.
    return random.Random(f"{state.seed}:{state.seq}")
