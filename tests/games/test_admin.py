"""The admin shows games and their logs, but offers no way to change or delete the log."""

import pytest

from .helpers import play, started_game

pytestmark = pytest.mark.django_db


def test_admin_pages_show_games_and_log_read_only(client, make_user):
    admin = make_user(is_staff=True, is_superuser=True)
    game = started_game([make_user(), make_user()])
    play(game, 3)
    client.force_login(admin)
    assert client.get("/admin/games/game/").status_code == 200
    page = client.get(f"/admin/games/game/{game.pk}/change/")
    assert page.status_code == 200 and game.seed.encode() not in page.content
    log = client.get("/admin/games/logentry/")
    assert log.status_code == 200 and b"delete_selected" not in log.content
    entry_id = game.log.first().pk
    assert client.post(f"/admin/games/logentry/{entry_id}/delete/", {"post": "yes"}).status_code == 403
    assert game.log.count() == 3
