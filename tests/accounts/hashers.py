"""A password hasher that counts the hashes it computes (a real hasher, MD5 for speed, with a counter):
what a guess costs a sync worker is a number of hashes, and the tests count them."""

import threading

from django.contrib.auth.hashers import MD5PasswordHasher

_state = threading.local()
_lock = threading.Lock()
hashes = 0


def _count():
    global hashes
    if not getattr(_state, "inside", False):
        with _lock:
            hashes += 1


class CountingHasher(MD5PasswordHasher):
    algorithm = "counting_md5"

    def encode(self, password, salt):
        _count()
        _state.inside = True  # verify() below encodes once more: one hash, counted once
        try:
            return super().encode(password, salt)
        finally:
            _state.inside = False

    def verify(self, password, encoded):
        _count()
        _state.inside = True
        try:
            return super().verify(password, encoded)
        finally:
            _state.inside = False


def reset():
    global hashes
    with _lock:
        hashes = 0
