"""Mana with a restriction on what it may be spent on (106.6): "Spend this mana only to cast <spells> [or
activate abilities of <permanents>]". The pool keeps it apart; casting and activating spend it only where the
restriction allows; the legal actions offer what the payment accepts. Played with real cards."""
from __future__ import annotations

import pytest

from engine.core.effect_types import AddMana, SpendOnly
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PlayLand
from engine.core.abilities import Filter
from tests.engine.driving import advance, resolve_stack, settle, table
from engine.oracle import compile_card
from tests.oracle.conftest import record

VODALIAN_ARCANIST = record("Vodalian Arcanist", "{1}{U}", "Creature — Human Wizard",
                           "{T}: Add {C}. Spend this mana only to cast an instant or sorcery spell.", "1/3")
GEOSURGE = record("Geosurge", "{R}{R}{R}{R}", "Sorcery",
                  "Add {R}{R}{R}{R}{R}{R}{R}. Spend this mana only to cast artifact or creature spells.")
ELFHAME_DRUID = record("Elfhame Druid", "{1}{G}", "Creature — Elf Druid",
                       "{T}: Add {G}.\n{T}: Add {G}{G}. Spend this mana only to cast kicked spells.", "0/1")
SCORCHING_LAVA = record("Scorching Lava", "{1}{R}", "Instant",
                        "Kicker {R} (You may pay an additional {R} as you cast this spell.)\nScorching Lava deals 2 "
                        "damage to any target. If this spell was kicked, that creature can't be regenerated this turn "
                        "and if it would die this turn, exile it instead.")
SOLDEVI_MACHINIST = record("Soldevi Machinist", "{1}{U}", "Artifact Creature — Wizard",
                           "{T}: Add {C}{C}. Spend this mana only to activate abilities of artifacts.", "1/1")


def _casts(g, oid):
    return [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == oid]


@pytest.mark.rules("106.6")
@pytest.mark.parametrize("text,spells,abilities", [
    ("Spend this mana only to cast an instant or sorcery spell.", Filter(types=frozenset({"Instant", "Sorcery"})), None),
    ("Spend this mana only to cast Dragon spells or activate abilities of Dragons.",
     Filter(subtypes=frozenset({"Dragon"})), Filter(subtypes=frozenset({"Dragon"}))),
    ("Spend this mana only to activate abilities of artifacts.", None, Filter(types=frozenset({"Artifact"}))),
    ("Spend this mana only to activate an ability or cast an artifact spell.", Filter(types=frozenset({"Artifact"})),
     Filter()),
])
def test_restriction_wordings(card, text, spells, abilities):
    d = card("Mana Test", "{2}", "Artifact", "{T}: Add {C}. " + text)
    assert d.supported, d.unsupported
    (e,) = d.activated[0].mode.effects
    assert isinstance(e, AddMana) and e.spend_only == SpendOnly(text.lower().rstrip("."), spells, abilities)


@pytest.mark.rules("106.6", "702.33d", "601.2h")
@pytest.mark.parametrize("text,kicked,graveyard", [
    ("Spend this mana only to cast kicked spells.", True, ""),
    ("Spend this mana only to cast spells from your graveyard.", False, "yours"),
    ("Spend this mana only to cast instant spells from a graveyard.", False, "any"),
])
def test_how_the_spell_is_cast(card, text, kicked, graveyard):
    (e,) = card("Mana Test", "{2}", "Artifact", "{T}: Add {C}. " + text).activated[0].mode.effects
    assert (e.spend_only.kicked, e.spend_only.from_graveyard) == (kicked, graveyard)


@pytest.mark.rules("106.6")
@pytest.mark.parametrize("text", [
    "Spend this mana only to cast spells with flashback from a graveyard.",     # a granted flashback isn't seen there
])
def test_unread_restrictions(card, text):
    assert card("Mana Test", "{2}", "Artifact", "{T}: Add {C}. " + text).unsupported


@pytest.mark.rules("106.6", "605.3b")
def test_vodalian_arcanists_mana_casts_an_instant_and_nothing_else(extra_cards):
    extra_cards(VODALIAN_ARCANIST)
    g, ids = table(["Vodalian Arcanist", "Forest"], [], ["Incinerate", "Grizzly Bears"])
    arcanist, forest = ids["Vodalian Arcanist"], ids["Forest"]
    g.state.objects[arcanist].sick = False
    g.apply(ActivateAbility(0, arcanist, 0))
    p = g.state.players[0]
    assert sum(p.mana_pool.values()) == 0 and [m[0] for m in p.restricted_mana] == ["C"]
    # Grizzly Bears: the Forest and the restricted {C} would pay, but the {C} may not be spent on it.
    assert _casts(g, ids["Grizzly Bears"]) == []
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Grizzly Bears"]))
    assert not g.state.objects[forest].tapped and p.restricted_mana
    # Incinerate ({1}{R}): a Mountain and the {C}; offered, and paid that way.
    g.add_card("Mountain", 0, Zone.BATTLEFIELD)
    offered = _casts(g, ids["Incinerate"])
    assert offered
    g.apply(offered[0])
    assert g.state.players[0].restricted_mana == [] and not g.state.objects[forest].tapped
    resolve_stack(g)


