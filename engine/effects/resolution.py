"""Resolving a spell or ability (608.2): the resolution context and running its effects in order.

`Resolution` is the evaluation context (engine.query.amounts) plus the game it changes. Each effect is
frozen data (engine.core.effect_types); its handler (engine.effects.basic and the other effect
modules, installed in engine.core.hooks by engine.wiring) carries it out. A handler that needs a choice
calls `res.ask(...)`: if the answer is already known it is returned, otherwise NeedDecision stops the
resolution, the engine asks the player, and the resolution resumes at the same effect with the answer.
So a handler makes all its choices before it changes anything."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine.core.abilities import Effect, Ref, TargetSpec, uses_x, with_x
from engine.board import zones
from engine.board.damage import source_info
from engine.board.dredge import dredge, dredge_cards
from engine.core.enums import DecisionKind, Zone
from engine.core import hooks
from engine.core.state import Decision
from engine.core.state import NeedDecision
from engine.query.amounts import MOVED, EvalContext

if TYPE_CHECKING:
    from engine.game import Game


class Resolution(EvalContext):
    """Everything an effect needs while a spell or ability resolves (608.2): the evaluation context plus
    the game it changes and the choices it asks for."""

    def __init__(self, game: "Game", *, controller: int, source_id: int | None, source_card_id: int | None,
                 source_name: str, targets: list[list[Any]], target_specs: list[TargetSpec],
                 x: int = 0, kicked: int = 0, event: dict[str, Any] | None = None,
                 answers: dict[str, Any] | None = None, stack_id: int | None = None,
                 divide: dict[str, int] | None = None, source_lki: dict[str, Any] | None = None,
                 legal: list[list[bool]] | None = None) -> None:
        super().__init__(game.state, controller=controller, source_id=source_id, source_card_id=source_card_id,
                         source_name=source_name, targets=targets, target_specs=target_specs, x=x, kicked=kicked,
                         event=event, answers=answers, stack_id=stack_id, divide=divide, source_lki=source_lki,
                         legal=legal)
        self.game = game
        self.events_start = len(game.events)    # this resolution's events (400.7j finds moved objects)
        # the tokens its instructions created before a choice ("For each of them, put your choice of ... on it")
        self.created = list(self.answers.get(MOVED + "created", []))

    def resolve_ref(self, ref: Ref) -> list[Any]:
        out = super().resolve_ref(ref)
        if not out and ref.kind == "owner_of":
            # "Exile target card. Search its owner's library ...": a card this resolution moved from a graveyard (no
            # last known information there) still has its owner (400.7j: found by its move)
            moved = set(self.target_group(ref.index)[0])
            out = list(dict.fromkeys(f"P{ev.data['owner']}" for ev in self.game.events[self.events_start:]
                                     if ev.kind == "zone_change" and ev.data.get("old") in moved))
        return out

    def moved_this_way(self, zone: str) -> list[int]:
        return list(dict.fromkeys(super().moved_this_way(zone) + [
            ev.data["object"] for ev in self.game.events[self.events_start:]
            if ev.kind == "zone_change" and ev.data.get("to") == zone and ev.data.get("cause") != "draw"]))

    def zone_changes(self) -> list[dict[str, Any]]:
        """The zone changes this resolution has made so far: the object moved (and the one it was before, 400.7), the
        move's cause and what a permanent was (608.2h). Kept across a choice, as `moved_this_way`."""
        return self.answers.get(MOVED + "changes", []) + [
            {"object": ev.data["object"], "cause": ev.data.get("cause"), "was": ev.data.get("was"), "to": ev.data.get("to"),
             "old": ev.data.get("old")}
            for ev in self.game.events[self.events_start:] if ev.kind == "zone_change"]

    def ask(self, key: str, player: int, prompt: str, options: list[Any], min_: int, max_: int,
            choice: str, data: dict[str, Any] | None = None) -> list[Any]:
        """The answer to a choice made as the effect resolves; `data`: more about it for the decision ("low" and
        "high" of a number)."""
        key = self.prefix + key
        if key in self.answers:
            return self.answers[key]
        if max_ <= 0 or not options:
            return []
        # A decision with exactly one legal answer is made without asking (FORMAT.md).
        if min_ == max_ == len(options):
            self.answers[key] = list(options)
            return list(options)
        for zone in ("exile", "hand"):
            self.answers[MOVED + zone] = self.moved_this_way(zone)      # kept for the instructions after the answer
        self.answers[MOVED + "changes"] = self.zone_changes()
        self.answers[MOVED + "created"] = list(self.created)
        raise NeedDecision(Decision(player, DecisionKind.CHOOSE, prompt, options, min_, max_,
                                    {"choice": choice, "key": key, "source": self.source_name, **(data or {})}))

    def ask_yes_no(self, key: str, player: int, prompt: str) -> bool:
        return self.ask(key, player, prompt, ["yes", "no"], 1, 1, "yes_no") == ["yes"]

    def draw(self, key: str, player: int, count: int) -> None:
        """121.2: the player draws `count` cards one at a time, each draw replaceable by dredge (702.52a).
        The draws made so far are kept in the answers, so a resolution resumed after a dredge choice goes
        on with the next draw instead of drawing again from the first."""
        done_key = self.prefix + key + ".drawn"
        done = self.answers.get(done_key, [0])[0]
        while done < count:
            options = dredge_cards(self.game, player)
            chosen = self.ask(f"{key}.dredge{done}", player, "Dredge a card instead of drawing? (702.52a)",
                              options, 0, 1, "dredge") if options else []
            if chosen and chosen[0] in dredge_cards(self.game, player):
                dredge(self.game, player, chosen[0])
            else:
                zones.draw(self.game, player, 1)
            done += 1
            self.answers[done_key] = [done]

    # -------- source
    def source(self) -> dict[str, Any]:
        """The source's information for damage: current if still there, else last known."""
        if self.source_id is not None and self.source_id in self.state.objects:
            o = self.state.objects[self.source_id]
            if o.zone in (Zone.BATTLEFIELD, Zone.STACK):
                return source_info(self.game, self.source_id)
        if self.source_lki is not None:
            return self.source_lki
        known = self.state.lki.get(str(self.source_id)) if self.source_id is not None else None
        if known is not None:
            return known        # it left the battlefield as it resolved ("sacrifice ~ and it deals 3 damage", 608.2h)
        return {"id": self.source_id, "card_id": self.source_card_id, "name": self.source_name,
                "controller": self.controller, "keywords": []}


