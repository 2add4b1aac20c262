"""Honour a signed-in player's profile: their language and their time zone."""

import zoneinfo

from django.utils import timezone, translation

from .models import profile_for


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
