"""Options the heuristic player values without simulating them (issue 17: fewer simulations per decision):
each shortcut gives the value the simulation gives in a position it applies to, and leaves to the
simulation a position where something on the board would react (a trigger, a static ability, a blocker)."""
from __future__ import annotations

import pytest

from ai_util import stock_libraries
from engine.ai.combat import unblocked_crack_back
from engine.ai.evaluate import evaluate
from engine.ai.heuristic import (HeuristicPlayer, _block_value, _blocked_attack_value, _no_attack_value,
                                 _nothing_affordable, _plain_creature_gain, _quiet_board, _spell_gain, _still_board,
                                 _unblocked_attack_values)
from engine.ai.simulate import simulate
from engine.core import player_actions as A
from engine.core.enums import DecisionKind, Zone
from engine.game import Game

FAST = HeuristicPlayer(1, lookahead=False)


def _main_phase(mine: list[str], theirs: list[str], hand: list[str], land: str = "Mountain",
                library: int = 5, life: int = 20) -> tuple[Game, list[int], list[int]]:
    """Turn 5, player 0's first main phase with five untapped `land`s; returns the game, player 0's hand
    and player 1's permanents."""
    g = Game.empty(seed=9)
    for name in mine:
        g.add_card(name, 0, Zone.BATTLEFIELD)
    opposing = [g.add_card(name, 1, Zone.BATTLEFIELD) for name in theirs]
    for _ in range(5):
        g.add_card(land, 0, Zone.BATTLEFIELD)
    stock_libraries(g, land, library)
    cards = [g.add_card(name, 0, Zone.HAND) for name in hand]
    g.start_at(5, 0, "main1")
    g.state.players[1].life = life
    return g, cards, opposing


def _simulated_gain(g: Game, action: A.Action) -> float:
    after = simulate(g, action, FAST)
    assert after is not None
    return evaluate(after, 0) - evaluate(g, 0)


@pytest.mark.rules("120.3", "704.5g", "704.5f", "121.1", "119.3", "701.8a", "406.2", "704.5a")
@pytest.mark.parametrize("card,target", [
    ("Lightning Bolt", 0), ("Lightning Bolt", 1), ("Lightning Bolt", "P1"), ("Shock", 1), ("Doom Blade", 1),
    ("Swords to Plowshares", 1), ("Swords to Plowshares", 0), ("Night's Whisper", None), ("Preordain", None),
    ("Harmonize", None), ("Lava Spike", "P1")])
def test_a_simple_spell_is_valued_as_the_simulation_values_it(card: str, target) -> None:
    """Damage that kills or only marks (Hill Giant survives Shock), destroy, exile with the life its
    controller gains, cards drawn with the life paid, scry: the value read equals the simulated one."""
    g, hand, theirs = _main_phase(["Grizzly Bears"], ["Hill Giant", "Grizzly Bears"], [card, "Plains"],
                                  land="Swamp" if card in ("Doom Blade", "Night's Whisper") else
                                  "Plains" if card == "Swords to Plowshares" else
                                  "Island" if card == "Preordain" else "Forest" if card == "Harmonize" else "Mountain")
    assert _still_board(g)
    targets = None if target is None else ((target,),) if isinstance(target, str) else ((theirs[target],),)
    cast = A.CastSpell(0, hand[0], targets=targets)
    gain = _spell_gain(g, cast)
    assert gain is not None
    assert gain == pytest.approx(_simulated_gain(g, cast))


@pytest.mark.rules("704.5a")
def test_lethal_burn_is_a_won_game() -> None:
    g, hand, _ = _main_phase([], [], ["Lightning Bolt"], life=3)
    cast = A.CastSpell(0, hand[0], targets=(("P1",),))
    assert _spell_gain(g, cast) == pytest.approx(_simulated_gain(g, cast))


