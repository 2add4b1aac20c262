"""What a password guess at the API's token endpoint costs the server, with the configured password hasher
(Django's default in production: PBKDF2-SHA256). Prints the time of one hash, then the latency of a wrong
password, an unknown user, a guess while the account is locked out and the right password (in-process,
through the whole middleware stack). Makes throwaway users (guess_cost_<run>_N) and deletes them again;
each run uses addresses and accounts of its own, so it clears no limit and leaves the cache alone.

    manage.py guess_cost [--accounts 12]
"""

import secrets
import statistics
import time

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import get_hasher
from django.core.management.base import BaseCommand
from django.test import Client

from benchmarks.report import percentile

PASSWORD = "the-right-one-42"
TOKEN = "/api/v1/auth/token/"


class Command(BaseCommand):
    help = "Latency of refused and accepted guesses at the token endpoint, against one password hash."

    def add_arguments(self, parser):
        parser.add_argument("--accounts", type=int, default=12)

    def handle(self, *args, accounts, **options):
        User = get_user_model()
        run = secrets.token_hex(3)
        users = []
        for i in range(2 * accounts):  # the first half gets locked out, the second signs in
            user = User(username=f"guess_cost_{run}_{i}")
            user.set_password(PASSWORD)
            user.save()
            users.append(user)
        try:
            self._measure(users[:accounts], users[accounts:], run)
        finally:
            User.objects.filter(pk__in=[u.pk for u in users]).delete()

    def _post(self, login, password, address):
        client = Client(REMOTE_ADDR=address)
        started = time.perf_counter()
        response = client.post(TOKEN, {"username": login, "password": password}, content_type="application/json")
        return response.status_code, (time.perf_counter() - started) * 1000

    def _measure(self, users, fresh, run):
        net = int(run[:2], 16)  # addresses of this run only (the per-address limits)
        samples = {"wrong password": [], "unknown user": [], "locked out": [], "right password": []}
        codes = {name: set() for name in samples}
        for i, user in enumerate(users):
            for k in range(5):  # the account's allowance of failures
                code, ms = self._post(user.username, f"wrong-{k}", f"10.{net}.{i}.1")
                samples["wrong password"].append(ms)
                codes["wrong password"].add(code)
            for k in range(3):  # from other addresses: the account is locked
                code, ms = self._post(user.username, f"wrong-again-{k}", f"10.{net}.{i}.{k + 2}")
                samples["locked out"].append(ms)
                codes["locked out"].add(code)
            code, ms = self._post(f"nobody_{run}_{i}", "x", f"10.{net}.{i + 100}.1")
            samples["unknown user"].append(ms)
            codes["unknown user"].add(code)
        for i, user in enumerate(fresh):
            code, ms = self._post(user.username, PASSWORD, f"10.{net}.{i + 200}.1")
            samples["right password"].append(ms)
            codes["right password"].add(code)
        hasher = get_hasher()
        started = time.perf_counter()
        for _i in range(10):
            hasher.encode("x", hasher.salt())
        one_hash = (time.perf_counter() - started) * 100
        iterations = getattr(hasher, "iterations", "-")
        self.stdout.write(f"hasher {hasher.algorithm} (iterations {iterations}): one hash {one_hash:.0f} ms")
        for name, values in samples.items():
            self.stdout.write(
                f"{name:15}: p50 {percentile(values, 50):7.1f} ms  mean {statistics.mean(values):7.1f} ms  "
                f"(n={len(values)}, answers {sorted(codes[name])})"
            )
