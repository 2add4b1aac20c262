from django.urls import path

from . import views

app_name = "games"

urlpatterns = [
    path("games/", views.my_games, name="mine"),
    path("games/open/", views.open_games, name="open"),
    path("games/new/", views.create_game, name="create"),
    path("games/next/", views.next_game, name="next"),
    path("games/<int:pk>/", views.game_page, name="game"),
    path("games/<int:pk>/table/", views.table_fragment, name="table"),
    path("games/<int:pk>/seq/", views.poll, name="poll"),
    path("games/<int:pk>/decide/", views.decide, name="decide"),
    path("games/<int:pk>/join/", views.join, name="join"),
    path("games/<int:pk>/leave/", views.leave, name="leave"),
    path("games/<int:pk>/start/", views.start, name="start"),
    path("games/<int:pk>/resign/", views.resign, name="resign"),
]
