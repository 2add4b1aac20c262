from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """The site's user. A custom model from day one so that fields can be added without pain;
    sign-up, login (by username or email) and email handling are django-allauth's."""

    # Set when the player deleted their account (accounts.services.delete_account): the row stays, renamed
    # "deleted player N", for the games, ratings and tournaments that name it; nothing else of theirs is kept.
    deleted_at = models.DateTimeField(_("deleted at"), null=True, blank=True, editable=False)

    def public_name(self):
        """The name shown to others: the display name if set, else the username."""
        try:
            name = self.profile.display_name
        except Profile.DoesNotExist:
            name = ""
        return name or self.username


class Profile(models.Model):
    """A player's preferences: how they are called, which language and time zone they read in,
    and which emails they want (the notifications read these fields)."""

    LANGUAGE_CHOICES = [("en", _("English")), ("de", _("German")), ("es", _("Spanish"))]
    TURN_EMAIL_IMMEDIATE = "immediate"
    TURN_EMAIL_DIGEST = "digest"
    TURN_EMAIL_NEVER = "never"
    TURN_EMAIL_CHOICES = [
        (TURN_EMAIL_IMMEDIATE, _("At once")),
        (TURN_EMAIL_DIGEST, _("In a daily digest")),
        (TURN_EMAIL_NEVER, _("Never")),
    ]
    THEME_AUTO, THEME_LIGHT, THEME_DARK = "auto", "light", "dark"
    THEME_CHOICES = [
        (THEME_AUTO, _("As my device is set (light or dark)")),
        (THEME_LIGHT, _("Light")),
        (THEME_DARK, _("Dark")),
    ]

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile", verbose_name=_("user")
    )
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    language = models.CharField(_("language"), max_length=8, choices=LANGUAGE_CHOICES, default="en")
    time_zone = models.CharField(_("time zone"), max_length=64, default="UTC")
    turn_email = models.CharField(
        _("email when it is my turn"), max_length=10, choices=TURN_EMAIL_CHOICES, default=TURN_EMAIL_IMMEDIATE
    )
    digest_hour = models.PositiveSmallIntegerField(
        _("hour of the daily digest"),
        default=8,
        validators=[MaxValueValidator(23)],
        help_text=_("In your time zone, 0 to 23."),
    )
    reminder_emails = models.BooleanField(_("reminders before a deadline"), default=True)
    result_emails = models.BooleanField(_("game results"), default=True)
    invitation_emails = models.BooleanField(_("invitations to a game"), default=True)
    # Web Push (games.notifications.push): only to the browsers the player turned it on in (settings page).
    turn_push = models.BooleanField(
        _("push notification when it is my turn"),
        default=True,
        help_text=_("On the devices where you turned notifications on below, while no page of the site is open."),
    )
    # Dark mode (accounts/static/accounts/theme.css): "auto" follows the device's prefers-color-scheme.
    theme = models.CharField(_("colours"), max_length=8, choices=THEME_CHOICES, default=THEME_AUTO)

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")

    def __str__(self):
        return self.display_name or self.user.username


def profile_for(user):
    """The user's profile, created on first use (every user has one)."""
    try:
        return user.profile
    except Profile.DoesNotExist:
        profile, _created = Profile.objects.get_or_create(user=user)
        user.profile = profile
        return profile


@receiver(post_save, sender=User)
def _create_profile(sender, instance, created, raw=False, **kwargs):
    if created and not raw:
        Profile.objects.get_or_create(user=instance)


class ApiToken(models.Model):
    """An API token of one client or device, stored as a SHA-256 digest (the token itself is shown once,
    when it is made: accounts.tokens). A user's tokens all end when their password changes: each keeps the
    user's ``get_session_auth_hash()`` of when it was made, which every check compares (accounts.tokens)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens", verbose_name=_("user")
    )
    name = models.CharField(_("name"), max_length=64, help_text=_("The client or device that uses it."))
    digest = models.CharField(_("SHA-256 of the token"), max_length=64, unique=True)
    hint = models.CharField(_("first characters"), max_length=8, blank=True)
    # The user's session hash when the token was made (an HMAC of the password hash under SECRET_KEY, as a
    # signed-in session keeps it): a new password, by whatever path, makes it differ.
    session_hash = models.CharField(_("session hash when made"), max_length=128, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used at"), null=True, blank=True)
    expires_at = models.DateTimeField(_("expires at"), null=True, blank=True)

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        ordering = ["user", "-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["user", "name"], name="accounts_apitoken_unique_name")]

    def __str__(self):
        return f"{self.user_id}: {self.name}"

    @property
    def expired(self):
        from django.utils import timezone

        return self.expires_at is not None and self.expires_at <= timezone.now()
