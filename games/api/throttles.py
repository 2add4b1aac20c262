from rest_framework.throttling import BaseThrottle

from accounts.throttles import SAFE_METHODS, check_write


class WriteThrottle(BaseThrottle):
    """The write budget of accounts.throttles (``THROTTLE_WRITE_RATE``, per user, per client address when
    anonymous), shared with the pages; reads are not throttled. Counted atomically in the cache."""

    def allow_request(self, request, view):
        if request.method in SAFE_METHODS:
            return True
        self.verdict = check_write(request._request, request.user)
        return self.verdict.allowed

    def wait(self):
        return self.verdict.wait
