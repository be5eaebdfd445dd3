"""Planning phase (RB2 p.12; checklist 7.x, 6.8-6.12, ruling C1, A4, A5).

1. Assign orders: one face-down order on every area holding the house's units,
   simultaneously and secretly; in turn order instead when someone is short of
   eligible tokens (7.9, A5). Special orders are limited by King's Court stars and
   this round's Westeros restrictions forbid some types.
2. Reveal: every order is turned face up at once.
3. Messenger Raven: its holder may swap one order for an unused token, look at the
   top wildling card (and keep it on top or bury it), or do nothing.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.agot.board import Board
from engine.agot.frames import PlanningFrame as Frame
from engine.agot.orders import describe, is_restricted, resolve_token
from engine.agot.state import Order
from engine.agot.steps import WaitingStep, step
from engine.core import Audience, Decision, IllegalAnswer, answers

if TYPE_CHECKING:
    from engine.agot.table import Table as Game


def areas_needing_orders(game: Game, house: str) -> list[str]:
    """Every area with at least one of the house's units (7.1, 7.2)."""
    return sorted(a for a, st in game.state.areas.items() if st.units and st.house == house)


def special_limit(game: Game, house: str) -> int:
    """Special orders allowed by the King's Court position (6.8, 6.9; overlay for 3-4 players)."""
    stars = game.board.special_order_stars(len(game.state.houses))
    pos = game.state.kings_court.index(house)
    return stars[pos] if pos < len(stars) else 0


def tokens_on_board(game: Game, house: str) -> list[str]:
    return [st.order.token for st in game.state.areas.values() if st.order and st.order.house == house]


def unused_tokens(game: Game, house: str, placed: list[str] | None = None) -> list[str]:
    used = set(tokens_on_board(game, house) if placed is None else placed)
    return [t for t in game.board.order_tokens if t not in used]


def eligible_tokens(game: Game, house: str, placed: list[str] | None = None) -> list[str]:
    """Unused tokens not forbidden by this round's restrictions (A5)."""
    allowed = allowed_tokens(game.board, tuple(game.state.restrictions))
    return [t for t in unused_tokens(game, house, placed) if t in allowed]


@lru_cache(maxsize=64)
def allowed_tokens(b: Board, restrictions: tuple[str, ...]) -> frozenset[str]:
    """The token ids this round's restrictions allow (a pure function of the restrictions)."""
    return frozenset(t for t, token in b.order_tokens.items() if not is_restricted(token, restrictions))


def max_placeable(game: Game, house: str) -> int:
    """How many orders the house can legally place: regular eligible + specials up to its stars."""
    tokens = eligible_tokens(game, house, placed=[])
    regular = sum(1 for t in tokens if not game.board.order_tokens[t].special)
    special = sum(1 for t in tokens if game.board.order_tokens[t].special)
    return regular + min(special, special_limit(game, house))


def default_orders(game: Game, house: str) -> dict[str, str]:
    """A legal assignment (for deadlines): regular tokens first, then specials within the limit."""
    areas = areas_needing_orders(game, house)
    tokens = eligible_tokens(game, house, placed=[])
    preference = ["D+1a", "D+1b", "CPa", "CPb", "S0a", "S0b", "Ra", "Rb", "M0", "M-1",
                  "D+2*", "CP*", "S+1*", "R*", "M+1*"]
    ordered = [t for t in preference if t in tokens]
    chosen: list[str] = []
    specials = 0
    for token in ordered:
        if len(chosen) == len(areas):
            break
        if game.board.order_tokens[token].special:
            if specials >= special_limit(game, house):
                continue
            specials += 1
        chosen.append(token)
    return dict(zip(areas, chosen))


