"""Personal data of moderation (accounts.personal_data): the reports a player made, the restrictions on them.

The export has the reports they made (with the one line they are told of the outcome), the mutes or
suspensions they were under (what, from, until, lifted) and their choice of notice emails, not the
moderator's reason (the staff's notes, which may quote others). It never says who reported them. The
erasure keeps the staff's evidence: reports about the player, restrictions and the audit log stay (the log
cannot be changed at all: the database refuses), naming the anonymised account; the reports they made stay
in the queue without their comment.
"""

from accounts.personal_data import KEEP, UserField

from . import outcomes
from .models import NoticePreference, Report, Restriction

_EVIDENCE = "the staff's evidence of what was reported and decided, naming the anonymised account"
_STAFF = "the staff's own work, in the moderation queue and log"

USER_FIELDS = {
    "moderation.Report.reporter": UserField(
        export="reports_made",
        erase=KEEP,
        why_kept="the report stays in the queue and the reported player's record, without the reporter's comment",
        cleared={"comment": ""},
    ),
    "moderation.Report.reported": UserField(
        not_exported="who reported a player is the reporter's data, never told", erase=KEEP, why_kept=_EVIDENCE
    ),
    "moderation.Report.handled_by": UserField(not_exported=_STAFF, erase=KEEP, why_kept=_STAFF),
    "moderation.Restriction.user": UserField(export="restrictions", erase=KEEP, why_kept=_EVIDENCE),
    "moderation.Restriction.created_by": UserField(not_exported=_STAFF, erase=KEEP, why_kept=_STAFF),
    "moderation.AuditEntry.moderator": UserField(
        not_exported=_STAFF, erase=KEEP, why_kept="the audit log is append-only: the database refuses any change"
    ),
    "moderation.NoticePreference.user": UserField(export="notice_emails"),
    "moderation.AuditEntry.player": UserField(
        not_exported="the staff's log (it quotes reports and other players); the restrictions are exported",
        erase=KEEP,
        why_kept="the audit log is append-only: the database refuses any change",
    ),
}


def export(user):
    reports = Report.objects.filter(reporter=user).select_related("reported").order_by("pk")
    return {
        "reports_made": [
            {"id": r.pk, "kind": r.kind, "player": r.reported.username, "chat_message_id": r.chat_message_id,
             "private_message_id": r.direct_message_id, "reason": r.reason, "comment": r.comment,
             "reported_at": r.created_at, "status": r.status, "outcome": str(outcomes.line(r))}
            for r in reports
        ],
        "restrictions": [
            {"id": r.pk, "scope": r.scope, "from": r.starts_at, "until": r.ends_at, "lifted_at": r.lifted_at}
            for r in Restriction.objects.filter(user=user).order_by("pk")
        ],
        "notice_emails": [{"id": p.pk, "email": p.email} for p in NoticePreference.objects.filter(user=user)],
    }


def erase(user):
    Report.objects.filter(reporter=user).update(comment="")
    NoticePreference.objects.filter(user=user).delete()
