"""django-allauth's adapter, adjusted where it decides how guesses are counted and what its emails say.

- The client's address: ``REMOTE_ADDR``, or, behind ``TRUSTED_PROXY_COUNT`` proxies, the address the
  outermost trusted proxy saw (the N-th entry of ``X-Forwarded-For`` from the right). Entries further
  left are written by the client and never trusted. Every per-address limit of the site uses this
  address: allauth's own, the API's and the pages' write throttles.
- The key of the login-failure lockout (``ACCOUNT_RATE_LIMITS["login_failed"]``): the account, not the
  text typed. allauth keys it on the request's host and the login as typed, so ``Host: site:1``,
  ``Host: site:2``… or the username and then the email address of one account would each get a fresh
  allowance of guesses. The login form and the API's token endpoint share this key.
- The emails (address confirmation, password reset, "an account already exists"): every link is built from
  ``SITE_URL`` (scheme, host and port), never from the request's host, which behind a proxy on another port
  or host names an address the reader cannot reach; and they greet from the site's name (``SITE_NAME``),
  not from the host and port the request came to.
"""

import ipaddress
from dataclasses import dataclass
from urllib.parse import quote, urlsplit

from allauth.account import app_settings as account_settings
from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.internal.userkit import filter_users_by_email, get_user_by_username
from django.conf import settings
from django.urls import reverse

# allauth counts IPv6 clients per /64 network (ALLAUTH_RATE_LIMIT_IPV6_PREFIX); so do our throttles.
IPV6_PREFIX = getattr(settings, "ALLAUTH_RATE_LIMIT_IPV6_PREFIX", 64)


def client_ip(request):
    """The client's address as seen through the configured number of trusted proxies."""
    address = request.META.get("REMOTE_ADDR") or ""
    proxies = getattr(settings, "ALLAUTH_TRUSTED_PROXY_COUNT", 0)
    if proxies > 0:
        forwarded = [part.strip() for part in request.headers.get("X-Forwarded-For", "").split(",")]
        # Fewer entries than proxies: the request did not come through all of them; REMOTE_ADDR it is.
        if len(forwarded) >= proxies and forwarded[-proxies]:
            address = forwarded[-proxies]
    return _normalised(address)


def _normalised(address):
    try:
        ip = ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return address[:64] or "unknown"  # e.g. a Unix socket peer under a test server
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/{IPV6_PREFIX}", strict=False).network_address)
    return str(ip)


def account_key(login):
    """The lockout key of ``login`` (a username or an email address): the account it names, or, when it
    names none, the login itself, lower-cased."""
    login = (login or "").strip()
    user = None
    if "@" in login and account_settings.LoginMethod.EMAIL in account_settings.LOGIN_METHODS:
        user = next(iter(filter_users_by_email(login, prefer_verified=True, for_login=True)), None)
    if user is None:
        user = get_user_by_username(login)
    if user is not None:
        return f"account:{user.pk}"
    return f"login:{login.lower()}"


def site_url(path):
    """``path`` on the site's public address (``SITE_URL``: its scheme, host and port)."""
    return settings.SITE_URL + path


@dataclass(frozen=True)
class Site:
    """What allauth's email templates read as ``current_site``: the site's name and its public address."""

    name: str
    domain: str


def this_site():
    return Site(name=settings.SITE_NAME, domain=urlsplit(settings.SITE_URL).netloc)


class AccountAdapter(DefaultAccountAdapter):
    def get_client_ip(self, request):
        return client_ip(request)

    def _get_login_attempts_cache_key(self, request, **credentials):
        return account_key(credentials.get("email") or credentials.get("username") or "")

    def send_mail(self, template_prefix, email, context):
        super().send_mail(template_prefix, email, {**context, "current_site": this_site()})

    def get_email_confirmation_url(self, request, emailconfirmation):
        return site_url(reverse("account_confirm_email", args=[emailconfirmation.key]))

    def get_reset_password_from_key_url(self, key):
        # allauth's own shape: the opaque "<uid>-<key>" in place of the route's two parts.
        path = reverse("account_reset_password_from_key", kwargs={"uidb36": "UID", "key": "KEY"})
        return site_url(path.replace("UID-KEY", quote(key)))

    def send_account_already_exists_mail(self, email):
        context = {"signup_url": site_url(reverse("account_signup")),
                   "password_reset_url": site_url(reverse("account_reset_password"))}
        self.send_mail("account/email/account_already_exists", email, context)
