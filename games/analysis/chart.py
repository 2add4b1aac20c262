"""The win-chance chart of an analysis, drawn on the server as SVG (games/charts.py's plot).

One line per seat through the win chance after each of its judged decisions (x: the log step, y: 0–100%),
told apart without colour by dash pattern; each marked decision (inaccuracy, mistake, blunder) is a
shape of its own with a ``<title>`` naming it, and the replay's current step is a vertical line.
"""

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from ..charts import Plot

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 40, 80, 12, 30
SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")
SEAT_DASHES = ("", "6 3", "2 3", "8 3 2 3")
# A marked decision's shape and size: the worse the decision, the bigger and the more angular.
MARK_SHAPES = {"inaccuracy": ("circle", 3), "mistake": ("square", 4), "blunder": ("diamond", 6)}


def _mark(kind, x, y, colour, title):
    shape, r = MARK_SHAPES[kind]
    x, y = float(x), float(y)
    t = f"<title>{escape(title)}</title>"
    if shape == "circle":
        return f'<circle class="mark mark-{kind}" cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{colour}">{t}</circle>'
    if shape == "square":
        return (f'<rect class="mark mark-{kind}" x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}" '
                f'fill="{colour}">{t}</rect>')
    points = f"{x:.1f},{y - r:.1f} {x + r:.1f},{y:.1f} {x:.1f},{y + r:.1f} {x - r:.1f},{y:.1f}"
    return f'<polygon class="mark mark-{kind}" points="{points}" fill="{colour}" stroke="#000">{t}</polygon>'


def chart(records, names, steps, current_step=None, mark_names=None):
    """Geometry of the chart for ``records`` (the analysis's decisions) of a log of ``steps`` entries."""
    plot = Plot(WIDTH, HEIGHT, (LEFT, RIGHT, TOP, BOTTOM), 0, max(steps, 1), 0, 100)
    x, y = plot.x, plot.y
    mark_names = mark_names or {}
    series = []
    for seat, name in enumerate(names):
        points = [(r["seq"], 100 * r["after"]) for r in records if r["seat"] == seat and r.get("after") is not None]
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        marks = []
        for r in records:
            if r["seat"] == seat and r.get("mark") in MARK_SHAPES:
                title = _("%(name)s, step %(step)s: %(mark)s, %(before)s%% → %(after)s%%") % {
                    "name": name, "step": r["seq"], "mark": mark_names.get(r["mark"], r["mark"]),
                    "before": round(100 * r["before"]), "after": round(100 * r["after"]),
                }
                marks.append(_mark(r["mark"], x(r["seq"]), y(100 * r["after"]), colour, title))
        last = points[-1] if points else None
        series.append({
            "seat": seat,
            "name": name,
            "colour": colour,
            "dash": SEAT_DASHES[seat % len(SEAT_DASHES)],
            "polyline": " ".join(f"{x(s)},{y(v)}" for s, v in points),
            "marks": mark_safe("".join(marks)),
            "label_x": x(last[0]) if last else None,
            "label_y": y(last[1]) if last else None,
            "final": round(last[1]) if last else None,
        })
    tick = max(10, int(round(steps / 8, -1)))  # about eight ticks, at multiples of 10
    step_ticks = sorted({*range(0, steps + 1, tick), steps})
    return {
        **plot.frame(),
        "series": series,
        "x_ticks": [{"step": s, "x": x(s)} for s in step_ticks if s <= steps],
        "y_ticks": [{"value": v, "y": y(v)} for v in (0, 25, 50, 75, 100)],
        "current_x": x(current_step) if current_step is not None and 0 <= current_step <= steps else None,
    }
