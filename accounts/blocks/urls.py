from django.urls import path

from . import api, views

app_name = "blocks"

urlpatterns = [
    path("settings/blocked/", views.blocked_players, name="list"),
    path("players/<str:username>/block/", views.block, name="block"),
    path("players/<str:username>/unblock/", views.unblock, name="unblock"),
    path("api/v1/blocks/", api.BlockListView.as_view(), name="api-blocks"),
    path("api/v1/blocks/<str:username>/", api.BlockDetailView.as_view(), name="api-block"),
]
