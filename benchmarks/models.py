from django.conf import settings
from django.db import models


class FloorRow(models.Model):
    """One row per call of the benchmark's floor endpoint (authenticate + insert one row)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"floor row {self.pk}"
