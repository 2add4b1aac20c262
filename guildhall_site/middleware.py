"""Middleware of the whole site: malformed requests end early, API errors stay JSON, responses are not
cached by anyone but their reader."""

from django.shortcuts import render
from django.utils.translation import gettext as _

from .views import api_error, is_api

# Short codes for error statuses Django (not DRF) may answer under /api/.
_CODES = {400: "bad_request", 403: "forbidden", 404: "not_found", 405: "method_not_allowed", 413: "too_large",
          429: "throttled", 500: "server_error", 503: "unavailable"}


class ApiJsonErrorsMiddleware:
    """An error under /api/ that is not JSON (an unknown URL, which with DEBUG on gets Django's
    technical page; a method a plain Django view refuses; a CSRF failure) becomes
    ``{"error": code, "detail": message}`` with the same status."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            response.status_code >= 400
            and is_api(request)
            and "json" not in response.get("Content-Type", "")
        ):
            status = response.status_code
            json_response = api_error(_CODES.get(status, "error"), _detail(status), status)
            for header in ("Allow", "Retry-After", "WWW-Authenticate"):
                if header in response:
                    json_response[header] = response[header]
            return json_response
        return response


def _detail(status):
    if status == 404:
        return _("Not found.")
    if status == 405:
        return _("This method is not allowed here.")
    if status == 403:
        return _("You may not do that.")
    if status >= 500:
        return _("Something went wrong on our side.")
    return _("The request could not be understood.")


class RejectMalformedRequestMiddleware:
    """A NUL character in the path or the query string is refused with 400 before any view runs: no
    username, game id or filter can contain one, and PostgreSQL refuses it in a query (which would be a
    500)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path or any(
            "\x00" in key or "\x00" in value for key, values in request.GET.lists() for value in values
        ):
            detail = _("The request contains a NUL character.")
            if is_api(request):
                return api_error("bad_request", detail, 400)
            return render(request, "400.html", {"detail": detail}, status=400)
        return self.get_response(request)


class PrivateNoStoreMiddleware:
    """``Cache-Control: private, no-store`` on every response that has no Cache-Control of its own.

    Pages and JSON carry a player's hand, their games and their settings; no shared cache (a proxy, a
    CDN) may keep them, nor the browser's disk. A view that wants caching sets its own header."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not response.has_header("Cache-Control"):
            response["Cache-Control"] = "private, no-store"
        return response
