"""The notifications app's wiring: beat schedule, task names and JSON arguments, the tick command."""

import json

import pytest
from django.conf import settings
from django.core.management import call_command

from guildhall_site.celery import app
from tests.games.helpers import start_game


def test_beat_runs_the_relay_every_minute_and_tasks_take_ids_only():
    schedule = settings.CELERY_BEAT_SCHEDULE
    assert schedule["notifications-relay-outbox"] == {"task": "notifications.relay_outbox", "schedule": 60.0}
    app.loader.import_default_modules()
    for name in ("notifications.deliver", "notifications.relay_outbox"):
        assert name in app.tasks
    assert app.tasks["notifications.deliver"].acks_late is True
    assert app.conf.task_serializer == "json"
    json.dumps([12345])  # the arguments: a row id, a game id
    assert "games.notifications" in settings.INSTALLED_APPS


@pytest.mark.django_db
def test_tick_does_what_beat_does(make_user, commit, smtp_server):
    import datetime
    from io import StringIO

    import time_machine

    from games.notifications.models import Notification

    t0 = datetime.datetime(2027, 6, 1, 12, 0, tzinfo=datetime.UTC)
    with time_machine.travel(t0, tick=False) as traveller:
        game = start_game(commit, [make_user("alice"), make_user("bob")])
        row = Notification.objects.get(kind="turn", user=game.to_move_user)
        # As if the enqueue after the commit had been lost with a broker outage.
        Notification.objects.filter(pk=row.pk).update(status="pending", enqueued_at=None, sent_at=None)
        traveller.move_to(t0 + datetime.timedelta(minutes=5))
        out = StringIO()
        with commit():
            call_command("notifications_tick", stdout=out)
    assert out.getvalue().startswith("1 emails relayed")
    row.refresh_from_db()
    assert row.status == "sent"
