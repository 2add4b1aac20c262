from django.urls import path

from . import views

app_name = "chat"

urlpatterns = [
    path("games/<int:pk>/chat/", views.poll, name="poll"),
    path("games/<int:pk>/chat/post/", views.post, name="post"),
    path("games/<int:pk>/notes/", views.save_note, name="note"),
]
