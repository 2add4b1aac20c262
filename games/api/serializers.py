"""Request validation and the shapes the OpenAPI schema documents."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from games.models import Game, Seat
from games.web.forms import TIME_CHOICES, CreateGameForm  # the lobby's choices: one list for both


class ErrorSerializer(serializers.Serializer):
    error = serializers.CharField(help_text=_("Short machine-readable code, e.g. stale_seq."))
    detail = serializers.CharField(help_text=_("A sentence for humans."))


class StaleSeqErrorSerializer(ErrorSerializer):
    seq = serializers.IntegerField(
        required=False, help_text=_("The current log length (when the error is stale_seq).")
    )


class FieldErrorSerializer(ErrorSerializer):
    fields = serializers.DictField(
        required=False, help_text=_("Per field, what is wrong with it (when the body did not validate).")
    )


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=254, help_text=_("Username or email address."))
    password = serializers.CharField(max_length=4096, style={"input_type": "password"})
    name = serializers.CharField(
        max_length=64,
        required=False,
        help_text=_(
            "The client or device this token is for (default \"API client\"); a new token replaces "
            "the one of the same name."
        ),
    )
    expires_in_days = serializers.IntegerField(
        min_value=1, max_value=3650, required=False, allow_null=True, help_text=_("Empty: it does not expire.")
    )


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text=_("Shown this once; send it as Authorization: Token <token>."))
    name = serializers.CharField()
    expires_at = serializers.DateTimeField(allow_null=True)


class GameCreateSerializer(serializers.Serializer):
    seats = serializers.IntegerField(min_value=2, max_value=4, help_text=_("2 to 4 seats."))
    mode = serializers.ChoiceField(choices=Game.Mode.choices, default=Game.Mode.PRINTED)
    invite = serializers.ListField(
        child=serializers.CharField(max_length=150),
        required=False,
        default=list,
        max_length=3,
        help_text=_("Usernames; when given, only they may join."),
    )
    bots = serializers.IntegerField(
        min_value=0, max_value=3, default=0, help_text=_("Seats to fill with bots at once.")
    )
    bot_kind = serializers.ChoiceField(choices=Seat.BotKind.choices, default=Seat.BotKind.GREEDY)
    time_per_move_days = serializers.ChoiceField(
        choices=[int(value) for value, _label in TIME_CHOICES if value],
        required=False,
        allow_null=True,
        help_text=_(
            "Days per move, as the lobby offers them; null: no time limit; left out: the site's default "
            "(TURN_TIMEOUT_HOURS)."
        ),
    )
    timeout_policy = serializers.ChoiceField(
        choices=CreateGameForm.base_fields["timeout_policy"].choices,
        default="bot",
        help_text=_("When a player's time runs out: bot (the bot plays the turn) or end (the game ends)."),
    )
    rated = serializers.BooleanField(default=False, help_text=_("Whether the result counts for ratings."))


class DecisionRequestSerializer(serializers.Serializer):
    expected_seq = serializers.IntegerField(
        min_value=0, help_text=_("The log length you decided on (the game's seq).")
    )
    decision = serializers.DictField(help_text=_("One of the game's legal decisions."))


class DecisionResponseSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    status = serializers.CharField()
    turn = serializers.IntegerField()
    to_move = serializers.CharField(allow_null=True)
    view = serializers.DictField(help_text=_("Your engine view after the decision (as in the game's detail)."))
    legal = serializers.ListField(
        child=serializers.DictField(),
        help_text=_("Your legal decisions now: empty unless you are still to decide."),
    )


class PlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    kind = serializers.ChoiceField(choices=Seat.Kind.choices)
    seat = serializers.IntegerField(allow_null=True)
    vp = serializers.IntegerField()
    hand_size = serializers.IntegerField(allow_null=True, required=False)
    place = serializers.IntegerField(allow_null=True)


class GameSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    mode = serializers.ChoiceField(choices=Game.Mode.choices)
    seats = serializers.IntegerField()
    seq = serializers.IntegerField()
    turn = serializers.IntegerField()
    engine_version = serializers.CharField()
    seed_commitment = serializers.CharField()
    created_by = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True)
    to_move = serializers.CharField(allow_null=True)
    your_seat = serializers.IntegerField(allow_null=True)
    rated = serializers.BooleanField()
    players = PlayerSerializer(many=True)


class GameDetailSerializer(GameSummarySerializer):
    view = serializers.DictField(
        allow_null=True, help_text=_("The engine's view for your seat (a spectator's if you have none).")
    )
    legal = serializers.ListField(child=serializers.DictField())
    seed = serializers.CharField(allow_null=True, help_text=_("Revealed once the game is over."))


class LogEntrySerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    seat = serializers.IntegerField()
    player = serializers.CharField()
    text = serializers.CharField()
    created_at = serializers.DateTimeField()


class LogSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    entries = LogEntrySerializer(many=True)
