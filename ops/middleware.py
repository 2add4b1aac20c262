"""The operator's middleware: the health, readiness and metrics endpoints, and per request its id, its
counters and its one log line.

``OpsEndpointsMiddleware`` comes first in MIDDLEWARE and answers ``/healthz``, ``/readyz`` and ``/metrics``
before anything else runs: no session, no host check (a load balancer or Prometheus asks by address,
without the site's host name), no HTTPS redirect (they ask over plain HTTP on the private side), and
almost no cost. ``RequestMiddleware`` comes next and wraps everything else."""

import hmac
import ipaddress
import json
import logging
import time

from django.conf import settings
from django.http import HttpResponse, JsonResponse

from . import context, health, metrics

access_log = logging.getLogger("guildhall.access")

GAME_KWARGS = ("pk", "game_id", "id")


class OpsEndpointsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        path = request.path_info
        if path == "/healthz":
            return JsonResponse({"status": "ok"}, headers={"Cache-Control": "no-store"})
        if path == "/readyz":
            if request.GET.get("for") == "routing":
                only = set(health.ROUTING_PARTS)
            else:
                only = {p for p in request.GET.get("only", "").split(",") if p}
            ok, report = health.readiness(only)
            return JsonResponse(report, status=200 if ok else 503, headers={"Cache-Control": "no-store"})
        if path == "/metrics":
            if not metrics_allowed(request):
                return JsonResponse({"error": "forbidden", "detail": "Metrics need the token or an allowed address."},
                                    status=403)
            return HttpResponse(metrics.scrape(), content_type="text/plain; version=0.0.4; charset=utf-8",
                                headers={"Cache-Control": "no-store"})
        return self.get_response(request)


def metrics_allowed(request):
    """The bearer token (``METRICS_TOKEN``) when one is set, or a peer address in ``METRICS_ALLOWED_NETWORKS``
    that did not come through a proxy: behind a proxy every peer is the proxy itself, so a request that
    carries ``X-Forwarded-For`` is not let in by address."""
    token = settings.OPS_METRICS_TOKEN
    if token:
        sent = request.headers.get("Authorization", "")
        if sent.startswith("Bearer ") and hmac.compare_digest(sent[7:].encode(), token.encode()):
            return True
    networks = settings.OPS_METRICS_ALLOWED_NETWORKS
    if "*" in networks:
        return True
    if "X-Forwarded-For" in request.headers:
        return False
    try:
        peer = ipaddress.ip_address(request.META.get("REMOTE_ADDR", ""))
    except ValueError:
        return False
    return any(peer in ipaddress.ip_network(net, strict=False) for net in networks)


class RequestMiddleware:
    """The request's id (``X-Request-ID`` from the proxy when well-formed, else a new one), sent back in
    the ``X-Request-ID`` header and in the body of JSON errors (``request_id``), so that a player's report
    leads to the log lines; the request's counters; one access log line."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        started = time.monotonic()
        # Under daphne ops.asgi has chosen the id already (the header carries it); under WSGI it is chosen here.
        request_id = context.new_request_id(request.headers.get("X-Request-ID"))
        request.request_id = request_id  # for log records about this request written after the middleware
        tokens = [
            (context.request_id, context.request_id.set(request_id)),
            (context.source, context.source.set("api" if request.path_info.startswith("/api/") else "page")),
            (context.user_id, context.user_id.set(None)),
            (context.game_id, context.game_id.set(None)),
        ]
        try:
            response = self.get_response(request)
            self._finish(request, response, request_id, time.monotonic() - started)
        finally:
            for var, token in reversed(tokens):
                var.reset(token)
        return response

    def _finish(self, request, response, request_id, seconds):
        match = request.resolver_match
        view = (match.view_name or match.route) if match is not None else "<unmatched>"
        status = response.status_code
        metrics.REQUESTS.labels(view, str(status)).inc()
        metrics.REQUEST_SECONDS.labels(view).observe(seconds)
        response["X-Request-ID"] = request_id
        if status >= 400 and response.get("Content-Type", "").startswith("application/json"):
            self._error_body(request, response, request_id)
        user_id = _user_id(request, status)
        game_id = None
        if match is not None and ("games/" in match.route):
            found = next((str(match.kwargs[k]) for k in GAME_KWARGS if k in match.kwargs), "")
            game_id = int(found) if found.isdigit() else None
        access_log.info(
            "%s %s %s", request.method, view, status,
            extra={"method": request.method, "view": view, "status": status,
                   "duration_ms": round(seconds * 1000, 1), "user_id": user_id, "game_id": game_id},
        )

    def _error_body(self, request, response, request_id):
        if getattr(response, "streaming", False):
            return
        try:
            body = json.loads(response.content)
        except ValueError:
            return
        if not isinstance(body, dict):
            return
        if status_is_stale(response.status_code, body):
            metrics.STALE_SEQ.labels(context.source.get() or "other").inc()
        body["request_id"] = request_id
        response.content = json.dumps(body).encode()
        if response.has_header("Content-Length"):
            response["Content-Length"] = str(len(response.content))


def _user_id(request, status):
    """The signed-in user's id for the access line, when it is cheap and safe to know. Not after a server
    error: the user comes from the session, which a view that failed may not have read, and reading it now
    would ask the database that may just have failed (a dropped connection) and lose the response, its
    request id with it. Nor when reading it fails for any other reason: the line is written without it."""
    if status >= 500:
        return None
    try:
        user = getattr(request, "user", None)
        return user.pk if user is not None and user.is_authenticated else None
    except Exception:  # the database went away between the view and here: the response still goes out
        return None


def status_is_stale(status, body):
    return status == 409 and body.get("error") == "stale_seq"
