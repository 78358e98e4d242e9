"""Mana spent as though it were mana of any color or type (609.4b) for some spells only: a static ability's
"You may spend mana as though it were mana of any type to cast creature spells", and the permission to cast an
exiled card "..., and you may spend mana as though it were mana of any color to cast that spell" (Hurl Through Hell,
Stolen Strategy, Gonti's card exiled face down, which its controller may look at too, 406.3). The cost stays the
spell's own: only how it may be paid changes. Played with real cards."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, Choose, TurnFaceUp
from engine.rules.conspiracies import put_conspiracies
from tests.engine.driving import advance, cast_and_resolve, pass_while_priority, resolve_stack, settle, table
from tests.oracle.conftest import record

OATH_OF_NISSA = record("Oath of Nissa", "{G}", "Legendary Enchantment",
                       "When Oath of Nissa enters the battlefield, look at the top three cards of your library. You may "
                       "reveal a creature, land, or planeswalker card from among them and put it into your hand. Put the "
                       "rest on the bottom of your library in any order.\nYou may spend mana as though it were mana of "
                       "any color to cast planeswalker spells.")
VIZIER = record("Vizier of the Menagerie", "{3}{G}", "Creature — Naga Cleric",
                "You may look at the top card of your library any time.\nYou may cast creature spells from the top of "
                "your library.\nYou may spend mana as though it were mana of any type to cast creature spells.", "3/4")
WALKER = record("Walker of the Wastes", "{4}{C}", "Creature — Eldrazi",
                "({C} represents colorless mana.)\nTrample\nWalker of the Wastes gets +1/+1 for each land you control "
                "named Wastes.", "4/4")
SPATIAL_CONTORTION = record("Spatial Contortion", "{1}{C}", "Instant",
                            "({C} represents colorless mana.)\nTarget creature gets +3/-3 until end of turn.")
HURL = record("Hurl Through Hell", "{2}{B}{R}", "Instant",
              "Exile target creature. Until the end of your next turn, you may cast that card and you may spend mana "
              "as though it were mana of any color to cast that spell.")
STOLEN_STRATEGY = record("Stolen Strategy", "{4}{R}", "Enchantment",
                         "At the beginning of your upkeep, exile the top card of each opponent's library. Until end of "
                         "turn, you may cast spells from among those exiled cards, and you may spend mana as though it "
                         "were mana of any color to cast those spells.")
GONTI = record("Gonti, Lord of Luxury", "{2}{B}{B}", "Legendary Creature — Aetherborn Rogue",
               "Deathtouch\nWhen Gonti, Lord of Luxury enters the battlefield, look at the top four cards of target "
               "opponent's library, exile one of them face down, then put the rest on the bottom of that library in a "
               "random order. You may look at and cast that card for as long as it remains exiled, and you may spend "
               "mana as though it were mana of any type to cast that spell.", "2/3")


def _casts(g, oid):
    return [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == oid]


@pytest.mark.rules("609.4b")
def test_oath_of_nissa_lets_mountains_pay_a_planeswalkers_white_symbols(extra_cards):
    extra_cards(OATH_OF_NISSA, fully_read=True)
    extra_cards("Basri Ket")
    g, ids = table(["Oath of Nissa", "Mountain", "Mountain", "Mountain"], [], ["Basri Ket", "Serra Angel"])
    assert _casts(g, ids["Basri Ket"]) and not _casts(g, ids["Serra Angel"])
    g.apply(CastSpell(0, ids["Basri Ket"]))          # {1}{W}{W} from three Mountains
    resolve_stack(g)
    assert any(g.characteristics(o).name == "Basri Ket" for o in g.state.battlefield)


@pytest.mark.rules("609.4b")
def test_without_oath_of_nissa_the_white_symbols_need_white_mana(extra_cards):
    extra_cards("Basri Ket")
    g, ids = table(["Mountain", "Mountain", "Mountain"], [], ["Basri Ket"])
    assert not _casts(g, ids["Basri Ket"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Basri Ket"]))


@pytest.mark.rules("609.4b", "107.4c")
def test_vizier_of_the_menagerie_lets_forests_pay_a_creatures_colorless_symbol_only(extra_cards):
    extra_cards(VIZIER, WALKER, SPATIAL_CONTORTION, fully_read=True)
    g, ids = table(["Vizier of the Menagerie"] + ["Forest"] * 5, [], ["Walker of the Wastes", "Spatial Contortion"])
    # mana of any type: a Forest's {G} pays the creature's {C}; not the instant's
    assert _casts(g, ids["Walker of the Wastes"]) and not _casts(g, ids["Spatial Contortion"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Spatial Contortion"], targets=((ids["Vizier of the Menagerie"],),)))
    g.apply(CastSpell(0, ids["Walker of the Wastes"]))
    resolve_stack(g)
    assert any(g.characteristics(o).name == "Walker of the Wastes" for o in g.state.battlefield)


@pytest.mark.rules("609.4b", "400.7j")
def test_hurl_through_hell_exiles_a_creature_its_caster_casts_with_mana_of_any_color(extra_cards):
    extra_cards(HURL, fully_read=True)
    g, ids = table(["Swamp", "Mountain", "Swamp", "Mountain"], ["Serra Angel"], ["Hurl Through Hell"])
    angel = ids["B:Serra Angel"]
    cast_and_resolve(g, ids["Hurl Through Hell"], targets=((angel,),))
    (exiled,) = [o for o in g.state.exile if g.state.objects[o].name == "Serra Angel"]
    # next turn of its caster: {3}{W}{W} from Swamps and Mountains
    advance(g, Step.MAIN1, turn=5)
    for name in ("Swamp", "Swamp", "Swamp", "Mountain", "Mountain"):
        g.add_card(name, 0, Zone.BATTLEFIELD)
    assert _casts(g, exiled)
    g.apply(CastSpell(0, exiled))
    resolve_stack(g)
    angels = [o for o in g.state.battlefield if g.characteristics(o).name == "Serra Angel"]
    assert len(angels) == 1 and g.state.objects[angels[0]].controller == 0


@pytest.mark.rules("609.4b")
def test_the_permission_to_cast_it_doesnt_let_mana_of_any_color_pay_other_spells(extra_cards):
    extra_cards(HURL, fully_read=True)
    g, ids = table(["Swamp", "Mountain", "Swamp", "Mountain", "Mountain"], ["Grizzly Bears"],
                   ["Hurl Through Hell", "Opt"])
    cast_and_resolve(g, ids["Hurl Through Hell"], targets=((ids["B:Grizzly Bears"],),))
    (exiled,) = [o for o in g.state.exile if g.state.objects[o].name == "Grizzly Bears"]
    assert not _casts(g, ids["Opt"])            # {U} from the Mountain left: no
    assert not _casts(g, exiled)                # {1}{G}: one Mountain left, too little mana


@pytest.mark.rules("609.4b", "601.2a")
def test_stolen_strategy_casts_an_opponents_exiled_card_with_mana_of_any_color(extra_cards):
    extra_cards(STOLEN_STRATEGY, fully_read=True)
    g, ids = table(["Stolen Strategy", "Mountain", "Mountain"], [], [], active=1, step=Step.END)
    g.add_card("Grizzly Bears", 1, Zone.LIBRARY)
    advance(g, Step.UPKEEP, turn=4)
    resolve_stack(g)
    (exiled,) = [o for o in g.state.exile if g.state.objects[o].name == "Grizzly Bears"]
    advance(g, Step.MAIN1)
    g.apply(CastSpell(0, exiled))                   # {1}{G} from two Mountains
    resolve_stack(g)
    bears = [o for o in g.state.battlefield if g.characteristics(o).name == "Grizzly Bears"]
    assert len(bears) == 1 and g.state.objects[bears[0]].controller == 0


@pytest.mark.rules("609.4b", "406.3")
def test_gonti_exiles_a_card_face_down_its_controller_looks_at_and_casts_with_mana_of_any_type(extra_cards):
    extra_cards(GONTI, WALKER, fully_read=True)
    g, ids = table(["Swamp"] * 4 + ["Plains"] * 5, [], ["Gonti, Lord of Luxury"])
    g.add_card("Walker of the Wastes", 1, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Gonti, Lord of Luxury"]))
    pass_while_priority(g)      # Gonti resolves; its trigger, targeting the one opponent, resolves
    d = g.pending
    walker = next(o for o in d.options if g.state.objects[o].name == "Walker of the Wastes")
    g.apply(Choose(0, (walker,)))
    settle(g)
    (exiled,) = [o for o in g.state.exile if g.state.objects[o].name == "Walker of the Wastes"]
    assert g.state.objects[exiled].face_down
    shown = [c["id"] for c in g.snapshot(0)["players"][1]["exile"]]
    assert exiled in shown                          # its controller may look at it
    g.apply(CastSpell(0, exiled))                   # {4}{C} from five Plains: mana of any type
    resolve_stack(g)
    walkers = [o for o in g.state.battlefield if g.characteristics(o).name == "Walker of the Wastes"]
    assert len(walkers) == 1 and g.state.objects[walkers[0]].controller == 0


@pytest.mark.rules("609.4b")
@pytest.mark.parametrize("text, play, any_mana", [
    ("Exile the top card of each player's library. You may play those cards this turn, and you may spend mana as "
     "though it were mana of any color to cast those spells.", "turn", "color"),       # Mezzio Mugger
    ("Exile the top card of target player's library. Until end of turn, you may cast that card and you may spend "
     "mana as though it were mana of any color to cast that spell.", "turn", "color"),   # Grenzo, Havoc Raiser
    ("Exile the top card of target player's library. You may cast that card for as long as it remains exiled, and "
     "you may spend mana as though it were mana of any type to cast that spell.", "exiled", "type"),
])
def test_the_permission_with_mana_of_any_color_or_type(card, text, play, any_mana):
    d = card("Probe", "{1}{R}", "Sorcery", text)
    assert not d.unsupported, d.unsupported
    e = d.spell.modes[0].effects[-1]
    assert (e.play, e.any_mana) == (play, any_mana)


UNEXPECTED_POTENTIAL = record("Unexpected Potential", None, "Conspiracy",
                              "Hidden agenda (Start the game with this conspiracy face down in the command zone and "
                              "secretly choose a card name. You may turn this conspiracy face up any time and reveal "
                              "that name.)\nYou may spend mana as though it were mana of any color to cast spells with "
                              "the chosen name.")


@pytest.mark.rules("609.4b", "702.106d", "315.5")
def test_unexpected_potential_face_up_lets_any_mana_cast_spells_with_the_chosen_name(extra_cards):
    extra_cards(UNEXPECTED_POTENTIAL, fully_read=True)
    g, ids = table(["Mountain", "Mountain"], [], ["Grizzly Bears", "Opt"])
    put_conspiracies(g, 0, [("Unexpected Potential", ["Grizzly Bears"])])
    assert not _casts(g, ids["Grizzly Bears"])          # face down: no ability (315.5b)
    g.apply(TurnFaceUp(0, g.state.command[0]))
    assert _casts(g, ids["Grizzly Bears"]) and not _casts(g, ids["Opt"])
    cast_and_resolve(g, ids["Grizzly Bears"])           # {1}{G} from two Mountains
    assert any(g.characteristics(o).name == "Grizzly Bears" for o in g.state.battlefield)
