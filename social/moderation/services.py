"""Every change of moderation: players' reports, and the staff's actions on them.

Reports: a signed-in player reports a table-chat message they can read, a private message they received,
or a player's profile, with a reason (and a comment). Once per message (again: nothing changes); a
profile once while a report of it is open.

Actions (by a moderator: staff with the ``moderation.moderate`` permission), each with a reason and each
written to the audit log in the same transaction: hide a message (chat.services / conversations.services
hide it), mute a player from the chat, the messages or both for some days or until lifted, suspend an
account (``is_active`` off: no sign-in, no session, no API token, no live socket; its seats time out as
usual) and lift either, dismiss a report. Acting on a report closes every open report of the same
message (or of the same player's profile, for a mute or a suspension) with the outcome the reporters read.
"""

import datetime

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.exceptions import Conflict, Forbidden, InvalidRequest, NotFound
from social.chat import services as chat_services
from social.chat.models import Message
from social.conversations import selectors as conversation_selectors
from social.conversations import services as conversation_services
from social.conversations.models import DirectMessage
from social.relations.selectors import player_named
from social.text import tidy
from social.throttling import Throttled, limit

from . import auditlog, notices, outcomes
from .models import COMMENT_MAX_LENGTH, REASON_MAX_LENGTH, AuditEntry, Report, Restriction

MUTE_DAYS = (1, 3, 7, 30)  # and None: until lifted


def may_moderate(user):
    return bool(user is not None and user.is_authenticated and user.is_staff and user.has_perm("moderation.moderate"))


# --- reports ----------------------------------------------------------------------------------------------


# What a reporter at the cap of open reports is told to wait: the staff's pace is unknown, an hour is fair.
REPORTS_OPEN_RETRY_SECONDS = 3600


def _clean_report(user, reported_id, reason, comment):
    if reported_id == user.pk:
        raise InvalidRequest(_("You cannot report yourself."), code="own")
    if reason not in Report.Reason.values:
        raise InvalidRequest(_("Choose a reason."), code="reason")
    _within_limits(user)
    return tidy(comment)[:COMMENT_MAX_LENGTH]


def _within_limits(user):
    """Throttled (429, with how long to wait) for a reporter over the rate (``REPORT_THROTTLE_RATE``, default
    10 an hour) or with ``REPORTS_OPEN_MAX`` (default 10) reports waiting for the staff; nothing stored.
    Empty or 0: no limit."""
    cap = getattr(settings, "REPORTS_OPEN_MAX", 10)
    if cap and Report.objects.filter(reporter=user, status=Report.Status.OPEN).count() >= cap:
        raise Throttled(
            ngettext(
                "You have %(n)d report waiting for the staff. Wait until they have looked into it before you "
                "report more.",
                "You have %(n)d reports waiting for the staff. Wait until they have looked into them before you "
                "report more.",
                cap,
            ) % {"n": cap},
            code="too_many_open_reports",
            wait=REPORTS_OPEN_RETRY_SECONDS,
        )
    limit(
        "report", user.pk, getattr(settings, "REPORT_THROTTLE_RATE", "10/h"),
        _("You have sent many reports in a short time."),
    )


def _create_once(lookup, **fields):
    try:
        with transaction.atomic():
            return Report.objects.create(**lookup, **fields), True
    except IntegrityError:  # reported before
        return Report.objects.filter(**lookup).order_by("-id").first(), False


def report_chat(user, message_id, reason, comment=""):
    """``user`` reports a table-chat message. Returns (report, created)."""
    message = Message.objects.filter(pk=message_id, hidden=False).first()
    if message is None:
        raise NotFound(_("No such message."), code="no_message")
    comment = _clean_report(user, message.author_id, reason, comment)
    return _create_once(
        {"reporter": user, "chat_message": message}, kind=Report.Kind.CHAT, reported_id=message.author_id,
        reason=reason, comment=comment,
    )


def report_direct(user, message_id, reason, comment=""):
    """``user`` reports a private message they received. Returns (report, created)."""
    message = (
        DirectMessage.objects.filter(conversation_selectors.visible_to(user.pk), pk=message_id)
        .filter(conversation__participants__user_id=user.pk)
        .first()
    )
    if message is None:
        raise NotFound(_("No such message."), code="no_message")
    comment = _clean_report(user, message.sender_id, reason, comment)
    return _create_once(
        {"reporter": user, "direct_message": message}, kind=Report.Kind.MESSAGE, reported_id=message.sender_id,
        reason=reason, comment=comment,
    )


