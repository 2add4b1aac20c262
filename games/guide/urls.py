from django.urls import path

from . import views

app_name = "guide"

urlpatterns = [
    path("how-to-play/", views.how_to_play, name="how-to-play"),
]
