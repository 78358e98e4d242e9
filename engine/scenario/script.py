"""The script of a scenario (`[[do]]`): each verb becomes an action for Game.apply, or passes priority
until the stack resolves or a step is reached."""
from __future__ import annotations

from typing import Any

from engine.core import player_actions as A
from engine.core.cards import card_def
from engine.core.enums import DecisionKind, Phase, Step, Zone
from engine.core.errors import IllegalAction
from engine.scenario.errors import ScenarioFailed
from engine.scenario.schema import CAST_FROM, COLOR_WORDS, MAX_PASSES, STEP_NAMES, VERBS


class Script:
    """Scenario's run: the `[[do]]` steps in order, then the final `[expect]`."""

    data: dict[str, Any]
    players: list[str]

    # ------------------------------------------------------------ running
    def run(self) -> None:
        self.build()
        for i, st in enumerate(self.data.get("do", []), 1):
            verb = next(v for v in VERBS if v in st)
            where = f"do[{i}] {verb}"
            try:
                if verb == "check":
                    self.check(st["check"], "")
                elif verb == "resolve":
                    self.resolve()
                elif verb == "advance":
                    self.advance(st["advance"], st.get("turn"))
                else:
                    self.act(st, verb)
            except ScenarioFailed as e:
                raise ScenarioFailed(f"{where}: {e}") from None
            self._note_new_objects()
        self.check(self.data.get("expect", {}), "expect")

    def _describe_pending(self) -> str:
        d = self.game.pending
        if d is None:
            return "nothing"
        who = self.players[d.player]
        return f"{d.kind.value} for {who}" + (f" ({d.prompt})" if d.prompt else "")

    def act(self, st: dict, verb: str) -> None:
        self.game.resume()
        illegal = st.get("illegal", False)
        player = self.players.index(st["player"]) if "player" in st else 0
        game = self.game
        if game.is_over and not illegal:
            raise ScenarioFailed(f"the game is already over (winners: {self._winners_text()})")
        pending = game.pending
        if verb in ("attack", "block") and not st[verb] and not illegal and self._declared_none_already(verb, player):
            return
        wanted = {"play": DecisionKind.PRIORITY, "cast": DecisionKind.PRIORITY,
                  "activate": DecisionKind.PRIORITY, "pass": DecisionKind.PRIORITY,
                  "attack": DecisionKind.DECLARE_ATTACKERS, "block": DecisionKind.DECLARE_BLOCKERS,
                  "assign": DecisionKind.ASSIGN_DAMAGE, "choose": DecisionKind.CHOOSE,
                  "mulligan": DecisionKind.MULLIGAN}.get(verb)
        if not illegal and wanted is not None and pending is not None and pending.kind is not wanted:
            if pending.kind is DecisionKind.PRIORITY:
                raise ScenarioFailed(f"no {wanted.value} decision is pending; the engine waits for "
                                     f"{self._describe_pending()} in {game.state.step.value}")
            raise ScenarioFailed(f"unanswered decision: {self._describe_pending()}")
        if verb == "choose" and not illegal and self._whole_order(st["choose"], player):
            return
        action = self.make_action(st, verb, player)
        before = game.to_json() if illegal else None
        try:
            game.apply(action)
        except IllegalAction as e:
            if not illegal:
                raise ScenarioFailed(f"the engine refused {action}: {e}") from None
            after = game.to_json()
            if after != before:
                raise ScenarioFailed(f"the engine refused {action} ({e}) but changed the state") from None
            return
        if illegal:
            raise ScenarioFailed(f"the engine accepted {action}, which should have been refused")

    def _whole_order(self, values: list, player: int) -> bool:
        """A library order given in one `choose` (top first) where the engine asks one card at a time:
        each card answers one question; the last card left is placed without a question."""

        def asking_order() -> bool:
            d = self.game.pending
            return d is not None and d.kind is DecisionKind.CHOOSE and d.player == player \
                and (d.data or {}).get("choice") == "library_order"
        if not asking_order() or len(values) <= self.game.pending.max:
            return False
        for i, v in enumerate(values):
            if not asking_order():
                if i == len(values) - 1:
                    break
                raise ScenarioFailed(f"the order {values} has more cards than the engine asked about")
            try:
                self.game.apply(A.Choose(player, self.answers([v])))
            except IllegalAction as e:
                raise ScenarioFailed(f"the engine refused {v!r} in the order {values}: {e}") from None
        return True

    def _declared_none_already(self, verb: str, player: int) -> bool:
        """The engine declares no attackers (blockers) by itself when no creature could attack (block):
        a decision with one legal answer. An empty declaration in the script then states what happened."""
        s = self.game.state
        d = self.game.pending
        c = s.combat
        if verb == "block" and d is not None and d.kind is DecisionKind.DECLARE_BLOCKERS and d.player != player \
                and player != s.active and s.apnap().index(player) < s.apnap().index(d.player):
            return True     # 802.4: a defending player before the one asked now could block nothing
        if d is None or d.kind is not DecisionKind.PRIORITY:
            return False
        if verb == "attack":
            return s.step is Step.DECLARE_ATTACKERS and c.attackers_declared and not c.attackers \
                and player == s.active
        return s.step is Step.DECLARE_BLOCKERS and c.blockers_declared and player != s.active \
            and not any(s.objects[b].controller == player for b in c.blockers if b in s.objects)

    def make_action(self, st: dict, verb: str, player: int) -> A.Action:
        v = st[verb]
        if verb == "play":
            card = self.own_card(v, player, Zone.HAND)
            return A.PlayLand(player, card, face=self.face_index(card, st.get("face")))
        if verb == "cast":
            alt = st.get("alt")
            src = st.get("from", "graveyard" if alt == "flashback" else "hand")
            card = self.own_card(v, player, CAST_FROM[src])
            zone = self.game.state.objects[card].zone
            if zone is not CAST_FROM[src]:
                raise ScenarioFailed(f"{v!r} is in the {zone.value}, not in the {src}")
            return A.CastSpell(
                player, card,
                modes=tuple(m - 1 for m in st["modes"]) if "modes" in st else None,
                targets=tuple(self.stack_ref(t) for t in st["targets"]) if "targets" in st else None,
                x=st.get("x"), kicked=st.get("kicked", False), alt=alt,
                divide=tuple((self.stack_ref(t), n) for t, n in st["divide"].items()) if "divide" in st else None,
                pay=tuple(self.obj(p).id for p in st["pay"]) if "pay" in st else None,
                face=self.face_index(card, st.get("face")))
        if verb == "activate":
            return A.ActivateAbility(
                player, self.obj(v).id, st.get("ability", 1) - 1,
                targets=tuple(self.stack_ref(t) for t in st["targets"]) if "targets" in st else None,
                x=st.get("x"),
                pay=tuple(self.obj(p).id for p in st["pay"]) if "pay" in st else None)
        if verb == "pass":
            return A.PassPriority(player)
        if verb == "concede":
            return A.Concede(player)
        if verb == "mulligan":
            return A.Mulligan(player, keep=(v == "keep"))
        if verb == "attack":
            return A.DeclareAttackers(player, {self.obj(a).id: self.player_or_obj(t) for a, t in v.items()})
        if verb == "block":
            return A.DeclareBlockers(player, {
                self.obj(b).id: tuple(self.obj(a).id for a in (t if isinstance(t, list) else [t]))
                for b, t in v.items()})
        if verb == "assign":
            return A.AssignDamage(player, self.assignment(v))
        if verb == "choose":
            return A.Choose(player, self.answers(v))
        raise AssertionError(verb)

    def face_index(self, card: int, face: str | None) -> int | None:
        """FORMAT.md `face`: the name of the face or half cast or played (1 for the front or left one), or
        "fuse" for both halves of a fuse card (702.102)."""
        if face is None:
            return None
        if face == "fuse":
            return A.FUSED
        d = card_def(self.game.state.objects[card].name)
        names = list(d.face_names)
        if face not in names:
            raise ScenarioFailed(f"face {face!r}: {d.name} has " +
                                 (f"the faces {', '.join(names)}" if names else "one face"))
        return names.index(face) + 1

    def assignment(self, v: dict) -> dict[int, dict[Any, int]]:
        if v and all(isinstance(n, dict) for n in v.values()):
            return {self.obj(src).id: {self.player_or_obj(r): n for r, n in amounts.items()}
                    for src, amounts in v.items()}
        if any(isinstance(n, dict) for n in v.values()):
            raise ScenarioFailed("mixes recipient = amount with source = { ... } entries")
        pending = self.game.pending
        sources = list((pending.data or {}).get("sources", [])) if pending is not None else []
        if len(sources) != 1:
            raise ScenarioFailed(f"the engine asks about {len(sources)} sources {sources}; key the "
                                 f"assignment by source")
        return {sources[0]: {self.player_or_obj(r): n for r, n in v.items()}}

    def answers(self, values: list) -> tuple:
        pending = self.game.pending
        options = list(pending.options) if pending is not None else []
        if pending is not None and (pending.data or {}).get("choice") == "order":
            return tuple(self._order_answers(values, options))
        is_mode = pending is not None and (pending.data or {}).get("choice") == "mode"
        # A draw's replacements (616.1) are offered as "<source's name> #<effect>": the file names the source.
        replacing = pending is not None and (pending.data or {}).get("choice") == "draw_replacement"
        out: list[Any] = []
        for v in values:
            labelled = [o for o in options if replacing and isinstance(o, str) and o.rpartition(" #")[0] == v
                        and o not in out]
            if isinstance(v, int):
                out.append(v - 1 if is_mode else v)
            elif labelled and v not in options:
                out.append(labelled[0])
            elif isinstance(v, str) and v in COLOR_WORDS and v not in options:
                # A mana ability's color (its options are mana letters): "black" is {B}, never player B.
                if COLOR_WORDS[v] not in options:
                    raise ScenarioFailed(f"{v!r} is not among the answers ({', '.join(map(str, options))})")
                out.append(COLOR_WORDS[v])
            elif v in self.players:
                out.append(f"P{self.players.index(v)}")
            elif v in options:
                out.append(v)
            elif v in self.ids or "#" in v:
                out.append(self.obj(v).id)
            else:
                # A name: among the decision's options first (several identical cards in a library).
                s = self.game.state
                named = [o for o in options if isinstance(o, int) and o in s.objects
                         and self._name_of(s.objects[o]) == v and o not in out]
                out.append(named[0] if named else self.stack_ref(v))
        return tuple(out)

    def _order_answers(self, values: list, options: list) -> list:
        """Trigger order: each answer names a trigger's source (a name or an id), top of the stack first.
        The options are the sources as they were when the abilities triggered, which may have left the
        battlefield since (a Wrath): they are matched by name or by physical card, and the n-th mention
        of a source means its n-th trigger."""
        s = self.game.state

        def about(opt: Any) -> tuple[str, int | None]:
            base = int(str(opt).split("#")[0]) if str(opt).split("#")[0].isdigit() else opt
            if base in s.objects:
                return self._name_of(s.objects[base]), s.objects[base].card_id
            info = s.lki.get(str(base)) or {}
            return info.get("name", ""), info.get("card_id")
        described = {o: about(o) for o in options}
        out: list[Any] = []
        for v in values:
            if v in options and v not in out:
                out.append(v)
                continue
            card = self.obj(v).card_id if isinstance(v, str) and (v in self.ids or "#" in v) else None
            pick = next((o for o in options if o not in out
                         and (described[o][0] == v or (card is not None and described[o][1] == card))), None)
            if pick is None:
                raise ScenarioFailed(f"{v!r} is not the source of a trigger to order (options: "
                                     f"{', '.join(described[o][0] for o in options)})")
            out.append(pick)
        return out

    def _winners_text(self) -> str:
        w = self.game.winners
        return ", ".join(self.players[i] for i in w) if w else "none (a draw)"

    def resolve(self) -> None:
        """Everyone passes until the object now on top of the stack has left it (or a decision comes up)."""
        game = self.game
        game.resume()
        self._no_open_decision(DecisionKind.PRIORITY)
        if not game.state.stack:
            raise ScenarioFailed("the stack is empty")
        top = game.state.stack[-1]
        for _ in range(MAX_PASSES):
            if game.is_over or top not in game.state.stack:
                return
            d = game.pending
            if d is None or d.kind is not DecisionKind.PRIORITY:
                return
            self._apply_pass(d.player)
        raise ScenarioFailed(f"the top of the stack did not resolve after {MAX_PASSES} passes")

    def _no_open_decision(self, *kinds: DecisionKind) -> None:
        """resolve and advance start only from priority (or, advance, an attack or block declaration)."""
        d = self.game.pending
        if d is not None and d.kind not in kinds and not self.game.is_over:
            raise ScenarioFailed(f"unanswered decision: {self._describe_pending()}")

    def _apply_pass(self, player: int, action: A.Action | None = None) -> None:
        action = action or A.PassPriority(player)
        try:
            self.game.apply(action)
        except IllegalAction as e:
            raise ScenarioFailed(f"the engine refused {action}: {e}") from None

    def advance(self, step_name: str, turn: int | None) -> None:
        """In a step where no one gets priority (untap, cleanup) the game stops once the step's turn-based
        actions are done (Game.pause_at), so the script can look at that moment."""
        game = self.game
        target = Step(step_name)
        goal_turn = game.state.turn if turn is None else turn
        if target in (Step.UNTAP, Step.CLEANUP):
            game.pause_at = (goal_turn, target)
        try:
            game.resume()
            self._no_open_decision(DecisionKind.PRIORITY, DecisionKind.DECLARE_ATTACKERS,
                                   DecisionKind.DECLARE_BLOCKERS)
            s = game.state
            if s.stack:
                raise ScenarioFailed(f"advance needs an empty stack; it holds {self._stack_names()}")
            if (s.turn, STEP_NAMES.index(s.step.value)) > (goal_turn, STEP_NAMES.index(step_name)) \
                    and not self._comes_again(target, goal_turn):
                raise ScenarioFailed(f"{step_name} of turn {goal_turn} is already past (now {s.step.value} of "
                                     f"turn {s.turn})")
            self._pass_until(target, step_name, goal_turn)
        finally:
            game.pause_at = None

    def _comes_again(self, step: Step, turn: int) -> bool:
        """Whether a step already past this turn begins again in an additional phase still to come (500.8): a combat
        step in an additional combat phase, the postcombat main step in an additional main phase."""
        s = self.game.state
        queue = s.turn_log.get("phase_queue", []) if s.turn == turn else []
        return ("combat" in queue and step.phase is Phase.COMBAT) or ("main" in queue and step is Step.MAIN2)

    def _pass_until(self, target: Step, step_name: str, goal_turn: int) -> None:
        game = self.game
        s = game.state
        for _ in range(MAX_PASSES):
            if game.is_over:
                return
            if s is not game.state:
                s = game.state
            if s.step is target and s.turn == goal_turn:
                return
            if (s.turn, STEP_NAMES.index(s.step.value)) > (goal_turn, STEP_NAMES.index(step_name)) \
                    and not self._comes_again(target, goal_turn):
                raise ScenarioFailed(f"the game never reached {step_name} of turn {goal_turn}; it is now in "
                                     f"{s.step.value} of turn {s.turn}")
            d = game.pending
            if d is None:
                raise ScenarioFailed(f"the engine waits for nothing in {s.step.value}")
            if d.kind is DecisionKind.PRIORITY:
                self._apply_pass(d.player)
            elif d.kind is DecisionKind.DECLARE_ATTACKERS:
                self._apply_pass(d.player, A.DeclareAttackers(d.player, {}))
            elif d.kind is DecisionKind.DECLARE_BLOCKERS:
                self._apply_pass(d.player, A.DeclareBlockers(d.player, {}))
            else:
                return      # a decision on the way (a trigger's target, a damage assignment): the script answers
        raise ScenarioFailed(f"{step_name} not reached after {MAX_PASSES} passes")

    def _stack_names(self) -> list[str]:
        s = self.game.state
        return [self._name_of(s.objects[oid]) for oid in reversed(s.stack)]

