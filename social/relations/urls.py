from django.urls import path

from . import api, views
from .models import Relation

app_name = "relations"

Kind = Relation.Kind

urlpatterns = [
    path("settings/blocked/", views.blocked_players, name="blocked"),
    path("players/<str:username>/follow/", views.relate, {"kind": Kind.FOLLOW, "present": True}, name="follow"),
    path("players/<str:username>/unfollow/", views.relate, {"kind": Kind.FOLLOW, "present": False}, name="unfollow"),
    path("players/<str:username>/block/", views.relate, {"kind": Kind.BLOCK, "present": True}, name="block"),
    path("players/<str:username>/unblock/", views.relate, {"kind": Kind.BLOCK, "present": False}, name="unblock"),
    # Under chat/ as before: a mute is about what one reads in a table's chat.
    path("chat/mute/<str:username>/", views.relate, {"kind": Kind.MUTE, "present": True}, name="mute"),
    path("chat/unmute/<str:username>/", views.relate, {"kind": Kind.MUTE, "present": False}, name="unmute"),
    path("api/v1/blocks/", api.BlockListView.as_view(), name="api-blocks"),
    path("api/v1/blocks/<str:username>/", api.BlockDetailView.as_view(), name="api-block"),
]
