"""The vacation page: declare an absence, end one."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from . import selectors, vacations
from .forms import AbsenceForm


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
            return redirect("clock:vacation")
    year = timezone.now().year
    context = {
        "form": form,
        "absences": selectors.absences_of(request.user),
        "days_left": f"{vacations.days_left(request.user, year):g}",
        "year": year,
    }
    return render(request, "clock/vacation.html", context, status=400 if form.errors else 200)


@login_required
@require_POST
def end_absence(request, pk):
    if vacations.end_absence(request.user, pk):
        messages.success(request, _("Your absence has ended."))
    return redirect("clock:vacation")
