"""The deployment recipe's files as an operator uses them: the environment file read by a shell and by
systemd alike, every setting in it and documented, the units and the nginx site running from the current
release's directory, the restore recipe kept off the live Redis, a command run while the services (and
their metrics directory) are down."""

import ast
import glob
import os
import re
import shlex
import subprocess
import sys

import pytest

from tests.ops.servers import ROOT

ENV_FILE = ROOT / "deploy" / "guildhall.env"
OPERATIONS = ROOT / "docs" / "operations.md"
ASSIGNMENT = re.compile(r"^#?([A-Z][A-Z0-9_]*)=", re.M)


def _uncommented(text):
    """The file with every commented assignment (``#NAME=value``) made live, as an operator would."""
    return re.sub(r"^#([A-Z][A-Z0-9_]*=)", r"\1", text, flags=re.M)


def read_with_bash(path):
    """What the documented `set -a; . file; set +a` puts in the environment, beyond what was there."""
    script = 'set -a; . "$1"; set +a; env -0'
    result = subprocess.run(["bash", "-c", script, "bash", str(path)], env={"PATH": "/usr/bin:/bin"},
                            capture_output=True, check=True)
    assert result.stderr == b"", result.stderr.decode()
    pairs = (entry.split("=", 1) for entry in result.stdout.decode().split("\0") if "=" in entry)
    return {key: value for key, value in pairs if key not in ("PATH", "PWD", "SHLVL", "_", "OLDPWD")}


def read_with_systemd(path, tmp_path):
    """What systemd's own parser of KEY=VALUE files makes of it (the one EnvironmentFile= uses; the
    environment.d generator runs it on a directory of such files and prints the result, shell-quoted)."""
    generators = glob.glob("/usr/lib/systemd/user-environment-generators/*systemd-environment-d-generator") + \
        glob.glob("/lib/systemd/user-environment-generators/*systemd-environment-d-generator")
    if not generators:
        pytest.fail("needs systemd's environment-d generator (Debian's systemd package; CI has it)")
    directory = tmp_path / "config" / "environment.d"
    directory.mkdir(parents=True)
    (directory / "guildhall.conf").write_text(path.read_text())
    result = subprocess.run([generators[0]], env={"XDG_CONFIG_HOME": str(tmp_path / "config")},
                            capture_output=True, text=True, check=True)
    assert result.stderr == "", result.stderr  # a line systemd could not read is reported and dropped
    found = {}
    for line in result.stdout.splitlines():
        key, _sep, value = shlex.split(line)[0].partition("=")
        found[key] = value
    return found


@pytest.mark.parametrize("variant", ["as shipped", "every default uncommented"])
def test_the_environment_file_reads_alike_in_a_shell_and_in_systemd(variant, tmp_path):
    text = ENV_FILE.read_text()
    if variant != "as shipped":
        text = _uncommented(text)
    path = tmp_path / "guildhall.env"
    path.write_text(text)
    live = set(re.findall(r"^([A-Z][A-Z0-9_]*)=", text, re.M))

    by_bash, by_systemd = read_with_bash(path), read_with_systemd(path, tmp_path)
    by_systemd = {key: value for key, value in by_systemd.items() if key in live}  # not the generator's own
    assert set(by_bash) == live, "a shell lost or gained variables"
    assert by_systemd == by_bash
    assert by_bash["DEFAULT_FROM_EMAIL"] == "Guildhall <noreply@guildhall.example>"
    assert by_bash["DJANGO_SETTINGS_MODULE"] == "guildhall_site.settings.production"
    assignments = [line for line in text.splitlines() if re.match(r"[A-Z]", line)]
    assert [line for line in assignments if "$" in line] == [], "a shell expands $, systemd does not"


def settings_variables():
    """Every environment variable the settings read (env.str("NAME"...), os.environ.get("NAME")), and the
    metrics directory (read by prometheus_client)."""
    tree = ast.parse((ROOT / "guildhall_site" / "settings" / "__init__.py").read_text())
    names = {"PROMETHEUS_MULTIPROC_DIR"}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)):
            continue
        function = node.func
        reads_env = isinstance(function, ast.Attribute) and (
            (isinstance(function.value, ast.Name) and function.value.id == "env")
            or (function.attr == "get" and isinstance(function.value, ast.Attribute)
                and function.value.attr == "environ")
        )
        if reads_env and isinstance(node.args[0].value, str):
            names.add(node.args[0].value)
    return names


def test_every_setting_is_in_the_environment_file_and_documented():
    variables = settings_variables()
    assert {"SECRET_KEY", "SECURE_HSTS_PRELOAD", "TRUSTED_PROXY_COUNT"} <= variables  # the scan works
    in_file = set(ASSIGNMENT.findall(ENV_FILE.read_text()))
    assert variables - in_file == set(), "add them to deploy/guildhall.env (commented, with their default)"
    table = OPERATIONS.read_text().split("## Settings", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"^\| `([A-Z][A-Z0-9_]*)`", table, re.M))
    assert variables - documented == set(), "add them to docs/operations.md's Settings table"
    assert documented - variables == set(), "the Settings table names variables nothing reads"


def test_the_units_and_the_site_run_from_the_current_release():
    for unit in ("guildhall-web.service", "guildhall-worker.service", "guildhall-beat.service"):
        text = (ROOT / "deploy" / "systemd" / unit).read_text()
        assert "WorkingDirectory=/srv/guildhall/current\n" in text, unit
        [start] = re.findall(r"^ExecStart=(\S+)", text, re.M)
        assert start.startswith("/srv/guildhall/current/.venv/bin/"), unit
        assert "EnvironmentFile=/etc/guildhall/guildhall.env" in text
    site = (ROOT / "deploy" / "nginx" / "guildhall.conf").read_text()
    assert "alias /srv/guildhall/current/staticfiles/;" in site


def test_the_restore_recipe_keeps_its_commands_off_the_live_redis():
    section = OPERATIONS.read_text().split("## Restore", 1)[1].split("\n## ", 1)[0].split("**The drill.**")[0]
    commands = [line for block in re.findall(r"```sh\n(.*?)```", section, re.S) for line in block.splitlines()
                if "manage.py" in line]
    assert commands, "the restore recipe runs no command"
    for line in commands:
        assert re.match(r"^REDIS_URL= ", line), f"runs against the live Redis: {line}"


def test_a_command_runs_while_the_metrics_directory_does_not_exist(tmp_path):
    """The environment file names the services' metrics directory, which exists only while they run:
    `migrate` before the first start (or while they are stopped) must not stop at its first counter."""
    missing = tmp_path / "run" / "guildhall" / "metrics"
    env = {key: value for key, value in os.environ.items()
           if key not in ("DJANGO_SETTINGS_MODULE", "REDIS_URL", "PYTEST_XDIST_WORKER")}
    env.update(PROMETHEUS_MULTIPROC_DIR=str(missing), DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    result = subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    assert not missing.exists()  # nothing made where the services' own directory goes
