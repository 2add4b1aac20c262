"""Every change to the table chat and the notes. Games themselves are never changed here (that is
games.services' job): the chat only reads the game row to know who sits at the table and how far the
log is.

Who may do what:
- players of a game (a seat of their own, also after resigning) write in its chat once it has started,
  and after it ended; spectators (anyone else signed in) read it and write nothing: the table has one
  chat, the players';
- reports go to social.moderation, which hides messages through ``hide_message``; what a reader muted or
  blocked (social.relations) is left out for them where the chat is read (selectors);
- a player the staff muted from the chat (social.mutes, which moderation answers) writes nothing until the end;
- each player keeps private notes on each of their games.

A new message is announced to the game's live pages after its commit (games.live: its id only); each
page then asks the poll view for what is new, as its reader may see it.
"""

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from games.exceptions import Forbidden, InvalidRequest, NotFound
from games.live import publish
from games.models import Game, Seat
from games.services import parse_game_id
from social import mutes
from social import text as social_text
from social.throttling import limit, writing_too_fast

from .models import MESSAGE_MAX_LENGTH, NOTE_MAX_LENGTH, Message, Note

CHAT_STATUSES = (Game.Status.ACTIVE, Game.Status.FINISHED)


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
    text = social_text.checked(text, MESSAGE_MAX_LENGTH)
    refused = mutes.refusal(user.pk, "chat")
    if refused is not None:
        raise Forbidden(refused, code="muted")
    limit("chat", user.pk, settings.CHAT_THROTTLE_RATE, writing_too_fast())
    message = Message.objects.create(game_id=game.pk, author=user, text=text, seq=game.seq)
    # The table's pages hear of it over their live socket once it is committed (its id, not its text).
    transaction.on_commit(lambda: publish.chat_posted(game.pk, message.pk))
    return message


def hide_message(message_id):
    """The staff hide a message (social.moderation): it shows nowhere from now on; the row stays as
    evidence. Returns the message (or None)."""
    message = Message.objects.filter(pk=message_id).first()
    if message is not None and not message.hidden:
        message.hidden = True
        message.save(update_fields=["hidden"])
    return message


def save_note(game_id, user, text):
    """Replace ``user``'s private notes on ``game_id``; empty notes are deleted."""
    game = _game(game_id)
    if not is_player(game, user):
        raise Forbidden(_("Only the players of this game keep notes on it."), code="not_a_player")
    text = social_text.tidy(text, lines=True)
    if len(text) > NOTE_MAX_LENGTH:
        raise InvalidRequest(
            _("Notes have at most %(max)d characters.") % {"max": NOTE_MAX_LENGTH}, code="too_long"
        )
    if not text:
        Note.objects.filter(game_id=game.pk, user=user).delete()
        return None
    note, _created = Note.objects.update_or_create(game_id=game.pk, user=user, defaults={"text": text})
    return note
