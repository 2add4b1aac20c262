"""The table shows issue 5's time limit and the players' declared absences, when that app is installed."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db

clock = pytest.importorskip("games.notifications.clock")


def test_time_limit_and_absence_on_the_table(client, make_user):
    from games.notifications.models import Absence

    a, b = make_user(), make_user()
    game = started_game([a, b])
    clock.set_time_limit(game, datetime.timedelta(days=3), "bot")
    now = timezone.now()
    Absence.objects.create(
        user=b, starts_at=now - datetime.timedelta(hours=1), ends_at=now + datetime.timedelta(days=2)
    )
    client.force_login(a)
    html = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "Time per move: 3 days." in html
    assert "Away until" in html
