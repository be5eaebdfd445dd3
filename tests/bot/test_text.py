"""The DM text forms and the prompt words, without Discord."""

import pytest

from bot.frontend.answers import text_answer
from bot.frontend.search import find
from bot.frontend.text import choice_lines, chunks, prompt_text, status_text
from bot.games.agot.answers import parse_losses, parse_march, parse_muster
from bot.games.agot.lookup import entries as lookup_entries
from bot.games.agot.orders import draft_of, with_draft
from bot.games.front import Refused as TextRefused
from bot.games.fronts import front
from engine.agot.board import board

AGOT = front("agot")


def test_a_march_in_words():
    assert parse_march("from Winterfell: knight, 2 footmen to Castle Black; ship to Bay of Ice + power") == {
        "from": "Winterfell", "moves": {"Castle Black": ["knight", "footman", "footman"], "Bay of Ice": ["ship"]},
        "leave_power_token": True}
    assert parse_march("from Winterfell: stay") == {"from": "Winterfell", "moves": {}, "leave_power_token": False}


@pytest.mark.parametrize("bad, hint", [("Winterfell: knight to Karhold", "from AREA"),
                                       ("from Winterfell knight to Karhold", "colon"),
                                       ("from Winterfell: knight Karhold", "UNITS to AREA"),
                                       ("from Winterfell: dragon to Karhold", "is not a unit")])
def test_a_bad_march_says_what_to_write(bad, hint):
    with pytest.raises(TextRefused, match=hint):
        parse_march(bad)


def test_numbers_answer_option_decisions_and_json_the_rest():
    choice = {"kind": "raven", "options": [{"action": "pass"}, {"action": "peek"}, {"action": "swap"}]}
    assert text_answer(AGOT, choice, " 3 ") == {"action": "swap"}  # a position in the numbered list
    for bad in ("0", "4", "two"):
        with pytest.raises(TextRefused, match="number from 1 to 3"):
            text_answer(AGOT, choice, bad)
    bid = {"kind": "bid", "options": [0, 1, 2]}  # a bid is written as the amount itself
    assert text_answer(AGOT, bid, " 2 ") == 2 and text_answer(AGOT, bid, "0") == 0
    for bad in ("3", "-1", "two"):
        with pytest.raises(TextRefused, match="number from 0 to 2"):
            text_answer(AGOT, bid, bad)
    assert choice_lines({**bid, "choices": [{"value": v, "label": str(v), "description": f"Bid {v} Power."}
                                            for v in (0, 1, 2)]}) == ["`0` Bid 0 Power.", "`1` Bid 1 Power.",
                                                                      "`2` Bid 2 Power."]
    assert text_answer(AGOT, {"kind": "orders", "options": None}, "Winterfell D+1") == "Winterfell D+1"
    assert text_answer(AGOT, {"kind": "muster", "options": None}, "[]") == []
    with pytest.raises(TextRefused, match="AREA: UNITS"):
        text_answer(AGOT, {"kind": "muster", "options": None}, "knight in Winterfell")
    with pytest.raises(TextRefused, match="JSON"):
        text_answer(AGOT, {"kind": "tides_unknown", "options": None}, "anything")


def test_the_orders_draft_lives_in_the_message_text():
    content = with_draft("**Game #1 · Stark: orders**\nPlace 2 orders", {"Winterfell": "M+1*", "White Harbor": "D+1"})
    assert draft_of(content) == {"Winterfell": "M+1*", "White Harbor": "D+1"}
    assert draft_of(with_draft(content, {"Winterfell": "CP"})) == {"Winterfell": "CP"}


