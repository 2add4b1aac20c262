from django.urls import path

from . import api, views

app_name = "conversations"

urlpatterns = [
    path("messages/", views.inbox, name="inbox"),
    path("messages/<int:pk>/", views.conversation, name="conversation"),
    path("messages/<int:pk>/new/", views.new_messages, name="new_messages"),
    path("messages/to/<str:username>/", views.write_to, name="write_to"),
    path("messages/email/", views.preference, name="preference"),
    path("messages/link/", views.header_link, name="header_link"),
    path("api/v1/messages/", api.MessageListView.as_view(), name="api-messages"),
    path("api/v1/messages/<int:id>/", api.ConversationView.as_view(), name="api-conversation"),
    path("api/v1/messages/<int:id>/read/", api.ReadView.as_view(), name="api-conversation-read"),
]
