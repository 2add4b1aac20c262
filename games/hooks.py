"""What happens after a decision is committed.

``submit_decision`` (and ``start``) call every registered hook through ``transaction.on_commit``, so a
hook only ever sees decisions that are really in the log. Hooks must be quick: anything slow (email,
push) belongs in a Celery task that the hook enqueues. Register with::

    from games.hooks import on_decision

    @on_decision
    def notify(event):  # event: DecisionCommitted
        ...

The games app registers one hook itself: when the next seat to move is a bot, it enqueues
``games.tasks.play_bots``.

Beside the hooks, ``stale_seq``: a signal sent when a decision is refused because the game had moved on,
with ``source`` ("bot", "page"), so that the rooms above (ops' counters) hear of it without the services
and the pages importing them.
"""

import logging
from dataclasses import dataclass

from django.dispatch import Signal

logger = logging.getLogger(__name__)

# Sent with ``source``: who was refused (the bot runner "bot", the table's page "page").
stale_seq = Signal()

_hooks = []


@dataclass(frozen=True)
class DecisionCommitted:
    game_id: int
    seq: int  # the log's length after the decision (0 when the game has just started)
    seat: int | None  # who decided (None when the game has just started)
    to_move: int | None  # the seat whose decision is now awaited, None once the game is over
    to_move_is_bot: bool
    finished: bool
    by_bot_runner: bool  # the bot runner keeps moving by itself; hooks need not wake it


def on_decision(fn):
    """Register ``fn(event)`` to run after each committed decision. Returns ``fn`` (a decorator)."""
    if fn not in _hooks:
        _hooks.append(fn)
    return fn


def remove_hook(fn):
    if fn in _hooks:
        _hooks.remove(fn)


def registered_hooks():
    return list(_hooks)


def run_hooks(event):
    for hook in list(_hooks):
        try:
            hook(event)
        except Exception:  # a broken notifier must not break play
            logger.exception("decision hook %r failed for game %s", hook, event.game_id)