@pytest.mark.rules("603.2", "613.1", "702.21a")
@pytest.mark.parametrize("board,theirs", [(["Blood Artist"], ["Grizzly Bears"]), (["Tarmogoyf"], ["Grizzly Bears"]),
                                          ([], ["Thragtusk"]), ([], ["Wall of Omens"])])
def test_a_spell_is_simulated_where_something_reacts(board: list[str], theirs: list[str]) -> None:
    """A trigger on the board, a static ability that changes with what the spell does (Tarmogoyf counts the
    card types in graveyards), or a target with an ability of its own (Thragtusk leaving makes a token): no
    shortcut."""
    g, hand, opposing = _main_phase(board, theirs, ["Murder"], land="Swamp")
    assert _spell_gain(g, A.CastSpell(0, hand[0], targets=((opposing[0],),))) is None or not _still_board(g)


@pytest.mark.rules("613.4c", "603.6c", "603.10a", "701.8a", "120.3")
@pytest.mark.parametrize("board,theirs,card", [
    (["Glorious Anthem", "Grizzly Bears"], ["Grizzly Bears"], "Murder"),
    (["Thragtusk"], ["Grizzly Bears"], "Murder"), (["Oblivion Ring"], ["Hill Giant"], "Murder"),
    (["Honor of the Pure"], ["Grizzly Bears"], "Murder"), ([], ["Glorious Anthem", "Grizzly Bears"], "Murder")])
def test_a_spell_is_valued_as_simulated_beside_a_fixed_pump_or_a_trigger_on_its_own_leaving(
        board: list[str], theirs: list[str], card: str) -> None:
    """A fixed anthem (the target's toughness read with it) and a permanent's trigger on its own leaving
    (Thragtusk, Oblivion Ring: the spell doesn't make them leave) change nothing the shortcut doesn't read."""
    g, hand, opposing = _main_phase(board, theirs, [card], land="Swamp")
    assert _still_board(g)
    target = next(x for x in opposing if g.characteristics(x).is_creature)
    cast = A.CastSpell(0, hand[0], targets=((target,),))
    gain = _spell_gain(g, cast)
    assert gain is not None
    assert gain == pytest.approx(_simulated_gain(g, cast))


MARKER_BEETLES = {"name": "Marker Beetles", "manaCost": "{1}{B}{B}", "type": "Creature — Insect",
                  "types": ["Creature"], "subtypes": ["Insect"], "supertypes": [], "power": "2", "toughness": "3",
                  "text": "When Marker Beetles dies, target creature gets +1/+1 until end of turn.\n"
                          "{2}, Sacrifice Marker Beetles: Draw a card."}


@pytest.mark.rules("603.10a", "701.21a")
def test_sacrificing_a_source_with_a_leaving_trigger_is_simulated(extra_cards) -> None:
    """Marker Beetles' "{2}, Sacrifice ~: Draw a card." is simulated: its "When ~ dies" triggers. Beside it, on the
    same still board, Mogg Fanatic's sacrifice is read."""
    extra_cards(MARKER_BEETLES, fully_read=True)
    g, _, _ = _main_phase(["Marker Beetles", "Mogg Fanatic"], ["Grizzly Bears"], [])
    assert _still_board(g)
    beetles, fanatic = (next(x for x in g.state.battlefield if g.characteristics(x).name == n)
                        for n in ("Marker Beetles", "Mogg Fanatic"))
    assert _spell_gain(g, A.ActivateAbility(0, beetles, 0)) is None
    act = A.ActivateAbility(0, fanatic, 0, targets=(("P1",),))
    assert _spell_gain(g, act) == pytest.approx(_simulated_gain(g, act))


_LAND_FOR = {"Thragtusk": "Forest", "Elvish Visionary": "Forest", "Tarmogoyf": "Forest", "Grizzly Bears": "Forest",
             "Mulldrifter": "Island", "Isamaru, Hound of Konda": "Plains"}


