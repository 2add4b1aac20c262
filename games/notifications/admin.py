from django.contrib import admin

from .models import Notification


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["id", "kind", "user", "game", "turn", "status", "due_at", "sent_at", "attempts"]
    list_filter = ["status", "kind"]
    raw_id_fields = ["user", "game"]
    search_fields = ["user__username", "user__email"]
