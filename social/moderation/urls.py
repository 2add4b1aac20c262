from django.urls import path

from . import views

app_name = "moderation"

urlpatterns = [
    path("report/chat/<int:message_id>/", views.report_chat, name="report_chat"),
    path("report/message/<int:message_id>/", views.report_message, name="report_message"),
    path("report/player/<str:username>/", views.report_profile, name="report_profile"),
    path("reports/", views.my_reports, name="mine"),
    path("moderation/", views.queue, name="queue"),
    path("moderation/reports/<int:pk>/act/", views.act, name="act"),
    path("moderation/players/<str:username>/", views.player, name="player"),
    path("moderation/restrictions/<int:pk>/lift/", views.lift, name="lift"),
    path("moderation/log/", views.log, name="log"),
]
