"""Every setting of the site, each defined once, in this one module: `grep -rn NAME guildhall_site/settings`
finds it, with its development and its production value side by side.

Everything is configured through environment variables (README.md's table, docs/operations.md). With none
set you get the embedded SQLite database, an in-process cache, Celery tasks run in-process and email on the
console. ``DJANGO_SETTINGS_MODULE=guildhall_site.settings.production`` (deployments) evaluates this same
module with ``PRODUCTION`` on: DEBUG off, a secret key, hosts and a mail server required, secure cookies,
HSTS, JSON logs (production.py).

The parts: the site as a whole (secrets, hosts, INSTALLED_APPS, middleware, templates), the services
(database, cache, Celery, email), sign-in, languages, the API, then one section per feature, in the order
of INSTALLED_APPS.
"""

import datetime
import logging
import os
import re
import secrets
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

import engine
from ops.logs import logging_config as ops_logging_config

from .keyfiles import kept_key

BASE_DIR = Path(__file__).resolve().parent.parent.parent

env = environ.Env()

# Deployments name guildhall_site.settings.production; every production default below reads this.
PRODUCTION = os.environ.get("DJANGO_SETTINGS_MODULE", "").endswith(".production")

DEBUG = env.bool("DEBUG", default=not PRODUCTION)


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
    if PRODUCTION:
        raise ImproperlyConfigured("SECRET_KEY must be set in the environment for production settings.")
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set in the environment when DEBUG is off.")
    SECRET_KEY = _development_secret_key(BASE_DIR / "var" / "development-secret-key")

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=[] if PRODUCTION else ["127.0.0.1", "localhost", "testserver"])
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must be set in the environment for production settings.")
# The site's own address (no trailing slash): every link in an email (verification, password reset, your
# turn, unsubscribe) is built from it, never from a request's Host.
SITE_URL = env.str("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")
# The name the emails greet and sign with ("Hello from Guildhall!"), and their subjects' prefix.
SITE_NAME = "Guildhall"
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[SITE_URL])

# One list of every app, the features named. Order matters for templates and static files: an app listed
# earlier wins a name both define.
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
    "accounts",  # the user, profiles, settings, API tokens, privacy
    "games",  # games, seats, logs, the services that change them, the API
    "benchmarks",
    "ops",  # health, readiness, metrics, JSON logs, request ids, the restore drill
    "django_htmx",
    "games.web",  # the pages: lobby, my games, the table
    "games.notifications",  # the outbox: emails and Web Push
    "games.clock",  # time limits, reminders, timeouts, vacations
    "social.relations",  # how players stand to each other: follow, block, mute
    "social.chat",  # table chat and notes
    "games.invitations",  # invitations, invitation links, rematches
    "social.legacy.friends",  # the previous release's follows, until the next release (social/legacy)
    "social.legacy.blocks",  # the previous release's blocks, until the next release (social/legacy)
    "social.conversations",  # private messages
    "social.moderation",  # reports, the staff's moderation queue and log
    "games.ratings",  # ratings and leaderboards
    "games.live",  # the live tables' WebSockets
    "games.tournaments",  # Swiss, round robin, knockout
    "games.analysis",  # a finished game's analysis by the strong bot
    "games.learn",  # the guided first game
    "games.history",  # the replay viewer (no models: an app so that its static script is found)
    "games.presentation.guildhall",  # Guildhall on the pages: its table, cards, words, guide and lesson
    "games.presentation.dominion",  # Dominion on the pages
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
    "django_htmx.middleware.HtmxMiddleware",
    # After the authentication middleware: a signed-in player's language and time zone from their profile.
    "accounts.middleware.ProfileMiddleware",
    # Every write through the pages spends the same per-player budget as the API's (THROTTLE_WRITE_RATE).
    "accounts.middleware.WriteThrottleMiddleware",
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
                "games.web.context_processors.header",
                "games.live.context_processors.live",
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
_SQLITE = _db["ENGINE"] == "django.db.backends.sqlite3"
if _SQLITE:
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
else:
    # guildhall_site/asgi.py sets CONN_MAX_AGE=0 for daphne (one connection per request) unless it is set.
    _db.setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
    _db.setdefault("CONN_HEALTH_CHECKS", True)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache and Celery: Redis when REDIS_URL is set, in-process otherwise --------------------------
