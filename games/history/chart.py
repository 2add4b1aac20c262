"""The VP-per-turn chart, drawn on the server as SVG (no script, no external service).

``chart(vp_by_turn, names, current_turn)`` returns the geometry a template turns into ``<svg>``: one
polyline per seat, a mark per turn with its number in a ``<title>``, axis ticks, and the same numbers as a
table for screen readers and for the tests. The lines are told apart without colour: each seat has its
own dash pattern and mark shape (circle, square, triangle, diamond), shown in the legend, and its name
at the end of its line.
"""

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from ..charts import Plot, axis_range, ticks
from ..charts import svg_number as _n  # short: the marks below write many coordinates

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 40, 80, 14, 34  # room on the right for each line's name
# Distinguishable in colour and in grey; seats also differ by dash pattern and by the shape of their marks.
SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")
SEAT_DASHES = ("", "6 3", "2 3", "8 3 2 3")
SEAT_SHAPES = ("circle", "square", "triangle", "diamond")


def mark(shape, x, y, colour, attrs=""):
    """One point's mark, centred on (x, y): an SVG element string (numbers and fixed words only)."""
    x, y = float(x), float(y)
    if shape == "circle":
        return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="3" fill="{colour}" {attrs}>', "</circle>"
    if shape == "square":
        return f'<rect x="{_n(x - 3)}" y="{_n(y - 3)}" width="6" height="6" fill="{colour}" {attrs}>', "</rect>"
    if shape == "triangle":
        points = f"{_n(x)},{_n(y - 4)} {_n(x + 4)},{_n(y + 3)} {_n(x - 4)},{_n(y + 3)}"
    else:  # diamond
        points = f"{_n(x)},{_n(y - 4)} {_n(x + 4)},{_n(y)} {_n(x)},{_n(y + 4)} {_n(x - 4)},{_n(y)}"
    return f'<polygon points="{points}" fill="{colour}" {attrs}>', "</polygon>"


# The names at the lines' ends are 11 px high: a line's height apart, none is printed over another.
LABEL_GAP = 13


def spread(wanted, gap, low, high):
    """Heights for labels wanted at ``wanted`` (ascending), each at least ``gap`` below the one before and,
    as far as ``high - low`` holds them all, none outside ``low``..``high``: pushed down where they crowd,
    then up from ``high`` where that ran past it."""
    placed = []
    for y in wanted:
        placed.append(max(y, low, placed[-1] + gap) if placed else max(y, low))
    if placed and placed[-1] > high:
        placed[-1] = high
        for i in range(len(placed) - 2, -1, -1):
            placed[i] = min(placed[i], placed[i + 1] - gap)
    return placed


def _ticks(low, high, count):
    """About ``count`` ticks from ``low`` to ``high``, a whole number of turns or VP apart."""
    return ticks(low, high, max(1, round((high - low) / count)))


def chart(vp_by_turn, names, current_turn=None):
    """Geometry of the chart. ``vp_by_turn`` is ``[(turn, [vp by seat]), ...]`` in turn order."""
    seats = len(names)
    turns = [t for t, _ in vp_by_turn] or [0]
    first, last = min(turns), max(turns)
    # The VP axis starts at 0 and ends at the next multiple of 5.
    low, top_vp = axis_range([0] + [max(v) for _, v in vp_by_turn if v])
    plot = Plot(WIDTH, HEIGHT, (LEFT, RIGHT, TOP, BOTTOM), first, last, low, top_vp)
    x, y = plot.x, plot.y

    series = []
    for seat in range(seats):
        points = [
            {"turn": t, "vp": v[seat], "x": x(t), "y": y(v[seat])} for t, v in vp_by_turn if seat < len(v)
        ]
        series.append(
            {
                "seat": seat,
                "name": names[seat],
                "colour": SEAT_COLOURS[seat % len(SEAT_COLOURS)],
                "dash": SEAT_DASHES[seat % len(SEAT_DASHES)],
                "shape": SEAT_SHAPES[seat % len(SEAT_SHAPES)],
                "points": points,
                "polyline": " ".join(f"{p['x']},{p['y']}" for p in points),
                "final": points[-1]["vp"] if points else 0,
            }
        )
    point_title = _("%(name)s, turn %(turn)s: %(vp)s VP")
    for line in series:
        # Hundreds of marks on a long game: drawn here, not in a template loop (escaped, numbers only).
        marks = []
        for p in line["points"]:
            start, end = mark(line["shape"], p["x"], p["y"], line["colour"],
                              f'class="point" data-turn="{p["turn"]}" data-vp="{p["vp"]}"')
            title = escape(point_title % {"name": line["name"], "turn": p["turn"], "vp": p["vp"]})
            marks.append(f"{start}<title>{title}</title>{end}")
        line["dots"] = mark_safe("".join(marks))
        start, end = mark(line["shape"], 9, 6, line["colour"])
        line["legend_mark"] = mark_safe(start + end)  # in the legend's own 18 × 12 picture
        end = line["points"][-1] if line["points"] else None
        line["label_x"] = _n(float(end["x"]) + 8) if end else None
        line["label_y"] = float(end["y"]) if end else None
    # The names at the lines' ends, spread out so that equal scores do not print one name over another,
    # and kept beside the plot area: pushed down past the bottom they once ran into the turn numbers and
    # off the picture (every seat at 0 VP).
    placed = sorted((line for line in series if line["label_y"] is not None), key=lambda line: line["label_y"])
    for line, height in zip(placed, spread([line["label_y"] for line in placed], LABEL_GAP, TOP, HEIGHT - BOTTOM),
                       strict=True):
        line["label_y"] = _n(height)
    rows = mark_safe(
        "".join(
            f'<tr data-turn="{t}"><th scope="row">{t}</th>' + "".join(f"<td>{int(v)}</td>" for v in vps) + "</tr>"
            for t, vps in vp_by_turn
        )
    )
    return {
        **plot.frame(),
        "series": series,
        "x_ticks": [{"turn": t, "x": x(t)} for t in _ticks(first, last, 10)],
        "y_ticks": [{"vp": v, "y": y(v)} for v in _ticks(low, top_vp, 5)],
        "current_x": x(current_turn) if current_turn is not None and first <= current_turn <= last else None,
        "rows": [{"turn": t, "vps": list(v)} for t, v in vp_by_turn],
        "rows_html": rows,
    }
