"""Dependency between continuous effects (613.8): within a layer, an effect that depends on another
applies after it whatever their timestamps; loops fall back to timestamps; the order is worked out
again after each effect applies. Positions are built and played through the public Game API."""
from __future__ import annotations

import pytest

from engine import Game
from engine.core.player_actions import CastSpell, PassPriority
from engine.core.enums import Zone

URBORG = {"name": "Urborg, Tomb of Yawgmoth", "manaCost": "", "type": "Legendary Land", "types": ["Land"],
          "supertypes": ["Legendary"], "subtypes": [],
          "text": "Each land is a Swamp in addition to its other land types."}
ENCHANTED_EVENING = {"name": "Enchanted Evening", "manaCost": "{3}{W/U}{W/U}", "type": "Enchantment",
                     "types": ["Enchantment"], "supertypes": [], "subtypes": [],
                     "text": "All permanents are enchantments in addition to their other types."}
MARCH = {"name": "March of the Machines", "manaCost": "{3}{U}", "type": "Enchantment", "types": ["Enchantment"],
         "supertypes": [], "subtypes": [],
         "text": "Each noncreature artifact is an artifact creature with power and toughness each equal to "
                 "its mana value."}
KWENDE = {"name": "Kwende, Pride of Femeref", "manaCost": "{3}{W}{W}", "type": "Legendary Creature — Cat Knight",
          "types": ["Creature"], "supertypes": ["Legendary"], "subtypes": ["Cat", "Knight"], "power": "2",
          "toughness": "2", "text": "Double strike\nCreatures you control with double strike have first strike."}
HUMILITY = {"name": "Humility", "manaCost": "{2}{W}{W}", "type": "Enchantment", "types": ["Enchantment"],
            "supertypes": [], "subtypes": [],
            "text": "All creatures lose all abilities and have base power and toughness 1/1."}
DRESS_DOWN = {"name": "Dress Down", "manaCost": "{1}{U}", "type": "Enchantment", "types": ["Enchantment"],
              "supertypes": [], "subtypes": [],
              "text": "Flash\nWhen Dress Down enters, draw a card.\nCreatures lose all abilities.\n"
                      "At the beginning of the end step, sacrifice Dress Down."}


def table(*names: str, hand: tuple[str, ...] = (), pool: str = "") -> tuple[Game, list[int], list[int]]:
    """Player A's permanents (timestamps in the order given) and hand, in A's first main phase."""
    g = Game.empty()
    ids = [g.add_card(n, 0, Zone.BATTLEFIELD) for n in names]
    cards = [g.add_card(n, 0, Zone.HAND) for n in hand]
    g.add_card("Island", 0, Zone.LIBRARY)
    g.add_card("Island", 1, Zone.LIBRARY)
    g.start_at(3, 0, "main1")
    if pool:
        g.set_player(0, mana_pool=pool)
    return g, ids, cards


def cast_and_resolve(g: Game, card: int, targets: tuple = (), modes: tuple[int, ...] = ()) -> None:
    g.apply(CastSpell(0, card, targets=targets, modes=modes))
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))


def view(g: Game, oid: int) -> dict:
    snap = g.snapshot(viewer=None)
    for o in snap["battlefield"]:
        if o["id"] == oid:
            return o
    raise AssertionError(f"{oid} is not on the battlefield")


def pt(g: Game, oid: int) -> tuple[int, int]:
    o = view(g, oid)
    return o["power"], o["toughness"]


@pytest.mark.rules("613.8a", "613.8b", "305.7", "613.1d")
def test_urborg_depends_on_blood_moon_whatever_the_timestamps(extra_cards):
    # Blood Moon takes away Urborg's ability (305.7), so Urborg's effect depends on it (its existence):
    # Blood Moon applies first though it is later, and Urborg's effect no longer exists.
    extra_cards(URBORG)
    g, (urborg, forest), (moon,) = table("Urborg, Tomb of Yawgmoth", "Forest", hand=("Blood Moon",), pool="RRR")
    assert view(g, forest)["type_line"] == "Basic Land — Forest Swamp"
    assert "{T}: Add {B}." in view(g, forest)["abilities"]
    cast_and_resolve(g, moon)
    assert view(g, forest)["type_line"] == "Basic Land — Forest"
    assert "{T}: Add {B}." not in view(g, forest)["abilities"]
    assert view(g, urborg)["type_line"] == "Legendary Land — Mountain"


