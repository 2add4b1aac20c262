from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from .models import MESSAGE_MAX_LENGTH


class MessageSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    conversation = serializers.IntegerField(source="conversation_id")
    sender = serializers.CharField(source="sender.username")
    text = serializers.CharField(help_text=_("Plain text, as typed (tidied); escape it where you show it."))
    sent_at = serializers.DateTimeField(source="created_at")


class ConversationSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    with_player = serializers.CharField(source="other.username", help_text=_("The other player."))
    last_message = MessageSerializer(source="last")
    unread = serializers.IntegerField(help_text=_("Messages from the other player you have not read."))


class ConversationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    with_player = serializers.CharField()
    unread = serializers.IntegerField()
    older = serializers.BooleanField(help_text=_("Older messages exist: ask again with ?before=<oldest id>."))
    messages = MessageSerializer(many=True)


class SendSerializer(serializers.Serializer):
    to = serializers.CharField(max_length=150, help_text=_("The recipient's username."))
    text = serializers.CharField(
        trim_whitespace=False, max_length=MESSAGE_MAX_LENGTH * 4,
        help_text=_("At most %(max)d characters once tidied.") % {"max": MESSAGE_MAX_LENGTH},
    )


class ReadSerializer(serializers.Serializer):
    upto = serializers.IntegerField(
        required=False, min_value=0, max_value=2**63 - 1,
        help_text=_("The newest message read (default: the conversation's newest)."),
    )
