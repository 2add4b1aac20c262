"""Relations are the players' own: the staff may look them up, nobody changes them here."""

from django.contrib import admin

from guildhall_site.admin import ReadOnlyAdminMixin

from .models import Relation


@admin.register(Relation)
class RelationAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("from_user", "kind", "to_user", "created_at")
    list_filter = ("kind",)
    search_fields = ("from_user__username", "to_user__username")
