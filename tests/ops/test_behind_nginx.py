"""The deployment recipe's nginx site (deploy/nginx/guildhall.conf) in front of daphne, as deployed but on
loopback ports: TLS with a throw-away certificate, a short game played through the API over HTTPS, a live
socket upgraded and answering through nginx, a static file served by nginx itself, /healthz passed on,
/metrics refused; nginx's own log lines JSON with the app's request id and no key; a slow request body cut
off; while the app server is down, a JSON 503 with a request id. Needs Debian's nginx and openssl (CI
installs them)."""

import base64
import json
import os
import shutil
import socket
import ssl
import struct
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
import requests
import urllib3
from django.conf import settings
from django.test import Client

from accounts import tokens

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ROOT = Path(settings.BASE_DIR)
HOST = "guildhall.example"
DECISIONS = 12  # a short game: enough decisions to cross the bot's turns
SLOW_BODY_SECONDS = 2


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(check, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except (OSError, requests.RequestException):
            pass
        time.sleep(0.2)
    raise AssertionError("did not come up in time")


def _site_conf(work, app_port, https_port, http_port):
    """The repository's site with this machine's paths and loopback ports (the changes deploy/check.sh
    makes, and the ports)."""
    conf = (ROOT / "deploy/nginx/guildhall.conf").read_text()
    conf = conf.replace("/etc/letsencrypt/live/guildhall.example", str(work))
    conf = conf.replace("/srv/guildhall/current/staticfiles/", str(ROOT / "games/static") + "/")
    conf = conf.replace("server 127.0.0.1:8000", f"server 127.0.0.1:{app_port}")
    conf = conf.replace("listen 443 ssl http2;", f"listen 127.0.0.1:{https_port} ssl http2;")
    conf = conf.replace("listen 80;", f"listen 127.0.0.1:{http_port};")
    conf = "\n".join(line for line in conf.splitlines() if "listen [::]" not in line)
    conf = conf.replace("/var/log/nginx/", f"{work}/")
    # The slow body's limit, shortened so that the test need not wait the deployed 10 s.
    conf = conf.replace("client_body_timeout 10s;", f"client_body_timeout {SLOW_BODY_SECONDS}s;")
    assert f"127.0.0.1:{https_port} ssl" in conf and f"127.0.0.1:{app_port}" in conf
    assert f"{work}/guildhall.access.log guildhall_json" in conf
    return conf


@pytest.fixture
def behind_nginx(tmp_path):
    if not shutil.which("nginx") or not shutil.which("openssl"):
        pytest.fail("needs Debian's nginx and openssl (apt-get install nginx openssl)")
    work = tmp_path
    app_port, https_port, http_port = _free_port(), _free_port(), _free_port()
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", f"/CN={HOST}",
                    "-keyout", str(work / "privkey.pem"), "-out", str(work / "fullchain.pem")],
                   check=True, capture_output=True)
    (work / "site.conf").write_text(_site_conf(work, app_port, https_port, http_port))
    (work / "nginx.conf").write_text(f"""
user root;
pid {work}/nginx.pid;
error_log {work}/error.log;
events {{}}
http {{
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path {work}/body;
    proxy_temp_path {work}/proxy;
    include {work}/site.conf;
}}
""")
    db = settings.DATABASES["default"]
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="guildhall_site.settings",
        DATABASE_URL=f"postgres://{db['USER']}:{db.get('PASSWORD') or ''}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        REDIS_URL="",  # tasks (the bots) in the server's process; the live layer in its memory
        # The test's key: the API token and the session made here are checked there.
        DEBUG="0", SECRET_KEY=settings.SECRET_KEY, ALLOWED_HOSTS=HOST,
        CSRF_TRUSTED_ORIGINS=f"https://{HOST}", SITE_URL=f"https://{HOST}",
    )
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    daphne = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(app_port),
                               "--proxy-headers", "guildhall_site.asgi:application"],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=open(work / "daphne.log", "wb"))
    nginx = None
    try:
        _wait(lambda: requests.get(f"http://127.0.0.1:{app_port}/healthz", timeout=1).ok)
        nginx = subprocess.Popen(["nginx", "-c", str(work / "nginx.conf"), "-p", str(work), "-g", "daemon off;"],
                                 stderr=open(work / "nginx.out", "wb"))
        base = f"https://127.0.0.1:{https_port}"
        _wait(lambda: requests.get(base + "/healthz", verify=False, timeout=1, headers={"Host": HOST}).ok)
        yield SimpleNamespace(base=base, https_port=https_port, work=work, daphne=daphne)
    finally:
        for process in (nginx, daphne):
            if process is not None:
                process.terminate()
                process.wait(10)


