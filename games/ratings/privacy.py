"""Personal data of ratings (accounts.personal_data): a player's ratings and the history of their results.

Both stay on erasure, naming the anonymised account: the others' ratings were computed with these results,
and ``manage.py rebuild_ratings`` must find every stored value again from the finished games in order.
"""

from accounts.personal_data import KEEP, UserField

from .models import GameResult, PlayerRating

_DERIVED = "the others' ratings were computed with them and rebuild_ratings recomputes them all"

USER_FIELDS = {
    "ratings.PlayerRating.user": UserField(export="ratings", erase=KEEP, why_kept=_DERIVED),
    "ratings.GameResult.user": UserField(export="results", erase=KEEP, why_kept=_DERIVED),
}


def export(user):
    return {
        "ratings": [
            {"id": r.pk, "game": r.game, "mode": r.mode, "mu": r.mu, "sigma": r.sigma, "rating": r.ordinal,
             "rated_games": r.rated_games, "last_rated_at": r.last_rated_at}
            for r in PlayerRating.objects.filter(user=user).order_by("pk")
        ],
        "results": [
            {"id": r.pk, "game_id": r.game_id, "game": r.game.game, "mode": r.mode, "finished_at": r.finished_at,
             "seat": r.position, "place": r.place, "left": r.left, "people": r.people, "verdict": r.verdict,
             "weight": r.weight, "mu_before": r.mu_before, "sigma_before": r.sigma_before, "mu_after": r.mu,
             "sigma_after": r.sigma}
            for r in GameResult.objects.filter(user=user).select_related("game").order_by("finished_at", "game_id")
        ],
    }


def erase(user):
    """Nothing to delete (see above)."""
