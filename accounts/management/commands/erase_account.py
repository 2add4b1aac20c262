"""``manage.py erase_account USERNAME``: delete an account without its password, for a request that reached the
operator another way (a suspended player cannot sign in to do it; the privacy page gives the contact). The same
erasure as the settings page's (accounts.services.erase_account); a staff account is refused likewise."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from games.exceptions import GameError

from ...services import erase_account


class Command(BaseCommand):
    help = "Delete an account as its player would (games resigned, personal data erased), without its password."

    def add_arguments(self, parser):
        parser.add_argument("username")

    def handle(self, *args, username, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"No account is called {username!r}.")
        try:
            erase_account(user)
        except GameError as exc:
            raise CommandError(str(exc.detail)) from None
        self.stdout.write(f"Deleted: the account is now {user.username!r}.")
