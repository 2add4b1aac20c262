"""The summary warm-up hook: once registered, a game that finishes has its history summary cached."""

import pytest
from django.core.cache import cache

import engine
from games import cache as state_cache
from games.history import hooks as history_hooks
from games.history import selectors
from tests.games.history.helpers import finished_game

pytestmark = pytest.mark.django_db


@pytest.mark.slow
def test_a_finished_game_has_its_summary_cached(make_user, django_capture_on_commit_callbacks):
    history_hooks.register()
    cache.clear()
    try:
        with django_capture_on_commit_callbacks(execute=True) as callbacks:  # as real commits would
            game = finished_game([make_user("hook1"), make_user("hook2")], kind="greedy", seed=8)
            assert cache.get(selectors._summary_key(game)) is None
        assert callbacks
    finally:
        history_hooks.unregister()
    cached = cache.get(selectors._summary_key(game))
    assert cached is not None and cached["seq"] == game.seq
    final = engine.get("guildhall").view(state_cache.load_state(game), None)
    assert cached["facts"] == {"vp-cards": sum(len(p["vp_cards"]) for p in final["players"])}
    assert selectors.game_summaries([game])[game.pk]["facts"] == cached["facts"]