@pytest.mark.rules("106.6", "500.4")
def test_geosurges_mana_casts_a_creature_not_a_sorcery_and_empties_with_the_step(extra_cards):
    extra_cards(GEOSURGE)
    g, ids = table(["Mountain"] * 4, [], ["Geosurge", "Hill Giant", "Lava Axe"])
    g.apply(CastSpell(0, ids["Geosurge"]))
    resolve_stack(g)
    p = g.state.players[0]
    assert [m[0] for m in p.restricted_mana] == ["R"] * 7
    assert _casts(g, ids["Lava Axe"]) == []          # a sorcery: the mana may not pay for it
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Lava Axe"], targets=("P1",)))
    g.apply(CastSpell(0, ids["Hill Giant"]))
    assert [m[0] for m in g.state.players[0].restricted_mana] == ["R"] * 3
    resolve_stack(g)
    advance(g, Step.BEGINNING_OF_COMBAT)
    assert g.state.players[0].restricted_mana == []       # lost as the step ends (500.4)


OPEN_THE_OMENPATHS = record("Open the Omenpaths", "{2}{R}", "Instant",
                            "Choose one —\n• Add two mana of any one color and two mana of any other color. Spend this "
                            "mana only to cast creature or enchantment spells.\n• Creatures you control get +1/+0 until "
                            "end of turn.")


@pytest.mark.rules("106.1a", "106.6", "700.2")
def test_two_mana_of_one_color_and_two_of_another(extra_cards):
    """Two of the first color chosen, two of another (the second choice doesn't offer the first color); spent only on
    creature or enchantment spells."""
    extra_cards(OPEN_THE_OMENPATHS, fully_read=True)
    g, ids = table(["Mountain"] * 3, [], ["Open the Omenpaths", "Hill Giant", "Lava Axe"])
    g.apply(CastSpell(0, ids["Open the Omenpaths"], modes=(0,)))
    offered = []

    def answer(d):
        offered.append(sorted(d.options))
        return ("G",) if "G" in d.options else ("R",)
    settle(g, answer)
    assert offered == [["B", "G", "R", "U", "W"], ["B", "R", "U", "W"]]
    assert sorted(m[0] for m in g.state.players[0].restricted_mana) == ["G", "G", "R", "R"]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Lava Axe"], targets=("P1",)))
    g.apply(CastSpell(0, ids["Hill Giant"]))
    assert len(g.state.players[0].restricted_mana) == 0


@pytest.mark.rules("106.6", "602.2b")
def test_soldevi_machinists_mana_pays_for_an_artifacts_ability(extra_cards):
    extra_cards(SOLDEVI_MACHINIST)
    g, ids = table(["Soldevi Machinist", "Mind Stone"], [], ["Incinerate"])
    machinist, stone = ids["Soldevi Machinist"], ids["Mind Stone"]
    g.state.objects[machinist].sick = False
    g.apply(ActivateAbility(0, machinist, 0))
    assert [m[0] for m in g.state.players[0].restricted_mana] == ["C", "C"]
    assert _casts(g, ids["Incinerate"]) == []
    hand = len(g.state.players[0].hand)
    offered = [a for a in g.legal_actions() if isinstance(a, ActivateAbility) and a.source == stone]
    assert offered
    g.apply(ActivateAbility(0, stone, 1))       # {1}, {T}, sacrifice: draw a card
    resolve_stack(g)
    assert len(g.state.players[0].hand) == hand + 1
    assert [m[0] for m in g.state.players[0].restricted_mana] == ["C"]


@pytest.mark.rules("106.6", "500.4")
def test_restricted_mana_kept_past_the_step_is_not_read(card):
    """The pool keeps restricted mana only until the step ends: "you don't lose this mana" with it is unread."""
    assert card("Mana Test", "{2}", "Artifact", "{T}: Add {C}. Spend this mana only to cast spells. Until end of turn, "
                "you don't lose this mana as steps and phases end.").unsupported


