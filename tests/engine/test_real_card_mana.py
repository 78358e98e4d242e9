"""Real cards that crashed random games (issue 14, defect 8): mana abilities adding several mana of
one chosen color (Gilded Lotus, Lotus Field), and a cost with {X} paid while a spell resolves
(Clash of Wills: "unless its controller pays {X}")."""
from __future__ import annotations

import pytest

from engine.core.player_actions import CastSpell, Choose, PassPriority
from engine.effects.payment import _expand_any
from engine.core.enums import DecisionKind, Step, Zone
from tests.engine.driving import both_pass, resolve_stack, table

GILDED_LOTUS = {"name": "Gilded Lotus", "manaCost": "{5}", "type": "Artifact", "types": ["Artifact"],
                "supertypes": [], "subtypes": [], "colors": [], "text": "{T}: Add three mana of any one color."}
LOTUS_FIELD = {"name": "Lotus Field", "manaCost": "", "type": "Land", "types": ["Land"], "supertypes": [],
               "subtypes": [], "colors": [],
               "text": "Hexproof\nLotus Field enters the battlefield tapped.\nWhen Lotus Field enters the "
                       "battlefield, sacrifice two untapped lands.\n{T}: Add three mana of any one color."}
CLASH_OF_WILLS = {"name": "Clash of Wills", "manaCost": "{X}{U}", "type": "Instant", "types": ["Instant"],
                  "supertypes": [], "subtypes": [], "colors": ["U"],
                  "text": "Counter target spell unless its controller pays {X}."}


@pytest.mark.rules("106.1a")
def test_several_mana_of_one_color_expand_to_one_color_each():
    assert _expand_any("AAA") == ("WWW", "UUU", "BBB", "RRR", "GGG")
    assert _expand_any("A") == ("W", "U", "B", "R", "G")
    assert _expand_any("CC") == ("CC",)


@pytest.mark.rules("605.1a", "106.4")
@pytest.mark.parametrize("source", [GILDED_LOTUS, LOTUS_FIELD])
def test_three_mana_of_one_color_pays_a_colored_spell(extra_cards, source) -> None:
    extra_cards(source)
    # Serra Angel costs {3}{W}{W}: the source's three white and two Plains.
    g, ids = table(a=[source["name"], "Plains", "Plains"], hand_a=["Serra Angel"])
    g.state.objects[ids[source["name"]]].tapped = False
    actions = g.legal_actions()
    cast = [a for a in actions if isinstance(a, CastSpell) and a.card == ids["Serra Angel"]]
    assert cast, "Serra Angel can be cast with three white from the source and two Plains"
    g.apply(cast[0])
    assert all(g.state.objects[o].tapped for o in g.state.battlefield), "every mana source was tapped"
    assert all(v == 0 for v in g.state.players[0].mana_pool.values())
    resolve_stack(g)
    assert any(g.characteristics(o).name == "Serra Angel" for o in g.state.battlefield)


@pytest.mark.rules("107.3", "107.3a", "608.2b")
@pytest.mark.parametrize("pays", [True, False])
def test_unless_its_controller_pays_x_uses_the_x_chosen(extra_cards, pays) -> None:
    extra_cards(CLASH_OF_WILLS)
    # B casts Grizzly Bears; A answers with Clash of Wills for X=2; B has two Forests left to pay.
    g, ids = table(a=["Island", "Island", "Island"], b=["Forest", "Forest", "Forest", "Forest"],
                   hand_a=["Clash of Wills"], active=1)
    bears = g.add_card("Grizzly Bears", 1, Zone.HAND)
    g.apply(next(a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == bears))
    g.apply(PassPriority(1))
    clash = [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == ids["Clash of Wills"]]
    assert clash
    g.apply(CastSpell(0, ids["Clash of Wills"], targets=clash[0].targets or ((g.state.stack[-1],),), x=2))
    while g.pending.kind is DecisionKind.PRIORITY and len(g.state.stack) == 2:
        g.apply(PassPriority(g.pending.player))
    d = g.pending
    assert d.player == 1 and d.kind is not DecisionKind.PRIORITY, d.prompt
    assert "{2}" in d.prompt
    g.apply(Choose(1, [d.options[0] if pays else d.options[1]]))
    resolve_stack(g)
    on_field = [g.characteristics(o).name for o in g.state.battlefield]
    assert ("Grizzly Bears" in on_field) is pays
    untapped_forests = [o for o in g.state.battlefield
                        if g.characteristics(o).name == "Forest" and not g.state.objects[o].tapped]
    assert len(untapped_forests) == (0 if pays else 2)


