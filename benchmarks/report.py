"""Percentiles for the benchmark commands' reports: the engine's arena's (one definition for the site and
the engine, which imports nothing from the site), as a report wants them."""

import math
import time

from engine.arena import percentile as nearest_rank


def percentile(values, p):
    """The ``p``-th percentile (0-100) of ``values`` by nearest rank: the smallest value with at least
    ``p`` percent of the values at or below it; NaN when empty (a report prints it rather than failing on a
    phase that measured nothing)."""
    return nearest_rank(values, p / 100) if values else math.nan


def summary_ms(seconds):
    """p50 and p95 in milliseconds, and the count, of samples taken in seconds."""
    return {
        "p50_ms": round(percentile(seconds, 50) * 1000, 1),
        "p95_ms": round(percentile(seconds, 95) * 1000, 1),
        "n": len(seconds),
    }


def timed(fn, repeat):
    """``summary_ms`` of ``repeat`` calls of ``fn``, after one call that is not counted (templates compiled,
    the connection open)."""
    fn()
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return summary_ms(samples)