@pytest.mark.rules("106.6", "702.33d", "601.2b", "601.2h")
@pytest.mark.parametrize("kicked", [False, True])
def test_elfhame_druids_mana_casts_only_a_kicked_spell(extra_cards, kicked):
    extra_cards(ELFHAME_DRUID, SCORCHING_LAVA)
    assert not compile_card(ELFHAME_DRUID).unsupported and not compile_card(SCORCHING_LAVA).unsupported
    g, ids = table(["Elfhame Druid", "Mountain", "Mountain"], ["Drudge Skeletons"], ["Scorching Lava"])
    druid, skeletons = ids["Elfhame Druid"], ids["B:Drudge Skeletons"]
    g.state.objects[druid].sick = False
    g.apply(ActivateAbility(0, druid, 1))
    assert [m[0] for m in g.state.players[0].restricted_mana] == ["G", "G"]
    g.state.objects[ids["Mountain"]].tapped = True        # one Mountain left: {R} and the restricted {G}{G}
    if not kicked:
        with pytest.raises(IllegalAction):              # {1}{R}: the {G} may not pay its {1}
            g.apply(CastSpell(0, ids["Scorching Lava"], targets=((skeletons,),)))
        return
    with pytest.raises(IllegalAction):                  # {1}{R}{R}: one {R} short, whatever the {G} may pay
        g.apply(CastSpell(0, ids["Scorching Lava"], targets=((skeletons,),), kicked=True))
    g.state.objects[ids["Mountain"]].tapped = False
    g.apply(CastSpell(0, ids["Scorching Lava"], targets=((skeletons,),), kicked=True))
    assert [m[0] for m in g.state.players[0].restricted_mana] == ["G"]     # its {1} paid with a kicked-only {G}
    resolve_stack(g)
    assert skeletons not in g.state.battlefield


UPWELLING = record("Upwelling", "{3}{G}", "Enchantment", "Players don't lose unspent mana as steps and phases end.")


@pytest.mark.rules("500.4", "106.4")
@pytest.mark.parametrize("upwelling", [False, True])
def test_players_dont_lose_unspent_mana(extra_cards, upwelling):
    extra_cards(UPWELLING, VODALIAN_ARCANIST, fully_read=True)
    g, ids = table(["Forest", "Vodalian Arcanist"] + ["Upwelling"] * upwelling, ["Mountain"])
    g.apply(ActivateAbility(0, ids["Forest"], 0))
    g.apply(ActivateAbility(0, ids["Vodalian Arcanist"], 0))
    advance(g, Step.UPKEEP, turn=4)
    pool = g.state.players[0]
    assert pool.mana_pool["G"] == (1 if upwelling else 0), "through the cleanup too"
    assert [m[0] for m in pool.restricted_mana] == (["C"] if upwelling else []), "the {C} keeps its restriction"


UNCLAIMED_TERRITORY = record("Unclaimed Territory", None, "Land",
                             "As Unclaimed Territory enters the battlefield, choose a creature type.\n{T}: Add {C}.\n"
                             "{T}: Add one mana of any color. Spend this mana only to cast a creature spell of the "
                             "chosen type.")


@pytest.mark.rules("106.6", "614.12")
def test_unclaimed_territorys_mana_casts_a_creature_spell_of_the_type_chosen_for_it(extra_cards):
    extra_cards(UNCLAIMED_TERRITORY, fully_read=True)
    g, ids = table([], [], ["Unclaimed Territory", "Llanowar Elves", "Grizzly Bears"])
    territory = ids["Unclaimed Territory"]
    g.apply(PlayLand(0, territory))
    g.apply(Choose(0, ("Elf",)))
    (territory,) = [o for o in g.state.battlefield if g.state.objects[o].name == "Unclaimed Territory"]
    g.apply(ActivateAbility(0, territory, 1))
    if g.pending.kind is DecisionKind.CHOOSE:
        g.apply(Choose(0, ("green",)))
    assert [m[0] for m in g.state.players[0].restricted_mana] == ["G"]
    assert _casts(g, ids["Grizzly Bears"]) == []          # a Bear: the mana may not pay for it
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Grizzly Bears"]))
    g.apply(CastSpell(0, ids["Llanowar Elves"]))          # an Elf: it may
    assert g.state.players[0].restricted_mana == []
    resolve_stack(g)
    assert any(g.characteristics(o).name == "Llanowar Elves" for o in g.state.battlefield)


@pytest.mark.rules("106.6")
def test_the_chosen_type_or_a_legendary_creature_spell(card):
    d = card("Mana Test", "{2}", "Artifact", "{T}: Add {G}. Spend this mana only to cast a creature spell of the "
             "chosen type or a legendary creature spell.")
    (e,) = d.activated[0].mode.effects
    kinds = e.spend_only.spells.any_of
    assert [f.chosen for f in kinds] == ["creature_type", ""] and kinds[1].supertypes == {"Legendary"}