@pytest.mark.rules("603.2", "603.4", "704.5j", "702.74a", "121.1", "119.3", "604.3")
@pytest.mark.parametrize("card,board,read", [
    ("Goblin Guide", [], True), ("Ball Lightning", [], True), ("Isamaru, Hound of Konda", [], True),
    ("Isamaru, Hound of Konda", ["Isamaru, Hound of Konda"], False), ("Mulldrifter", [], True),
    ("Thragtusk", [], True), ("Thragtusk", ["Ajani's Pridemate"], False),
    ("Flametongue Kavu", ["Grizzly Bears"], False), ("Elvish Visionary", [], True),
    ("Tarmogoyf", ["Tarmogoyf"], True), ("Grizzly Bears", ["Tarmogoyf"], True)])
def test_a_creature_with_triggers_of_its_own_is_valued_as_simulated(card: str, board: list[str], read: bool) -> None:
    """A creature whose own triggers its entering can't fire (Goblin Guide's attack, Ball Lightning's end step),
    a legendary one with no namesake of ours (704.5j), and one whose "When ~ enters" draws cards or gains life
    (Mulldrifter not evoked, 603.4; Thragtusk), and one cast or entering beside a power and toughness counted from
    the graveyards (Tarmogoyf, 604.3: nothing goes there): read as the simulation values them. Left to the
    simulation: a second Isamaru (the legend rule), a life gain something on the board sees (Ajani's Pridemate)
    and an enter trigger with a target (Flametongue Kavu)."""
    g, hand, _ = _main_phase(board, [], [card, "Plains"], land=_LAND_FOR.get(card, "Mountain"))
    for _ in range(3):
        g.add_card("Island" if card == "Mulldrifter" else "Forest", 0, Zone.BATTLEFIELD)
    cast = A.CastSpell(0, hand[0])
    gain = _plain_creature_gain(g, cast, _still_board(g)) if _quiet_board(g) else None
    assert (gain is not None) == read
    if read:
        assert gain == pytest.approx(_simulated_gain(g, cast))


@pytest.mark.rules("606.4", "602.2")
def test_an_ability_that_sacrifices_its_source_is_valued_as_simulated() -> None:
    """Mogg Fanatic's "Sacrifice: 1 damage to any target" at a 1-toughness creature and at the opponent."""
    g, _, theirs = _main_phase(["Mogg Fanatic"], ["Llanowar Elves"], [])
    fanatic = next(x for x in g.state.battlefield if g.characteristics(x).name == "Mogg Fanatic")
    for target in (theirs[0], "P1"):
        act = A.ActivateAbility(0, fanatic, 0, targets=((target,),))
        gain = _spell_gain(g, act)
        assert gain is not None
        assert gain == pytest.approx(_simulated_gain(g, act))


def _attack(mine: list[str], theirs: list[str], tapped: bool = False, life: int = 20) -> tuple[Game, HeuristicPlayer]:
    g = Game.empty(seed=11)
    for name in mine:
        g.add_card(name, 0, Zone.BATTLEFIELD)
    for name in theirs:
        g.add_card(name, 1, Zone.BATTLEFIELD, tapped=tapped)
    for p in (0, 1):
        g.add_card("Mountain", p, Zone.BATTLEFIELD)
        for _ in range(5):
            g.add_card("Mountain", p, Zone.LIBRARY)
    g.start_at(5, 0, "beginning_of_combat")
    g.state.players[1].life = life
    g.apply(A.PassPriority(0))
    g.apply(A.PassPriority(1))
    assert g.pending.kind is DecisionKind.DECLARE_ATTACKERS
    return g, HeuristicPlayer(3)


