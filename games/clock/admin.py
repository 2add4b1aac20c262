from django.contrib import admin

from .models import Absence, TimeControl


@admin.register(TimeControl)
class TimeControlAdmin(admin.ModelAdmin):
    list_display = ["game", "per_move", "policy", "seat", "turn", "deadline", "next_check_at"]
    list_filter = ["policy"]
    raw_id_fields = ["game"]


@admin.register(Absence)
class AbsenceAdmin(admin.ModelAdmin):
    list_display = ["user", "starts_at", "ends_at"]
    raw_id_fields = ["user"]
