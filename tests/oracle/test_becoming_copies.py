"""Permanents that become copies of other permanents and stay on the battlefield (707.4): "~ becomes a copy of target
artifact, creature, enchantment, or land until end of turn", "Target Shapeshifter becomes a copy of target creature
until your next turn", "Each other creature becomes a copy of target nonlegendary creature until end of turn", with
an exception (707.9) or none; a copy effect in layer 1 (613.1a) that ends with its duration (514.2, 611.2a), the
permanent's own copiable values (or an earlier copy effect's) back then (engine.board.zones.sync_copies)."""
from __future__ import annotations

import pytest

from engine.board.primitives import create_token
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import CastSpell, Choose, DeclareAttackers, PassPriority
from tests.engine.driving import (activate_and_resolve, advance, cast_and_resolve, on_battlefield, pass_until, preferring,
                                  settle, table)
from tests.oracle.conftest import record

MIRAGE_MIRROR = record("Mirage Mirror", "{3}", "Artifact",
                       "{2}: Mirage Mirror becomes a copy of target artifact, creature, enchantment, or land until end of "
                       "turn.")
CYTOSHAPE = record("Cytoshape", "{1}{G}{U}", "Instant",
                   "Choose a nonlegendary creature on the battlefield. Target creature becomes a copy of that creature "
                   "until end of turn.")
SHAPESHARER = record("Shapesharer", "{1}{U}", "Creature — Shapeshifter",
                     "Changeling (This card is every creature type.)\n{2}{U}: Target Shapeshifter becomes a copy of "
                     "target creature until your next turn.", "1/1")
MIRRORWEAVE = record("Mirrorweave", "{2}{W/U}{W/U}", "Instant",
                     "Each other creature becomes a copy of target nonlegendary creature until end of turn.")
SAHEELI = record("Saheeli, Sublime Artificer", "{1}{U/R}{U/R}", "Legendary Planeswalker — Saheeli",
                 "Whenever you cast a noncreature spell, create a 1/1 colorless Servo artifact creature token.\n[−2]: "
                 "Target artifact you control becomes a copy of another target artifact or creature you control until "
                 "end of turn, except it's an artifact in addition to its other types.", loyalty="5")
OKO = record("Oko, the Trickster", "{4}{G}{U}", "Legendary Planeswalker — Oko",
             "[+1]: Put two +1/+1 counters on up to one target creature you control.\n[0]: Until end of turn, Oko, the "
             "Trickster becomes a copy of target creature you control. Prevent all damage that would be dealt to him "
             "this turn.\n[−7]: Until end of turn, each creature you control has base power and toughness 10/10 and "
             "gains trample.", loyalty="4")
IDENTITY_THIEF = record("Identity Thief", "{2}{U}{U}", "Creature — Shapeshifter",
                        "Whenever Identity Thief attacks, you may exile another target nontoken creature. If you do, "
                        "Identity Thief becomes a copy of that creature until end of turn. Return the exiled card to the "
                        "battlefield under its owner's control at the beginning of the next end step.", "0/3")
BRUDICLAD = record("Brudiclad, Telchor Engineer", "{4}{U}{R}", "Legendary Artifact Creature — Phyrexian Artificer",
                   "Creature tokens you control have haste.\nAt the beginning of combat on your turn, create a 2/1 blue "
                   "Phyrexian Myr artifact creature token. Then you may choose a token you control. If you do, each "
                   "other token you control becomes a copy of that token.", "4/4")


def _yes_or(pick):
    """An answer: "yes" to a "you may", else `pick` where offered."""
    return lambda d: ("yes",) if "yes" in d.options else (pick,) if pick in d.options else tuple(d.options[:1])


def _pt(g, oid: int) -> tuple[int | None, int | None]:
    ch = g.characteristics(oid)
    return ch.power, ch.toughness


