"""How to play: the rules of Guildhall in our own words, with the card pictures of the table. A plain
package (not a Django app): URLs in ``games/guide/urls.py`` (included by guildhall_site/urls.py), the
template in templates/guide/, tests in tests/games/guide/. The wording follows docs/rules.md; the cards
are drawn by games.web.cards from the engine's own card texts, so the page and the table always agree.
"""
