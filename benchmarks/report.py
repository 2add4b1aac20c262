"""Percentiles for the benchmark commands' reports, one definition for all of them (the engine's arena
keeps its own: the engine imports nothing from the site)."""

import math
import time


def percentile(values, p):
    """The ``p``-th percentile (0-100) of ``values`` by nearest rank on the sorted values; NaN when empty
    (a report prints it rather than failing on a phase that measured nothing)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


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
