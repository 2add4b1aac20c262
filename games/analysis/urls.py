"""Post-game analysis: the API and the replay page's no-script request."""

from django.urls import path

from . import api, views

urlpatterns = [
    path("api/v1/games/<int:id>/analysis/", api.AnalysisView.as_view(), name="api-game-analysis"),
    path("games/<int:game_id>/analysis/", views.request_analysis, name="game-analysis-request"),
]
