"""The moderation log as a chain: each entry carries the hash of the one before it, and `verify_audit_log`
fails on an entry removed, changed or slipped in, and (given the head an earlier run printed) on entries
taken off the end or a log emptied. TRUNCATE is refused while the log holds entries (PostgreSQL).

To break the log as a role owning the table could, the tests switch its triggers off for a moment."""

import contextlib

import pytest
from django.contrib.auth.models import Permission
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection, transaction

from social.chat import services as chat
from social.moderation import auditlog, services
from social.moderation.models import AuditEntry
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db

TABLE = AuditEntry._meta.db_table


@pytest.fixture
def log(make_user):
    """Four entries written through the moderation's services."""
    moderator = make_user("mod", is_staff=True)
    moderator.user_permissions.add(Permission.objects.get(codename="moderate"))
    moderator = type(moderator).objects.get(pk=moderator.pk)
    alice, bob = make_user("alice"), make_user("bob")
    game = started_game([alice, bob])
    line = chat.post_message(game.pk, bob, "rude words")
    report, _created = services.report_chat(alice, line.pk, "abuse")
    services.hide(report.pk, moderator, "insults")
    mute = services.mute(bob, moderator, "chat", 1, "a cooling-off day")
    services.lift(mute.pk, moderator, "he apologised")
    services.suspend(bob, moderator, "again")
    return list(AuditEntry.objects.order_by("id"))


@contextlib.contextmanager
def triggers_off():
    """What a role owning the table can do: switch the append-only triggers off."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # the foreign keys' checks, pending till now
            cursor.execute(f"ALTER TABLE {TABLE} DISABLE TRIGGER USER")
            yield cursor
            cursor.execute(f"ALTER TABLE {TABLE} ENABLE TRIGGER USER")
        else:
            cursor.execute(f"DROP TRIGGER {TABLE}_no_update")
            cursor.execute(f"DROP TRIGGER {TABLE}_no_delete")
            yield cursor
            from guildhall_site.append_only import statements

            for statement in statements(TABLE, "sqlite")[0]:
                cursor.execute(statement)


def _verify(*args):
    try:
        call_command("verify_audit_log", *args)
    except CommandError as exc:
        return str(exc)
    return None


def test_each_entry_carries_the_hash_of_the_one_before(log):
    assert len(log) == 4 and log[0].previous_hash == ""
    for before, entry in zip(log, log[1:], strict=False):
        assert entry.previous_hash == before.entry_hash == auditlog.digest(before.previous_hash, before)
    verdict = auditlog.verify()
    assert verdict.problems == [] and verdict.entries == 4 and verdict.head == log[-1].entry_hash
    assert _verify() is None and _verify("--head", log[1].entry_hash) is None


def test_an_entry_removed_from_the_middle_breaks_the_chain(log):
    with triggers_off() as cursor:
        cursor.execute(f"DELETE FROM {TABLE} WHERE id = %s", [log[1].pk])
    assert auditlog.verify().problems == [(log[2].pk, "the entry before it is not the one it was written after")]
    assert _verify() == "The moderation log is not as it was written."


def test_an_edited_entry_breaks_the_chain(log):
    with triggers_off() as cursor:
        cursor.execute(f"UPDATE {TABLE} SET reason = %s WHERE id = %s", ["nothing happened", log[1].pk])
    assert auditlog.verify().problems == [(log[1].pk, "its content is not what was written")]
    assert _verify() is not None


def test_an_entry_slipped_in_breaks_the_chain(log):
    forged = AuditEntry(**{f.attname: getattr(log[1], f.attname) for f in AuditEntry._meta.concrete_fields})
    forged.pk, forged.reason = None, "forged"
    with triggers_off() as cursor:
        cursor.execute(f"DELETE FROM {TABLE} WHERE id > %s", [log[0].pk])
    forged.save(force_insert=True)
    for entry in log[1:]:
        entry.save(force_insert=True)  # the rest as they were, after the forged one
    problems = auditlog.verify().problems
    assert problems and problems[0][0] == forged.pk


def test_entries_taken_off_the_end_or_a_log_emptied_are_found_by_the_head(log):
    head = auditlog.verify().head
    with triggers_off() as cursor:
        cursor.execute(f"DELETE FROM {TABLE} WHERE id = %s", [log[-1].pk])
    assert auditlog.verify().problems == []  # nothing after it tells...
    assert _verify("--head", head) is not None  # ...but the head kept elsewhere does
    with triggers_off() as cursor:
        cursor.execute(f"DELETE FROM {TABLE}")
    assert _verify("--head", head) is not None


def test_entries_without_hashes_are_chained_through_their_content(log, make_user):
    """Entries of the previous release (written without the new columns) and before the chain began."""
    with triggers_off() as cursor:
        cursor.execute(f"UPDATE {TABLE} SET previous_hash = '', entry_hash = '' WHERE id <= %s", [log[1].pk])
    verdict = auditlog.verify()  # the chain computed through their content is the one written
    assert verdict.problems == [] and verdict.unsealed == 2 and verdict.head == log[-1].entry_hash
    # An entry written after an unsealed one carries the chain computed through it.
    with triggers_off() as cursor:
        cursor.execute(f"DELETE FROM {TABLE} WHERE id > %s", [log[1].pk])
    entry = auditlog.append(moderator=log[0].moderator, action="dismiss", player=log[0].player, reason="x")
    verdict = auditlog.verify()
    assert verdict.problems == [] and verdict.unsealed == 2 and verdict.head == entry.entry_hash


def test_the_log_refuses_changes_whatever_the_path(log):
    for statement in (f"UPDATE {TABLE} SET reason = 'x'", f"DELETE FROM {TABLE}"):
        with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(statement)
    assert AuditEntry.objects.count() == 4


@pytest.mark.postgres
def test_truncate_is_refused_while_the_log_holds_entries(log):
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # the foreign keys' checks, pending in the test's transaction
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {TABLE}")
    assert AuditEntry.objects.count() == 4
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tgname FROM pg_trigger WHERE tgrelid = %s::regclass AND NOT tgisinternal ORDER BY tgname", [TABLE]
        )
        assert [row[0] for row in cursor.fetchall()] == [f"{TABLE}_append_only", f"{TABLE}_no_truncate"]


@pytest.mark.postgres
def test_a_role_that_does_not_own_the_log_can_neither_empty_it_nor_switch_its_triggers_off(log):
    """What docs/operations.md's set-up gives the site: a role with the rights it needs on the table, not its
    ownership (the role and its grants exist only in this test's transaction)."""
    import os

    role = f"guildhall_test_app_{os.getpid()}"
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute(f"CREATE ROLE {role} NOLOGIN")
        cursor.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {TABLE} TO {role}")
    for statement in (f"TRUNCATE {TABLE}", f"ALTER TABLE {TABLE} DISABLE TRIGGER USER",
                      f"DROP TRIGGER {TABLE}_append_only ON {TABLE}"):
        with pytest.raises(DatabaseError, match="permission denied|must be owner"), transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(f"SET LOCAL ROLE {role}")
                cursor.execute(statement)
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():  # its rights: refused still
        with connection.cursor() as cursor:
            cursor.execute(f"SET LOCAL ROLE {role}")
            cursor.execute(f"DELETE FROM {TABLE}")
    assert AuditEntry.objects.count() == 4 and auditlog.verify().problems == []
