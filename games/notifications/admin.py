from django.contrib import admin

from .models import Absence, Notification, SystemDecision, TimeControl


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["id", "kind", "user", "game", "turn", "status", "due_at", "sent_at", "attempts"]
    list_filter = ["status", "kind"]
    raw_id_fields = ["user", "game"]
    search_fields = ["user__username", "user__email"]


@admin.register(TimeControl)
class TimeControlAdmin(admin.ModelAdmin):
    list_display = ["game", "per_move", "policy", "seat", "turn", "deadline", "next_check_at", "taken_over"]
    list_filter = ["policy"]
    raw_id_fields = ["game"]


@admin.register(SystemDecision)
class SystemDecisionAdmin(admin.ModelAdmin):
    list_display = ["game", "seq", "seat", "turn", "reason", "created_at"]
    list_filter = ["reason"]
    raw_id_fields = ["game"]


@admin.register(Absence)
class AbsenceAdmin(admin.ModelAdmin):
    list_display = ["user", "starts_at", "ends_at"]
    raw_id_fields = ["user"]
