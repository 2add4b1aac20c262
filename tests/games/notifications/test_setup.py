"""The app's wiring: beat schedule, task names and JSON arguments, the backfill command."""

import json

import pytest
from django.conf import settings
from django.core.management import call_command

from games.notifications.models import TimeControl
from guildhall_site.celery import app

from .helpers import start_game


def test_beat_runs_the_scans_every_minute_and_tasks_take_ids_only():
    schedule = settings.CELERY_BEAT_SCHEDULE
    assert schedule["notifications-scan-clocks"] == {"task": "notifications.scan_clocks", "schedule": 60.0}
    assert schedule["notifications-relay-outbox"] == {"task": "notifications.relay_outbox", "schedule": 60.0}
    app.loader.import_default_modules()
    for name in ("notifications.deliver", "notifications.scan_clocks", "notifications.relay_outbox",
                 "notifications.process_clock"):
        assert name in app.tasks
    assert app.tasks["notifications.deliver"].acks_late is True
    assert app.tasks["notifications.process_clock"].acks_late is True
    assert app.conf.task_serializer == "json"
    json.dumps([12345])  # the arguments: a row id, a game id
    assert "games.notifications" in settings.INSTALLED_APPS


@pytest.mark.django_db
def test_sync_clocks_gives_every_active_game_a_clock(make_user, commit):
    game = start_game(commit, [make_user("alice"), make_user("bob")])
    TimeControl.objects.filter(game=game).delete()  # as if started before the app existed
    call_command("notifications_sync_clocks")
    tc = TimeControl.objects.get(game=game)
    game.refresh_from_db()
    assert tc.seat == game.to_move_position and tc.deadline == game.deadline is not None


@pytest.mark.django_db
def test_tick_does_what_beat_does(make_user, commit, smtp_server):
    import datetime
    from io import StringIO

    import time_machine

    from games.notifications.clock import set_time_limit
    from games.notifications.models import Notification

    t0 = datetime.datetime(2027, 6, 1, 12, 0, tzinfo=datetime.UTC)
    with time_machine.travel(t0, tick=False) as traveller:
        game = start_game(commit, [make_user("alice"), make_user("bob")])
        set_time_limit(game, datetime.timedelta(hours=48))
        game.refresh_from_db()
        traveller.move_to(t0 + datetime.timedelta(hours=25))
        out = StringIO()
        with commit():
            call_command("notifications_tick", stdout=out)
    assert out.getvalue().startswith("1 clocks due")
    assert Notification.objects.get(kind="reminder-1", user=game.to_move_user).status == "sent"
    assert len(smtp_server.to(game.to_move_user.email)) == 2
