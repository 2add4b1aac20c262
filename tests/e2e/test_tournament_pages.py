"""The tournament pages in a real browser: every one fits a phone 375 px wide (the standings were 397 px:
their scroll box had no style outside the ratings' pages), and axe finds nothing serious on any of them in
the light or the dark theme."""

import datetime

import pytest
from django.urls import reverse

from games import services as game_services
from games.tournaments import services
from games.tournaments.models import Table
from tests.e2e.test_accessibility import axe_violations
from tests.e2e.test_phones import OVERFLOW, PHONE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LONG_NAME = "a_player_whose_username_is_much_too_long_for_a_phone"


def tournament_pages(make_user):
    """A Swiss at tables of 4 filled by a bot, one game of round 1 over (so the standings have ranks and
    tie-breaks), and an open tournament with a start time beside it: [(name, path)] and a viewer."""
    ann, ben, long_name = make_user("ann"), make_user("ben"), make_user(LONG_NAME)
    people = [ann, ben, long_name, *(make_user(f"p{i}") for i in range(3))]
    tournament = services.create_tournament(ann, name="Autumn open at a length no phone can hold on one line",
                                            format="swiss", table_size=4, rounds=2, fill_with_bots=True,
                                            per_move=datetime.timedelta(hours=72))
    for user in people:
        services.join(tournament.pk, user)
    services.start(tournament.pk, ann)
    table = Table.objects.filter(round__tournament=tournament).select_related("game").first()
    for seat in table.game.seats.exclude(user=None).order_by("position")[1:]:
        game_services.resign(table.game.pk, seat.user)
    services.table_finished(table.game.pk)
    waiting = services.create_tournament(ben, name="Winter cup", format="round_robin", table_size=2, rounds=None)
    services.join(waiting.pk, long_name)
    return ann, [
        ("list", reverse("tournaments:list")),
        ("detail", reverse("tournaments:detail", args=[tournament.pk])),
        ("round", reverse("tournaments:round", args=[tournament.pk, 1])),
        ("open", reverse("tournaments:detail", args=[waiting.pk])),
        ("create", reverse("tournaments:create")),
    ]


def test_the_tournament_pages_fit_a_phone(live_server, logged_in_page, make_user, artifacts):
    viewer, pages = tournament_pages(make_user)
    page = logged_in_page(viewer, width=PHONE, height=800)
    for name, path in pages:
        page.goto(live_server.url + path)
        page.wait_for_load_state()
        measured = page.evaluate(OVERFLOW)
        assert measured["scroll"] <= PHONE, f"{name} is {measured['scroll']} px wide: {measured['wide']}"
    page.goto(live_server.url + pages[1][1])
    page.screenshot(path=str(artifacts / "tournament-standings-phone.png"), full_page=True)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_tournament_pages_pass_axe(live_server, logged_in_page, make_user, scheme):
    viewer, pages = tournament_pages(make_user)
    for width in (1280, PHONE):
        page = logged_in_page(viewer, width=width, height=800)
        page.emulate_media(color_scheme=scheme)
        for name, path in pages:
            response = page.goto(live_server.url + path)
            assert response.status == 200, (name, response.status)
            assert axe_violations(page) == [], (name, width)
