"""What the charts drawn on the server as SVG share (the replay's VP chart, a player's rating history):
the plot area inside the picture's margins, the value axis rounded out to whole steps, the ticks along an
axis, the scales that put a value on the page, and coordinates written the way SVG reads them.

Each chart keeps its own data, tick spacing, marks and colours; neither imports the other.
"""

import math


def svg_number(value):
    """A coordinate as SVG wants it: a plain string with a dot (a float in a template would be localised,
    e.g. "12,5" in German, which SVG does not read)."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def axis_range(values, step=5):
    """The value axis for ``values``: from the multiple of ``step`` at or below the lowest to the one at or
    above the highest, at least one step long."""
    low = math.floor(min(values) / step) * step
    high = max(low + step, math.ceil(max(values) / step) * step)
    return low, high


def ticks(low, high, step):
    """The ticks of an axis from ``low`` to ``high`` (whole numbers), every ``step``: ``low`` first, none
    past ``high``."""
    return list(range(low, high + 1, step))


class Plot:
    """A ``width`` × ``height`` picture whose plot area lies inside the margins ``left``, ``right``, ``top``,
    ``bottom``: ``x`` spreads ``first``..``last`` across it (a single value in the middle), ``y`` puts
    ``low``..``high`` from its bottom up to its top. Both return SVG numbers (``svg_number``)."""

    def __init__(self, width, height, margins, first, last, low, high):
        self.width, self.height = width, height
        self.left, right, self.top, bottom = margins
        self.right = width - right  # the plot area's edges, as the templates draw the axes
        self.bottom = height - bottom
        self.plot_w = width - self.left - right
        self.plot_h = height - self.top - bottom
        self.first, self.last = first, last
        self.low, self.high = low, high

    def x(self, value):
        first, last = self.first, self.last
        if last == first:
            return svg_number(self.left + self.plot_w / 2)
        return svg_number(self.left + (value - first) * self.plot_w / (last - first))

    def y(self, value):
        plot_h = self.plot_h
        return svg_number(self.top + plot_h - (value - self.low) * plot_h / (self.high - self.low))

    def frame(self):
        """The picture's size, the plot area's edges and the baseline of the axis label, for the template."""
        return {
            "width": self.width,
            "height": self.height,
            "left": self.left,
            "right": self.right,
            "top": self.top,
            "bottom": self.bottom,
            "label_y": self.height - 6,
        }
