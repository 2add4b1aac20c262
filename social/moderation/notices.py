"""The player concerned hears of what the staff decided about them: hiding a message they wrote, a mute, a
suspension, and lifting either. Each such entry of the moderation log is written to the outbox in the
action's transaction (kind "moderation", one email per entry) and shown on the player's reports page.

What they are told: what was done, to what (their own words), until when, and the reason the reporter chose
when a report led to it. Never who reported them or the moderator's own notes (the log's reason: they may
quote others) or the moderator's name.
"""

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext as _

from games.notifications import outbox
from guildhall_site import dates

from .models import AuditEntry, NoticePreference, Report, Restriction

KIND = "moderation"
TOLD = (
    AuditEntry.Action.HIDE_CHAT, AuditEntry.Action.HIDE_MESSAGE, AuditEntry.Action.MUTE, AuditEntry.Action.UNMUTE,
    AuditEntry.Action.SUSPEND, AuditEntry.Action.UNSUSPEND,
)


def notify(entry):
    """In the action's transaction: the email of ``entry`` to its player (sent after the commit, once)."""
    if entry.action in TOLD:
        outbox.enqueue(KIND, entry.player_id, f"audit:{entry.pk}", data={"entry": entry.pk})


def _when(value):
    return dates.words(value)


def _scope(entry):
    return str(Restriction.Scope(entry.scope).label) if entry.scope in Restriction.Scope.values else ""


def sentence(entry):
    """What ``entry`` did to its player, in their words (the active language)."""
    words = {"what": _scope(entry), "when": _when(entry.until) if entry.until else ""}
    action = entry.action
    if action == AuditEntry.Action.HIDE_CHAT:
        return _("The staff removed a message you wrote in a table's chat.")
    if action == AuditEntry.Action.HIDE_MESSAGE:
        return _("The staff removed a private message you wrote.")
    if action == AuditEntry.Action.MUTE and entry.until:
        return _("The staff stopped you from writing (%(what)s) until %(when)s.") % words
    if action == AuditEntry.Action.MUTE:
        return _("The staff stopped you from writing (%(what)s) until further notice.") % words
    if action == AuditEntry.Action.UNMUTE:
        return _("The staff let you write again (%(what)s).") % words
    if action == AuditEntry.Action.SUSPEND:
        return _("The staff suspended your account: you cannot sign in until they lift the suspension.")
    return _("The staff lifted the suspension of your account: you can sign in again.")


def because(entry):
    """The reason the reporter chose, when a report led to ``entry`` (else "")."""
    if entry.report_id is None:
        return ""
    report = Report.objects.filter(pk=entry.report_id).first()
    if report is None:
        return ""
    return _("It was reported as: %(reason)s.") % {"reason": report.get_reason_display()}


def decisions_about(user, limit=50):
    """What the player is shown on their reports page: [{"at", "sentence", "because"}], newest first."""
    entries = AuditEntry.objects.filter(player=user, action__in=TOLD).order_by("-id")[:limit]
    return [{"at": e.at, "sentence": sentence(e), "because": because(e)} for e in entries]


# --- for the outbox (registered in apps.py) ---------------------------------------------------------


def build_for_outbox(n, user, prefs, now):
    entry = AuditEntry.objects.filter(pk=(n.data or {}).get("entry"), player_id=user.pk).first()
    if entry is None:
        return None
    intro = [sentence(entry)] + ([because(entry)] if entry.report_id else [])
    url = settings.SITE_URL.rstrip("/") + reverse("moderation:mine") + "#decisions"
    return _("Guildhall: a decision of the staff about your account"), {
        "intro": [line for line in intro if line],
        "game_url": url,
        "game_link_text": _("Your reports and the staff's decisions"),
    }


def wants_email(user, prefs):
    return NoticePreference.objects.filter(user_id=user.pk).values_list("email", flat=True).first() is not False


def set_email(user, email):
    NoticePreference.objects.update_or_create(user=user, defaults={"email": bool(email)})


def stop_emails(user):
    set_email(user, False)
