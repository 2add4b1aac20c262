"""The rating model: OpenSkill's Weng–Lin Plackett–Luce model with the package's defaults (μ 25, σ 25/3,
β 25/6, τ 25/300), over the full placing order of a game; equal places are shared.

This module is the only one that talks to ``openskill``; what it returns is stored as it is, so that
recomputing a rating gives the very same floats.
"""

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
CONSERVATIVE_Z = 3.0  # the conservative estimate μ − 3σ


def initial():
    """(μ, σ) of a player without a rated game."""
    return MODEL.mu, MODEL.sigma


def rate(ratings, places):
    """``ratings``: (μ, σ) of each participant; ``places``: their places (1 = first, equal = shared).
    Returns each participant's (μ, σ) after the game, as OpenSkill computes them."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
    new = MODEL.rate(teams, ranks=list(places))
    return [(team[0].mu, team[0].sigma) for team in new]


def weighted(before, after, weight):
    """Apply the share ``weight`` (0 < weight ≤ 1) of a rating change; a game that counts in full keeps
    OpenSkill's numbers exactly."""
    if weight == 1:
        return after
    (mu0, sigma0), (mu1, sigma1) = before, after
    return mu0 + weight * (mu1 - mu0), sigma0 + weight * (sigma1 - sigma0)


def ordinal(mu, sigma):
    """The conservative estimate μ − 3σ (OpenSkill's ``ordinal``), which leaderboards rank by."""
    return MODEL.rating(mu=mu, sigma=sigma).ordinal(z=CONSERVATIVE_Z)
