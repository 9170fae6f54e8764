# boardgen: every target sets up its own virtual environment first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum < pyproject.toml | cut -d' ' -f1)

.PHONY: boards test fuzz lint bench clean setup system-deps

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

# Property-based fuzzing at full strength: 2,600 cases for each of the four properties
# in tests/test_fuzz.py and 600 mutated texts under a memory limit (over 11,000 in all;
# several minutes). `make test` runs 40 each (20 mutated texts).
fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=fuzz $(BIN)/python -m pytest tests/test_fuzz.py --hypothesis-show-statistics

# Speed and scale, against peers in the same run (pydraughts, python-chess).
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[bench]'
	$(BIN)/python benchmarks/bench_perft.py
	$(BIN)/python benchmarks/bench_outputs.py

clean:
	rm -rf output .pytest_cache .mypy_cache .ruff_cache
