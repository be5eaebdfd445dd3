"""Monopoly's answers written as text (a DM's words, the ``/monopoly`` commands' words); the engine checks the
rules and says what is wrong. In any case:

* an option by its word: ``roll``, ``buy``, ``auction``, ``pay``, ``card``, ``flat`` (or ``200``), ``percent``
  (or ``10%``), ``auto``, ``bankrupt``, ``accept``, ``decline``, ``keep``, ``lift``; the Bus: a listed distance;
* a bid: an amount, ``120`` or ``$120`` (``0`` or ``pass``: no bid);
* three of a kind: a space by its name (``Boardwalk``, ``B&O``, ``Reading``, ``St. Charles``) or number (``39``);
  a near miss gets "did you mean ...?";
* the standing actions, wherever the window is open: ``build Boardwalk``, ``sell house Park Place``,
  ``mortgage Reading Railroad``, ``lift Baltic``, ``offer Dog give $200, Boardwalk take Park Place, jail card``,
  ``withdraw 3``; a trade offer is answered ``accept``, ``decline`` or ``counter give ... take ...``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from bot.games.front import Refused, json_answer
from bot.games.monopoly.words import seat_id
from engine.monopoly.board import board

SPACE_HOW = "write a space's name, like Boardwalk, B&O or St. Charles, or its number 0 to 39"
OFFER_HOW = "write `offer <player> give $200, Boardwalk, jail card take Park Place`"
GOODS_HOW = "write dollars ($200), deeds by name (Boardwalk) and jail cards (jail card), separated by commas"
MANAGE_HOW = "or `build`, `sell`, `mortgage`, `lift` and a deed (`build Boardwalk`)"
# the words of an option -> the option
WORDS: dict[str, str] = {
    **dict.fromkeys(("roll", "throw", "dice", "roll the dice", "throw the dice", "throw for doubles"), "roll"),
    **dict.fromkeys(("buy", "yes", "buy it"), "buy"),
    **dict.fromkeys(("auction", "no", "let the bank auction it", "do not buy", "don't buy"), "auction"),
    **dict.fromkeys(("pay", "fine", "pay the fine", "pay fine"), "pay"),
    **dict.fromkeys(("card", "jail card", "use card", "use a card", "use the card", "get out of jail free"), "card"),
    **dict.fromkeys(("flat", "200", "$200", "pay 200", "pay $200"), "flat"),
    **dict.fromkeys(("percent", "10%", "10 %", "%", "10 percent", "ten percent"), "percent"),
    **dict.fromkeys(("auto", "automatic", "raise", "raise it"), "auto"),
    **dict.fromkeys(("bankrupt", "bankruptcy", "give up", "retire"), "bankrupt"),
    **dict.fromkeys(("accept", "yes", "ok", "deal", "agree"), "accept"),
    **dict.fromkeys(("decline", "no", "refuse", "reject"), "decline"),
    **dict.fromkeys(("keep", "keep it", "keep it mortgaged", "no"), "keep"),
    **dict.fromkeys(("lift", "lift it", "yes"), "lift"),
}
# the same word for different options: the one the decision offers wins (yes: buy, accept or lift)
SHARED = {"yes": ("buy", "accept", "lift"), "no": ("auction", "decline", "keep")}
NO_BID = ("pass", "no", "none", "no bid", "nothing")
VERBS = {"build": "build", "sell": "sell_building", "mortgage": "mortgage", "lift": "lift", "unmortgage": "lift",
         "redeem": "lift"}
MANAGE_VERBS = (*VERBS, "offer", "trade", "withdraw")
# the kinds whose asker may answer a standing action in their place (the engine's manage window)
MANAGED = ("turn", "jail", "buy", "raise_funds", "bid", "open_bid", "lift_now")
FILLERS = {"a", "an", "the", "one", "house", "houses", "hotel", "building", "buildings", "on", "of", "from",
           "mortgage", "in"}
ABBREVIATIONS = {"ave": "avenue", "av": "avenue", "rr": "railroad", "pl": "place", "saint": "st", "co": "company"}
SUFFIXES = ("avenue", "railroad", "place", "gardens", "company", "works")
EXTRA = {"jail": 10, "injail": 10, "justvisiting": 10, "parking": 20}
COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2}


# --- spaces by name ---------------------------------------------------------------------------------------------

def key(words: str) -> str:
    """A name's key: lower case, abbreviations spelt out, no punctuation or spaces ("B. & O." -> "bo...")."""
    plain = re.sub(r"[^a-z0-9 ]", " ", words.lower().replace("&", " "))
    return "".join(ABBREVIATIONS.get(w, w) for w in plain.split())


