"""Finished games: history browser, replay viewer, verifiable record."""

from django.urls import path

from . import views

urlpatterns = [
    path("games/history/", views.history_list, name="history"),
    path("games/history/player/<str:username>/", views.player_history, name="history-player"),
    path("games/<int:game_id>/replay/", views.replay_view, name="game-replay"),
    path("api/v1/games/<int:id>/record/", views.RecordView.as_view(), name="api-game-record"),
]
