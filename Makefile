# Two commands matter: `make run` and `make test` (see README.md).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-fast install lint check-deploy check-deploy-files restore-drill bench cluster clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed (set PYTHON=...)")'
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP)

# HOST and PORT (make run PORT=8080) set the address served and, unless SITE_URL is set, the links in
# emails and in the summary printed by demo_setup.
# The demo rates games against the greedy and strong bots at their calibration (docs/ratings.md); an
# empty RATINGS_BOT_CALIBRATION switches that off.
RUN_ENV = SITE_URL=$${SITE_URL:-http://$(HOST):$(PORT)} ALLOWED_HOSTS=$${ALLOWED_HOSTS:-127.0.0.1,localhost,$(HOST)} \
	RATINGS_BOT_CALIBRATION=$${RATINGS_BOT_CALIBRATION-greedy=20:2,strong=33:3}

run: install
	$(BIN)/python manage.py migrate --noinput
	$(RUN_ENV) $(BIN)/python manage.py demo_setup
	$(RUN_ENV) $(BIN)/python manage.py runserver $(HOST):$(PORT)

# Two test processes (pytest-xdist): each has its own test database and Redis database (tests/parallel.py).
# TEST_RUN_ID=auto (or a word) gives this run names of its own, for two runs at once on one machine.
# TEST_PROCESSES=0 runs the tests in this process, one after the other.
TEST_PROCESSES ?= 2

test: install
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n $(TEST_PROCESSES) $(PYTEST_ARGS)

# The quick run while working: everything but the whole-game tests (marked slow) and the browser tests
# (tests/e2e). PYTEST_ARGS adds to it (a path, -x).
test-fast: install
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n $(TEST_PROCESSES) -m 'not slow' --ignore=tests/e2e $(PYTEST_ARGS)

lint: install
	$(BIN)/ruff check .

# The deployment checklist under production settings (needs no database).
check-deploy: install
	DJANGO_SETTINGS_MODULE=guildhall_site.settings.production \
	SECRET_KEY=$${SECRET_KEY:-check-deploy-only-$$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')} \
	ALLOWED_HOSTS=$${ALLOWED_HOSTS:-guildhall.example} \
	EMAIL_URL=$${EMAIL_URL:-smtp://127.0.0.1:25} \
	$(BIN)/python manage.py check --deploy --fail-level WARNING

# The deployment recipe (deploy/): systemd units through `systemd-analyze verify`, the nginx site through
# `nginx -t` (needs Debian's nginx; docs/operations.md).
check-deploy-files: install
	deploy/check.sh

# Back up, restore into a new database and prove the copy (docs/operations.md, "Restore"); needs DATABASE_URL
# (PostgreSQL) and pg_dump/pg_restore of the server's version. By default on a scratch database filled with a
# sample of games; DRILL_ARGS= drills on the configured database itself (only read).
DRILL_ARGS ?= --populate
restore-drill: install
	$(BIN)/python manage.py restore_drill $(DRILL_ARGS)

# Needs DATABASE_URL (PostgreSQL) and REDIS_URL; see benchmarks/README.md.
bench: install
	$(BIN)/python manage.py benchmark $(BENCH_ARGS)

# Two app servers behind HAProxy, two Celery workers and a beat; one server and one worker killed mid-run.
# Needs DATABASE_URL (PostgreSQL), REDIS_URL and Debian's haproxy; see docs/architecture.md, "Scale-out".
cluster: install
	$(BIN)/python manage.py cluster $(CLUSTER_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
