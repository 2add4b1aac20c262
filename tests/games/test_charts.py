"""The axis helpers both server-drawn charts use (games.charts): the replay's VP chart and a player's rating
history draw their ticks, value range and coordinates with the same functions."""

import datetime

from games import charts
from games.history import chart as vp_chart
from games.ratings import chart as rating_chart


def test_ticks_start_at_the_low_end_and_never_pass_the_high_end():
    assert charts.ticks(0, 25, 10) == [0, 10, 20]
    assert charts.ticks(-5, 30, 5) == [-5, 0, 5, 10, 15, 20, 25, 30]
    assert charts.ticks(7, 7, 1) == [7]


def test_the_value_axis_is_rounded_out_to_whole_steps():
    assert charts.axis_range([3, 12]) == (0, 15)
    assert charts.axis_range([10, 10]) == (10, 15)  # at least one step long
    assert charts.axis_range([-2.5, 27.1]) == (-5, 30)


def test_both_charts_put_their_ticks_on_the_shared_scale():
    vp = vp_chart.chart([(1, [0, 2]), (2, [3, 5]), (3, [8, 13])], ["Ann", "Bo"])
    assert [t["vp"] for t in vp["y_ticks"]] == [0, 3, 6, 9, 12, 15]
    assert [t["turn"] for t in vp["x_ticks"]] == [1, 2, 3]
    assert vp["y_ticks"][0]["y"] == str(vp["bottom"]) and vp["y_ticks"][-1]["y"] == str(vp["top"])

    day = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    # Ratings (mu - 3 sigma) 5, 9, 13 under means 26, 27, 28: the axis runs from 5 to 30.
    history = [{"game_id": n, "finished_at": day, "mu": 25.0 + n, "sigma": 8.0 - n} for n in range(1, 4)]
    rating = rating_chart.chart(history)
    assert [t["value"] for t in rating["y_ticks"]] == [5, 10, 15, 20, 25, 30]
    assert rating["y_ticks"][0]["y"] == str(rating["bottom"]) and rating["y_ticks"][-1]["y"] == str(rating["top"])
    assert [t["number"] for t in rating["x_ticks"]] == [1, 2, 3]
    assert rating["x_ticks"][0]["x"] == str(rating["left"]) and rating["x_ticks"][-1]["x"] == str(rating["right"])