@pytest.mark.rules("508.1", "509.1a", "509.1b", "510.1a", "702.9b", "704.5a")
@pytest.mark.parametrize("mine,tapped,life,my_life", [
    (["Grizzly Bears", "Hill Giant", "Serra Angel"], True, 20, 20),
    (["Grizzly Bears", "Hill Giant", "Serra Angel"], True, 3, 20),
    (["Serra Angel", "Stormfront Pegasus"], False, 20, 20),     # fliers: the untapped Craw Wurm can't block them
    (["Stormfront Pegasus"], False, 20, 6),                     # and its crack-back is lethal
])
def test_an_attack_no_creature_can_block_is_valued_as_simulated(mine: list[str], tapped: bool, life: int,
                                                                my_life: int) -> None:
    """The opponent's only creature is tapped, or can't block any of the attackers: each plan is worth what
    its simulation through combat damage (and the crack-back) is worth, a lethal one a won game."""
    g, ai = _attack(mine, ["Craw Wurm"], tapped=tapped, life=life)
    g.state.players[0].life = my_life
    plans = ai.attack_plans(g)
    values = _unblocked_attack_values(g, 0, plans)
    assert values is not None and len(plans) > 1
    for plan, v in zip(plans, values):
        after = simulate(g, A.DeclareAttackers(0, plan), FAST, through_combat=True)
        let_through = -300.0 if not after.is_over \
            and unblocked_crack_back(g, 0, plan) >= after.state.players[0].life else 0.0
        assert v == pytest.approx(evaluate(after, 0) + ai._crack_back_penalty(after, 0) + let_through)
    assert isinstance(ai.choose(g), A.DeclareAttackers)


@pytest.mark.rules("509.1a", "603.2", "702.17b")
@pytest.mark.parametrize("mine,theirs", [(["Grizzly Bears"], ["Grizzly Bears"]), (["Goblin Guide"], []),
                                         (["Serra Angel"], ["Giant Spider"])])
def test_an_attack_is_simulated_where_a_blocker_or_a_trigger_could_act(mine: list[str], theirs: list[str]) -> None:
    """An untapped creature that could block (reach blocks a flier, 702.17b), an attack trigger (Goblin
    Guide): simulated."""
    g, ai = _attack(mine, theirs)
    assert _unblocked_attack_values(g, 0, ai.attack_plans(g)) is None


@pytest.mark.rules("509.1a", "510.1c", "510.4", "702.2c", "702.4b", "702.7b", "702.15b", "702.19b", "704.5g")
@pytest.mark.parametrize("mine,theirs", [
    (["Grizzly Bears", "Hill Giant"], ["Grizzly Bears"]),                       # a trade, a chump or no block
    (["Youthful Knight"], ["Grizzly Bears"]),                                   # first strike kills before it is hit
    (["Fencing Ace", "Colossal Dreadmaw"], ["Wall of Stone", "Typhoid Rats"]),  # double strike, trample, deathtouch
    (["Vampire Nighthawk", "Craw Wurm"], ["Giant Spider", "Grizzly Bears"]),    # lifelink, deathtouch, reach
])
def test_an_attack_into_blockers_is_valued_as_simulated(mine: list[str], theirs: list[str]) -> None:
    """Creatures could block: each attack plan is worth what its simulation through combat damage is worth
    (the defender blocking as the fast policy blocks, the damage marked, the creatures that die, the life lost
    and gained, the crack-back penalties)."""
    g, ai = _attack(mine, theirs)
    plans = ai.attack_plans(g)
    assert _unblocked_attack_values(g, 0, plans) is None
    valued = 0
    for plan in plans:
        v = _blocked_attack_value(g, 0, plan)
        if not plan:
            assert v is None        # declaring no attackers is `_no_attack_value`'s
            continue
        assert v is not None
        valued += 1
        after = simulate(g, A.DeclareAttackers(0, plan), FAST, through_combat=True)
        let_through = -300.0 if not after.is_over \
            and unblocked_crack_back(g, 0, plan) >= after.state.players[0].life else 0.0
        assert v == pytest.approx(evaluate(after, 0) + ai._crack_back_penalty(after, 0) + let_through)
    assert valued


