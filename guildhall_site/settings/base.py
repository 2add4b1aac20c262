"""Shared settings, read from the environment through django-environ.

Opt-in environment variables: DATABASE_URL, REDIS_URL, EMAIL_URL, SECRET_KEY, ALLOWED_HOSTS, DEBUG,
SITE_URL, DEFAULT_FROM_EMAIL, THROTTLE_WRITE_RATE, TURN_TIMEOUT_HOURS, BENCHMARK_ENDPOINTS,
CHAT_THROTTLE_RATE, RATINGS_BOT_CALIBRATION.
"""

from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent.parent

env = environ.Env()

DEBUG = env.bool("DEBUG", default=True)

_DEV_SECRET_KEY = "django-insecure-development-only-key-never-use-in-production-0123456789"
SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set in the environment when DEBUG is off."
        )
    SECRET_KEY = _DEV_SECRET_KEY

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
SITE_URL = env.str("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[SITE_URL])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "allauth",
    "allauth.account",
    "accounts",
    "games",
    "benchmarks",
]

MIDDLEWARE = [
    "guildhall_site.middleware.ApiJsonNotFoundMiddleware",
    "django.middleware.security.SecurityMiddleware",
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
    _db.setdefault("OPTIONS", {}).update({"transaction_mode": "IMMEDIATE", "timeout": 20})
    _db["TEST"] = {"NAME": ":memory:"}
else:
    _db.setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
    _db.setdefault("CONN_HEALTH_CHECKS", True)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache and Celery: Redis when REDIS_URL is set, in-process otherwise --------------------------
REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "guildhall",
            "TIMEOUT": 7 * 24 * 3600,
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
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Guildhall <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# --- Authentication: django-allauth, login by username or email ----------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
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

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"

# --- REST API -----------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
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
}

# --- Guildhall ----------------------------------------------------------------------------------
# Per-user rate for API writes (POST); reads are not throttled.
GUILDHALL_WRITE_THROTTLE_RATE = env.str("THROTTLE_WRITE_RATE", default="300/min")
# The bot that plays for a person who is away: in a turn whose time ran out, and for a seat whose player
# left the game (resigned, or taken over after timeouts).
ABSENT_PLAYER_BOT = env.str("ABSENT_PLAYER_BOT", default="greedy")
# Mounts the benchmark's floor endpoint (authenticate + insert one row). Off unless asked for.
GUILDHALL_BENCHMARK_ENDPOINTS = env.bool("BENCHMARK_ENDPOINTS", default=False)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
}

# --- Feature areas keep their settings in modules of their own -----------------------------------
# web.py: the pages; notifications.py: the emails; clock.py: time limits, reminders, vacations;
# social.py: chat, notes, invitations, rematches, following players; ratings.py: ratings and leaderboards.
from .clock import *  # noqa: E402,F403
from .notifications import *  # noqa: E402,F403
from .ratings import *  # noqa: E402,F403
from .social import *  # noqa: E402,F403
from .web import *  # noqa: E402,F403

INSTALLED_APPS += WEB_APPS + NOTIFICATION_APPS + CLOCK_APPS + SOCIAL_APPS + RATINGS_APPS  # noqa: F405
MIDDLEWARE += WEB_MIDDLEWARE  # noqa: F405
TEMPLATES[0]["OPTIONS"]["context_processors"] += WEB_CONTEXT_PROCESSORS  # noqa: F405
CELERY_BEAT_SCHEDULE.update(NOTIFICATION_BEAT_SCHEDULE)  # noqa: F405
CELERY_BEAT_SCHEDULE.update(CLOCK_BEAT_SCHEDULE)  # noqa: F405