FERTILE_GROUND = {"name": "Fertile Ground", "manaCost": "{1}{G}", "type": "Enchantment — Aura",
                  "types": ["Enchantment"], "supertypes": [], "subtypes": ["Aura"], "colors": ["G"],
                  "text": "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an "
                          "additional one mana of any color."}
VERDELOTH = {"name": "Verdeloth the Ancient", "manaCost": "{4}{G}{G}", "type": "Legendary Creature — Treefolk",
             "types": ["Creature"], "supertypes": ["Legendary"], "subtypes": ["Treefolk"], "colors": ["G"],
             "power": "4", "toughness": "7",
             "text": "Kicker {X} (You may pay an additional {X} as you cast this spell.)\nSaproling creatures and "
                     "other Treefolk creatures get +1/+1.\nWhen Verdeloth the Ancient enters the battlefield, if "
                     "it was kicked, create X 1/1 green Saproling creature tokens."}


@pytest.mark.rules("605.1b", "605.4a", "605.3b", "106.1a")
@pytest.mark.parametrize("how", ["payment", "activation"])
@pytest.mark.parametrize("color", ["blue", "red"])
def test_a_triggered_mana_ability_of_any_color_asks_its_controller(extra_cards, how, color) -> None:
    # Found by the fuzzer: its color choice was asked in the middle of a payment and escaped as an error;
    # then it took the first color. The controller chooses (106.1a), before the payment changes anything.
    from engine.core.player_actions import ActivateAbility, Choose
    from engine.core.enums import DecisionKind
    extra_cards(FERTILE_GROUND)
    from engine import Game
    g = Game.empty()
    for p in (0, 1):
        for _ in range(8):
            g.add_card("Plains", p, Zone.LIBRARY)
    ids = {name: g.add_card(name, 0, zone) for name, zone in
           (("Forest", Zone.BATTLEFIELD), ("Fertile Ground", Zone.BATTLEFIELD), ("Llanowar Elves", Zone.HAND))}
    g.attach(ids["Fertile Ground"], ids["Forest"])
    g.start_at(3, 0, Step.MAIN1)
    if how == "payment":
        g.apply(next(a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == ids["Llanowar Elves"]))
        assert not g.state.stack and not g.state.objects[ids["Forest"]].tapped, "nothing paid before the choice"
    else:
        g.apply(ActivateAbility(0, ids["Forest"], 0))      # tapped for mana by hand (605.3a)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 0 and "Fertile Ground" in d.prompt
    assert d.options == ["white", "blue", "black", "red", "green"]
    g.apply(Choose(0, (color,)))
    letter = {"blue": "U", "red": "R"}[color]
    pool = {k: v for k, v in g.state.players[0].mana_pool.items() if v}
    if how == "payment":
        assert g.state.stack, "Llanowar Elves was cast with the Forest's mana"
        assert pool == {letter: 1}, "the Forest's {G} paid; the chosen color floats"
    else:
        assert pool == {"G": 1, letter: 1}
    assert g.state.objects[ids["Forest"]].tapped


