"""Upgrading a populated database from an earlier release: the test database is migrated back to the
schema of a tagged release, filled through that schema's historical models the way that release wrote its
rows (games in progress and finished, their logs as the engine's decisions under the rules versions of the
time, chat and a chat report, ratings, pending emails), migrated forward to the current schema, and then
every game must replay (``replay_games``' checks) and every pending email must be sent exactly once.

RELEASES lists, per release (docs/releases.md), the last migration of each app in that release (the
project's apps added since go to zero). For a new release, add an entry made from
``git ls-tree -r <commit> --name-only | grep migrations/0``: the highest migration of each app. No tag is
needed: the names are here. The fill writes only fields every listed release has (a field added later gets
its default, as the migration that added it did); a model one release has and another not is read
through ``_model``.
"""

import datetime
import random
from pathlib import Path

import pytest
from django.apps import apps
from django.core import mail
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

import engine
from games.management.commands.replay_games import check_game
from games.models import Game, LogEntry
from games.notifications import delivery
from games.notifications.models import Notification

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]
GUILDHALL = engine.get("guildhall")

# Apps that came after every release listed (their tables do not exist at any of them). Apps of the
# project that none of the lists name (added since) go to zero too.
_V0_3_NEW_SINCE = ["blocks", "analysis", "conversations", "learn", "moderation", "tournaments"]
# (name, {app: its last migration then}, the rules versions a game could be stored under then, tables
# the release had, tables it did not have)
RELEASES = [
    (
        "v0.3",  # 2026.12.1, commit 1c02ce0 (tagged v0.3)
        {
            "games": "0007_seat_strong_bot",
            "accounts": "0005_profile_turn_push",
            "notifications": "0004_push",
            "clock": "0002_clock_tables",
            "friends": "0001_initial",
            "chat": "0001_initial",
            "invitations": "0001_initial",
            "ratings": "0001_initial",
            "benchmarks": "0001_initial",
            **dict.fromkeys(_V0_3_NEW_SINCE),
        },
        ("1", "2"),
        {"chat_report", "friends_follow", "chat_mute"},
        {"tournaments_tournament", "blocks_block", "moderation_report"},
    ),
    (
        "2026.12.2",  # commit 8ef0cd8
        {
            "accounts": "0007_user_deleted_at",
            "analysis": "0002_rollout_turns",
            "benchmarks": "0001_initial",
            "blocks": "0001_initial",
            "chat": "0002_delete_report",
            "clock": "0002_clock_tables",
            "conversations": "0001_initial",
            "friends": "0001_initial",
            "games": "0008_game_lesson",
            "invitations": "0002_limits",
            "learn": "0001_initial",
            "moderation": "0003_audit_log_append_only",
            "notifications": "0005_keyed_rows",
            "ratings": "0002_provisional_index",
            "tournaments": "0001_initial",
        },
        ("1", "2", "3"),
        {"moderation_report", "blocks_block", "friends_follow", "chat_mute", "tournaments_tournament"},
        {"chat_report"},
    ),
]


def _ours(label):
    """Whether the app is the project's own (Django's and allauth's are installed packages, wherever the
    virtualenv is)."""
    path = Path(apps.get_app_config(label).path).resolve()
    return path.is_relative_to(ROOT) and "site-packages" not in path.parts


def _targets(release_migrations):
    """Every app at its release migration; the project's apps the release did not have (``None`` in the
    release's list, or added since the list was written) at zero; Django's and allauth's at their latest."""
    executor = MigrationExecutor(connection)
    leaves = dict(executor.loader.graph.leaf_nodes())
    missing = sorted(set(release_migrations) - set(leaves))
    assert not missing, f"apps of the release not in the project: {missing}"
    return [
        (app, release_migrations[app] if app in release_migrations else (None if _ours(app) else leaf))
        for app, leaf in sorted(leaves.items())
    ]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()  # what is applied now
    return executor


