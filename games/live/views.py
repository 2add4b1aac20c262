"""The header's "My games" link with its badge, fetched again when the socket says your games changed."""

from django.shortcuts import render
from django.views.decorators.http import require_GET

from guildhall_site.decorators import login_required


@login_required
@require_GET
def nav(request):
    return render(request, "live/_nav.html")
