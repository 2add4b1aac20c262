"""Pages of the notifications app: vacations, and the one-click unsubscribe of the emails."""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from . import emails, selectors, vacations
from .forms import AbsenceForm

UNSUBSCRIBE_FIELDS = {
    "turn": ("turn_email", "never"),
    "reminders": ("reminder_emails", False),
    "results": ("result_emails", False),
}


@login_required
@require_http_methods(["GET", "POST"])
def vacation(request):
    form = AbsenceForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            vacations.declare_absence(request.user, form.cleaned_data["starts_at"], form.cleaned_data["ends_at"])
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("Your absence is declared: your deadlines pause while it lasts."))
            return redirect("notifications:vacation")
    year = timezone.now().year
    context = {
        "form": form,
        "absences": selectors.absences_of(request.user),
        "days_left": f"{vacations.days_left(request.user, year):g}",
        "year": year,
    }
    return render(request, "notifications/vacation.html", context, status=400 if form.errors else 200)


@login_required
@require_POST
def end_absence(request, pk):
    if pk < 2**63 and vacations.end_absence(request.user, pk):  # an id beyond the database's range: none
        messages.success(request, _("Your absence has ended."))
    return redirect("notifications:vacation")


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
