"""The games tests' fixtures that the social rooms' tests use too (an SMTP server, a commit that runs its
after-commit work), from their one copy."""

from tests.games.conftest import commit, smtp_server  # noqa: F401
