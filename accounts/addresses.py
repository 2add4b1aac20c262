"""Where a user's emails go: the rule every email of the site follows (the outbox's, the farewell's)."""


def address_of(user):
    """Where ``user``'s emails go: their address if they confirmed it, else None (no email at all)."""
    if not user.email:
        return None
    known = getattr(user, "has_confirmed_email", None)
    if known is None:
        from allauth.account.models import EmailAddress

        known = EmailAddress.objects.filter(user_id=user.pk, email__iexact=user.email, verified=True).exists()
    return user.email if known else None
