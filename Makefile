# fleetapi: everything a new user or CI needs, from a machine with only python3 and make.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
HOST   ?= 127.0.0.1
PORT   ?= 8765
BENCH  ?=
export NO_MKDOCS_2_WARNING := 1

.PHONY: help venv demo test lint typecheck pytest docs docs-serve bench generate clean

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "} {printf "  %-12s %s\n", $$1, $$2}'

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

venv: $(STAMP) ## Create .venv and install the package with its dev extras

demo: $(STAMP) ## Serve the demo world on http://127.0.0.1:8765 (PORT=9000, HOST=0.0.0.0 to change)
	$(BIN)/fleet mock serve --host $(HOST) --port $(PORT) --demo-banner

test: $(STAMP) ## The whole check: generated code, lint, format, types, tests, docs
	$(BIN)/python scripts/generate.py --check
	$(BIN)/ruff check src tests examples bench scripts docs/hooks.py
	$(BIN)/ruff format --check src tests examples bench scripts docs/hooks.py
	$(BIN)/mypy --strict src
	$(BIN)/python -m pytest -n auto -q
	$(BIN)/mkdocs build --strict --site-dir .site

pytest: $(STAMP) ## Only the test suite
	$(BIN)/python -m pytest -n auto -q

generate: $(STAMP) ## Regenerate the SDK resources and the sync client from their sources
	$(BIN)/python scripts/generate.py
	$(BIN)/ruff format --quiet src/fleetapi/resources src/fleetapi/_client.py

docs: $(STAMP) ## Build the documentation site into .site/
	$(BIN)/mkdocs build --strict --site-dir .site

docs-serve: $(STAMP) ## Serve the documentation with live reload
	$(BIN)/mkdocs serve

bench: $(STAMP) ## Measure against baselines and print the ratios (BENCH="--only lists" to choose)
	$(BIN)/python bench/run.py $(BENCH)

clean: ## Remove the virtual env, caches and built site
	rm -rf $(VENV) .site .mypy_cache .ruff_cache .pytest_cache .hypothesis build dist