def check_orders(game: Game, house: str, answer: Any) -> dict[str, str]:
    """Validate a full set of orders; returns {area: token id}. Raises IllegalAnswer."""
    if not isinstance(answer, dict):
        raise IllegalAnswer("Orders must map each area to an order token.")
    b = game.board
    areas = areas_needing_orders(game, house)
    must_place = min(len(areas), max_placeable(game, house))
    chosen: dict[str, str] = {}
    free = eligible_tokens(game, house, placed=[])
    for area, text in answer.items():
        if area not in b.areas:
            raise IllegalAnswer(f"{answers.quote(area)} is not an area of the board.")
        if area not in areas:
            raise IllegalAnswer(f"You have no units in {b.areas[area].name}, so it cannot take an order.")
        if not isinstance(text, str):
            raise IllegalAnswer(f"The order for {b.areas[area].name} must be an order token.")
        if text in b.order_tokens and is_restricted(b.order_tokens[text], game.state.restrictions):
            raise IllegalAnswer(f"{describe(b.order_tokens[text])} orders are forbidden this round.")
        unrestricted = [t for t in unused_tokens(game, house, placed=[]) if t not in chosen.values()]
        token = resolve_token(b, text, unrestricted)
        if token not in free:
            raise IllegalAnswer(f"{describe(b.order_tokens[token])} orders are forbidden this round.")
        chosen[area] = token
    specials = sum(1 for t in chosen.values() if b.order_tokens[t].special)
    limit = special_limit(game, house)
    if specials > limit:
        raise IllegalAnswer(f"Your King's Court position allows {limit} special order(s); you placed {specials}.")
    if len(chosen) < must_place:
        missing = [b.areas[a].name for a in areas if a not in chosen]
        if must_place == len(areas):
            raise IllegalAnswer("Every area with your units needs an order: missing " + ", ".join(missing) + ".")
        raise IllegalAnswer(f"You are short of order tokens: you must place all {must_place} eligible tokens.")
    return chosen