@pytest.mark.rules("605.4a", "106.1a", "118.12")
def test_a_payment_during_a_resolution_asks_the_color_too(extra_cards) -> None:
    """ "Counter it unless its controller pays {1}" paid with a Forest under Fertile Ground: the payer
    answers yes, then chooses the additional mana's color, and only then is anything paid."""
    from engine.core.player_actions import Choose, PassPriority
    extra_cards(FERTILE_GROUND)
    from engine import Game
    g = Game.empty()
    for p in (0, 1):
        for _ in range(8):
            g.add_card("Plains", p, Zone.LIBRARY)
    forest = g.add_card("Forest", 0, Zone.BATTLEFIELD)
    g.attach(g.add_card("Fertile Ground", 0, Zone.BATTLEFIELD), forest)
    plain = [g.add_card("Forest", 0, Zone.BATTLEFIELD) for _ in range(4)]
    bears = g.add_card("Grizzly Bears", 0, Zone.HAND)
    for _ in range(2):
        g.add_card("Island", 1, Zone.BATTLEFIELD)
    mana_leak = g.add_card("Mana Leak", 1, Zone.HAND)
    g.start_at(3, 0, Step.MAIN1)
    g.apply(CastSpell(0, bears, pay=tuple(plain[:2])))
    g.apply(PassPriority(0))
    g.apply(CastSpell(1, mana_leak, targets=(g.state.stack[0],)))
    both_pass(g, first=1)            # Mana Leak resolves: pay {3}?
    assert g.pending.data.get("choice") == "yes_no" and g.pending.player == 0
    g.apply(Choose(0, ("yes",)))
    assert g.pending is not None and g.pending.data.get("choice") == "color", g.pending
    assert "Fertile Ground" in g.pending.prompt
    assert sum(1 for o in g.state.battlefield if g.state.objects[o].tapped) == 4, "nothing paid yet"
    events = g.apply(Choose(0, ("black",)))
    assert [g.characteristics(o).name for o in g.state.stack] == ["Grizzly Bears"], "paid: not countered"
    assert any(e.kind == "mana" and e.data["mana"] == "B" for e in events), "the color chosen was added"


@pytest.mark.rules("601.2b", "702.33d", "107.3", "107.3m")
def test_kicker_x_is_chosen_and_paid(extra_cards) -> None:
    # Found by the fuzzer: a "Kicker {X}" spell made the legal-action list fail (X never chosen).
    extra_cards(VERDELOTH)
    g, ids = table(a=["Forest"] * 8, hand_a=["Verdeloth the Ancient"])
    casts = [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == ids["Verdeloth the Ancient"]]
    assert {(a.kicked, a.x) for a in casts} >= {(False, None), (True, 0), (True, 2)}
    g.apply(next(a for a in casts if a.kicked and a.x == 2))
    assert all(g.state.objects[o].tapped for o in g.state.battlefield), "six for the spell, two for X"
    resolve_stack(g)
    saprolings = [o for o in g.state.battlefield if "Saproling" in g.characteristics(o).subtypes]
    assert len(saprolings) == 2


ADARKAR_WASTES = {"name": "Adarkar Wastes", "manaCost": "", "type": "Land", "types": ["Land"], "supertypes": [],
                  "subtypes": [], "colors": [],
                  "text": "{T}: Add {C}.\n{T}: Add {W} or {U}. Adarkar Wastes deals 1 damage to you."}
ANCIENT_TOMB = {"name": "Ancient Tomb", "manaCost": "", "type": "Land", "types": ["Land"], "supertypes": [],
                "subtypes": [], "colors": [], "text": "{T}: Add {C}{C}. Ancient Tomb deals 2 damage to you."}
MOGG_HOLLOWS = {"name": "Mogg Hollows", "manaCost": "", "type": "Land", "types": ["Land"], "supertypes": [],
                "subtypes": [], "colors": [],
                "text": "{T}: Add {C}.\n{T}: Add {R} or {G}. Mogg Hollows doesn't untap during your next untap step."}


