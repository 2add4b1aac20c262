"""A WebSocket client for the cluster's watchers, on the standard library: the handshake with the session
cookie and the site's origin (as a page sends them), masked text frames out, text frames in. Enough for
the live tables' JSON messages; not a general client."""

import base64
import json
import os
import select
import socket
import struct


class Closed(ConnectionError):
    pass


class LiveSocket:
    def __init__(self, port, cookie, path="/ws/live/", timeout=10.0):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:{port}\r\n"
            f"Cookie: {cookie}\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise Closed("the server closed the connection during the handshake")
            head += chunk
        head, self.buffer = head.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        if " 101 " not in lines[0] + " ":
            raise Closed(f"handshake refused: {lines[0]}")
        headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
        self.served_by = {k.lower(): v for k, v in headers.items()}.get("x-served-by", "?")

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise Closed("the server closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def _send_frame(self, opcode, payload):
        mask = os.urandom(4)
        size = len(payload)
        if size < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | size)
        elif size < 65536:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, size)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, size)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def send_json(self, message):
        self._send_frame(0x1, json.dumps(message).encode())

    def receive_json(self, timeout):
        """The next JSON message, or None when none began within ``timeout`` seconds."""
        while True:
            if not self.buffer:
                readable, _, _ = select.select([self.sock], [], [], timeout)
                if not readable:
                    return None
            # A frame that has begun is read whole (it is a few bytes), so no frame is cut in two.
            self.sock.settimeout(10.0)
            first, second = self._read(2)
            opcode, size = first & 0x0F, second & 0x7F
            if size == 126:
                size = struct.unpack("!H", self._read(2))[0]
            elif size == 127:
                size = struct.unpack("!Q", self._read(8))[0]
            mask = self._read(4) if second & 0x80 else None
            payload = self._read(size)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            if opcode == 0x8:
                raise Closed("the server closed the socket")
            if opcode == 0x9:
                self._send_frame(0xA, payload)
            elif opcode == 0x1:
                return json.loads(payload)

    def close(self):
        try:
            self._send_frame(0x8, struct.pack("!H", 1000))
        except OSError:
            pass
        self.sock.close()
