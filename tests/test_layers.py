"""The layers the project is built in, and that its imports go one way.

Every module of the project (tests and migrations aside) belongs to a room: ``engine``; a package of
``games`` or ``social`` (``games.web``, ``social.chat``) or a module directly in it (``games.services``,
``games.models``: the games app's core is one room per module); ``accounts``, ``ops``, ``benchmarks``;
``guildhall_site``, the Django plumbing every room may use (the cache backend, the Redis batch, the Celery
app, the admin site, the error pages). The entry points wire every room together and belong to no room
but their own: the settings, the URLconf and the ASGI and WSGI applications (``site``), and each app's
management commands (``commands``).

The rooms stand in layers, lowest first (``LAYERS``). Two things are checked on every import, at module
level or inside a function alike: a room imports no room of a higher layer, and no two rooms import each
other (one of them would be below the other and above it). What a lower room needs from a higher one
comes through a hook the higher room registers (games.hooks, notifications' kinds, social.mutes) or is a
helper that belongs lower down.
"""

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Lowest first. A room may import rooms of its own layer or lower ones.
LAYERS = [
    # The rules of every game: pure Python, no Django.
    ("engine", {"engine"}),
    # Django plumbing that knows no game.
    ("plumbing", {"guildhall_site"}),
    # The games app's core: the one place that changes a game (services), what a user may see of one
    # (selectors), the models, the rules' protocol, the state cache and the hooks after a commit.
    (
        "core",
        {
            "games", "games.admin", "games.cache", "games.charts", "games.exceptions", "games.hooks",
            "games.jsonsafe", "games.models", "games.presentation", "games.refusals", "games.rules", "games.selectors",
            "games.services", "games.started", "games.statements", "games.tasks",
        },
    ),
    # The feature rooms: every other package of games and social, accounts; each with its pages, API and
    # tests, all on the core.
    ("rooms", None),
    # Beside and above them all: operations (metrics, health, logs, the restore drill), the benchmarks,
    # and the entry points.
    ("top", {"ops", "benchmarks", "site", "commands"}),
]

ENTRY_POINTS = {"guildhall_site.settings", "guildhall_site.urls", "guildhall_site.asgi", "guildhall_site.wsgi"}
ENTRY_POINTS.add("manage")


def project_modules():
    """``{dotted name: (path, is_package)}`` of every project module but the tests and the migrations."""
    found = {}
    packages = [p for p in ROOT.iterdir() if (p / "__init__.py").is_file() and p.name != "tests"]
    for package in packages:
        for path in package.rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" in parts or any(part.startswith(".") for part in parts):
                continue
            is_package = parts[-1] == "__init__"
            found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    if (ROOT / "manage.py").is_file():
        found["manage"] = (ROOT / "manage.py", False)
    return found


def imports_of(name, path, is_package, modules):
    """The project modules ``name`` imports, anywhere in it (inside functions too), relative imports
    resolved; ``from package import module`` names the module."""

    def known(dotted):
        while dotted and dotted not in modules:
            dotted = dotted.rpartition(".")[0]
        return dotted

    package = name if is_package else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(known(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module
            for alias in node.names:
                full = f"{source}.{alias.name}"
                found.add(full if full in modules else known(source))
    found.discard("")
    found.discard(name)
    return found


def room_of(module):
    if module in ENTRY_POINTS or module.startswith("guildhall_site.settings."):
        return "site"
    if ".management.commands." in module:
        return "commands"
    parts = module.split(".")
    if parts[0] in ("games", "social") and len(parts) > 1:
        return ".".join(parts[:2])
    return parts[0]


def layer_of(room):
    for index, (_name, rooms) in enumerate(LAYERS):
        if rooms is not None and room in rooms:
            return index
    return next(i for i, (_name, rooms) in enumerate(LAYERS) if rooms is None)


def room_imports():
    """``{(room, imported room): ["module -> module", ...]}`` over the whole project."""
    modules = project_modules()
    edges = defaultdict(list)
    for name, (path, is_package) in modules.items():
        for imported in imports_of(name, path, is_package, modules):
            here, there = room_of(name), room_of(imported)
            if here != there:
                edges[(here, there)].append(f"{name} -> {imported}")
    return edges


def test_the_lister_sees_imports_inside_functions_and_relative_ones():
    modules = project_modules()
    assert {"engine", "games.services.deciding", "social.moderation.restrictions", "manage"} <= set(modules)
    # games/services/creating.py: ``from .. import cache as state_cache`` and ``from .deciding import ...``
    path, is_package = modules["games.services.creating"]
    found = imports_of("games.services.creating", path, is_package, modules)
    assert {"games.cache", "games.services.deciding", "engine"} <= found
    # ops/drill.py imports the games' services only inside its functions.
    path, is_package = modules["ops.drill"]
    assert "games.services" in imports_of("ops.drill", path, is_package, modules)


def test_no_room_imports_a_room_of_a_higher_layer():
    edges = room_imports()
    upward = {
        f"{here} ({LAYERS[layer_of(here)][0]}) imports {there} ({LAYERS[layer_of(there)][0]})": sorted(found)
        for (here, there), found in edges.items()
        if layer_of(here) < layer_of(there)
    }
    assert upward == {}


def test_no_two_rooms_import_each_other():
    edges = room_imports()
    both_ways = {
        f"{here} <-> {there}": sorted(edges[(here, there)] + edges[(there, here)])
        for here, there in edges
        if here < there and (there, here) in edges
    }
    assert both_ways == {}

