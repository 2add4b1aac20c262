from django.urls import path

from . import views

app_name = "live"

urlpatterns = [
    path("live/nav/", views.nav, name="nav"),
]
