from django.contrib import admin

from .models import Entrant, Tournament


class EntrantInline(admin.TabularInline):
    model = Entrant
    fields = ["user", "bot_kind", "seed", "rating", "group", "left_reason", "left_after_round"]
    readonly_fields = fields
    raw_id_fields = ["user"]
    extra = 0
    can_delete = False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    # Read-only: rounds, tables and results change only through the services (the games' logs say them).
    list_display = ["name", "format", "table_size", "status", "current_round", "rounds", "created_by", "created_at"]
    list_filter = ["format", "status"]
    search_fields = ["name"]
    raw_id_fields = ["created_by"]
    readonly_fields = ["status", "current_round", "started_at", "finished_at"]
    inlines = [EntrantInline]
