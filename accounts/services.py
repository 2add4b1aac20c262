"""Changes of state of an account as a whole: deleting it, and reading everything stored about it.

``delete_account(user, password)`` is what the settings page and ``DELETE /api/v1/me/`` call; every app's part
is in its ``privacy`` module (accounts.personal_data says how they are found and in which order). It is one
transaction: a seat in a game in progress is resigned and a tournament withdrawn from (entries of the logs,
through those apps' services), then every app erases or anonymises its rows, then the account row becomes
"deleted player N". Anything that fails on the way rolls all of it back. Once it is committed, one email
confirms it to the address the account had (accounts.farewell): the account's last.

Who may: the player, with their password. A staff account (staff or superuser) is refused: the admin's log
and the moderation log name it, and the last administrator must not lock the site out by a click; another
administrator first takes the staff status away. A suspended account cannot sign in, so it cannot ask here;
the operator erases it on request with ``manage.py erase_account`` (the moderation log stays, as for any
account). The rate of password guesses is the write budget's (accounts.throttles), as every write's.
"""

import datetime
from functools import partial

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games.exceptions import Conflict, Forbidden, InvalidRequest

from . import farewell, personal_data
from .models import profile_for

EXPORT_FORMAT = 1


def _check_may_go(user):
    if user.deleted_at is not None:
        raise Conflict(_("This account is deleted already."), code="deleted")
    if user.is_staff or user.is_superuser:
        raise Forbidden(
            _("A staff account cannot be deleted here: another administrator first removes its staff status."),
            code="staff_account",
        )


def delete_account(user, password):
    """Delete ``user``'s account if ``password`` is theirs: InvalidRequest (code ``wrong_password``) if not,
    Forbidden for a staff account, and nothing changes."""
    if not isinstance(password, str) or not password:
        raise InvalidRequest(_("Type your password to delete your account."), code="password_required")
    if not user.is_active:
        raise Forbidden(_("This account cannot be deleted while it is suspended."), code="inactive")
    _check_may_go(user)
    if not user.check_password(password):
        raise InvalidRequest(_("That is not your password: nothing was deleted."), code="wrong_password")
    erase_account(user)


def erase_account(user):
    """Erase ``user``'s account without a password (the operator's command, for a request made otherwise)."""
    with transaction.atomic():
        # The row lock queues a second deletion (another tab, the API) behind this one, which it then refuses.
        locked = get_user_model().objects.select_for_update().get(pk=user.pk)
        _check_may_go(locked)
        goodbye = farewell.before_erasure(locked)  # the address and the language, before they are erased
        personal_data.leave_and_erase(locked)
        if goodbye is not None:
            # After the commit (of an outer transaction too), and after the games' hooks registered above.
            transaction.on_commit(partial(farewell.send, goodbye, locked.deleted_at, locked.pk))
    for field in ("username", "email", "first_name", "last_name", "is_active", "deleted_at", "password"):
        setattr(user, field, getattr(locked, field))
    return user


def export(user, now=None):
    """Everything stored about ``user``, as one JSON-ready document (datetimes as ISO 8601 strings). Its words
    (a game's log, the outcome of a report) are in the player's language, whoever asks: the page, the API
    (whose token is read after the language is chosen) and a shell give the same document."""
    with translation.override(profile_for(user).language or settings.LANGUAGE_CODE):
        document = {
            "format": EXPORT_FORMAT,
            "exported_at": now or timezone.now(),
            "user_id": user.pk,
            "apps": personal_data.export(user),
        }
    return _jsonable(document)


def _jsonable(value):
    if isinstance(value, dict):
        return {str(key): _jsonable(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(item) for item in value]
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    if isinstance(value, datetime.timedelta):
        return value.total_seconds()
    return value
