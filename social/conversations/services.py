"""Every change to private messages: sending, marking a conversation read, the email preference, and the
staff's hiding of a message.

Sending is refused (nothing stored) to oneself, to a player who is not active, with an empty or too long
text, above ``MESSAGE_THROTTLE_RATE`` per sender, above ``MESSAGE_NEW_CONVERSATIONS_PER_DAY`` new
conversations a day, while the staff have muted the sender from messages, and to a player the sender
blocked (unblock first). A message to a player who blocked the sender is stored ``withheld``: to its
sender it looks sent, the recipient never sees it; nothing tells the sender.

**Not even the time it takes.** Sending does the same work whoever the recipient is and whether they
blocked the sender: the same statements in the message's transaction, then one task (``announce``)
after its commit. The task decides, in a worker, what the message sets going: for a message the
recipient may read, ``message_sent`` (a Django signal) in the task's transaction, with whether an email
is owed (``email``: "immediate" for the first unread message of a run when the recipient wants emails at
once, "digest" for a recipient who reads them in the digest, else None): receivers.py writes the email
into the outbox and tells the recipient's pages (docs/social.md, "Private messages"). For a withheld one,
nothing. ``DirectMessage.announced`` records that the task ran, so that beat's ``announce_missed`` does
what a lost task (a broker outage) left undone, once.
"""

import datetime

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import BooleanField, Case, F, Value, When
from django.utils import timezone
from django.utils.translation import gettext as _

from games.exceptions import Forbidden, InvalidRequest, NotFound
from games.live import publish
from games.services import parse_game_id  # a row id within the database's range
from guildhall_site.celery import publish_many
from social import mutes
from social import text as social_text
from social.relations import selectors as relations
from social.throttling import Throttled, limit, writing_too_fast

from . import tasks
from .announce import email_choice  # noqa: F401  (the preference's read, beside set_email_choice below)
from .models import MESSAGE_MAX_LENGTH, Conversation, DirectMessage, MessagePreference, Participant


def recipient(username):
    """The active player named ``username``, or NotFound."""
    user = relations.player_named(username)
    if user is None:
        raise NotFound(_("No such player."), code="no_player")
    return user


def _conversation(sender, other):
    """The pair's conversation and whether it is new (made with both participant rows)."""
    pair = Conversation.pair_of(sender.pk, other.pk)
    found = Conversation.objects.filter(pair=pair).first()
    if found is not None:
        return found, False
    if not _may_start_another(sender):
        raise Throttled(
            _("You have started many conversations today. Wait until tomorrow to write to someone new."),
            code="too_many_conversations",
        )
    try:
        with transaction.atomic():
            found = Conversation.objects.create(pair=pair, started_by=sender)
            Participant.objects.bulk_create(
                [Participant(conversation=found, user=sender), Participant(conversation=found, user=other)]
            )
            return found, True
    except IntegrityError:  # both wrote first at the same moment: one conversation
        return Conversation.objects.get(pair=pair), False


def _may_start_another(sender):
    limit = settings.MESSAGE_NEW_CONVERSATIONS_PER_DAY
    if not limit:
        return True
    since = timezone.now() - datetime.timedelta(days=1)
    return Conversation.objects.filter(started_by=sender, created_at__gte=since).count() < limit


def send(sender, other, text):
    """``sender`` writes ``text`` to ``other``. Returns the DirectMessage."""
    if other.pk == sender.pk:
        raise InvalidRequest(_("You cannot write to yourself."), code="self")
    if not other.is_active:
        raise NotFound(_("No such player."), code="no_player")
    text = social_text.checked(text, MESSAGE_MAX_LENGTH, lines=True)
    refused = mutes.refusal(sender.pk, "messages")
    if refused is not None:
        raise Forbidden(refused, code="muted")
    sender_blocks, withheld = relations.blocks_between(sender, other)
    if sender_blocks:
        raise Forbidden(
            _("You blocked %(name)s. Unblock them to write to them.") % {"name": other.username}, code="you_blocked"
        )
    limit("dm", sender.pk, settings.MESSAGE_THROTTLE_RATE, writing_too_fast())
    with transaction.atomic():
        conversation, _new = _conversation(sender, other)
        message = DirectMessage.objects.create(
            conversation=conversation, sender=sender, text=text, withheld=withheld, announced=False
        )
        # A withheld message leaves the time of the last message as it was (the recipient's lists and export
        # must not show when it was sent), by the same statement as any message, with another value.
        keep = When(Value(withheld, output_field=BooleanField()), then=F("last_message_at"))
        Conversation.objects.filter(pk=conversation.pk).update(
            last_message_at=Case(keep, default=Value(message.created_at))
        )
        # The sender has seen what they wrote (and everything before it).
        Participant.objects.filter(conversation=conversation, user=sender).update(last_read_id=message.pk)
        transaction.on_commit(lambda: _announce_later(message.pk))
    return message


def _announce_later(message_id):
    publish_many(tasks.announce_task, [(message_id,)])  # a broker outage: beat's announce_missed does it later


def set_email_choice(user, choice):
    if choice not in {c for c, _label in MessagePreference.EMAIL_CHOICES}:
        raise InvalidRequest(_("Choose when to be emailed."), code="email")
    MessagePreference.objects.update_or_create(user=user, defaults={"email": choice})


def own_conversation(conversation_id, user):
    """``user``'s conversation ``conversation_id`` (with its participants' users), or NotFound."""
    try:
        conversation_id = parse_game_id(conversation_id)
    except NotFound:
        conversation_id = None
    row = (
        Participant.objects.select_related("conversation")
        .filter(conversation_id=conversation_id, user_id=user.pk)
        .first()
        if conversation_id is not None
        else None
    )
    if row is None:
        raise NotFound(_("No such conversation."), code="no_conversation")
    return row.conversation


def mark_read(conversation_id, user, upto=None):
    """``user`` has read the conversation up to message ``upto`` (default: its newest). Never goes back."""
    conversation = own_conversation(conversation_id, user)
    newest = DirectMessage.objects.filter(conversation=conversation).order_by("-id").values_list("id", flat=True)
    newest = newest.first()
    target = newest or 0
    if upto is not None:
        if isinstance(upto, bool) or not isinstance(upto, int) or upto < 0:
            raise InvalidRequest(_("upto must be a message id."), code="upto")
        target = min(upto, target)
    moved = Participant.objects.filter(conversation=conversation, user=user, last_read_id__lt=target).update(
        last_read_id=target
    )
    if moved:  # the reader's other pages show fewer unread messages in their header
        transaction.on_commit(lambda: publish.badge_changed([user.pk]))
    return conversation


def hide_message(message_id):
    """The staff hide a private message: it shows to nobody from now on. Returns the message (or None)."""
    message = DirectMessage.objects.select_related("sender").filter(pk=message_id).first()
    if message is not None and not message.hidden:
        message.hidden = True
        message.save(update_fields=["hidden"])
    return message
