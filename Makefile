# Two commands do all the set-up on a fresh machine:
#   make run    - the main job: the Discord bot (DISCORD_TOKEN in .env; without one it says how to get one)
#   make test   - lint, type-check engine/ and bot/, run the whole test suite
# Without a Discord token:
#   make demo   - an offline game through the table service, its outbox and the renderer
#   make simulate - random legal games (GAMES=50 PLAYERS=6 SEED=1): the fuzzer's summary
# Python 3.11 or newer makes the venv: python3, or PYTHON=python3.12.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
NEW_ENOUGH := import sys; sys.exit(sys.version_info < (3, 11))
new_enough = $(shell $(1) -c '$(NEW_ENOUGH)' >/dev/null 2>&1 && echo yes)

.PHONY: run sync demo test lint simulate clean

# A venv whose Python is gone or older than 3.11 (made before switching Python) is made again.
ifneq ($(wildcard $(STAMP)),)
ifneq ($(call new_enough,$(PY)),yes)
$(STAMP): FORCE
endif
endif

# The version check is expanded only when the venv is (re)made: one line and exit status 2, before anything is made.
$(STAMP): requirements.txt requirements-dev.txt
	$(if $(call new_enough,$(PYTHON)),,$(error Python 3.11 or newer is needed, but $(PYTHON) is \
	  $(or $(shell command -v $(PYTHON) >/dev/null && $(PYTHON) --version 2>&1),missing) (install a newer one, or run make PYTHON=python3.12)))
	@if [ -e $(VENV) ] && [ "$(call new_enough,$(PY))" != yes ]; then \
	  echo "$(VENV) was made by an older or missing Python: making it again with $(PYTHON)"; rm -rf $(VENV); fi
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

FORCE:

SEED ?= 1
PLAYERS ?= 6
OUT ?= out/demo
GAME ?= agot
# A game's settings in words, as /game create settings: reads them (not for agot). Monopoly between autopilots
# that never trade may go on for ever: its demo is a short game unless SETTINGS says otherwise ('rounds 0').
SETTINGS ?= $(if $(filter monopoly,$(GAME)),rounds 50,)

# One seeded game (GAME=agot, whitechapel or monopoly; PLAYERS 3-6 for agot, 2-6 for whitechapel, 2-8 for
# monopoly) through the table service (OUT/demo.sqlite3), its outbox and the renderer (OUT/boards/, OUT/feed.md);
# each run starts afresh.
demo: $(STAMP)
	$(PY) -m bot.demo --game $(GAME) --seed $(SEED) --players $(PLAYERS) --out $(OUT) --settings '$(SETTINGS)'

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