def test_words_fit_discord():
    assert all(len(c) <= 2000 for c in chunks(["x" * 1500] * 5 + ["y" * 3000]))
    many = {"id": "9", "player": "stark", "kind": "raven", "label": "Messenger Raven", "prompt": "Raven",
            "options": list(range(40)), "choices": None}
    assert len(prompt_text(AGOT, 1, many, None)) <= 2000 and "40 options" in prompt_text(AGOT, 1, many, None)
    status = status_text(AGOT, 1, {"round": 3, "phase": "planning", "waiting": [
        {"house": "stark", "user_id": 5, "kind": "orders", "label": "orders",
         "deadline": "2026-01-02T00:00:00+00:00"}]})
    assert "<@5>" in status and "<t:1767312000:R>" in status
    entries = lookup_entries()
    assert "Tyrion Lannister" in entries and "Winterfell" in entries and "Mammoth Riders" in entries
    assert all(len(v) <= 2000 for v in entries.values())


def test_mustering_and_losses_in_words():
    assert parse_muster("Winterfell: knight, upgrade siege engine; White Harbor: ship to The Narrow Sea") == [
        {"area": "Winterfell", "unit": "knight"}, {"area": "Winterfell", "upgrade": "siege_engine"},
        {"area": "White Harbor", "unit": "ship", "to": "The Narrow Sea"}]
    assert parse_muster("none") == [] and parse_losses("nothing") == []
    assert parse_losses("Winterfell: 2 footmen; The Shivering Sea: ship") == [
        ["Winterfell", "footman"], ["Winterfell", "footman"], ["The Shivering Sea", "ship"]]
    with pytest.raises(TextRefused, match="AREA: UNITS"):
        parse_losses("Winterfell footman")
    assert text_answer(AGOT, {"kind": "reconcile", "options": None}, '[["winterfell", "footman"]]') == [
        ["winterfell", "footman"]]


def test_a_faceless_status_line_names_the_house_only():
    from bot.frontend.text import parse_hours, shape_words

    waiting = [{"house": "stark", "user_id": None, "kind": "orders", "label": "orders", "deadline": None}]
    assert status_text(AGOT, 3, {"round": 1, "phase": "planning", "waiting": waiting}).endswith("• Stark: orders")
    named = [{**waiting[0], "user_id": 42}]
    assert "• Stark (<@42>): orders" in status_text(AGOT, 3, {"waiting": named})
    assert parse_hours(" 23 - 7 ") == [23, 7]
    for bad in ("7-7", "24-3", "23", "a-b", "23-7-1"):
        with pytest.raises(ValueError):
            parse_hours(bad)
    assert shape_words({"quiet_hours": [23, 7], "weekend_hours": 12, "faceless": True}) == (
        ", quiet hours 23:00-7:00 UTC, +12 h over a weekend, faceless (seats only until the end)")
    assert shape_words({}) == ""


def test_a_digest_fits_one_message_however_much_happened():
    from bot.frontend.text import digest_text, my_games_text

    digest = {"game_id": 2, "status": "running", "round": 4, "phase": "action", "count": 900,
              "kinds": {f"kind_{i}": i for i in range(80)}, "lines": ["A long key line " * 30] * 12,
              "pending": [{"kind": "orders", "label": "orders", "deadline": "2030-01-01T07:00:00+00:00"}] * 12}
    words = digest_text(digest)
    assert len(words) <= 2000 and "900 public events" in words
    assert "Nothing waits on you" in digest_text({**digest, "pending": []})
    games = [{"id": i, "guild_id": 5, "channel_id": 6, "status": "running", "round": 2, "phase": "planning",
              "players": 3, "waiting": ["orders"], "deadline": "2030-01-01T07:00:00+00:00"} for i in range(60)]
    listed = my_games_text(games)
    assert len(listed) <= 2000 and "https://discord.com/channels/5/6" in listed and "<t:1893481200:R>" in listed


