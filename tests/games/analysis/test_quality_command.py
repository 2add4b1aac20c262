import json

from django.core.management import call_command


def test_analysis_quality_reports_brier_scores(capsys):
    call_command("analysis_quality", games=2, seed="T", playouts=4)
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2
    assert set(report["brier"]) == {"estimate", "estimate_normalised", "vp_leader", "base_rate"}
    assert report["brier"]["base_rate"] == 0.25  # two players: (1/2)^2 whatever happens
    assert all(0 <= value <= 1 for value in report["brier"].values())
