"""The REST API: thin views over games.services (writes) and games.selectors (reads)."""

from django.db import transaction
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

import engine
from accounts import signin, tokens
from accounts.authentication import ApiTokenAuthentication
from games import selectors, services
from games.clock.deadlines import set_time_limit  # the lobby's time limit (games/web/views.py)
from games.exceptions import InvalidRequest

from . import serializers as s
from .errors import error_response
from .pagination import GamePagination

# Every error is {error, detail}; these are the statuses any endpoint may answer besides its own.
COMMON_ERRORS = {
    401: s.ErrorSerializer,  # no or a bad token
    403: s.ErrorSerializer,  # a session request without CSRF token; not allowed
    404: s.ErrorSerializer,
    405: s.ErrorSerializer,
    406: s.ErrorSerializer,
    413: s.ErrorSerializer,  # a body over the size limit
    415: s.ErrorSerializer,  # not application/json
    429: s.ErrorSerializer,  # over the write budget (THROTTLE_WRITE_RATE)
}


def errors(**by_status):
    """The documented error responses of one endpoint: the common ones plus ``by_status``
    (``e400=...``), each a serializer."""
    result = dict(COMMON_ERRORS)
    result[400] = s.FieldErrorSerializer
    for key, serializer in by_status.items():
        result[int(key.lstrip("e"))] = serializer
    return result


def _validated(serializer_class, request):
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _decision_request(request):
    """The body of a decision, as ``DecisionRequestSerializer`` validates it. The body every client sends
    (a whole number and an object) is taken as it is: the serializer's validation costs about as much CPU
    as the database work of the decision. Anything else goes through the serializer, for its messages."""
    body = request.data
    if isinstance(body, dict):
        seq, decision = body.get("expected_seq"), body.get("decision")
        if type(seq) is int and seq >= 0 and type(decision) is dict:
            return {"expected_seq": seq, "decision": decision}
    return _validated(s.DecisionRequestSerializer, request)


def catalogue():
    """``services.creatable_games`` in the request's language, with the bots a rated game may have."""
    return [
        {
            **entry,
            "title": _(entry["title"]),
            "options": {
                name: {**spec, "help": _(spec["help"]) if spec["help"] else ""}
                for name, spec in entry["options"].items()
            },
            "rated_bot_kinds": [k for k in entry["bot_kinds"] if services.calibration(entry["game"], k) is not None],
        }
        for entry in services.creatable_games()
    ]


