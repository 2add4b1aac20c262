"""Tests of the rules engine (engine/). Pure Python: no Django, no database.

Run them alone, independent of the Django settings and of tests/conftest.py:

    python3 -m pytest tests/engine -q -p no:django --noconftest

They also run as part of ``make test``. Scenarios are built with ``tests/engine/helpers.py`` (``table``);
rule ids (R…, AMB-…, Y…) refer to ../shared/rules/rules-reference.md. Tests marked xfail(strict=True)
document engine bugs described in the engine bug list handed to the lead; remove the mark when fixed.
Golden game records live in ``golden/`` (see ``golden/make_golden.py`` before regenerating them).
"""
