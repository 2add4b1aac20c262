from django.contrib import admin

from .models import Invitation, InviteLink, Rematch


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "invitee", "inviter", "status", "created_at", "answered_at")
    list_filter = ("status",)
    raw_id_fields = ("game", "invitee", "inviter")
    search_fields = ("invitee__username", "inviter__username")


@admin.register(InviteLink)
class InviteLinkAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "created_by", "single_use", "expires_at", "uses", "revoked_at")
    raw_id_fields = ("game", "created_by", "used_by")


@admin.register(Rematch)
class RematchAdmin(admin.ModelAdmin):
    list_display = ("original", "game", "proposed_by", "created_at")
    raw_id_fields = ("original", "game", "proposed_by")
