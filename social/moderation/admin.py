"""Reports and restrictions may be looked up in the admin too (the staff's page is /moderation/, where
actions are logged); the moderation log is read-only here: nobody adds, changes or deletes an entry."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .models import AuditEntry, Report, Restriction


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ("created_at", "kind", "reason", "reported", "content", "reporter", "status", "outcome")
    list_filter = ("status", "kind", "reason")
    list_select_related = ("reported", "reporter", "chat_message", "direct_message")
    search_fields = ("reported__username", "reporter__username")
    raw_id_fields = ("reporter", "reported", "chat_message", "direct_message", "handled_by")
    readonly_fields = ("content",)

    @admin.display(description=_("reported text"))
    def content(self, report):
        message = report.chat_message or report.direct_message
        return message.text if message is not None else ""  # escaped by the admin like any value

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False  # act from the moderation queue, where every action is logged


@admin.register(Restriction)
class RestrictionAdmin(admin.ModelAdmin):
    list_display = ("user", "scope", "starts_at", "ends_at", "lifted_at", "created_by")
    list_filter = ("scope",)
    search_fields = ("user__username",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("at", "moderator", "action", "player", "scope", "until", "reason")
    list_filter = ("action",)
    search_fields = ("player__username", "moderator__username", "reason", "subject")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