@pytest.mark.rules("611.2c", "613.4c", "702.19b")
def test_an_attack_after_a_pump_spell_is_valued_as_simulated() -> None:
    """Overrun resolved in the first main phase (+3/+3 and trample until end of turn, its creatures locked in):
    the attacks into the blockers are still read, and equal their simulations."""
    g, hand, _ = _main_phase(["Grizzly Bears", "Hill Giant"], ["Craw Wurm", "Grizzly Bears"], ["Overrun"],
                             land="Forest")
    g.apply(A.CastSpell(0, hand[0]))
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(A.PassPriority(g.pending.player))
    assert g.state.effects
    ai = HeuristicPlayer(3)
    plans = [p for p in ai.attack_plans(g) if p]
    assert plans
    for plan in plans:
        v = _blocked_attack_value(g, 0, plan)
        assert v is not None
        after = simulate(g, A.DeclareAttackers(0, plan), FAST, through_combat=True)
        let_through = -300.0 if not after.is_over \
            and unblocked_crack_back(g, 0, plan) >= after.state.players[0].life else 0.0
        assert v == pytest.approx(evaluate(after, 0) + ai._crack_back_penalty(after, 0) + let_through)


def _blocking(attackers: list[str], blockers: list[str], life: int = 20) -> Game:
    """Player 1's declaration of blockers against all of player 0's `attackers`."""
    g, _ = _attack(attackers, blockers)
    g.state.players[1].life = life
    g.apply(A.DeclareAttackers(0, {a: "P1" for a in g.pending.options}))
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(A.PassPriority(g.pending.player))
    assert g.pending.kind is DecisionKind.DECLARE_BLOCKERS
    return g


@pytest.mark.rules("509.1a", "510.1c", "510.4", "702.2c", "702.7b", "702.19b", "704.5a", "704.5g")
@pytest.mark.parametrize("attackers,blockers,life", [
    (["Grizzly Bears", "Hill Giant"], ["Grizzly Bears", "Typhoid Rats"], 20),
    (["Youthful Knight", "Colossal Dreadmaw"], ["Wall of Stone", "Grizzly Bears"], 20),
    (["Colossal Dreadmaw", "Hill Giant"], ["Grizzly Bears"], 6),               # a chump that fails: the game lost
])
def test_blocks_are_valued_as_simulated(attackers: list[str], blockers: list[str], life: int) -> None:
    """Each block plan the heuristic weighs is worth what its simulation through combat damage is worth."""
    g = _blocking(attackers, blockers, life)
    ai = HeuristicPlayer(3)
    valued = 0
    for plan in ai.block_plans(g):
        v = _block_value(g, 1, plan)
        assert v is not None
        after = simulate(g, A.DeclareBlockers(1, plan), FAST, through_combat=True)
        if after is None:
            continue            # a plan the engine refuses
        valued += 1
        assert v == pytest.approx(evaluate(after, 1))
    assert valued > 1 and isinstance(ai.choose(g), A.DeclareBlockers)


@pytest.mark.rules("603.2", "702.16e", "509.1a")
def test_a_combat_is_simulated_where_something_reacts() -> None:
    """Thragtusk's leaving trigger when it blocks (not when it stays home), Goblin Guide's attack trigger,
    White Knight's protection from black preventing a black attacker's damage: simulated."""
    g = _blocking(["Grizzly Bears"], ["Thragtusk"])
    tusk = g.pending.options[0]
    bears = g.pending.data["attackers"][0]
    assert _block_value(g, 1, {tusk: (bears,)}) is None and _block_value(g, 1, {}) is not None
    g, _ = _attack(["Goblin Guide"], ["Grizzly Bears"])
    assert _blocked_attack_value(g, 0, {g.pending.options[0]: "P1"}) is None
    g = _blocking(["Typhoid Rats"], ["White Knight"])
    knight, rats = g.pending.options[0], g.pending.data["attackers"][0]
    assert _block_value(g, 1, {knight: (rats,)}) is None


