"""The sign-in emails (address confirmation, password reset, "an account already exists") link to the
site's public address, SITE_URL with its port, whatever host the request came to (behind a proxy: the
app server's own address), and greet from the site's name, not from a host and port. The links work."""

import re
from urllib.parse import urlsplit

import pytest
from django.core import mail

pytestmark = pytest.mark.django_db

PUBLIC = "https://play.example:8443"
INTERNAL_HOST = "127.0.0.1:8100"  # what the app server is asked for behind the proxy
LINK = re.compile(r"https?://[^\s\"<>]+")


@pytest.fixture
def site(settings, client):
    settings.SITE_URL = PUBLIC
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    client.defaults["HTTP_HOST"] = INTERNAL_HOST
    mail.outbox = []
    return client


def _links(message):
    bodies = [message.body] + [content for content, _type in getattr(message, "alternatives", [])]
    return [link for body in bodies for link in LINK.findall(body)]


def _only_public(message):
    links = _links(message)
    assert links, message.body
    assert all(link.startswith(PUBLIC + "/") for link in links), links
    text = message.body + message.subject
    assert INTERNAL_HOST not in text and "127.0.0.1" not in text
    return links


def test_the_confirmation_email_links_to_the_public_address_with_its_port_and_greets_from_the_site(site):
    answer = site.post("/accounts/signup/", {"username": "newcomer", "email": "newcomer@example.org",
                                             "password1": "Tr0ub4dor&3-links", "password2": "Tr0ub4dor&3-links"})
    assert answer.status_code == 302
    [message] = mail.outbox
    [confirm] = [link for link in _only_public(message) if "/accounts/confirm-email/" in link]
    assert "Hello from Guildhall!" in message.body and message.subject.startswith("[Guildhall] ")
    assert site.post(urlsplit(confirm).path).status_code == 302  # the link's key confirms the address
    from allauth.account.models import EmailAddress

    assert EmailAddress.objects.get(email="newcomer@example.org").verified


def test_the_password_reset_email_links_to_the_public_address_and_its_key_works(site, make_user):
    user = make_user(email="forgetful@example.org")
    assert site.post("/accounts/password/reset/", {"email": "forgetful@example.org"}).status_code == 302
    [message] = mail.outbox
    [reset] = [link for link in _only_public(message) if "/accounts/password/reset/key/" in link]
    opened = site.get(urlsplit(reset).path)
    assert opened.status_code == 302 and opened["Location"].endswith("-set-password/")  # the key was good
    assert user.email in message.to


def test_an_account_already_exists_email_links_to_the_public_address(site, make_user):
    make_user(email="taken@example.org")
    site.post("/accounts/signup/", {"username": "another", "email": "taken@example.org",
                                    "password1": "Tr0ub4dor&3-links", "password2": "Tr0ub4dor&3-links"})
    [message] = mail.outbox
    assert message.to == ["taken@example.org"]
    _only_public(message)
