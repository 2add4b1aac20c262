from django.urls import path

from . import privacy, views

app_name = "guide"

urlpatterns = [
    path("how-to-play/", views.how_to_play, name="how-to-play"),
    path("privacy/", privacy.privacy, name="privacy"),
]
