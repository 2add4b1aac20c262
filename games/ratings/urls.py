from django.urls import path

from . import views

app_name = "ratings"

urlpatterns = [
    path("leaderboards/", views.leaderboards, name="leaderboards"),
    path("leaderboards/<str:game>/", views.game_leaderboard, name="game-leaderboard"),
    path("leaderboards/<str:game>/<str:variant>/", views.leaderboard, name="leaderboard"),
]
