"""Shared settings, read from the environment through django-environ.

Opt-in environment variables: DATABASE_URL, REDIS_URL, EMAIL_URL, SECRET_KEY, ALLOWED_HOSTS, DEBUG,
SITE_URL, DEFAULT_FROM_EMAIL, THROTTLE_WRITE_RATE, TRUSTED_PROXY_COUNT, TURN_TIMEOUT_HOURS,
BENCHMARK_ENDPOINTS, CHAT_THROTTLE_RATE, EMAIL_TIMEOUT, RATINGS_BOT_CALIBRATION, VAPID_PRIVATE_KEY,
VAPID_SUBJECT.
"""

import logging
import os
import secrets
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from ops.logs import logging_config as ops_logging_config

from .keyfiles import kept_key

BASE_DIR = Path(__file__).resolve().parent.parent.parent

env = environ.Env()

DEBUG = env.bool("DEBUG", default=True)



def _development_secret_key(path):
    """The key of a development checkout (``make run``, the tests): random, made on first use and kept
    in ``var/`` (ignored by git), so that nobody who has read the code can sign a link for this
    instance. Two processes starting at once agree on one key (``keyfiles.kept_key``)."""
    try:
        return kept_key(path, lambda: secrets.token_urlsafe(50)).strip()
    except OSError as exc:  # a read-only checkout: a key for this process only
        logging.getLogger(__name__).warning("cannot keep a secret key in %s (%s); using a temporary one", path, exc)
        return secrets.token_urlsafe(50)


SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set in the environment when DEBUG is off."
        )
    if not os.environ.get("DJANGO_SETTINGS_MODULE", "").endswith(".production"):  # production.py refuses
        SECRET_KEY = _development_secret_key(BASE_DIR / "var" / "development-secret-key")

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
SITE_URL = env.str("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[SITE_URL])

INSTALLED_APPS = [
    # First: its runserver serves the ASGI application (pages and the live tables' WebSockets).
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "csp",
    "allauth",
    "allauth.account",
    "accounts",
    "games",
    "benchmarks",
    "ops",
]

MIDDLEWARE = [
    # /healthz, /readyz and /metrics answered before anything else; then each request's id, counters and
    # log line around everything else (ops/middleware.py).
    "ops.middleware.OpsEndpointsMiddleware",
    "ops.middleware.RequestMiddleware",
    "guildhall_site.middleware.ApiJsonErrorsMiddleware",
    "guildhall_site.middleware.PrivateNoStoreMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "guildhall_site.middleware.RejectMalformedRequestMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "guildhall_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "guildhall_site.wsgi.application"
ASGI_APPLICATION = "guildhall_site.asgi.application"

# --- Database: embedded SQLite unless DATABASE_URL is set ------------------------------------------
# An empty variable counts as unset.
DATABASES = {
    "default": env.db_url_config(env.str("DATABASE_URL", default="") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
_db = DATABASES["default"]
if _db["ENGINE"] == "django.db.backends.sqlite3":
    # BEGIN IMMEDIATE: a writer takes the lock when its transaction starts, so two concurrent
    # submissions queue instead of failing with "database is locked" half-way through.
    # WAL: readers never wait for a writer (a page polls while a decision commits).
    _db.setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
    # The tests' database is a file too: an in-memory database shared between threads (the browser tests'
    # servers answer requests in threads of their own) refuses a second writer at once ("database table is
    # locked") where a file's lock makes it wait.
    (BASE_DIR / "var").mkdir(exist_ok=True)
    _db["TEST"] = {"NAME": str(BASE_DIR / "var" / "test-db.sqlite3")}
    # The leaderboard's covering index (INCLUDE) is a PostgreSQL speed-up; SQLite builds it without the
    # included column, which only makes SQLite's count read the table: not worth a warning on every command.
    SILENCED_SYSTEM_CHECKS = ["models.W040"]
else:
    _db.setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
    _db.setdefault("CONN_HEALTH_CHECKS", True)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache and Celery: Redis when REDIS_URL is set, in-process otherwise --------------------------
REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {
        "default": {
            # Django's RedisCache, except that an unreachable Redis falls back to an in-process cache
            # (logged) instead of failing the request: see guildhall_site/cache.py. The ops subclass counts
            # the operations the fallback served (guildhall_cache_fallbacks_total).
            "BACKEND": "ops.cache.MeteredResilientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "guildhall",
            "TIMEOUT": 7 * 24 * 3600,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 2, "OUTAGE_RETRY_SECONDS": 5},
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "guildhall",
            "TIMEOUT": 7 * 24 * 3600,
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    }

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
# With late acks, a task cut off by a lost broker connection is cancelled and redelivered; our tasks
# are idempotent (play_bots re-reads the game and moves only a bot that is still to move).
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BEAT_SCHEDULE = {
    "games-nudge-stalled-bots": {
        "task": "games.tasks.nudge_stalled_bots",
        "schedule": 60.0,
    },
}

# --- Email: console unless EMAIL_URL is set (e.g. smtp+tls://user:pass@host:587) -----------------
if env.str("EMAIL_URL", default=""):
    vars().update(env.email_url_config(env.str("EMAIL_URL")))
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
# A mail server that accepts the connection and then hangs must not hold a worker for ever.
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=30)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Guildhall <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# --- Authentication: django-allauth, login by username or email ----------------------------------
AUTH_USER_MODEL = "accounts.User"
# One backend: allauth's (by username or email, Django's permissions), checking at most one password per
# attempt (accounts/backends.py). Django's ModelBackend before it would hash a wrong password a second time.
AUTHENTICATION_BACKENDS = ["accounts.backends.AuthenticationBackend"]
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
# Proxies in front of the app that append to X-Forwarded-For (a load balancer: 1). Every per-address
# limit (allauth's sign-in and lockout, the write throttles) keys on the address the outermost trusted
# proxy saw; with 0, REMOTE_ADDR. Entries a client writes itself are never trusted.
ALLAUTH_TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)
# allauth's limits on signing in (its defaults, spelled out; the others stay allauth's): at most 30
# attempts a minute per address, and a lockout after failed ones (10 a minute per address; 5 per account
# within 5 minutes). The sign-in form and the API's token endpoint count together.
ACCOUNT_RATE_LIMITS = {
    "login": "30/m/ip",
    "login_failed": "10/m/ip,5/300s/key",
}
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = env.str("ACCOUNT_EMAIL_VERIFICATION", default="optional")
ACCOUNT_UNIQUE_EMAIL = True
LOGIN_REDIRECT_URL = "/"
ACCOUNT_LOGOUT_REDIRECT_URL = "/"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --- Internationalisation ----------------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Content-Security-Policy (django-csp) ---------------------------------------------------------
# Scripts only from our own static files: no inline script, no eval (htmx runs with allowEval off, see
# templates/base.html). Inline style attributes stay allowed (card colours, the VP chart).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# The language cookie: not for scripts, and (under HTTPS, production.py) only over HTTPS.
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"

# --- REST API -----------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": ["games.api.parsers.JSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_THROTTLE_CLASSES": ["games.api.throttles.WriteThrottle"],
    "DEFAULT_PAGINATION_CLASS": "games.api.pagination.GamePagination",
    "PAGE_SIZE": 20,
    "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Guildhall API",
    "DESCRIPTION": "Play Guildhall by web: games, decisions and logs. Errors are JSON {error, detail}.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Fields named alike with different choices get names of their own in the schema (a client generator
    # would otherwise get a name made from a hash, which changes when the choices do).
    "ENUM_NAME_OVERRIDES": {
        "GameStatusEnum": "games.models.Game.Status",
        "AnalysisStatusEnum": "games.analysis.serializers.STATUSES",
    },
}

# --- Guildhall ----------------------------------------------------------------------------------
# Per-user rate of writes (per client address when signed out), one budget for the API and the pages
# (accounts/throttles.py); reads are not throttled. Empty: no limit.
GUILDHALL_WRITE_THROTTLE_RATE = env.str("THROTTLE_WRITE_RATE", default="300/min")
# The bot that plays for a person who is away: in a turn whose time ran out, and for a seat whose player
# left the game (resigned, or taken over after timeouts).
# "greedy", "random" or "strong" (engine.bots.KINDS).
ABSENT_PLAYER_BOT = env.str("ABSENT_PLAYER_BOT", default="greedy")
if ABSENT_PLAYER_BOT not in ("greedy", "random", "strong"):
    raise ImproperlyConfigured(f'ABSENT_PLAYER_BOT must be "greedy", "random" or "strong", not {ABSENT_PLAYER_BOT!r}')
# The strong bot's search budget per decision: a level of engine.search.LEVELS ("quick", "fast", "strong").
STRONG_BOT_LEVEL = env.str("STRONG_BOT_LEVEL", default="strong")
if STRONG_BOT_LEVEL not in ("quick", "fast", "strong"):
    raise ImproperlyConfigured(f'STRONG_BOT_LEVEL must be "quick", "fast" or "strong", not {STRONG_BOT_LEVEL!r}')
# A bot runner task stops after this many seconds of play and re-enqueues itself, so that one game's
# bots (the strong bot searches at every decision) never hold a worker for long.
BOT_RUN_SECONDS = env.float("BOT_RUN_SECONDS", default=2.0)
# Mounts the benchmark's floor endpoint (authenticate + insert one row). Off unless asked for.
GUILDHALL_BENCHMARK_ENDPOINTS = env.bool("BENCHMARK_ENDPOINTS", default=False)

# --- Operations (ops/, docs/operations.md) --------------------------------------------------------
# Log lines: JSON with the request's id (LOG_FORMAT=json; the default under production settings) or
# Django's plain lines.
LOG_LEVEL = env.str("LOG_LEVEL", default="WARNING")
LOG_JSON = env.str("LOG_FORMAT", default="plain") == "json"
LOGGING = ops_logging_config(LOG_LEVEL, LOG_JSON)
# /metrics: open to a bearer token (METRICS_TOKEN) and to direct (not proxied) peers in these networks;
# "*" lets everyone in (development; production.py narrows it to loopback).
OPS_METRICS_TOKEN = env.str("METRICS_TOKEN", default="")
OPS_METRICS_ALLOWED_NETWORKS = env.list("METRICS_ALLOWED_NETWORKS", default=["*"])
# /readyz: the thresholds past which a part counts as failing (seconds).
OPS_OUTBOX_STUCK_AFTER = env.int("READY_OUTBOX_STUCK_AFTER", default=600)
OPS_BEAT_STALE_AFTER = env.int("READY_BEAT_STALE_AFTER", default=180)
OPS_WORKER_HEARTBEAT_SECONDS = 15
OPS_WORKER_STALE_AFTER = env.int("READY_WORKER_STALE_AFTER", default=60)

# --- Feature areas keep their settings in modules of their own -----------------------------------
# web.py: the pages; notifications.py: the emails; clock.py: time limits, reminders, vacations;
# social.py: chat, notes, invitations, rematches, following players; ratings.py: ratings and leaderboards;
# live.py: the live tables' channel layer and Web Push; tournaments.py: tournaments;
# analysis.py: a finished game's analysis by the strong bot; learn.py: the guided first game.
from .analysis import *  # noqa: E402,F403
from .clock import *  # noqa: E402,F403
from .learn import *  # noqa: E402,F403
from .live import *  # noqa: E402,F403
from .notifications import *  # noqa: E402,F403
from .ratings import *  # noqa: E402,F403
from .social import *  # noqa: E402,F403
from .tournaments import *  # noqa: E402,F403
from .web import *  # noqa: E402,F403

INSTALLED_APPS += WEB_APPS + NOTIFICATION_APPS + CLOCK_APPS + SOCIAL_APPS + RATINGS_APPS + LIVE_APPS  # noqa: F405
INSTALLED_APPS += TOURNAMENT_APPS + ANALYSIS_APPS + LEARN_APPS  # noqa: F405
# The replay viewer has no models; it is an app so that its static script is found.
INSTALLED_APPS += ["games.history"]
MIDDLEWARE += WEB_MIDDLEWARE  # noqa: F405
TEMPLATES[0]["OPTIONS"]["context_processors"] += WEB_CONTEXT_PROCESSORS + LIVE_CONTEXT_PROCESSORS  # noqa: F405
CELERY_BEAT_SCHEDULE.update(NOTIFICATION_BEAT_SCHEDULE)  # noqa: F405
CELERY_BEAT_SCHEDULE.update(CLOCK_BEAT_SCHEDULE)  # noqa: F405
CELERY_BEAT_SCHEDULE.update(TOURNAMENT_BEAT_SCHEDULE)  # noqa: F405
