"""The in-process cost command still runs and reports each kind of request, and the shared percentile
helper of the benchmark reports. Not timed tests: no figure is asserted, only the report's shape and
the query counts it measures."""

import io
import math
import re

import pytest
from django.core.management import call_command

from benchmarks.report import percentile, summary_ms


@pytest.mark.django_db
def test_decision_cost_reports_cpu_wall_and_queries_of_each_request():
    out = io.StringIO()
    # --force: the test database is disposable, whatever its name.
    call_command("decision_cost", "--decisions", "30", "--warmup", "5", "--allow-embedded", "--force", stdout=out)
    text = out.getvalue()
    found = {}
    for label in ("decision POST", "get game", "floor POST"):
        match = re.search(rf"{label}: CPU mean +([\d.]+) ms.*queries mean ([\d.]+) +\(n=(\d+)\)", text)
        assert match, text
        found[label] = (float(match[1]), float(match[2]), int(match[3]))
    assert found["decision POST"][2] == 30
    assert found["floor POST"][2] == 3  # one every tenth decision
    assert found["floor POST"][1] == 2.0  # the floor: the token's read and one INSERT
    assert found["decision POST"][1] >= 3  # at least the lock, the log's INSERT and the game's UPDATE
    assert "decision CPU / floor CPU =" in text


@pytest.mark.django_db
def test_decision_cost_sections_count_every_decision_and_put_the_functions_back():
    from games import services
    from games.api import views
    from guildhall_site import redis_batch

    originals = (services.submit_decision, views.GameViewSet.__dict__["decisions"], redis_batch.Batch.send)
    out = io.StringIO()
    call_command(
        "decision_cost", "--decisions", "20", "--warmup", "5", "--sections", "--allow-embedded", "--force", stdout=out
    )
    text = out.getvalue()
    calls = {
        match[1].strip(): int(match[2]) for match in re.finditer(r"^ +(\S.*?) +[\d.]+  \([\d.]+ x (\d+)\)$", text, re.M)
    }
    # Every decision passes through the view, its body's reading, the service and the answer.
    for label in ("the API view, all of it", "reading the body", "submit_decision"):
        assert calls[label] == 20, text
    assert calls["the rules' apply"] >= 20
    assert (services.submit_decision, views.GameViewSet.__dict__["decisions"], redis_batch.Batch.send) == originals


@pytest.mark.django_db
def test_decision_cost_through_the_table_s_form_times_what_a_browser_posts():
    out = io.StringIO()
    call_command(
        "decision_cost", "--decisions", "20", "--warmup", "5", "--form", "--allow-embedded", "--force", stdout=out
    )
    text = out.getvalue()
    assert "decisions through the table's form" in text
    decision = re.search(r"decision POST: CPU mean +[\d.]+ ms.*queries mean ([\d.]+) +\(n=(\d+)\)", text)
    assert decision and int(decision[2]) == 20, text
    # The answer is the table re-rendered: more than the decision's own statements are read for it.
    assert float(decision[1]) > 3, text


@pytest.mark.postgres
@pytest.mark.django_db
def test_decision_cost_refuses_a_database_not_named_for_benchmarks():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="does not look like a benchmark"):
        call_command("decision_cost", "--decisions", "1", stdout=io.StringIO())


def test_percentile_is_the_nearest_rank_and_nan_when_empty():
    values = [5, 1, 4, 2, 3]
    assert percentile(values, 0) == 1
    assert percentile(values, 50) == 3
    assert percentile(values, 100) == 5
    assert percentile(list(range(1, 101)), 95) == 95
    # The smallest value with at least p% of the values at or below it: the median of four is the second
    # (the copy the reports had rounded half the gap up and said 3).
    assert percentile([4, 1, 3, 2], 50) == 2
    assert percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 25) == 3
    assert math.isnan(percentile([], 50))


def test_the_reports_and_the_arena_read_percentiles_alike():
    """One definition: the engine's arena (bots' decision times) and the site's reports agree everywhere,
    the lowest and highest percentiles included."""
    import random

    from engine.arena import percentile as arena_percentile

    rng = random.Random(5)
    for _ in range(200):
        values = [rng.randint(0, 50) for _ in range(rng.randint(1, 30))]
        for p in (0, 1, 5, 25, 50, 75, 90, 95, 99, 100):
            at = percentile(values, p)
            assert at == arena_percentile(values, p / 100)
            # Nearest rank: at least p% of the values are at or below it, and fewer below it.
            assert sum(v <= at for v in values) >= p / 100 * len(values)
            assert sum(v < at for v in values) < max(1, p / 100 * len(values)) or at == min(values)
    assert summary_ms([0.001, 0.002, 0.003]) == {"p50_ms": 2.0, "p95_ms": 3.0, "n": 3}
