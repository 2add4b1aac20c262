"""Tests of the rules engine (engine/). Pure Python: no Django, no database.

Run them alone, independent of the Django settings and of tests/conftest.py:

    python3 -m pytest tests/engine -q -p no:django --noconftest

They also run as part of ``make test``. They mirror engine/: one folder per game (``guildhall/``,
``dominion/``) for its rules; here at the root only the tests of the shared pieces, the protocol checked
against every registered game (test_protocol.py), the arena and self-play; ``search/`` for the search.
"""