class TokenView(APIView):
    """POST: exchange a username (or email address) and password for a new API token, under the
    sign-in form's own limits and lockout. DELETE: revoke the token this request was made with."""

    permission_classes = [AllowAny]

    def _signing_in(self):
        return getattr(getattr(self, "request", None), "method", None) == "POST"

    def get_authenticators(self):
        # Signing in needs no credentials but the body's (and a stale token header must not refuse it).
        return [] if self._signing_in() else [ApiTokenAuthentication()]

    def get_permissions(self):
        return [AllowAny()] if self._signing_in() else [IsAuthenticated()]

    @extend_schema(
        request=s.TokenRequestSerializer,
        responses={
            200: s.TokenSerializer,
            **errors(e400=s.TokenErrorSerializer, e403=s.ErrorSerializer, e409=s.ErrorSerializer),
        },
        tags=["auth"],
        description=_(
            "A new token for one client or device (name), shown once. Wrong credentials: 400; after "
            "repeated failures the account is locked for a while (429), here and on the sign-in form alike."
        ),
    )
    def post(self, request):
        data = _validated(s.TokenRequestSerializer, request)
        try:
            user = signin.check_credentials(request._request, data["username"], data["password"])
        except signin.SignInRefused as refused:
            return error_response(refused.code, refused.detail, refused.status)
        try:
            token, raw = tokens.issue(
                user, data.get("name") or tokens.DEFAULT_NAME, expires_in_days=data.get("expires_in_days")
            )
        except tokens.TokenLimitReached as exc:
            return error_response("too_many_tokens", exc, status.HTTP_409_CONFLICT)
        return Response({"token": raw, "name": token.name, "expires_at": token.expires_at})

    @extend_schema(
        request=None,
        responses={204: OpenApiResponse(description=_("The token is revoked.")), **errors()},
        tags=["auth"],
    )
    def delete(self, request):
        tokens.revoke(request.user, request.auth.pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


def _decision_response(result):
    return Response(selectors.after_decision(result), status=status.HTTP_201_CREATED)


class GameViewSet(viewsets.ViewSet):
    lookup_value_regex = r"[0-9]{1,18}"
    pagination_class = GamePagination  # the list is paginated (and the schema says so)

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        repeated = sorted(name for name, values in request.query_params.lists() if len(values) > 1)
        if repeated:
            raise InvalidRequest(
                _("Give each query parameter once: %(names)s.") % {"names": ", ".join(repeated)},
                code="repeated_parameter",
            )

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "filter",
                OpenApiTypes.STR,
                enum=list(selectors.FILTERS),
                description=_("mine, open (joinable), active, finished or my_turn."),
            ),
            OpenApiParameter(
                "game", OpenApiTypes.STR, enum=list(engine.GAMES), description=_("Only games of this game.")
            ),
            OpenApiParameter("page", {"type": "integer", "minimum": 1}, description=_("From 1.")),
            OpenApiParameter(
                "page_size",
                {"type": "integer", "minimum": 1},
                description=_("Games per page (default 20; more than 100 lists 100)."),
            ),
        ],
        responses={200: s.GameSummarySerializer(many=True), **errors()},
    )
    def list(self, request):
        params = request.query_params
        queryset = selectors.games_for(request.user, params.get("filter"), game=params.get("game"))
        paginator = GamePagination()
        page = paginator.paginate_queryset(queryset, request, view=self)
        return paginator.get_paginated_response([selectors.summary(g, request.user) for g in page])

    @extend_schema(
        request=s.GameCreateSerializer,
        responses={201: s.GameDetailSerializer, **errors()},
        description=_(
            "Create a game of one of the catalogue's games (default guildhall) with its options; you take one "
            "seat. A body the game's rules refuse (its seat counts, options, bots, invitations) is a 400 whose "
            "fields say what is wrong, and nothing is created."
        ),
    )
    def create(self, request):
        serializer = s.GameCreateSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        new = serializer.validated_data["new"]
        with transaction.atomic():  # the game and its clock together, as the lobby does
            game = services.create_checked(request.user, new)
            set_time_limit(game, new.per_move, new.timeout_policy)
        return self._detail(game.pk, request, status.HTTP_201_CREATED)

    @extend_schema(
        responses={200: s.CatalogueEntrySerializer(many=True), **errors()},
        description=_(
            "The games a client can create: each with its seat counts, its options (choices and default) and "
            "its bot kinds, those a rated game may have among them."
        ),
    )
    @action(detail=False, methods=["get"], permission_classes=[AllowAny], pagination_class=None)
    def catalogue(self, request):
        return Response(catalogue())

    @extend_schema(responses={200: s.GameDetailSerializer, **errors()})
    def retrieve(self, request, pk=None):
        return self._detail(pk, request)

    @extend_schema(request=None, responses={200: s.GameDetailSerializer, **errors(e409=s.ErrorSerializer)})
    @action(detail=True, methods=["post"])
    def join(self, request, pk=None):
        services.join(pk, request.user)
        return self._detail(pk, request)

    @extend_schema(request=None, responses={200: s.GameDetailSerializer, **errors(e409=s.ErrorSerializer)})
    @action(detail=True, methods=["post"])
    def leave(self, request, pk=None):
        services.leave(pk, request.user)
        return self._detail(pk, request)

    @extend_schema(request=None, responses={200: s.GameDetailSerializer, **errors(e409=s.ErrorSerializer)})
    @action(detail=True, methods=["post"])
    def start(self, request, pk=None):
        services.start(pk, request.user)
        return self._detail(pk, request)

    @extend_schema(
        request=s.DecisionRequestSerializer,
        responses={201: s.DecisionResponseSerializer, **errors(e409=s.StaleSeqErrorSerializer)},
        description=_(
            "Submit a decision. 409 when expected_seq is not the current seq (the body carries the "
            "current seq), 403 when it is not your seat's decision, 400 when the engine refuses it."
        ),
    )
    @action(detail=True, methods=["post"])
    def decisions(self, request, pk=None):
        data = _decision_request(request)
        result = services.submit_decision(pk, request.user, data["expected_seq"], data["decision"])
        return _decision_response(result)

    @extend_schema(
        request=None,
        responses={201: s.DecisionResponseSerializer, **errors(e409=s.ErrorSerializer)},
        description=_(
            "Resign: with two players in play the other wins at once; with more, the game goes on and the "
            "bot plays your seat, which is placed last. 409 when the game is not in progress or you have "
            "already left it."
        ),
    )
    @action(detail=True, methods=["post"])
    def resign(self, request, pk=None):
        return _decision_response(services.resign(pk, request.user))

    @extend_schema(
        parameters=[
            OpenApiParameter("after", OpenApiTypes.INT, description=_("Only entries after this seq."))
        ],
        responses={200: s.LogSerializer, **errors()},
    )
    @action(detail=True, methods=["get"])
    def log(self, request, pk=None):
        try:
            after = int(request.query_params.get("after", 0))
        except (TypeError, ValueError):
            raise InvalidRequest(_("after must be a whole number."), code="bad_after") from None
        game = selectors.get_game(pk)
        entries = selectors.log_entries(game, request.user, after=min(max(after, 0), 2**31 - 1))
        return Response({"seq": game.seq, "entries": entries})

    def _detail(self, pk, request, http_status=status.HTTP_200_OK):
        return Response(selectors.game_detail(pk, request.user), status=http_status)
