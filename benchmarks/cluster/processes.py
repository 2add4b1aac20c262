"""Starting, watching and killing the cluster's processes. Each runs in its own process group with its
output in a file of the run's directory, so a failed run can show why."""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answers(port, path="/api/v1/games/", timeout=1.0):
    import http.client

    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        conn.request("GET", path)
        status = conn.getresponse().status
        conn.close()
        return status < 500
    except OSError:
        return False


class Part:
    """One process of the cluster."""

    def __init__(self, name, cmd, env, run_dir):
        self.name = name
        self.log_path = Path(run_dir) / f"{name}.log"
        self.log = open(self.log_path, "wb")  # noqa: SIM115  (closed in stop())
        self.process = subprocess.Popen(
            cmd, env=env, cwd=settings.BASE_DIR, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True
        )

    def alive(self):
        return self.process.poll() is None

    def kill(self):
        """What a crash does: SIGKILL to the whole group, no clean shut-down."""
        if self.alive():
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self, timeout=15):
        if self.alive():
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()

    def tail(self, lines=20):
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


def app_server(name, port, env, run_dir, workers=2):
    """An app server as production runs one: the ASGI server when the site serves WebSockets, gunicorn
    otherwise."""
    if "daphne" in settings.INSTALLED_APPS:
        cmd = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "guildhall_site.asgi:application"]
    else:
        cmd = [
            sys.executable,
            "-m",
            "gunicorn",
            "guildhall_site.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--log-level",
            "warning",
        ]
    return Part(name, cmd, env, run_dir)


def celery_worker(name, env, run_dir, concurrency=2):
    cmd = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "guildhall_site",
        "worker",
        "-n",
        f"{name}@%h",
        "--concurrency",
        str(concurrency),
        "-l",
        "warning",
        "--without-gossip",
        "--without-mingle",
    ]
    return Part(name, cmd, env, run_dir)


def celery_beat(env, run_dir):
    schedule = Path(run_dir) / "beat-schedule"
    cmd = [sys.executable, "-m", "celery", "-A", "guildhall_site", "beat", "-l", "warning", "-s", str(schedule)]
    return Part("beat", cmd, env, run_dir)


def haproxy(config_path, run_dir):
    return Part("haproxy", ["haproxy", "-db", "-f", str(config_path)], dict(os.environ), run_dir)


def wait_until(check, timeout, what, parts=()):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        for part in parts:
            if not part.alive():
                raise RuntimeError(f"{part.name} exited while waiting for {what}:\n{part.tail()}")
        time.sleep(0.2)
    raise RuntimeError(f"timed out waiting for {what}")
