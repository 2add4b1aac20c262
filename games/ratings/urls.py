from django.urls import path

from . import views

app_name = "ratings"

urlpatterns = [
    path("leaderboards/", views.leaderboards, name="leaderboards"),
    path("leaderboards/<str:mode>/", views.leaderboard, name="leaderboard"),
]
