"""A player's DM text turned into an answer for one pending decision (the engine checks it):

* an option decision: the number of the option (as listed in the prompt), or for amounts (bids) the amount;
* anything else: the game's own text forms (``Front.text_answer``: AGoT's orders and marches), or JSON as
  documented in docs/decisions.md.
"""

from __future__ import annotations

from typing import Any

from bot.games.front import Front, Refused


def numeric(decision: dict[str, Any]) -> bool:
    """Whether the options are plain amounts (bids): then a number written is the amount."""
    options = decision.get("options") or []
    return bool(options) and all(isinstance(o, int) and not isinstance(o, bool) for o in options)


def text_answer(front: Front, decision: dict[str, Any], text: str) -> Any:
    """The answer ``text`` stands for in ``decision``; raises Refused with a hint if it stands for none."""
    text = text.strip()
    if numeric(decision):  # a bid: the number is the amount itself, not a position in the list
        if not text.isdigit() or int(text) not in decision["options"]:
            low, high = min(decision["options"]), max(decision["options"])
            raise Refused(f"answer with a number from {low} to {high}, or use the buttons")
        return int(text)
    if decision.get("options") is not None:
        if not text.isdigit() or not 1 <= int(text) <= len(decision["options"]):
            raise Refused(f"answer with a number from 1 to {len(decision['options'])}, or use the buttons")
        return decision["options"][int(text) - 1]
    return front.text_answer(decision, text)
