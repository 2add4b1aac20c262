"""Which games a socket may follow: those whose pages its user may open.

The table page (games.web) shows any game to any signed-in user: players get their seat's view,
everyone else the spectator's (no hand, nothing hidden); the waiting room of an open game likewise. So a
signed-in user may follow any game that exists, and learns from it only what the live games list shows
anyone: its seq and status."""

from games.models import Game


def game_position(game_id, user):
    """(seq, status) of game ``game_id`` if ``user`` may follow it, else None."""
    if user is None or not getattr(user, "is_authenticated", False) or not getattr(user, "is_active", False):
        return None
    return Game.objects.filter(pk=game_id).values_list("seq", "status").first()