@pytest.mark.rules("613.8a", "613.7", "305.7")
def test_blood_moon_first_then_urborg_gives_the_same_lands(extra_cards):
    extra_cards(URBORG)
    g, (moon, forest, urborg), _ = table("Blood Moon", "Forest", "Urborg, Tomb of Yawgmoth")
    assert view(g, forest)["type_line"] == "Basic Land — Forest"
    assert view(g, urborg)["type_line"] == "Legendary Land — Mountain"


@pytest.mark.rules("613.8a", "613.8b", "613.7", "613.1d", "613.4b", "704.5f")
@pytest.mark.parametrize("opalescence_first", [True, False])
def test_opalescence_depends_on_enchanted_evening(extra_cards, opalescence_first):
    # Enchanted Evening changes what Opalescence applies to: Opalescence waits for it even when it is the
    # earlier one, so every other permanent is an enchantment creature with P/T equal to its mana value.
    extra_cards(ENCHANTED_EVENING)
    first, second = ("Opalescence", "Enchanted Evening") if opalescence_first else ("Enchanted Evening", "Opalescence")
    g, (old, forest, ring, bears), (card,) = table(first, "Forest", "Sol Ring", "Grizzly Bears", hand=(second,),
                                                   pool="WWWWW")
    cast_and_resolve(g, card)
    new = g.state.battlefield[-1]
    assert [c["name"] for c in g.snapshot(viewer=None)["players"][0]["graveyard"]] == ["Forest"]  # 0/0 (704.5f)
    assert "Creature" in view(g, ring)["types"] and pt(g, ring) == (1, 1)
    assert view(g, bears)["type_line"] == "Enchantment Creature — Bear" and pt(g, bears) == (2, 2)
    evening, opal = (new, old) if opalescence_first else (old, new)
    assert pt(g, evening) == (5, 5) and "Creature" not in view(g, opal)["types"]


@pytest.mark.rules("613.1d", "613.4b", "613.8a")
def test_march_of_the_machines_animates_noncreature_artifacts(extra_cards):
    extra_cards(MARCH)
    g, (march, ring, thopter), _ = table("March of the Machines", "Sol Ring", "Ornithopter")
    assert view(g, ring)["type_line"] == "Artifact Creature" and pt(g, ring) == (1, 1)
    assert pt(g, thopter) == (0, 2)
    assert "Creature" not in view(g, march)["types"]


@pytest.mark.rules("613.8a", "613.8b", "613.1f", "613.6")
def test_lord_effect_depends_on_lignify_removing_its_ability():
    # Lignify (later) removes Elvish Champion's ability in layer 6; the Champion's effect depends on it,
    # so it never starts to apply: the Elves get neither +1/+1 nor forestwalk.
    g, (champion, elves, *_), (lignify,) = table(
        "Elvish Champion", "Llanowar Elves", "Forest", "Forest", hand=("Lignify",), pool="G")
    assert pt(g, elves) == (2, 2) and "forestwalk" in view(g, elves)["keywords"]
    cast_and_resolve(g, lignify, targets=(champion,))
    assert pt(g, elves) == (1, 1)
    assert "forestwalk" not in view(g, elves)["keywords"]
    assert pt(g, champion) == (0, 4) and view(g, champion)["type_line"] == "Creature — Treefolk"


@pytest.mark.rules("613.8a", "613.8b", "613.1f")
def test_grant_to_creatures_with_a_keyword_waits_for_the_grant_of_that_keyword(extra_cards):
    # Boros Charm's double strike (later) changes what Kwende's layer 6 effect applies to, so Kwende's
    # effect applies after it: the Bears get first strike too.
    extra_cards(KWENDE)
    g, (kwende, bears, *_), (charm,) = table("Kwende, Pride of Femeref", "Grizzly Bears", hand=("Boros Charm",),
                                             pool="RW")
    assert view(g, kwende)["keywords"] == ["double strike", "first strike"]
    assert view(g, bears)["keywords"] == []
    cast_and_resolve(g, charm, targets=((bears,),), modes=(2,))
    assert view(g, bears)["keywords"] == ["double strike", "first strike"]


