"""Where a push may go: the push service of a browser, at public addresses, and nowhere else.

A push endpoint is an address a user hands the server, which the worker later connects to: without
checks, a subscription to ``https://169.254.169.254/…`` or ``https://10.0.0.1/…`` would have the worker
open connections inside the network. So an endpoint is accepted (``check``) only when
- it is an ``https`` URL with no user name or password, on the standard port;
- its host is one of ``WEBPUSH_ALLOWED_HOSTS`` (the browsers' push services; ``*.`` covers subdomains);
- every address its host resolves to is public (not private, loopback, link-local, shared, reserved,
  multicast or unspecified; an IPv6 address that carries an IPv4 one, mapped, 6to4 or NAT64, is judged
  by the IPv4 address it carries).

The check runs when a browser subscribes and again before every send, and the send connects to the
address that was checked (``session``): the host is not looked up a second time (a DNS answer that
changes between check and connection cannot move the connection), no proxy is used and no redirect is
followed. TLS still names the host (SNI) and checks its certificate against it, and the request says
``Host:`` the host.

``WEBPUSH_RESOLVER`` names the function that resolves a host (``system_resolver``: the system's
resolver); tests name one that answers the addresses they need. ``WEBPUSH_ALLOW_LOOPBACK_ENDPOINTS``
(tests only: their push service listens on loopback, on a port of its own; ``check --deploy``
refuses it) lets loopback addresses and any port through.
"""

import ipaddress
import re
import socket
from typing import NamedTuple
from urllib.parse import urlsplit

import requests
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _
from requests.adapters import HTTPAdapter

DEFAULT_PORTS = {"https": 443, "http": 80}
HOSTNAME = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$")
NAT64 = ipaddress.ip_network("64:ff9b::/96")


class BadEndpoint(ValueError):
    """An endpoint the server does not send to; the message says why, in the user's words."""


class NotFound(BadEndpoint):
    """The push service's host has no address now (at send time: perhaps for a moment, tried again)."""


class Endpoint(NamedTuple):
    """A checked endpoint: where the URL points (scheme, host, port) and the address to connect to."""

    scheme: str
    host: str
    port: int
    address: str

    @property
    def host_header(self):
        host = f"[{self.host}]" if ":" in self.host else self.host
        return host if self.port == DEFAULT_PORTS[self.scheme] else f"{host}:{self.port}"


def system_resolver(host, port):
    """The addresses of ``host`` as the system's resolver gives them, in its order of preference (only
    the address families this machine can reach: AI_ADDRCONFIG)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_ADDRCONFIG)
    return [info[4][0] for info in infos]


def allowed_host(host):
    """Whether ``host`` (lower case) is one of WEBPUSH_ALLOWED_HOSTS; ``*.example.org`` allows the hosts
    under example.org, not example.org itself."""
    for pattern in settings.WEBPUSH_ALLOWED_HOSTS:
        pattern = pattern.strip().lower()
        if pattern.startswith("*."):
            if host.endswith(pattern[1:]) and len(host) > len(pattern) - 1:
                return True
        elif host == pattern:
            return True
    return False


def is_public(ip):
    """Whether ``ip`` (an ipaddress address) is reachable on the public internet and nowhere else."""
    if ip.version == 6:
        carried = ip.ipv4_mapped or ip.sixtofour
        if carried is None and ip in NAT64:
            carried = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
        if carried is not None:
            return is_public(carried)
        if ip.teredo is not None or ip.is_site_local:
            return False
    return ip.is_global and not (
        ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_multicast
        or ip.is_reserved
        or ip.is_unspecified
    )


def _loopback(ip):
    return ip.is_loopback or (ip.version == 6 and ip.ipv4_mapped is not None and ip.ipv4_mapped.is_loopback)


def _address(text):
    try:
        return ipaddress.ip_address(text)
    except ValueError:  # a zone index (fe80::1%eth0) is link-local: refused all the same
        return None


def check(url):
    """The endpoint ``url`` points at, with the address to connect to. Raises BadEndpoint (NotFound when
    the host has no address) unless it is an HTTPS URL of an allowed push service whose every address is
    public. The host is resolved once, here: send to the returned address (``session``)."""
    schemes = ["https", "http"] if settings.WEBPUSH_ALLOW_HTTP_ENDPOINTS else ["https"]
    not_https = BadEndpoint(_("The endpoint of the subscription is not an HTTPS address."))
    try:
        URLValidator(schemes=schemes)(url)
        parts = urlsplit(url)
        port = parts.port or DEFAULT_PORTS[parts.scheme]
    except (ValidationError, ValueError, KeyError):
        raise not_https from None
    host = parts.hostname or ""  # lower case, an IPv6 literal without its brackets
    if parts.username is not None or parts.password is not None or not host:
        raise not_https
    if not (allowed_host(host) and (HOSTNAME.match(host) or _address(host) is not None)):
        raise BadEndpoint(
            _("Push notifications go only to the push service of a browser; %(host)s is not one.") % {"host": host}
        )
    try:
        answers = list(import_string(settings.WEBPUSH_RESOLVER)(host, port))
    except (OSError, UnicodeError):
        answers = []
    if not answers:
        raise NotFound(_("The push service %(host)s cannot be found.") % {"host": host})
    addresses = [_address(answer) for answer in answers]
    loopback_allowed = settings.WEBPUSH_ALLOW_LOOPBACK_ENDPOINTS
    for ip in addresses:
        if ip is None or not (is_public(ip) or (loopback_allowed and _loopback(ip))):
            raise BadEndpoint(_("The push service %(host)s is not at a public address.") % {"host": host})
    if port != DEFAULT_PORTS[parts.scheme] and not loopback_allowed:
        raise not_https
    return Endpoint(parts.scheme, host, port, str(addresses[0]))


class _PinnedAdapter(HTTPAdapter):
    """Connects to the checked address of one endpoint, and refuses any other URL."""

    def __init__(self, endpoint):
        self.endpoint = endpoint
        super().__init__(max_retries=0)

    def build_connection_pool_key_attributes(self, request, verify, cert=None):
        host_params, pool_kwargs = super().build_connection_pool_key_attributes(request, verify, cert)
        endpoint = self.endpoint
        scheme, host = host_params["scheme"], host_params["host"]
        port = host_params["port"] or DEFAULT_PORTS.get(scheme)
        if (scheme, host, port) != (endpoint.scheme, endpoint.host, endpoint.port):
            raise ValueError(f"not the push endpoint that was checked: {scheme}://{host}:{port}")
        host_params = {**host_params, "host": endpoint.address, "port": endpoint.port}
        if scheme == "https":  # TLS for the host: its name in SNI, its certificate checked against it
            pool_kwargs = {**pool_kwargs, "server_hostname": endpoint.host, "assert_hostname": endpoint.host}
        return host_params, pool_kwargs

    def add_headers(self, request, **kwargs):
        request.headers["Host"] = self.endpoint.host_header


class _Session(requests.Session):
    def request(self, method, url, **kwargs):
        kwargs["allow_redirects"] = False  # a redirect is an answer, never followed
        return super().request(method, url, **kwargs)


def session(endpoint):
    """A requests session that reaches ``endpoint`` (from ``check``) only, at its checked address: no
    second lookup, no proxy from the environment, no redirect followed."""
    http = _Session()
    http.trust_env = False
    http.verify = settings.WEBPUSH_TLS_VERIFY
    adapter = _PinnedAdapter(endpoint)
    http.mount("https://", adapter)
    http.mount("http://", adapter)
    return http
