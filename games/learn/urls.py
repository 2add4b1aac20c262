from django.urls import path

from . import views

app_name = "learn"

urlpatterns = [
    path("learn/", views.learn, name="learn"),
    path("learn/<int:pk>/coach/", views.coach, name="coach"),
    path("learn/offer/not-now/", views.dismiss, name="dismiss"),
]
