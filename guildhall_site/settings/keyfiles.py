"""Keys a development checkout makes for itself on first use and keeps in ``var/`` (ignored by git): the
secret key (base.py) and the Web Push key (live.py)."""

import os
import threading


def kept_key(path, make):
    """The text kept in ``path``; on first use ``make()`` is written there. Processes or threads starting
    at once agree on one key: each writes a draft of its own and links it into place, where every link
    but the first fails. Raises OSError where the key cannot be kept (a read-only checkout)."""
    try:
        return path.read_text()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    draft = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
    draft.write_text(make())
    draft.chmod(0o600)
    try:
        os.link(draft, path)
    except FileExistsError:
        pass  # another process was first: use its key
    finally:
        draft.unlink()
    return path.read_text()
