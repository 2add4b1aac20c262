from django.urls import path

from . import views

app_name = "watch"

urlpatterns = [
    path("games/live/", views.live, name="live"),
]
