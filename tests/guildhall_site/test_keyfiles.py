"""A development checkout's keys (the secret key, the Web Push key) are made once and kept: several
threads asking at once for a key not yet made all get the one that was kept, readable by its owner only."""

import itertools
import threading

from guildhall_site.settings.keyfiles import kept_key


def test_threads_starting_at_once_agree_on_one_kept_key(tmp_path):
    path = tmp_path / "var" / "key"
    made = itertools.count()
    barrier = threading.Barrier(8)
    found = []

    def ask():
        barrier.wait()
        found.append(kept_key(path, lambda: f"key-{next(made)}"))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(found) == 8 and len(set(found)) == 1 and found[0].startswith("key-")
    assert path.stat().st_mode & 0o777 == 0o600
    assert [p.name for p in path.parent.iterdir()] == ["key"]  # no draft left behind
    assert kept_key(path, lambda: "another") == found[0]
