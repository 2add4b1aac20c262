"""Deciding: a decision of a seat appended to its game's log (``submit_decision``), and the inner step
every other change of a game's log shares (``append``: the outcomes of leaving, the clock's turns).

Concurrency: every change locks the game's row first (``select_for_update``), so changes to one game are
serialised; ``LogEntry``'s unique (game, seq) is the last line of defence. The one exception is a step
within a turn on PostgreSQL (``_one_more_step``): one statement that writes only while the game is still
at the seq it read, which the row's own lock makes atomic (docs/architecture.md, "A decision").

The rules are the game's own (``games.rules.rules_of``): this module judges nothing itself.
"""

import contextlib
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from guildhall_site import redis_batch

from .. import cache as state_cache
from .. import started, statements
from ..exceptions import Conflict, Forbidden, IllegalDecision, InvalidRequest, NotFound, StaleSeq, refusal_text
from ..hooks import DecisionCommitted, run_hooks
from ..models import Game, LogEntry, Seat
from ..rules import rules_of

MAX_ID = 2**63 - 1


@dataclass
class DecisionResult:
    game: Game
    entry: LogEntry
    state: object  # the engine state after the decision (owned by the caller)
    to_move: str | None  # display name of the seat now to move, None once the game is over


@dataclass
class _Judged:
    """A person's decision judged on the cached state of the seq they saw that is not a step within their
    turn (it passes the turn, or asks another seat): what the locked path appends as it is, once the
    game's row, locked, is still at that seq (``_append_judged``)."""

    game_id: int
    seed_commitment: str  # of the game judged: an id that now names another game is judged afresh
    seats_by_pos: dict
    seat: Seat
    state: object  # after the decision
    decision: dict  # the rules' own form, as logged
    outcome: dict


# --- reading and locking a game -------------------------------------------------------------------


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


def lock_game(game_id):
    try:
        return Game.objects.select_for_update().get(pk=parse_game_id(game_id))
    except Game.DoesNotExist:
        raise NotFound() from None


def seated(seats):
    """The seated seats of one game from ``seats`` (a queryset of them with the game and the users joined),
    each with the same instance of the game: what the decision changes on it, every seat sees."""
    seats = list(seats.select_related("game", "user").filter(position__isnull=False))
    for seat in seats[1:]:
        seat.game = seats[0].game
    return seats


def lock_game_with_seats(game_id):
    """Lock the game row and read its seated players in one query (the hot path of every decision)."""
    game_id = parse_game_id(game_id)
    seats = seated(Seat.objects.filter(game_id=game_id).select_for_update(of=("game",)))
    if not seats:
        return lock_game(game_id), {}
    return seats[0].game, {s.position: s for s in seats}


def seat_of_actor(game, seats_by_pos, actor):
    if isinstance(actor, Seat):
        seat = seats_by_pos.get(actor.position) if actor.game_id == game.pk else None
        if seat is None or seat.pk != actor.pk:
            raise Forbidden(_("That seat is not in this game."), code="not_a_player")
        return seat
    seat = _seat_of_user(seats_by_pos, actor)
    if seat is None:
        raise Forbidden(_("You are not playing in this game."), code="not_a_player")
    return seat


def seat_at(seats_by_pos, position):
    seat = seats_by_pos.get(position)
    if seat is None:
        raise Forbidden(_("That seat is not in this game."), code="not_a_player")
    return seat


def _seat_of_user(seats_by_pos, user):
    return next((s for s in seats_by_pos.values() if s.user_id is not None and s.user_id == user.pk), None)


def check_in_progress(game, expected_seq=None):
    if game.status != Game.Status.ACTIVE:
        raise Conflict(_("This game is not in progress."), code="not_active")
    if expected_seq is not None and expected_seq != game.seq:
        raise StaleSeq(game.seq)


# --- the game row's copies of the state ---------------------------------------------------------------


def denormalise(game, rules, state, seats_by_pos, outcome=None):
    """Copy what lists need from the engine state onto the game row (saved by the caller): whose decision
    is awaited, and ``outcome``'s scores (and places and ending, once over). Returns the outcome."""
    outcome = outcome or rules.outcome(state)
    game.seq = state.seq
    game.to_move_position, game.turn, game.to_move_user_id = awaited(rules, state, seats_by_pos)
    game.scores = outcome["scores"]
    if game.to_move_position is None:
        game.deadline = None
    # Otherwise the deadline belongs to the game's clock (games.clock: per-game limits, untimed games,
    # vacations), which keeps Game.deadline in step in the same transaction.
    if outcome["over"]:
        game.status = Game.Status.FINISHED
        game.finished_at = timezone.now()
        game.ended_by = outcome["ended_by"] or ""
        for position, place in enumerate(outcome["places"]):
            seat = seats_by_pos.get(position)
            if seat is not None:
                seat.final_place = place
                seat.save(update_fields=["final_place"])
    return outcome


