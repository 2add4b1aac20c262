"""Tests of Guildhall's rules engine (engine/guildhall/). Pure Python: no Django, no database.

    .venv/bin/python -m pytest tests/engine/guildhall -q

Scenarios are built with ``helpers.py`` (``table``); rule ids (R…, AMB-…, Y…) refer to
../shared/rules/rules-reference.md. Tests marked xfail(strict=True) document engine bugs described in the
engine bug list handed to the lead; remove the mark when fixed. Golden game records live in ``golden/``
(see ``golden/make_golden.py`` before regenerating them).
"""
