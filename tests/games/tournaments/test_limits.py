"""Creating tournaments against a flood: a rate per account and a cap on the open ones one directs (429 that
says when to come back, through the service, the page and its Retry-After), a start between now and a year
ahead, and a tournament whose director's account goes: it passes to the staff or is cancelled, its players
told."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts import services as account_services
from games.exceptions import InvalidRequest, Throttled
from games.notifications.models import Notification
from games.tournaments import emails, services
from games.tournaments.models import Event, Tournament

pytestmark = pytest.mark.django_db

FORM = {"name": "Cup", "format": "swiss", "table_size": 2, "option_mode": "printed", "time_per_move": "24",
        "timeout_policy": "bot", "max_players": 8, "bot_kind": "greedy"}


def test_an_account_creates_tournaments_at_a_rate_and_is_told_when_to_come_back(players, settings):
    settings.TOURNAMENTS_CREATE_RATE = "3/hour"
    settings.TOURNAMENTS_OPEN_PER_DIRECTOR = None
    director, other = players(2)
    for i in range(3):
        services.create_tournament(director, name=f"Cup {i}", table_size=2)
    with pytest.raises(Throttled) as refused:
        services.create_tournament(director, name="One too many", table_size=2)
    assert refused.value.status == 429 and refused.value.wait and 1 <= refused.value.wait <= 3600
    assert not Tournament.objects.filter(name="One too many").exists()
    services.create_tournament(other, name="Another director's", table_size=2)  # a rate per account


def test_the_form_answers_a_flood_with_429_and_retry_after(client, players, settings):
    settings.TOURNAMENTS_CREATE_RATE = "2/hour"
    settings.TOURNAMENTS_OPEN_PER_DIRECTOR = None
    client.force_login(players(1)[0])
    for i in range(2):
        assert client.post(reverse("tournaments:create"), {**FORM, "name": f"Cup {i}"}).status_code == 302
    refused = client.post(reverse("tournaments:create"), {**FORM, "name": "Cup 3"})
    assert refused.status_code == 429 and 1 <= int(refused["Retry-After"]) <= 3600
    assert b"try again in" in refused.content
    assert Tournament.objects.count() == 2


def test_one_directs_a_capped_number_of_open_tournaments_at_once(players, settings):
    settings.TOURNAMENTS_CREATE_RATE = ""
    settings.TOURNAMENTS_OPEN_PER_DIRECTOR = 2
    director = players(1)[0]
    first = services.create_tournament(director, name="One", table_size=2)
    services.create_tournament(director, name="Two", table_size=2)
    with pytest.raises(Throttled) as refused:
        services.create_tournament(director, name="Three", table_size=2)
    assert refused.value.code == "too_many_open" and refused.value.wait
    Tournament.objects.filter(pk=first.pk).update(status=Tournament.Status.CANCELLED)  # over: its place frees
    services.create_tournament(director, name="Three", table_size=2)
    assert Tournament.objects.count() == 3


@pytest.mark.parametrize("offset, allowed", [
    (datetime.timedelta(hours=-1), False),
    (datetime.timedelta(minutes=5), True),
    (datetime.timedelta(days=364), True),
    (datetime.timedelta(days=366), False),
    (datetime.timedelta(days=365 * 30), False),
])
def test_a_start_lies_between_now_and_a_year_ahead(players, offset, allowed):
    director = players(1)[0]
    starts_at = timezone.now() + offset
    if allowed:
        made = services.create_tournament(director, name="Cup", table_size=2, starts_at=starts_at)
        assert made.starts_at == starts_at
    else:
        with pytest.raises(InvalidRequest, match="between now and a year from now"):
            services.create_tournament(director, name="Cup", table_size=2, starts_at=starts_at)
        assert not Tournament.objects.exists()


def test_a_tournament_is_for_one_game_and_its_options(players):
    director = players(1)[0]
    tournament = services.create_tournament(director, name="Yucata cup", table_size=2, options={"mode": "yucata"})
    tournament.refresh_from_db()
    assert (tournament.game, tournament.options, tournament.mode) == ("guildhall", {"mode": "yucata"}, "yucata")
    with pytest.raises(InvalidRequest):
        services.create_tournament(director, name="x", table_size=2, options={"mode": "chess"})
    with pytest.raises(InvalidRequest):
        services.create_tournament(director, name="x", table_size=2, game="chess")
    with pytest.raises(InvalidRequest):
        services.create_tournament(director, name="x", table_size=2, bot_kind="clever")
    assert Tournament.objects.count() == 1


def _leaves(user):
    user.set_password("pw-not-secret-123")
    user.save()
    account_services.delete_account(user, "pw-not-secret-123")


def test_a_running_tournament_whose_director_leaves_passes_to_the_staff_and_its_players_are_told(players, make_user):
    director, *people = players(3)
    tournament = services.create_tournament(director, name="Autumn open", table_size=2, rounds=1)
    for user in people:
        services.join(tournament.pk, user)
    services.start(tournament.pk, director)
    _leaves(director)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and tournament.created_by_id is None
    staff, player = make_user("staff", is_staff=True), people[0]
    assert tournament.directed_by(staff) and not tournament.directed_by(player)
    told = Notification.objects.filter(kind=emails.DIRECTOR_LEFT, data__tournament=tournament.pk)
    assert sorted(told.values_list("user_id", flat=True)) == sorted(u.pk for u in people)
    assert Event.objects.filter(tournament=tournament, text__kind="director_left").exists()


def test_an_open_tournament_only_its_director_could_start_is_cancelled_and_its_entrants_told(players, client):
    director, entrant = players(2)
    waiting = services.create_tournament(director, name="Someday cup", table_size=2)
    timed = services.create_tournament(director, name="Timed cup", table_size=2,
                                       starts_at=timezone.now() + datetime.timedelta(days=2))
    services.join(waiting.pk, entrant)
    services.join(timed.pk, entrant)
    _leaves(director)
    waiting.refresh_from_db()
    timed.refresh_from_db()
    assert waiting.status == Tournament.Status.CANCELLED and waiting.created_by_id is None
    assert timed.status == Tournament.Status.OPEN and timed.created_by_id is None  # the beat will start it
    told = Notification.objects.filter(kind=emails.DIRECTOR_LEFT, user=entrant)
    assert {n.data["tournament"]: n.data["cancelled"] for n in told} == {waiting.pk: True, timed.pk: False}
    client.force_login(entrant)
    page = client.get(reverse("tournaments:detail", args=[timed.pk])).content.decode()
    assert "deleted player" not in page


def test_the_director_left_email_says_what_happened(players):
    director, entrant = players(2)
    tournament = services.create_tournament(director, name="Someday cup", table_size=2)
    services.join(tournament.pk, entrant)
    _leaves(director)
    notice = Notification.objects.get(kind=emails.DIRECTOR_LEFT, user=entrant)
    subject, context = emails.build_director_left(notice, entrant, None, timezone.now())
    assert "cancelled" in subject and "Someday cup" in context["intro"][0]
