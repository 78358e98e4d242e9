"""An amount that a description compares a characteristic with, not the spell's X: "Destroy each nonland permanent
with mana value equal to the number of charge counters on Ratchet Bomb", "Search your library for a card with mana
value less than or equal to the number of lands you control", "Return each creature your opponents control with
toughness X or less to its owner's hand, where X is the number of Islands you control": the amount is read as the
instruction is carried out (608.2h), the counters of a sacrificed source as it last existed. Compiled from real cards
and played."""
from __future__ import annotations

import pytest

from engine.core.abilities import Amount
from engine.core.effect_types import WithX
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, Choose
from engine.oracle import compile_card
from tests.engine.driving import activate_and_resolve, advance, both_pass, resolve_stack, table
from tests.oracle.conftest import record

RATCHET_BOMB = record("Ratchet Bomb", "{2}", "Artifact",
                      "{T}: Put a charge counter on Ratchet Bomb.\n{T}, Sacrifice Ratchet Bomb: Destroy each nonland "
                      "permanent with mana value equal to the number of charge counters on Ratchet Bomb.")
AETHER_VIAL = record("Aether Vial", "{1}", "Artifact",
                     "At the beginning of your upkeep, you may put a charge counter on Aether Vial.\n{T}: You may put a "
                     "creature card with mana value equal to the number of charge counters on Aether Vial from your hand "
                     "onto the battlefield.")
SPECTRAL_DELUGE = record("Spectral Deluge", "{4}{U}{U}", "Sorcery",
                         "Return each creature your opponents control with toughness X or less to its owner's hand, where "
                         "X is the number of Islands you control.\nForetell {1}{U}{U} (During your turn, you may pay {2} "
                         "and exile this card from your hand face down. Cast it on a later turn for its foretell cost.)")
BESEECH_THE_QUEEN = record("Beseech the Queen", "{2/B}{2/B}{2/B}", "Sorcery",
                           "({2/B} can be paid with any two mana or with {B}. This card's mana value is 6.)\nSearch your "
                           "library for a card with mana value less than or equal to the number of lands you control, "
                           "reveal it, put it into your hand, then shuffle.")
WAVE_OF_TERROR = record("Wave of Terror", "{2}{B}", "Enchantment",
                        "Cumulative upkeep {1} (At the beginning of your upkeep, put an age counter on this permanent, "
                        "then sacrifice it unless you pay its upkeep cost for each age counter on it.)\nAt the beginning "
                        "of your draw step, destroy each creature with mana value equal to the number of age counters on "
                        "Wave of Terror. They can't be regenerated.")
CORROSION = record("Corrosion", "{1}{B}{R}", "Enchantment",
                   "Cumulative upkeep {1}\nAt the beginning of your upkeep, put a rust counter on each artifact target "
                   "opponent controls. Then destroy each artifact with mana value less than or equal to the number of "
                   "rust counters on it. Artifacts destroyed this way can't be regenerated.\nWhen Corrosion leaves the "
                   "battlefield, remove all rust counters from all permanents.")
SISAY = record("Sisay, Weatherlight Captain", "{2}{W}", "Legendary Creature — Human Soldier",
               "Sisay, Weatherlight Captain gets +1/+1 for each color among other legendary permanents you control.\n"
               "{W}{U}{B}{R}{G}: Search your library for a legendary permanent card with mana value less than Sisay's "
               "power, put that card onto the battlefield, then shuffle.", "2/2")


def _names(g, ids) -> list[str]:
    return sorted(g.state.objects[o].name for o in ids)


@pytest.mark.rules("107.3a", "608.2h")
def test_the_cards_are_read_whole_and_less_than_is_one_less():
    for rec in (RATCHET_BOMB, AETHER_VIAL, SPECTRAL_DELUGE, BESEECH_THE_QUEEN, SISAY, WAVE_OF_TERROR):
        assert not compile_card(rec).unsupported, rec["name"]
    # "the number of rust counters on it": each artifact's own, not one X for all of them
    assert any("rust counters on it" in u for u in compile_card(CORROSION).unsupported)
    search = compile_card(SISAY).activated[0].mode.effects[0]
    assert isinstance(search, WithX) and search.x == Amount("plus", value=-1, base=Amount("power_of",
                                                                                           ref=search.x.base.ref))


