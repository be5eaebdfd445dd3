# Two commands do all the set-up on a fresh machine:
#   make demo   - the main job without a Discord token: an offline game through the table service
#   make test   - lint, type-check the engine, run the whole test suite
#   make simulate - random legal games (GAMES=50 PLAYERS=6 SEED=1): the fuzzer's summary
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test lint simulate clean

$(STAMP): requirements.txt requirements-dev.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

SEED ?= 1
PLAYERS ?= 6
OUT ?= out/demo

# One seeded game through the table service (OUT/demo.sqlite3), its outbox and the renderer (OUT/boards/,
# OUT/feed.md); each run starts afresh.
demo: $(STAMP)
	$(PY) -m bot.demo --seed $(SEED) --players $(PLAYERS) --out $(OUT)

lint: $(STAMP)
	$(PY) -m ruff check engine bot tests tools
	$(PY) -m mypy engine

test: lint
	$(PY) -m pytest -q

simulate: $(STAMP)
	$(PY) -m engine.simulate --players $${PLAYERS:-6} --games $${GAMES:-50} --seed $${SEED:-1} --quiet

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
