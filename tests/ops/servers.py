"""The processes the operations tests start as a deployment starts them: daphne with the arguments of the
shipped unit (deploy/systemd/guildhall-web.service), on a free loopback port, its output kept; and a
session of requests that handles Django's CSRF token like a browser."""

import base64
import email
import email.policy
import json
import os
import re
import shlex
import socket
import struct
import subprocess
import sys
import threading
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
    follows redirects (the tests look at them). With ``host``, it talks to the app server as the shipped
    nginx site passes a browser's HTTPS request on: ``Host``, ``X-Forwarded-Proto: https``, the Referer of
    that site."""

    def __init__(self, base, host=None):
        super().__init__()
        self.base = base
        self.trust_env = False
        self.steps = []  # (method, path, status)
        self.origin = self.base
        if host:
            self.origin = f"https://{host}"
            self.headers.update({"Host": host, "X-Forwarded-Proto": "https"})
        self.proxied = bool(host)

    def request(self, method, url, *args, **kwargs):
        kwargs.setdefault("allow_redirects", False)
        kwargs.setdefault("timeout", 30)
        path = url
        if url.startswith("/"):
            url = self.base + url
        if method.upper() == "POST" and "data" in kwargs and "csrftoken" in self.cookies:
            kwargs["data"] = {"csrfmiddlewaretoken": self.cookies["csrftoken"], **kwargs["data"]}
            kwargs.setdefault("headers", {})["Referer"] = self.origin + "/"
        response = super().request(method, url, *args, **kwargs)
        if self.proxied:
            # Secure cookies go back over the plain connection to the app server: behind the TLS proxy the
            # browser's connection is HTTPS, which the proxy tells the app with X-Forwarded-Proto.
            for cookie in self.cookies:
                cookie.secure = False
        self.steps.append((method.upper(), path, response.status_code))
        return response

    def get(self, url, **kwargs):  # requests' own get follows redirects whatever request() defaults to
        kwargs.setdefault("allow_redirects", False)
        return self.request("GET", url, **kwargs)

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


class Inbox:
    """A real SMTP server (aiosmtpd) on a free loopback port; ``EMAIL_URL`` names it."""

    def __init__(self):
        from aiosmtpd.controller import Controller

        self.messages = []
        self._lock = threading.Lock()
        self.port = free_port()
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)

    @property
    def url(self):
        return f"smtp://127.0.0.1:{self.port}"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        message = email.message_from_bytes(envelope.original_content or envelope.content, policy=email.policy.default)
        with self._lock:
            self.messages.append((list(envelope.rcpt_tos), message))
        return "250 Message accepted"

    def wait_for(self, address, count=1, seconds=30):
        """The text parts of the first ``count`` messages to ``address``."""
        def arrived():
            with self._lock:
                found = [m for rcpts, m in self.messages if address in rcpts]
            return found if len(found) >= count else None

        found = wait_until(arrived, seconds, f"{count} email(s) to {address}")
        return [m.get_body(("plain",)).get_content() for m in found]

    def __enter__(self):
        self.controller.start()
        return self

    def __exit__(self, *exc):
        self.controller.stop()


class WebSocket:
    """A WebSocket client over a plain TCP connection (the app server behind the proxy), enough for the
    live socket: text frames out (masked), text and close frames in."""

    def __init__(self, port, path, host, cookies, origin):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        cookie = "; ".join(f"{name}={value}" for name, value in cookies.items())
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                           f"Origin: {origin}\r\nX-Forwarded-Proto: https\r\nCookie: {cookie}\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                break
            head += chunk
        self.status = int(head.split(b" ")[1]) if head.startswith(b"HTTP/1.1") else None
        self.closed = self.status != 101

    def send(self, message):
        payload = json.dumps(message).encode()
        mask = os.urandom(4)
        length = len(payload)
        header = bytes([0x81, 0x80 | length]) if length < 126 else bytes([0x81, 0x80 | 126]) + struct.pack("!H", length)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def receive(self, seconds=10):
        """The next text message as JSON; None once the server closed the socket (a close frame or EOF);
        raises TimeoutError when nothing came within ``seconds``."""
        if self.closed:
            return None
        self.sock.settimeout(seconds)
        try:
            first, second = self._read(2)
        except ConnectionError:
            self.closed = True
            return None
        length = second & 0x7F
        if length == 126:
            length = struct.unpack("!H", self._read(2))[0]
        elif length == 127:
            length = struct.unpack("!Q", self._read(8))[0]
        body = self._read(length)
        opcode = first & 0x0F
        if opcode == 8:
            self.closed = True
            self.close_code = struct.unpack("!H", body[:2])[0] if len(body) >= 2 else None
            return None
        if opcode == 1:
            return json.loads(body)
        return self.receive(seconds)  # ping/pong/binary: not what the live socket sends; skip

    def _read(self, n):
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))  # TimeoutError when nothing comes in time
            if not chunk:
                raise ConnectionError("the socket closed")
            data += chunk
        return data

    def close(self):
        if not self.closed:
            mask = os.urandom(4)
            payload = struct.pack("!H", 1000)
            try:
                self.sock.sendall(bytes([0x88, 0x80 | len(payload)]) + mask +
                                  bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
                self.receive(5)
            except (OSError, TimeoutError):
                pass
        self.sock.close()


class Cuttable:
    """A TCP proxy on a free loopback port to ``host:port`` (the database), which the test can cut: every
    connection it carries is dropped and new ones are closed as soon as they come, as when the database
    restarts or the network drops; and restore."""

    def __init__(self, host, port):
        self.target = (host, port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.open = True
        self._lock = threading.Lock()
        self._carried = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _address = self.listener.accept()
            except OSError:
                return  # closed
            if not self.open:
                client.close()
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self._lock:
                self._carried += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source, sink):
        try:
            while chunk := source.recv(65536):
                sink.sendall(chunk)
        except OSError:
            pass
        for end in (source, sink):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self):
        self.open = False
        with self._lock:
            carried, self._carried = self._carried, []
        for end in carried:
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            end.close()

    def restore(self):
        self.open = True

    def close(self):
        self.cut()
        self.listener.close()
