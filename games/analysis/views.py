"""The replay page's "Analyse this game" button without script: the same service as the API's POST,
then back to the replay (the panel shows the progress)."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.refusals import refusal_message

from . import services


@login_required
@require_POST
def request_analysis(request, game_id):
    with refusal_message(request, not_found=_("No such game.")):
        services.request_analysis(game_id, request.user)
    step = request.POST.get("step", "")
    query = f"?step={int(step)}" if step.isdigit() and len(step) < 10 else ""
    return HttpResponseRedirect(reverse("game-replay", args=[game_id]) + query + "#analysis")
