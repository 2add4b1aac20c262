"""Thin pages over moderation.services: players report (a chat message, a private message, a profile)
and read the outcome of their reports; moderators work through the queue, act on players and read the
log."""

from functools import wraps

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.exceptions import GameError, NotFound
from games.refusals import refusal_message
from games.services import parse_game_id
from guildhall_site.decorators import login_required  # htmx-aware: an ended session redirects the whole page
from social.chat.models import Message
from social.conversations import selectors as conversation_selectors
from social.conversations.models import DirectMessage
from social.relations.selectors import player_named
from social.throttling import Throttled

from . import context, notices, outcomes, restrictions, services
from .forms import ActionForm, LiftForm, NoticeForm, PlayerActionForm, ReportForm
from .models import AuditEntry, Report, Restriction

CHAT_LINES_SHOWN = 20  # a player's newest table-chat lines on their page, each with Hide
MUTE_SCOPES = {
    ActionForm.MUTE_CHAT: Restriction.Scope.CHAT,
    ActionForm.MUTE_MESSAGES: Restriction.Scope.MESSAGES,
    ActionForm.MUTE_BOTH: Restriction.Scope.BOTH,
}


def moderator_required(view):
    @login_required
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not services.may_moderate(request.user):
            raise PermissionDenied(_("Only moderators see this page."))
        return view(request, *args, **kwargs)

    return wrapper


def _row_id(value, message):
    try:
        return parse_game_id(value)
    except NotFound:
        raise Http404(message) from None


def _report_page(request, what, target, back, create):
    """The report form for any kind: GET shows it, POST files the report and goes ``back``."""
    form = ReportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            _found, created = create(form.cleaned_data["reason"], form.cleaned_data["comment"])
        except Throttled as exc:  # the form again, with the reason and when to come back
            form.add_error(None, str(exc.detail))
            context = {"what": what, "target": target, "form": form, "back": back}
            return exc.retry_after(render(request, "moderation/report.html", context, status=429))
        except GameError as exc:
            messages.error(request, str(exc.detail))
        else:
            if created:
                messages.success(
                    request, _("Thank you. The staff will look into it; your reports page shows what they decide.")
                )
            else:
                messages.info(request, _("You have already reported this."))
        return HttpResponseRedirect(back)
    return render(
        request, "moderation/report.html", {"what": what, "target": target, "form": form, "back": back},
        status=400 if form.errors else 200,
    )


@login_required
@require_http_methods(["GET", "POST"])
def report_chat(request, message_id):
    message = Message.objects.select_related("author").filter(
        pk=_row_id(message_id, _("No such message.")), hidden=False
    ).first()
    if message is None:
        raise Http404(_("No such message."))
    back = reverse("games:game", args=[message.game_id]) + "#chat"
    return _report_page(
        request, "chat", message, back,
        lambda reason, comment: services.report_chat(request.user, message.pk, reason, comment),
    )


@login_required
@require_http_methods(["GET", "POST"])
def report_message(request, message_id):
    message = (
        DirectMessage.objects.select_related("sender")
        .filter(conversation_selectors.visible_to(request.user.pk), pk=_row_id(message_id, _("No such message.")))
        .filter(conversation__participants__user_id=request.user.pk)
        .first()
    )
    if message is None:
        raise Http404(_("No such message."))
    back = reverse("conversations:conversation", args=[message.conversation_id])
    return _report_page(
        request, "message", message, back,
        lambda reason, comment: services.report_direct(request.user, message.pk, reason, comment),
    )


@login_required
@require_http_methods(["GET", "POST"])
def report_profile(request, username):
    try:
        other = services.player(username)
    except NotFound:
        raise Http404(_("No such player.")) from None
    if not other.is_active:
        raise Http404(_("No such player."))
    back = reverse("public_profile", args=[other.username])
    return _report_page(
        request, "profile", other, back,
        lambda reason, comment: services.report_profile(request.user, other, reason, comment),
    )


@login_required
@require_GET
def my_reports(request):
    """The player's reports with their outcome, and the staff's decisions about the player themselves."""
    page = Paginator(
        Report.objects.filter(reporter=request.user).select_related("reported").order_by("-id"), 30
    ).get_page(request.GET.get("page"))
    rows = [{"report": r, "outcome": outcomes.line(r)} for r in page.object_list]
    context = {
        "rows": rows,
        "page": page,
        "decisions": notices.decisions_about(request.user),
        "notice_form": NoticeForm(initial={"email": notices.wants_email(request.user, None)}),
    }
    return render(request, "moderation/my_reports.html", context)


@login_required
@require_POST
def notice_preference(request):
    form = NoticeForm(request.POST)
    form.is_valid()  # a checkbox: absent is off
    notices.set_email(request.user, form.cleaned_data.get("email", False))
    messages.success(request, _("Your choice of emails was saved."))
    return HttpResponseRedirect(reverse("moderation:mine") + "#decisions")


# --- the staff ------------------------------------------------------------------------------------------


@moderator_required
@require_GET
def queue(request):
    return render(request, "moderation/queue.html", {"items": context.queue(), "form": ActionForm()})