@pytest.mark.rules("613.8a", "613.7", "613.1f", "613.4b", "613.4c")
def test_humble_on_one_lord_silences_it_but_not_the_other():
    # Humble's ability removal: the second Lord's effect depends on it (it ends), the first Lord's
    # doesn't (independent, 613.8a): timestamps then decide, and the later Humble removes the
    # islandwalk the first Lord grants; its +1/+1 still applies in 7c.
    g, (lord1, lord2, *_), (humble,) = table(
        "Lord of Atlantis", "Lord of Atlantis", "Plains", hand=("Humble",), pool="W")
    assert pt(g, lord1) == (3, 3) and pt(g, lord2) == (3, 3)
    cast_and_resolve(g, humble, targets=(lord2,))
    assert pt(g, lord2) == (1, 2)
    assert "islandwalk" not in view(g, lord2)["keywords"]
    assert pt(g, lord1) == (2, 2)
    assert "islandwalk" not in view(g, lord1)["keywords"]


@pytest.mark.rules("613.6", "613.8a", "613.1d", "613.4b")
def test_opalescence_keeps_applying_after_losing_its_ability_in_a_later_layer():
    # Two Opalescences make each other creatures (layer 4). Lignify on the second removes its ability in
    # layer 6, but its effect started in layer 4, so it still sets the first one's P/T in 7b (613.6).
    g, (opal1, opal2, *_), (lignify,) = table("Opalescence", "Opalescence", "Forest", hand=("Lignify",), pool="G")
    assert pt(g, opal1) == (4, 4) and pt(g, opal2) == (4, 4)
    cast_and_resolve(g, lignify, targets=(opal2,))
    assert "Creature" in view(g, opal1)["types"] and pt(g, opal1) == (4, 4)
    assert pt(g, opal2) == (0, 4) and view(g, opal2)["abilities"] == view(g, opal2)["keywords"] == []


@pytest.mark.rules("613.6", "613.7", "613.4b", "613.1f")
@pytest.mark.parametrize("humility_first, expected", [(True, (4, 4)), (False, (1, 1))])
def test_humility_and_opalescence_follow_timestamps(extra_cards, humility_first, expected):
    # Humility (a creature through Opalescence) removes its own ability in layer 6, yet its effect goes on
    # in 7b; there Opalescence and Humility don't depend on each other: the later one sets Humility's P/T.
    extra_cards(HUMILITY)
    names = ("Humility", "Grizzly Bears", "Opalescence") if humility_first else \
        ("Opalescence", "Grizzly Bears", "Humility")
    g, ids, _ = table(*names)
    humility = ids[0] if humility_first else ids[2]
    assert pt(g, humility) == expected
    assert pt(g, ids[1]) == (1, 1)


@pytest.mark.rules("613.8b", "613.8c", "613.8a", "613.6")
@pytest.mark.parametrize("humility_first", [True, False])
def test_a_dependency_loop_applies_in_timestamp_order(extra_cards, humility_first):
    # Under Opalescence, Humility and Dress Down are creatures and each removes the other's ability:
    # each depends on the other, a loop, so the earlier applies first; the other's effect then no
    # longer exists (613.8c). Humility first: its 1/1 applies in 7b. Dress Down first: Humility's
    # effect never starts, and Opalescence's P/T stand.
    extra_cards(HUMILITY, DRESS_DOWN)
    middle = ("Humility", "Dress Down") if humility_first else ("Dress Down", "Humility")
    g, (opal, bears, a, b), _ = table("Opalescence", "Grizzly Bears", *middle)
    humility, dress = (a, b) if humility_first else (b, a)
    if humility_first:
        assert [pt(g, x) for x in (bears, humility, dress)] == [(1, 1), (1, 1), (1, 1)]
    else:
        assert [pt(g, x) for x in (bears, humility, dress)] == [(2, 2), (4, 4), (2, 2)]
    assert view(g, humility)["keywords"] == [] and view(g, dress)["keywords"] == []
