"""Every API error is JSON ``{"error": short code, "detail": human message}`` (plus, sometimes,
context such as the current ``seq`` on a 409)."""

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import set_rollback

from games.exceptions import GameError, Throttled

_CODES = {
    exceptions.ParseError: "malformed_json",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.PermissionDenied: "forbidden",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
    exceptions.ValidationError: "invalid",
}


def _flatten(detail):
    """A human sentence out of DRF's nested error details."""
    if isinstance(detail, dict):
        parts = []
        for field, value in detail.items():
            text = _flatten(value)
            parts.append(text if field == "non_field_errors" else f"{field}: {text}")
        return " ".join(parts)
    if isinstance(detail, list):
        return " ".join(_flatten(v) for v in detail)
    return str(detail)


def error_response(code, detail, http_status, **extra):
    return Response({"error": code, "detail": str(detail), **extra}, status=http_status)


def exception_handler(exc, context):
    if isinstance(exc, GameError):
        set_rollback()
        response = error_response(exc.code, exc.detail, exc.status, **exc.extra)
        return exc.retry_after(response) if isinstance(exc, Throttled) else response
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if isinstance(exc, exceptions.APIException):
        set_rollback()
        code = _CODES.get(type(exc))
        if code is None:
            code = next((c for cls, c in _CODES.items() if isinstance(exc, cls)), "error")
        headers = {}
        if getattr(exc, "auth_header", None):
            headers["WWW-Authenticate"] = exc.auth_header
        if getattr(exc, "wait", None) is not None:
            headers["Retry-After"] = str(int(exc.wait))
        extra = {}
        if isinstance(exc, exceptions.ValidationError) and isinstance(exc.detail, dict):
            extra["fields"] = exc.detail
        if type(exc) is exceptions.ParseError:  # DRF's own, with the parser's words: ours are plainer
            detail = _("The request body is not valid JSON.")
        else:
            detail = _flatten(exc.detail)
        response = error_response(code, detail, exc.status_code, **extra)
        for key, value in headers.items():
            response[key] = value
        return response
    return None


