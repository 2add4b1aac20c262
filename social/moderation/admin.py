"""Reports, restrictions and the moderation log may be looked up in the admin too; nobody changes them
here. The staff act on /moderation/, where every action is written to the log (the log itself cannot be
changed at all: the database refuses)."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from guildhall_site.admin import ReadOnlyAdminMixin

from .models import AuditEntry, Report, Restriction


@admin.register(Report)
class ReportAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("created_at", "kind", "reason", "reported", "content", "reporter", "status", "outcome")
    list_filter = ("status", "kind", "reason")
    list_select_related = ("reported", "reporter", "chat_message", "direct_message")
    search_fields = ("reported__username", "reporter__username")
    readonly_fields = ("content",)

    @admin.display(description=_("reported text"))
    def content(self, report):
        message = report.chat_message or report.direct_message
        return message.text if message is not None else ""  # escaped by the admin like any value


@admin.register(Restriction)
class RestrictionAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("user", "scope", "starts_at", "ends_at", "lifted_at", "created_by")
    list_filter = ("scope",)
    search_fields = ("user__username",)


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("at", "moderator", "action", "player", "scope", "until", "reason")
    list_filter = ("action",)
    search_fields = ("player__username", "moderator__username", "reason", "subject")
