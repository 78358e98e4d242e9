""""Whenever you sacrifice another creature, exile it. If that creature was a token, ...": "it" is the card the
sacrificed permanent became in its owner's graveyard (400.7), "that creature" the permanent as it last existed on the
battlefield (603.10a, 608.2h). Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.abilities import Amount, Ref
from engine.core.effect_types import CreateTokens
from engine.core.enums import Step, Zone
from engine.core.player_actions import ActivateAbility
from tests.engine.driving import advance, cast_and_resolve, on_battlefield, preferring, settle, table
from tests.oracle.conftest import record

PROWLING_GEISTCATCHER = record("Prowling Geistcatcher", "{3}{B}", "Creature — Human Rogue",
                               "Whenever you sacrifice another creature, exile it. If that creature was a token, put a "
                               "+1/+1 counter on Prowling Geistcatcher.\nWhen Prowling Geistcatcher leaves the "
                               "battlefield, return each card exiled with it to the battlefield under your control.",
                               "2/4")
THALLID_OMNIVORE = record("Thallid Omnivore", "{3}{B}", "Creature — Fungus",
                          "{1}, Sacrifice another creature: Thallid Omnivore gets +2/+2 until end of turn. If a "
                          "Saproling was sacrificed this way, you gain 2 life.", "3/3")
SAPROLING = {"name": "Saproling Token", "types": "Creature — Saproling", "colors": "G", "power": 1, "toughness": 1,
             "abilities": []}


@pytest.mark.rules("603.10a", "608.2h", "400.7", "701.21a")
@pytest.mark.parametrize("token", [True, False])
def test_prowling_geistcatcher_exiles_the_card_and_grows_for_a_token(extra_cards, token):
    extra_cards(PROWLING_GEISTCATCHER, THALLID_OMNIVORE, fully_read=True)
    g, ids = table(["Prowling Geistcatcher", "Thallid Omnivore", "Swamp"])
    victim = g.add_token(SAPROLING, 0) if token else g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.apply(ActivateAbility(0, ids["Thallid Omnivore"], 0))
    settle(g, preferring(victim))       # the creature sacrificed for the cost
    assert victim not in g.state.battlefield
    geistcatcher = g.state.objects[ids["Prowling Geistcatcher"]]
    assert geistcatcher.counters.get("+1/+1", 0) == (1 if token else 0)
    exiled = [g.state.objects[o].name for o in g.state.exile]
    assert exiled == ([] if token else ["Grizzly Bears"])
    assert not g.state.players[0].graveyard


PARASITIC_IMPLANT = record("Parasitic Implant", "{3}{B}", "Enchantment — Aura",
                           "Enchant creature\nAt the beginning of your upkeep, enchanted creature's controller sacrifices "
                           "it and you create a 1/1 colorless Phyrexian Myr artifact creature token.")
ARCUM_DAGSSON = record("Arcum Dagsson", "{3}{U}", "Legendary Creature — Human Artificer",
                       "{T}: Target artifact creature's controller sacrifices it. That player may search their library "
                       "for a noncreature artifact card, put it onto the battlefield, then shuffle.", "2/2")


@pytest.mark.rules("701.21a", "303.4")
def test_enchanted_creatures_controller_sacrifices_it(extra_cards):
    extra_cards(PARASITIC_IMPLANT, fully_read=True)
    g, ids = table([], ["Grizzly Bears"])
    implant = g.add_card("Parasitic Implant", 0, Zone.BATTLEFIELD)
    g.attach(implant, ids["B:Grizzly Bears"])
    advance(g, Step.UPKEEP, turn=5)
    settle(g)
    assert ids["B:Grizzly Bears"] not in g.state.battlefield and g.state.players[1].graveyard
    assert [g.state.objects[o].controller for o in on_battlefield(g, "Phyrexian Myr Token")] == [0]


@pytest.mark.rules("701.21a", "701.23a", "608.2c")
def test_target_artifact_creatures_controller_sacrifices_it_then_may_search(extra_cards):
    """"That player": the sacrificed creature's controller, who then may search their own library."""
    extra_cards(ARCUM_DAGSSON, fully_read=True)
    g, ids = table(["Arcum Dagsson"], ["Ornithopter", "Grizzly Bears"])
    g.add_card("Short Sword", 1, Zone.LIBRARY)
    g.apply(ActivateAbility(0, ids["Arcum Dagsson"], 0, targets=((ids["B:Ornithopter"],),)))
    seen = []

    def answer(d):
        seen.append(d.player)
        return preferring("yes")(d) if "yes" in d.options else (d.options[0],)
    settle(g, answer)
    assert ids["B:Ornithopter"] not in g.state.battlefield and set(seen) == {1}
    assert [g.state.objects[o].controller for o in on_battlefield(g, "Short Sword")] == [1]