REDIS_URL = env.str("REDIS_URL", default="")
# A word put before every key and channel the site uses in Redis (the cache's keys, Celery's queues, the
# live tables' channels), so that two sites, or two test runs (tests/parallel.py), can share one Redis
# database without reading each other's keys or tasks. Empty (the default): the names every release used.
REDIS_KEY_PREFIX = env.str("REDIS_KEY_PREFIX", default="")
# Channels' names allow letters, digits, "-", "_" and "." only, and fewer than 100 characters.
if not re.fullmatch(r"[A-Za-z0-9_.-]{0,32}", REDIS_KEY_PREFIX):
    raise ImproperlyConfigured(
        f'REDIS_KEY_PREFIX must be at most 32 letters, digits, "-", "_" or ".", not {REDIS_KEY_PREFIX!r}'
    )
if REDIS_URL:
    CACHES = {
        "default": {
            # A Redis cache (ours on redis-py, storing what Django's RedisCache stores) whose unreachable
            # Redis falls back to an in-process cache (logged) instead of failing the request: see
            # guildhall_site/cache.py. The ops subclass counts
            # the operations the fallback served (guildhall_cache_fallbacks_total).
            "BACKEND": "ops.cache.MeteredResilientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": f"{REDIS_KEY_PREFIX}:guildhall" if REDIS_KEY_PREFIX else "guildhall",
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
# Without a prefix, Celery's own key names: a release switched to beside the previous one takes over the
# tasks the previous one queued.
CELERY_BROKER_TRANSPORT_OPTIONS = {"global_keyprefix": f"{REDIS_KEY_PREFIX}:"} if REDIS_KEY_PREFIX else {}
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
# With late acks, a task cut off by a lost broker connection is cancelled and redelivered; our tasks
# are idempotent (play_bots re-reads the game and moves only a bot that is still to move).
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# The beat's periodic work, every feature's in one place.
CELERY_BEAT_SCHEDULE = {
    "games-nudge-stalled-bots": {"task": "games.tasks.nudge_stalled_bots", "schedule": 60.0},
    # Outbox rows still pending (a lost task, a broker outage) and digests that have come due.
    "notifications-relay-outbox": {"task": "notifications.relay_outbox", "schedule": 60.0},
    # Reminders and timeouts: an indexed scan of TimeControl.next_check_at.
    "clock-scan": {"task": "clock.scan_clocks", "schedule": 60.0},
    # Starts tournaments whose start time has come, and records games whose "a game ended" task was lost.
    "tournaments-catch-up": {"task": "tournaments.catch_up", "schedule": 60.0},
}

# --- Email: console unless EMAIL_URL is set (e.g. smtp+tls://user:pass@host:587) -----------------
EMAIL_URL = env.str("EMAIL_URL", default="")
# Email is how correspondence play works (turn notifications, reminders): no silent console backend.
if PRODUCTION and not EMAIL_URL:
    raise ImproperlyConfigured(
        "EMAIL_URL must be set in the environment for production settings (e.g. smtp+tls://user:pass@host:587)."
    )
_email = env.email_url_config(EMAIL_URL) if EMAIL_URL else {}
EMAIL_BACKEND = _email.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = _email.get("EMAIL_HOST") or "localhost"
EMAIL_PORT = _email.get("EMAIL_PORT") or 25
EMAIL_HOST_USER = _email.get("EMAIL_HOST_USER") or ""
EMAIL_HOST_PASSWORD = _email.get("EMAIL_HOST_PASSWORD") or ""
EMAIL_USE_TLS = bool(_email.get("EMAIL_USE_TLS", False))
EMAIL_USE_SSL = bool(_email.get("EMAIL_USE_SSL", False))
EMAIL_FILE_PATH = _email.get("EMAIL_FILE_PATH") or None
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
# Email verification: mandatory under production settings, optional otherwise (make run, tests); the
# ACCOUNT_EMAIL_VERIFICATION environment variable overrides both (empty counts as unset).
ACCOUNT_EMAIL_VERIFICATION = env.str("ACCOUNT_EMAIL_VERIFICATION", default="") or (
    "mandatory" if PRODUCTION else "optional"
)
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = f"[{SITE_NAME}] "
ACCOUNT_USERNAME_MIN_LENGTH = 3
ACCOUNT_LOGIN_BY_CODE_ENABLED = False
LOGIN_URL = "account_login"
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
LANGUAGES = [("en", _("English")), ("de", _("German")), ("es", _("Spanish"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- HTTPS and browser protections ----------------------------------------------------------------
# Content-Security-Policy (django-csp): scripts only from our own static files: no inline script, no eval
# (htmx runs with allowEval off, see templates/base.html). Inline style attributes stay allowed (card
# colours, the VP chart).
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
# Production sits behind a TLS-terminating proxy that sets X-Forwarded-Proto.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if PRODUCTION else None
SECURE_SSL_REDIRECT = PRODUCTION and env.bool("SECURE_SSL_REDIRECT", default=True)
# Cookies only over HTTPS under production settings; the language cookie not for scripts either.
SESSION_COOKIE_SECURE = PRODUCTION
CSRF_COOKIE_SECURE = PRODUCTION
LANGUAGE_COOKIE_SECURE = PRODUCTION
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000) if PRODUCTION else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = PRODUCTION and env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
# Asking the browsers' preload list to include the domain is a commitment that outlives the site's own
# header (removal takes months, for every subdomain too): an operator's choice, off unless asked for.
SECURE_HSTS_PRELOAD = PRODUCTION and env.bool("SECURE_HSTS_PRELOAD", default=False)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

SILENCED_SYSTEM_CHECKS = [
    # The leaderboard's covering index (INCLUDE) is a PostgreSQL speed-up; SQLite builds it without the
    # included column, which only makes SQLite's count read the table: not worth a warning on every command.
    *(["models.W040"] if _SQLITE else []),
    # `check --deploy` asks for HSTS preload; it is the operator's choice (SECURE_HSTS_PRELOAD above).
    *([] if SECURE_HSTS_PRELOAD else ["security.W021"]),
]

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

# --- Playing (games) ----------------------------------------------------------------------------


def offered_games(raw):
    """``"guildhall:3,dominion"`` → ``{"guildhall": "3", "dominion": None}``: the games players may create,
    each with the rules version its new games get (None: the game's newest)."""
    offered = {}
    for item in filter(None, (part.strip() for part in raw.split(","))):
        slug, _colon, version = (part.strip() for part in item.partition(":"))
        if slug not in engine.GAMES or (version and version not in engine.GAMES[slug].VERSIONS):
            raise ImproperlyConfigured(
                f"OFFERED_GAMES: {item!r} is not one of {', '.join(engine.GAMES)}, each with one of its rules "
                f"versions after a colon if you choose one (guildhall:3)"
            )
        offered[slug] = version or None
    if not offered:
        raise ImproperlyConfigured(f"OFFERED_GAMES must name one or more of {', '.join(engine.GAMES)}")
    return offered


# The games players may create, and the rules version of their new games (OFFERED_GAMES=guildhall:3,dominion;
# default every game at its newest). While the previous release runs beside this one, only what it can read:
# its games, at its rules versions (docs/releases.md); its code fails on a game or version it does not know.
# Games of a game left out still play, replay and show.
OFFERED_GAMES = offered_games(env.str("OFFERED_GAMES", default=",".join(engine.GAMES)))

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
LOG_JSON = env.str("LOG_FORMAT", default="json" if PRODUCTION else "plain") == "json"
LOGGING = ops_logging_config(LOG_LEVEL, LOG_JSON)
# /metrics: open to a bearer token (METRICS_TOKEN) and to direct (not proxied) peers in these networks;
# "*" lets everyone in (development; production narrows it to loopback).
OPS_METRICS_TOKEN = env.str("METRICS_TOKEN", default="")
OPS_METRICS_ALLOWED_NETWORKS = env.list(
    "METRICS_ALLOWED_NETWORKS", default=["127.0.0.1/32", "::1/128"] if PRODUCTION else ["*"]
)
# /readyz: the thresholds past which a part counts as failing (seconds).
OPS_OUTBOX_STUCK_AFTER = env.int("READY_OUTBOX_STUCK_AFTER", default=600)
OPS_BEAT_STALE_AFTER = env.int("READY_BEAT_STALE_AFTER", default=180)
OPS_WORKER_HEARTBEAT_SECONDS = 15
OPS_WORKER_STALE_AFTER = env.int("READY_WORKER_STALE_AFTER", default=60)

# --- The pages (games.web) ------------------------------------------------------------------------
# The table asks every POLL_SECONDS whether the game has moved on (one cheap query).
GUILDHALL_POLL_SECONDS = 5

# --- Notifications (games.notifications: the outbox of emails and pushes) ------------------------
# The relay re-enqueues a pending row whose last enqueue is older than this.
NOTIFY_RELAY_AFTER = datetime.timedelta(minutes=2)
# Rows handled per beat run (the rest wait for the next run, oldest first).
NOTIFY_SCAN_BATCH = 1000
# A delivery that fails for a reason that may pass (the mail server down, a timeout, a 4xx answer) is
# tried again after NOTIFY_RETRY_FIRST, doubling up to NOTIFY_RETRY_LONGEST, for as long as the email is
# still relevant (a your-turn email: while that turn lasts), however long the outage. Emails with no
# natural end (results, timeout notices) are given up NOTIFY_RELEVANT_FOR after they were due.
NOTIFY_RETRY_FIRST = datetime.timedelta(seconds=30)
NOTIFY_RETRY_LONGEST = datetime.timedelta(minutes=30)
NOTIFY_RELEVANT_FOR = datetime.timedelta(days=7)

# Web Push goes only to these hosts: the browsers' push services (Chrome, Edge's and Opera's own use of
# FCM, Firefox, Windows, Safari). "*.example.org" allows the hosts under example.org. Each of their
# addresses must be public too, when a browser subscribes and again before each send (endpoints.py).
WEBPUSH_ALLOWED_HOSTS = env.list(
    "WEBPUSH_ALLOWED_HOSTS",
    default=[
        "fcm.googleapis.com",
        "android.googleapis.com",
        "updates.push.services.mozilla.com",
        "*.notify.windows.com",
        "*.push.apple.com",
    ],
)
# Tests only: their push service listens on loopback, on a port of its own. `manage.py check --deploy` refuses it on.
WEBPUSH_ALLOW_LOOPBACK_ENDPOINTS = False
# The function that resolves a push service's host to its addresses: (host, port) -> [address, ...].
# Tests name one that answers what they need (private, loopback, link-local, IPv6, mapped addresses).
WEBPUSH_RESOLVER = "games.notifications.endpoints.system_resolver"
# What a push service's certificate is checked against: True, the certificate authorities of certifi
# (requests' own default); or the path of a bundle (a test's own authority).
WEBPUSH_TLS_VERIFY = True


def _development_vapid_key(path):
    """The VAPID key of a development checkout, like its secret key: made on first use, kept in ``var/``
    (ignored by git), so browsers subscribed to one checkout's pushes keep working across restarts."""
    try:
        return kept_key(path, _new_vapid_key)
    except OSError as exc:
        logging.getLogger(__name__).warning("cannot keep a VAPID key in %s (%s); Web Push is off", path, exc)
        return ""


def _new_vapid_key():
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP256R1())
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()


# Web Push: the server's VAPID private key (PEM, or base64url of the raw key: what `manage.py
# vapid_keys` prints). Unset under production settings: no push (the settings page offers none).
WEBPUSH_VAPID_PRIVATE_KEY = env.str("VAPID_PRIVATE_KEY", default="").replace("\\n", "\n")
if not WEBPUSH_VAPID_PRIVATE_KEY and not PRODUCTION:
    WEBPUSH_VAPID_PRIVATE_KEY = _development_vapid_key(BASE_DIR / "var" / "development-vapid-key.pem")
# Who the push services may contact about our pushes (a mailto: or https: URL).
WEBPUSH_VAPID_SUBJECT = env.str("VAPID_SUBJECT", default="mailto:noreply@localhost")
# Push services are reached over HTTPS only; a test's receiver on loopback is plain HTTP.
WEBPUSH_ALLOW_HTTP_ENDPOINTS = False
# How long a push service keeps a "your turn" for a device that is offline (seconds).
WEBPUSH_TTL = 12 * 3600
# Seconds before a push service that does not answer counts as down (the push is tried again later).
WEBPUSH_TIMEOUT = 10

# --- Time limits, reminders, timeouts and vacations (games.clock) --------------------------------
# The time limit of a game nobody gave one (set_time_limit(game, None) removes it). Empty: no limit.
_default_hours = env.int("TURN_TIMEOUT_HOURS", default=72)
CLOCK_DEFAULT_PER_MOVE = datetime.timedelta(hours=_default_hours) if _default_hours else None
# Reminders when this much time is left: a timedelta, or a float (a fraction of the turn's time).
CLOCK_REMINDER_POINTS = [datetime.timedelta(hours=24), 0.2]
# Timeouts in a row after which the bot takes the seat over for the rest of the game.
CLOCK_TAKEOVER_AFTER = 3
# Vacation: at most this many days of absence per calendar year.
CLOCK_MAX_ABSENCE_DAYS_PER_YEAR = 30
# A due clock enqueued this long ago without an answer is enqueued again.
CLOCK_RESCAN_AFTER = datetime.timedelta(minutes=2)
# Clocks handled per beat run (the rest wait for the next run, the most overdue first).
CLOCK_SCAN_BATCH = 1000

# --- Social: table chat, invitations, following, blocking, messages, moderation -------------------
# Chat: how many messages one player may write per period ("10/min"; empty: no limit). Counted in the
# cache; with the cache down, messages are let through (and the outage logged).
CHAT_THROTTLE_RATE = env.str("CHAT_THROTTLE_RATE", default="10/min")
# The chat panel asks every CHAT_POLL_SECONDS whether a message was written (one indexed query).
CHAT_POLL_SECONDS = 10
# Messages listed beside the table (the newest); the replay shows the whole chat up to its step.
CHAT_SHOWN = 100
# Messages quoted per game in the your-turn email and the daily digest.
CHAT_IN_EMAIL = 20
CHAT_IN_DIGEST = 5

# Invitation links: how long one may stay valid at most (the player picks up to this many days).
INVITE_LINK_MAX_DAYS = 14

# Invitations by username, per inviter: at most INVITATIONS_OPEN_MAX waiting for an answer at once (a new
# game inviting more is refused), and at most INVITATION_EMAILS_PER_DAY emails in 24 hours (invitations
# beyond it are made, shown on the invitee's "My games", not emailed). An invitee who declined the same
# inviter INVITATION_DECLINES_QUIET times within INVITATION_DECLINES_DAYS is not emailed by them again.
# 0 (or empty) turns a limit off.
INVITATIONS_OPEN_MAX = env.int("INVITATIONS_OPEN_MAX", default=20)
INVITATION_EMAILS_PER_DAY = env.int("INVITATION_EMAILS_PER_DAY", default=30)
INVITATION_DECLINES_QUIET = 3
INVITATION_DECLINES_DAYS = 30

# Private messages: per sender, a rate ("10/min"; empty: no limit, counted like the chat's) and how many
# new conversations a day one player may start (0: no limit).
MESSAGE_THROTTLE_RATE = env.str("MESSAGE_THROTTLE_RATE", default="10/min")
MESSAGE_NEW_CONVERSATIONS_PER_DAY = env.int("MESSAGE_NEW_CONVERSATIONS_PER_DAY", default=20)

# The privacy page (/privacy/) names this address for questions and requests about personal data; empty:
# it says to write to the site's operator.
PRIVACY_CONTACT_EMAIL = env.str("PRIVACY_CONTACT_EMAIL", default="")

# --- Ratings and leaderboards (games.ratings) ------------------------------------------------------
# Every rating is a function of the finished games in order and of these settings: after changing one
# that affects the numbers (the model, the bots' calibration, the repeat rule, the annulment rule), run
# ``manage.py rebuild_ratings`` so that the stored ratings follow.


def bot_calibration(raw):
    """``"greedy=20:2,random=5:1.5"`` → ``{"greedy": (20.0, 2.0), "random": (5.0, 1.5)}`` (μ:σ per bot kind)."""
    table = {}
    for item in filter(None, (part.strip() for part in raw.split(","))):
        kind, _eq, numbers = item.partition("=")
        mu, _colon, sigma = numbers.partition(":")
        try:
            table[kind.strip()] = (float(mu), float(sigma))
        except ValueError:
            raise ImproperlyConfigured(
                f"RATINGS_BOT_CALIBRATION: {item!r} is not kind=mu:sigma (e.g. greedy=20:2)"
            ) from None
        if not kind.strip() or table[kind.strip()][1] <= 0:
            raise ImproperlyConfigured(f"RATINGS_BOT_CALIBRATION: {item!r} needs a bot kind and a positive sigma")
    return table


# A player's rating is marked provisional until this many rated games in the mode.
RATINGS_PROVISIONAL_GAMES = 10
# Leaderboards list players with at least this many rated games in the mode ...
RATINGS_LEADERBOARD_MIN_GAMES = 10
# ... and a rated game finished within this time.
RATINGS_LEADERBOARD_ACTIVE = datetime.timedelta(days=90)
RATINGS_LEADERBOARD_PAGE_SIZE = 50

# A game in which a seat leaves (resigns, or its time runs out) before every seat has finished this many
# turns of play (setup not counted) is annulled: unrated for everyone.
RATINGS_ANNUL_BEFORE_ROUNDS = 2

# Repeated games among the same players (the same people, and the same calibrated bots) in the same mode:
# the n-th such rated game within the window (n = 0 for the first) applies RATINGS_REPEAT_WEIGHTS[n] of the
# rating change; once the list is used up, the games are unrated until older ones leave the window.
RATINGS_REPEAT_WINDOW = datetime.timedelta(days=7)
RATINGS_REPEAT_WEIGHTS = (1.0, 1.0, 1.0, 0.5, 0.5)

# Bots are rated only through a fixed calibration rating: a game with a bot whose kind has none is unrated.
# {"greedy": (mu, sigma), ...}; from the environment as RATINGS_BOT_CALIBRATION="greedy=20.0:2.0,random=5:2".
RATINGS_BOT_CALIBRATION = bot_calibration(env.str("RATINGS_BOT_CALIBRATION", default=""))

# Reliability: the share of a player's latest games with other people that they played to the end.
RATINGS_RELIABILITY_GAMES = 20

# --- The live tables (games.live: WebSockets through Django Channels) -----------------------------


def live_prefix(redis_url, key_prefix=""):
    """Redis pub/sub channels are one namespace for the whole server, whatever database a client selected:
    two sites on one server with different database numbers (a staging beside production, two test
    processes) would hear each other's moves. The database number in the prefix keeps them apart, and
    REDIS_KEY_PREFIX two sites on the same database."""
    from redis.connection import parse_url

    database = int(parse_url(redis_url).get("db") or 0)
    prefix = "guildhall-live" if database == 0 else f"guildhall-live-db{database}"
    return f"{key_prefix}-{prefix}" if key_prefix else prefix


# Every app server and every Celery worker publishes "game N is at seq S" to the sockets through one
# channel layer: Redis when REDIS_URL is set (any server's sockets hear any worker's moves), otherwise
# memory inside the one process of `make run`. Redis pub/sub rather than channels-redis' queues: a group
# message is one PUBLISH, and a dead app server's sockets leave the groups with its connection. Nothing
# is kept for a socket that is not there: a page that reconnects asks where its games are.
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": live_prefix(REDIS_URL, REDIS_KEY_PREFIX)},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# A page's socket says it is there every LIVE_PING_SECONDS; a user counts as present (a tab open) for
# LIVE_PRESENCE_SECONDS after the last word from any of their sockets. Web Push waits while they are.
LIVE_PING_SECONDS = 25
LIVE_PRESENCE_SECONDS = 70
# How many games one socket may follow (a page shows one or two: the table, a rematch).
LIVE_MAX_GAMES_PER_SOCKET = 20

# --- Post-game analysis (games.analysis, docs/analysis.md) ------------------------------------------
# The strong bot's budget for judging one decision: play-outs over all its alternatives, and at most this
# much CPU time (the worker process's, so a busy machine makes an analysis slower, not worse). At 200
# play-outs a decision costs about 0.12 s of CPU and the marks of two runs agree on 93% of the decisions
# (docs/analysis.md, "Budget").
ANALYSIS_PLAYOUTS = env.int("ANALYSIS_PLAYOUTS", default=200)
ANALYSIS_CPU_SECONDS = env.float("ANALYSIS_CPU_SECONDS", default=0.5)
# How many turns a play-out looks ahead before the position is scored; 0: the strong bot's own horizon (a
# round and one turn). A large number plays every play-out to the end: in three-player games that made the
# win chance a far better predictor, for about 5 times the CPU per play-out (docs/analysis.md, "Figures").
ANALYSIS_ROLLOUT_TURNS = env.int("ANALYSIS_ROLLOUT_TURNS", default=0)
# One task judges decisions for about this long, stores them and enqueues the rest, so that an analysis
# never holds a worker from the games' own tasks for long, and its progress is seen as it grows.
ANALYSIS_RUN_SECONDS = 5.0
# A queued or running analysis whose row has not moved for this long is enqueued again by the next
# request for it (its task was lost: a worker killed before it acknowledged, a broker flushed).
ANALYSIS_STALE_SECONDS = 120
# Without a worker (no REDIS_URL: tasks run in-process, as under `make run`), nothing is enqueued: each
# poll of a queued or running analysis judges decisions for about this long before it answers.
ANALYSIS_POLL_SECONDS = 1.0
# How many new analyses one user may request: a DRF-style rate ("10/hour"); empty for no limit. And how
# many of theirs may wait or run at once.
ANALYSIS_USER_RATE = env.str("ANALYSIS_USER_RATE", default="10/hour")
ANALYSIS_USER_RUNNING = 2

# --- The guided first game (games.learn, docs/learn.md) ---------------------------------------------
# The lesson's deal. It is public on purpose, as a tutorial's deal is: every learner meets the same friendly
# cards and wins in about ten turns with the coach's advice. A lesson is never rated nor counted in
# statistics, so knowing the deal gains nobody anything. Chosen with the greedy bot in the learner's seat
# over 400 seeds (docs/learn.md, "The deal").
LEARN_SEED = "guildhall-lesson-245"
# The gentle opponent: the random bot, which lets the learner reach the end and win.
LEARN_BOT = "random"
