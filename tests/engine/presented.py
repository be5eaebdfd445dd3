"""The presentation check every decision must pass (docs/decisions.md), shared by the random walk and the
rule scenarios (``tests/engine/conftest.py`` applies it to every decision any engine test meets)."""

from __future__ import annotations

import re
from typing import Any

from engine.agot.board import board
from engine.agot.present import KINDS, is_pass

STRUCTURED = {"orders": dict, "march": dict, "muster": list, "reconcile": list, "wildling_destroy": list}
IDS = {i for i in [*board().areas, *board().card_by_id] if "-" in i}  # ids such as kings-landing


def _has_id(text: str) -> bool:
    return bool(set(re.findall(r"[a-z]+(?:-[a-z]+)+", text)) & IDS)


def check_presented(d: dict[str, Any]) -> None:
    kind = d["kind"]
    assert kind in KINDS, f"decision kind {kind} has no presentation"
    assert isinstance(d["label"], str) and d["label"] and not _has_id(d["label"]), d["label"]
    assert d["info"]["purpose"], kind
    if d["options"] is None:
        assert d["choices"] is None and kind in STRUCTURED, kind
        assert isinstance(d["default"], STRUCTURED[kind]), kind
        return
    assert [c["value"] for c in d["choices"]] == d["options"], kind
    for c in d["choices"]:
        assert isinstance(c["label"], str) and c["label"] and isinstance(c["description"], str), c
        assert not _has_id(c["label"] + " " + c["description"]), c  # names, never ids
        assert c.get("pass", False) == is_pass(kind, c["value"]), c
    assert d["default"] in d["options"], kind
