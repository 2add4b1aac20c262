"""Notification pages (vacation, one-click unsubscribe) (issue 5). Included by urls.py at notifications/."""

from django.urls import path

from games.notifications import views

app_name = "notifications"

urlpatterns = [
    path("vacation/", views.vacation, name="vacation"),
    path("vacation/<int:pk>/end/", views.end_absence, name="end_absence"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