def cast(g, card: int) -> None:
    g.apply(next(a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == card))


@pytest.mark.rules("605.3b", "106.4")
def test_the_automatic_payer_carries_out_the_whole_mana_ability(extra_cards) -> None:
    """Ancient Tomb tapped to pay Mind Stone deals its 2 damage: the ability resolves whole, not only its mana."""
    extra_cards(ANCIENT_TOMB)
    g, ids = table(a=["Ancient Tomb"], hand_a=["Mind Stone"])
    cast(g, ids["Mind Stone"])
    assert g.state.objects[ids["Ancient Tomb"]].tapped
    assert g.state.players[0].life == 18


@pytest.mark.rules("605.3b", "106.4", "602.2")
@pytest.mark.parametrize("lands,spell,tapped,life", [
    (["Adarkar Wastes"], "Savannah Lions", ["Adarkar Wastes"], 19),      # its colored ability: 1 damage
    (["Adarkar Wastes", "Plains"], "Savannah Lions", ["Plains"], 20),    # the Plains pays without pain
    (["Adarkar Wastes", "Plains"], "Mind Stone", ["Adarkar Wastes", "Plains"], 20),     # {C} and {W}: no pain
    (["Adarkar Wastes", "Plains"], "Serra Angel", None, 20),             # five mana: can't be cast
])
def test_a_land_with_two_mana_abilities_pays_with_either(extra_cards, lands, spell, tapped, life) -> None:
    """A pain land's colors come from its second ability, which deals damage: the automatic payer uses them, and only
    where its {C} or another land can't pay instead."""
    extra_cards(ADARKAR_WASTES)
    g, ids = table(a=lands, hand_a=[spell])
    castable = any(isinstance(a, CastSpell) and a.card == ids[spell] for a in g.legal_actions())
    assert castable == (tapped is not None)
    if tapped is None:
        return
    cast(g, ids[spell])
    assert sorted(n for n in lands if g.state.objects[ids[n]].tapped) == sorted(tapped)
    assert g.state.players[0].life == life
    resolve_stack(g)
    assert any(g.characteristics(o).name == spell for o in g.state.battlefield)


@pytest.mark.rules("605.3b", "502.3")
def test_a_mana_ability_that_keeps_its_land_tapped_does_so_when_the_payer_taps_it(extra_cards) -> None:
    extra_cards(MOGG_HOLLOWS)
    g, ids = table(a=["Mogg Hollows"], hand_a=["Llanowar Elves"])
    cast(g, ids["Llanowar Elves"])
    resolve_stack(g)
    hollows = ids["Mogg Hollows"]
    while not (g.state.active == 0 and g.state.step is Step.UPKEEP):
        d = g.pending
        g.apply(PassPriority(d.player) if d.kind is DecisionKind.PRIORITY else g.legal_actions()[0])
    assert g.state.turn == 5 and g.state.objects[hollows].tapped, "it didn't untap in A's next untap step"


STRIKE_IT_RICH = {"name": "Strike It Rich", "manaCost": "{R}", "type": "Sorcery", "types": ["Sorcery"],
                  "subtypes": [], "text": "Create a Treasure token.\nFlashback {2}{R}"}
HORIZON_CANOPY = {"name": "Horizon Canopy", "manaCost": "", "type": "Land", "types": ["Land"], "supertypes": [],
                  "subtypes": [], "colors": [],
                  "text": "{T}, Pay 1 life: Add {G} or {W}.\n{1}, {T}, Sacrifice Horizon Canopy: Draw a card."}


def with_treasure(extra_cards, lands: list[str], hand: list[str]):
    """A's `lands` untapped and a Treasure token made by Strike It Rich (its Mountain tapped for it, then untapped)."""
    extra_cards(STRIKE_IT_RICH)
    g, ids = table(a=["Mountain"] + lands, hand_a=["Strike It Rich"] + hand)
    g.apply(CastSpell(0, ids["Strike It Rich"], pay=(ids["Mountain"],)))
    resolve_stack(g)
    g.state.objects[ids["Mountain"]].tapped = False
    (ids["Treasure"],) = [o for o in g.state.battlefield if g.characteristics(o).name == "Treasure Token"]
    return g, ids


