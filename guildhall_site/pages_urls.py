"""The site's pages (issue 4): lobby, table, profiles. Included at the root by urls.py, before the rest."""

from django.urls import include, path

from games.web import views as game_views

urlpatterns = [
    path("", game_views.home, name="home"),
    path("", include("games.web.urls")),
    path("", include("accounts.urls")),
]
