"""Ratings in other features' templates, each with one small tag:

- ``{% seat_ratings rows_or_games as badges %}`` then ``{% rating_badge badges game_id name %}``: the rating
  next to a seat's name (one query for the whole list);
- ``{% rating_outlooks rows_or_games as outlooks %}`` then ``{% rating_label outlooks game_id %}``: what a game in
  a list is or will be judged ("Rated", "Unrated: bot without a rating", …);
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
from .. import outlook, selectors
from ..models import GameResult

register = template.Library()
Verdict = GameResult.Verdict


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
    """The rating (μ − 3σ) after a seat's name; its meaning and details in its title."""
    badge = (badges or {}).get((game_id, name))
    return _badge_html(badge) if badge is not None else ""


@register.simple_tag
def rating_outlooks(value):
    """{game id: Outlook} for a list of games (or rows holding one), for ``rating_label``: two queries."""
    return outlook.outlooks(_games(value))


@register.simple_tag
def rating_label(outlooks, game_id):
    """What a game in a list is or will be judged ("Rated", "Unrated: …"), not only what its creator asked;
    the reason in full in its title."""
    found = (outlooks or {}).get(game_id)
    if found is None:
        return ""
    short, reason = _label(found)
    return format_html('<span class="rated-label" data-verdict="{}" title="{}">{}</span>', found.verdict, reason, short)


def _label(found):
    """(short label, the reason in a sentence) of an Outlook."""
    if found.counts:
        if found.share is not None:
            share = {"share": found.share}
            return _("Rated, counts %(share)s%%") % share, _(
                "Rated, at %(share)s%% of the rating change: a repeated game among the same players"
            ) % share
        if found.final:
            return _("Rated"), _("The result counted for the players' ratings.")
        return _("Rated"), _("The result will count for the players' ratings.")
    if found.verdict == Verdict.BOTS:
        return _("Unrated: bot without a rating"), _(
            "Unrated: a bot without a calibration rating plays, so the result cannot count for ratings."
        )
    if found.verdict == Verdict.REPEATED:
        return _("Unrated: repeated line-up"), _("Unrated: too many recent rated games among the same players.")
    if found.verdict == Verdict.ANNULLED:
        return _("Annulled"), Verdict.ANNULLED.label
    return _("Unrated"), _("Unrated: the creator chose an unrated game.")


@register.simple_tag(takes_context=True)
def player_rating(context, player):
    """A person's rating where no game says which pool (friends, invitations, live games): the pool of most
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
    return _badge_html(badge, pool=badge.pool.label) if badge is not None else ""


def _badge_html(badge, pool=None):
    """One number, the rating μ − 3σ; what it means, μ, σ and the count of rated games in its title (and
    on the leaderboard page, which explains it in full). Provisional ratings say so in the title and to
    screen readers, not with a "?"."""
    value = number_format(badge.ordinal, 1)
    figures = {
        "rating": value,
        "mu": number_format(badge.mu, 1),
        "sigma": number_format(badge.sigma, 1),
        "games": badge.rated_games,
        "needed": settings.RATINGS_PROVISIONAL_GAMES,
    }
    if badge.bot:
        title = _("Estimated skill (μ − 3σ) %(rating)s: this bot's fixed calibration rating, μ %(mu)s, σ %(sigma)s")
    elif badge.provisional:
        title = _(
            "Estimated skill (μ − 3σ) %(rating)s: μ %(mu)s, σ %(sigma)s; provisional, %(games)s of %(needed)s "
            "rated games"
        )
    else:
        title = _("Estimated skill (μ − 3σ) %(rating)s: μ %(mu)s, σ %(sigma)s, after %(games)s rated games")
    title = title % figures
    if pool is not None:
        title = _("%(mode)s: %(details)s") % {"mode": pool, "details": title}
    return format_html(
        '<small class="rating{}"><span class="visually-hidden">{} </span><abbr title="{}">{}</abbr>{}</small>',
        " provisional" if badge.provisional else "",
        _("rating"),
        title,
        value,
        format_html('<span class="visually-hidden">, {}</span>', _("provisional")) if badge.provisional else "",
    )


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
    ahead = outlook.outlooks([game])[game.pk] if game.status != Game.Status.FINISHED else None
    return {
        "game": game,
        "outlook": ahead,
        "outlook_label": _label(ahead) if ahead is not None else None,
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