def report_profile(user, other, reason, comment=""):
    """``user`` reports ``other``'s profile (name, display name). Returns (report, created)."""
    comment = _clean_report(user, other.pk, reason, comment)
    return _create_once(
        {"reporter": user, "reported": other, "kind": Report.Kind.PROFILE, "status": Report.Status.OPEN},
        reason=reason, comment=comment,
    )


# --- actions ----------------------------------------------------------------------------------------------


def _check_moderator(moderator, player_id):
    if not may_moderate(moderator):
        raise Forbidden(_("Only moderators do that."), code="not_a_moderator")
    if player_id == moderator.pk:
        raise Forbidden(_("Another moderator acts on your own account."), code="own_account")


def _clean_reason(reason):
    reason = tidy(reason)
    if not reason:
        raise InvalidRequest(_("Give the reason: it goes into the moderation log."), code="reason")
    if len(reason) > REASON_MAX_LENGTH:
        raise InvalidRequest(
            _("A reason has at most %(max)d characters.") % {"max": REASON_MAX_LENGTH}, code="reason_too_long"
        )
    return reason


def _log(moderator, action, player_id, reason, report=None, subject="", scope="", until=None):
    """The log's entry of an action, and the player's notice of it, in the action's transaction."""
    entry = auditlog.append(
        moderator=moderator, action=action, player_id=player_id, reason=reason,
        report_id=report.pk if report is not None else None, subject=subject[:2200], scope=scope, until=until,
    )
    notices.notify(entry)
    return entry


def _close(reports, moderator, status, outcome):
    return reports.filter(status=Report.Status.OPEN).update(
        status=status, outcome=outcome, handled_at=timezone.now(), handled_by=moderator
    )


def open_report(report_id, lock=True):
    rows = Report.objects.select_for_update(of=("self",)) if lock else Report.objects
    report = rows.filter(pk=report_id).first()
    if report is None:
        raise NotFound(_("No such report."), code="no_report")
    return report


def _chat_subject(m):
    return f"chat message {m.pk} in game {m.game_id}: {m.text}"


def _subject(report):
    if report.kind == Report.Kind.CHAT:
        return _chat_subject(report.chat_message)
    if report.kind == Report.Kind.MESSAGE:
        m = report.direct_message
        return f"private message {m.pk} in conversation {m.conversation_id}: {m.text}"
    return f"profile of {report.reported.username}"


def hide(report_id, moderator, reason):
    """Hide the message a report is about; closes every open report of that message."""
    reason = _clean_reason(reason)
    with transaction.atomic():
        report = open_report(report_id)
        _check_moderator(moderator, report.reported_id)
        if report.kind == Report.Kind.CHAT:
            chat_services.hide_message(report.chat_message_id)
            same = Report.objects.filter(chat_message_id=report.chat_message_id)
            action = AuditEntry.Action.HIDE_CHAT
        elif report.kind == Report.Kind.MESSAGE:
            conversation_services.hide_message(report.direct_message_id)
            same = Report.objects.filter(direct_message_id=report.direct_message_id)
            action = AuditEntry.Action.HIDE_MESSAGE
        else:
            raise InvalidRequest(_("A profile is not a message: mute or suspend the player instead."), code="kind")
        _log(moderator, action, report.reported_id, reason, report, _subject(report))
        _close(same, moderator, Report.Status.ACTED, outcomes.HIDDEN)
    return report


def hide_chat_message(message_id, moderator, reason):
    """Hide a table-chat message without a report (a moderator who saw it); closes the open reports of it."""
    reason = _clean_reason(reason)
    with transaction.atomic():
        message = Message.objects.select_for_update().filter(pk=message_id).first()
        if message is None:
            raise NotFound(_("No such message."), code="no_message")
        _check_moderator(moderator, message.author_id)
        if message.hidden:
            raise Conflict(_("This message is hidden already."), code="hidden")
        chat_services.hide_message(message.pk)
        _log(moderator, AuditEntry.Action.HIDE_CHAT, message.author_id, reason, subject=_chat_subject(message))
        _close(Report.objects.filter(chat_message_id=message.pk), moderator, Report.Status.ACTED, outcomes.HIDDEN)
    return message