@pytest.mark.rules("115.1")
def test_a_choice_of_targets_that_harms_its_own_side_is_not_weighed() -> None:
    """Lightning Bolt at the player's own Grizzly Bears or at itself is never weighed; at the opponent's
    creature or the opponent it is."""
    g, hand, theirs = _main_phase(["Grizzly Bears"], ["Grizzly Bears"], ["Lightning Bolt"])
    _, scored = HeuristicPlayer(2).priority_options(g)
    firsts = [a.targets[0] for _, a in scored if isinstance(a, A.CastSpell)]
    aimed = {t[0] if isinstance(t, tuple) else t for t in firsts}
    assert theirs[0] in aimed and "P1" in aimed
    assert "P0" not in aimed and not aimed & {x for x in g.state.battlefield if g.state.objects[x].controller == 0}


@pytest.mark.rules("508.8", "509.1a")
@pytest.mark.parametrize("life", [20, 2])
def test_not_attacking_is_valued_as_simulated(life: int) -> None:
    """With a blocker on the other side the attacks are simulated, but declaring none is the position as it
    is with the crack-back (at 2 life the opponent's Craw Wurm kills: the penalty)."""
    g, ai = _attack(["Grizzly Bears", "Hill Giant"], ["Craw Wurm"])
    g.state.players[0].life = life
    after = simulate(g, A.DeclareAttackers(0, {}), FAST, through_combat=True)
    assert _no_attack_value(g, 0) == pytest.approx(evaluate(after, 0) + ai._crack_back_penalty(after, 0))
    assert {} in ai.attack_plans(g) and isinstance(ai.choose(g), A.DeclareAttackers)


@pytest.mark.rules("117.3a", "202.3", "601.2f", "605.1a")
@pytest.mark.parametrize("hand,lands,expected", [
    (["Serra Angel"], 5, False),          # five Plains pay for it
    (["Serra Angel"], 3, True),           # mana value 5 above the 3 mana the lands make
    (["Spectral Procession"], 3, False),  # hybrid {2/W}: could cost less than its mana value
    (["Fireblast"], 0, False),            # an alternative cost
    (["Force of Will"], 0, True),         # an alternative cost, but no spell on the stack to counter (601.2c)
])
def test_a_player_with_nothing_affordable_passes_without_a_listing(hand: list[str], lands: int, expected: bool) -> None:
    """The cheap look before the legal actions are listed: it says nothing can be done only when the
    listing would offer nothing but passing."""
    g = Game.empty(seed=12)
    for _ in range(lands):
        g.add_card("Plains", 0, Zone.BATTLEFIELD)
    stock_libraries(g, "Plains")
    for name in hand:
        g.add_card(name, 0, Zone.HAND)
    g.start_at(5, 0, "main2")
    g.state.players[0].lands_played = 1
    assert _nothing_affordable(g, 0) == expected
    listed = [a for a in g.legal_actions() if not isinstance(a, A.PassPriority)]
    if expected:
        assert not listed


@pytest.mark.rules("202.3", "601.2f", "702.33a", "702.74a", "118.9")
@pytest.mark.parametrize("card,land,lands,expected", [
    ("Mulldrifter", "Island", 2, True),             # its evoke cost {2}{U} (an alternative cost) above 2 mana
    ("Mulldrifter", "Island", 3, False),            # evoked for {2}{U}
    ("Gatekeeper of Malakir", "Swamp", 1, True),    # {B}{B}; kicker only adds to it (optional, additional)
    ("Gatekeeper of Malakir", "Swamp", 2, False),   # cast without kicker
])
def test_kicker_and_evoke_are_read_by_the_cheap_look_at_the_hand(card: str, land: str, lands: int,
                                                                 expected: bool) -> None:
    """A card with kicker can be cast for its mana cost, one with evoke for the lesser of its mana and evoke costs:
    the cheap look says nothing can be done when neither is affordable, and the listing agrees."""
    g = Game.empty(seed=12)
    for _ in range(lands):
        g.add_card(land, 0, Zone.BATTLEFIELD)
    stock_libraries(g, "Plains")
    g.add_card(card, 0, Zone.HAND)
    g.start_at(5, 0, "main2")
    g.state.players[0].lands_played = 1
    assert _nothing_affordable(g, 0) == expected
    listed = [a for a in g.legal_actions() if not isinstance(a, A.PassPriority)]
    assert bool(listed) != expected


