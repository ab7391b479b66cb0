# fleetapi: everything a new user or CI needs, from a machine with only python3 and make.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEMO_STAMP := $(VENV)/.demo-installed
HOST   ?= 127.0.0.1
PORT   ?= 8765
BENCH  ?=
export NO_MKDOCS_2_WARNING := 1
# Compiled bytecode is kept (in __pycache__, which git and the sdist leave out) even where the
# environment turns it off: the tests start hundreds of Python processes, each of which would
# compile the sources again (a quarter of the time of the tests that start them).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: help venv demo dist test lint typecheck pytest docs docs-serve bench peers generate clean

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "} {printf "  %-12s %s\n", $$1, $$2}'

# The venv gets no pip of its own where the machine's pip can install into it (pip >= 22.3):
# ensurepip alone costs a third of the demo's start. Either way, PIP installs into .venv.
$(BIN)/python:
	$(PYTHON) -m venv --without-pip $(VENV)
	@$(PYTHON) -m pip --python $(BIN)/python --version >/dev/null 2>&1 \
		|| $(BIN)/python -m ensurepip --default-pip >/dev/null
PIP = $(if $(wildcard $(BIN)/pip),$(BIN)/python -m pip,$(PYTHON) -m pip --python $(BIN)/python)

# The demo needs the CLI and the mock only; the whole check needs the development tools too.
$(DEMO_STAMP): pyproject.toml | $(BIN)/python
	$(PIP) install --quiet --no-compile -e '.[cli,mock]'
	@touch $(DEMO_STAMP)

$(STAMP): pyproject.toml | $(BIN)/python
	$(PIP) install --quiet -e '.[dev]'
	@touch $(STAMP) $(DEMO_STAMP)

venv: $(STAMP) ## Create .venv and install the package with its dev extras

demo: $(DEMO_STAMP) ## Serve the demo world on http://127.0.0.1:8765 (PORT=9000, HOST=0.0.0.0 to change)
	$(BIN)/fleet mock serve --host $(HOST) --port $(PORT) --demo-banner

test: $(STAMP) ## The whole check: generated code, lint, format, types, tests, docs
	$(BIN)/python scripts/generate.py --check
	$(BIN)/ruff check src tests examples bench scripts docs/hooks.py
	$(BIN)/ruff format --check src tests examples bench scripts docs/hooks.py
	$(BIN)/mypy --strict src
	$(BIN)/mkdocs build --strict --site-dir .site
	FLEET_BUILT_SITE=.site $(BIN)/python -m pytest -n auto -q

pytest: $(STAMP) ## Only the test suite
	$(BIN)/python -m pytest -n auto -q

generate: $(STAMP) ## Regenerate the SDK resources and the sync client from their sources
	$(BIN)/python scripts/generate.py
	$(BIN)/ruff format --quiet src/fleetapi/resources src/fleetapi/_client.py

dist: $(STAMP) ## Build the sdist and the wheel into dist/, check them, and try the wheel in an empty venv
	rm -rf dist
	$(BIN)/python -m build --outdir dist .
	$(BIN)/twine check --strict dist/*
	FLEETAPI_WHEEL="$$(ls dist/*.whl)" $(BIN)/python -m pytest -q -p no:cacheprovider tests/release

docs: $(STAMP) ## Build the documentation site into .site/
	$(BIN)/mkdocs build --strict --site-dir .site

docs-serve: $(STAMP) ## Serve the documentation with live reload
	$(BIN)/mkdocs serve

bench: $(STAMP) ## Measure against baselines and print the ratios (BENCH="--only lists" to choose)
	$(BIN)/python bench/run.py $(BENCH)

peers: $(STAMP) ## Install the peers of BENCH="--only peers" (WireMock, Prism) into build/peers with npm
	$(BIN)/python bench/peers.py --install

clean: ## Remove the virtual env, caches and built site
	rm -rf $(VENV) .site .mypy_cache .ruff_cache .pytest_cache .hypothesis build dist
