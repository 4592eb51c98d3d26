# The two Quickstart commands: `make demo` and `make test`. Each makes or reuses .venv.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.boardrules-installed
export NO_MKDOCS_2_WARNING := 1

.PHONY: demo test lint types browser postgres pytest docs bench release-check clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(PY) -m boardrules.demo $(if $(SEED),--seed $(SEED),)

test: lint types browser postgres pytest docs

# The browser tests drive Debian's Chromium. Nothing is installed system-wide unless CI=true:
# then Chromium and its driver come from apt (as root) or the run fails. Elsewhere, without
# them, the browser tests skip and say so.
browser:
	@if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then \
	  echo "browser tests: $$(command -v chromium), $$(command -v chromedriver)"; \
	elif [ "$${CI:-}" = true ]; then \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "CI=true: installing chromium and chromium-driver needs root" >&2; exit 1; \
	  fi; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    chromium chromium-driver >/dev/null; \
	else \
	  echo "browser tests will be SKIPPED: chromium and chromedriver not found" \
	    "(install them, or run with CI=true as root to install them from apt)"; \
	fi

# The server tests start a throwaway PostgreSQL cluster of their own (initdb and pg_ctl in a
# temporary directory). As with the browser: Debian's postgresql is installed only under
# CI=true (as root); elsewhere, without it, the PostgreSQL tests skip and say so.
postgres:
	@if command -v initdb >/dev/null || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  echo "PostgreSQL tests: $$(ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | tail -n 1)"; \
	elif [ "$${CI:-}" = true ]; then \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "CI=true: installing postgresql needs root" >&2; exit 1; \
	  fi; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    postgresql >/dev/null; \
	else \
	  echo "PostgreSQL tests will be SKIPPED: initdb not found" \
	    "(install Debian's postgresql, or run with CI=true as root to install it)"; \
	fi

lint: $(STAMP)
	$(PY) -m ruff check .

types: $(STAMP)
	$(PY) -m mypy --strict src tests/typing

pytest: $(STAMP)
	HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE:-ci} $(PY) -m pytest -n 2 -p no:cacheprovider

docs: $(STAMP)
	$(PY) -m mkdocs build --strict --site-dir build/site

bench: $(STAMP)
	$(PY) benchmarks/playouts.py

release-check: $(STAMP)
	$(PY) tools/release_check.py

clean:
	rm -rf build site .pytest_cache .mypy_cache .ruff_cache .hypothesis
