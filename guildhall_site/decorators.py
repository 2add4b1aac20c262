"""Decorators of the site's pages, for every room's views."""

from functools import wraps

from django.contrib.auth.decorators import login_required as django_login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse


def login_required(view):
    """Django's login_required; for an htmx request (a poll, a decision) whose session has ended, an
    HX-Redirect to the sign-in page instead of a login page swapped into the table."""
    plain = django_login_required(view)

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if getattr(request, "htmx", False) and not request.user.is_authenticated:
            response = HttpResponse(status=204)
            page = request.htmx.current_url_abs_path or request.get_full_path()
            response["HX-Redirect"] = redirect_to_login(page)["Location"]
            return response
        return plain(request, *args, **kwargs)

    return wrapped
