"""The REST API: thin views over games.services (writes) and games.selectors (reads)."""

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status, viewsets
from rest_framework.authtoken.models import Token
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors, services
from games.exceptions import InvalidRequest

from . import serializers as s

ERRORS = {
    400: s.ErrorSerializer,
    401: s.ErrorSerializer,
    403: s.ErrorSerializer,
    404: s.ErrorSerializer,
    409: s.StaleSeqErrorSerializer,
    429: s.ErrorSerializer,
}


def _validated(serializer_class, request):
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class TokenView(APIView):
    """Exchange a username (or email) and password for an API token."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(
        request=s.TokenRequestSerializer,
        responses={200: s.TokenSerializer, 400: s.ErrorSerializer, 429: s.ErrorSerializer},
        tags=["auth"],
    )
    def post(self, request):
        from django.contrib.auth import authenticate

        data = _validated(s.TokenRequestSerializer, request)
        user = authenticate(request._request, username=data["username"], password=data["password"])
        if user is None:
            # allauth's backend also accepts an email address as the login.
            user = authenticate(request._request, email=data["username"], password=data["password"])
        if user is None or not user.is_active:
            raise InvalidRequest(_("Unable to log in with these credentials."), code="invalid_credentials")
        token, _created = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})


def _decision_response(result):
    game = result.game
    return Response(
        {"seq": game.seq, "status": game.status, "turn": game.turn, "to_move": result.to_move},
        status=status.HTTP_201_CREATED,
    )


class GameViewSet(viewsets.ViewSet):
    lookup_value_regex = r"[0-9]{1,18}"

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "filter",
                OpenApiTypes.STR,
                enum=list(selectors.FILTERS),
                description=_("mine, open (joinable), active, finished or my_turn."),
            ),
            OpenApiParameter("page", OpenApiTypes.INT),
            OpenApiParameter("page_size", OpenApiTypes.INT),
        ],
        responses={200: s.GameSummarySerializer(many=True), **ERRORS},
    )
    def list(self, request):
        from games.api.pagination import GamePagination

        queryset = selectors.games_for(request.user, request.query_params.get("filter"))
        paginator = GamePagination()
        page = paginator.paginate_queryset(queryset, request, view=self)
        return paginator.get_paginated_response([selectors.summary(g, request.user) for g in page])

    @extend_schema(request=s.GameCreateSerializer, responses={201: s.GameDetailSerializer, **ERRORS})
    def create(self, request):
        data = _validated(s.GameCreateSerializer, request)
        game = services.create_game(
            request.user,
            seats=data["seats"],
            mode=data["mode"],
            invite=data["invite"],
            bots=data["bots"],
            bot_kind=data["bot_kind"],
            rated=data["rated"],
        )
        return self._detail(game.pk, request, status.HTTP_201_CREATED)

    @extend_schema(responses={200: s.GameDetailSerializer, **ERRORS})
    def retrieve(self, request, pk=None):
        return self._detail(pk, request)

    @extend_schema(request=None, responses={200: s.GameDetailSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def join(self, request, pk=None):
        services.join(pk, request.user)
        return self._detail(pk, request)

    @extend_schema(request=None, responses={200: s.GameDetailSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def leave(self, request, pk=None):
        services.leave(pk, request.user)
        return self._detail(pk, request)

    @extend_schema(request=None, responses={200: s.GameDetailSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def start(self, request, pk=None):
        services.start(pk, request.user)
        return self._detail(pk, request)

    @extend_schema(
        request=s.DecisionRequestSerializer,
        responses={201: s.DecisionResponseSerializer, **ERRORS},
        description=_(
            "Submit a decision. 409 when expected_seq is not the current seq (the body carries the "
            "current seq), 403 when it is not your seat's decision, 400 when the engine refuses it."
        ),
    )
    @action(detail=True, methods=["post"])
    def decisions(self, request, pk=None):
        data = _validated(s.DecisionRequestSerializer, request)
        result = services.submit_decision(pk, request.user, data["expected_seq"], data["decision"])
        return _decision_response(result)

    @extend_schema(
        request=None,
        responses={201: s.DecisionResponseSerializer, **ERRORS},
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
        responses={200: s.LogSerializer, **ERRORS},
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
        game = selectors.get_game(pk)
        return Response(selectors.detail(game, request.user), status=http_status)