@pytest.mark.rules("707.4", "707.2", "613.1a", "514.2")
def test_mirage_mirror_is_a_copy_of_the_creature_until_end_of_turn(extra_cards):
    extra_cards(MIRAGE_MIRROR, fully_read=True)
    g, ids = table(["Mirage Mirror", "Plains", "Plains"], ["Serra Angel"])
    mirror = ids["Mirage Mirror"]
    activate_and_resolve(g, mirror, targets=((ids["B:Serra Angel"],),))
    ch = g.characteristics(mirror)
    assert ch.name == "Serra Angel" and ch.types == {"Creature"} and ch.subtypes == {"Angel"}
    assert _pt(g, mirror) == (4, 4) and ch.has("flying") and ch.has("vigilance")
    assert g.state.objects[mirror].controller == 0      # a copy effect doesn't change control
    advance(g, Step.UPKEEP, turn=4)                     # the effect ended in the cleanup step
    ch = g.characteristics(mirror)
    assert ch.name == "Mirage Mirror" and ch.types == {"Artifact"} and ch.power is None
    assert len(ch.activated) == 1


@pytest.mark.rules("707.4", "613.2a", "608.2c")
def test_cytoshape_over_a_clone_leaves_the_clone_s_own_copy_effect_after_the_turn(extra_cards):
    extra_cards(CYTOSHAPE, fully_read=True)
    g, ids = table(["Hill Giant", "Island", "Island", "Island", "Island"],
                   ["Serra Angel", "Isamaru, Hound of Konda"], ["Clone", "Cytoshape"])
    g.apply(CastSpell(0, ids["Clone"]))
    settle(g, preferring(ids["Hill Giant"]))
    (clone,) = [o for o in on_battlefield(g, "Hill Giant") if o != ids["Hill Giant"]]
    for land in ("Island", "Forest", "Forest"):
        g.add_card(land, 0, Zone.BATTLEFIELD)
    g.apply(CastSpell(0, ids["Cytoshape"], targets=((clone,),)))
    g.apply(PassPriority(0))
    g.apply(PassPriority(1))
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE
    assert ids["B:Serra Angel"] in d.options and ids["B:Isamaru, Hound of Konda"] not in d.options   # nonlegendary
    g.apply(Choose(0, (ids["B:Serra Angel"],)))
    assert g.characteristics(clone).name == "Serra Angel" and _pt(g, clone) == (4, 4)
    advance(g, Step.UPKEEP, turn=4)
    assert g.characteristics(clone).name == "Hill Giant" and _pt(g, clone) == (3, 3)   # the Clone's copy effect


@pytest.mark.rules("707.4", "611.2a")
def test_shapesharer_s_copy_lasts_until_its_controller_s_next_turn(extra_cards):
    extra_cards(SHAPESHARER, fully_read=True)
    g, ids = table(["Shapesharer", "Island", "Island", "Island"], ["Serra Angel"])
    sharer = ids["Shapesharer"]
    activate_and_resolve(g, sharer, targets=((sharer,), (ids["B:Serra Angel"],)))
    assert g.characteristics(sharer).name == "Serra Angel"
    advance(g, Step.UPKEEP, turn=4)                     # the opponent's turn: still a copy
    assert g.characteristics(sharer).name == "Serra Angel"
    advance(g, Step.UPKEEP, turn=5)
    assert g.characteristics(sharer).name == "Shapesharer" and _pt(g, sharer) == (1, 1)


@pytest.mark.rules("707.4", "707.2")
def test_mirrorweave_makes_each_other_creature_a_copy_of_the_target(extra_cards):
    extra_cards(MIRRORWEAVE, fully_read=True)
    g, ids = table(["Grizzly Bears", "Llanowar Elves", "Plains", "Plains", "Plains", "Plains"], ["Hill Giant"],
                   ["Mirrorweave"])
    cast_and_resolve(g, ids["Mirrorweave"], targets=((ids["B:Hill Giant"],),))
    for oid in (ids["Grizzly Bears"], ids["Llanowar Elves"], ids["B:Hill Giant"]):
        assert g.characteristics(oid).name == "Hill Giant" and _pt(g, oid) == (3, 3)
    assert not g.characteristics(ids["Llanowar Elves"]).activated      # the Elves' mana ability isn't copied
    advance(g, Step.UPKEEP, turn=4)
    assert g.characteristics(ids["Llanowar Elves"]).name == "Llanowar Elves"


