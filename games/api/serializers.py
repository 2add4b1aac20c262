"""Request validation and the shapes the OpenAPI schema documents.

A request's fields take exactly the JSON type the schema gives them: DRF's own fields also take ``0`` or
``"yes"`` for a boolean, ``"2"`` or ``2.0`` for an integer and ``7`` for a string, which the schema does
not allow; the Strict* fields refuse them, with DRF's own messages.
"""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiSerializerExtension
from rest_framework import serializers

import engine
from games import services
from games.exceptions import InvalidRequest
from games.models import DEFAULT_GAME, Game, Seat

# Every game's seat counts and bot kinds: the types a request's fields may take (each game's own are the
# service layer's rule, and the schema's anyOf).
_SEAT_COUNTS = sorted({n for rules in engine.GAMES.values() for n in rules.PLAYERS})
_BOT_KINDS = list(dict.fromkeys(kind for rules in engine.GAMES.values() for kind in rules.bots.KINDS))


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
    """A new game. The fields' types are checked here; what a game of that kind may be (its seat counts,
    options, bots, invitations, time limits, rated) is the service layer's rule (``check_new_game``), which
    the lobby's form asks too. ``validated_data["new"]`` is the ``NewGame`` it accepted."""

    game = StrictChoiceField(
        choices=list(engine.GAMES), default=DEFAULT_GAME,
        help_text=_("Which game (GET /api/v1/games/catalogue/ lists them); default guildhall."),
    )
    options = serializers.DictField(
        required=False,
        help_text=_("The game's options (the catalogue lists each with its choices and default); those left out "
                    "take their default."),
    )
    mode = StrictCharField(
        required=False, max_length=16,
        help_text=_("Deprecated: options.mode (the first API's one option)."),
    )
    seats = StrictIntegerField(
        min_value=min(_SEAT_COUNTS), max_value=max(_SEAT_COUNTS), help_text=_("One of the game's seat counts.")
    )
    invite = serializers.ListField(
        child=StrictCharField(max_length=150),
        required=False,
        default=list,
        max_length=max(_SEAT_COUNTS) - 1,
        help_text=_("Usernames; when given, only they may join."),
    )
    bots = StrictIntegerField(
        min_value=0, max_value=max(_SEAT_COUNTS) - 1, default=0, help_text=_("Seats to fill with bots at once.")
    )
    bot_kind = StrictChoiceField(
        choices=_BOT_KINDS, required=False,
        help_text=_("One of the game's bot kinds (the catalogue lists them); default the game's own."),
    )
    time_per_move_days = StrictChoiceField(
        choices=list(services.PER_MOVE_DAYS),
        required=False,
        allow_null=True,
        help_text=_(
            "Days per move, as the lobby offers them; null: no time limit; left out: the site's default "
            "(TURN_TIMEOUT_HOURS)."
        ),
    )
    timeout_policy = StrictChoiceField(
        choices=list(services.TIMEOUT_POLICIES),
        default="bot",
        help_text=_("When a player's time runs out: bot (the bot plays the turn) or end (the game ends)."),
    )
    rated = StrictBooleanField(default=False, help_text=_("Whether the result counts for ratings."))

    def validate(self, data):
        options = data.get("options")
        if "mode" in data:  # the first API's form of Guildhall's one option
            options = {"mode": data["mode"], **(options or {})}
        extra = {} if "time_per_move_days" not in data else {"per_move_days": data["time_per_move_days"]}
        try:
            data["new"] = services.check_new_game(
                self.context["request"].user, game=data["game"], options=options, seats=data["seats"],
                bots=data["bots"], bot_kind=data.get("bot_kind"), invite=data["invite"], rated=data["rated"],
                timeout_policy=data["timeout_policy"], **extra,
            )
        except InvalidRequest as refused:
            raise serializers.ValidationError(refused.extra.get("fields") or refused.detail) from None
        return data


class GameCreateSchema(OpenApiSerializerExtension):
    """The schema of a new game's body says what the rules of creating a game refuse where a schema can:
    each game's own options (their names and choices) and one of the allowed (seats, bots) pairs of its
    seat counts, with at most the seats left over for invitations."""

    target_class = GameCreateSerializer

    def map_serializer(self, auto_schema, direction):
        # The serializer's own schema, as drf-spectacular's documented extension recipe builds it.
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        schema["anyOf"] = [
            {
                "properties": {
                    "game": {"const": entry["game"]},
                    "options": _options_schema(entry["options"]),
                    "seats": {"const": seats},
                    "bots": {"const": bots},
                    "invite": {"maxItems": seats - 1 - bots},
                    "bot_kind": {"enum": entry["bot_kinds"]},
                },
                # The default game is the one a body without "game" creates.
                **({} if entry["game"] == DEFAULT_GAME else {"required": ["game"]}),
            }
            for entry in services.creatable_games()
            for seats in entry["players"]
            for bots in range(seats)
        ]
        return schema


def _options_schema(options):
    """A game's options as JSON Schema: an object of its option names, each of its choices where it lists
    them."""
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            name: {"enum": spec["choices"]} if spec["choices"] is not None else {}
            for name, spec in options.items()
        },
    }


class OptionSerializer(serializers.Serializer):
    choices = serializers.ListField(
        child=serializers.JSONField(), allow_null=True, help_text=_("The values allowed; null: see help.")
    )
    default = serializers.JSONField(allow_null=True)
    help = serializers.CharField(help_text=_("What the option does, in the request's language."))


class CatalogueEntrySerializer(serializers.Serializer):
    game = serializers.CharField(help_text=_("The game's name in the API (POST /api/v1/games/'s game)."))
    title = serializers.CharField(help_text=_("Its title, in the request's language."))
    players = serializers.ListField(child=serializers.IntegerField(), help_text=_("The seat counts it is played with."))
    options = serializers.DictField(child=OptionSerializer(), help_text=_("Its options by name."))
    bot_kinds = serializers.ListField(child=serializers.CharField(), help_text=_("The bots that can take a seat."))
    rated_bot_kinds = serializers.ListField(
        child=serializers.CharField(),
        help_text=_("The bots with a calibration rating on this site: a rated game may have only these."),
    )


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
    game = serializers.CharField(help_text=_("Which game (the catalogue's name)."))
    options = serializers.DictField(help_text=_("The options it was created with, the defaults filled in."))
    mode = serializers.CharField(
        help_text=_("Deprecated: options.mode, empty for a game without that option (the first API's field).")
    )
    status = serializers.ChoiceField(choices=Game.Status.choices)
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
