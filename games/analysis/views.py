"""The replay page's "Analyse this game" button without script: the same service as the API's POST,
then back to the replay (the panel shows the progress)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from games.exceptions import GameError

from . import services


@login_required
@require_POST
def request_analysis(request, game_id):
    try:
        services.request_analysis(game_id, request.user)
    except GameError as exc:
        if exc.status == 404:
            raise Http404(exc.detail) from None
        messages.error(request, exc.detail)
    step = request.POST.get("step", "")
    query = f"?step={int(step)}" if step.isdigit() and len(step) < 10 else ""
    return HttpResponseRedirect(reverse("game-replay", args=[game_id]) + query + "#analysis")