@step("planning")
class PlanningStep(WaitingStep):
    def run(self, game: Game, frame: Frame) -> bool:
        if frame.get("asked"):
            return False
        stage = frame.setdefault("stage", "assign")
        if stage == "assign":
            return self._assign(game, frame)
        if stage == "raven":
            frame["stage"] = "done"
            holder = game.state.kings_court[0]
            if not game.state.raven_used:
                game.pose(frame, [holder])
                return False
            return True
        game.pop(frame)
        return True

    def _assign(self, game: Game, frame: Frame) -> bool:
        placed: dict[str, dict[str, str]] = frame.setdefault("placed", {})
        houses = [h for h in game.turn_order() if areas_needing_orders(game, h)]
        if "mode" not in frame:
            short = any(max_placeable(game, h) < len(areas_needing_orders(game, h)) for h in houses)
            frame["mode"] = "turn" if short else "together"
            if short:
                game.emit("orders_in_turn", "A house is short of order tokens: orders are placed in turn order.")
            waiting = [h for h in houses if h not in placed]
            if waiting:
                game.pose(frame, waiting if frame["mode"] == "together" else waiting[:1])
                return False
        waiting = [h for h in houses if h not in placed]
        if waiting and frame["mode"] == "turn":
            game.pose(frame, waiting[:1])
            return False
        self._reveal(game, frame)
        return True

    def _reveal(self, game: Game, frame: Frame) -> None:
        """Reveal Orders (7.12): all orders are turned face up at once."""
        revealed: dict[str, list[str]] = {}
        for house, orders in frame["placed"].items():
            for area, token in orders.items():
                game.state.areas[area].order = Order(house, token)
                revealed[area] = [house, token]
        del frame["placed"]
        game.release(f"orders-{game.state.round}")
        frame["stage"] = "raven"
        lines = [f"{game.house_name(h)} {game.area_name(a)}: {describe(game.board.order_tokens[t])}"
                 for a, (h, t) in sorted(revealed.items(), key=lambda kv: (kv[1][0], kv[0]))]
        game.emit("orders_revealed", "Orders are revealed:\n" + "\n".join(lines), orders=revealed)

    def decision(self, game: Game, frame: Frame, player: str, did: str) -> Decision:
        stage = frame.get("stage", "assign")
        if stage == "assign":
            areas = areas_needing_orders(game, player)
            return Decision(
                id=did, player=player, kind="orders", secret=True, reveal_group=f"orders-{game.state.round}",
                prompt="Place one order on each area holding your units.",
                info={"areas": areas, "tokens": eligible_tokens(game, player, placed=[]),
                      "special_limit": special_limit(game, player),
                      "must_place": min(len(areas), max_placeable(game, player)),
                      "restrictions": list(game.state.restrictions)},
                default=default_orders(game, player),
            )
        if stage == "done" and "peek" not in frame:
            return Decision(id=did, player=player, kind="raven", prompt=(
                "Messenger Raven: swap one of your orders, look at the top wildling card, or pass."),
                options=raven_options(game, player), default={"action": "pass"})
        return Decision(id=did, player=player, kind="raven_peek",
                        prompt="Keep this wildling card on top of the deck, or put it at the bottom?",
                        info={"card": frame["peek"]}, options=[{"action": "top"}, {"action": "bottom"}],
                        default={"action": "top"})

    def answer(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        if decision.kind == "orders":
            orders = check_orders(game, decision.player, answer)
            frame.setdefault("placed", {})[decision.player] = orders
            name = game.house_name(decision.player)
            game.emit("orders_sealed", f"{name}'s orders.", Audience.sealed(decision.reveal_group or ""),
                      house=decision.player, orders=orders)
            game.emit("orders_placed", f"Your orders are recorded ({len(orders)} orders).",
                      Audience.player(decision.player), orders=orders)
            game.emit("orders_submitted", f"{name} has placed orders.", house=decision.player)
        elif decision.kind == "raven":
            self._raven(game, frame, decision, answer)
        else:
            self._peek(game, frame, decision, answer)

    def _raven(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        if answer not in (decision.options or []):
            raise IllegalAnswer("That is not a legal use of the Messenger Raven.")
        house = decision.player
        s = game.state
        if answer["action"] == "swap":
            area = answer["area"]
            old = s.areas[area].order
            s.areas[area].order = Order(house, answer["token"])
            s.raven_used = True
            game.emit("raven_swap", f"{game.house_name(house)} uses the Messenger Raven: "
                      f"{game.area_name(area)} now holds {describe(game.board.order_tokens[answer['token']])}.",
                      house=house, area=area, token=answer["token"], old=old.token if old else None)
        elif answer["action"] == "peek":
            s.raven_used = True
            frame["peek"] = s.wildling_deck[0]
            game.pose(frame, [house])
            game.emit("raven_peek", f"{game.house_name(house)} uses the Messenger Raven to look at the "
                      "top wildling card.", house=house)
            card = next(c["name"] for c in game.board.wildling_cards if c["id"] == frame["peek"])
            game.emit("raven_card", f"The top wildling card is {card}.", Audience.player(house), card=frame["peek"])
        else:
            game.emit("raven_pass", f"{game.house_name(house)} does not use the Messenger Raven.", house=house)

    def _peek(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        if answer not in (decision.options or []):
            raise IllegalAnswer("Answer 'top' or 'bottom'.")
        s = game.state
        card = frame.pop("peek")
        if answer["action"] == "bottom":
            s.wildling_deck.remove(card)
            s.wildling_deck.append(card)
            s.raven_peek = None
            game.emit("raven_bury", "You put the card at the bottom of the wildling deck.",
                      Audience.player(decision.player), card=card)
        else:
            s.raven_peek = {"house": decision.player, "card": card}
            game.emit("raven_keep", "You leave the card on top of the wildling deck.",
                      Audience.player(decision.player), card=card)


def raven_options(game: Game, house: str) -> list[dict[str, Any]]:
    """Pass, peek, or every legal swap (A4: board order for an eligible unused token, star limit kept)."""
    b = game.board
    options: list[dict[str, Any]] = [{"action": "pass"}]
    if game.state.wildling_deck:
        options.append({"action": "peek"})
    on_board = tokens_on_board(game, house)
    specials = sum(1 for t in on_board if b.order_tokens[t].special)
    limit = special_limit(game, house)
    free = eligible_tokens(game, house)
    for area, st in sorted(game.state.areas.items()):
        if not st.order or st.order.house != house:
            continue
        was_special = b.order_tokens[st.order.token].special
        for token in free:
            if b.order_tokens[token].special and specials - was_special + 1 > limit:
                continue
            options.append({"action": "swap", "area": area, "token": token})
    return options
