"""Read-mostly admin: the log can be looked at, never changed (the database refuses it anyway)."""

from django.contrib import admin

from guildhall_site.admin import ReadOnlyAdminMixin

from .models import Game, LogEntry, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("position", "kind", "user", "bot_kind", "final_place", "joined_at")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "status", "num_seats", "seq", "turn", "to_move_user", "created_at")
    list_filter = ("game", "status", "num_seats")
    search_fields = ("id", "seats__user__username")
    inlines = [SeatInline]
    # Games change only through games.services; the seed stays out of the admin's pages.
    exclude = ("seed",)
    readonly_fields = (
        "game", "options", "engine_version", "mode", "num_seats", "status", "seed_commitment", "created_by", "invited",
        "started_at", "finished_at", "seq", "turn", "to_move_position", "to_move_user", "scores", "deadline",
    )

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(LogEntry)
class LogEntryAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("game", "seq", "seat", "decision", "created_at")
    list_select_related = ("game",)
    search_fields = ("game__id",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
