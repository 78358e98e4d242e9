"""When the heuristic player weighs its instant-speed options: a combat trick waits for the blocks (509),
an untargeted spell on the stack is answered only by a counterspell, and outside its main phase a player
with nothing it could do passes without weighing anything."""
from __future__ import annotations

import pytest

from ai_util import stock_libraries
from engine.ai.heuristic import HeuristicPlayer
from engine.core import player_actions as A
from engine.core.enums import DecisionKind, Step, Zone
from engine.game import Game


def _combat(pump_holder: int | None, attacker: str = "Grizzly Bears",
            defender: str = "Grizzly Bears") -> tuple[Game, int, int]:
    """Turn 5, A (player 0) attacks with `attacker` (Grizzly Bears) into B's `defender` (Grizzly Bears);
    `pump_holder` holds Giant Growth (None: no one), each player a Forest untapped. Returns the game at the
    declare-attackers step's priority, A's and B's creatures."""
    g = Game.empty(seed=4)
    mine = g.add_card(attacker, 0, Zone.BATTLEFIELD)
    theirs = g.add_card(defender, 1, Zone.BATTLEFIELD)
    for p in (0, 1):
        g.add_card("Forest", p, Zone.BATTLEFIELD)
        for _ in range(5):
            g.add_card("Forest", p, Zone.LIBRARY)
    if pump_holder is not None:
        g.add_card("Giant Growth", pump_holder, Zone.HAND)
    g.start_at(5, 0, "beginning_of_combat")
    g.apply(A.PassPriority(0))
    g.apply(A.PassPriority(1))
    assert g.pending.kind is DecisionKind.DECLARE_ATTACKERS
    g.apply(A.DeclareAttackers(0, {mine: "P1"}))
    return g, mine, theirs


@pytest.mark.rules("508.1", "509.1", "702.8a")
def test_a_trick_waits_for_the_blocks() -> None:
    g, mine, theirs = _combat(0)
    assert g.state.step is Step.DECLARE_ATTACKERS and g.pending.player == 0
    ai = HeuristicPlayer(1)
    forced, scored = ai.priority_options(g)
    assert isinstance(forced, A.PassPriority) and not scored      # before blocks: not weighed at all
    g.apply(A.PassPriority(0))
    g.apply(A.PassPriority(1))
    g.apply(A.DeclareBlockers(1, {theirs: (mine,)}))
    assert g.state.step is Step.DECLARE_BLOCKERS and g.pending.player == 0
    action = ai.choose(g)
    assert isinstance(action, A.CastSpell) and g.characteristics(action.card).name == "Giant Growth"


@pytest.mark.rules("509.1", "601.2")
def test_the_defender_pumps_its_blocker_after_blocks_not_before() -> None:
    g, mine, theirs = _combat(1)
    g.apply(A.PassPriority(0))
    assert g.pending.player == 1 and g.state.step is Step.DECLARE_ATTACKERS
    ai = HeuristicPlayer(2)
    assert isinstance(ai.choose(g), A.PassPriority)
    g.apply(A.PassPriority(1))
    g.apply(A.DeclareBlockers(1, {theirs: (mine,)}))
    g.apply(A.PassPriority(0))
    assert g.pending.player == 1 and g.state.step is Step.DECLARE_BLOCKERS
    action = ai.choose(g)
    assert isinstance(action, A.CastSpell) and action.targets in ((theirs,), ((theirs,),))


def _creature_spell_on_the_stack(answer: str) -> tuple[Game, int]:
    """A (player 0) casts Grizzly Bears in its main phase; B holds `answer` with two Islands untapped."""
    g = Game.empty(seed=5)
    for p, land in ((0, "Forest"), (1, "Island")):
        for _ in range(2):
            g.add_card(land, p, Zone.BATTLEFIELD)
        for _ in range(5):
            g.add_card(land, p, Zone.LIBRARY)
    g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    bears = g.add_card("Grizzly Bears", 0, Zone.HAND)
    g.add_card(answer, 1, Zone.HAND)
    g.start_at(5, 0, "main1")
    g.apply(A.CastSpell(0, bears))
    g.apply(A.PassPriority(0))
    assert g.pending.player == 1 and g.state.stack
    return g, bears


