"""Request validation and the shapes the OpenAPI schema documents.

A request's fields take exactly the JSON type the schema gives them: DRF's own fields also take ``0`` or
``"yes"`` for a boolean, ``"2"`` or ``2.0`` for an integer and ``7`` for a string, which the schema does
not allow; the Strict* fields refuse them, with DRF's own messages.
"""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiSerializerExtension
from rest_framework import serializers

from games.models import Game, Seat
from games.ratings.outlook import calibrated
from games.web.forms import TIME_CHOICES, CreateGameForm  # the lobby's choices: one list for both


class StrictBooleanField(serializers.BooleanField):
    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class StrictIntegerField(serializers.IntegerField):
    def to_internal_value(self, data):
        if type(data) is not int:  # not a bool, a float or a string
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictCharField(serializers.CharField):
    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictChoiceField(serializers.ChoiceField):
    """A choice given as the very value listed (3, not "3"; "printed", not a number)."""

    def to_internal_value(self, data):
        if not any(type(data) is type(choice) and data == choice for choice in self.choices):
            self.fail("invalid_choice", input=data)
        return data


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


class TokenErrorSerializer(FieldErrorSerializer):
    """The token endpoint's 400: wrong credentials, or a body that did not validate."""

    error = serializers.ChoiceField(
        choices=["invalid_credentials", "invalid", "malformed_json", "too_deep", "not_unicode"],
        help_text=_("invalid_credentials: no active account with this login and password."),
    )


class TokenRequestSerializer(serializers.Serializer):
    username = StrictCharField(max_length=254, help_text=_("Username or email address."))
    password = StrictCharField(max_length=4096, style={"input_type": "password"})
    name = StrictCharField(
        max_length=64,
        required=False,
        help_text=_(
            "The client or device this token is for (default \"API client\"); a new token replaces "
            "the one of the same name."
        ),
    )
    expires_in_days = StrictIntegerField(
        min_value=1, max_value=3650, required=False, allow_null=True, help_text=_("Empty: it does not expire.")
    )


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text=_("Shown this once; send it as Authorization: Token <token>."))
    name = serializers.CharField()
    expires_at = serializers.DateTimeField(allow_null=True)


class GameCreateSerializer(serializers.Serializer):
    seats = StrictIntegerField(min_value=2, max_value=4, help_text=_("2 to 4 seats."))
    mode = StrictChoiceField(choices=Game.Mode.choices, default=Game.Mode.PRINTED)
    invite = serializers.ListField(
        child=StrictCharField(max_length=150),
        required=False,
        default=list,
        max_length=3,
        help_text=_("Usernames; when given, only they may join."),
    )
    bots = StrictIntegerField(
        min_value=0, max_value=3, default=0, help_text=_("Seats to fill with bots at once.")
    )
    bot_kind = StrictChoiceField(choices=Seat.BotKind.choices, default=Seat.BotKind.GREEDY)
    time_per_move_days = StrictChoiceField(
        choices=[int(value) for value, _label in TIME_CHOICES if value],
        required=False,
        allow_null=True,
        help_text=_(
            "Days per move, as the lobby offers them; null: no time limit; left out: the site's default "
            "(TURN_TIMEOUT_HOURS)."
        ),
    )
    timeout_policy = StrictChoiceField(
        choices=CreateGameForm.base_fields["timeout_policy"].choices,
        default="bot",
        help_text=_("When a player's time runs out: bot (the bot plays the turn) or end (the game ends)."),
    )
    rated = StrictBooleanField(default=False, help_text=_("Whether the result counts for ratings."))

    def validate(self, data):
        # The creator takes one seat; bots and invitations share the others (GameCreateSchema says so).
        if data["bots"] >= data["seats"]:
            raise serializers.ValidationError({"bots": _("bots must be a whole number from 0 to seats - 1.")})
        if len(data["invite"]) + data["bots"] > data["seats"] - 1:
            raise serializers.ValidationError({"invite": _("More invitations than free seats.")})
        if data["rated"] and data["bots"] and not calibrated(data["bot_kind"]):
            # The lobby's form says this beside its Rated box; a client is told instead of finding the
            # game unrated at its end.
            raise serializers.ValidationError(
                {"rated": _("A rated game cannot have this bot: it has no calibration rating on this site.")}
            )
        return data


class GameCreateSchema(OpenApiSerializerExtension):
    """The schema of a new game's body says what ``GameCreateSerializer.validate`` refuses: one of the
    allowed (seats, bots) pairs, with at most the seats left over for invitations."""

    target_class = GameCreateSerializer

    def map_serializer(self, auto_schema, direction):
        # The serializer's own schema, as drf-spectacular's documented extension recipe builds it.
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        seats_field = GameCreateSerializer().fields["seats"]
        low, high = seats_field.min_value, seats_field.max_value
        schema["anyOf"] = [
            {"properties": {"seats": {"const": seats}, "bots": {"const": bots}, "invite": {"maxItems": free}}}
            for seats in range(low, high + 1)
            for bots in range(seats)
            for free in [seats - 1 - bots]
        ]
        return schema


class DecisionRequestSerializer(serializers.Serializer):
    expected_seq = StrictIntegerField(
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
