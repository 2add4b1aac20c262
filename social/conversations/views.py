"""Thin pages over conversations.services (writes) and conversations.selectors (what a reader sees)."""

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.exceptions import GameError, NotFound
from guildhall_site.decorators import login_required  # htmx-aware: an ended session redirects the whole page
from social.relations import selectors as relations
from social.throttling import Throttled

from . import selectors, services
from .api import BEFORE_MAX
from .forms import MessageForm, NewConversationForm, PreferenceForm
from .models import MESSAGE_MAX_LENGTH

PER_PAGE = 30
# An open conversation asks for new messages this often besides when the live socket tells it to.
POLL_SECONDS = 60


def _page_url(conversation_id):
    return reverse("conversations:conversation", args=[conversation_id]) + "#newest"


def _status(form, refused):
    if isinstance(refused, Throttled):
        return refused.status
    return 400 if form.errors else 200


def _answer(response, refused):
    """A refusal over a rate says when to come back (``Retry-After``)."""
    return refused.retry_after(response) if isinstance(refused, Throttled) else response


@login_required
@require_http_methods(["GET", "POST"])
def inbox(request):
    """The conversation list, a form to write to a player, and the email preference."""
    form = NewConversationForm(request.POST or None)
    refused = None
    if request.method == "POST" and form.is_valid():
        try:
            other = services.recipient(form.cleaned_data["to"])
            sent = services.send(request.user, other, form.cleaned_data["text"])
        except NotFound:
            form.add_error("to", _("No such player."))
        except GameError as exc:
            form.add_error(None, str(exc.detail))
            refused = exc
        else:
            return HttpResponseRedirect(_page_url(sent.conversation_id))
    page = Paginator(selectors.conversation_rows(request.user), PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "conversations": selectors.describe(page.object_list, request.user),
        "page": page,
        "form": form,
        "preference_form": PreferenceForm(initial={"email": services.email_choice(request.user)}),
        "max_length": MESSAGE_MAX_LENGTH,
    }
    return _answer(render(request, "conversations/inbox.html", context, status=_status(form, refused)), refused)


@login_required
@require_http_methods(["GET", "POST"])
def conversation(request, pk):
    """One conversation: the messages (reading them marks them read) and the reply form."""
    try:
        found = services.own_conversation(pk, request.user)
    except NotFound:
        raise Http404(_("No such conversation.")) from None
    other = selectors.other_participant(found, request.user)
    # Nobody to answer: the other player deleted their account or is suspended (a reply would be refused).
    may_reply = other is not None and other.is_active
    if request.method == "POST" and not may_reply:
        raise Http404(_("No such player."))
    form = MessageForm(request.POST or None)
    refused = None
    if request.method == "POST" and form.is_valid() and may_reply:
        try:
            services.send(request.user, other, form.cleaned_data["text"])
        except GameError as exc:
            form.add_error("text", str(exc.detail))
            refused = exc
        else:
            return HttpResponseRedirect(_page_url(found.pk))
    shown, older = selectors.messages_of(found, request.user)
    previously_read = selectors.last_read_id(found, request.user)
    if shown:
        services.mark_read(found.pk, request.user, upto=shown[-1].pk)
    context = {
        "conversation": found,
        "newest_id": shown[-1].pk if shown else 0,
        "poll_seconds": POLL_SECONDS,
        "other": other,
        "shown": shown,
        "older": older,
        "previously_read": previously_read,
        "form": form,
        "i_block": relations.blocks(request.user, other),
        "may_reply": may_reply,
        "max_length": MESSAGE_MAX_LENGTH,
    }
    response = render(request, "conversations/conversation.html", context, status=_status(form, refused))
    return _answer(response, refused)


@login_required
@require_GET
def new_messages(request, pk):
    """What the open conversation page lacks: 204 while no message it may show is newer than ``after``;
    otherwise the new messages, appended, and a poller that asks from the newest on. With ``read=1`` (the
    page is being looked at) what it shows is marked read."""
    try:
        found = services.own_conversation(pk, request.user)
    except NotFound:
        raise Http404(_("No such conversation.")) from None
    try:
        after = int(request.GET.get("after", ""))
    except ValueError:
        return HttpResponse(status=400)
    if not 0 <= after <= BEFORE_MAX:
        return HttpResponse(status=400)
    previously_read = selectors.last_read_id(found, request.user)
    shown = selectors.newer_than(found, request.user, after)
    newest = shown[-1].pk if shown else after
    read = request.GET.get("read") == "1" and newest > previously_read
    if read:
        services.mark_read(found.pk, request.user, upto=newest)
    if not shown and not read:
        return HttpResponse(status=204)
    context = {"conversation": found, "shown": shown, "previously_read": previously_read, "newest_id": newest,
               "poll_seconds": POLL_SECONDS, "read": read}
    if read:  # the header's count, at once (its own refresh may be on its way already, and then be dropped)
        context["unread"] = selectors.unread_count(request.user)
    return render(request, "conversations/_new_messages.html", context)


@login_required
@require_http_methods(["GET"])
def write_to(request, username):
    """From a profile: the conversation with that player, or the form to start one."""
    try:
        other = services.recipient(username)
    except NotFound:
        raise Http404(_("No such player.")) from None
    if other.pk == request.user.pk:
        return HttpResponseRedirect(reverse("conversations:inbox"))
    found = selectors.conversation_with(request.user, other)
    if found is not None and selectors.messages_of(found, request.user, limit=1)[0]:
        return HttpResponseRedirect(_page_url(found.pk))
    form = NewConversationForm(initial={"to": other.username})
    return render(request, "conversations/write.html", {"form": form, "other": other, "max_length": MESSAGE_MAX_LENGTH})


@login_required
@require_POST
def preference(request):
    form = PreferenceForm(request.POST)
    if form.is_valid():
        services.set_email_choice(request.user, form.cleaned_data["email"])
        messages.success(request, _("Your choice of emails was saved."))
    else:
        messages.error(request, _("Choose when to be emailed."))
    return HttpResponseRedirect(reverse("conversations:inbox") + "#email-preference")


@login_required
@require_http_methods(["GET"])
def header_link(request):
    """The header's Messages link with the unread count, fetched again when the live socket says the
    header changed (games.live)."""
    return render(request, "conversations/_link.html", {"unread": selectors.unread_count(request.user)})
