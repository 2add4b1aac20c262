"""``/api/v1/games/{id}/analysis/``: POST starts the analysis of a finished game (idempotent), GET reads
it. Thin: games.analysis.services and selectors do the work."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api import serializers as api_serializers
from games.api.views import errors

from . import selectors, services
from .serializers import AnalysisSerializer

ERROR = api_serializers.ErrorSerializer


class AnalysisView(APIView):
    @extend_schema(
        responses={200: AnalysisSerializer, **errors(e409=ERROR)},
        tags=["games"],
        description=_(
            "The strong bot's analysis of a finished game: status (none, queued, running, done, failed), "
            "progress (0–1) and the decisions judged so far, each from its player's own view at that moment: "
            "win chance before (with the bot's preferred decision) and after the decision taken, the loss and "
            "its mark (good, inaccuracy, mistake, blunder), and the bot's preferred decision where it differs. "
            "409 not_finished while the game is in progress."
        ),
    )
    def get(self, request, id):  # "id", as in every other /api/v1/games/{id}/ path
        game = services.finished_game(id)
        return Response(selectors.payload(game, services.advance(selectors.analysis_of(game))))

    @extend_schema(
        request=None,
        responses={200: AnalysisSerializer, 202: AnalysisSerializer, **errors(e409=ERROR)},
        tags=["games"],
        description=_(
            "Start the analysis of a finished game (any signed-in user; computed once per game and rules version "
            "by a worker, then read from storage). Asking again changes nothing: 202 while it runs, 200 once "
            "done. 409 not_finished while the game is in progress; 429 throttled over the per-user limits."
        ),
    )
    def post(self, request, id):
        analysis, _started = services.request_analysis(id, request.user)
        game = analysis.game
        code = status.HTTP_200_OK if analysis.status == analysis.Status.DONE else status.HTTP_202_ACCEPTED
        return Response(selectors.payload(game, analysis), status=code)

