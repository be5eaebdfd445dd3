"""Order tokens and their notation.

Each house owns 15 tokens (7.5). A token id is its notation, with a letter to tell
twin tokens apart: ``M-1``, ``M0``, ``M+1*``, ``D+1a``, ``D+1b``, ``D+2*``, ``S0a``,
``S0b``, ``S+1*``, ``Ra``, ``Rb``, ``R*``, ``CPa``, ``CPb``, ``CP*``. Players may
write the token without the letter (``D+1``, ``S0``, ``R``, ``CP``) and a free twin
is taken; ``+0`` may be written ``0``; a star marks the special tokens.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.agot.board import Board, OrderToken

TYPE_NAMES = {
    "march": "March", "defense": "Defense", "support": "Support", "raid": "Raid",
    "consolidate_power": "Consolidate Power", "iron_bank": "Iron Bank", "raid_support": "Raid/Support",
    "defense_muster": "Defense/Muster",
}

# Westeros restrictions (Appendix A) and the order types they forbid.
RESTRICTION_TYPES = {
    "no-defense": "defense", "no-support": "support", "no-raid": "raid", "no-consolidate-power": "consolidate_power",
}


# A vassal's two-use orders (Mother of Dragons, M8): the uses each one has.
USES = {"raid_support": ("raid", "support"), "defense_muster": ("defense", "muster")}


def acts_as(token: OrderToken, order_type: str) -> bool:
    """Whether the token may be used as an order of ``order_type`` (a vassal's two-use order has two)."""
    return token.type == order_type or order_type in USES.get(token.type, ())


def is_restricted(token: OrderToken, restrictions: Iterable[str]) -> bool:
    """A Westeros restriction forbids the tokens of its type, and a two-use vassal order if it forbids either
    use (MP5)."""
    for r in restrictions:
        if r == "no-march-plus-one" and token.type == "march" and token.modifier == 1:
            return True
        if r in RESTRICTION_TYPES and acts_as(token, RESTRICTION_TYPES[r]):
            return True
    return False


def describe(token: OrderToken) -> str:
    """Human name, e.g. 'March +1 (special)', 'Raid', 'Defense +2 (special)'."""
    name = TYPE_NAMES[token.type]
    if token.type in ("march", "defense", "support", "raid_support", "defense_muster"):
        name += f" {token.modifier:+d}" if token.modifier else " +0"
    return name + (" (special)" if token.special else "")


def _canonical(text: str) -> str:
    t = text.strip().upper().replace(" ", "")
    aliases = {"M": "M0", "M+0": "M0", "S": "S0", "S+0": "S0", "D": "D+1", "D1": "D+1", "S1": "S+1", "M1": "M+1",
               "D2": "D+2", "C": "CP", "C*": "CP*"}
    t = aliases.get(t, t)
    if t in ("M+1", "D+2", "S+1"):
        t += "*"
    return t


NOT_AN_ORDER = "is not an order. Use M-1, M0, M+1*, D+1, D+2*, S0, S+1*, R, R*, CP or CP*."


def token_ids(b: Board, text: str) -> list[str]:
    """The token ids ``text`` may mean (both twins for ``D+1``); empty if it is no order notation."""
    if text in b.order_tokens:
        return [text]
    wanted = _canonical(text)
    return [t for t in b.order_tokens if t.upper().rstrip("AB") == wanted.upper() or t.upper() == wanted]


def notations(b: Board) -> list[str]:
    """The notations a player writes, one per kind of token: M-1, M0, M+1*, D+1, ..."""
    return list(dict.fromkeys(t.rstrip("ab") for t in b.order_tokens))
