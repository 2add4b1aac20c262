"""Tests of Dominion's rules engine (engine/dominion/), through the protocol, the positions as JSON and the
decision vocabulary of ../shared/rules/dominion-positions.md. Rule ids (D-…, G-…, DEC-…, ILL-…, AMB-D-…)
are those of ../shared/rules/dominion-guilds.md. Pure Python: no Django, no database.

    .venv/bin/python -m pytest tests/engine/dominion -q          (the default run: a few seconds)
    .venv/bin/python -m pytest tests/engine/dominion -q -m slow  (the bigger self-play sweeps)
"""
