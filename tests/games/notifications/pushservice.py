"""A push service played by the tests, on loopback: an HTTP (or HTTPS, with a certificate of a test
authority) server that checks the VAPID signature and decrypts each message (aes128gcm) with the
subscription's private key, as a browser's push service and the browser would.

And the tests' DNS: ``resolve`` answers from ``ANSWERS`` (WEBPUSH_RESOLVER names it), so a test says
which addresses a push service's host has, and ``LOOKUPS`` records every question asked."""

import base64
import datetime
import json
import os
import queue
import ssl
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.x509.oid import NameOID
from django.utils import timezone

from games.notifications import push

ANSWERS = {}
LOOKUPS = []


def resolve(host, port):
    """The tests' resolver: the addresses ANSWERS gives ``host``; a host it does not know is not found."""
    LOOKUPS.append(host)
    if host not in ANSWERS:
        raise OSError(f"{host}: not known to the test's DNS")
    return list(ANSWERS[host])


def b64url(raw):
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def device_keys():
    """A browser's keys of one subscription: (private key, auth secret, the subscription's "keys")."""
    key, auth = ec.generate_private_key(ec.SECP256R1()), os.urandom(16)
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return key, auth, {"p256dh": b64url(public), "auth": b64url(auth)}


def _name(text):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text)])


def _pem(path, data):
    path.write_bytes(data)
    return str(path)


def make_authority(directory, host):
    """A certificate authority of the test and a server certificate it signed for ``host``: the paths of
    (the authority's certificate, the server's certificate, the server's key)."""
    now = datetime.datetime.now(datetime.UTC)
    ca_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())

    def certificate(subject, issuer, public, signer, extensions):
        builder = (
            x509.CertificateBuilder()
            .subject_name(subject)
            .issuer_name(issuer)
            .public_key(public)
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(hours=1))
            .not_valid_after(now + datetime.timedelta(days=1))
        )
        for extension, critical in extensions:
            builder = builder.add_extension(extension, critical=critical)
        return builder.sign(signer, hashes.SHA256()).public_bytes(serialization.Encoding.PEM)

    ca = certificate(
        _name("Guildhall test authority"),
        _name("Guildhall test authority"),
        ca_key.public_key(),
        ca_key,
        [(x509.BasicConstraints(ca=True, path_length=None), True)],
    )
    leaf = certificate(
        _name(host),
        _name("Guildhall test authority"),
        key.public_key(),
        ca_key,
        [(x509.SubjectAlternativeName([x509.DNSName(host)]), False)],
    )
    encoding, private_format = serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8
    key_pem = key.private_bytes(encoding, private_format, serialization.NoEncryption())
    return _pem(directory / "ca.pem", ca), _pem(directory / "server.pem", leaf), _pem(directory / "server.key", key_pem)


class PushService:
    """A push service on 127.0.0.1: answers each POST with the next of ``answers`` (a status, or a status
    and headers; 201 when none is left), keeping what it received. ``host`` is the name its URLs use;
    with ``tls`` (certificate, key) it speaks HTTPS and records the name each client asked for (SNI)."""

    def __init__(self, host="127.0.0.1", tls=None):
        self.received = []
        self.server_names = []
        self.answers = queue.Queue()
        self.device_key, self.auth, self.keys = device_keys()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                answer = 201 if service.answers.empty() else service.answers.get()
                status, headers = answer if isinstance(answer, tuple) else (answer, {})
                service.received.append((self.path, {k.lower(): v for k, v in self.headers.items()}, body, status))
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        scheme = "http"
        if tls is not None:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(*tls)
            context.sni_callback = lambda sock, name, ctx: self.server_names.append(name)
            self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
            scheme = "https"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.port = self.server.server_address[1]
        self.url = f"{scheme}://{host}:{self.port}"

    def subscription(self, name="device-1"):
        return {"endpoint": f"{self.url}/push/{name}", "keys": dict(self.keys)}

    def delivered(self):
        return [r for r in self.received if r[3] < 300]

    def open(self, headers, body):
        """Check the VAPID header (RFC 8292) and decrypt the message (RFC 8291): the payload as JSON."""
        assert headers["content-encoding"] == "aes128gcm"
        scheme, params = headers["authorization"].split(" ", 1)
        assert scheme == "vapid"
        fields = dict(part.strip().split("=", 1) for part in params.split(","))
        assert fields["k"] == push.public_key()
        header, claims, signature = fields["t"].split(".")
        raw = unb64url(signature)
        server_key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(fields["k"]))
        server_key.verify(
            encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
            f"{header}.{claims}".encode(),
            ec.ECDSA(hashes.SHA256()),
        )
        claims = json.loads(unb64url(claims))
        assert claims["aud"] == self.url and claims["sub"].startswith("mailto:")
        assert claims["exp"] > timezone.now().timestamp()
        return json.loads(
            http_ece.decrypt(body, private_key=self.device_key, auth_secret=self.auth, version="aes128gcm")
        )

    def close(self):
        self.server.shutdown()
        self.server.server_close()
