"""The page of live games to watch. Each links to the game's table, which shows a spectator the
spectator's view (the rules' view for no seat: no hand, no deck, nothing hidden)."""

from django.core.paginator import Paginator
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games import selectors as game_selectors
from guildhall_site.decorators import login_required

from .selectors import WHO, live_games

PAGE_SIZE = 30


@login_required
@require_GET
def live(request):
    who = request.GET.get("who", "all")
    if who not in WHO:
        who = "all"
    page = Paginator(live_games(request.user, who), PAGE_SIZE).get_page(request.GET.get("page"))
    rows = []
    for game in page.object_list:
        summary = game_selectors.summary(game, request.user)
        users = {s.position: s.user for s in game.seats.all()}
        for player in summary["players"]:
            player["user"] = users.get(player["seat"])
        rows.append({"game": game, "summary": summary, "mine": summary["your_seat"] is not None})
    return render(request, "watch/live.html", {"page": page, "rows": rows, "who": who})
