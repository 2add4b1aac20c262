"""The site's one read-only admin: staff look rows up, nobody adds, changes or deletes them here. For the
rows that change only through a service (which checks, logs and tells whom it concerns) or never (the
game log, the moderation log)."""


class ReadOnlyAdminMixin:
    """Before ``admin.ModelAdmin`` (or an inline) in the bases: no add, change or delete permission, so
    the admin offers a view of each row and nothing else."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
