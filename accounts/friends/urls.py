from django.urls import path

from . import views

app_name = "friends"

urlpatterns = [
    path("players/<str:username>/follow/", views.follow, name="follow"),
    path("players/<str:username>/unfollow/", views.unfollow, name="unfollow"),
]
