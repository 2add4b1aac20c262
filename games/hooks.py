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

Who may be seated with whom is the social rooms' rule, not the core's: ``may_receive_invitations(user)``
(moderation: not a suspended or deleted account) and ``kept_apart_ids(user)`` (relations: a block either
way) are asked here and answered by what those rooms register from their ``ready()``
(``register_seating``), so that the services and the selectors import no room above them.

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
_seating = {}


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


# --- who may be seated with whom ----------------------------------------------------------------------


def register_seating(name, fn):
    """Register the social rooms' answer ``fn`` for ``name``: "may_receive_invitations" or
    "kept_apart_ids" (from an app's ``ready()``)."""
    if name not in ("may_receive_invitations", "kept_apart_ids"):
        raise ValueError(f"no seating rule called {name!r}")
    _seating[name] = fn


def _seating_rule(name):
    try:
        return _seating[name]
    except KeyError:
        # A missing rule must not mean "everyone may sit with everyone": a block would stop counting.
        raise RuntimeError(f"no app registered the seating rule {name!r} (are the social apps installed?)") from None


def may_receive_invitations(user):
    """Whether ``user`` may be invited (moderation's rule)."""
    return _seating_rule("may_receive_invitations")(user)


def kept_apart_ids(user):
    """Ids of the players ``user`` is kept apart from (relations' rule: a block either way)."""
    return _seating_rule("kept_apart_ids")(user)
