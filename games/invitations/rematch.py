"""Rematch: after a game, the same players again with a new seed and the seats dealt anew.

The new game is made by ``services.create_game`` like any other (a fresh seed; seats get their order, at
random, when it starts) with the other human players invited, the same number of bots of the same kind,
the same rules, the same time limit and timeout policy, and rated if the finished game was (a rematch is
the same game again: it must not quietly stop counting). Each invited player answers like any invitation
(an email, Accept joins through ``services.join``); the game starts when the last one accepts. One rematch
per finished game: a ``Rematch`` row unique on the finished game, so whoever proposes second joins the
first proposal.
"""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games import services as game_services
from games.clock.deadlines import set_time_limit
from games.clock.selectors import time_control_of
from games.exceptions import Conflict, Forbidden, NotFound
from games.models import Game, Seat
from games.rules import options_of

from .models import Rematch


def _finished_game(game_id):
    game = Game.objects.filter(pk=game_services.parse_game_id(game_id)).first()
    if game is None:
        raise NotFound()
    return game


def _seats(game):
    seats = Seat.objects.filter(game_id=game.pk, position__isnull=False).select_related("user")
    return list(seats.order_by("position"))


def propose(game_id, user):
    """``user``, a player of the finished game ``game_id``, asks for a rematch. Returns (rematch, created).
    When another player has proposed it already, ``user`` accepts theirs (and is seated in it)."""
    original = _finished_game(game_id)
    if original.status != Game.Status.FINISHED:
        raise Conflict(_("A rematch can be proposed once the game is over."), code="not_finished")
    seats = _seats(original)
    if not any(s.user_id == user.pk for s in seats):
        raise Forbidden(_("Only the players of this game can ask for a rematch."), code="not_a_player")
    existing = Rematch.objects.select_related("game").filter(original=original).first()
    if existing is not None:
        if existing.game.status != Game.Status.ABORTED:
            _accept(existing.game, user)
            return existing, False
        existing.delete()  # the last proposal was cancelled: a new one may be made
    # A new game like any other: not of a game the site no longer offers (OFFERED_GAMES).
    game_services.check_offered(original.game)
    others = [s.user.username for s in seats if s.user_id is not None and s.user_id != user.pk]
    bots = [s for s in seats if s.is_bot]
    clock = time_control_of(original)
    try:
        with transaction.atomic():
            game = game_services.create_game(
                user,
                seats=len(seats),
                game=original.game,
                options=options_of(original),
                invite=others,
                bots=len(bots),
                bot_kind=bots[0].bot_kind if bots else None,
                rated=original.rated,
            )
            if clock is not None:
                set_time_limit(game, clock.per_move, clock.policy)
            rematch = Rematch.objects.create(original=original, game=game, proposed_by=user)
    except IntegrityError:
        # Another player proposed at the same moment and committed first: theirs is the rematch.
        rematch = Rematch.objects.select_related("game").filter(original=original).first()
        if rematch is None:
            raise
        _accept(rematch.game, user)
        return rematch, False
    return rematch, True


def _accept(game, user):
    """Asking for the rematch another player proposed is accepting it: take the seat while it is open."""
    if game.status == Game.Status.OPEN and not Seat.objects.filter(game_id=game.pk, user_id=user.pk).exists():
        game_services.join(game.pk, user)
