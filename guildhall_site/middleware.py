"""Keep API errors JSON even where Django renders its own pages."""

from django.http import JsonResponse
from django.utils.translation import gettext as _


class ApiJsonNotFoundMiddleware:
    """A 404 under /api/ that is not JSON (an unknown URL, which with DEBUG on gets Django's technical
    page) becomes ``{"error": "not_found", "detail": ...}``."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            response.status_code == 404
            and request.path.startswith("/api/")
            and "json" not in response.get("Content-Type", "")
        ):
            return JsonResponse({"error": "not_found", "detail": _("Not found.")}, status=404)
        return response
