# boardgen: every target sets up its own virtual environment first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check
# Two stamps, renewed when pyproject.toml changes: running boardgen needs only its own
# dependencies (`make boards`); the test tools come with `make test` (and `make setup`).
DIGEST := $(shell cksum < pyproject.toml | cut -d' ' -f1)
RUN_STAMP := $(VENV)/.run-$(DIGEST)
TEST_STAMP := $(VENV)/.test-$(DIGEST)

.PHONY: boards library test fuzz lint imports bench crosscheck clean setup system-deps compiled assembly textfit dist docs pictures studio-assets

setup: $(TEST_STAMP)

$(RUN_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) -e .
	rm -f $(VENV)/.run-* $(VENV)/.test-* $(VENV)/.installed-*
	touch $@

$(TEST_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) -e '.[test]'
	rm -f $(VENV)/.run-* $(VENV)/.test-* $(VENV)/.installed-*
	touch $(RUN_STAMP) $@

# The shipped games compiled (boardgen/descriptor/compiled.py): made, never committed, when
# a shipped game or the code is newer than the file, before anything builds, tests or packs.
COMPILED := boardgen/descriptor/builtin.pickle
$(COMPILED): $(RUN_STAMP) $(wildcard variants/*.yaml) $(shell find boardgen -name '*.py')
	$(BIN)/python -c 'from boardgen.outputs.validate import compile_builtin; compile_builtin()'

compiled: $(COMPILED)

# The six games of the original brief; `make library` builds every shipped game (thirty-seven).
BRIEF := kruzno-checkers hex9-checkers catchup american-checkers pool-checkers variante-dames

boards: $(RUN_STAMP) $(COMPILED)
	$(BIN)/boardgen build $(BRIEF) --out output

library: $(RUN_STAMP) $(COMPILED)
	$(BIN)/boardgen build --out library

# chromium, qpdf, rsvg-convert, pdftoppm for the tests: installed with apt-get when
# missing and we are root (see the script); `boards` needs none of them.
system-deps:
	bash scripts/system-deps

# The suite runs on two workers (pytest-xdist; CI has two cores; PYTEST_WORKERS=1 runs it
# in one process). The package is byte-compiled first: the tests start the command line
# in hundreds of fresh processes, and where PYTHONDONTWRITEBYTECODE is set each would
# compile every module again.
PYTEST_WORKERS ?= 2

test: $(TEST_STAMP) system-deps $(COMPILED)
	$(BIN)/ruff check boardgen tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python -m compileall -q boardgen
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS)

lint: $(TEST_STAMP)
	$(BIN)/ruff check boardgen tests benchmarks
	$(BIN)/ruff format --check boardgen
	$(BIN)/lint-imports

# Circles, imports up a layer, levels and the largest modules (docs/develop/architecture.md).
imports: $(TEST_STAMP)
	$(BIN)/python scripts/import_graph.py

# Property-based fuzzing at full strength: 2,600 cases for each of the six properties
# in tests/project/test_fuzz.py (descriptors, random descriptors, positions, moves, PDN records,
# batch texts) and 600 mutated texts under a memory limit (over 16,000 in all; several
# minutes). `make test` runs 40 each (20 mutated texts).
fuzz: $(TEST_STAMP)
	HYPOTHESIS_PROFILE=fuzz $(BIN)/python -m pytest tests/project/test_fuzz.py --hypothesis-show-statistics

# The virtual assembly of every shipped game's tiles on A4, Letter and A3 (tests/support/assembly.py);
# `make test` checks five games that hold every kind of join on the three papers.
assembly: $(TEST_STAMP)
	BOARDGEN_ASSEMBLY=all $(BIN)/python -m pytest tests/render/test_assembly.py -q

# Every page of every PDF of a full build checked for text that fits (tests/support/textfit.py);
# `make test` reads the rule sheets, pieces sheets and folded booklets.
textfit: $(TEST_STAMP)
	BOARDGEN_TEXTFIT=all $(BIN)/python -m pytest tests/sheets/test_textfit.py -q

# Speed and scale, against peers in the same run (pydraughts, python-chess; chess perft to
# depth 6 and a chess diagram in benchmarks/bench_chess.py); the studio's edit-to-preview
# time in Chromium, against its budget.
bench: $(TEST_STAMP)
	$(PIP) -e '.[bench]'
	$(BIN)/python benchmarks/bench_perft.py
	$(BIN)/python benchmarks/bench_chess.py
	$(BIN)/python benchmarks/bench_outputs.py
	$(BIN)/python benchmarks/bench_startup.py
	$(BIN)/python benchmarks/bench_sphinx.py
	$(BIN)/python benchmarks/bench_openspiel.py
	$(BIN)/python benchmarks/bench_fairy.py
	$(BIN)/python benchmarks/bench_studio.py

# The newer families (reversi, race, go, connection, lines, morris, hop) in lockstep with OpenSpiel on
# 100,000 positions per game (make test runs 2,000), chess with python-chess on 100,000 plies
# (make test runs 6,000 and the real games), xiangqi and shogi with Fairy-Stockfish on
# 20,000 plies each (make test: 1,500 and 900), then their perft 4; prints one tally per game.
crosscheck: $(TEST_STAMP)
	$(BIN)/python benchmarks/crosscheck.py --positions 100000
	$(BIN)/python benchmarks/crosscheck_fairy.py --plies 20000

# The documentation site (docs/, MyST Markdown) as HTML in docs/_build/html: every warning
# is an error, and every picture is drawn by boardgen's own directive while it builds.
# `make test` builds it too (tests/docs/test_site.py).
docs: $(TEST_STAMP) $(COMPILED)
	$(BIN)/sphinx-build -W --keep-going -q -b html docs docs/_build/html

# The README's pictures (docs/img/readme-*.png), drawn by boardgen; a test fails when a
# committed one is no longer what this draws.
pictures: $(RUN_STAMP) $(COMPILED)
	$(BIN)/python scripts/readme_pictures.py

# The studio's editor (CodeMirror 6 with boardgen's schema help) bundled into
# boardgen/studio/static/editor.js with its licences (editor-licences.txt), from the exact
# versions of scripts/studio-editor/package-lock.json. The bundle is committed: installing
# and running boardgen need no Node; only changing the editor does (Node 18 or later, npm).
studio-assets:
	cd scripts/studio-editor && npm ci --no-audit --no-fund && node build.mjs

# The sdist and the wheel, the compiled games inside (pip install dist/boardgen_print-*.whl; the
# distribution is named boardgen-print).
dist: $(TEST_STAMP) $(COMPILED)
	rm -rf dist
	$(BIN)/python -m build --no-isolation --outdir dist .

clean:
	rm -rf output library dist docs/_build $(COMPILED) .pytest_cache .mypy_cache .ruff_cache
