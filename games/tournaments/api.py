"""Tournaments in the REST API (/api/v1/tournaments/): list, detail, join, withdraw, standings. Thin views over
the services and selectors; errors are the API's JSON {error, detail} (games.api.errors)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.routers import SimpleRouter

import engine
from games.api.pagination import GamePagination, page_parameters
from games.api.serializers import ErrorSerializer, FieldErrorSerializer
from games.api.views import COMMON_ERRORS
from games.exceptions import InvalidRequest, NotFound
from games.rules import options_of
from games.services import parse_game_id

from . import selectors, services
from .models import Tournament


class TournamentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    # Plain strings in the schema: a second enum named "status" would collide with the games' own.
    format = serializers.CharField(help_text=gettext_lazy("swiss, round_robin or knockout"))
    status = serializers.CharField(help_text=gettext_lazy("open, running, finished or cancelled"))
    table_size = serializers.IntegerField()
    game = serializers.CharField(help_text=gettext_lazy("The game every table plays (GET /api/v1/games/catalogue/)."))
    options = serializers.DictField(help_text=gettext_lazy("Its options, as a game created with them has them."))
    mode = serializers.CharField(help_text=gettext_lazy(
        "Deprecated: options.mode, empty for a game without that option (the first API's field)."
    ))
    per_move_seconds = serializers.IntegerField(allow_null=True)
    timeout_policy = serializers.CharField()
    rounds = serializers.IntegerField(allow_null=True)
    current_round = serializers.IntegerField()
    max_players = serializers.IntegerField()
    players = serializers.IntegerField()
    rated = serializers.BooleanField()
    min_reliability = serializers.IntegerField(allow_null=True)
    fill_with_bots = serializers.BooleanField()
    starts_at = serializers.DateTimeField(allow_null=True)
    director = serializers.CharField(allow_null=True)


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    bot = serializers.BooleanField()
    points = serializers.FloatField()
    games = serializers.IntegerField()
    byes = serializers.IntegerField()
    tiebreaks = serializers.ListField(child=serializers.FloatField())
    active = serializers.BooleanField()


class TableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    game = serializers.IntegerField()
    players = serializers.ListField(child=serializers.CharField())
    finished = serializers.BooleanField()


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    tables = TableSerializer(many=True)
    byes = serializers.ListField(child=serializers.CharField())


class TournamentDetailSerializer(TournamentSerializer):
    entrants = serializers.ListField(child=serializers.CharField())
    rounds_played = RoundSerializer(many=True)


def _summary(tournament):
    return {
        "id": tournament.pk, "name": tournament.name, "format": tournament.format, "status": tournament.status,
        "table_size": tournament.table_size, "game": tournament.game, "options": options_of(tournament),
        "mode": options_of(tournament).get("mode", ""),
        "per_move_seconds": int(tournament.per_move.total_seconds()) if tournament.per_move else None,
        "timeout_policy": tournament.timeout_policy, "rounds": tournament.rounds,
        "current_round": tournament.current_round, "max_players": tournament.max_players,
        "players": tournament.entrants.filter(user__isnull=False).count(), "rated": tournament.rated,
        "min_reliability": tournament.min_reliability, "fill_with_bots": tournament.fill_with_bots,
        "starts_at": tournament.starts_at,
        "director": tournament.created_by.username if tournament.created_by_id else None,
    }


def _detail(tournament):
    rounds = []
    for rnd in tournament.round_set.order_by("number"):
        found = selectors.round_detail(tournament, rnd)
        rounds.append({
            "number": rnd.number,
            "tables": [{"number": t["table"].number, "game": t["game"].pk, "finished": t["table"].finished,
                        "players": [s.name for s in t["seats"]]} for t in found["tables"]],
            "byes": [bye.entrant.name for bye in found["byes"]],
        })
    return {**_summary(tournament), "entrants": [e.name for e in tournament.entrants.select_related("user")],
            "rounds_played": rounds}


def _get(pk):
    try:
        pk = parse_game_id(pk)
    except NotFound:
        pk = None
    tournament = Tournament.objects.select_related("created_by").filter(pk=pk).first() if pk else None
    if tournament is None:
        raise NotFound(_("No such tournament."))
    return tournament


def _errors(**extra):
    return {**COMMON_ERRORS, 400: FieldErrorSerializer, **extra}


class TournamentViewSet(viewsets.ViewSet):
    lookup_value_regex = r"[0-9]{1,18}"
    pagination_class = GamePagination

    def get_permissions(self):
        # Anyone may follow a tournament; entering or leaving one needs a signed-in player.
        if self.action in ("list", "retrieve", "standings"):
            return [AllowAny()]
        return super().get_permissions()

    @extend_schema(
        parameters=[
            OpenApiParameter("status", str, enum=list(Tournament.Status.values),
                             description=_("Only tournaments in this state.")),
            OpenApiParameter("game", str, enum=list(engine.GAMES), description=_("Only tournaments of this game.")),
            *page_parameters(_("Tournaments per page (default 20; more than 100 lists 100).")),
        ],
        responses={200: TournamentSerializer(many=True), **_errors()},
        tags=["tournaments"],
    )
    def list(self, request):
        tournaments = Tournament.objects.select_related("created_by").order_by("-id")
        status = request.query_params.get("status")
        if status is not None:
            if status not in Tournament.Status.values:
                raise InvalidRequest(_("status must be open, running, finished or cancelled."), code="bad_status")
            tournaments = tournaments.filter(status=status)
        game = request.query_params.get("game")
        if game is not None:
            if game not in engine.GAMES:
                raise InvalidRequest(
                    _("game must be one of: %(games)s.") % {"games": ", ".join(engine.GAMES)}, code="bad_game"
                )
            tournaments = tournaments.filter(game=game)
        paginator = GamePagination()
        page = paginator.paginate_queryset(tournaments, request, view=self)
        return paginator.get_paginated_response([_summary(t) for t in page])

    @extend_schema(responses={200: TournamentDetailSerializer, **_errors()}, tags=["tournaments"])
    def retrieve(self, request, pk=None):
        return Response(_detail(_get(pk)))

    @extend_schema(request=None, responses={200: TournamentDetailSerializer, **_errors(e409=ErrorSerializer)},
                   tags=["tournaments"], description=_("Enter an open tournament."))
    @action(detail=True, methods=["post"])
    def join(self, request, pk=None):
        services.join(pk, request.user)
        return Response(_detail(_get(pk)))

    @extend_schema(
        request=None, responses={200: TournamentDetailSerializer, **_errors(e409=ErrorSerializer)},
        tags=["tournaments"],
        description=_("Leave a tournament: before it starts the entry is gone; once it runs you are paired no "
                      "more, and a game of the current round you are still playing is resigned."),
    )
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        services.withdraw(pk, request.user)
        return Response(_detail(_get(pk)))

    @extend_schema(responses={200: StandingSerializer(many=True), **_errors()}, tags=["tournaments"],
                   description=_("The standings with their tie-breaks, from the finished games' results."))
    @action(detail=True, methods=["get"])
    def standings(self, request, pk=None):
        tournament = _get(pk)
        rows = [
            {"rank": r["row"].rank, "player": r["entrant"].name, "bot": r["entrant"].is_bot,
             "points": r["row"].points, "games": r["row"].games, "byes": r["row"].byes,
             "tiebreaks": r["row"].tiebreaks, "active": r["entrant"].active}
            for r in selectors.standings_rows(tournament)
        ]
        return Response(rows)


router = SimpleRouter()
router.register("tournaments", TournamentViewSet, basename="tournament")