@pytest.mark.rules("307.1", "702.8a", "117.1a")
@pytest.mark.parametrize("hand,expected", [
    (["Serra Angel"], True),              # no flash: not at the end of the opponent's turn
    (["Spectral Sailor"], False),         # flash
    (["Serra Angel", "Shock"], False),    # an instant
])
def test_out_of_sorcery_timing_only_instants_and_flash_count_as_affordable(hand: list[str], expected: bool) -> None:
    """At the end of the opponent's turn, five untapped lands: a card that could be cast only as a sorcery counts as
    nothing to cast; the listing agrees."""
    g = Game.empty(seed=12)
    for land in ("Plains", "Plains", "Plains", "Island", "Mountain"):
        g.add_card(land, 0, Zone.BATTLEFIELD)
    stock_libraries(g, "Plains")
    for name in hand:
        g.add_card(name, 0, Zone.HAND)
    g.start_at(5, 1, "end")
    g.apply(A.PassPriority(1))
    assert g.pending.player == 0
    assert _nothing_affordable(g, 0) == expected
    listed = [a for a in g.legal_actions() if not isinstance(a, A.PassPriority)]
    assert bool(listed) != expected


@pytest.mark.rules("602.5d", "606.3", "302.6", "118.3")
@pytest.mark.parametrize("permanent,step,status,lands,expected", [
    ("Spectral Sailor", "main2", {}, 3, True),                 # {3}{U}: four mana, three Islands
    ("Spectral Sailor", "main2", {}, 4, False),
    ("Mother of Runes", "end", {"tapped": True}, 0, True),     # {T} of a tapped creature
    ("Mother of Runes", "end", {"sick": True}, 0, True),       # {T} of a creature with summoning sickness
    ("Mother of Runes", "end", {}, 0, False),
    ("Liliana of the Veil", "end", {}, 0, True),               # a loyalty ability outside sorcery timing
    ("Liliana of the Veil", "main2", {"used": True}, 0, True),  # a second loyalty ability this turn
    ("Liliana of the Veil", "main2", {}, 0, False),
])
def test_an_ability_that_cant_be_activated_now_lists_nothing(permanent: str, step: str, status: dict, lands: int,
                                                             expected: bool) -> None:
    """A permanent's non-mana ability that the engine's own rules forbid now leaves nothing to list; one it
    allows is offered by the listing."""
    g = Game.empty(seed=12)
    oid = g.add_card(permanent, 0, Zone.BATTLEFIELD, tapped=status.get("tapped", False), sick=status.get("sick", False),
                     counters={"loyalty": 3} if permanent.startswith("Liliana") else None)
    for _ in range(lands):
        g.add_card("Island", 0, Zone.BATTLEFIELD)
    stock_libraries(g, "Island")
    g.start_at(5, 0, step)
    g.state.players[0].lands_played = 1
    if status.get("used"):
        g.state.turn_log.setdefault("loyalty", []).append(g.state.objects[oid].card_id)
    assert g.pending is not None and g.pending.player == 0
    assert _nothing_affordable(g, 0) == expected
    listed = [a for a in g.legal_actions() if not isinstance(a, A.PassPriority)]
    assert bool(listed) != expected


@pytest.mark.rules("702.34a")
def test_a_card_given_flashback_this_turn_is_something_to_do() -> None:
    """Snapcaster Mage's flashback, given for the turn, makes a card in the graveyard castable: the cheap
    look must not pass over it."""
    g = Game.empty(seed=12)
    g.add_card("Mountain", 0, Zone.BATTLEFIELD)
    bolt = g.add_card("Lightning Bolt", 0, Zone.GRAVEYARD)
    g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    stock_libraries(g, "Mountain")
    g.start_at(5, 0, "main2")
    g.state.players[0].lands_played = 1
    assert _nothing_affordable(g, 0)
    g.state.writable(bolt).chosen["flashback_turn"] = g.state.turn
    assert not _nothing_affordable(g, 0)
    assert any(isinstance(a, A.CastSpell) and a.card == bolt for a in g.legal_actions())


