"""Create demo users and a demo game in progress of each game players may create on the site
(``games.services.offered_games``: OFFERED_GAMES), and print their logins and the pages to open. Safe to
run again."""

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.urls import reverse

from games import cache as state_cache
from games import services
from games.models import DEFAULT_GAME, Game, Seat
from games.rules import rules_of

DEMO_PASSWORD = "guildhall-demo"
DEMO_USERS = ("alice", "bob", "carol")
DEMO_MOVES = 12  # decisions played in the demo game so that it is visibly under way
DEMO_BOT = Seat.BotKind.GREEDY


class Command(BaseCommand):
    help = "Create demo users (alice, bob, carol) and a demo game in progress. Idempotent."

    def handle(self, *args, **options):
        User = get_user_model()
        users = []
        for name in DEMO_USERS:
            user, created = User.objects.get_or_create(
                username=name, defaults={"email": f"{name}@example.com"}
            )
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save()
            # Confirmed, as after following the link of the sign-up email: emails go to confirmed addresses.
            EmailAddress.objects.get_or_create(
                user=user, email=user.email, defaults={"primary": True, "verified": True}
            )
            users.append(user)
        alice, bob, carol = users

        offered = services.offered_games()
        game = self._first_game(alice, bob) if DEFAULT_GAME in offered else None
        others = [self._other_game(slug, alice, bob) for slug in offered if slug != DEFAULT_GAME]
        open_game = Game.objects.filter(created_by=carol, status=Game.Status.OPEN).first()
        if open_game is None:
            open_game = services.create_game(carol, seats=2, game=offered[0], rated=True)

        site = settings.SITE_URL.rstrip("/")
        self.stdout.write(self.style.SUCCESS(f"Demo logins (password for all: {DEMO_PASSWORD}):"))
        for user in users:
            self.stdout.write(f"  {user.username:6} / {user.email}")
        self.stdout.write("Pages to open (sign in as one of them):")
        pages = [
            ("the site", reverse("home")),
            ("how to play", reverse("guide:how-to-play")),
            *([("the game in progress (alice and bob against a bot)", reverse("games:game", args=[game.pk]))]
              if game is not None else []),
            *((f"a game of {rules_of(other.game).TITLE} in progress (alice and bob against a bot)",
               reverse("games:game", args=[other.pk])) for other in others),
            ("a game waiting for a second player (carol's)", reverse("games:game", args=[open_game.pk])),
            ("finished games", reverse("history")),
            ("the API documentation", reverse("api-docs")),
        ]
        for what, path in pages:
            self.stdout.write(f"  {site}{path}  {what}")
        self._calibration_note()

    def _calibration_note(self):
        """Whether games against the bots count for ratings here: the calibration in effect, or how to set one."""
        calibration = settings.RATINGS_BOT_CALIBRATION
        if calibration:
            kinds = ", ".join(f"{kind} {mu:g}:{sigma:g}" for kind, (mu, sigma) in sorted(calibration.items()))
            self.stdout.write(f"Games against these bots are rated (calibration rating μ:σ): {kinds}.")
            kinds = rules_of(DEFAULT_GAME).bots.KINDS
            missing = sorted(k for k in kinds if services.calibration(DEFAULT_GAME, k) is None)
            if missing:
                self.stdout.write(f"Games with the {', '.join(missing)} bot are unrated (no calibration rating).")
        else:
            self.stdout.write(
                self.style.WARNING(
                    "Games with bots are unrated: RATINGS_BOT_CALIBRATION is not set (make run sets the one in "
                    "docs/ratings.md)."
                )
            )

    def _first_game(self, alice, bob):
        """The demo game in progress of the site's first game: alice and bob against the greedy bot."""
        game = Game.objects.filter(game=DEFAULT_GAME, created_by=alice, seats__user=bob).order_by("pk").first()
        if game is None:
            with transaction.atomic():
                # Rated when the site has a calibration rating for the bot (make run sets one), as the
                # lobby's form would make it: the demo shows ratings moving.
                calibrated = services.calibration(DEFAULT_GAME, DEMO_BOT) is not None
                game = services.create_game(alice, seats=3, bots=1, bot_kind=DEMO_BOT, rated=calibrated)
                services.join(game.pk, bob)  # full now: the game starts by itself
            self._advance(game.pk)
            game.refresh_from_db()
            self.stdout.write(f"Created demo game {game.pk}.")
        return game

    def _other_game(self, slug, alice, bob):
        """The demo game in progress of each other game the site plays: alice and bob against the game's
        own bot (rated when the site has a calibration rating for it, as for the first game's)."""
        game = Game.objects.filter(game=slug, created_by=alice, seats__user=bob).order_by("pk").first()
        if game is None:
            kind = rules_of(slug).bots.DEFAULT_ABSENT
            with transaction.atomic():
                calibrated = services.calibration(slug, kind) is not None
                game = services.create_game(alice, seats=3, game=slug, bots=1, bot_kind=kind, rated=calibrated)
                services.join(game.pk, bob)
            self._advance(game.pk, kind)  # the people's moves as the game's own bot makes them: a game in play
            game.refresh_from_db()
            self.stdout.write(f"Created demo game {game.pk} ({slug}).")
        return game

    def _advance(self, game_id, kind="random"):
        """Play a few decisions for whoever is to move (humans through the same service as bots)."""
        import random

        rng = random.Random(game_id)
        for _ in range(DEMO_MOVES):
            game = Game.objects.get(pk=game_id)
            if game.status != Game.Status.ACTIVE or game.to_move_position is None:
                return
            seat = game.seats.get(position=game.to_move_position)
            state = state_cache.load_state(game)
            decision = rules_of(game).bots.choose(state, seat.position, kind, rng)
            actor = seat if seat.is_bot else seat.user
            services.submit_decision(game.pk, actor, game.seq, decision)