def test_dm_help_explains_each_kind_of_prompt_and_each_prompt_names_its_topic():
    from bot.frontend.help import prompt_syntax

    raven = {"id": "4", "player": "stark", "kind": "raven", "label": "Messenger Raven", "prompt": "Raven",
             "options": [{"action": "pass"}, {"action": "peek"}], "choices": [
                 {"value": {"action": "pass"}, "label": "Pass", "description": "keep your orders"},
                 {"value": {"action": "peek"}, "label": "Peek", "description": "look at the wildling card"}]}
    words = prompt_syntax(AGOT, 1, raven)
    assert "number of your choice" in words and "`1` Pass" in words and "topic:choices" in words
    bid = {**raven, "kind": "bid", "label": "bid", "options": [0, 1, 2], "choices": None}
    assert "Reply with the amount" in prompt_syntax(AGOT, 1, bid) and "`2` 2" in prompt_syntax(AGOT, 1, bid)
    march = {"id": "5", "player": "stark", "kind": "march", "label": "March", "prompt": "March", "options": None,
             "info": {"orders": {"winterfell": {"units": ["knight"], "land_destinations": ["castle-black"]}}}}
    words = prompt_syntax(AGOT, 1, march)
    assert "from Winterfell: knight" in words and "topic:orders" in words
    assert "/game help topic:orders" in prompt_text(AGOT, 1, march, None)
    assert prompt_text(AGOT, 1, raven, None).endswith("`/game help topic:choices`.")


def test_the_look_up_knows_mother_of_dragons_and_forgives_the_spelling():
    """Every new kind of card and area is found (any case, accents, punctuation, first letters of the words), in our
    own words from data/mod; a misspelt name gets suggestions and no entry."""
    entries = lookup_entries()
    found = {typed: find(entries, typed)[0] or "" for typed in (
        "lysa arryn", "Khal Drogo", "gray worm", "JAQEN HGHAR", "master at arms", "Domestic Disputes", "the bite",
        "vale", "Bráavos", "iron bank", "vassal", "winterf", "eyrie")}
    assert "Arryn House card" in found["lysa arryn"] and "strength 4" in found["lysa arryn"]
    assert "Targaryen House card, the usual deck" in found["Khal Drogo"]
    assert "alternative deck B" in found["gray worm"]
    assert "vassals share" in found["JAQEN HGHAR"]
    assert "Iron Bank loan" in found["master at arms"] and "strongholds" in found["master at arms"]
    assert "Westeros deck IV" in found["Domestic Disputes"] and "Storm's End" in found["Domestic Disputes"]
    assert "**The Bite** — Mother of Dragons (7 and 8 houses): sea" in found["the bite"]
    assert found["vale"].startswith("**The Vale of Arryn**")
    assert "Power less for each loan" in found["Bráavos"] and "neutral force 5" in found["Bráavos"]
    assert "Consolidate Power" in found["iron bank"] and "claim" in found["vassal"]
    assert found["winterf"].startswith("**Winterfell**")
    eyrie = found["eyrie"]  # the base map's Eyrie, then what the 7- and 8-house maps change
    assert eyrie.startswith("**The Eyrie** — land, castle") and "stronghold" in eyrie and "home of Arryn" in eyrie
    narrow = find(entries, "The Narrow Sea")[0] or ""
    assert "no longer adjacent: Moat Cailin" in narrow and "8 houses only: also adjacent: Bay of Pentos" in narrow
    both = find(entries, "Daenerys")[0] or ""  # one name, two Targaryen decks
    assert both.count("**Daenerys Targaryen**") == 2
    cards = board("8").house_cards
    texts = [c["text"] for deck in ("arryn", "targaryen", "targaryen_b", "vassal") for c in cards[deck] if c["text"]]
    assert all(any(t in entry for entry in entries.values()) for t in texts)  # the data's own words
    for misspelt, meant in (("Daenerys Targaryan", "Daenerys Targaryen"), ("Brravos", "Braavos"),
                            ("Mastr-at-Arms", "Master-at-Arms"), ("Pyromancr", "Pyromancer")):
        text, suggested = find(entries, misspelt)
        assert text is None and meant in suggested, (misspelt, suggested)
    assert find(entries, "kings") == (None, ["Kingswood", "Clash of Kings", "King's Landing"])
    assert find(entries, "xyzzy") == (None, [])
    assert all(len(v) <= 2000 for v in entries.values())
