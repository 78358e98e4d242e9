"""Noun phrases with several types (205.2a, 205.3): "artifact creature" means an object with both types,
"artifact creature or black creature" either conjunction, "Human Wizard" both subtypes."""
from __future__ import annotations

import pytest

from engine.core.abilities import Filter
from engine.core.enums import Step
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell
from engine.oracle.phrases import parse_desc
from tests.engine.driving import activate_and_resolve, cast_and_resolve, on_battlefield, table


def _card(name: str, cost: str, type_line: str, text: str, pt: str | None = None) -> dict:
    left, _, right = type_line.partition(" — ")
    words = left.split()
    return {"name": name, "manaCost": cost, "type": type_line, "supertypes": [w for w in words if w == "Legendary"],
            "types": [w for w in words if w != "Legendary"], "subtypes": right.split(), "text": text,
            "power": pt.split("/")[0] if pt else None, "toughness": pt.split("/")[1] if pt else None}


STEEL_OVERSEER = _card("Steel Overseer", "{2}", "Artifact Creature — Construct",
                       "{T}: Put a +1/+1 counter on each artifact creature you control.", "1/1")
TEMPERED_STEEL = _card("Tempered Steel", "{1}{W}{W}", "Enchantment", "Artifact creatures you control get +2/+2.")
MASTER_OF_ETHERIUM = _card("Master of Etherium", "{2}{U}", "Artifact Creature — Vedalken Wizard",
                           "Master of Etherium's power and toughness are each equal to the number of artifacts "
                           "you control.\nOther artifact creatures you control get +1/+1.", "*/*")
PURGE = _card("Purge", "{1}{W}", "Instant", "Destroy target artifact creature or black creature. "
              "It can't be regenerated.")
def _pt(g, oid):
    ch = g.characteristics(oid)
    return ch.power, ch.toughness


@pytest.mark.rules("205.2a", "205.3a")
def test_artifact_creature_is_a_conjunction_and_or_a_disjunction():
    both = parse_desc("artifact creature you control")
    either = parse_desc("artifact or creature you control")
    assert both.nouns == {"creature"} and both.filter.all_types == {"Artifact", "Creature"}
    assert either.nouns == {"artifact", "creature"} and either.filter.types == {"Artifact", "Creature"}
    assert both.filter != either.filter
    legendary = parse_desc("legendary artifact creature")
    assert legendary.filter.supertypes == {"Legendary"} and legendary.filter.all_types == {"Artifact", "Creature"}
    assert parse_desc("human wizards you control").filter == Filter(all_subtypes=frozenset({"Human", "Wizard"}),
                                                                   controller="you")
    purge = parse_desc("artifact creature or black creature").filter
    assert purge.any_of == (Filter(all_types=frozenset({"Artifact", "Creature"})),
                            Filter(types=frozenset({"Creature"}), colors=frozenset({"B"})))
    # Adjectives before the only alternatives that have none of their own are shared (unchanged).
    assert parse_desc("nontoken elf or berserker").filter == Filter(subtypes=frozenset({"Elf", "Berserker"}),
                                                                   token=False)


@pytest.mark.rules("205.3a", "613.4c")
def test_steel_overseer_counts_only_artifact_creatures(extra_cards):
    extra_cards(STEEL_OVERSEER)
    g, ids = table(["Steel Overseer", "Ornithopter", "Grizzly Bears", "Mind Stone"], step=Step.MAIN1)
    overseer = ids["Steel Overseer"]
    activate_and_resolve(g, overseer, 0)
    counters = {n: g.state.objects[ids[n]].counters.get("+1/+1") for n in ("Steel Overseer", "Ornithopter",
                                                                           "Grizzly Bears", "Mind Stone")}
    assert counters == {"Steel Overseer": 1, "Ornithopter": 1, "Grizzly Bears": None, "Mind Stone": None}


@pytest.mark.rules("613.4c", "205.3a")
def test_tempered_steel_and_master_of_etherium_pump_artifact_creatures_only(extra_cards):
    extra_cards(TEMPERED_STEEL, MASTER_OF_ETHERIUM)
    g, ids = table(["Tempered Steel", "Master of Etherium", "Ornithopter", "Grizzly Bears", "Mind Stone"],
                   step=Step.MAIN1)
    assert _pt(g, ids["Ornithopter"]) == (0 + 2 + 1, 2 + 2 + 1)
    assert _pt(g, ids["Grizzly Bears"]) == (2, 2)
    # Three artifacts (itself, Ornithopter, Mind Stone), +2/+2 from Tempered Steel, not its own +1/+1.
    assert _pt(g, ids["Master of Etherium"]) == (5, 5)


@pytest.mark.rules("115.1", "608.2b")
def test_purge_targets_an_artifact_creature_or_a_black_creature(extra_cards):
    extra_cards(PURGE)
    g, ids = table(["Plains", "Plains"], ["Ornithopter", "Gravedigger", "Grizzly Bears", "Mind Stone"],
                   hand_a=["Purge"], step=Step.MAIN1)
    for name in ("Grizzly Bears", "Mind Stone"):
        with pytest.raises(IllegalAction):
            g.apply(CastSpell(0, ids["Purge"], targets=(ids["B:" + name],)))
    cast_and_resolve(g, ids["Purge"], targets=(ids["B:Ornithopter"],))
    assert on_battlefield(g, "Ornithopter") == [] and on_battlefield(g, "Gravedigger")


@pytest.mark.rules("115.1", "608.2b")
def test_purge_destroys_a_black_creature(extra_cards):
    extra_cards(PURGE)
    g, ids = table(["Plains", "Plains"], ["Gravedigger"], hand_a=["Purge"], step=Step.MAIN1)
    cast_and_resolve(g, ids["Purge"], targets=(ids["B:Gravedigger"],))
    assert on_battlefield(g, "Gravedigger") == []
