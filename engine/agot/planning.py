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
from engine.agot.mod.orders import SEA_ONLY, house_tokens, placement_problem
from engine.agot.notation import area_id, split_orders
from engine.agot.orders import NOT_AN_ORDER, describe, is_restricted, notations, token_ids
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
    return [t for t in house_tokens(game, house) if t not in used]


def eligible_tokens(game: Game, house: str, placed: list[str] | None = None) -> list[str]:
    """Unused tokens not forbidden by this round's restrictions (A5)."""
    allowed = allowed_tokens(game.board, tuple(game.state.restrictions))
    return [t for t in unused_tokens(game, house, placed) if t in allowed]


@lru_cache(maxsize=64)
def allowed_tokens(b: Board, restrictions: tuple[str, ...]) -> frozenset[str]:
    """The token ids this round's restrictions allow (a pure function of the restrictions)."""
    return frozenset(t for t, token in b.order_tokens.items() if not is_restricted(token, restrictions))


def max_placeable(game: Game, house: str, tokens: list[str] | None = None) -> int:
    """How many orders the house can legally place: regular eligible + specials up to its stars (``tokens``:
    its eligible tokens, when already known)."""
    tokens = eligible_tokens(game, house, placed=[]) if tokens is None else tokens
    regular = sum(1 for t in tokens if not game.board.order_tokens[t].special and t not in SEA_ONLY)
    if game.board.setup:  # sea orders only count as far as there are sea areas to hold them
        seas = sum(1 for a in areas_needing_orders(game, house) if game.board.is_sea(a))
        regular += min(seas, sum(1 for t in tokens if t in SEA_ONLY))
    special = sum(1 for t in tokens if game.board.order_tokens[t].special)
    return regular + min(special, special_limit(game, house))


def default_orders(game: Game, house: str, areas: list[str] | None = None,
                   tokens: list[str] | None = None) -> dict[str, str]:
    """The deadline's orders (docs/decisions.md): Defense and Consolidate Power first, then Support, Raid and
    March, within the restrictions and the star limit; Consolidate Power goes to land areas, where it yields.
    (``areas`` and ``tokens``: the areas needing orders and the eligible tokens, when already known.)"""
    b = game.board
    areas = areas_needing_orders(game, house) if areas is None else areas
    tokens = eligible_tokens(game, house, placed=[]) if tokens is None else tokens
    preference = ["D+1a", "D+1b", "CPa", "CPb", "D+2*", "CP*", "S0a", "S0b", "S+1*", "Ra", "Rb", "R*",
                  "M-1", "M0", "M+1*",
                  "VD+3", "VDM+1", "VRS+1", "VM0", "SS0", "SM-1"]  # a vassal's (M8), then the sea orders
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
    collect = [t for t in chosen if b.order_tokens[t].type == "consolidate_power"]
    at_sea = [t for t in chosen if t in SEA_ONLY]
    others = [t for t in chosen if t not in collect and t not in at_sea]
    lands = [a for a in areas if b.is_land(a)]
    placed = dict(zip(lands, collect))
    seas = [a for a in areas if b.is_sea(a) and a not in placed]
    placed.update(zip(seas, at_sea))
    rest = [a for a in areas if a not in placed]
    placed.update(zip(rest, others + collect[len(lands):]))
    return placed


def place_token(game: Game, house: str, area: str, text: str, others: dict[str, str]) -> tuple[str, str | None]:
    """The token id ``text`` means in ``area`` beside the ``others`` orders ({area: token id}) and why it may not
    go there (None: it may). The one rule check of placing an order, for ``submit`` and ``order_options``."""
    b = game.board
    if area not in areas_needing_orders(game, house):
        return "", "no unit of yours there"
    ids = token_ids(b, text)
    if not ids:
        return "", f"{answers.quote(text)} {NOT_AN_ORDER}"
    if b.setup:
        ids = [t for t in ids if t in house_tokens(game, house)]
        if not ids:
            return "", f"{answers.quote(text)} is not one of your order tokens"
        problem = placement_problem(b, ids[0], area)
        if problem:
            return ids[0], problem
    token = b.order_tokens[ids[0]]
    if is_restricted(token, game.state.restrictions):
        return ids[0], f"{describe(token)} orders are forbidden this round"
    used = {t: a for a, t in others.items() if a != area}
    free = [t for t in ids if t not in used]
    if not free:
        where = " and ".join(b.areas[used[t]].name for t in ids)
        return ids[0], f"your {describe(token)} order{'s are' if len(ids) > 1 else ' is'} already used in {where}"
    limit = special_limit(game, house)
    if token.special and sum(b.order_tokens[t].special for t in used) >= limit:
        return free[0], f"star limit reached (you may place {limit})"
    return free[0], None


