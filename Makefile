# The two Quickstart commands: `make demo` and `make test`. Each makes or reuses .venv.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.boardrules-installed
export NO_MKDOCS_2_WARNING := 1

.PHONY: demo test lint types optional-tools browser postgres node nginx pytest docs bench release-check \
	browser-example notebook-pictures clean

DEMO_STAMP := $(VENV)/.boardrules-demo-installed

# The demo needs only the report extra (rich and matplotlib, for the balance studies): its
# first run installs that in about 35 s with a warm pip cache, then plays for about 40 s
# (`time make demo` in a fresh clone, 2 cores; see docs/how-to/install.md). `make test`
# installs the rest (the dev extra).
$(DEMO_STAMP): pyproject.toml
	@test -x $(PY) || echo "make demo, first run: installing boardrules[report] into $(VENV)" \
	  "(about 35 s with a warm pip cache, longer when pip downloads), then playing (about 40 s)"
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[report]'
	touch $(DEMO_STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(DEMO_STAMP)
	$(PY) -m boardrules.demo $(if $(SEED),--seed $(SEED),)

test: lint types optional-tools pytest docs

# Optional outside tools: the browser tests drive Debian's Chromium, the server tests start a
# throwaway PostgreSQL cluster of their own (initdb and pg_ctl in a temporary directory), and
# one report test runs its script in Node. `make browser`, `make postgres` and `make node`
# install them from Debian's apt (as root; otherwise they say what to install). `make test`
# installs them only under CI=true (as root, or it fails); elsewhere it says which tests will
# skip, and each skipped test says so in pytest's summary (tests/conftest.py).
BROWSER_PROGRAMS := chromium chromedriver
BROWSER_PACKAGES := chromium chromium-driver
POSTGRES_PROGRAMS := initdb pg_ctl
POSTGRES_PACKAGES := postgresql
NODE_PROGRAMS := node npm
NODE_PACKAGES := nodejs
NGINX_PROGRAMS := nginx openssl
NGINX_PACKAGES := nginx openssl
RSVG_PROGRAMS := rsvg-convert
RSVG_PACKAGES := librsvg2-bin fonts-dejavu-core
# Shell functions: `missing PROGRAMS` lists those not found, `where PROGRAMS` their paths. Debian
# keeps PostgreSQL's programs off PATH, in /usr/lib/postgresql/*/bin: the tests look there too.
TOOLS_SH := search() { p="$$PATH"; for d in /usr/lib/postgresql/*/bin; do \
	  [ -d "$$d" ] && p="$$p:$$d"; done; PATH="$$p" command -v "$$1"; }; \
	missing() { for t in "$$@"; do search "$$t" >/dev/null || printf '%s ' "$$t"; done; }; \
	where() { for t in "$$@"; do printf '%s ' "$$(search "$$t")"; done; }

# $(call install,part,PROGRAMS,PACKAGES)
define install
	@$(TOOLS_SH); \
	if [ -z "$$(missing $(2))" ]; then \
	  echo "$(1) tests: $$(where $(2))"; \
	elif [ "$$(id -u)" = 0 ]; then \
	  echo "make $(1): installing Debian's $(3) with apt-get"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    $(3) >/dev/null && [ -z "$$(missing $(2))" ] && echo "$(1) tests: $$(where $(2))"; \
	else \
	  echo "make $(1): $$(missing $(2))not found; installing needs root:" \
	    "sudo make $(1), or sudo apt-get install $(3)" >&2; exit 1; \
	fi
endef

# $(call report,part,PROGRAMS): what make test will use, or which tests will skip.
define report
	@$(TOOLS_SH); \
	if [ -z "$$(missing $(2))" ]; then \
	  echo "$(1) tests: $$(where $(2))"; \
	else \
	  echo "$(1) tests will be SKIPPED: $$(missing $(2))not found" \
	    "(make $(1) installs them, as root)"; \
	fi
endef

browser:
	$(call install,browser,$(BROWSER_PROGRAMS),$(BROWSER_PACKAGES))

postgres:
	$(call install,postgres,$(POSTGRES_PROGRAMS),$(POSTGRES_PACKAGES))

node:
	$(call install,node,$(NODE_PROGRAMS),$(NODE_PACKAGES))

nginx:
	$(call install,nginx,$(NGINX_PROGRAMS),$(NGINX_PACKAGES))

# The notebooks' pictures in the docs (docs/images/notebooks/*.png), drawn again from the
# notebooks by tools/notebook_pictures.py with Debian's rsvg-convert (installed as root).
notebook-pictures: $(STAMP)
	$(call install,notebook-pictures,$(RSVG_PROGRAMS),$(RSVG_PACKAGES))
	$(PY) tools/notebook_pictures.py

optional-tools:
ifeq ($(CI),true)
	@$(MAKE) --no-print-directory browser postgres node nginx browser-example
else
	$(call report,browser,$(BROWSER_PROGRAMS))
	$(call report,postgres,$(POSTGRES_PROGRAMS))
	$(call report,node,$(NODE_PROGRAMS))
	$(call report,nginx,$(NGINX_PROGRAMS))
	@if [ -e examples/browser/node_modules/pyodide/pyodide.mjs ] && \
	  [ -e examples/browser/wheels/manifest.json ]; then \
	  echo "browser-example tests: examples/browser (make browser-example rebuilds it)"; \
	else \
	  echo "browser-example tests will be SKIPPED: the example is not built" \
	    "(make browser-example builds it: npm and pip fetch Pyodide and the wheels once)"; \
	fi
endif

# The browser example (examples/browser, docs/how-to/browser.md): Pyodide from npm (the
# version package-lock.json pins) and the pure-Python wheels the page installs (ours, built
# from this checkout, and its dependencies', for Pyodide's Python). Needs npm and the package
# indexes once; the page itself then needs no network. Its test skips until this has run.
browser-example: $(STAMP)
	$(call install,browser-example,npm,npm)
	cd examples/browser && npm ci --no-audit --no-fund --loglevel=error
	$(PY) tools/browser_wheels.py examples/browser/wheels

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