@cache
def space_keys() -> dict[str, tuple[int, ...]]:
    """Every key that names spaces: a space's full name and its name without "Avenue", "Railroad", ...; a key of
    several spaces (the three Chance spaces, the two Pennsylvanias) names them all."""
    found: dict[str, list[int]] = {k: [v] for k, v in EXTRA.items()}
    for space in board().spaces:
        words = key(space.name)
        names = {words}
        for suffix in SUFFIXES:
            if words.endswith(suffix) and len(words) > len(suffix):
                names.add(words.removesuffix(suffix))
        for name in names:
            if space.index not in found.setdefault(name, []):
                found[name].append(space.index)
    return {k: tuple(v) for k, v in found.items()}


def space_named(words: str, deeds_only: bool = False) -> int:
    """The space ``words`` name (its name in any case, a short form, or its number); Refused with a did-you-mean
    for a near miss, the numbers for a name of several spaces."""
    text = words.strip().lstrip("#").strip()
    what = "deed" if deeds_only else "space"
    if text.isdigit():
        index = int(text)
        if index >= len(board().spaces):
            raise Refused(f"there is no space {index}: the board has 0 (GO) to 39 (Boardwalk)")
        if deeds_only and not board()[index].deed:
            raise Refused(f"{board().name(index)} is no deed: streets, railroads and utilities are")
        return index
    keys = {k: [i for i in v if board()[i].deed or not deeds_only] for k, v in space_keys().items()}
    found = keys.get(key(text)) or []
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        if len({board().name(i) for i in found}) == 1:
            raise Refused(f"there are {len(found)} {board().name(found[0])} spaces: write the number of one, "
                          f"{' or '.join(map(str, found))}")
        listed = " or ".join(f"{board().name(i)} ({i})" for i in found)
        raise Refused(f"'{text[:30]}' names {len(found)} spaces: write {listed}")
    near = difflib.get_close_matches(key(text), [k for k, v in keys.items() if len(v) == 1], n=1, cutoff=0.6)
    hint = f"did you mean {board().name(keys[near[0]][0])}?" if near else SPACE_HOW.replace("space", what, 1)
    raise Refused(f"there is no {what} '{text[:30]}': {hint}")


# --- amounts and trades -----------------------------------------------------------------------------------------

def amount(words: str) -> int:
    """Dollars written ``120``, ``$120``, ``$1,200`` or ``120$``."""
    text = words.strip().lower().replace(",", "").replace("$", "").removesuffix("dollars").strip()
    if not text.isdigit():
        raise Refused(f"'{words.strip()[:20]}' is no amount: write whole dollars, like 120 or $120")
    return int(text)


def bid(words: str) -> int:
    return 0 if words.strip().lower() in NO_BID else amount(words)


def goods(words: str) -> dict[str, Any]:
    """One side of a trade: "$200, Boardwalk, jail card" -> {"cash": 200, "spaces": [39], "jail_cards": 1}."""
    cash, spaces, cards = 0, [], 0
    for piece in (p.strip() for p in re.split(r",|;|\+|\band\b", words.lower())):
        if piece in ("", "nothing", "none", "no cash"):
            continue
        if re.fullmatch(r"\$?\s*[\d,]+\s*\$?(?:\s*(?:dollars|cash))?", piece):
            cash += amount(piece.replace("cash", ""))
        elif "jail" in piece or piece.startswith("goojf"):
            count = re.match(r"(\d+|a|an|one|two)\b", piece)
            cards += (int(count[1]) if count[1].isdigit() else COUNTS[count[1]]) if count else 1
        else:
            try:
                space = space_named(piece, deeds_only=True)
            except Refused as exc:
                raise Refused(f"{exc}; in a trade, {GOODS_HOW}") from None
            if space not in spaces:
                spaces.append(space)
    return {"cash": cash, "spaces": sorted(spaces), "jail_cards": cards}


def split_trade(words: str) -> tuple[str, str, str]:
    """ "Dog give $200 take Boardwalk" -> ("Dog", "$200", "Boardwalk"); either side may be left out."""
    parts = re.split(r"\b(give|gives|giving|take|takes|taking|for)\b\s*:?", words, flags=re.IGNORECASE)
    head, sides = parts[0], {"give": "", "take": ""}
    if len(parts) == 1:
        raise Refused(f"say what changes hands: {OFFER_HOW}")
    for word, text in zip(parts[1::2], parts[2::2]):
        side = "give" if word.lower().startswith("giv") else "take"
        if sides[side]:
            raise Refused(f"'{side}' is written twice: {OFFER_HOW}")
        sides[side] = text
    return head.strip(" :,"), sides["give"], sides["take"]


def offer(words: str) -> dict[str, Any]:
    """ "Dog give $200 take Boardwalk" (also "to Dog ...") -> the engine's offer."""
    head, give, take = split_trade(words)
    head = re.sub(r"^to\b", "", head.strip(), flags=re.IGNORECASE).strip(" :,")
    to = seat_id(head) if head else None
    if to is None:
        raise Refused(f"'{head[:20]}' is no player: name a token (Car, Dog, Top Hat ...), {OFFER_HOW}")
    return trade_offer(to, give, take)


def trade_offer(to: str, give: str, take: str) -> dict[str, Any]:
    """An offer to ``to`` of the ``give`` words for the ``take`` words."""
    return {"to": to, **sides(give, take)}


