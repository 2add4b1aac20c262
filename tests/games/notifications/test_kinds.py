"""Kinds other apps register (notifications.kinds) and their rows (outbox.enqueue): written once per
(user, kind, key) in the caller's transaction, delivered after the commit through the builder, which
decides at send time (None: skipped), under the registered preference; rows that belong to no game."""

import pytest
from django.db import transaction

from accounts.models import profile_for
from games.notifications import kinds, outbox
from games.notifications.models import Notification

pytestmark = pytest.mark.django_db

KIND = "test-kind"


@pytest.fixture
def built():
    """A kind of the test's own in the site's email layout, under the results preference; its builder
    says nothing when the row's data asks it to."""
    calls = []

    def build(n, user, prefs, now):
        calls.append(n.key)
        if n.data.get("quiet"):
            return None
        return "Guildhall: a test of kinds", {"intro": [f"Key {n.key} for {user.username}."], "game_url": "/x/"}

    kinds.register(KIND, build, preference="result_emails")
    yield calls
    kinds.unregister(KIND)


def test_enqueue_writes_once_and_delivers_after_the_commit(make_user, commit, smtp_server, built):
    alice = make_user("alice")
    with commit():
        with transaction.atomic():
            outbox.enqueue(KIND, alice.pk, "a:1", data={"n": 1})
            outbox.enqueue(KIND, alice.pk, "a:1", data={"n": 2})  # the same key: nothing more
            assert smtp_server.messages == []  # not before the commit
    (row,) = Notification.objects.filter(kind=KIND)
    assert row.game_id is None and row.status == "sent" and row.data == {"n": 1}
    (message,) = smtp_server.to(alice.email)
    assert message["Subject"] == "Guildhall: a test of kinds"
    assert "Key a:1 for alice." in message.get_body(("plain",)).get_content()
    assert "/notifications/unsubscribe/" in message["List-Unsubscribe"]
    with commit():
        assert outbox.relay() == 0
        assert outbox.deliver(row.pk) is None
    assert built == ["a:1"] and len(smtp_server.messages) == 1


def test_the_builder_and_the_preference_decide_at_send_time(make_user, commit, smtp_server, built):
    alice = make_user("alice")
    with commit():
        outbox.enqueue(KIND, alice.pk, "quiet", data={"quiet": True})
    assert Notification.objects.get(key="quiet").status == "skipped"
    with transaction.atomic():
        outbox.enqueue(KIND, alice.pk, "later")
    profile = profile_for(alice)
    profile.result_emails = False
    profile.save()
    assert outbox.deliver(Notification.objects.get(key="later").pk) == "skipped"
    assert smtp_server.messages == [] and built == ["quiet"]


def test_a_rolled_back_enqueue_leaves_nothing_and_an_unknown_kind_is_refused(make_user, built):
    alice = make_user("alice")
    with pytest.raises(RuntimeError), transaction.atomic():
        outbox.enqueue(KIND, alice.pk, "gone")
        raise RuntimeError
    assert not Notification.objects.filter(kind=KIND).exists()
    with pytest.raises(LookupError):
        outbox.enqueue("nobody-registered-this", alice.pk, "k")
    with pytest.raises(ValueError):
        outbox.enqueue(KIND, alice.pk, "")
    with pytest.raises(ValueError):
        kinds.register("x", lambda *a: None, preference="no_such_field")
    with pytest.raises(ValueError):
        kinds.register("x", lambda *a: None, preference=lambda user, prefs: True)  # no unsubscribe, no label


def test_the_tournament_kinds_are_registered_and_emailed_once(make_user, commit, smtp_server):
    """games.tournaments registers its round, bye and final kinds from its ready(): starting a tournament
    of three at tables of two emails the two seated players their table and the third their bye, once."""
    from games.tournaments import emails as tournament_emails
    from games.tournaments import services as tournaments

    people = [make_user(name) for name in ("ann", "ben", "cat")]
    assert all(kinds.is_registered(k) for k in tournament_emails.BUILDERS)
    with commit():
        tournament = tournaments.create_tournament(people[0], name="Winter cup", table_size=2, rounds=1)
        for user in people:
            tournaments.join(tournament.pk, user)
        tournaments.start(tournament.pk, people[0])
    rows = Notification.objects.filter(kind__startswith="tournament-").order_by("kind", "user_id")
    assert sorted((r.kind, r.status) for r in rows) == [
        ("tournament-bye", "sent"), ("tournament-round", "sent"), ("tournament-round", "sent")
    ]
    assert {r.key for r in rows} == {f"{tournament.pk}:1"}
    def subjects():
        return sorted(m["Subject"] for _rcpts, m in smtp_server.messages if "Winter cup" in m["Subject"])

    assert subjects() == [
        "Guildhall: no game for you in round 1 of Winter cup",
        "Guildhall: round 1 of Winter cup has started",
        "Guildhall: round 1 of Winter cup has started",
    ]
    with commit():
        tournament_emails.round_started(tournament, tournament.round_set.get())  # written again: nothing more
        outbox.relay()
    assert Notification.objects.filter(kind__startswith="tournament-").count() == 3 and len(subjects()) == 3
