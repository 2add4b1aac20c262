"""What the chat panel, the notes and the replay's chat show to one reader (shared by the views and the
template tags, so that a partial renders the same after a post as within the table page)."""

from django.conf import settings

from games.models import Game
from social.relations.selectors import muted_ids

from .models import MESSAGE_MAX_LENGTH, NOTE_MAX_LENGTH
from .selectors import last_message_id, latest_messages, messages_upto, note_text, visible_messages
from .services import CHAT_STATUSES


def _user_id(user):
    return user.pk if user is not None and user.is_authenticated else None


def _is_player(game, user_id):
    return user_id is not None and any(s.user_id == user_id for s in game.seats.all())


def panel(game, user, error=None, draft=""):
    user_id = _user_id(user)
    shown, older = latest_messages(game.pk, user_id)
    muted = muted_ids(user_id) if user_id else set()
    is_player = _is_player(game, user_id)
    return {
        "game": game,
        "chat_messages": shown,
        "chat_older": older,
        "chat_last_id": last_message_id(game.pk),
        "chat_open": game.status in CHAT_STATUSES,
        # Polled while the game goes on (only while the live socket is down: games/live); the socket brings
        # new messages also after it.
        "chat_polls": game.status == Game.Status.ACTIVE,
        "may_write": is_player and game.status in CHAT_STATUSES,
        "is_player": is_player,
        "viewer_id": user_id,
        "muted_here": [s.user for s in game.seats.all() if s.user_id in muted],
        "chat_error": error,
        "chat_draft": draft,
        "chat_max_length": MESSAGE_MAX_LENGTH,
        "chat_poll_seconds": settings.CHAT_POLL_SECONDS,
    }


def new_messages(game, user, after):
    """The messages newer than ``after`` that ``user`` may see (the poll appends them)."""
    user_id = _user_id(user)
    return {
        "game": game,
        "chat_messages": list(visible_messages(game.pk, user_id).filter(id__gt=after)),
        "chat_last_id": last_message_id(game.pk),
        "viewer_id": user_id,
        "chat_polls": game.status == Game.Status.ACTIVE,
        "chat_poll_seconds": settings.CHAT_POLL_SECONDS,
    }


def notes(game, user, saved=False, error=None, draft=None):
    user_id = _user_id(user)
    is_player = _is_player(game, user_id)
    return {
        "game": game,
        "is_player": is_player,
        "note_text": draft if draft is not None else (note_text(game.pk, user_id) if is_player else ""),
        "note_saved": saved,
        "note_error": error,
        "note_max_length": NOTE_MAX_LENGTH,
    }


def replay(game, user, step):
    """The chat as it stood at ``step`` of the replay; signed-in readers only (the replay itself is public:
    what players said to each other is not for crawlers)."""
    user_id = _user_id(user)
    if user_id is None:
        return {"game": game, "chat_hidden_for_anonymous": True, "chat_messages": []}
    return {"game": game, "chat_hidden_for_anonymous": False, "chat_messages": messages_upto(game.pk, user_id, step)}