@pytest.mark.rules("115.1", "117.3c", "701.6a")
def test_an_untargeted_spell_is_answered_only_by_a_counterspell() -> None:
    g, bears = _creature_spell_on_the_stack("Shock")
    forced, scored = HeuristicPlayer(3).priority_options(g)
    assert isinstance(forced, A.PassPriority) and not scored    # Shock can wait: nothing to answer
    g, bears = _creature_spell_on_the_stack("Counterspell")
    forced, scored = HeuristicPlayer(3).priority_options(g)
    assert forced is None and scored and all(isinstance(a, A.CastSpell) for _, a in scored)


@pytest.mark.rules("117.3")
def test_nothing_to_do_at_instant_speed_is_not_weighed() -> None:
    # At the end of A's turn B holds only a creature card and controls a vanilla creature: B passes
    # without listing its actions (the listing would offer nothing but the pass).
    g = Game.empty(seed=6)
    g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.add_card("Island", 1, Zone.BATTLEFIELD)
    g.add_card("Centaur Courser", 1, Zone.HAND)
    stock_libraries(g, "Island")
    g.start_at(5, 0, "end")
    g.apply(A.PassPriority(0))
    assert g.pending.player == 1 and g.state.step is Step.END
    ai = HeuristicPlayer(4)
    assert not ai._may_act(g, 1)
    g.add_card("Shock", 1, Zone.HAND)
    assert ai._may_act(g, 1)


@pytest.mark.rules("117.3a", "120.3")
def test_a_removal_instant_that_kills_nothing_waits_in_the_main_phase() -> None:
    def options(opposing: str) -> list:
        g = Game.empty(seed=7)
        g.add_card(opposing, 1, Zone.BATTLEFIELD)
        g.add_card("Mountain", 0, Zone.BATTLEFIELD)
        g.add_card("Shock", 0, Zone.HAND)
        stock_libraries(g, "Mountain")
        g.start_at(5, 0, "main1")
        forced, scored = HeuristicPlayer(5).priority_options(g)
        return [] if forced is not None else [a for _, a in scored]
    assert not options("Hill Giant")           # 2 damage kills no 3/3: Shock waits for a better moment
    assert any(isinstance(a, A.CastSpell) for a in options("Grizzly Bears"))


@pytest.mark.rules("603.2", "613.1", "302.1")
@pytest.mark.parametrize("board", [[], ["Grizzly Bears"], ["Soul Warden"], ["Glorious Anthem"]])
def test_a_plain_creature_is_valued_without_a_copy_only_on_a_quiet_board(board: list[str]) -> None:
    """Serra Angel cast on a board where nothing reacts to it is valued as the simulation would value it;
    with a trigger that sees it enter (Soul Warden) or a static ability that changes it (Glorious Anthem)
    it is simulated."""
    from engine.ai.evaluate import evaluate
    from engine.ai.heuristic import _plain_creature_gain, _quiet_board, _still_board
    from engine.ai.simulate import simulate
    g = Game.empty(seed=8)
    for name in board:
        g.add_card(name, 0, Zone.BATTLEFIELD)
    for _ in range(5):
        g.add_card("Plains", 0, Zone.BATTLEFIELD)
    stock_libraries(g, "Plains")
    angel = g.add_card("Serra Angel", 0, Zone.HAND)
    g.add_card("Grizzly Bears", 0, Zone.HAND)
    g.start_at(5, 0, "main1")
    cast = A.CastSpell(0, angel)
    quiet = board in ([], ["Grizzly Bears"])
    assert _quiet_board(g) == quiet
    after = simulate(g, cast, HeuristicPlayer(1, lookahead=False))
    simulated = evaluate(after, 0) - evaluate(g, 0)
    # On a quiet board the two agree; elsewhere the board changes what the Angel brings (a life gained,
    # +1/+1), which only the simulation sees.
    assert (_plain_creature_gain(g, cast, _still_board(g)) == pytest.approx(simulated)) == quiet


