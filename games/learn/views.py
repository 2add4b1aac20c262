"""The guided first game's pages: thin views over games.learn.services (changes) and selectors (reads)."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import jsonsafe
from games import selectors as game_selectors
from games.exceptions import NotFound
from guildhall_site.decorators import login_required

from . import selectors, services

# A tried decision is a small JSON object; anything longer is not one.
MAX_TRIED = 500


@require_http_methods(["GET", "POST"])
def learn(request):
    """GET: what the lesson is, with a button to start or resume it. POST: start (or resume) the player's
    lesson and go to its table."""
    lessons = [
        {"slug": p.slug, "title": p.title(), "intro_template": p.lesson.intro_template, "guide_url": p.guide_url()}
        for p in services.games_with_a_lesson()
    ]
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{_login_url()}?next={request.path}")
        slug = request.POST.get("game")
        chosen = slug if any(lesson["slug"] == slug for lesson in lessons) else None
        game, _new = services.start_or_resume(request.user, chosen)
        return redirect("games:game", pk=game.pk)
    context = {"current": None, "finished": [], "lessons": lessons}
    if request.user.is_authenticated:
        lessons = list(selectors.lessons_of(request.user)[:6])
        context["current"] = next((g for g in lessons if g.status == "active"), None)
        context["finished"] = [g for g in lessons if g.status == "finished"][:5]
    return render(request, "learn/index.html", context)


def _login_url():
    from django.conf import settings
    from django.shortcuts import resolve_url

    return resolve_url(settings.LOGIN_URL)


@login_required
@require_GET
def coach(request, pk):
    """The coach's panel of a lesson, for htmx (or any page) to fetch. ``?tried=<decision JSON>``: explain
    why that decision is refused now. Someone who does not play the lesson gets a 404, as for a game that
    does not exist."""
    try:
        game = game_selectors.get_game(pk)
    except NotFound:
        raise Http404(_("No such lesson.")) from None
    tried = None
    raw = request.GET.get("tried")
    if raw:
        try:
            tried = jsonsafe.loads(raw[:MAX_TRIED])
        except (TypeError, ValueError):
            tried = raw  # not a decision at all: the coach says so
    panel = selectors.coach_for(game, request.user, tried=tried)
    if panel is None:
        raise Http404(_("No such lesson."))
    return render(request, "learn/_coach.html", {"coach": panel})


@login_required
@require_POST
def dismiss(request):
    """"Not now" on the offer of the lesson: it leaves the home page; the lesson stays under How to play."""
    services.dismiss_offer(request.user)
    messages.info(request, _("The guided game stays under How to play whenever you want it."))
    target = request.POST.get("next", "")
    # Only a path of this site: anything else (an outside address, a word redirect() would take for a
    # view's name) goes home.
    if not target.startswith("/") or not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = "home"
    return redirect(target)
