"""A tournament in the browser: three players join a Swiss at tables of 4 whose tables a bot fills, the
director starts it, round 1 is seated, the player to move makes a move on the table, and the standings
page shows the round."""

import pytest

from games.models import Game
from games.tournaments.models import Table, Tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def tab_to(page, selector, limit=200):
    for _tab in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"{selector} is not reachable with Tab")


def test_three_players_join_a_swiss_with_a_bot_filler_and_play_round_one(live_server, logged_in_page, make_user,
                                                                           artifacts):
    ann, ben, cat = (make_user(name, email="") for name in ("ann", "ben", "cat"))
    pages = {user.username: logged_in_page(user) for user in (ann, ben, cat)}
    director = pages["ann"]

    # The director creates the tournament with the form.
    director.goto(f"{live_server.url}/tournaments/new/")
    director.fill("#id_name", "Friday Swiss")
    director.select_option("#id_format", "swiss")
    director.select_option("#id_table_size", "4")
    director.check("#id_fill_with_bots")
    director.get_by_role("button", name="Create the tournament").click()
    director.wait_for_selector("#join-tournament")
    tournament = Tournament.objects.get(name="Friday Swiss")
    detail_url = f"{live_server.url}/tournaments/{tournament.pk}/"

    # Each player joins from the tournament's page; one of them with the keyboard alone.
    for name, page in pages.items():
        page.goto(detail_url)
        if name == "ben":
            tab_to(page, "#join-tournament")
            page.keyboard.press("Enter")
        else:
            page.locator("#join-tournament").click()
        page.wait_for_selector("#withdraw-tournament")
    assert tournament.entrants.count() == 3

    director.goto(detail_url)
    director.locator("#start-tournament").click()
    director.wait_for_selector("#standings")
    tournament.refresh_from_db()
    assert tournament.status == "running" and tournament.current_round == 1
    table = Table.objects.select_related("game").get(round__tournament=tournament, round__number=1)
    game = table.game
    assert game.num_seats == 4 and game.seats.filter(kind="bot").count() == 1

    # Whoever is to move (the bot may have moved already) makes one decision on the table.
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.to_move_user is not None
    page = pages[game.to_move_user.username]
    page.goto(f"{live_server.url}/games/{game.pk}/")
    before = int(page.get_attribute("#table", "data-seq"))
    page.locator("#table [data-decision-type]").first.click()
    page.wait_for_function("before => Number(document.querySelector('#table').dataset.seq) !== before", arg=before)
    game.refresh_from_db()
    assert game.seq > before

    # The standings page shows the round: its link, every player, and the round's page with the table.
    viewer = pages["cat"]
    viewer.goto(detail_url)
    assert viewer.locator("#standings tbody tr").count() == 4
    assert viewer.get_by_role("link", name="Round 1").count() == 1
    viewer.screenshot(path=str(artifacts / "tournament-standings.png"), full_page=True)
    viewer.get_by_role("link", name="Round 1").click()
    viewer.wait_for_selector(".tournament-table")
    assert viewer.get_by_role("link", name=f"Game {game.pk}").count() == 1
    assert viewer.locator(".tournament-table tbody tr").count() == 4
