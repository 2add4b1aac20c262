"""The guess_cost command runs end to end: a smoke test of its report's shape, never a figure."""

import pytest


@pytest.mark.django_db
def test_guess_cost_command_reports_each_kind_of_guess():
    """Shape only (no timing): each kind of guess got the answer it should, and the users are gone."""
    from io import StringIO

    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    out = StringIO()
    call_command("guess_cost", accounts=2, stdout=out)
    report = out.getvalue()
    assert "one hash" in report
    for line, answer in (("wrong password", "[400]"), ("unknown user", "[400]"), ("locked out", "[429]"),
                         ("right password", "[200]")):
        assert any(row.startswith(line) and answer in row for row in report.splitlines()), report
    assert not get_user_model().objects.filter(username__startswith="guess_cost_").exists()
