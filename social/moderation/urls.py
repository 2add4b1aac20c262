from django.urls import path

from . import views

app_name = "moderation"

urlpatterns = [
    path("report/chat/<int:message_id>/", views.report_chat, name="report_chat"),
    path("report/message/<int:message_id>/", views.report_message, name="report_message"),
    path("report/player/<str:username>/", views.report_profile, name="report_profile"),
    path("reports/", views.my_reports, name="mine"),
    path("reports/notices/", views.notice_preference, name="notice_preference"),
    path("moderation/", views.queue, name="queue"),
    path("moderation/reports/<int:pk>/act/", views.act, name="act"),
    path("moderation/players/", views.find_player, name="find_player"),
    path("moderation/players/<str:username>/", views.player, name="player"),
    path("moderation/players/<str:username>/act/", views.act_on_player, name="act_on_player"),
    path("moderation/chat/<int:message_id>/hide/", views.hide_chat, name="hide_chat"),
    path("moderation/restrictions/<int:pk>/lift/", views.lift, name="lift"),
    path("moderation/log/", views.log, name="log"),
]
