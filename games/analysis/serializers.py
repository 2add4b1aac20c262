"""The analysis API's answers, for the OpenAPI schema (drf-spectacular)."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

STATUSES = ("none", "queued", "running", "done", "failed")
KINDS = ("evaluated", "forced", "unknown", "undo", "outcome")
MARKS = ("good", "inaccuracy", "mistake", "blunder")


class AnalysedDecisionSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text=_("The log entry (1 = the first decision); the replay's step after it."))
    seat = serializers.IntegerField()
    player = serializers.CharField()
    turn = serializers.IntegerField()
    by = serializers.CharField(help_text=_("Who made the entry: empty for the player, bot or timeout for the server."))
    kind = serializers.ChoiceField(
        choices=KINDS,
        help_text=_("evaluated; forced (a single legal decision); unknown (no sample allowed it); undo; outcome "
                    "(resign, time_out, take_over)."),
    )
    decision = serializers.JSONField(help_text=_("The decision as stored in the log."))
    played_text = serializers.CharField(help_text=_("The decision in words, in the request's language."))
    options = serializers.IntegerField(allow_null=True, help_text=_("How many legal decisions there were."))
    before = serializers.FloatField(
        allow_null=True, help_text=_("Win chance (0–1) with the bot's preferred decision, from the player's view.")
    )
    after = serializers.FloatField(allow_null=True, help_text=_("Win chance (0–1) after the decision taken."))
    loss = serializers.FloatField(allow_null=True, help_text=_("before − after (before is at least after)."))
    mark = serializers.ChoiceField(choices=MARKS, allow_null=True)
    best = serializers.JSONField(allow_null=True, help_text=_("The bot's preferred decision, when it differs."))
    best_text = serializers.CharField(allow_null=True)
    taken_back = serializers.BooleanField(help_text=_("The player took this decision back (undo)."))
    playouts = serializers.IntegerField(allow_null=True, help_text=_("Play-outs behind the figures."))


class AnalysisSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=STATUSES)
    progress = serializers.FloatField(help_text=_("Share of the log judged, 0–1."))
    rules_version = serializers.CharField()
    total = serializers.IntegerField(help_text=_("Log entries to judge."))
    decisions = AnalysedDecisionSerializer(many=True, help_text=_("The entries judged so far, in log order."))
