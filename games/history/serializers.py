"""The record's shape, for the OpenAPI schema (the view returns record.build_record as is)."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from games.models import Game


class RecordSerializer(serializers.Serializer):
    format = serializers.IntegerField(help_text=_("Version of this record format."))
    game = serializers.IntegerField()
    rules = serializers.CharField(help_text=_("Which game: the slug of its rules in the engine."))
    engine_version = serializers.CharField(help_text=_("The rules engine that played the game."))
    options = serializers.DictField(help_text=_("The options the game was created with, as its rules take them."))
    mode = serializers.ChoiceField(
        choices=Game.Mode.choices, allow_blank=True,
        help_text=_("Kept for clients of format 2: the option of that name, empty for a game without one."),
    )
    players = serializers.ListField(child=serializers.CharField(), help_text=_("Display names by seat."))
    seed = serializers.CharField(help_text=_("The secret seed, revealed now that the game is over."))
    seed_commitment = serializers.CharField(help_text=_("SHA-256 of the seed, published when the game was created."))
    decisions = serializers.ListField(
        child=serializers.ListField(), help_text=_("Every decision in order: [seat, decision object].")
    )
    placings = serializers.ListField(child=serializers.IntegerField(), help_text=_("Place by seat (1 = first)."))
    final_vp = serializers.ListField(child=serializers.IntegerField(), help_text=_("Final VP by seat."))
    winner = serializers.IntegerField(allow_null=True, help_text=_("The winner's seat (null: first place is shared)."))
    ended_by = serializers.CharField(
        allow_null=True, help_text=_("How the game ended: rules, resigned, timed_out or taken_over.")
    )
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