def _latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@pytest.mark.parametrize("tag, migrations, rules_versions, had, had_not", RELEASES, ids=[r[0] for r in RELEASES])
def test_a_populated_database_of_the_release_upgrades(tag, migrations, rules_versions, had, had_not):
    targets = _targets(migrations)
    try:
        executor = _migrate(targets)
        old = executor.loader.project_state([t for t in targets if t[1] is not None]).apps
        tables = set(connection.introspection.table_names())
        assert had <= tables and not had_not & tables  # the release's schema
        made = _fill(old, rules_versions)
    finally:
        _migrate(_latest())

    # Every game replays to its stored fields, under the rules version it was played with.
    games = list(Game.objects.order_by("pk").prefetch_related("seats"))
    assert len(games) == len(made["games"])
    assert {g.engine_version for g in games} == set(rules_versions)
    assert {g.status for g in games} == {Game.Status.ACTIVE, Game.Status.FINISHED}
    for game in games:
        assert check_game(game) == [], f"{tag}: game {game.pk}"
    assert LogEntry.objects.count() == made["log_entries"]

    # Chat, its report (moved to the moderation queue), ratings: still there.
    from games.ratings.models import GameResult, PlayerRating
    from social.chat.models import Message
    from social.moderation.models import Report

    assert Message.objects.count() == made["messages"]
    assert Report.objects.filter(kind="chat").count() == 1
    assert PlayerRating.objects.count() == made["ratings"] and GameResult.objects.count() == made["results"]

    # Follows, mutes and blocks: one relation each, whatever table the release kept them in.
    if apps.is_installed("social.relations"):
        Relation = apps.get_model("relations", "Relation")
        assert sorted(Relation.objects.values_list("kind", flat=True)) == sorted(made["relations"])

    # Every pending email is sent, once.
    pending = list(Notification.objects.filter(status=Notification.Status.PENDING).values_list("pk", flat=True))
    assert len(pending) == made["pending_emails"] >= 3
    for _round in range(2):  # the second round: a redelivered message sends nothing more
        for pk in pending:
            delivery.deliver(pk)
    assert len(mail.outbox) == len(pending)
    assert set(Notification.objects.filter(pk__in=pending).values_list("status", flat=True)) == {"sent"}
    recipients = sorted(m.to[0] for m in mail.outbox)
    assert recipients == sorted(made["email_recipients"])


# --- the fill: rows as the release wrote them ---------------------------------------------------------


def _model(apps, app_label, name):
    """The release's model, or None where the release had no such model."""
    try:
        return apps.get_model(app_label, name)
    except LookupError:
        return None


