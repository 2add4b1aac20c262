"""Site-wide views: JSON error pages under /api/ (the home page belongs to games.web)."""

from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.defaults import page_not_found, server_error


def _is_api(request):
    return request.path.startswith("/api/")


def handler404(request, exception=None):
    if _is_api(request):
        return JsonResponse({"error": "not_found", "detail": _("Not found.")}, status=404)
    return page_not_found(request, exception)


def handler500(request):
    if _is_api(request):
        return JsonResponse(
            {"error": "server_error", "detail": _("Something went wrong on our side.")}, status=500
        )
    return server_error(request)
