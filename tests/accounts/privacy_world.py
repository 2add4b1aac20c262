"""A player with something stored in every room of the site, made through the rooms' own services (the few rows
no service of ours writes, such as Django's admin log and the benchmarks' scratch rows, directly)."""

import datetime
from dataclasses import dataclass, field

from django.contrib.admin.models import ADDITION, LogEntry
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.utils import timezone

from accounts import tokens
from accounts.models import profile_for
from benchmarks.models import FloorRow
from games import services as games
from games.analysis.models import Analysis
from games.clock import vacations
from games.invitations import rematch
from games.invitations import services as invitations
from games.learn.models import LessonOffer
from games.models import Game
from games.notifications.models import Notification, PushSubscription
from games.tournaments import services as tournaments
from social.chat import services as chat
from social.conversations import services as conversations
from social.moderation import notices
from social.moderation import services as moderation
from social.relations import services as relations
from tests.games.helpers import started_game
from tests.games.history.helpers import play_through


@dataclass
class World:
    alice: object  # the player whose data it is
    bob: object
    carol: object
    dave: object
    finished: Game  # alice and bob, over
    active_three: Game  # alice, bob, carol, in progress
    active_two: Game  # alice and carol, in progress
    open_own: Game  # created by alice, waiting (invites dave)
    open_invited: Game  # created by bob, inviting alice
    open_by_link: Game  # created by carol, alice joined through carol's link
    tournament: object  # running, alice and bob at a table
    tournament_game: Game
    raw_token: str
    # Things alice typed, which the erasure must take out of every table (the moderation log aside).
    secrets: dict = field(default_factory=dict)


def build(make_user):
    alice = make_user("alice_x7q", email="alice.x7q@example.org", first_name="Alicia", last_name="Quartz")
    bob, carol, dave = make_user("bob_x7q"), make_user("carol_x7q"), make_user("dave_x7q")
    profile = profile_for(alice)
    profile.display_name = "Queen Alicia"
    profile.save()

    finished = games.create_game(alice, seats=2, rated=True)
    games.join(finished.pk, bob)
    while finished.turn < 8:  # a rated result (a resignation in the first rounds is annulled)
        finished = play_through(finished, moves=1)
    games.resign(finished.pk, bob)
    finished.refresh_from_db()
    assert finished.status == Game.Status.FINISHED
    active_three = started_game([alice, bob, carol])
    play_through(active_three, moves=5)
    active_two = started_game([carol, alice])
    while active_two.to_move_user_id != alice.pk:  # a game waits for her decision
        active_two = play_through(active_two, moves=1)
    open_own = games.create_game(alice, seats=3, invite=[dave.username])
    open_invited = games.create_game(bob, seats=2, invite=[alice.username])
    open_by_link = games.create_game(carol, seats=3)
    _link, token = invitations.create_link(open_by_link.pk, carol)
    invitations.join_by_link(token, alice)
    invitations.create_link(open_own.pk, alice)
    rematch.propose(finished.pk, alice)

    cup = tournaments.create_tournament(bob, name="Privacy cup", format="swiss", table_size=2, rounds=1)
    for player in (alice, bob):
        tournaments.join(cup.pk, player)
    tournaments.start(cup.pk, bob)
    tournament_game = Game.objects.get(tournament_table__round__tournament=cup)
    tournaments.create_tournament(alice, name="Spring open", format="swiss", table_size=2)

    said = chat.post_message(finished.pk, alice, "gg alice-chat-x7q")
    bobs = chat.post_message(finished.pk, bob, "thanks")
    carols = chat.post_message(active_three.pk, carol, "carol says hi")
    relations.mute(alice, bob)
    relations.mute(carol, alice)
    chat.save_note(active_three.pk, alice, "plan: alice-note-x7q")
    relations.follow(alice, bob)
    relations.follow(carol, alice)
    relations.block(alice, dave)
    relations.block(bob, alice)  # bob's: never to be told to alice
    dm = conversations.send(alice, carol, "hello alice-dm-x7q")
    conversations.send(carol, alice, "hello back")
    conversations.set_email_choice(alice, "digest")
    moderation.report_chat(alice, bobs.pk, "abuse", "alice-report-x7q")
    notices.set_email(alice, False)
    moderation.report_profile(carol, alice, "spam", "carol-report-x7q")  # carol's: never to be told to alice
    vacations.declare_absence(
        alice, timezone.now() + datetime.timedelta(days=30), timezone.now() + datetime.timedelta(days=32)
    )
    LessonOffer.objects.create(user=alice)
    Analysis.objects.create(game=finished, rules_version=finished.engine_version, requested_by=alice)
    PushSubscription.objects.create(
        user=alice, endpoint="https://push.example.net/alice-x7q", p256dh="B" + "k" * 86, auth="a" * 22
    )
    Notification.objects.get_or_create(
        user=alice, kind=Notification.Kind.DIGEST, digest_date=timezone.localdate(),
        defaults={"due_at": timezone.now() + datetime.timedelta(hours=3)},
    )
    _token, raw_token = tokens.issue(alice, "alice's laptop")
    FloorRow.objects.create(user=alice, payload={"n": 1})

    # Alice was a moderator once: she acted on a report of carol's chat line and muted bob, then left the staff.
    alice.is_staff = True
    alice.save()
    alice.user_permissions.add(Permission.objects.get(codename="moderate"))
    alice = type(alice).objects.get(pk=alice.pk)  # permissions are cached per instance
    report, _created = moderation.report_chat(bob, carols.pk, "spam", "")
    moderation.hide(report.pk, alice, "spam in the chat")
    moderation.mute(bob, alice, "chat", 1, "a cooling-off day")
    moderation.mute(alice, _moderator(make_user), "both", 3, "rude")
    LogEntry.objects.create(
        user=alice, content_type=ContentType.objects.get_for_model(Game), object_id=str(finished.pk),
        object_repr="a game", action_flag=ADDITION, change_message="",
    )
    alice.is_staff = False
    alice.save()

    return World(
        alice=type(alice).objects.get(pk=alice.pk), bob=bob, carol=carol, dave=dave, finished=finished,
        active_three=active_three, active_two=active_two, open_own=open_own, open_invited=open_invited,
        open_by_link=open_by_link, tournament=cup, tournament_game=tournament_game, raw_token=raw_token,
        secrets={
            "username": "alice_x7q", "email": "alice.x7q@example.org", "first_name": "Alicia",
            "last_name": "Quartz", "display_name": "Queen Alicia", "chat": said.text, "dm": dm.text,
            "note": "alice-note-x7q", "report": "alice-report-x7q", "push": "alice-x7q",
        },
    )


def _moderator(make_user):
    staff = make_user("mod_x7q", is_staff=True)
    staff.user_permissions.add(Permission.objects.get(codename="moderate"))
    return type(staff).objects.get(pk=staff.pk)
