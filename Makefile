# Two commands do all the set-up on a fresh machine:
#   make run    - the main job: the Discord bot (DISCORD_TOKEN in .env; without one it says how to get one)
#   make test   - lint, type-check engine/ and bot/, run the whole test suite
# Without a Discord token:
#   make demo   - an offline game through the table service, its outbox and the renderer
#   make simulate - random legal games (GAMES=50 PLAYERS=6 SEED=1): the fuzzer's summary
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run sync demo test lint simulate clean

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

# The bot (python -m bot): reads .env; the database defaults to var/agot.sqlite3.
run: $(STAMP)
	$(PY) -m bot

# Register the slash commands (GUILD=id for one server at once; global sync takes up to an hour).
sync: $(STAMP)
	$(PY) -m bot sync $(if $(GUILD),--guild $(GUILD),)

lint: $(STAMP)
	$(PY) -m ruff check engine bot tests tools
	$(PY) -m mypy engine bot

test: lint
	$(PY) -m pytest -q

simulate: $(STAMP)
	$(PY) -m engine.simulate --players $${PLAYERS:-6} --games $${GAMES:-50} --seed $${SEED:-1} --quiet

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