@pytest.mark.rules("605.1a", "602.2b", "111.10a")
def test_the_automatic_payer_sacrifices_a_treasure_when_the_lands_cant_pay(extra_cards) -> None:
    """Grizzly Bears ({1}{G}) with a Mountain and a Treasure: the Treasure's green, sacrificed as its cost."""
    g, ids = with_treasure(extra_cards, [], ["Grizzly Bears"])
    cast(g, ids["Grizzly Bears"])
    assert ids["Treasure"] not in g.state.battlefield and g.state.objects[ids["Mountain"]].tapped
    assert all(v == 0 for v in g.state.players[0].mana_pool.values())
    resolve_stack(g)
    assert any(g.characteristics(o).name == "Grizzly Bears" for o in g.state.battlefield)


@pytest.mark.rules("605.1a", "601.2g")
def test_a_treasure_is_kept_while_the_lands_pay(extra_cards) -> None:
    g, ids = with_treasure(extra_cards, ["Forest"], ["Grizzly Bears"])
    cast(g, ids["Grizzly Bears"])
    assert ids["Treasure"] in g.state.battlefield and not g.state.objects[ids["Treasure"]].tapped


@pytest.mark.rules("601.2g", "111.10a")
def test_a_treasure_named_to_pay_is_sacrificed(extra_cards) -> None:
    """A scenario's `pay` names the permanents to tap or sacrifice for mana: the Treasure pays though the Forest could."""
    g, ids = with_treasure(extra_cards, ["Forest"], ["Grizzly Bears"])
    g.apply(CastSpell(0, ids["Grizzly Bears"], pay=(ids["Treasure"], ids["Forest"])))
    assert ids["Treasure"] not in g.state.battlefield and g.state.objects[ids["Forest"]].tapped
    assert not g.state.objects[ids["Mountain"]].tapped


@pytest.mark.rules("119.4", "602.2b")
@pytest.mark.parametrize("life,castable", [(20, True), (1, True), (0, False)])
def test_a_mana_ability_that_costs_life_pays_it(extra_cards, life, castable) -> None:
    extra_cards(HORIZON_CANOPY)
    g, ids = table(a=["Horizon Canopy"], hand_a=["Savannah Lions"], life_a=life)
    assert any(isinstance(a, CastSpell) and a.card == ids["Savannah Lions"] for a in g.legal_actions()) == castable
    if castable:
        cast(g, ids["Savannah Lions"])
        assert g.state.players[0].life == life - 1 or g.is_over


SACRED_FOUNDRY = {"name": "Sacred Foundry", "manaCost": "", "type": "Land \u2014 Mountain Plains", "types": ["Land"],
                  "supertypes": [], "subtypes": ["Mountain", "Plains"], "colors": [],
                  "text": "({T}: Add {R} or {W}.)\nAs Sacred Foundry enters the battlefield, you may pay 2 life. If you "
                          "don't, it enters the battlefield tapped."}


@pytest.mark.rules("305.6", "605.3b")
@pytest.mark.parametrize("spell", ["Savannah Lions", "Raging Goblin"])
def test_a_land_with_two_basic_land_types_pays_either_color(extra_cards, spell) -> None:
    """Its two intrinsic mana abilities ({T}: Add {R}, {T}: Add {W}) are both the automatic payer's."""
    extra_cards(SACRED_FOUNDRY)
    g, ids = table(a=["Sacred Foundry"], hand_a=[spell])
    cast(g, ids[spell])
    assert g.state.objects[ids["Sacred Foundry"]].tapped and g.state.players[0].life == 20
