"""Finished games: history browser, step-by-step replay, VP chart, verifiable record, player
statistics. An app only for its static script (static/history/replay.js; no models): the URLs live in
guildhall_site/history_urls.py and the templates in templates/history/. The engine is the only place that
knows the rules: everything here is built from the protocol of the game's rules module
(``games.rules.rules_of``: ``new_game``, ``apply``, ``outcome``, ``view``, ``describe``), and what is the
game's own look from its presentation (``games.presentation.for_game``).
"""
