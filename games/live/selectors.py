"""Which games a socket may follow: those whose pages its user may open.

The table page (games.web) shows any game to any signed-in user: players get their seat's view,
everyone else the spectator's (no hand, nothing hidden); the waiting room of an open game likewise. So a
signed-in user may follow any game that exists, and learns from it only what the live games list shows
anyone: its seq and status. And whether a socket's session still stands."""

from importlib import import_module

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.crypto import constant_time_compare

from games.models import Game


def game_position(game_id, user):
    """(seq, status) of game ``game_id`` if ``user`` may follow it, else None."""
    if user is None or not getattr(user, "is_authenticated", False) or not getattr(user, "is_active", False):
        return None
    return Game.objects.filter(pk=game_id).values_list("seq", "status").first()


def session_stands(user_id, session_hash, session_key=None):
    """Whether a socket opened by user ``user_id`` may stay open: the account is active and not deleted,
    its password is the one the session was signed in with (``session_hash``: the session's
    ``get_session_auth_hash()`` when the socket opened), and the session itself (``session_key``, when the
    socket has one) still exists: signing out everywhere deletes it."""
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None or not user.is_active or getattr(user, "deleted_at", None) is not None:
        return False
    if not constant_time_compare(user.get_session_auth_hash(), session_hash):
        return False
    if session_key is not None:
        return import_module(settings.SESSION_ENGINE).SessionStore().exists(session_key)
    return True
