# Two commands do all the set-up on a fresh machine:
#   make demo   - the main job without a Discord token: an offline random game (the bot comes later)
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

demo: $(STAMP)
	$(PY) -m engine.simulate --players $${PLAYERS:-6} --games 1 --seed $${SEED:-1} --narrate

lint: $(STAMP)
	$(PY) -m ruff check engine bot tests tools
	$(PY) -m mypy engine

test: lint
	$(PY) -m pytest -q

simulate: $(STAMP)
	$(PY) -m engine.simulate --players $${PLAYERS:-6} --games $${GAMES:-50} --seed $${SEED:-1} --quiet

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
