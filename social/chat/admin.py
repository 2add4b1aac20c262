"""Staff look messages up here (reports and hiding are the moderation queue's, social.moderation, where
every action is written to the log). Messages are never edited: what a player wrote stays what they
wrote."""

from django.contrib import admin

from guildhall_site.admin import ReadOnlyAdminMixin

from .models import Message


@admin.register(Message)
class MessageAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("created_at", "game_id", "author", "text", "hidden")
    list_filter = ("hidden",)
    list_select_related = ("author",)
    search_fields = ("text", "author__username", "game__id")
    fields = ("game", "author", "text", "seq", "created_at", "hidden")