@pytest.mark.rules("509.1", "506.4", "118.3")
@pytest.mark.parametrize("blocks", [True, False])
def test_a_creature_that_sacrifices_itself_is_weighed_in_combat_only_when_in_it(blocks: bool) -> None:
    """Sakura-Tribe Elder's sacrifice is weighed after blocks when the Elder blocks (it would die: the land
    instead); left out of combat, nothing threatens it and the sacrifice waits."""
    g, attacker, elder = _combat(None, "Hill Giant", "Sakura-Tribe Elder")
    g.apply(A.PassPriority(0))
    g.apply(A.PassPriority(1))
    g.apply(A.DeclareBlockers(1, {elder: (attacker,)} if blocks else {}))
    g.apply(A.PassPriority(0))
    assert g.pending.player == 1 and g.state.step is Step.DECLARE_BLOCKERS
    ai = HeuristicPlayer(2)
    forced, scored = ai.priority_options(g)
    weighed = [a for _, a in scored if isinstance(a, A.ActivateAbility) and a.source == elder]
    assert bool(weighed) == blocks
    if not blocks:
        assert isinstance(forced, A.PassPriority)


@pytest.mark.rules("505.1", "513.1", "118.3")
@pytest.mark.parametrize("step", ["main1", "end"])
def test_a_creature_that_sacrifices_itself_waits_for_the_end_of_the_opponents_turn(step: str) -> None:
    """Sakura-Tribe Elder's sacrifice with nothing threatening the Elder is not weighed in its controller's own main
    phase (the Elder can still block that turn); at the end of the opponent's turn it is."""
    g = Game.empty(seed=9)
    elder = g.add_card("Sakura-Tribe Elder", 0, Zone.BATTLEFIELD)
    g.add_card("Forest", 0, Zone.BATTLEFIELD)
    stock_libraries(g, "Forest", 8)
    g.start_at(5, 0 if step == "main1" else 1, step)
    if step == "end":
        g.apply(A.PassPriority(1))
    assert g.pending.player == 0
    forced, scored = HeuristicPlayer(3).priority_options(g)
    weighed = [a for _, a in scored if isinstance(a, A.ActivateAbility) and a.source == elder]
    assert bool(weighed) == (step == "end")


@pytest.mark.rules("107.3", "601.2b")
def test_a_spell_with_x_is_not_weighed_at_x_0_when_a_larger_x_can_be_paid() -> None:
    from engine.ai.spells import best_target_variants
    g = Game.empty(seed=10)
    bears = g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    for _ in range(4):
        g.add_card("Mountain", 0, Zone.BATTLEFIELD)
    blaze = g.add_card("Blaze", 0, Zone.HAND)
    stock_libraries(g, "Mountain")
    g.start_at(5, 0, "main1")
    listed = [a for a in g.legal_actions() if isinstance(a, A.CastSpell) and a.card == blaze]
    assert {a.x for a in listed} == {0, 1, 3}
    kept = best_target_variants(g, 0, listed)
    assert {a.x for a in kept} == {1, 3} and all(a.x for a in kept)
    assert {a.targets for a in kept} == {(bears,), ("P1",)}      # (Blaze at its own controller: dropped)


@pytest.mark.rules("509.1", "510.2", "510.4")
def test_tricks_are_weighed_after_blocks_but_not_once_the_combat_damage_is_dealt() -> None:
    """B holds Giant Growth and a Shock: after blocks it weighs them; in the combat damage step, the damage dealt,
    it passes without weighing anything (a creature left damaged can be finished at the end step)."""
    g, attacker, blocker = _combat(1, "Hill Giant", "Grizzly Bears")
    g.add_card("Shock", 1, Zone.HAND)
    g.add_card("Mountain", 1, Zone.BATTLEFIELD)
    g.apply(A.PassPriority(0))
    g.apply(A.PassPriority(1))
    g.apply(A.DeclareBlockers(1, {}))
    g.apply(A.PassPriority(0))
    assert g.pending.player == 1 and g.state.step is Step.DECLARE_BLOCKERS
    assert HeuristicPlayer(6)._may_act(g, 1)
    g.apply(A.PassPriority(1))
    g.apply(A.PassPriority(0))
    assert g.pending.player == 1 and g.state.step is Step.COMBAT_DAMAGE
    assert g.state.players[1].life == 17
    assert not HeuristicPlayer(6)._may_act(g, 1)
    forced, scored = HeuristicPlayer(6).priority_options(g)
    assert isinstance(forced, A.PassPriority) and not scored


