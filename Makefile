# `make test` and `make demo` set up everything themselves: a virtual
# environment in .venv, the package with its test dependencies, and the
# compiled engines (rebuilt whenever an engine source changed).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed
BUILD_DEPS := "setuptools>=70" wheel "cython>=3.0,<3.4"

.PHONY: test test-slow build demo bench clean screenshots

$(PY):
	$(PYTHON) -m venv $(VENV)

$(INSTALLED): $(PY) pyproject.toml setup.py
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet $(BUILD_DEPS)
	ARENA_DEFER_ENGINES=1 $(PY) -m pip install --quiet --no-build-isolation --editable '.[test]'
	touch $(INSTALLED)

build: $(INSTALLED)
	$(PY) setup.py --quiet build_ext --inplace --parallel $$(nproc)

# The suite runs on every core (pytest-xdist; a test module stays on one process, since its tests
# share fixtures: live servers, a browser, played matches). TEST_JOBS=0 runs it in this process.
TEST_JOBS ?= auto
test: build
	$(VENV)/bin/lint-imports --no-logo
	$(PY) -m pytest -n $(TEST_JOBS) --dist loadfile

# The long checks the default run leaves out: many-game properties, every variant at the largest
# table, long self-play (each has a fast representative in `make test`).
test-slow: build
	$(PY) -m pytest -n $(TEST_JOBS) --dist loadfile -m slow

# One machine, nothing installed: SQLite and the bundled Redis in .arena/, a worker, the beat and the
# web server; registers the built-in bots, starts a demo tournament, prints the site's URL (opening it
# where there is a screen) and the tournament's standings, and keeps serving until Ctrl-C.
demo: build
	$(VENV)/bin/arena games
	$(VENV)/bin/arena demo

bench: build
	$(VENV)/bin/arena bench katana --games 20000

# The pictures in docs/screenshots/ (linked from the README): the browser tests that draw each
# game's table and replay take them in artifacts/browser/; this runs those tests and copies them.
SCREENSHOTS := katana_table_mid_game:katana-table test_a_katana_replay_is_drawn_as_a_table_of_cards:katana-replay \
	risques_table_mid_game:risques-table test_a_risques_replay_shows_the_pools_dice_and_rolls:risques-replay \
	samourai_table:samourai-table test_a_samourai_replay_draws_the_map_reveals_a_battles_cards_and_hides_hands_per_seat:samourai-replay \
	shogun_table_three:shogun-table shogun_solo_table_over:shogun-solo-over shogun_replay_end:shogun-replay
screenshots: build
	$(PY) -m pytest -q -m "slow or not slow" tests/browser/test_browser_tables.py tests/browser/test_browser_replay_pictures.py \
		tests/browser/test_browser_samourai.py tests/browser/test_browser_shogun_table.py
	mkdir -p docs/screenshots
	for pair in $(SCREENSHOTS); do cp "artifacts/browser/$${pair%%:*}.png" "docs/screenshots/$${pair##*:}.png"; done

clean:
	rm -rf build; find engine_ext -name "*.so" -delete; find engine_ext -name "*.c" -delete