def run_effects(res: Resolution, effects: tuple[Effect, ...], start: int = 0,
                on_progress: Callable[[int], None] | None = None, offsets: tuple[int, ...] = ()) -> None:
    """Carries out the effects from `start`; `offsets[i]` is where effect i's targets begin among
    the spell's (its mode's first target, for a modal spell with several modes chosen)."""
    for i in range(start, len(effects)):
        if on_progress is not None:
            on_progress(i)
        res.prefix = f"{i}."
        res.target_offset = offsets[i] if offsets else 0
        zones.begin_simultaneous_event(res.state)       # 608.2c: each instruction in turn
        effect = effects[i]
        if _reads_x(effect):
            effect = with_x(effect, res.x)      # "with mana value X or less": the X chosen (107.3a)
        hooks.HANDLERS[type(effect)](res, effect)


# Whether each effect reads X in a filter (effects are immutable; keyed by id, holding the effect).
_READS_X: dict[int, tuple[Effect, bool]] = {}


def _reads_x(effect: Effect) -> bool:
    known = _READS_X.get(id(effect))
    if known is None or known[0] is not effect:
        if len(_READS_X) > 8192:
            _READS_X.clear()
        known = _READS_X[id(effect)] = (effect, uses_x(effect))
    return known[1]


# ---------------------------------------------------------------- handlers


# ---------------------------------------------------------------- hooks read by other modules


