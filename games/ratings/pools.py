"""Rating pools: who is rated against whom. A pool is a game and the variant of its rules rated apart: a
rating in one game says nothing about another, and within a game an option that changes the rules (one with
a list of choices: Guildhall's printed or Yucata rules) keeps its ratings apart, unless the game's option
says ``"rated_apart": False``. An option without a list of choices (a free value) does not.
"""

import itertools
from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

import engine
from games.models import DEFAULT_GAME
from games.presentation import for_game
from games.rules import options_of, rules_of


@dataclass(frozen=True)
class Pool:
    game: str  # a slug of engine.GAMES
    variant: str  # the values of its options rated apart, joined by "/"; empty for a game rated as one

    @property
    def options(self):
        """The options that make this pool's variant (by name)."""
        values = self.variant.split("/") if self.variant else []
        return dict(zip(rated_apart(rules_of(self.game)), values, strict=False))

    @property
    def label(self):
        """The pool in words: the game's title, and its variant in its presentation's words ("Guildhall
        (Yucata rules)") where the game has several."""
        presentation = for_game(self.game)
        title = presentation.title()
        if not self.variant:
            return title
        words = presentation.options_words(self.options) or self.variant
        return _("%(game)s (%(variant)s)") % {"game": title, "variant": words}

    @property
    def key(self):
        """The pool as one word for HTML ids and cache keys: "guildhall-printed"."""
        return "-".join([self.game, *self.variant.split("/")]) if self.variant else self.game

    def url(self):
        """Its leaderboard's address."""
        if self.variant:
            return reverse("ratings:leaderboard", args=[self.game, self.variant])
        return reverse("ratings:game-leaderboard", args=[self.game])


def rated_apart(rules):
    """The names of the options of the game ``rules`` whose values keep ratings apart."""
    return [
        name for name, spec in rules.OPTIONS.items() if spec.get("choices") and spec.get("rated_apart", True)
    ]


def variant_of(game):
    """The variant ``game`` (a Game) is rated in: ``Pool.variant``."""
    rules = rules_of(game)
    options = rules.validate_options(options_of(game))
    return "/".join(str(options[name]) for name in rated_apart(rules))


def pool_of(game):
    return Pool(game.game, variant_of(game))


def pools():
    """Every pool of every game the site plays: the default game's first, the default variant of each game
    before its others."""
    found = []
    for slug in sorted(engine.GAMES, key=lambda slug: slug != DEFAULT_GAME):
        rules = engine.GAMES[slug]
        names = rated_apart(rules)
        choices = []
        for name in names:
            spec = rules.OPTIONS[name]
            default = spec.get("default")
            choices.append(sorted(spec["choices"], key=lambda value, d=default: (value != d, str(value))))
        found += [Pool(slug, "/".join(str(v) for v in values)) for values in itertools.product(*choices)]
    return found


def find(game, variant):
    """The pool of ``game`` (a slug) and ``variant``, or None when the site has no such pool."""
    return next((p for p in pools() if p.game == game and p.variant == variant), None)


def first_of(game):
    """The first pool of ``game`` (a slug; its default variant), or None for a game the site does not play."""
    return next((p for p in pools() if p.game == game), None)
