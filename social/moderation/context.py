"""What the moderation queue shows of each report: the reported content in its context (the chat
messages around a chat message, the private messages around a private message, the profile), and the
reported player's standing (restrictions in force, earlier reports)."""

from django.db.models import Count

from social.chat.models import Message
from social.conversations.models import DirectMessage

from . import restrictions
from .models import Report, Restriction

AROUND = 5  # messages shown before and after the reported one


def _around(rows, pivot_id):
    before = list(rows.filter(id__lt=pivot_id).order_by("-id")[:AROUND])
    after = list(rows.filter(id__gte=pivot_id).order_by("id")[: AROUND + 1])
    return list(reversed(before)) + after


def context_of(report):
    if report.kind == Report.Kind.CHAT:
        rows = Message.objects.filter(game_id=report.chat_message.game_id).select_related("author")
        return _around(rows, report.chat_message_id)
    if report.kind == Report.Kind.MESSAGE:
        rows = DirectMessage.objects.filter(conversation_id=report.direct_message.conversation_id).select_related(
            "sender"
        )
        return _around(rows, report.direct_message_id)
    return []


def queue(limit=50):
    """The open reports, oldest first, each with its context and the reported player's standing."""
    reports = list(
        Report.objects.filter(status=Report.Status.OPEN)
        .select_related("reporter", "reported", "reported__profile", "chat_message", "direct_message")
        .order_by("id")[:limit]
    )
    against = dict(
        Report.objects.filter(reported_id__in={r.reported_id for r in reports})
        .values_list("reported_id")
        .annotate(n=Count("id"))
        .values_list("reported_id", "n")
    )
    return [
        {
            "report": r,
            "context": context_of(r),
            "reports_against": against.get(r.reported_id, 0),
            "in_force": list(restrictions.current(r.reported_id, Restriction.Scope.values)),
        }
        for r in reports
    ]
