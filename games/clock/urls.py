from django.urls import path

from . import views

app_name = "clock"

urlpatterns = [
    path("vacation/", views.vacation, name="vacation"),
    path("vacation/<int:pk>/end/", views.end_absence, name="end_absence"),
]
