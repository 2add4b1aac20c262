from django.urls import path

from . import views

urlpatterns = [
    path("settings/", views.settings_view, name="profile_settings"),
    path("players/<str:username>/", views.public_profile, name="public_profile"),
    path("language/", views.set_language, name="set_language"),
]
