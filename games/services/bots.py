"""Bots: the bot runner (bot seats, and the seats of players who left, which the server's bot plays), the
bot that decides for an absent player, and the site's calibration of each game's bots for ratings.

Every bot decision goes through ``submit_decision`` (or the clock's ``play_timed_out_turn``) like anyone
else's: a bot chooses among the legal decisions of the game's rules (``bots.choose``), nothing more.
"""

import random
import time

from django.conf import settings

from .. import cache as state_cache
from ..exceptions import StaleSeq
from ..hooks import stale_seq
from ..models import DEFAULT_GAME, Game
from ..rules import rules_of
from .deciding import submit_decision


def run_bots(game_id, max_moves=500, seconds=None):
    """Let the bots decide while a bot seat, or a seat that left the game, is to move, through
    ``submit_decision`` (each decision appended under the game's row lock, the search done outside it).
    Returns how many decisions were made, or ``None`` when a bot is still to move after ``max_moves``
    or after ``seconds`` (default ``BOT_RUN_SECONDS``): the caller re-enqueues, so that a long bot turn
    (a searching bot may think for a while at every decision) does not hold a worker from other games."""
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
        rules = rules_of(game)
        state = state_cache.load_state(game)
        decision = bot_decision(rules, state, seat.position, bot_kind_for(seat, rules))
        try:
            submit_decision(game.pk, seat, game.seq, decision, by_bot_runner=True)
        except StaleSeq:
            stale_seq.send(sender=run_bots, source="bot")
            continue  # someone else (another runner) moved first; look again
        moves += 1
    return None


def bot_kind_for(seat, rules):
    """The bot of a bot seat plays as it was chosen; the seat of a person who left gets the game's bot for
    absent players."""
    return seat.bot_kind if seat.is_bot else absent_bot_kind(rules)


def absent_bot_kind(rules):
    """The bot that plays for a person who is away (a turn whose time ran out, a seat whose player left):
    the site's ``ABSENT_PLAYER_BOT`` where the game has a bot of that kind, else the game's own choice."""
    kind = settings.ABSENT_PLAYER_BOT
    return kind if kind in rules.bots.KINDS else rules.bots.DEFAULT_ABSENT


def bot_decision(rules, state, position, kind):
    """The decision of the game's bot ``kind`` for the seat at ``position``; a searching bot searches with
    the budget of ``STRONG_BOT_LEVEL``."""
    return rules.bots.choose(state, position, kind, bot_rng_for_state(state), level=settings.STRONG_BOT_LEVEL)


def bot_rng_for_state(state):
    # Seeded by the game's secret seed and the log's length: a bot's choice can be replayed in tests, and
    # nobody outside the server can predict it.
    return random.Random(f"{state.seed}:{state.seq}")


def calibration(game, kind):
    """The fixed rating (μ, σ) of bots of ``kind`` in ``game`` (a slug) on this site, or None: a game with
    a bot without one is unrated. ``RATINGS_BOT_CALIBRATION`` names them "game:kind"; a bare kind is the
    default game's (the setting's form from before the site had more games)."""
    table = settings.RATINGS_BOT_CALIBRATION
    found = table.get(f"{game}:{kind}")
    if found is None and game == DEFAULT_GAME:
        found = table.get(kind)
    return found
