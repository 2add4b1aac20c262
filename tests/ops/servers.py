"""The processes the operations tests start as a deployment starts them: daphne with the arguments of the
shipped unit (deploy/systemd/guildhall-web.service), on a free loopback port, its output kept; and a
session of requests that handles Django's CSRF token like a browser."""

import os
import re
import shlex
import socket
import subprocess
import sys
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[2]
UNITS = ROOT / "deploy" / "systemd"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(check, seconds, what):
    deadline = time.monotonic() + seconds
    last = None
    while time.monotonic() < deadline:
        try:
            result = check()
            if result:
                return result
        except (OSError, requests.RequestException) as exc:
            last = exc
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}" + (f" (last: {last!r})" if last else ""))


def unit_exec_start(unit, root=ROOT):
    """The ``ExecStart`` of a shipped unit as an argument list, the release's interpreter running the
    command's module (``.venv/bin/daphne ...`` becomes ``python -m daphne ...``, run from ``root``)."""
    text = (root / "deploy" / "systemd" / unit).read_text()
    [line] = [line for line in text.splitlines() if line.startswith("ExecStart=")]
    args = shlex.split(line.removeprefix("ExecStart="))
    program = Path(args[0]).name
    assert args[0].endswith(f"/.venv/bin/{program}"), args[0]
    return [sys.executable, "-m", program, *args[1:]]


def daphne_as_the_unit_starts_it(port, root=ROOT):
    """guildhall-web.service's command on ``port`` instead of 8000 (the address stays loopback)."""
    args = unit_exec_start("guildhall-web.service", root)
    index = args.index("-p")
    args[index + 1] = str(port)
    return args


def clean_environment(**variables):
    """A process environment with only what a service has: PATH, a locale, and ``variables`` (no test
    runner's variables, no DJANGO_SETTINGS_MODULE or PYTHONPATH leaking in)."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "HOME": os.environ.get("HOME", "/")}
    env.update({key: str(value) for key, value in variables.items()})
    return env


class Server:
    """A process that serves HTTP on ``port``, its stdout and stderr kept in files of ``directory``."""

    def __init__(self, args, env, cwd, port, directory, ready_path="/healthz"):
        self.args, self.env, self.cwd, self.port, self.ready_path = args, env, cwd, port, ready_path
        self.stdout_path = Path(directory) / f"server-{port}.out"
        self.stderr_path = Path(directory) / f"server-{port}.err"
        self.process = None
        self.base = f"http://127.0.0.1:{port}"

    def start(self, seconds=60):
        self._out = open(self.stdout_path, "wb")  # noqa: SIM115  (closed in stop)
        self._err = open(self.stderr_path, "wb")  # noqa: SIM115
        self.process = subprocess.Popen(self.args, env=self.env, cwd=self.cwd, stdout=self._out, stderr=self._err)

        def answering():
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited with {self.process.returncode}:\n{self.output()}")
            return requests.get(self.base + self.ready_path, timeout=2).status_code == 200

        wait_until(answering, seconds, f"{' '.join(self.args)} to answer")
        return self

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        for stream in (getattr(self, "_out", None), getattr(self, "_err", None)):
            if stream is not None:
                stream.close()

    def output(self):
        """Everything the process wrote, stdout then stderr."""
        parts = []
        for path in (self.stdout_path, self.stderr_path):
            if path.exists():
                parts.append(path.read_text(errors="replace"))
        return "".join(parts)

    def lines(self):
        """Every line of stdout and of stderr, with the stream it came from."""
        found = []
        for stream, path in (("stdout", self.stdout_path), ("stderr", self.stderr_path)):
            if path.exists():
                found += [(stream, line) for line in path.read_text(errors="replace").splitlines() if line.strip()]
        return found

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


_CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Browser(requests.Session):
    """A session that sends Django's CSRF token with each form, as a browser's form post does, and never
    follows redirects (the tests look at them)."""

    def __init__(self, base):
        super().__init__()
        self.base = base
        self.trust_env = False
        self.steps = []  # (method, path, status)

    def request(self, method, url, *args, **kwargs):
        kwargs.setdefault("allow_redirects", False)
        kwargs.setdefault("timeout", 30)
        path = url
        if url.startswith("/"):
            url = self.base + url
        if method.upper() == "POST" and "data" in kwargs and "csrftoken" in self.cookies:
            kwargs["data"] = {"csrfmiddlewaretoken": self.cookies["csrftoken"], **kwargs["data"]}
            kwargs.setdefault("headers", {})["Referer"] = self.base + "/"
        response = super().request(method, url, *args, **kwargs)
        self.steps.append((method.upper(), path, response.status_code))
        return response

    def form_token(self, path):
        """GET ``path`` (a page with a form): the CSRF cookie is then set."""
        page = self.get(path)
        match = _CSRF_INPUT.search(page.text)
        return match.group(1) if match else None

    def sign_in(self, login, password):
        self.form_token("/accounts/login/")
        answer = self.post("/accounts/login/", data={"login": login, "password": password})
        errors = re.findall(r"(?s)<ul class=\"errorlist[^>]*>(.*?)</ul>", answer.text)
        assert answer.status_code == 302, f"signing in as {login}: {answer.status_code} {errors}"
        return answer