def mute(player, moderator, scope, days, reason, report_id=None):
    """Keep ``player`` from the chat, the messages or both for ``days`` (None: until lifted)."""
    reason = _clean_reason(reason)
    if scope not in (Restriction.Scope.CHAT, Restriction.Scope.MESSAGES, Restriction.Scope.BOTH):
        raise InvalidRequest(_("Choose what the player may not write in."), code="scope")
    if days is not None and days not in MUTE_DAYS:
        raise InvalidRequest(_("Choose how long."), code="days")
    with transaction.atomic():
        report = open_report(report_id) if report_id is not None else None
        _check_moderator(moderator, player.pk)
        if report is not None and report.reported_id != player.pk:
            raise InvalidRequest(_("That report is about another player."), code="report")
        until = timezone.now() + datetime.timedelta(days=days) if days else None
        restriction = Restriction.objects.create(
            user=player, scope=scope, ends_at=until, reason=reason, created_by=moderator
        )
        _log(moderator, AuditEntry.Action.MUTE, player.pk, reason, report,
             _subject(report) if report else "", scope, until)
        if report is not None:
            _close(Report.objects.filter(pk=report.pk), moderator, Report.Status.ACTED, outcomes.RESTRICTED)
    return restriction


def lift(restriction_id, moderator, reason):
    """End a mute or a suspension before its time."""
    reason = _clean_reason(reason)
    with transaction.atomic():
        restriction = Restriction.objects.select_for_update().filter(pk=restriction_id).select_related("user").first()
        if restriction is None or restriction.lifted_at is not None:
            raise NotFound(_("No such restriction in force."), code="no_restriction")
        _check_moderator(moderator, restriction.user_id)
        restriction.lifted_at = timezone.now()
        restriction.save(update_fields=["lifted_at"])
        if restriction.scope == Restriction.Scope.ACCOUNT:
            user = restriction.user
            user.is_active = True
            user.save(update_fields=["is_active"])
            action = AuditEntry.Action.UNSUSPEND
        else:
            action = AuditEntry.Action.UNMUTE
        _log(moderator, action, restriction.user_id, reason, scope=restriction.scope)
    return restriction


def suspend(player, moderator, reason, report_id=None):
    """The account can no longer sign in (and is signed out everywhere) until a moderator lifts it."""
    reason = _clean_reason(reason)
    with transaction.atomic():
        report = open_report(report_id) if report_id is not None else None
        _check_moderator(moderator, player.pk)
        if report is not None and report.reported_id != player.pk:
            raise InvalidRequest(_("That report is about another player."), code="report")
        if not player.is_active:
            raise Conflict(_("This account is suspended already."), code="suspended")
        # A save, not a queryset update: the user's post_save receivers drop the cached API tokens.
        player.is_active = False
        player.save(update_fields=["is_active"])
        restriction = Restriction.objects.create(
            user=player, scope=Restriction.Scope.ACCOUNT, reason=reason, created_by=moderator
        )
        _log(moderator, AuditEntry.Action.SUSPEND, player.pk, reason, report,
             _subject(report) if report else "", Restriction.Scope.ACCOUNT)
        if report is not None:
            _close(Report.objects.filter(pk=report.pk), moderator, Report.Status.ACTED, outcomes.SUSPENDED)
    return restriction


def dismiss(report_id, moderator, reason):
    reason = _clean_reason(reason)
    with transaction.atomic():
        report = open_report(report_id)
        _check_moderator(moderator, report.reported_id)
        if report.status != Report.Status.OPEN:
            raise Conflict(_("This report was handled already."), code="handled")
        _log(moderator, AuditEntry.Action.DISMISS, report.reported_id, reason, report, _subject(report))
        _close(Report.objects.filter(pk=report.pk), moderator, Report.Status.DISMISSED, outcomes.NO_ACTION)
    return report


def player(username):
    found = player_named(username, include_inactive=True)
    if found is None:
        raise NotFound(_("No such player."), code="no_player")
    return found
