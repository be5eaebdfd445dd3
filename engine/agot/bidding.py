"""Bidding (RB2 pp.10-11 and 22-23; checklist 4.3-4.4, 4.8, 4.12, 4.14, 5.3-5.7; H.4, H.5).

One mechanism serves both auctions, the Clash of Kings tracks and the wildling attacks:

* ``bid`` frame: every listed house bids secretly and at the same time from its
  available Power (0 to all of it). Each answer is sealed; the others only learn
  "X has bid". When the last bid is in, all bids are revealed together and every
  bid token goes to the Power Pool. A house with no Power bids 0 without being
  asked (its one-option decision is applied by the game loop). The bids are handed
  to the parent frame as ``parent["bids"]``.
* ``rank`` frame: orders houses by their bids (highest first, or lowest first) and
  asks the Iron Throne holder *at that moment* to order each tie, one pick at a
  time, for as many places as the caller needs. The order is handed to the parent
  frame as ``parent["ranking"]``.

While a frame with ``"bidding": True`` is on the stack, the view hides the other
houses' available Power (H.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.agot.frames import BiddingFrame as Frame
from engine.agot.steps import WaitingStep, step
from engine.core import Audience, Decision, IllegalAnswer

if TYPE_CHECKING:
    from engine.agot.table import Table as Game


def start_bidding(game: Game, houses: list[str], purpose: str, label: str, **info: Any) -> None:
    """Push a secret simultaneous bid among ``houses``; the result lands in the caller's ``bids``."""
    s = game.state
    group = f"bids-r{s.round}-{s.decision_seq + 1}"
    game.push({"step": "bid", "houses": list(houses), "purpose": purpose, "label": label, "info": info,
               "group": group, "bids": {}, "bidding": True})


def start_ranking(game: Game, bids: dict[str, int], label: str, highest_first: bool = True,
                  places: int | None = None) -> None:
    """Push the ordering of ``bids`` (ties for the first ``places`` places broken by the Iron Throne holder)."""
    game.push({"step": "rank", "bids": dict(bids), "label": label, "highest_first": highest_first,
               "places": len(bids) if places is None else places, "ranking": []})


def _parent(game: Game, frame: Frame) -> dict[str, Any]:
    stack = game.state.stack
    if len(stack) < 2 or stack[-1] is not frame:
        raise RuntimeError(f"{frame['step']} frame has no parent")
    return stack[-2]


@step("bid")
class BidStep(WaitingStep):
    """Frame: {"houses", "purpose", "label", "info", "group", "bids": {house: n}, "bidding": True}."""

    def run(self, game: Game, frame: Frame) -> bool:
        if frame.get("asked"):
            return False
        waiting = [h for h in frame["houses"] if h not in frame["bids"]]
        if waiting and not frame.get("posed"):
            frame["posed"] = True
            game.pose(frame, waiting)
            return False
        self._reveal(game, frame)
        return True

    def _reveal(self, game: Game, frame: Frame) -> None:
        """All bids at once (4.4, 5.3); the bid tokens go to the Power Pool (4.12, 5.7)."""
        s = game.state
        bids: dict[str, int] = {h: frame["bids"][h] for h in frame["houses"]}
        for house, amount in bids.items():
            s.houses[house].power -= amount
        listing = ", ".join(f"{game.house_name(h)} {n}" for h, n in bids.items())
        game.emit("bids_revealed", f"Bids for {frame['label']}: {listing}. The Power bid goes to the pool.",
                  purpose=frame["purpose"], label=frame["label"], bids=bids, group=frame["group"])
        game.release(frame["group"])
        parent = _parent(game, frame)
        parent["bids"] = bids
        game.pop(frame)

    def decision(self, game: Game, frame: Frame, player: str, did: str) -> Decision:
        power = game.state.houses[player].power
        return Decision(
            id=did, player=player, kind="bid", secret=True, reveal_group=frame["group"],
            prompt=f"Bid for {frame['label']}: how many of your {power} available Power tokens?",
            options=list(range(power + 1)), default=0,
            info={"purpose": frame["purpose"], "label": frame["label"], "power": power, **frame["info"]},
        )

    def answer(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        house = decision.player
        power = game.state.houses[house].power
        if isinstance(answer, bool) or not isinstance(answer, int) or not 0 <= answer <= power:
            raise IllegalAnswer(f"Bid a whole number of Power tokens from 0 to {power}.")
        answer = int(answer)  # the engine's own value, never the client's object
        frame["bids"][house] = answer
        name = game.house_name(house)
        game.emit("bid_sealed", f"{name} bids {answer}.", Audience.sealed(frame["group"]),
                  house=house, bid=answer, group=frame["group"])
        game.emit("bid_recorded", f"Your bid of {answer} for {frame['label']} is recorded.",
                  Audience.player(house), bid=answer, label=frame["label"])
        game.emit("bid_submitted", f"{name} has bid for {frame['label']}.", house=house, label=frame["label"])


def tied_group(frame: Frame) -> list[str]:
    """The houses sharing the best bid among those not yet placed (in the order of the bids dict)."""
    left = {h: n for h, n in frame["bids"].items() if h not in frame["ranking"]}
    best = max(left.values()) if frame["highest_first"] else min(left.values())
    return [h for h, n in left.items() if n == best]


@step("rank")
class RankStep(WaitingStep):
    """Frame: {"bids", "label", "highest_first", "places", "ranking": [...]}; ties go to the Iron Throne (4.8, 5.5)."""

    def run(self, game: Game, frame: Frame) -> bool:
        if frame.get("asked"):
            return False
        ranking: list[str] = frame["ranking"]
        while len(ranking) < frame["places"]:
            group = tied_group(frame)
            if len(group) == 1:
                ranking.append(group[0])
                continue
            game.pose(frame, [game.holder(game.state.iron_throne)])
            return False
        ranking += [h for h in self._rest(frame) if h not in ranking]
        _parent(game, frame)["ranking"] = list(ranking)
        game.pop(frame)
        return True

    def _rest(self, frame: Frame) -> list[str]:
        sign = -1 if frame["highest_first"] else 1
        return sorted(frame["bids"], key=lambda h: sign * frame["bids"][h])

    def decision(self, game: Game, frame: Frame, player: str, did: str) -> Decision:
        group = tied_group(frame)
        position = len(frame["ranking"]) + 1
        names = ", ".join(game.house_name(h) for h in group)
        what = (f"position {position} on {frame['label']}" if frame["places"] > 1
                else f"the {'highest' if frame['highest_first'] else 'lowest'} bidder for {frame['label']}")
        return Decision(
            id=did, player=player, kind="break_tie", options=list(group), default=group[0],
            prompt=f"As holder of the Iron Throne, break the tie between {names} (bid "
                   f"{frame['bids'][group[0]]}): who takes {what}?",
            info={"tied": group, "bid": frame["bids"][group[0]], "position": position, "label": frame["label"],
                  "what": what},
        )

    def answer(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        if answer not in (decision.options or []):
            raise IllegalAnswer("Choose one of the tied houses.")
        frame["ranking"].append(answer)
        game.emit("tie_broken", f"{game.house_name(decision.player)} breaks the tie: "
                  f"{game.house_name(answer)} takes {decision.info['what']}.",
                  house=decision.player, chosen=answer, tied=decision.info["tied"], label=decision.info["label"])
