"""Staff look messages up here (reports and hiding are the moderation queue's, games.moderation).
Messages are never edited: what a player wrote stays what they wrote."""

from django.contrib import admin

from .models import Message, Mute


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    list_display = ("created_at", "game_id", "author", "text", "hidden")
    list_filter = ("hidden",)
    list_select_related = ("author",)
    search_fields = ("text", "author__username", "game__id")
    # Hiding is the moderation queue's (games.moderation), where it is written to the log.
    readonly_fields = ("game", "author", "text", "seq", "created_at", "hidden")
    fields = ("game", "author", "text", "seq", "created_at", "hidden")

    def has_add_permission(self, request):
        return False


@admin.register(Mute)
class MuteAdmin(admin.ModelAdmin):
    list_display = ("user", "muted", "created_at")
    search_fields = ("user__username", "muted__username")
    raw_id_fields = ("user", "muted")
