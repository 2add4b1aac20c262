"""The one-click unsubscribe of the emails."""

from django.contrib.auth import get_user_model
from django.core import signing
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from . import emails

UNSUBSCRIBE_FIELDS = {
    "turn": ("turn_email", "never"),
    "reminders": ("reminder_emails", False),
    "results": ("result_emails", False),
    "invitations": ("invitation_emails", False),
}


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
    if request.method == "POST":
        from accounts.models import profile_for

        profile = profile_for(user)
        field, value = UNSUBSCRIBE_FIELDS[category]
        setattr(profile, field, value)
        profile.save(update_fields=[field])
        if request.POST.get("List-Unsubscribe") == "One-Click":
            return HttpResponse(status=200)
        return render(request, "notifications/unsubscribe.html", {"done": True, "what": labels[category]})
    return render(request, "notifications/unsubscribe.html", {"what": labels[category], "token": token})