@pytest.mark.rules("707.9b", "707.4", "205.1b")
def test_saheeli_s_artifact_becomes_a_copy_that_is_also_an_artifact(extra_cards):
    extra_cards(SAHEELI, fully_read=True)
    g, ids = table(["Saheeli, Sublime Artificer", "Sol Ring", "Serra Angel"])
    activate_and_resolve(g, ids["Saheeli, Sublime Artificer"], 0, targets=((ids["Sol Ring"],), (ids["Serra Angel"],)))
    ch = g.characteristics(ids["Sol Ring"])
    assert ch.name == "Serra Angel" and ch.types == {"Artifact", "Creature"} and _pt(g, ids["Sol Ring"]) == (4, 4)


@pytest.mark.rules("707.4", "615.1", "306.5b")
def test_oko_becomes_a_copy_of_a_creature_and_damage_to_him_is_prevented(extra_cards):
    extra_cards(OKO, fully_read=True)
    g, ids = table(["Oko, the Trickster", "Grizzly Bears"], ["Mountain"], hand_b=["Lightning Bolt"])
    oko = ids["Oko, the Trickster"]
    loyalty = g.state.objects[oko].counters.get("loyalty")
    activate_and_resolve(g, oko, 1, targets=((ids["Grizzly Bears"],),))
    ch = g.characteristics(oko)
    assert ch.name == "Grizzly Bears" and ch.types == {"Creature"} and _pt(g, oko) == (2, 2)
    g.apply(PassPriority(0))
    g.apply(CastSpell(1, ids["B:Lightning Bolt"], targets=((oko,),)))
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert oko in g.state.battlefield and g.state.objects[oko].damage == 0       # prevented
    advance(g, Step.UPKEEP, turn=4)
    ch = g.characteristics(oko)
    assert ch.name == "Oko, the Trickster" and "Planeswalker" in ch.types
    assert g.state.objects[oko].counters.get("loyalty") == loyalty       # counters stay through the copy (707.2)


@pytest.mark.rules("707.4", "608.2h", "603.7")
def test_identity_thief_copies_the_creature_it_exiled(extra_cards):
    extra_cards(IDENTITY_THIEF, fully_read=True)
    g, ids = table(["Identity Thief"], ["Serra Angel"])
    thief, angel = ids["Identity Thief"], ids["B:Serra Angel"]
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {thief: "P1"}))
    settle(g, _yes_or(angel))
    assert angel not in g.state.battlefield
    ch = g.characteristics(thief)
    assert ch.name == "Serra Angel" and _pt(g, thief) == (4, 4) and ch.has("flying")
    assert thief in g.state.combat.attackers            # still attacking (707.4: it didn't leave)
    advance(g, Step.UPKEEP, turn=4)
    assert g.characteristics(thief).name == "Identity Thief"
    assert on_battlefield(g, "Serra Angel")             # the exiled card came back at the end step


@pytest.mark.rules("707.4", "611.2a", "111.10")
def test_brudiclad_makes_each_other_token_a_copy_of_the_chosen_one_for_good(extra_cards):
    extra_cards(BRUDICLAD, fully_read=True)
    g, ids = table(["Brudiclad, Telchor Engineer"], step=Step.MAIN1)
    soldier = create_token(g, {"name": "Soldier Token", "types": "Creature — Soldier", "colors": "W", "power": 1,
                               "toughness": 1}, 0)
    while not g.state.stack:
        g.apply(PassPriority(g.pending.player))         # to the beginning of combat, where it triggers
    assert g.state.step is Step.BEGINNING_OF_COMBAT
    settle(g, lambda d: ("yes",) if "yes" in d.options else tuple(o for o in d.options if o != soldier)[:1])
    myrs = on_battlefield(g, "Phyrexian Myr Token")
    assert soldier in myrs and len(myrs) == 2
    assert _pt(g, soldier) == (2, 1) and g.characteristics(soldier).types == {"Artifact", "Creature"}
    advance(g, Step.UPKEEP, turn=4)
    assert g.characteristics(soldier).name == "Phyrexian Myr Token"      # indefinitely (611.2a)
    assert g.state.objects[soldier].zone is Zone.BATTLEFIELD
