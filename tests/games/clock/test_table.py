"""The table shows the game's time limit and the players' declared absences."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from games.clock.deadlines import set_time_limit
from games.clock.models import Absence
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


def test_time_limit_and_absence_on_the_table(client, make_user):
    a, b = make_user(), make_user()
    game = started_game([a, b])
    set_time_limit(game, datetime.timedelta(days=3), "bot")
    now = timezone.now()
    Absence.objects.create(
        user=b, starts_at=now - datetime.timedelta(hours=1), ends_at=now + datetime.timedelta(days=2)
    )
    client.force_login(a)
    html = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "Time per move: 3 days." in html
    assert "Away until" in html