def test_a_game_is_played_through_nginx(behind_nginx, make_user):
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    base, https_port = behind_nginx.base, behind_nginx.https_port
    player = make_user()
    token = tokens.issue(player, "nginx")[1]
    web = requests.Session()
    web.verify = False
    web.trust_env = False  # REQUESTS_CA_BUNDLE would win over verify=False
    web.headers.update({"Host": HOST, "Authorization": f"Token {token}"})

    health = web.get(base + "/healthz")
    assert health.status_code == 200 and health.json() == {"status": "ok"}
    assert web.get(base + "/metrics").status_code == 404  # nginx refuses it: scraped on loopback only
    css = web.get(base + "/static/games/site.css")
    assert css.status_code == 200 and css.headers["Content-Type"].startswith("text/css")
    assert "X-Request-ID" not in css.headers  # nginx itself, not the app

    created = web.post(base + "/api/v1/games/", json={"seats": 2, "bots": 1})
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    assert len(created.headers["X-Request-ID"]) == 32  # nginx's $request_id, kept by the app
    made = 0
    while made < DECISIONS:
        game = web.get(f"{base}/api/v1/games/{game_id}/").json()
        if game["status"] != "active":
            break
        assert game["legal"], game  # the bot played its turns within the request (tasks in-process)
        answer = web.post(f"{base}/api/v1/games/{game_id}/decisions/",
                          json={"expected_seq": game["seq"], "decision": game["legal"][0]})
        assert answer.status_code in (200, 201), answer.text
        made += 1
    assert made == DECISIONS or game["status"] == "finished"

    # The live socket, signed in with a session, upgraded by nginx and answering a ping.
    browser = Client()
    browser.force_login(player)
    answer = _websocket_ping(https_port, browser.cookies[settings.SESSION_COOKIE_NAME].value)
    assert answer == {"pong": 7}


def _websocket_ping(port, session):
    """A WebSocket handshake through nginx (TLS) and one masked text frame, the answer read back."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    raw = socket.create_connection(("127.0.0.1", port), timeout=10)
    with context.wrap_socket(raw, server_hostname=HOST) as sock:
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET /ws/live/ HTTP/1.1\r\nHost: {HOST}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: https://{HOST}\r\n"
                      f"Cookie: {settings.SESSION_COOKIE_NAME}={session}\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += sock.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head
        payload = json.dumps({"ping": 7}).encode()
        mask = os.urandom(4)
        sock.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
        while True:
            first, second = _read(sock, 2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack("!H", _read(sock, 2))[0]
            body = _read(sock, length)
            message = json.loads(body) if first & 0x0F == 1 else None
            if message is not None and "pong" in message:
                return message


def _read(sock, n):
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise AssertionError("the socket closed")
        data += chunk
    return data


def _web(token=None):
    web = requests.Session()
    web.verify = False
    web.trust_env = False
    web.headers["Host"] = HOST
    if token:
        web.headers["Authorization"] = f"Token {token}"
    return web


def test_nginx_logs_json_lines_with_the_app_s_request_id_and_no_key(behind_nginx, make_user):
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    base = behind_nginx.base
    web = _web(tokens.issue(make_user(), "nginx")[1])
    created = web.post(base + "/api/v1/games/", json={"seats": 2, "bots": 1})
    assert created.status_code == 201
    key = "MQ:1tKeyForTheLog:" + "k" * 40
    web.get(f"{base}/accounts/confirm-email/{key}/?next=/secret-query/")
    web.get(f"{base}/api/v1/games/?status=active&note=querysecret")
    log = behind_nginx.work / "guildhall.access.log"
    _wait(lambda: log.exists() and len(log.read_text().splitlines()) >= 3)
    lines = [json.loads(line) for line in log.read_text().splitlines()]  # every line JSON
    assert created.headers["X-Request-ID"] in {line["request_id"] for line in lines}  # one id for both logs
    text = log.read_text()
    assert "kKeyForTheLog" not in text and "querysecret" not in text and "secret-query" not in text
    assert {line["path"] for line in lines} >= {"/api/v1/games/", "/accounts/confirm-email/<key>/"}


def test_a_slow_request_body_is_cut_off_before_the_app(behind_nginx):
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    raw = socket.create_connection(("127.0.0.1", behind_nginx.https_port), timeout=SLOW_BODY_SECONDS + 10)
    with context.wrap_socket(raw, server_hostname=HOST) as sock:
        sock.sendall(f"POST /api/v1/games/ HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
                     "Content-Length: 1000\r\n\r\n{".encode())
        started = time.monotonic()
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
        waited = time.monotonic() - started
    assert answer.startswith(b"HTTP/1.1 408") or answer == b"", answer[:200]
    assert waited < SLOW_BODY_SECONDS + 5


def test_while_the_app_server_is_down_clients_get_a_json_error_with_a_request_id(behind_nginx):
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    behind_nginx.daphne.terminate()
    behind_nginx.daphne.wait(20)
    for path in ("/api/v1/games/", "/", "/games/1/"):
        answer = _web().get(behind_nginx.base + path)
        assert answer.status_code == 503, path
        assert answer.headers["Content-Type"].startswith("application/json")
        body = answer.json()
        assert body["error"] == "unavailable" and body["request_id"] == answer.headers["X-Request-ID"]
        assert len(body["request_id"]) == 32 and int(answer.headers["Retry-After"]) > 0
