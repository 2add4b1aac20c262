"""Personal data of the account itself (accounts.personal_data): the user row, the profile, the email addresses
(django-allauth's), the API tokens, the sessions; and the user fields of installed apps that have no privacy module of
their own (Django's admin log, the benchmarks' scratch rows)."""

from importlib import import_module

from allauth.account.models import EmailAddress
from django.apps import apps
from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.utils import timezone

from .models import ApiToken, Profile, profile_for
from .personal_data import KEEP, UserField

USER_FIELDS = {
    "accounts.Profile.user": UserField(
        export="profile",
        id_key="id",
        erase=KEEP,
        why_kept="every user has a profile (profile_for makes one on first use): it is reset to the defaults "
        "with every email and push notification off",
        cleared={"display_name": "", "turn_email": Profile.TURN_EMAIL_NEVER, "turn_push": False},
    ),
    "account.EmailAddress.user": UserField(export="email_addresses"),
    "accounts.ApiToken.user": UserField(export="api_tokens"),
    "admin.LogEntry.user": UserField(
        not_exported="the site's own record of what staff did in the admin (a staff account cannot be deleted "
        "through the site, see accounts.services)",
        erase=KEEP,
        why_kept="the record of staff work stays, as the moderation log does; it names the anonymised account",
    ),
    "benchmarks.FloorRow.user": UserField(
        not_exported="scratch rows of `manage.py benchmark`, written only for the benchmark's own users",
    ),
}


def export(user):
    profile = profile_for(user)
    return {
        "user": {
            "id": user.pk,
            "username": user.username,
            "first_name": user.first_name,
            "last_name": user.last_name,
            "email": user.email,
            "date_joined": user.date_joined,
            "last_login": user.last_login,
            "is_active": user.is_active,
            "is_staff": user.is_staff,
        },
        "profile": [
            {
                "id": profile.pk,
                "display_name": profile.display_name,
                "language": profile.language,
                "time_zone": profile.time_zone,
                "turn_email": profile.turn_email,
                "digest_hour": profile.digest_hour,
                "reminder_emails": profile.reminder_emails,
                "result_emails": profile.result_emails,
                "invitation_emails": profile.invitation_emails,
                "turn_push": profile.turn_push,
                "theme": profile.theme,
            }
        ],
        "email_addresses": [
            {"id": row.pk, "email": row.email, "verified": row.verified, "primary": row.primary}
            for row in EmailAddress.objects.filter(user=user).order_by("pk")
        ],
        # Names and dates only: never the token, its digest, or the session hash it keeps.
        "api_tokens": [
            {
                "id": token.pk,
                "name": token.name,
                "begins_with": token.hint,
                "created_at": token.created_at,
                "last_used_at": token.last_used_at,
                "expires_at": token.expires_at,
            }
            for token in ApiToken.objects.filter(user=user).order_by("pk")
        ],
    }


def erase(user):
    """The account row stays (games, ratings, tournaments and the moderation log point to it) under a name no
    one can sign up with (usernames have no spaces), with nothing left that identifies the person."""
    EmailAddress.objects.filter(user=user).delete()
    ApiToken.objects.filter(user=user).delete()
    if apps.is_installed("benchmarks"):
        apps.get_model("benchmarks", "FloorRow").objects.filter(user=user).delete()
    Profile.objects.update_or_create(
        user=user,
        defaults={
            "display_name": "",
            "language": Profile._meta.get_field("language").default,
            "time_zone": Profile._meta.get_field("time_zone").default,
            "turn_email": Profile.TURN_EMAIL_NEVER,
            "digest_hour": Profile._meta.get_field("digest_hour").default,
            "reminder_emails": False,
            "result_emails": False,
            "invitation_emails": False,
            "turn_push": False,
            "theme": Profile.THEME_AUTO,
        },
    )
    _delete_sessions(user)
    user.groups.clear()
    user.user_permissions.clear()
    user.username = deleted_name(user)
    user.first_name = user.last_name = user.email = ""
    user.set_unusable_password()  # ends every session (their hash changes) and every API token left
    user.is_active = user.is_staff = user.is_superuser = False
    user.last_login = None
    user.deleted_at = timezone.now()
    user.save()


def _delete_sessions(user):
    """Every session of the account goes with it: each is dead once the password is made unusable below (its
    hash no longer matches), but its row would still name the account until it expired. Django keeps no
    index of sessions by user, so each stored session is read once: a deletion is rare."""
    if not apps.is_installed("django.contrib.sessions"):
        return
    store = import_module(settings.SESSION_ENGINE).SessionStore
    if not hasattr(store, "get_model_class"):  # a store without rows (cache, signed cookies): nothing to find
        return
    user_id = str(user.pk)
    for key, data in store.get_model_class().objects.values_list("session_key", "session_data").iterator():
        if store().decode(data).get(SESSION_KEY) == user_id:
            store(session_key=key).delete()  # the cached copy too, where the store keeps one


def deleted_name(user):
    """The name games, ratings and tournaments show for the erased account: unique (it holds the id), and
    never a username anyone can take (the sign-up refuses spaces)."""
    return f"deleted player {user.pk}"
