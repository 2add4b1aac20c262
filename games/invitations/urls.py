from django.urls import path

from . import views

app_name = "invitations"

urlpatterns = [
    path("invitations/<int:pk>/", views.invitation, name="invitation"),
    path("invitations/<int:pk>/accept/", views.accept, name="accept"),
    path("invitations/<int:pk>/decline/", views.decline, name="decline"),
    path("games/<int:game_pk>/links/", views.create_link, name="create_link"),
    path("invitations/links/<int:pk>/revoke/", views.revoke_link, name="revoke_link"),
    path("join/<str:token>/", views.join_by_link, name="join_link"),
    path("games/<int:game_pk>/rematch/", views.propose_rematch, name="rematch"),
    path("games/<int:game_pk>/rematch/panel/", views.rematch_panel, name="rematch_panel"),
]
