"""Resolving a spell or ability (608.2): the resolution context and running its effects in order.

`Resolution` is the evaluation context (engine.query.amounts) plus the game it changes. Each effect is
frozen data (engine.core.effect_types); its handler (engine.effects.basic and the other effect
modules, installed in engine.core.hooks by engine.wiring) carries it out. A handler that needs a choice
calls `res.ask(...)`: if the answer is already known it is returned, otherwise NeedDecision stops the
resolution, the engine asks the player, and the resolution resumes at the same effect with the answer.
So a handler makes all its choices before it changes anything."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine.core.abilities import Effect, Ref, TargetSpec, kept_by_identity_of, uses_x, with_x
from engine.board import zones
from engine.board.damage import source_info
from engine.board.dredge import dredge, dredge_cards
from engine.core.cards import def_key
from engine.core.enums import DecisionKinds, Steps, Zones
from engine.core import hooks
from engine.core.state import Decision
from engine.core.state import NeedDecision
from engine.query.amounts import MOVED, EvalContext, check_condition_static
from engine.query.layers import characteristics, statics_of_kind
from engine.query.stack_abilities import next_draw_replacement

if TYPE_CHECKING:
    from engine.core.state import GameState
    from engine.game import Game


def draw_replacements(state: "GameState", player: int, applied: frozenset[str]) -> dict[str, dict[str, Any]]:
    """The replacements of the player's next draw (614.1a), by the label the player chooses among them with (616.1):
    the "next time you would draw a card this turn" shields (614.11), in timestamp order, then the static "If you would
    draw a card, ... instead" abilities that apply, but those `applied` already to the draw this one replaces (614.5).
    Each is the record its instructions are carried out from (`Resolution._replace_draw`). None for a draw that can't
    happen (121.2b), as there is no draw to replace."""
    if zones.draw_prohibited(state, player):
        return {}
    out = {f"{e.params['name']} #{e.id}": {"controller": e.controller, "source_id": e.source_id,
                                            "source_card_id": e.source_card_id, "shield": e.id, **e.params}
           for e in sorted(state.effects, key=lambda e: e.timestamp)
           if e.params.get("kind") == "next_draw_replaced" and e.params["player"] == player}
    first = state.step is Steps.DRAW and state.active == player and not state.turn_log.get("drew_in_draw_step")
    for src, st in statics_of_kind(state, "draw_replaced"):
        so = state.objects[src]
        params = dict(st.params)
        whose = {"you": [so.controller], "each_opponent": state.opponents(so.controller)}.get(
            st.affected.kind, range(len(state.players)))
        if f"S{src}" in applied or player not in whose or (first and params["except_first"]) or (
                st.condition is not None and not check_condition_static(state, so, st.condition)):
            continue
        name = characteristics(state, src).name
        out[f"{name} #{src}"] = {"controller": so.controller, "source_id": src, "source_card_id": so.card_id,
                                 "name": name, "player": player, "def": def_key(so), "token": so.token,
                                 "text": params["replacement"].text, "optional": params["optional"], "static": src}
    return out


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
        # the static replacements of a draw whose instructions these are ("S<object>"), which don't apply to their
        # draws (614.5)
        self.draws_replaced_by: frozenset[str] = frozenset()
        # the ranges of its events made by the instructions a replacement carried out instead of a draw (`own_events`)
        self.foreign: list[tuple[int, int]] = []
        # the tokens its instructions created before a choice ("For each of them, put your choice of ... on it")
        self.created = list(self.answers.get(MOVED + "created", []))

    def resolve_ref(self, ref: Ref) -> list[Any]:
        out = super().resolve_ref(ref)
        if not out and ref.kind == "owner_of":
            # "Exile target card. Search its owner's library ...": a card this resolution moved from a graveyard (no
            # last known information there) still has its owner (400.7j: found by its move)
            moved = set(self.target_group(ref.index)[0])
            out = list(dict.fromkeys(f"P{ev.data['owner']}" for ev in self.own_events()
                                     if ev.kind == "zone_change" and ev.data.get("old") in moved))
        return out

    def own_events(self) -> list[Any]:
        """This resolution's events, but those of the instructions a replacement carried out in it instead of a draw
        (`_replace_draw`): what those moved, they moved "this way", not this resolution's instructions (608.2c)."""
        evs = self.game.events
        return [evs[i] for i in range(self.events_start, len(evs)) if not any(a <= i < b for a, b in self.foreign)]

    def moved_this_way(self, zone: str) -> list[int]:
        return list(dict.fromkeys(super().moved_this_way(zone) + [
            ev.data["object"] for ev in self.own_events()
            if ev.kind == "zone_change" and ev.data.get("to") == zone and ev.data.get("cause") != "draw"]))

    def zone_changes(self) -> list[dict[str, Any]]:
        """The zone changes this resolution has made so far (from `changes_from`: a repeated process's time through
        it): the object moved (and the one it was before, 400.7), the move's cause and what a permanent was (608.2h).
        Kept across a choice, as `moved_this_way`."""
        return self.all_zone_changes()[self.changes_from:]

    def all_zone_changes(self) -> list[dict[str, Any]]:
        return self.answers.get(self.moved_key + "changes", []) + [
            {"object": ev.data["object"], "cause": ev.data.get("cause"), "was": ev.data.get("was"), "to": ev.data.get("to"),
             "old": ev.data.get("old")}
            for ev in self.own_events() if ev.kind == "zone_change"]

    def keep_moved(self) -> None:
        """What it moved so far, kept in the answers for the instructions after a choice ("this way")."""
        for zone in ("exile", "hand"):
            self.answers[self.moved_key + zone] = self.moved_this_way(zone)
        self.answers[self.moved_key + "changes"] = self.all_zone_changes()
        self.answers[self.moved_key + "created"] = list(self.created)

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
        self.keep_moved()
        raise NeedDecision(Decision(player, DecisionKinds.CHOOSE, prompt, options, min_, max_,
                                    {"choice": choice, "key": key, "source": self.source_name, **(data or {})}))

    def ask_yes_no(self, key: str, player: int, prompt: str) -> bool:
        return self.ask(key, player, prompt, ["yes", "no"], 1, 1, "yes_no") == ["yes"]

    def draw(self, key: str, player: int, count: int) -> None:
        """121.2: the player draws `count` cards one at a time, each draw replaceable by dredge (702.52a) or by
        another replacement (614.1a: `draw_replacements`); with several that apply, the player chooses which does
        (616.1), and may decline one that says "may". The draws made so far, and a replacement under way,
        are kept in the answers, so a resolution resumed after a choice goes on where it stopped."""
        done_key = self.prefix + key + ".drawn"
        done = self.answers.get(done_key, [0])[0]
        while done < count:
            replacing = self.prefix + f"{key}.replaced{done}"
            if replacing not in self.answers:
                found = draw_replacements(self.state, player, self.draws_replaced_by)
                options = dredge_cards(self.game, player)
                mandatory = any(not r.get("optional") for r in found.values())
                prompt = "Which replacement applies to this draw? (616.1)" if found else \
                    "Dredge a card instead of drawing? (702.52a)"
                chosen = self.ask(f"{key}.dredge{done}", player, prompt, list(found) + options, 1 if mandatory else 0,
                                  1, "draw_replacement" if found else "dredge") if options or found else []
                if chosen and chosen[0] in found:
                    record = found[chosen[0]]
                    if "shield" in record:
                        # the shield is used up as it applies (614.11)
                        self.state.effects = [e for e in self.state.effects if e.id != record["shield"]]
                        self.state.invalidate()
                    self.answers[replacing] = [record]
                elif chosen and chosen[0] in dredge_cards(self.game, player):
                    dredge(self.game, player, chosen[0])
                else:
                    zones.draw(self.game, player, 1)
            if replacing in self.answers:
                self._replace_draw(self.answers[replacing][0], replacing)
            done += 1
            self.answers[done_key] = [done]

    def _replace_draw(self, record: dict[str, Any], key: str) -> None:
        """614.1a: the instructions of the replacement, carried out instead of the draw by its controller, its source
        being theirs; they share this resolution's answers (under `key`) and its events, so a choice among them resumes
        here. A static ability's doesn't apply again to the draws its instructions make (614.5)."""
        inner = Resolution(self.game, controller=record["controller"], source_id=record["source_id"],
                           source_card_id=record["source_card_id"], source_name=record["name"], targets=[],
                           target_specs=[], event={"player": record["player"]}, answers=self.answers)
        inner.moved_key = f"{key}.{MOVED}"      # what its own instructions moved "this way"
        inner.created = list(inner.answers.get(inner.moved_key + "created", []))
        if "static" in record:
            inner.draws_replaced_by = self.draws_replaced_by | {f"S{record['static']}"}
        effects = next_draw_replacement(record["def"], record["token"], record["text"]).effects
        progress = key + ".followed"
        try:
            for i in range(self.answers.get(progress, [0])[0], len(effects)):
                inner.prefix = f"{key}.{i}."
                zones.begin_simultaneous_event(self.state)
                hooks.HANDLERS[type(effects[i])](inner, effects[i])
                self.answers[progress] = [i + 1]
        except NeedDecision:
            self.foreign.append((inner.events_start, len(self.game.events)))
            self.keep_moved()       # its own moves before the draw, kept as its ask would
            raise
        self.foreign.append((inner.events_start, len(self.game.events)))

    # -------- source
    def source(self) -> dict[str, Any]:
        """The source's information for damage: current if still there, else last known."""
        if self.source_id is not None and self.source_id in self.state.objects:
            o = self.state.objects[self.source_id]
            if o.zone in (Zones.BATTLEFIELD, Zones.STACK):
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


# Whether an effect reads X in a filter (effects are immutable).
_reads_x: Callable[[Effect], bool] = kept_by_identity_of(8192)(uses_x)


# ---------------------------------------------------------------- handlers


# ---------------------------------------------------------------- hooks read by other modules


