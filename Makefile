# boardgen: every target sets up its own virtual environment first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum < pyproject.toml | cut -d' ' -f1)

.PHONY: boards test lint typecheck bench clean setup system-deps

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	rm -f $(VENV)/.installed-*
	touch $@

boards: $(STAMP)
	$(BIN)/boardgen build --out output

# chromium, qpdf, rsvg-convert, pdftoppm for the tests: installed with apt-get when
# missing and we are root (see the script); `boards` needs none of them.
system-deps:
	bash scripts/system-deps

test: $(STAMP) system-deps
	$(BIN)/ruff check boardgen tests benchmarks
	$(BIN)/mypy
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check boardgen tests benchmarks
	$(BIN)/ruff format --check boardgen

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[bench]'
	$(BIN)/python benchmarks/bench_perft.py

clean:
	rm -rf output .pytest_cache .mypy_cache .ruff_cache