@pytest.mark.rules("606.4", "121.1", "701.9a", "701.26b")
@pytest.mark.parametrize("walker,index,target", [("Liliana of the Veil", 0, None), ("Jace Beleren", 0, None),
                                                 ("Jace Beleren", 1, "P0"), ("Jace Beleren", 1, "P1"),
                                                 ("Garruk Wildspeaker", 0, "lands")])
def test_a_loyalty_ability_of_cards_drawn_or_discarded_is_valued_as_simulated(walker: str, index: int, target) -> None:
    """Liliana's +1 (each player discards a card), Jace's +2 (each player draws a card) and -1 (target player
    draws a card), Garruk's +1 (untap two target lands: nothing the evaluation reads): the loyalty paid and the
    hands changed, as the simulation values them."""
    g, _, _ = _main_phase([walker], [], ["Plains", "Grizzly Bears"], land="Island")
    g.add_card("Plains", 1, Zone.HAND)
    source = next(x for x in g.state.battlefield if g.characteristics(x).name == walker)
    if target == "lands":
        lands = [x for x in g.state.battlefield if g.characteristics(x).is_land][:2]
        for x in lands:
            g.state.writable(x).tapped = True
        target = tuple(lands)
    act = A.ActivateAbility(0, source, index, targets=None if target is None else
                            (target,) if isinstance(target, tuple) else ((target,),))
    gain = _spell_gain(g, act)
    assert gain is not None
    assert gain == pytest.approx(_simulated_gain(g, act))


@pytest.mark.rules("508.1c", "508.1d", "509.1a", "509.1b", "509.1c", "702.111b")
@pytest.mark.parametrize("mine,theirs", [
    (["Grizzly Bears", "Hill Giant"], ["Grizzly Bears", "Typhoid Rats"]),
    (["Goblin War Drums", "Grizzly Bears", "Hill Giant"], ["Grizzly Bears", "Typhoid Rats"]),
    (["Juggernaut", "Grizzly Bears"], ["Grizzly Bears", "Wall of Stone"]), (["Grizzly Bears", "Hill Giant"], ["Wall of Stone"])])
def test_a_declaration_is_checked_as_the_engine_takes_it(mine: list[str], theirs: list[str]) -> None:
    """Every attack (Juggernaut attacks each combat if able, 508.1d) and every block (menace's two blockers given
    by Goblin War Drums, Juggernaut not blockable by Walls, a creature blocking one attacker twice) is judged legal
    exactly when the engine takes it on a copy, without the copy."""
    from itertools import combinations

    from engine.ai.heuristic import _attack_works
    from engine.ai.simulate import works
    from engine.rules.combat import block_error
    g, _ = _attack(mine, theirs)
    attackers = list(g.pending.options)
    judged = []
    for n in range(len(attackers) + 1):
        for c in combinations(attackers, n):
            act = A.DeclareAttackers(0, {a: "P1" for a in c})
            judged.append(_attack_works(g, act))
            assert judged[-1] == works(g, act)
    assert all(judged) == ("Juggernaut" not in mine)
    g = _blocking(mine, theirs)
    blockers = [b for b in g.state.battlefield if g.state.objects[b].controller == 1
                and g.characteristics(b).is_creature]
    plans = [{}] + [{b: (a,)} for b in blockers for a in attackers] \
        + [{b: (a,) for b in blockers} for a in attackers] + [{blockers[0]: (attackers[0], attackers[0])}]
    for plan in plans:
        act = A.DeclareBlockers(1, plan)
        assert (block_error(g, act) is None) == works(g, act)
    assert any(block_error(g, A.DeclareBlockers(1, p)) is not None for p in plans)
