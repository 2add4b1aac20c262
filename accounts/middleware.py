"""Middleware of the accounts: a signed-in player's language and time zone, and the write budget of the pages."""

import zoneinfo

from django.utils import timezone, translation
from rest_framework.views import APIView

from guildhall_site.views import too_many_requests

from .models import profile_for
from .throttles import SAFE_METHODS, check_write


class ProfileMiddleware:
    """Runs after LocaleMiddleware and AuthenticationMiddleware. Anonymous visitors keep what
    LocaleMiddleware chose (the language cookie set by the switcher, or the browser's language)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            profile = profile_for(user)
            if profile.language and profile.language != getattr(request, "LANGUAGE_CODE", None):
                translation.activate(profile.language)
                request.LANGUAGE_CODE = translation.get_language()
            try:
                timezone.activate(zoneinfo.ZoneInfo(profile.time_zone))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        else:
            timezone.deactivate()
        return self.get_response(request)


class WriteThrottleMiddleware:
    """Every write through the pages (any POST, PUT, PATCH or DELETE to a view that is not part of the
    API, whose views DRF throttles with the same budget) spends the player's write budget
    (``THROTTLE_WRITE_RATE``, accounts.throttles). Over it: 429, with Retry-After, and nothing done.
    Views added later are covered without doing anything."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.method in SAFE_METHODS:
            return None
        view_class = getattr(view_func, "cls", None) or getattr(view_func, "view_class", None)
        if isinstance(view_class, type) and issubclass(view_class, APIView):
            return None  # the API throttles itself (games.api.throttles), from the same budget
        verdict = check_write(request)
        if verdict.allowed:
            return None
        return too_many_requests(request, verdict.wait)
