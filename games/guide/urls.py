from django.urls import path

from . import privacy, views

app_name = "guide"

urlpatterns = [
    path("how-to-play/", views.how_to_play, name="how-to-play"),
    path("how-to-play/<slug:slug>/", views.game, name="game"),
    path("cards/<slug:slug>/", views.cards, name="cards"),
    path("privacy/", privacy.privacy, name="privacy"),
]
