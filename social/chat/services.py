"""Every change to the chat, mutes, reports and notes. Games themselves are never changed here (that is
games.services' job): the chat only reads the game row to know who sits at the table and how far the
log is.

Who may do what:
- players of a game (a seat of their own, also after resigning) write in its chat once it has started,
  and after it ended; spectators (anyone else signed in) read it and write nothing: the table has one
  chat, the players';
- anyone signed in mutes another player (reports go to games.moderation, which hides messages through
  ``hide_message``);
- a player the staff muted from the chat (games.moderation.restrictions) writes nothing until the end;
- each player keeps private notes on each of their games.

A new message is announced to the game's live pages after its commit (games.live: its id only); each
page then asks the poll view for what is new, as its reader may see it.
"""

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.exceptions import Forbidden, GameError, InvalidRequest, NotFound
from games.live import publish
from games.models import Game, Seat
from games.moderation import restrictions
from games.services import parse_game_id

from . import throttle
from .models import MESSAGE_MAX_LENGTH, NOTE_MAX_LENGTH, Message, Mute, Note
from .text import tidy_message, tidy_note

CHAT_STATUSES = (Game.Status.ACTIVE, Game.Status.FINISHED)


class Throttled(GameError):
    status = 429
    default_code = "throttled"


def _game(game_id):
    game = Game.objects.filter(pk=parse_game_id(game_id)).only("id", "seq", "status").first()
    if game is None:
        raise NotFound()
    return game


def is_player(game, user):
    return (
        user is not None
        and user.is_authenticated
        and Seat.objects.filter(game_id=game.pk, user_id=user.pk, kind=Seat.Kind.USER).exists()
    )


def post_message(game_id, user, text):
    """Store ``text`` (tidied) as ``user``'s message in the chat of ``game_id``; returns the Message."""
    game = _game(game_id)
    if not is_player(game, user):
        raise Forbidden(_("Only the players of this game write in its chat."), code="not_a_player")
    if game.status not in CHAT_STATUSES:
        raise InvalidRequest(_("The chat opens when the game starts."), code="chat_closed")
    text = tidy_message(text)
    if not text:
        raise InvalidRequest(_("Write a message first."), code="empty")
    if len(text) > MESSAGE_MAX_LENGTH:
        raise InvalidRequest(
            ngettext(
                "A message has at most %(max)d character.", "A message has at most %(max)d characters.",
                MESSAGE_MAX_LENGTH,
            ) % {"max": MESSAGE_MAX_LENGTH},
            code="too_long",
        )
    mute = restrictions.mute_of(user.pk, "chat")
    if mute is not None:
        raise Forbidden(restrictions.refusal(mute), code="muted")
    if not throttle.allow(user.pk):
        raise Throttled(_("You are writing too fast. Wait a moment, then send your message again."))
    message = Message.objects.create(game_id=game.pk, author=user, text=text, seq=game.seq)
    # The table's pages hear of it over their live socket once it is committed (its id, not its text).
    transaction.on_commit(lambda: publish.chat_posted(game.pk, message.pk))
    return message


def hide_message(message_id):
    """The staff hide a message (games.moderation): it shows nowhere from now on; the row stays as
    evidence. Returns the message (or None)."""
    message = Message.objects.filter(pk=message_id).first()
    if message is not None and not message.hidden:
        message.hidden = True
        message.save(update_fields=["hidden"])
    return message


def mute(user, other):
    """``user`` stops seeing what ``other`` writes (everywhere, until unmuted)."""
    if other.pk == user.pk:
        raise InvalidRequest(_("You cannot mute yourself."), code="self")
    Mute.objects.get_or_create(user=user, muted=other)


def unmute(user, other):
    Mute.objects.filter(user=user, muted=other).delete()


def save_note(game_id, user, text):
    """Replace ``user``'s private notes on ``game_id``; empty notes are deleted."""
    game = _game(game_id)
    if not is_player(game, user):
        raise Forbidden(_("Only the players of this game keep notes on it."), code="not_a_player")
    text = tidy_note(text)
    if len(text) > NOTE_MAX_LENGTH:
        raise InvalidRequest(
            _("Notes have at most %(max)d characters.") % {"max": NOTE_MAX_LENGTH}, code="too_long"
        )
    if not text:
        Note.objects.filter(game_id=game.pk, user=user).delete()
        return None
    note, _created = Note.objects.update_or_create(game_id=game.pk, user=user, defaults={"text": text})
    return note
