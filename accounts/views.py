import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, logout
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.i18n import set_language as django_set_language

from games.exceptions import GameError
from games.history.selectors import player_stats
from games.models import Game, Seat

from . import farewell, services, tokens
from .forms import ApiTokenForm, DeleteAccountForm, ProfileForm
from .models import Profile, profile_for

RECENT_GAMES = 10
# The anonymous session's mark, after the deletion, that the page of the deletion is theirs to read.
DELETED_MARK = "account_deleted"


def set_language_cookie(response, language):
    """The language cookie as Django's set_language view sets it (Secure under HTTPS: production.py)."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


def _settings_page(request, form, token_form=None, new_token=None, status=200, delete_form=None):
    context = {
        "form": form,
        "api_tokens": tokens.tokens_of(request.user),
        "token_form": token_form or ApiTokenForm(),
        "new_token": new_token,
        "delete_form": delete_form or DeleteAccountForm(),
    }
    return render(request, "accounts/settings.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def settings_view(request):
    profile = profile_for(request.user)
    form = ProfileForm(request.POST or None, instance=profile)
    if request.method == "POST" and form.is_valid():
        form.save()
        translation.activate(profile.language)
        messages.success(request, _("Your settings were saved."))
        response = redirect("profile_settings")
        set_language_cookie(response, profile.language)
        return response
    return _settings_page(request, form, status=400 if form.errors else 200)


@login_required
@require_POST
def create_api_token(request):
    """A new API token, shown on this one answer only (never stored in the session or a message)."""
    form = ProfileForm(instance=profile_for(request.user))
    token_form = ApiTokenForm(request.POST)
    if not token_form.is_valid():
        return _settings_page(request, form, token_form, status=400)
    try:
        token, raw = tokens.issue(
            request.user, token_form.cleaned_data["name"], token_form.cleaned_data["expires_in_days"]
        )
    except tokens.TokenLimitReached as exc:
        token_form.add_error(None, str(exc))
        return _settings_page(request, form, token_form, status=400)
    return _settings_page(request, form, new_token={"name": token.name, "token": raw})


@login_required
@require_POST
def revoke_api_token(request, pk):
    if tokens.revoke(request.user, pk):
        messages.success(request, _("The token is revoked: it no longer works."))
    return redirect(reverse("profile_settings") + "#api-tokens")


@login_required
@require_GET
def export_data(request):
    """Everything stored about the player, as a JSON file to download (the API's GET /api/v1/me/export/)."""
    document = services.export(request.user)
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=1), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="guildhall-{request.user.pk}.json"'
    return response


@login_required
@require_POST
def delete_account(request):
    """Delete the account (accounts.services.delete_account), sign out, and show what became of it (the page
    of the deletion, in the player's language); a wrong password is a form error."""
    form = DeleteAccountForm(request.POST)
    if form.is_valid():
        language = profile_for(request.user).language
        emailed = farewell.before_erasure(request.user) is not None
        try:
            services.delete_account(request.user, form.cleaned_data["password"])
        except GameError as exc:
            form.add_error("password" if exc.code in ("wrong_password", "password_required") else None, exc.detail)
        else:
            logout(request)
            # The new, anonymous session remembers only that it may read the page, and whether an email went.
            request.session[DELETED_MARK] = {"emailed": emailed}
            response = redirect("account_deleted")
            set_language_cookie(response, language)  # signed out, the page no longer follows the profile
            return response
    settings_form = ProfileForm(instance=profile_for(request.user))
    return _settings_page(request, settings_form, status=400, delete_form=form)


@require_GET
def account_deleted(request):
    """The page after a deletion: what was erased, what stays, and whether a confirmation was emailed. Only
    for the browser that deleted the account (others are sent home: there is nothing here for them)."""
    mark = request.session.get(DELETED_MARK)
    if not isinstance(mark, dict):
        return redirect("home")
    context = {"emailed": bool(mark.get("emailed")), "erased": farewell.ERASED, "kept": farewell.KEPT}
    return render(request, "accounts/deleted.html", context)


def public_profile(request, username):
    """A player's profile. A deleted account's is a page that says so (410 Gone: the player is gone for good,
    which a crawler takes as a reason to drop the address, while a visitor following a game's link to them
    reads why there is nothing more), offering nothing to do. A suspended account's is not found."""
    user = get_object_or_404(get_user_model(), username=username)
    if user.deleted_at is not None:
        return render(request, "accounts/deleted_profile.html", {"profile_user": user}, status=410)
    if not user.is_active:
        raise Http404
    # A lesson (the guided first game) is practice, not a game of the player's record.
    seats = Seat.objects.filter(user=user, game__lesson=False)
    stats = seats.aggregate(
        played=Count("id", filter=Q(game__status=Game.Status.FINISHED)),
        won=Count("id", filter=Q(game__status=Game.Status.FINISHED, final_place=1)),
        active=Count("id", filter=Q(game__status=Game.Status.ACTIVE)),
    )
    recent = (
        Game.objects.filter(
            seats__user=user, lesson=False, status__in=[Game.Status.ACTIVE, Game.Status.FINISHED]
        )
        .prefetch_related("seats__user")
        .order_by("-updated_at", "-id")[:RECENT_GAMES]
    )
    rows = []
    for game in recent:
        seat = next(s for s in game.seats.all() if s.user_id == user.pk)
        rows.append(
            {
                "game": game,
                "opponents": [s.display_name for s in game.seats.all() if s.pk != seat.pk],
                "place": seat.final_place,
            }
        )
    return render(
        request,
        "accounts/profile.html",
        {
            "profile_user": user,
            "profile": profile_for(user),
            "stats": stats,
            "recent": rows,
            "player_stats": player_stats(user),  # the statistics of finished games
        },
    )


@require_POST
def set_language(request):
    """Django's set_language view (cookie, redirect to ``next``); a signed-in player's profile follows."""
    language = request.POST.get("language")
    if request.user.is_authenticated and language in dict(Profile.LANGUAGE_CHOICES):
        profile = profile_for(request.user)
        profile.language = language
        profile.save(update_fields=["language"])
    return django_set_language(request)
