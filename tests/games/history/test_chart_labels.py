"""The VP chart's names at the lines' ends: never one over another, never off the plot's side of the
picture (where they ran into the turn numbers, or out of the picture, when every seat ended at 0 VP)."""

import pytest

from games.history import chart

NAMES = ["ann", "ben", "cy", "dora"]


@pytest.mark.parametrize(
    "finals",
    [
        [0, 0, 0, 0],  # every seat at the bottom
        [25, 25, 25, 25],  # every seat at the top
        [20, 21, 1, 0],
        [0, 1, 0, 1],
        [12, 12, 0, 3],
    ],
)
def test_the_line_names_are_apart_and_inside_the_plot(finals):
    turns = [(t, [min(v, t) for v in finals]) for t in range(0, 41)]
    drawn = chart.chart(turns, NAMES[: len(finals)])
    heights = sorted(float(line["label_y"]) for line in drawn["series"])
    assert all(b - a >= chart.LABEL_GAP for a, b in zip(heights, heights[1:], strict=False)), heights
    # Beside the plot area, between its top and its bottom (the axis), not among the turn numbers below.
    assert drawn["top"] <= heights[0] and heights[-1] <= drawn["bottom"], heights
    for line in drawn["series"]:
        assert float(line["label_x"]) > drawn["right"]


def test_a_name_stays_by_its_line_when_there_is_room():
    turns = [(t, [t, t // 2]) for t in range(0, 21)]
    drawn = chart.chart(turns, ["ann", "ben"])
    for line in drawn["series"]:
        end = line["points"][-1]
        assert float(line["label_y"]) == float(end["y"])


def test_spread_keeps_the_gap_and_the_bounds():
    assert chart.spread([226, 226, 226, 226], 13, 14, 226) == [187, 200, 213, 226]
    assert chart.spread([20, 20, 100], 13, 14, 226) == [20, 33, 100]
    assert chart.spread([0, 5], 13, 14, 226) == [14, 27]
    assert chart.spread([], 13, 14, 226) == []