def awaited(rules, state, seats_by_pos):
    """Whose decision ``state`` awaits, as ``Game.pending_key`` reads it from the row: (engine seat, turn,
    the person's user id or None: nobody, a bot's seat, or a seat that left the game, which the server's
    bot plays)."""
    pending = rules.pending_player(state)
    seat = seats_by_pos.get(pending)
    human = seat is not None and not seat.is_bot and rules.in_play(state, pending)
    return pending, state.turn, seat.user_id if human else None


DENORMALISED_FIELDS = [
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


def after_commit(game, seat_position, seats_by_pos, by_bot_runner=False):
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


# --- decisions ----------------------------------------------------------------------------------


def submit_decision(game_id, actor, expected_seq, decision, *, by_bot_runner=False):
    """Append ``decision`` by ``actor`` (a user, or a bot Seat) to the game's log.

    In one transaction: lock the game, check the actor holds a seat (403), that ``expected_seq`` is
    the current log length (409 with the current seq), that the actor's seat is the one whose
    decision is pending (403), apply it through the game's rules (400 with their message), append
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
    judged = None
    if not isinstance(actor, Seat) and statements.appends_in_one_statement():
        judged = _one_more_step(game_id, actor, expected_seq, decision)
        if isinstance(judged, DecisionResult):
            return judged
    with transaction.atomic():
        if judged is not None:
            result = _append_judged(judged, expected_seq)
            if result is not None:
                return result
        game, seats_by_pos = lock_game_with_seats(game_id)
        seat = seat_of_actor(game, seats_by_pos, actor)
        check_in_progress(game, expected_seq)
        rules = rules_of(game)
        state = state_cache.load_state(game)
        if rules.pending_player(state) != seat.position:
            raise Forbidden(_("It is not your turn to decide."), code="not_your_turn")
        # A bot seat plays itself; a seat that left the game is played by the server's bot.
        by = engine.BY_BOT if isinstance(actor, Seat) and not rules.in_play(state, seat.position) else None
        entry = append(game, seats_by_pos, state, seat, decision, by, by_bot_runner=by_bot_runner)
    return result_of(game, seats_by_pos, entry, state)


def _one_more_step(game_id, user, expected_seq, decision):
    """A person's decision that leaves the decision with them, in the same turn: most decisions are one
    step of a longer turn. On PostgreSQL such a step needs no transaction of its own: the decision is
    judged on the cached state of the seq the client saw, and the entry written together with the
    game's row by one statement that only applies while the game is still active at ``expected_seq``.
    A process that has seen the game started knows its seats (``games.started``) and reads nothing
    before that statement; otherwise it reads the game and its seats once, without a lock.

    Nothing changes for anyone but the game's row and log: the clock, the outbox and the ratings have
    nothing to do while the same person goes on deciding (their receivers see the same pending seat).
    A decision judged here that is not such a step (a new turn, another seat) is returned as a
    ``_Judged``: the locked path appends it as judged if the row is still at ``expected_seq`` (the
    state of a seq is the same everywhere), so its rules' judgement and the game's seats are not read
    twice. Whenever the game ends, or the decision is refused, or the game moved on meanwhile, this
    writes nothing and returns None, and the locked path decides, with its own precise answer (403,
    409 with the current seq, 400 in the reader's words).
    """
    game_id = parse_game_id(game_id)
    found = _judged_at(game_id, user, expected_seq)
    if found is None:
        return None
    game, seats_by_pos, seat, state = found
    rules = rules_of(game)
    before = awaited(rules, state, seats_by_pos)
    if before[0] != seat.position or not rules.in_play(state, seat.position):
        return None
    legal = rules.legal_decisions(state, seat.position)
    try:
        rules.apply(state, seat.position, decision, legal=legal)
    except engine.IllegalDecision:
        return None
    outcome = rules.outcome(state)
    if outcome["over"]:
        return None  # the end (places, ratings) is the locked path's own, from the row and seats it reads
    logged = _logged_form(rules, decision)
    if awaited(rules, state, seats_by_pos) != before:
        return _Judged(game_id, game.seed_commitment, seats_by_pos, seat, state, logged, outcome)
    denormalise(game, rules, state, seats_by_pos, outcome)
    entry = LogEntry(game=game, seq=expected_seq + 1, seat=seat.position, decision=logged, by=LogEntry.By.SEAT)
    try:
        # Inside a caller's transaction, in a savepoint: a failed statement must not abort the caller's
        # work. The unique (game, seq) only refuses it where the row and the log disagree; the locked
        # path then answers.
        with contextlib.nullcontext() if transaction.get_autocommit() else transaction.atomic():
            written = statements.append_if_still_at(game, _STEP_FIELDS, entry, expected_seq)
    except IntegrityError:
        return None
    if written is None:
        # The game moved on, ended, or is not the game remembered: whichever, the row is read next time.
        started.forget(game_id)
        return None
    # Outside a transaction the "after commit" work runs at once; inside a caller's, at its commit.
    state_cache.store_state(written, state, on_commit=True)
    after_commit(written, seat.position, seats_by_pos)
    return result_of(written, seats_by_pos, entry, state)


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
    seats = seated(Seat.objects.filter(game_id=game_id))
    if not seats:
        return None
    game = seats[0].game
    seats_by_pos = {s.position: s for s in seats}
    seat = seat_of_actor(game, seats_by_pos, user)
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


def _append_judged(judged, expected_seq):
    """Lock the game's row alone and, if it is still the game judged, active at ``expected_seq``, append
    the decision as ``_one_more_step`` judged it, with the seats it knew (a started game's seats never
    change); else None, and the locked path reads the row with its seats and decides afresh."""
    game = statements.locked_row(Game, "id", judged.game_id)
    if (
        game is None
        or game.status != Game.Status.ACTIVE
        or game.seq != expected_seq
        or game.seed_commitment != judged.seed_commitment
    ):
        return None
    entry = _write(game, judged.seats_by_pos, judged.state, judged.seat, judged.decision, None, judged.outcome)
    return result_of(game, judged.seats_by_pos, entry, judged.state)


def _logged_form(rules, decision):
    """The rules' own form of ``decision``, not whatever extra fields a client sent along: the log keeps
    exactly what the rules looked at: ``rules.normalise``, which keeps a field that no listed option
    carries (an amount or an order the player chose beside the option), where matching the decision
    against the options would drop it."""
    return rules.normalise(decision)


def append(game, seats_by_pos, state, seat, decision, by, by_bot_runner=False):
    """Apply ``decision`` of ``seat`` (made by ``by``: None for the seat itself) to ``state`` through
    the game's rules and append it to the locked game's log; update the denormalised fields and register
    the after-commit work. The caller holds the game's row lock and has checked the seq."""
    rules = rules_of(game)
    legal = rules.legal_decisions(state, seat.position)
    try:
        rules.apply(state, seat.position, decision, by=by, legal=legal)
    except engine.IllegalDecision as exc:
        code = getattr(exc, "code", "illegal")
        if code == "not_your_turn":
            raise Forbidden(refusal_text(rules, exc), code=code) from None
        # The rules' sentence in the reader's language (their templates are in our catalogues).
        raise IllegalDecision(refusal_text(rules, exc), code=code) from None
    logged = _logged_form(rules, decision)
    return _write(game, seats_by_pos, state, seat, logged, by, by_bot_runner=by_bot_runner)


def _write(game, seats_by_pos, state, seat, decision, by, outcome=None, by_bot_runner=False):
    """Append the judged ``decision`` (its logged form) of ``seat`` to the locked game's log with ``state``
    after it (``outcome``: the rules' outcome of it, when the caller has it); update the denormalised
    fields and register the after-commit work."""
    seq = game.seq
    entry = LogEntry(game=game, seq=seq + 1, seat=seat.position, decision=decision, by=by or LogEntry.By.SEAT)
    denormalise(game, rules_of(game), state, seats_by_pos, outcome)
    try:
        # No savepoint: on an IntegrityError the whole transaction is rolled back anyway.
        if statements.appends_in_one_statement():
            # The entry's INSERT and the row's UPDATE in one round trip, with the saves' signals.
            statements.append_locked(game, DENORMALISED_FIELDS, entry, seq)
        else:
            entry.save()
            game.save(update_fields=DENORMALISED_FIELDS)
    except IntegrityError:
        # Only reachable where the row lock is not a lock (SQLite outside IMMEDIATE mode), or where the
        # log and the row disagree.
        raise StaleSeq(seq + 1) from None
    # The receivers of that save (clock, notifications) have seen this change; a further decision in the
    # same transaction (a timed-out turn) compares with what is awaited now.
    game.loaded_pending = game.pending_key()
    state_cache.store_state(game, state, on_commit=True)
    after_commit(game, seat.position, seats_by_pos, by_bot_runner=by_bot_runner)
    return entry


def result_of(game, seats_by_pos, entry, state):
    next_seat = seats_by_pos.get(game.to_move_position)
    to_move = next_seat.display_name if next_seat is not None and game.status == Game.Status.ACTIVE else None
    return DecisionResult(game=game, entry=entry, state=state, to_move=to_move)