@pytest.mark.rules("601.2c")
def test_a_choice_of_many_answers_the_rules_of_thumb_cant_read_takes_the_first_without_simulating(monkeypatch) -> None:
    """Twisted Image: "switch target creature's power and toughness", neither harmful nor helpful, with seven
    creatures to choose from: the first is taken, nothing simulated; with six, each is simulated."""
    import engine.ai.lookahead as L
    real = L.simulate
    for creatures, simulated in ((7, False), (6, True)):
        g = Game.empty(seed=12)
        for _ in range(creatures):
            g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
        for _ in range(4):
            g.add_card("Island", 0, Zone.BATTLEFIELD)
        image = g.add_card("Twisted Image", 0, Zone.HAND)
        stock_libraries(g, "Island")
        g.start_at(5, 0, "main1")
        g.apply(A.CastSpell(0, image))
        d = g.pending
        assert d.kind is DecisionKind.CHOOSE and d.data.get("choice") == "target" and len(d.options) == creatures
        calls: list = []
        monkeypatch.setattr(L, "simulate", lambda *a, **k: calls.append(a) or real(*a, **k))
        action = HeuristicPlayer(7).choose(g)
        assert bool(calls) == simulated
        if not simulated:
            assert action == A.Choose(0, (d.options[0],))


@pytest.mark.rules("601.2c", "115.1")
def test_a_counterspell_with_nothing_to_counter_is_passed_over_without_listing(monkeypatch) -> None:
    """B holds only Counterspell with mana enough: with the stack empty it could cast nothing (no spell to target), and
    passes without listing its legal actions; with a spell of A's on the stack it lists and weighs the counter."""
    import engine.ai.heuristic as H
    g = Game.empty(seed=13)
    for p in (0, 1):
        for _ in range(3):
            g.add_card("Island", p, Zone.BATTLEFIELD)
        for _ in range(5):
            g.add_card("Island", p, Zone.LIBRARY)
    g.add_card("Counterspell", 1, Zone.HAND)
    g.start_at(5, 0, "end")
    g.apply(A.PassPriority(0))
    assert g.pending.player == 1 and not g.state.stack
    assert H._nothing_affordable(g, 1)
    listed: list = []
    real = H.ai_spells_and_abilities
    monkeypatch.setattr(H, "ai_spells_and_abilities", lambda game, *wanted: listed.append(1) or real(game, *wanted))
    forced, _ = HeuristicPlayer(8).priority_options(g)
    assert isinstance(forced, A.PassPriority) and not listed
    g2 = Game.empty(seed=13)
    for p in (0, 1):
        for _ in range(5):
            g2.add_card("Island", p, Zone.BATTLEFIELD)
        for _ in range(5):
            g2.add_card("Island", p, Zone.LIBRARY)
    g2.add_card("Counterspell", 1, Zone.HAND)
    elemental = g2.add_card("Air Elemental", 0, Zone.HAND)
    g2.start_at(5, 0, "main1")
    g2.apply(A.CastSpell(0, elemental))
    g2.apply(A.PassPriority(0))
    assert g2.pending.player == 1 and g2.state.stack
    assert not H._nothing_affordable(g2, 1)
    forced, scored = HeuristicPlayer(8).priority_options(g2)
    assert forced is None and listed and any(isinstance(a, A.CastSpell) for _, a in scored)


@pytest.mark.rules("505.1", "506.1")
@pytest.mark.parametrize("changed", [False, True])
def test_the_second_main_phase_passes_at_once_when_nothing_happened_since_the_first_passed(monkeypatch,
                                                                                         changed: bool) -> None:
    """A's first main phase ends with a pass (its Shock can kill nothing); A doesn't attack. In the second main phase,
    the position the same, A passes without listing its actions again; with the opponent's life changed meanwhile it
    weighs them afresh."""
    import engine.ai.heuristic as H
    g = Game.empty(seed=15)
    g.add_card("Hill Giant", 1, Zone.BATTLEFIELD)
    g.add_card("Mountain", 0, Zone.BATTLEFIELD)
    g.add_card("Shock", 0, Zone.HAND)
    stock_libraries(g, "Mountain")
    g.start_at(5, 0, "main1")
    ai, other = HeuristicPlayer(9), HeuristicPlayer(10)
    assert ai.choose(g) == A.PassPriority(0)
    while not (g.state.step is Step.MAIN2 and g.pending.player == 0):
        g.apply((ai if g.pending.player == 0 else other).choose(g))
    assert not g.state.combat or not g.state.combat.attackers
    if changed:
        g.state.players[1].life -= 1
    listed: list = []
    real = H.ai_spells_and_abilities
    monkeypatch.setattr(H, "ai_spells_and_abilities", lambda game, *wanted: listed.append(1) or real(game, *wanted))
    assert ai.choose(g) == A.PassPriority(0)
    assert bool(listed) == changed