def sides(give: str, take: str) -> dict[str, Any]:
    """Both sides of a trade (an offer's, a counter-offer's); something must change hands."""
    both = {"give": goods(give), "take": goods(take)}
    if both["give"] == both["take"] == goods(""):
        raise Refused(f"an offer must give or take something: {OFFER_HOW}")
    return both


# --- the standing actions and the options -------------------------------------------------------------------------

def manage_answer(words: str) -> dict[str, Any] | None:
    """``build Boardwalk``, ``sell house Park Place``, ``mortgage Reading``, ``lift Baltic``, ``offer Dog give
    ... take ...``, ``withdraw 3`` -> the engine's manage answer; None if the words start with no such verb."""
    verb, _, rest = words.strip().partition(" ")
    verb = verb.lower()
    if verb in ("offer", "trade"):
        return {"offer": offer(rest)}
    if verb == "withdraw":
        number = rest.lower().removeprefix("trade").strip().lstrip("#")
        if not number.isdigit():
            raise Refused("write `withdraw` and the trade's number, like `withdraw 3`")
        return {"withdraw": number}
    action = VERBS.get(verb)
    if action is None:
        return None
    left = rest.split()
    while left and left[0].lower() in FILLERS:
        left.pop(0)
    if not left:
        raise Refused(f"{verb} what? write `{verb}` and a deed, like `{verb} Boardwalk`")
    return {action: space_named(" ".join(left), deeds_only=True)}


def option(decision: Mapping[str, Any], words: str) -> Any:
    """An option of ``decision`` named by its word ("roll", "buy", "10%") or written as listed."""
    options = decision.get("options") or []
    text = " ".join(words.lower().strip(" .!").split())
    word = WORDS.get(text, text)
    if text in SHARED:
        word = next((o for o in SHARED[text] if o in options), word)
    if word in options:
        return word
    words_of = [o for o in options if isinstance(o, str | int) and not isinstance(o, bool)]
    number = text.lstrip("$")
    if number.isdigit() and int(number) in [o for o in words_of if isinstance(o, int)]:
        return int(number)
    manage = f", {MANAGE_HOW}" if decision["kind"] in MANAGED else ""
    raise Refused(f"'{words.strip()[:20]}' is not a choice here: write {' or '.join(map(str, words_of))}{manage}")


def bus(decision: Mapping[str, Any], words: str) -> int:
    options = [o for o in decision.get("options") or [] if isinstance(o, int)]
    if words.strip().lower() in ("sum", "both", "total", "all"):
        return max(options)
    return int(option(decision, words))


def triples(decision: Mapping[str, Any], words: str) -> int:
    return space_named(words)


def trade_reply(decision: Mapping[str, Any], words: str) -> Any:
    """ "accept", "decline", "accept lift Baltic" (lift a mortgaged deed received at once), or "counter give ...
    take ..." (back to the one who offered)."""
    verb, _, rest = words.strip().partition(" ")
    if verb.lower() == "counter":
        head, give, take = split_trade(rest)
        if head:
            raise Refused("a counter-offer goes back to the one who offered: write `counter give ... take ...`")
        return {"counter": sides(give, take)}
    lifted = re.fullmatch(r"accept\s+(?:and\s+)?lift\s+(.+)", words.strip(), flags=re.IGNORECASE)
    if lifted:
        return {"accept": {"lift": goods(lifted[1])["spaces"]}}
    return option(decision, words)


def place_building(decision: Mapping[str, Any], words: str) -> Any:
    """Where a building won at auction goes: one of the listed streets by name or number (None: nowhere)."""
    options = decision.get("options") or []
    if None in options:
        return None
    space = space_named(words, deeds_only=True)
    if space not in options:
        listed = " or ".join(board().name(s) for s in options)
        raise Refused(f"{board().name(space)} cannot take it now: write {listed}")
    return space


READERS = {"bus": bus, "triples": triples, "trade_reply": trade_reply, "place_building": place_building,
           "bid": lambda d, w: bid(w), "open_bid": lambda d, w: bid(w)}


def text_answer(decision: Mapping[str, Any], words: str) -> Any:
    """The answer ``words`` stand for; raises Refused with what to write."""
    words = words.strip()
    if words[:1] in "[{":
        return json_answer(words)
    kind = decision["kind"]
    if kind in MANAGED or kind == "manage":
        verb, _, rest = words.partition(" ")
        if verb.lower() in MANAGE_VERBS and (rest.strip() or verb.lower() not in (decision.get("options") or [])):
            return manage_answer(words)
        if kind == "manage":
            raise Refused(f"write `build`, `sell`, `mortgage` or `lift` and a deed, `offer ...` or `withdraw N`: "
                          f"{OFFER_HOW}")
    reader = READERS.get(kind)
    if reader is not None:
        return reader(decision, words)
    if decision.get("options") is not None:
        return option(decision, words)
    raise Refused("this choice takes JSON (see docs/decisions.md), or press Use the default")

