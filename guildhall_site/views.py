"""Site-wide views: the error pages (JSON under /api/, pages elsewhere; the home page belongs to games.web)."""

import math

from django.contrib import messages
from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponseServerError, JsonResponse
from django.shortcuts import render
from django.template import TemplateDoesNotExist, loader
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.defaults import page_not_found, server_error


def is_api(request):
    return request.path.startswith("/api/")


def api_error(code, detail, status, **headers):
    response = JsonResponse({"error": code, "detail": str(detail)}, status=status)
    for name, value in headers.items():
        response[name.replace("_", "-")] = value
    return response


def handler400(request, exception=None):
    """Django's 400s (a body over DATA_UPLOAD_MAX_MEMORY_SIZE, too many fields, a bad Host…): a clear
    message, JSON under /api/. A body that is too large is a 413."""
    if isinstance(exception, RequestDataTooBig):
        code, status = "too_large", 413
        detail = _("The request body is too large.")
    else:
        code, status = "bad_request", 400
        detail = _("The request could not be understood.")
    if is_api(request):
        return api_error(code, detail, status)
    return render(request, "400.html", {"detail": detail}, status=status)


def handler404(request, exception=None):
    if is_api(request):
        return api_error("not_found", _("Not found."), 404)
    return page_not_found(request, exception)


def handler500(request):
    """A page with the request's id (also in the X-Request-ID header and the log lines), so that a
    player's report leads to what went wrong; JSON under /api/ (ops' middleware adds the id there). The
    page is rendered without the request's context: nothing that may have failed runs again."""
    if is_api(request):
        return api_error("server_error", _("Something went wrong on our side."), 500)
    try:
        template = loader.get_template("500.html")
    except TemplateDoesNotExist:
        return server_error(request)
    return HttpResponseServerError(template.render({"request_id": getattr(request, "request_id", None)}))


def too_many_requests(request, wait=None):
    """429 for a request over a rate limit: JSON under /api/; for a page a message, and for htmx a
    refresh of the page that shows it (htmx swaps nothing on a 429)."""
    if wait:
        seconds = math.ceil(wait)
        detail = ngettext(
            "Too many requests. Please wait %(seconds)s second and try again.",
            "Too many requests. Please wait %(seconds)s seconds and try again.",
            seconds,
        ) % {"seconds": seconds}
    else:
        seconds = None
        detail = _("Too many requests. Please wait a little and try again.")
    if is_api(request):
        response = api_error("throttled", detail, 429)
    elif getattr(request, "htmx", False):
        messages.error(request, detail)
        response = JsonResponse({"error": "throttled", "detail": detail}, status=429)
        response["HX-Refresh"] = "true"
    else:
        response = render(request, "429.html", {"detail": detail}, status=429)
    if seconds:
        response["Retry-After"] = str(seconds)
    return response


def handler429(request):
    """allauth's rate limits (sign-in, sign-up, password reset…) answer through this view."""
    return too_many_requests(request)
