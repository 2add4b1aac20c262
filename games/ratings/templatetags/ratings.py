"""Ratings in other features' templates, each with one small tag:

- ``{% seat_ratings rows_or_games as badges %}`` then ``{% rating_badge badges game_id name %}``: the rating
  next to a seat's name (one query for the whole list);
- ``{% game_rating game %}``: whether a game is rated, and, once it is over, each person's rating change;
- ``{% player_ratings user %}``: a profile's ratings, reliability and rating-history charts;
- ``{% player_rating user %}``: a person's rating where no game gives the mode (``watch/_rating.html``).
"""

from django import template
from django.conf import settings
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.translation import gettext as _

from games.models import Game

from .. import chart as rating_chart
from .. import selectors

register = template.Library()


def _games(value):
    """A Game, or a list of Games or of rows holding one under "game"."""
    if isinstance(value, Game):
        return [value]
    games = []
    for item in value or []:
        game = item.get("game") if isinstance(item, dict) else item
        if isinstance(game, Game):
            games.append(game)
    return games


@register.simple_tag
def seat_ratings(value):
    return selectors.seat_ratings(_games(value))


@register.simple_tag
def rating_badge(badges, game_id, name):
    """The rating (μ − 3σ) after a seat's name, "?" while provisional; the details in its title."""
    badge = (badges or {}).get((game_id, name))
    return _badge_html(badge) if badge is not None else ""


@register.simple_tag(takes_context=True)
def player_rating(context, player):
    """A person's rating where no game says which mode (friends, invitations, live games): the mode of most
    of their rated games. One query per person and page (remembered on the request)."""
    if player is None or getattr(player, "pk", None) is None:
        return ""
    request = context.get("request")
    memo = getattr(request, "_player_ratings", None)
    if memo is None:
        memo = {}
        if request is not None:
            request._player_ratings = memo
    if player.pk not in memo:
        memo[player.pk] = selectors.main_badge(player.pk)
    badge = memo[player.pk]
    return _badge_html(badge, mode=Game.Mode(badge.mode).label) if badge is not None else ""


def _badge_html(badge, mode=None):
    value = number_format(badge.ordinal, 1)
    if badge.bot:
        title = _("Calibration rating of this bot: %(rating)s (μ %(mu)s, σ %(sigma)s)")
    elif badge.provisional:
        title = _("Rating %(rating)s (μ %(mu)s, σ %(sigma)s), provisional: %(games)s of %(needed)s rated games")
    else:
        title = _("Rating %(rating)s (μ %(mu)s, σ %(sigma)s) after %(games)s rated games")
    title = title % {
        "rating": value,
        "mu": number_format(badge.mu, 1),
        "sigma": number_format(badge.sigma, 1),
        "games": badge.rated_games,
        "needed": settings.RATINGS_PROVISIONAL_GAMES,
    }
    if mode is not None:
        title = _("%(mode)s: %(details)s") % {"mode": mode, "details": title}
    if badge.provisional:
        return format_html(
            '<small class="rating provisional" title="{}">({}<span aria-hidden="true">?</span>'
            '<span class="visually-hidden">, {}</span>)</small>',
            title,
            value,
            _("provisional"),
        )
    return format_html('<small class="rating" title="{}">({})</small>', title, value)


@register.inclusion_tag("ratings/_game.html")
def game_rating(game):
    """Rated or not; once the game is over, the verdict and each person's rating before and after."""
    results = selectors.game_results(game) if game.status == Game.Status.FINISHED else {}
    results = sorted(results.values(), key=lambda r: (r.place, r.position))
    first = results[0] if results else None
    rows = []
    for r in results:
        if r.mu is None:
            continue
        before = r.mu_before - 3 * r.sigma_before
        change = r.ordinal - before
        rows.append(
            {
                "name": r.user.username,
                "before": number_format(before, 1),
                "after": number_format(r.ordinal, 1),
                "change": ("+" if change >= 0 else "−") + number_format(abs(change), 1),
            }
        )
    return {
        "game": game,
        "recorded": first is not None,
        "verdict": first.get_verdict_display() if first else None,
        "share": round(first.weight * 100) if first and 0 < first.weight < 1 else None,
        "rows": rows,
    }


@register.inclusion_tag("ratings/_profile.html")
def player_ratings(user):
    data = selectors.player_ratings(user)
    for mode in data["modes"]:
        mode["chart"] = rating_chart.chart(mode["history"], mode["first_number"]) if mode["history"] else None
    data["provisional_games"] = settings.RATINGS_PROVISIONAL_GAMES
    return data
