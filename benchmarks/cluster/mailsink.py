"""The cluster's mail server: an aiosmtpd server on loopback that keeps the Message-ID and recipients of
every message it accepts, so the run can tell an email sent twice from two emails."""

import threading
from email import message_from_bytes

from aiosmtpd.controller import Controller


class _Counter:
    def __init__(self):
        self.lock = threading.Lock()
        self.messages = []  # (message_id, recipients)

    async def handle_DATA(self, server, session, envelope):
        parsed = message_from_bytes(envelope.content)
        with self.lock:
            self.messages.append((parsed.get("Message-ID", ""), tuple(envelope.rcpt_tos)))
        return "250 OK"


class MailSink:
    def __init__(self, port):
        self.counter = _Counter()
        self.controller = Controller(self.counter, hostname="127.0.0.1", port=port)

    def __enter__(self):
        self.controller.start()
        return self

    def __exit__(self, *exc):
        self.controller.stop()

    def messages(self):
        with self.counter.lock:
            return list(self.counter.messages)