@moderator_required
@require_POST
def act(request, pk):
    """One action on one report (the queue's form)."""
    form = ActionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose an action and give the reason."))
        return HttpResponseRedirect(reverse("moderation:queue") + f"#report-{pk}")
    report_id = _row_id(pk, _("No such report."))
    report = Report.objects.select_related("reported").filter(pk=report_id).first()
    if report is None:
        raise Http404(_("No such report."))
    action, reason, days = form.cleaned_data["action"], form.cleaned_data["reason"], form.cleaned_data["days"]
    with refusal_message(request) as outcome:
        if action == ActionForm.HIDE:
            services.hide(report.pk, request.user, reason)
        elif action in MUTE_SCOPES:
            services.mute(report.reported, request.user, MUTE_SCOPES[action], days, reason, report_id=report.pk)
        elif action == ActionForm.SUSPEND:
            services.suspend(report.reported, request.user, reason, report_id=report.pk)
        else:
            services.dismiss(report.pk, request.user, reason)
    if outcome.refused:
        return HttpResponseRedirect(reverse("moderation:queue") + f"#report-{report.pk}")
    messages.success(request, _("Done, and written to the moderation log."))
    return HttpResponseRedirect(reverse("moderation:queue"))


def _player_or_404(username):
    try:
        return services.player(username)
    except NotFound:
        raise Http404(_("No such player.")) from None


@moderator_required
@require_GET
def find_player(request):
    """The queue's "find a player" box: to that player's page, where a moderator acts without a report."""
    found = player_named(request.GET.get("name", "").strip(), include_inactive=True)
    if found is None:
        messages.error(request, _("No such player."))
        return HttpResponseRedirect(reverse("moderation:queue"))
    return HttpResponseRedirect(reverse("moderation:player", args=[found.username]))


@moderator_required
@require_GET
def player(request, username):
    """A player's standing: restrictions (with Lift), reports against them, the log's entries; and what a
    moderator may do without a report: mute, suspend, hide one of their table-chat messages."""
    found = _player_or_404(username)
    data = {
        "player": found,
        "in_force": list(restrictions.current(found.pk, Restriction.Scope.values)),
        "reports": list(Report.objects.filter(reported=found).select_related("reporter").order_by("-id")[:50]),
        "entries": list(AuditEntry.objects.filter(player=found).select_related("moderator").order_by("-id")[:50]),
        "chat_lines": list(Message.objects.filter(author=found, hidden=False).order_by("-id")[:CHAT_LINES_SHOWN]),
        "lift_form": LiftForm(),
        "action_form": PlayerActionForm(),
    }
    return render(request, "moderation/player.html", data)


@moderator_required
@require_POST
def act_on_player(request, username):
    """Mute or suspend a player without a report."""
    found = _player_or_404(username)
    back = reverse("moderation:player", args=[found.username])
    form = PlayerActionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose an action and give the reason."))
        return HttpResponseRedirect(back)
    action, reason, days = form.cleaned_data["action"], form.cleaned_data["reason"], form.cleaned_data["days"]
    with refusal_message(request):
        if action == ActionForm.SUSPEND:
            services.suspend(found, request.user, reason)
        else:
            services.mute(found, request.user, MUTE_SCOPES[action], days, reason)
        messages.success(request, _("Done, and written to the moderation log."))
    return HttpResponseRedirect(back)


@moderator_required
@require_POST
def hide_chat(request, message_id):
    """Hide one table-chat message without a report (from its author's page)."""
    message = Message.objects.select_related("author").filter(pk=_row_id(message_id, _("No such message."))).first()
    if message is None:
        raise Http404(_("No such message."))
    back = reverse("moderation:player", args=[message.author.username])
    form = LiftForm(request.POST)  # a reason, and nothing else
    if not form.is_valid():
        messages.error(request, _("Give the reason: it goes into the moderation log."))
        return HttpResponseRedirect(back)
    with refusal_message(request):
        services.hide_chat_message(message.pk, request.user, form.cleaned_data["reason"])
        messages.success(request, _("Done, and written to the moderation log."))
    return HttpResponseRedirect(back)


@moderator_required
@require_POST
def lift(request, pk):
    form = LiftForm(request.POST)
    restriction = Restriction.objects.select_related("user").filter(pk=_row_id(pk, _("No such restriction."))).first()
    if restriction is None:
        raise Http404(_("No such restriction."))
    back = reverse("moderation:player", args=[restriction.user.username])
    if not form.is_valid():
        messages.error(request, _("Give the reason: it goes into the moderation log."))
        return HttpResponseRedirect(back)
    with refusal_message(request):
        services.lift(restriction.pk, request.user, form.cleaned_data["reason"])
        messages.success(request, _("Lifted, and written to the moderation log."))
    return HttpResponseRedirect(back)


@moderator_required
@require_GET
def log(request):
    page = Paginator(AuditEntry.objects.select_related("moderator", "player").order_by("-id"), 50).get_page(
        request.GET.get("page")
    )
    return render(request, "moderation/log.html", {"page": page})
