from django.conf import settings
from rest_framework.throttling import UserRateThrottle


class WriteThrottle(UserRateThrottle):
    """Per-user (per-IP when anonymous) rate for writes; reads are not throttled.

    The rate is ``settings.GUILDHALL_WRITE_THROTTLE_RATE`` (env THROTTLE_WRITE_RATE), read per request
    so that it can be changed in tests and deployments without touching DRF's class attributes."""

    scope = "write"

    def get_rate(self):
        return settings.GUILDHALL_WRITE_THROTTLE_RATE or None  # empty: no throttle

    def allow_request(self, request, view):
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        self.rate = self.get_rate()
        if not self.rate:
            return True
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)