def test_that_creatures_power_after_creating_tokens_is_not_the_tokens(card):
    """Mercy Killing's X is the sacrificed creature's power, not the tokens': the one target creature (as it last
    existed, 608.2h), and its controller creates them."""
    d = card("Mercy Killing", "{2}{G/W}", "Instant",
             "Target creature's controller sacrifices it, then creates X 1/1 green and white Elf Warrior creature "
             "tokens, where X is that creature's power.")
    (create,) = [e for e in d.spell.modes[0].effects if isinstance(e, CreateTokens)]
    assert create.amount == Amount("power_of", ref=Ref("target", 0)) and create.who == Ref("controller_of", 0)
ANAX = record("Anax, Hardened in the Forge", "{2}{R}", "Legendary Creature — Demigod",
              "Anax's power is equal to your devotion to red. (Each {R} in the mana costs of permanents you control "
              "counts toward your devotion to red.)\nWhenever Anax or another nontoken creature you control dies, create "
              "a 1/1 red Satyr creature token with \"This creature can't block.\" If the creature had power 4 or "
              "greater, create two of those tokens instead.", "*/3")


@pytest.mark.rules("603.10a", "608.2h", "608.2c")
def test_anax_makes_two_satyrs_for_a_creature_that_had_power_4_or_greater(extra_cards):
    extra_cards(ANAX, fully_read=True)
    g, ids = table(["Anax, Hardened in the Forge", "Craw Wurm", "Hill Giant", "Mountain", "Swamp", "Swamp"],
                   hand_a=["Lightning Bolt", "Doom Blade"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["Hill Giant"],),))      # power 3
    assert len(on_battlefield(g, "Satyr Token")) == 1
    cast_and_resolve(g, ids["Doom Blade"], targets=((ids["Craw Wurm"],),))           # power 6
    assert len(on_battlefield(g, "Satyr Token")) == 3


WITCHS_OVEN = record("Witch's Oven", "{1}", "Artifact",
                     "{T}, Sacrifice a creature: Create a Food token. If the sacrificed creature's toughness was 4 or "
                     "greater, create two Food tokens instead. (They're artifacts with \"{2}, {T}, Sacrifice this "
                     "artifact: You gain 3 life.\")")


@pytest.mark.rules("608.2h", "608.2c", "602.2b")
@pytest.mark.parametrize("victim,foods", [("Craw Wurm", 2), ("Hill Giant", 1)])
def test_witchs_oven_bakes_two_foods_from_a_creature_with_toughness_4_or_greater(extra_cards, victim, foods):
    extra_cards(WITCHS_OVEN, fully_read=True)
    g, ids = table(["Witch's Oven", "Craw Wurm", "Hill Giant"])
    g.apply(ActivateAbility(0, ids["Witch's Oven"], 0))
    settle(g, preferring(ids[victim]))       # the creature sacrificed for the cost
    assert ids[victim] not in g.state.battlefield
    assert len(on_battlefield(g, "Food Token")) == foods
