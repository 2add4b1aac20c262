"""Fixtures of the games tests that need real services: an SMTP server (aiosmtpd) on a free local port, a Redis
server of the test's own on another free port, a real Celery worker."""

import contextlib
import email
import email.policy
import os
import shutil
import socket
import subprocess
import threading
import time

import pytest


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Inbox:
    """What the SMTP server received, parsed."""

    def __init__(self):
        self._lock = threading.Lock()
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.original_content or envelope.content, policy=email.policy.default)
        with self._lock:
            self.messages.append((list(envelope.rcpt_tos), message))
        return "250 Message accepted"

    def to(self, address):
        return [m for rcpts, m in list(self.messages) if address in rcpts]

    def wait_for(self, count, timeout=30.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and len(self.messages) < count:
            time.sleep(0.05)
        return list(self.messages)


def smtp_settings(settings, port):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = port
    settings.EMAIL_HOST_USER = ""
    settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_USE_TLS = False
    settings.EMAIL_USE_SSL = False
    settings.EMAIL_TIMEOUT = 10


@pytest.fixture
def smtp_server(settings):
    """A real SMTP server on a free port; Django's email goes to it. Yields the Inbox."""
    from aiosmtpd.controller import Controller

    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    smtp_settings(settings, port)
    inbox.port = port
    yield inbox
    controller.stop()


class RedisServer:
    """A redis-server process of the test's own (nothing on disk), stoppable and restartable."""

    def __init__(self):
        self.port = free_port()
        self.process = None

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self):
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail("redis-server is not on PATH")
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                return
            time.sleep(0.05)
        pytest.fail("redis-server did not start")

    def stop(self):
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None


@pytest.fixture
def own_redis():
    server = RedisServer()
    server.start()
    yield server
    server.stop()


@contextlib.contextmanager
def celery_broker(url):
    """Point the Celery app at ``url`` (and back afterwards)."""
    from guildhall_site.celery import app

    def reset():
        # Drop the app's references only: kombu's pools are shared by URL, and closing one would
        # leave it closed for whoever uses that broker next.
        app._pool = None
        with contextlib.suppress(AttributeError, KeyError):
            app.__dict__["amqp"]._producer_pool = None

    previous = app.conf.broker_url
    reset()
    app.conf.broker_url = url
    try:
        yield app
    finally:
        reset()
        app.conf.broker_url = previous


@contextlib.contextmanager
def real_worker(app, hostname=None):
    """A real Celery worker (celery.contrib.testing), tasks no longer run in-process."""
    from celery.contrib.testing.worker import start_worker

    app.conf.task_always_eager = False
    kwargs = {"hostname": hostname} if hostname else {}
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=30, **kwargs) as worker:
        yield worker


@pytest.fixture
def commit(django_capture_on_commit_callbacks):
    """``with commit():`` runs the on-commit callbacks registered inside it at its end, as a real commit
    would (the test database wraps each test in a transaction that never commits)."""

    def run():
        return django_capture_on_commit_callbacks(execute=True)

    return run


class WorkerProcess:
    """A second Celery worker in a process of its own (``celery -A guildhall_site worker``) on the
    test's database, broker and SMTP server: a real other worker to race with."""

    def __init__(self, broker_url, smtp_port, name):
        from django.conf import settings
        from django.db import connection

        db = connection.settings_dict
        self.name = name
        self.env = {
            **os.environ,
            "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}",
            "REDIS_URL": broker_url,
            "EMAIL_URL": f"smtp://127.0.0.1:{smtp_port}",
            "SITE_URL": settings.SITE_URL,
            "CELERY_TASK_ALWAYS_EAGER": "0",
        }
        self.process = None

    def __enter__(self):
        import sys

        celery = os.path.join(os.path.dirname(sys.executable), "celery")
        self.process = subprocess.Popen(
            [celery, "-A", "guildhall_site", "worker", "--pool", "solo", "-n", self.name, "-l", "warning",
             "--without-mingle", "--without-gossip", "--without-heartbeat"],
            env=self.env,
            cwd=str(__import__("django.conf").conf.settings.BASE_DIR),
        )
        from guildhall_site.celery import app

        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail("the worker process exited")
            with contextlib.suppress(Exception):
                if app.control.ping(destination=[self.name], timeout=0.5):
                    return self
        pytest.fail("the worker process did not answer")

    def __exit__(self, *exc):
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)


def require_redis_binary():
    if shutil.which("redis-server") is None and os.environ.get("REQUIRE_SERVICES") != "1":
        pytest.skip("redis-server is not on PATH")
