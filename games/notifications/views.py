"""The one-click unsubscribe of the emails; the Web Push subscriptions of the settings page."""

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from . import emails, kinds, push

UNSUBSCRIBE_FIELDS = emails.PREFERENCE_OFF


@csrf_exempt  # RFC 8058 one-click: mail clients POST "List-Unsubscribe=One-Click" without a session
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token):
    try:
        user_id, category = emails.read_unsubscribe_token(token)
    except signing.BadSignature:
        return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=400)
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=400)
    labels = {
        "turn": _("emails when it is your turn (and the daily digest)"),
        "reminders": _("reminders before a deadline and timeout notices"),
        "results": _("results of finished games"),
        "invitations": _("invitations to games"),
    }
    registered = kinds.by_category(category) if category not in UNSUBSCRIBE_FIELDS else None
    if registered is not None:  # a kind another app registered, with a preference of its own
        labels[category] = registered.label
    if request.method == "POST":
        if registered is not None:
            registered.unsubscribe(user)
        else:
            from accounts.models import profile_for

            profile = profile_for(user)
            field, value = UNSUBSCRIBE_FIELDS[category]
            setattr(profile, field, value)
            profile.save(update_fields=[field])
        if request.POST.get("List-Unsubscribe") == "One-Click":
            return HttpResponse(status=200)
        return render(request, "notifications/unsubscribe.html", {"done": True, "what": labels[category]})
    return render(request, "notifications/unsubscribe.html", {"what": labels[category], "token": token})


# --- Web Push: the settings page's button subscribes this browser (push-settings.js) ----------------


def _json_error(detail, status=400):
    return JsonResponse({"error": "bad_subscription", "detail": str(detail)}, status=status)


def _read_json(request):
    from games import jsonsafe

    try:
        return jsonsafe.loads(request.body.decode("utf-8"))
    except (UnicodeDecodeError, TypeError, ValueError):
        return None


@login_required
@require_POST
def push_subscribe(request):
    if not push.enabled():
        return _json_error(_("Push notifications are not set up on this server."), status=409)
    try:
        push.subscribe(request.user, _read_json(request))
    except push.BadSubscription as exc:
        return _json_error(exc)
    return JsonResponse({"subscribed": True}, status=201)


@login_required
@require_POST
def push_unsubscribe(request):
    data = _read_json(request)
    try:
        removed = push.unsubscribe(request.user, data.get("endpoint") if isinstance(data, dict) else None)
    except push.BadSubscription as exc:
        return _json_error(exc)
    return JsonResponse({"removed": removed})


@require_GET
def push_worker(request):
    """The service worker: shows the push as a notification, opens the table on a click. Served here
    with Service-Worker-Allowed: / so that it may control the whole site (scope "/")."""
    response = HttpResponse(render_to_string("notifications/push-worker.js"), content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response
