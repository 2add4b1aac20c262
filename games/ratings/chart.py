"""A player's rating history, drawn on the server as SVG (like the replay's VP chart: no script).

``chart(history, first_number)`` returns the geometry that ``templates/ratings/_chart.html`` turns into
``<svg>``: the mean μ and the conservative estimate μ − 3σ after each rated game, a dot per game with its
numbers in a ``<title>``, axis ticks, and the same numbers as a table (for screen readers and the tests).
"""

import math

from django.utils.formats import number_format
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from guildhall_site import dates

from ..charts import Plot, axis_range, ticks

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 44, 16, 14, 34
MU_COLOUR, ORDINAL_COLOUR = "#1f77b4", "#d62728"
ORDINAL_DASH = "6 3"


def _number(value):
    return number_format(value, 1)


def chart(history, first_number=1):
    """Geometry of the chart. ``history``: the rated results oldest first, each a dict with ``game_id``,
    ``finished_at``, ``mu``, ``sigma``; ``first_number``: the player's count of the first of them."""
    points = []
    for index, row in enumerate(history):
        ordinal = row["mu"] - 3 * row["sigma"]
        points.append({**row, "number": first_number + index, "ordinal": ordinal})
    values = [p["mu"] for p in points] + [p["ordinal"] for p in points] or [0.0]
    low, high = axis_range(values)
    numbers = [p["number"] for p in points] or [first_number]
    first, last = min(numbers), max(numbers)
    plot = Plot(WIDTH, HEIGHT, (LEFT, RIGHT, TOP, BOTTOM), first, last, low, high)
    x, y = plot.x, plot.y

    for p in points:
        p["x"], p["y_mu"], p["y_ordinal"] = x(p["number"]), y(p["mu"]), y(p["ordinal"])
    title = _("Rated game %(number)s (game %(game)s, %(date)s): rating %(rating)s, μ %(mu)s, σ %(sigma)s")

    def describe(p):
        return escape(
            title
            % {
                "number": p["number"],
                "game": p["game_id"],
                "date": dates.words(p["finished_at"], "date"),
                "rating": _number(p["ordinal"]),
                "mu": _number(p["mu"]),
                "sigma": _number(p["sigma"]),
            }
        )

    # Up to a hundred dots per line: drawn here rather than in a template loop (escaped; numbers only).
    dots = mark_safe(
        "".join(
            f'<circle cx="{p["x"]}" cy="{p["y_ordinal"]}" r="3" fill="{ORDINAL_COLOUR}" data-game="{p["game_id"]}">'
            f"<title>{describe(p)}</title></circle>"
            for p in points
        )
    )
    step = max(5, math.ceil((high - low) / 6 / 5) * 5)
    x_step = max(1, math.ceil((last - first) / 10))
    return {
        **plot.frame(),
        "mu_colour": MU_COLOUR,
        "ordinal_colour": ORDINAL_COLOUR,
        "ordinal_dash": ORDINAL_DASH,
        "mu_line": " ".join(f"{p['x']},{p['y_mu']}" for p in points),
        "ordinal_line": " ".join(f"{p['x']},{p['y_ordinal']}" for p in points),
        "dots": dots,
        "y_ticks": [{"value": v, "y": y(v)} for v in ticks(low, high, step)],
        "x_ticks": [{"number": n, "x": x(n)} for n in ticks(first, last, x_step)],
        "rows": [
            {
                "number": p["number"],
                "game_id": p["game_id"],
                "finished_at": p["finished_at"],
                "place": p.get("place"),
                "weight": p.get("weight"),
                "ordinal": p["ordinal"],
                "mu": p["mu"],
                "sigma": p["sigma"],
            }
            for p in points
        ],
    }