def _fill(apps, rules_versions):
    User = apps.get_model("accounts", "User")
    Profile = apps.get_model("accounts", "Profile")
    EmailAddress = apps.get_model("account", "EmailAddress")
    OldGame = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    OldLogEntry = apps.get_model("games", "LogEntry")
    Message = apps.get_model("chat", "Message")
    ChatReport = _model(apps, "chat", "Report")  # until 2026.12.2, which moved reports to moderation
    ModerationReport = _model(apps, "moderation", "Report")
    PlayerRating = apps.get_model("ratings", "PlayerRating")
    GameResult = apps.get_model("ratings", "GameResult")
    OldNotification = apps.get_model("notifications", "Notification")

    users = []
    for name in ("ada", "ben", "cy"):
        user = User.objects.create(username=f"up_{name}", email=f"up_{name}@example.com", password="!")
        Profile.objects.create(user=user)
        EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
        users.append(user)
    ada, ben, cy = users
    now = timezone.now()
    rng = random.Random(3)
    made = {"games": [], "log_entries": 0, "messages": 0, "ratings": 0, "results": 0, "pending_emails": 0,
            "email_recipients": [], "relations": []}

    def game(players, version, mode="printed", moves=None, bots=0, rated=False):
        """A game as the release's services left it: the log the engine's decisions, the row's denormalised
        fields from the engine's state."""
        seed = engine.new_seed()
        n = len(players) + bots
        state = GUILDHALL.new_game(n, seed, {"mode": mode}, version=version)
        log = []
        while not GUILDHALL.outcome(state)["over"] and (moves is None or len(log) < moves):
            seat = GUILDHALL.pending_player(state)
            decision = GUILDHALL.bots.choose(state, seat, "greedy", rng)
            GUILDHALL.apply(state, seat, decision)
            log.append((seat, decision))
        outcome = GUILDHALL.outcome(state)
        over = outcome["over"]
        started = now - datetime.timedelta(hours=2)
        row = OldGame.objects.create(
            engine_version=version, mode=mode, num_seats=n, seed=seed, seed_commitment=engine.seed_commitment(seed),
            created_by=players[0], rated=rated, status="finished" if over else "active",
            started_at=started, finished_at=now - datetime.timedelta(minutes=5) if over else None,
            seq=state.seq, turn=state.turn, scores=outcome["scores"], ended_by=outcome["ended_by"] or "",
        )
        holders = [*players, *([None] * bots)]
        for position, holder in enumerate(holders):
            Seat.objects.create(
                game=row, position=position, user=holder, kind="user" if holder else "bot",
                bot_kind="" if holder else "greedy",
                final_place=outcome["places"][position] if over else None,
            )
        pending = GUILDHALL.pending_player(state)
        row.to_move_position = pending
        if pending is not None and holders[pending] is not None and GUILDHALL.in_play(state, pending):
            row.to_move_user = holders[pending]
        row.save()
        OldLogEntry.objects.bulk_create(
            OldLogEntry(game=row, seq=i + 1, seat=seat, decision=decision, by="")
            for i, (seat, decision) in enumerate(log)
        )
        made["games"].append(row.pk)
        made["log_entries"] += len(log)
        return row, outcome

    def pending_email(row, user, kind, turn, seq):
        OldNotification.objects.create(game=row, user=user, kind=kind, turn=turn, seq=seq, status="pending",
                                       due_at=now - datetime.timedelta(minutes=1))
        made["pending_emails"] += 1
        made["email_recipients"].append(user.email)

    oldest, newest = rules_versions[0], rules_versions[-1]
    # A finished, rated game between two people: results, ratings, a results email each still to go.
    rated, outcome = game([ada, ben], newest, rated=True)
    for position, user in enumerate([ada, ben]):
        GameResult.objects.create(
            game=rated, user=user, mode="printed", finished_at=rated.finished_at, position=position,
            place=outcome["places"][position], left=False, people=2, lineup=f"{ada.pk},{ben.pk}", verdict="rated",
            weight=1.0, mu_before=25.0, sigma_before=8.333, mu=25.0, sigma=8.0,
        )
        PlayerRating.objects.create(user=user, mode="printed", mu=25.0, sigma=8.0, ordinal=1.0, rated_games=1,
                                    last_rated_at=rated.finished_at)
        pending_email(rated, user, "results", rated.turn, rated.seq)
    made["results"] += 2
    made["ratings"] += 2
    said = Message.objects.create(game=rated, author=ada, text="Good game!", seq=rated.seq)
    if ChatReport is not None:
        ChatReport.objects.create(message=said, reporter=ben, reason="abuse")
    else:
        ModerationReport.objects.create(kind="chat", reporter=ben, reported=ada, chat_message=said, reason="abuse")
    # How players stood to each other, in the release's own tables.
    for app, name, fields, kind in (("friends", "Follow", ("follower", "followed"), "follow"),
                                    ("chat", "Mute", ("user", "muted"), "mute"),
                                    ("blocks", "Block", ("blocker", "blocked"), "block")):
        model = _model(apps, app, name)
        if model is not None:
            model.objects.create(**dict(zip(fields, (ben, cy), strict=True)))
            made["relations"].append(kind)
    made["messages"] += 1
    # A finished game against a bot under the oldest rules, in the Yucata mode.
    game([cy], oldest, mode="yucata", bots=1)
    # Games in progress under every rules version of the time; the person to move has a your-turn email to go.
    for version in rules_versions:
        row, _outcome = game([ada, ben, cy], version, moves=7)
        Message.objects.create(game=row, author=cy, text="Your move.", seq=row.seq)
        made["messages"] += 1
        if row.to_move_user_id is not None:
            pending_email(row, User.objects.get(pk=row.to_move_user_id), "turn", row.turn, row.seq)
    return made
