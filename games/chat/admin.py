"""Staff read reported messages here, hide a message (it then shows nowhere; the row stays as evidence)
and mark reports handled. Messages are never edited: what a player wrote stays what they wrote."""

from django.contrib import admin, messages
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .models import Message, Mute, Report


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ("created_at", "reason", "message_text", "message_author", "game_link", "reporter", "handled")
    list_filter = ("handled", "reason")
    list_select_related = ("message__author", "reporter")
    search_fields = ("message__text", "message__author__username", "reporter__username")
    readonly_fields = ("message", "reporter", "reason", "comment", "created_at", "message_text", "game_link")
    fields = ("message_text", "game_link", "message", "reporter", "reason", "comment", "created_at", "handled")
    actions = ["hide_messages", "mark_handled"]

    @admin.display(description=_("message"))
    def message_text(self, report):
        return report.message.text  # escaped by the admin like any value

    @admin.display(description=_("author"))
    def message_author(self, report):
        return report.message.author.username

    @admin.display(description=_("game"))
    def game_link(self, report):
        url = reverse("games:game", args=[report.message.game_id])
        return format_html('<a href="{}#chat">{}</a>', url, report.message.game_id)

    @admin.action(description=_("Hide the reported messages and mark the reports handled"))
    def hide_messages(self, request, queryset):
        ids = list(queryset.values_list("message_id", flat=True))
        hidden = Message.objects.filter(pk__in=ids).update(hidden=True)
        Report.objects.filter(message_id__in=ids).update(handled=True)
        self.message_user(
            request,
            ngettext("%(n)d message hidden.", "%(n)d messages hidden.", hidden) % {"n": hidden},
            messages.SUCCESS,
        )

    @admin.action(description=_("Mark the reports handled"))
    def mark_handled(self, request, queryset):
        queryset.update(handled=True)

    def has_add_permission(self, request):
        return False


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    list_display = ("created_at", "game_id", "author", "text", "hidden")
    list_filter = ("hidden",)
    list_select_related = ("author",)
    search_fields = ("text", "author__username", "game__id")
    readonly_fields = ("game", "author", "text", "seq", "created_at")
    fields = ("game", "author", "text", "seq", "created_at", "hidden")

    def has_add_permission(self, request):
        return False


@admin.register(Mute)
class MuteAdmin(admin.ModelAdmin):
    list_display = ("user", "muted", "created_at")
    search_fields = ("user__username", "muted__username")
    raw_id_fields = ("user", "muted")
