"""The VP-per-turn chart, drawn on the server as SVG (no script, no external service).

``chart(vp_by_turn, names, current_turn)`` returns the geometry a template turns into ``<svg>``: one
polyline per seat, a dot per turn with its number in a ``<title>``, axis ticks, and the same numbers as a
table for screen readers and for the tests.
"""

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 40, 16, 14, 34
# Distinguishable in colour and in grey; seats also differ by dash pattern.
SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")
SEAT_DASHES = ("", "6 3", "2 3", "8 3 2 3")


def _n(value):
    """A coordinate as SVG wants it: a plain string with a dot (a float in a template would be localised,
    e.g. "12,5" in German, which SVG does not read)."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _ticks(low, high, count):
    if high <= low:
        return [low]
    step = max(1, round((high - low) / count))
    return list(range(low, high + 1, step))


def chart(vp_by_turn, names, current_turn=None):
    """Geometry of the chart. ``vp_by_turn`` is ``[(turn, [vp by seat]), ...]`` in turn order."""
    seats = len(names)
    turns = [t for t, _ in vp_by_turn] or [0]
    first, last = min(turns), max(turns)
    highest = max([0] + [max(v) for _, v in vp_by_turn if v])
    top_vp = max(5, -(-highest // 5) * 5)  # the axis ends at the next multiple of 5
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM

    def x(turn):
        if last == first:
            return _n(LEFT + plot_w / 2)
        return _n(LEFT + (turn - first) * plot_w / (last - first))

    def y(vp):
        return _n(TOP + plot_h - vp * plot_h / top_vp)

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
                "points": points,
                "polyline": " ".join(f"{p['x']},{p['y']}" for p in points),
                "final": points[-1]["vp"] if points else 0,
            }
        )
    point_title = _("%(name)s, turn %(turn)s: %(vp)s VP")
    for line in series:
        # Hundreds of dots on a long game: drawn here, not in a template loop (escaped, numbers only).
        line["dots"] = mark_safe(
            "".join(
                f'<circle cx="{p["x"]}" cy="{p["y"]}" r="2.5" fill="{line["colour"]}" data-turn="{p["turn"]}" '
                f'data-vp="{p["vp"]}"><title>'
                f"{escape(point_title % {'name': line['name'], 'turn': p['turn'], 'vp': p['vp']})}</title></circle>"
                for p in line["points"]
            )
        )
    rows = mark_safe(
        "".join(
            f'<tr data-turn="{t}"><th scope="row">{t}</th>' + "".join(f"<td>{int(v)}</td>" for v in vps) + "</tr>"
            for t, vps in vp_by_turn
        )
    )
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "top": TOP,
        "bottom": HEIGHT - BOTTOM,
        "label_y": HEIGHT - 6,
        "series": series,
        "x_ticks": [{"turn": t, "x": x(t)} for t in _ticks(first, last, 10)],
        "y_ticks": [{"vp": v, "y": y(v)} for v in _ticks(0, top_vp, 5)],
        "current_x": x(current_turn) if current_turn is not None and first <= current_turn <= last else None,
        "rows": [{"turn": t, "vps": list(v)} for t, v in vp_by_turn],
        "rows_html": rows,
    }