CODEX_SHREDDER = {"name": "Codex Shredder", "manaCost": "{1}", "type": "Artifact", "types": ["Artifact"],
                  "subtypes": [], "supertypes": [], "colors": [],
                  "text": "{T}: Target player mills a card.\n{5}, {T}, Sacrifice Codex Shredder: Return target card "
                          "from your graveyard to your hand."}
GHOULCALLERS_BELL = {"name": "Ghoulcaller's Bell", "manaCost": "{1}", "type": "Artifact", "types": ["Artifact"],
                     "subtypes": [], "supertypes": [], "colors": [], "text": "{T}: Each player mills a card."}


@pytest.mark.rules("502.3", "513.1", "701.17a")
@pytest.mark.parametrize("card,used", [("Codex Shredder", True), ("Ghoulcaller's Bell", False)])
def test_a_tap_ability_is_used_at_the_end_of_the_opponents_turn_when_it_costs_nothing(extra_cards, card: str,
                                                                                      used: bool) -> None:
    """At the end of B's turn A's artifact untaps in A's untap step before it is needed: Codex Shredder mills B, one
    card the evaluation hardly sees, for nothing. Ghoulcaller's Bell mills both players alike and stays untapped."""
    extra_cards(CODEX_SHREDDER, GHOULCALLERS_BELL)
    g = Game.empty(seed=4)
    source = g.add_card(card, 0, Zone.BATTLEFIELD)
    stock_libraries(g, "Plains")
    g.start_at(4, 1, "end")
    g.apply(A.PassPriority(1))
    action = HeuristicPlayer(5).choose(g)
    if used:
        assert isinstance(action, A.ActivateAbility) and action.source == source and action.targets == ("P1",)
        g.apply(action)
        g.apply(A.PassPriority(0))
        g.apply(A.PassPriority(1))
        assert len(g.state.players[1].library) == 4 and len(g.state.players[0].library) == 5
    else:
        assert action == A.PassPriority(0)


TRADE_ROUTES = {"name": "Trade Routes", "manaCost": "{1}{U}", "type": "Enchantment", "types": ["Enchantment"],
                "subtypes": [], "supertypes": [], "colors": ["U"],
                "text": "{1}: Return target land you control to its owner's hand.\n{1}, Discard a land card: Draw a card."}


@pytest.mark.rules("702.29a", "701.9a", "121.1")
@pytest.mark.parametrize("lands_out,used", [(5, True), (2, False)])
def test_a_land_card_the_player_can_spare_is_discarded_to_draw(extra_cards, lands_out: int, used: bool) -> None:
    """Trade Routes' "{1}, Discard a land card: Draw a card" trades a card for a card, alike to the evaluation. With
    five lands out, A's Island in hand is one it can spare: at the end of B's turn A discards it to draw. With two lands
    out A needs it and keeps it."""
    extra_cards(TRADE_ROUTES)
    g = Game.empty(seed=6)
    routes = g.add_card("Trade Routes", 0, Zone.BATTLEFIELD)
    for _ in range(lands_out):
        g.add_card("Island", 0, Zone.BATTLEFIELD)
    island = g.add_card("Island", 0, Zone.HAND)
    g.add_card("Grizzly Bears", 0, Zone.HAND)
    stock_libraries(g, "Island")
    g.start_at(4, 1, "end")
    g.apply(A.PassPriority(1))
    action = HeuristicPlayer(5).choose(g)
    if not used:
        assert action == A.PassPriority(0)
        return
    assert isinstance(action, A.ActivateAbility) and action.source == routes and action.index == 1
    g.apply(action)
    while g.pending.kind is not DecisionKind.PRIORITY:
        g.apply(HeuristicPlayer(5).choose(g))
    names = [g.characteristics(x).name for x in g.state.players[0].graveyard]
    assert names == ["Island"] and island not in g.state.players[0].hand
    assert [g.characteristics(x).name for x in g.state.players[0].hand] == ["Grizzly Bears"]