@pytest.mark.rules("608.2h", "701.8a")
def test_ratchet_bomb_destroys_each_nonland_permanent_of_its_charge_counters_as_it_last_existed(extra_cards):
    extra_cards(RATCHET_BOMB)
    g, ids = table(["Grizzly Bears", "Forest"], ["Silvercoat Lion", "Savannah Lions", "Hill Giant", "Island"])
    bomb = g.add_card("Ratchet Bomb", 0, Zone.BATTLEFIELD, counters={"charge": 2})
    activate_and_resolve(g, bomb, 1)            # sacrificed as the cost: its two counters, as it last existed
    assert _names(g, g.state.battlefield) == ["Forest", "Hill Giant", "Island", "Savannah Lions"]


@pytest.mark.rules("608.2h")
def test_aether_vial_offers_only_the_creature_cards_of_its_charge_counters(extra_cards):
    extra_cards(AETHER_VIAL)
    g, ids = table([], [], hand_a=["Savannah Lions", "Grizzly Bears", "Hill Giant"])
    vial = g.add_card("Aether Vial", 0, Zone.BATTLEFIELD, counters={"charge": 2})
    g.apply(ActivateAbility(0, vial, 0))
    both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.options == [ids["Grizzly Bears"]]
    g.apply(Choose(0, (ids["Grizzly Bears"],)))
    resolve_stack(g)
    assert _names(g, g.state.battlefield) == ["Aether Vial", "Grizzly Bears"]


@pytest.mark.rules("608.2h", "107.3a")
def test_spectral_deluge_returns_the_creatures_with_toughness_up_to_your_islands(extra_cards):
    extra_cards(SPECTRAL_DELUGE)
    g, ids = table(["Island", "Island", "Plains", "Plains", "Plains", "Plains", "Savannah Lions"],
                   ["Savannah Lions", "Grizzly Bears", "Hill Giant"], hand_a=["Spectral Deluge"])
    g.apply(CastSpell(0, ids["Spectral Deluge"]))
    both_pass(g)
    assert _names(g, g.state.players[1].hand) == ["Grizzly Bears", "Savannah Lions"]     # toughness 1 and 2
    assert "Hill Giant" in _names(g, g.state.battlefield) and "Savannah Lions" in _names(g, g.state.battlefield)


@pytest.mark.rules("701.23a", "608.2h")
def test_beseech_the_queen_finds_only_cards_with_mana_value_up_to_your_lands(extra_cards):
    extra_cards(BESEECH_THE_QUEEN)
    g, ids = table(["Swamp", "Swamp", "Swamp"], [], hand_a=["Beseech the Queen"])
    for name in ("Craw Wurm", "Hill Giant", "Grizzly Bears"):
        ids[name] = g.add_card(name, 0, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Beseech the Queen"]))
    both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE
    offered = {g.state.objects[o].name for o in d.options if isinstance(o, int)}
    assert offered == {"Grizzly Bears", "Plains"}           # mana value 3 or less: three lands
    g.apply(Choose(0, (ids["Grizzly Bears"],)))
    resolve_stack(g)
    assert "Grizzly Bears" in _names(g, g.state.players[0].hand)


@pytest.mark.rules("608.2h", "701.19c")
def test_wave_of_terror_destroys_the_creatures_of_its_age_counters_without_regeneration(extra_cards):
    extra_cards(WAVE_OF_TERROR)
    g, ids = table(["Savannah Lions", "Grizzly Bears"], ["Elite Vanguard", "Hill Giant"], step=Step.UPKEEP)
    g.add_card("Wave of Terror", 0, Zone.BATTLEFIELD, counters={"age": 1})
    advance(g, Step.DRAW)
    resolve_stack(g)
    assert _names(g, g.state.battlefield) == ["Grizzly Bears", "Hill Giant", "Wave of Terror"]
    wave = compile_card(WAVE_OF_TERROR).triggered[-1].mode.effects[0]
    assert isinstance(wave, WithX) and wave.effect.no_regenerate
