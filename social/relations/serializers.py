from django.utils.translation import gettext_lazy as _
from rest_framework import serializers


class BlockSerializer(serializers.Serializer):
    username = serializers.CharField(source="to_user.username", help_text=_("The blocked player."))
    since = serializers.DateTimeField(source="created_at")


class BlockRequestSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150, help_text=_("The player to block."))
