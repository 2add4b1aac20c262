"""How to play and the privacy page. A plain package (not a Django app): URLs in ``games/guide/urls.py``
(included by guildhall_site/urls.py), templates in templates/guide/, tests in tests/games/guide/. Each
game's own page and its catalogue of cards come from its presentation (games.presentation), drawn from
the engine's own card texts, so the page and the table always agree.
"""
