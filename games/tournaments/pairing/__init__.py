"""Pairing, one module per format: pure functions over entrant ids, no database.

- ``swiss``: seats players by standing at tables of the chosen size (tables.py decides the sizes), then
  swaps players between nearby tables to cut repeat opponents;
- ``round_robin``: groups, and each group's schedule (every pairing once; or one table playing k games);
- ``knockout``: a bracket seeded by rating, winners paired in bracket order.
"""
