from django.urls import include, path

from . import api, views

app_name = "tournaments"

urlpatterns = [
    path("api/v1/", include(api.router.urls)),
    path("tournaments/", views.tournament_list, name="list"),
    path("tournaments/new/", views.create, name="create"),
    path("tournaments/<int:tournament_id>/", views.detail, name="detail"),
    path("tournaments/<int:tournament_id>/join/", views.join, name="join"),
    path("tournaments/<int:tournament_id>/withdraw/", views.withdraw, name="withdraw"),
    path("tournaments/<int:tournament_id>/start/", views.start, name="start"),
    path("tournaments/<int:tournament_id>/rounds/<int:number>/", views.round_page, name="round"),
]
