"""The registry of email kinds: every email the outbox sends, the site's own (the your-turn email, reminders,
results, the digest: games/notifications/emails.py) and those other apps own (invitations, tournaments…), is built one
way, by the builder registered for its kind.

A feature app (private messages, tournaments…) registers each of its kinds from its AppConfig.ready()::

    from games.notifications import kinds
    kinds.register("message", build, preference=wants_it, unsubscribe=turn_it_off, label=_("private messages"))

and writes its rows with ``outbox.enqueue(kind, user_id, key, …)``. The outbox never imports a feature:
it only calls what was registered here, at send time.

- ``build(n, user, prefs, now)`` makes the email of row ``n`` for ``user`` (confirmed address, preferences
  ``prefs``, rendering under the recipient's language). It returns None when nothing is to be sent any more
  (the row is then ``skipped``), or an ``Email``: the subject and the context of its templates, which are
  the site's email layout (templates/email/notification.*: ``intro``, ``list_heading``/``list_lines``,
  ``game_url``/``game_link_text``…) unless it names its own. The outbox adds what every email has (the
  greeting's name, the links to the preferences and to unsubscribe) to the context, and the headers
  (Message-ID per row, List-Unsubscribe).
- ``preference``: the name of a ``Prefs`` field that is on when the recipient wants this kind (the
  unsubscribe link then turns that field off, as for the site's own kinds), or a function
  ``(user, prefs) -> bool`` with ``unsubscribe(user)`` turning it off and ``label`` saying what it is
  ("You will no longer receive …"), or with ``category`` naming one of the site's own categories. Read at
  send time: a change of mind since the row was written counts.
- ``expires``: whether a row more than ``NOTIFY_RELEVANT_FOR`` late (a very long outage) is news no more
  and skipped; a kind that judges its own relevance (a turn that has passed) says False.

Digest lines: ``register_digest(name, lines, category=…)`` adds ``lines(user, since) -> [(text, url), …]`` to the
daily digest (``since``: when the previous digest went out, None for the first); a feature whose
preference is "in the digest" also asks for the digest row with ``outbox.schedule_digest(user_id)``.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

# The Prefs fields the site's own kinds are turned off by, under their unsubscribe categories.
OWN_CATEGORIES = {
    "turn": ("turn_email", "never"),
    "reminders": ("reminder_emails", False),
    "results": ("result_emails", False),
    "invitations": ("invitation_emails", False),
}


# The site's email layout: templates/email/notification.txt and .html.
LAYOUT = "email/notification"


@dataclass(frozen=True)
class Email:
    """What a builder says: the subject and the context of the email's templates (``template`` + ".txt"
    and ".html": the site's layout unless the feature has its own). ``unsubscribe``: the category its
    unsubscribe link turns off, when not its kind's own (a digest that holds only one feature's lines)."""

    subject: str
    context: dict = field(default_factory=dict)
    template: str = LAYOUT
    unsubscribe: str | None = None


@dataclass(frozen=True)
class EmailKind:
    name: str
    build: Callable
    wanted: Callable  # (user, prefs) -> bool
    category: str  # what the unsubscribe link of its emails turns off
    unsubscribe: Callable | None  # (user) -> None, for a category of the feature's own
    label: object  # what the unsubscribe page says is turned off
    expires: bool = True  # skipped when NOTIFY_RELEVANT_FOR late


_kinds = {}
_digest = {}


def register(kind, build, *, preference, unsubscribe=None, label=None, category=None, expires=True):
    """Register email ``kind`` (at most 32 characters) with its builder and the preference that allows it.
    Registering the same kind again replaces it (a test's own builder, a reloaded app)."""
    if not isinstance(kind, str) or not 0 < len(kind) <= 32:
        raise ValueError(f"an email kind is a name of 1 to 32 characters, not {kind!r}")
    if isinstance(preference, str):
        category = next((c for c, (name, _off) in OWN_CATEGORIES.items() if name == preference), None)
        if category is None:
            raise ValueError(f"{preference!r} is not a preference of the profile: pass a function instead")
        name, off = OWN_CATEGORIES[category]
        entry = EmailKind(kind, build, lambda user, prefs: getattr(prefs, name, off) != off, category, None, label,
                          expires)
    elif category is not None:
        if category not in OWN_CATEGORIES:
            raise ValueError(f"{category!r} is not one of the site's categories: {', '.join(OWN_CATEGORIES)}")
        entry = EmailKind(kind, build, preference, category, None, label, expires)
    else:
        if unsubscribe is None or label is None:
            raise ValueError("a preference of the feature's own needs unsubscribe= and label=")
        entry = EmailKind(kind, build, preference, kind, unsubscribe, label, expires)
    _kinds[kind] = entry
    return entry


def unregister(kind):
    """Forget ``kind`` (a test's own kind, once the test is over)."""
    _kinds.pop(kind, None)


def get(kind):
    """The registered kind ``kind``, or None."""
    return _kinds.get(kind)


def is_registered(kind):
    return kind in _kinds


def categories():
    """Every unsubscribe category a link may carry: the site's own and those of registered kinds."""
    return set(OWN_CATEGORIES) | {k.category for k in _kinds.values()}


def by_category(category):
    """The registered kind whose own unsubscribe category is ``category``, or None."""
    return next((k for k in _kinds.values() if k.category == category and k.unsubscribe is not None), None)


def register_digest(name, lines, category=None):
    """Add a section to the daily digest: ``lines(user, since) -> [(text, url), …]`` (empty: nothing).
    ``category``: the unsubscribe category of a digest that holds only this section's lines."""
    _digest[name] = (lines, category)


def digest_sections(user, since):
    """``[(category, [(text, url), …]), …]``: the registered sections with lines for ``user``, in the
    order they were registered."""
    found = []
    for lines, category in _digest.values():
        shown = list(lines(user, since))
        if shown:
            found.append((category, shown))
    return found
