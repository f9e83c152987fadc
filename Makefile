# Two commands on a fresh machine with Python 3.11 and make:  `make run`  and  `make test`
# (PostgreSQL comes as a wheel when DATABASE_URL is unset: nothing else to install).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run test lint format worker beat bench bench-scale load clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# DATABASE_URL unset: each manage.py below runs the embedded PostgreSQL (data in var/postgres/,
# config/embedded_postgres.py) and stops it when it ends, Ctrl-C and SIGTERM included.
PORT ?= 8000

run: $(STAMP)
	mkdir -p var
	$(BIN)/python manage.py migrate --noinput
	PORT=$(PORT) $(BIN)/python manage.py seed_demo
	@echo "Posse at http://127.0.0.1:$(PORT)/ (Ctrl-C stops it)"
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

test: $(STAMP)
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

worker: $(STAMP)
	$(BIN)/celery -A config worker --loglevel=info --concurrency=2

beat: $(STAMP)
	$(BIN)/celery -A config beat --loglevel=info --schedule=var/celerybeat-schedule

bench: $(STAMP)   # every benchmark -> bench/RESULTS.md (needs PostgreSQL + Redis for all rows)
	$(BIN)/python -m bench

bench-scale: $(STAMP)   # spectators, growth, failover (root: network namespaces) -> bench/SCALE.md
	$(BIN)/python -m bench.scale_report

load: $(STAMP)    # load test on loopback -> bench/LOAD.md (POSSE_LOAD_SECONDS per phase, default 20)
	$(BIN)/python -m bench.load

clean:
	rm -rf $(VENV) var/postgres var/pytest-postgres .pytest_cache
