"""Mulligans (103.5, the London mulligan). The starting player declares first, then the others in
turn order; once everyone has declared, all who chose to mulligan do so at the same time: shuffle
the hand into the library and draw seven. Repeated until everyone has kept. A player who keeps after
mulligans then puts as many cards as mulligans taken on the bottom: choosing them only once the hand
is kept, as the London mulligan is played, changes nothing a player can know (the cards bottomed
before another mulligan would be shuffled away unseen). In a multiplayer game the first mulligan is free
(103.5c)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.enums import DecisionKind, Zone
from engine.core.events import Event
from engine.core.state import Decision, MulliganBottomTask, OpeningHandTask
from engine.query.layers import characteristics
from engine.board.replacement import entered_battlefield
from engine.board.zones import draw, move, shuffle

if TYPE_CHECKING:
    from engine.game import Game

STARTING_HAND = 7


def counted_mulligans(s, player: int) -> int:
    """The mulligans that count toward the cards put on the bottom and the mulligans a player may take:
    in a multiplayer game the first one is free (103.5c)."""
    taken = s.players[player].mulligans
    return taken - 1 if taken and len(s.players) > 2 else taken


def _round(game: "Game") -> dict[str, str]:
    return game.state.turn_log.setdefault("mulligan_round", {})


def next_mulligan_decision(game: "Game") -> None:
    s = game.state
    declared = _round(game)
    waiting = [i for i in s.apnap() if not s.players[i].kept]
    for i in waiting:
        if str(i) not in declared:
            p = s.players[i]
            if counted_mulligans(s, i) >= STARTING_HAND:
                declared[str(i)] = "keep"      # an opening hand can't go below zero cards
                p.kept = True
                if _bottom_after_keeping(game, i):
                    return
                continue
            then = f" (then put {counted_mulligans(s, i)} on the bottom)" if counted_mulligans(s, i) else ""
            s.pending = Decision(i, DecisionKind.MULLIGAN,
                                 f"{p.name}: keep this hand of {len(p.hand)}{then} or mulligan",
                                 ["keep", "mulligan"], 1, 1, {"mulligans": p.mulligans})
            return
    mulliganing = [i for i in waiting if declared.get(str(i)) == "mulligan"]
    s.turn_log["mulligan_round"] = {}
    if mulliganing:
        _take_mulligans(game, mulliganing)
        return
    if all(p.kept for p in s.players):
        if _ask_opening_hand_actions(game):
            return
        s.mulligan_phase = False
        s.step_started = False
        s.turn_log.pop("mulligan_round", None)
        game.emit(Event("game_start", {"starting_player": s.starting_player},
                        f"{s.players[s.starting_player].name} plays first"))


def _ask_opening_hand_actions(game: "Game") -> bool:
    """103.6: after mulligans, each player in turn order may take actions their opening hand allows
    ("If Leyline of the Void is in your opening hand, you may begin the game with it on the
    battlefield"). Returns True if a decision is now pending."""
    s = game.state
    asked = s.turn_log.setdefault("opening_hand_asked", [])
    for i in s.apnap():
        if i in asked:
            continue
        asked.append(i)
        cards = [oid for oid in s.players[i].hand
                 if any(st.kind == "opening_hand_battlefield" for st in characteristics(s, oid).static)]
        if cards:
            s.pending = Decision(i, DecisionKind.CHOOSE,
                                 "Choose the cards from your opening hand to begin the game on the battlefield",
                                 cards, 0, len(cards), {"choice": "opening_hand"})
            s.task = OpeningHandTask()
            return True
    return False


def answer_opening_hand(game: "Game", player: int, chosen: list[int]) -> None:
    game.state.task = None
    for oid in chosen:
        entered_battlefield(game, move(game, oid, Zone.BATTLEFIELD, controller=player, cause="opening_hand"))


def apply_mulligan(game: "Game", player: int, keep: bool) -> None:
    s = game.state
    p = s.players[player]
    _round(game)[str(player)] = "keep" if keep else "mulligan"
    if keep:
        p.kept = True
        game.emit(Event("keep", {"player": player}, f"{p.name} keeps {len(p.hand)} cards"))
        _bottom_after_keeping(game, player)
    else:
        game.emit(Event("mulligan", {"player": player}, f"{p.name} mulligans"))


def _take_mulligans(game: "Game", players: list[int]) -> None:
    s = game.state
    for i in players:
        p = s.players[i]
        p.mulligans += 1
        for oid in list(p.hand):
            move(game, oid, Zone.LIBRARY)
        shuffle(game, i)
        draw(game, i, STARTING_HAND)


def _bottom_after_keeping(game: "Game", player: int) -> bool:
    """The kept hand's cards to put on the bottom, one per mulligan taken; True if that is now asked."""
    s = game.state
    s.turn_log.setdefault("mulligan_bottom", []).append(player)
    _ask_bottom(game)
    return s.pending is not None


def _ask_bottom(game: "Game") -> None:
    s = game.state
    queue = s.turn_log.get("mulligan_bottom", [])
    while queue:
        i = queue[0]
        p = s.players[i]
        n = min(counted_mulligans(s, i), len(p.hand))
        if n == 0:
            queue.pop(0)
            continue
        s.pending = Decision(i, DecisionKind.CHOOSE,
                             f"Choose {n} card{'s' if n > 1 else ''} to put on the bottom of your library",
                             list(p.hand), n, n, {"choice": "bottom"})
        s.task = MulliganBottomTask()
        return
    s.turn_log.pop("mulligan_bottom", None)


def answer_bottom(game: "Game", player: int, chosen: list[int]) -> None:
    s = game.state
    for oid in chosen:
        move(game, oid, Zone.LIBRARY, top=False)
    s.task = None
    s.turn_log["mulligan_bottom"].pop(0)
    _ask_bottom(game)
