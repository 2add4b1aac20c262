"""The moderation log as a chain: each entry carries the hash of the one before it (``previous_hash``) and
its own (``entry_hash``: SHA-256 of the previous hash and the entry's content), so that removing or
changing any entry breaks the chain at the next one. ``verify`` walks the chain (``manage.py
verify_audit_log``); the hash of its newest entry, kept elsewhere by the operator, proves later that
nothing was taken off the end or rewritten since (``--head``).

The database refuses UPDATE, DELETE and TRUNCATE of the table (migrations 0003 and 0004); the chain is
what shows it if a role owning the table disabled the triggers. Entries written before the chain began
(or by the previous release while both ran during an upgrade) carry no hashes: the chain runs through
their content all the same, and ``verify`` counts them.
"""

import datetime
import hashlib
import json
from dataclasses import dataclass, field

from django.db import connection, transaction
from django.utils import timezone

from .models import AuditEntry

# Writers queue on this (PostgreSQL advisory lock, held to the end of the transaction), so that each
# entry is written after the one whose hash it carries. SQLite's write transactions queue by themselves.
_LOCK_KEY = 7_310_512_004


def _when(value):
    return value.astimezone(datetime.UTC).isoformat() if value is not None else None


def content(entry):
    """The entry as the chain hashes it (everything but its id and hashes)."""
    return json.dumps(
        [_when(entry.at), entry.moderator_id, entry.action, entry.player_id, entry.report_id, entry.subject,
         entry.scope, _when(entry.until), entry.reason],
        ensure_ascii=False, separators=(",", ":"),
    )


def digest(previous_hash, entry):
    return hashlib.sha256(f"{previous_hash}\n{content(entry)}".encode()).hexdigest()


def append(**fields):
    """Write one entry at the end of the chain (inside the caller's transaction, or one of its own)."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_LOCK_KEY])
        previous = AuditEntry.objects.order_by("-id").first()
        entry = AuditEntry(at=timezone.now(), **fields)
        entry.previous_hash = _chained(previous) if previous is not None else ""
        entry.entry_hash = digest(entry.previous_hash, entry)
        entry.save(force_insert=True)
    return entry


def _chained(entry):
    """The chain's hash up to ``entry``: its stored one, or for an entry written without (see above) the
    chain computed through it."""
    if entry.entry_hash:
        return entry.entry_hash
    return verify(upto=entry.pk).head


@dataclass
class Verdict:
    entries: int = 0
    unsealed: int = 0  # written without hashes (before the chain began, or by the previous release)
    head: str = ""  # the chain's hash after the newest entry
    head_found: bool = True
    problems: list = field(default_factory=list)


def verify(head=None, upto=None):
    """Walk the log in order of id. A problem is an entry whose ``previous_hash`` is not the chain's hash
    before it (an entry before it was removed, changed or slipped in) or whose ``entry_hash`` does not
    match its content (it was changed). ``head``: a hash the operator recorded earlier, which must still
    be one of the chain's."""
    verdict = Verdict(head_found=head is None)
    chain = ""
    rows = AuditEntry.objects.order_by("id")
    if upto is not None:
        rows = rows.filter(id__lte=upto)
    for entry in rows.iterator():
        verdict.entries += 1
        if not entry.entry_hash:
            verdict.unsealed += 1
            chain = digest(chain, entry)
        else:
            if entry.previous_hash != chain:
                verdict.problems.append((entry.pk, "the entry before it is not the one it was written after"))
            if entry.entry_hash != digest(entry.previous_hash, entry):
                verdict.problems.append((entry.pk, "its content is not what was written"))
            # The chain goes on from the hash the entry was written with: each break is reported once.
            chain = entry.entry_hash
        if chain == head:
            verdict.head_found = True
    verdict.head = chain
    return verdict
