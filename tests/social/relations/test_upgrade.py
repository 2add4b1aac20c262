"""One model of relations, and the previous release's three tables beside it for one release: every change
is written to both, the migration fills Relation from the old tables, and ``sync_relations`` brings over
what the previous release did while both ran (copied when it made one, removed when it lifted one)."""

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from social.chat.models import Mute
from social.legacy.blocks.models import Block
from social.legacy.friends.models import Follow
from social.relations import services
from social.relations.models import Relation

pytestmark = pytest.mark.django_db


def _relations():
    return set(Relation.objects.values_list("from_user__username", "kind", "to_user__username"))


def _old_tables():
    return (
        {(f.follower.username, "follow", f.followed.username) for f in Follow.objects.all()}
        | {(b.blocker.username, "block", b.blocked.username) for b in Block.objects.all()}
        | {(m.user.username, "mute", m.muted.username) for m in Mute.objects.all()}
    )


def test_every_change_is_written_to_the_old_tables_too(make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    services.follow(alice, bob)
    services.block(alice, carol)
    services.mute(bob, alice)
    services.follow(carol, alice)
    services.unfollow(carol, alice)
    services.block(alice, carol)  # twice is once, in both
    expected = {("alice", "follow", "bob"), ("alice", "block", "carol"), ("bob", "mute", "alice")}
    assert _relations() == _old_tables() == expected
    services.unblock(alice, carol)
    assert _relations() == _old_tables() == expected - {("alice", "block", "carol")}


def test_sync_brings_over_what_the_previous_release_did_meanwhile(make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    services.follow(alice, bob)
    services.mute(alice, carol)
    # The previous release, running beside this one: a block and a follow made, a mute lifted.
    Block.objects.create(blocker=bob, blocked=carol)
    Follow.objects.create(follower=carol, followed=alice)
    Mute.objects.filter(user=alice, muted=carol).delete()
    with pytest.raises(CommandError):
        call_command("sync_relations", "--check")
    assert _relations() == {("alice", "follow", "bob"), ("alice", "mute", "carol")}  # --check changed nothing
    call_command("sync_relations")
    assert _relations() == _old_tables() == {("alice", "follow", "bob"), ("bob", "block", "carol"),
                                             ("carol", "follow", "alice")}
    block = Relation.objects.get(kind="block")
    assert block.created_at == Block.objects.get().created_at  # when it was made, not when it was copied
    call_command("sync_relations")  # again: nothing changes
    call_command("sync_relations", "--check")
    assert Relation.objects.get(kind="block").pk == block.pk


@pytest.mark.django_db(transaction=True)
def test_the_migration_fills_relation_from_the_old_tables(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    executor = MigrationExecutor(connection)
    executor.migrate([("relations", "0001_initial")])
    Relation.objects.all().delete()
    Follow.objects.create(follower=alice, followed=bob)
    Block.objects.create(blocker=bob, blocked=alice)
    Mute.objects.create(user=alice, muted=bob)
    executor = MigrationExecutor(connection)
    executor.migrate([("relations", "0002_copy_the_old_tables")])
    assert _relations() == {("alice", "follow", "bob"), ("bob", "block", "alice"), ("alice", "mute", "bob")}