def check_orders(game: Game, house: str, answer: Any) -> dict[str, str]:
    """Validate a full set of orders ({area: token}, or the text form); returns {area: token id}.

    Raises IllegalAnswer naming every bad part ("Winterfell M+1*: star limit reached (you may place 1)")."""
    if isinstance(answer, str):
        answer = parse_orders(game, house, answer)
    if not isinstance(answer, dict):
        raise IllegalAnswer("Orders must map each area to an order token.")
    b = game.board
    areas = areas_needing_orders(game, house)
    must_place = min(len(areas), max_placeable(game, house))
    chosen: dict[str, str] = {}
    errors = []
    for area, text in answer.items():
        if not isinstance(area, str) or area not in b.areas:
            errors.append(f"{answers.quote(area)} is not an area of the board")
            continue
        if not isinstance(text, str):
            errors.append(f"{b.areas[area].name}: the order must be a token such as D+1")
            continue
        token, refusal = place_token(game, house, area, text, chosen)
        if refusal:
            errors.append(f"{b.areas[area].name} {text}: {refusal}")
        else:
            chosen[area] = token
    if errors:
        raise IllegalAnswer(_sentence(errors))
    if len(chosen) < must_place:
        missing = [b.areas[a].name for a in areas if a not in chosen]
        if must_place == len(areas):
            raise IllegalAnswer("Every area with your units needs an order: missing " + ", ".join(missing) + ".")
        raise IllegalAnswer(f"You are short of order tokens: you must place all {must_place} eligible tokens.")
    return chosen


def parse_orders(game: Game, house: str, text: str) -> dict[str, str]:
    """The text form (``"Winterfell M+1, White Harbor D+1"``) as the structured answer {area id: notation}
    (``{"winterfell": "M+1*", "white-harbor": "D+1"}``).

    Forgiving (any case, names or ids, unique prefixes, ``:``/``=`` or spaces); raises IllegalAnswer with a
    message per bad part. The result still goes through ``check_orders``, as ``submit`` does."""
    mine = areas_needing_orders(game, house)
    out: dict[str, str] = {}
    errors = []
    for part, area_text, token in split_orders(text):
        if area_text is None or token is None:
            area_text, _, token = part.rpartition(" ")
            if _names_an_area(game, part):
                errors.append(f"{game.area_name(area_id(game.board, part))}: no order given")
                continue
            if not _names_an_area(game, area_text):
                errors.append(f"{answers.quote(part)}: write an area and an order, e.g. Winterfell M+1")
                continue
        try:
            area = area_id(game.board, area_text, among=mine)
        except IllegalAnswer as refusal:
            errors.append(str(refusal))
            continue
        if area in out:
            errors.append(f"{game.area_name(area)}: two orders given")
            continue
        ids = token_ids(game.board, token)
        out[area] = ids[0].rstrip("ab") if ids else token  # the written notation, e.g. M+1*; else as typed
    if errors:
        raise IllegalAnswer(_sentence(errors))
    if not out:
        raise IllegalAnswer("No order found: write e.g. Winterfell M+1, White Harbor D+1.")
    return out


def _names_an_area(game: Game, text: str) -> bool:
    try:
        area_id(game.board, text)
    except IllegalAnswer:
        return False
    return True


def _sentence(parts: list[str]) -> str:
    text = "; ".join(parts)
    return text if text.endswith(("?", ".")) else text + "."


def order_options(game: Game, house: str, partial: dict[str, str] | str | None = None) -> dict[str, Any]:
    """For a house's partial orders, per area holding its units: the order given (``order``, a token id, and
    ``problem`` if it is illegal), the notations still legal there (``legal``) and why each other one is not
    (``refused``: {notation: reason}). Uses ``place_token``, the check of ``submit``."""
    b = game.board
    if isinstance(partial, str):
        partial = parse_orders(game, house, partial)
    given = {area_id(b, a): t for a, t in (partial or {}).items()}
    placed: dict[str, str] = {}
    problems: dict[str, str] = {}
    for area, text in given.items():
        token, refusal = place_token(game, house, area, str(text), placed)
        if refusal:
            problems[area] = refusal
        else:
            placed[area] = token
    out: dict[str, Any] = {}
    for area in areas_needing_orders(game, house):
        legal, refused = [], {}
        for notation in notations(b):
            _, refusal = place_token(game, house, area, notation, placed)
            if refusal:
                refused[notation] = refusal
            else:
                legal.append(notation)
        out[area] = {"order": placed.get(area), "problem": problems.get(area), "legal": legal, "refused": refused}
    return out


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
            holder = game.holder(game.state.kings_court)
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
            short = any(max_placeable(game, h) < len(areas_needing_orders(game, h)) for h in houses
                        if h not in game.vassals())  # MP6: a vassal's 4 orders rarely cover its areas
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
            tokens = eligible_tokens(game, player, placed=[])
            return Decision(
                id=did, player=player, kind="orders", secret=True, reveal_group=f"orders-{game.state.round}",
                prompt="Place one order on each area holding your units.",
                info={"areas": areas, "tokens": tokens, "special_limit": special_limit(game, player),
                      "must_place": min(len(areas), max_placeable(game, player, tokens)),
                      "restrictions": list(game.state.restrictions)},
                default=default_orders(game, player, areas, tokens),
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
