"""A player's DM text turned into an answer for one pending decision (the engine checks it):

* first the game's own words (``Front.text_answer``: AGoT's orders and marches, Whitechapel's circles and
  crossings, or JSON as documented in docs/decisions.md);
* failing those, for a decision with options: the number of the option (as listed in the prompt), or for amounts
  (bids) the amount itself. When neither reads, the game's refusal is said.
"""

from __future__ import annotations

from typing import Any

from bot.games.front import Front, Refused, listed_hint, numeric


def listed(decision: dict[str, Any], text: str) -> Any:
    """The option ``text`` stands for by its place in the prompt's list (a bid: by its amount); Refused if none."""
    options = decision["options"]
    if numeric(decision):  # a bid: the number is the amount itself, not a position in the list
        if text.isdigit() and int(text) in options:
            return int(text)
    elif text.isdigit() and 1 <= int(text) <= len(options):
        return options[int(text) - 1]
    raise Refused(listed_hint(decision))


def text_answer(front: Front, decision: dict[str, Any], text: str) -> Any:
    """The answer ``text`` stands for in ``decision``; raises the game's Refused if it stands for none."""
    text = text.strip()
    try:
        return front.text_answer(decision, text)
    except Refused as refused:
        if decision.get("options") is None:
            raise
        try:
            return listed(decision, text)
        except Refused:
            raise refused from None
