"""A target and "all other permanents with the same name as that permanent" (201.2, 608.2h; engine.oracle.phrases
`_and_related`): the other permanents sharing the target's name as the instruction is carried out, found by its
name as it last existed once the instruction has moved it; "not named ~" (201.2); cards a spell exiles and
returns later (607.2a)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
from tests.engine.driving import activate_and_resolve, advance, cast_and_resolve, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

MAELSTROM_PULSE = record("Maelstrom Pulse", "{1}{B}{G}", "Sorcery",
                         "Destroy target nonland permanent and all other permanents with the same name as that permanent.")
ECHOING_COURAGE = record("Echoing Courage", "{1}{G}", "Instant",
                         "Target creature and all other creatures with the same name as that creature get +2/+2 until "
                         "end of turn.")
HOMING_LIGHTNING = record("Homing Lightning", "{2}{R}{R}", "Instant",
                          "Homing Lightning deals 4 damage to target creature and each other creature with the same name "
                          "as that creature.")
DETENTION_SPHERE = record("Detention Sphere", "{1}{W}{U}", "Enchantment",
                          "When Detention Sphere enters the battlefield, you may exile target nonland permanent not named "
                          "Detention Sphere and all other permanents with the same name as that permanent.\nWhen Detention "
                          "Sphere leaves the battlefield, return the exiled cards to the battlefield under their owner's "
                          "control.")
SUDDEN_DISAPPEARANCE = record("Sudden Disappearance", "{5}{W}", "Sorcery",
                              "Exile all nonland permanents target player controls. Return the exiled cards to the "
                              "battlefield under their owner's control at the beginning of the next end step.")


def named(g, name):
    return on_battlefield(g, name)


@pytest.mark.rules("201.2", "608.2h", "701.8a")
def test_maelstrom_pulse_destroys_the_target_and_every_other_permanent_of_its_name(extra_cards):
    extra_cards(MAELSTROM_PULSE, fully_read=True)
    g, ids = table(["Swamp", "Forest", "Forest", "Grizzly Bears"], ["Grizzly Bears", "Grizzly Bears", "Hill Giant"],
                   ["Maelstrom Pulse"])
    cast_and_resolve(g, ids["Maelstrom Pulse"], targets=((ids["B:Grizzly Bears"],),))
    assert named(g, "Grizzly Bears") == []             # the target first, then the others by its name (608.2h)
    assert len(named(g, "Hill Giant")) == 1


@pytest.mark.rules("201.2", "608.2c")
def test_echoing_courage_pumps_the_target_and_its_namesakes_only(extra_cards):
    extra_cards(ECHOING_COURAGE, fully_read=True)
    g, ids = table(["Forest", "Forest", "Grizzly Bears", "Hill Giant"], ["Grizzly Bears"], ["Echoing Courage"])
    cast_and_resolve(g, ids["Echoing Courage"], targets=((ids["Grizzly Bears"],),))
    assert sorted(g.characteristics(o).power for o in named(g, "Grizzly Bears")) == [4, 4]   # B's Bears too
    assert g.characteristics(ids["Hill Giant"]).power == 3


@pytest.mark.rules("201.2", "120.3")
def test_homing_lightning_deals_damage_to_each_creature_of_the_targets_name(extra_cards):
    extra_cards(HOMING_LIGHTNING, fully_read=True)
    g, ids = table(["Mountain"] * 4 + ["Hill Giant"], ["Hill Giant", "Serra Angel"], ["Homing Lightning"])
    cast_and_resolve(g, ids["Homing Lightning"], targets=((ids["B:Hill Giant"],),))
    assert named(g, "Hill Giant") == []
    assert g.state.objects[ids["B:Serra Angel"]].damage == 0


@pytest.mark.rules("201.2", "607.2a", "610.3")
def test_detention_sphere_exiles_a_name_and_returns_the_cards_when_it_leaves(extra_cards):
    extra_cards(DETENTION_SPHERE, fully_read=True)
    g, ids = table(["Plains", "Island", "Island"], ["Grizzly Bears", "Grizzly Bears", "Hill Giant", "Detention Sphere"],
                   ["Detention Sphere", "Disenchant"])
    g.apply(CastSpell(0, ids["Detention Sphere"]))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    assert ids["B:Detention Sphere"] not in g.pending.options        # not named Detention Sphere
    g.apply(Choose(0, (ids["B:Grizzly Bears"],)))
    while g.state.stack:
        d = g.pending
        g.apply(Choose(d.player, ("yes",)) if d.kind is DecisionKind.CHOOSE else PassPriority(d.player))
    assert named(g, "Grizzly Bears") == [] and len(named(g, "Hill Giant")) == 1
    (sphere,) = [o for o in named(g, "Detention Sphere") if g.state.objects[o].controller == 0]
    g.state.players[0].mana_pool["W"] = 2
    cast_and_resolve(g, ids["Disenchant"], targets=((sphere,),))
    assert len(named(g, "Grizzly Bears")) == 2
    assert all(g.state.objects[o].controller == 1 for o in named(g, "Grizzly Bears"))


@pytest.mark.rules("607.2a", "603.7")
def test_sudden_disappearance_returns_the_cards_it_exiled_at_the_end_step(extra_cards):
    extra_cards(SUDDEN_DISAPPEARANCE, fully_read=True)
    g, ids = table(["Plains"] * 6, ["Grizzly Bears", "Hill Giant", "Forest"], ["Sudden Disappearance"])
    cast_and_resolve(g, ids["Sudden Disappearance"], targets=(("P1",),))
    assert named(g, "Grizzly Bears") == [] and named(g, "Hill Giant") == []
    assert ids["B:Forest"] in g.state.battlefield          # a land stays
    advance(g, Step.END)
    resolve_stack(g)
    assert len(named(g, "Grizzly Bears")) == 1 and len(named(g, "Hill Giant")) == 1
    assert all(g.state.objects[o].controller == 1 for o in named(g, "Grizzly Bears") + named(g, "Hill Giant"))


@pytest.mark.rules("201.2", "115.1")
def test_not_named_is_read_against_the_source(card):
    d = card("Clever Conjurer", "{2}{U}", "Creature — Human Wizard",
             "{T}: Untap target permanent not named Clever Conjurer. Activate only as a sorcery.", "3/2")
    assert d.activated[0].mode.targets[0].filter.not_named_source


ENDLESS_SANDS = record("Endless Sands", None, "Land",
                       "{T}: Add {C}.\n{2}, {T}: Exile target creature you control.\n{4}, {T}, Sacrifice Endless Sands: "
                       "Return each creature card exiled with Endless Sands to the battlefield under its owner's control.")
SISTERS_OF_STONE_DEATH = record("Sisters of Stone Death", "{4}{B}{B}{G}{G}", "Legendary Creature — Gorgon",
                                "{G}: Target creature blocks Sisters of Stone Death this turn if able.\n{B}{G}: Exile "
                                "target creature blocking or blocked by Sisters of Stone Death.\n{2}{B}: Put a creature "
                                "card exiled with Sisters of Stone Death onto the battlefield under your control.", "7/5")
ETHEREAL_FORAGER = record("Ethereal Forager", "{5}{U}", "Creature — Elemental",
                          "Delve (Each card you exile from your graveyard while casting this spell pays for {1}.)\nFlying\n"
                          "Whenever Ethereal Forager attacks, you may return an instant or sorcery card exiled with "
                          "Ethereal Forager to its owner's hand.", "1/1")


@pytest.mark.rules("607.2a", "406.6")
def test_endless_sands_returns_only_the_cards_it_exiled(extra_cards):
    extra_cards(ENDLESS_SANDS, fully_read=True)
    g, ids = table(["Endless Sands", "Grizzly Bears", "Forest", "Forest", "Forest", "Forest", "Forest", "Forest"],
                   hand_a=[])
    other = g.add_card("Hill Giant", 0, Zone.EXILE)           # exiled by something else
    activate_and_resolve(g, ids["Endless Sands"], 1, targets=((ids["Grizzly Bears"],),))
    assert named(g, "Grizzly Bears") == []
    advance(g, Step.MAIN1, turn=5)                            # untapped again on A's next turn
    activate_and_resolve(g, ids["Endless Sands"], 2)
    assert len(named(g, "Grizzly Bears")) == 1
    assert g.state.objects[other].zone is Zone.EXILE


@pytest.mark.rules("607.2a", "608.2d")
def test_sisters_of_stone_death_put_a_creature_card_it_exiled_under_your_control(extra_cards):
    extra_cards(SISTERS_OF_STONE_DEATH, fully_read=True)
    g, ids = table(["Sisters of Stone Death", "Swamp", "Swamp", "Swamp"], hand_a=[])
    giant = g.add_card("Hill Giant", 1, Zone.EXILE)
    g.state.writable(giant).chosen["exiled_by"] = g.state.objects[ids["Sisters of Stone Death"]].card_id
    g.add_card("Grizzly Bears", 1, Zone.EXILE)                 # exiled by something else
    activate_and_resolve(g, ids["Sisters of Stone Death"], 2)
    (taken,) = named(g, "Hill Giant")
    assert g.state.objects[taken].controller == 0 and named(g, "Grizzly Bears") == []


@pytest.mark.rules("607.2a", "702.66a")
def test_cards_exiled_by_a_keyword_are_not_read_as_linked(card):
    d = card(ETHEREAL_FORAGER["name"], ETHEREAL_FORAGER["manaCost"], ETHEREAL_FORAGER["type"], ETHEREAL_FORAGER["text"],
             "1/1")
    assert d.unsupported         # delve's exiled cards aren't marked as exiled with it


EXTIRPATE = record("Extirpate", "{B}", "Instant",
                   "Split second (As long as this spell is on the stack, players can't cast spells or activate abilities "
                   "that aren't mana abilities.)\nChoose target card in a graveyard other than a basic land card. Search "
                   "its owner's graveyard, hand, and library for all cards with the same name as that card and exile "
                   "them. Then that player shuffles.")
REMEMBRANCE = record("Remembrance", "{3}{W}", "Enchantment",
                     "Whenever a nontoken creature you control dies, you may search your library for a card with the same "
                     "name as that creature, reveal it, put it into your hand, then shuffle.")


def answer_all(g, pick):
    """Passes priority until the stack is empty, answering each choice with `pick(decision)`; the events."""
    events = []
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        events += g.apply(Choose(d.player, tuple(pick(d))) if d.kind is DecisionKind.CHOOSE else PassPriority(d.player))
    return events


@pytest.mark.rules("701.23a", "701.23b", "608.2h")
def test_extirpate_exiles_the_target_and_every_card_of_its_name_in_its_owners_graveyard(extra_cards):
    extra_cards(EXTIRPATE, fully_read=True)
    g, ids = table(["Swamp"], [], ["Extirpate"], hand_b=["Lightning Bolt"])
    target = g.add_card("Lightning Bolt", 1, Zone.GRAVEYARD)
    g.add_card("Lightning Bolt", 1, Zone.GRAVEYARD)
    g.add_card("Lightning Bolt", 1, Zone.LIBRARY)
    g.add_card("Shock", 1, Zone.GRAVEYARD)
    forest = g.add_card("Forest", 1, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Extirpate"], targets=((target,),)))
    events = answer_all(g, lambda d: d.options)      # found: the Bolt in the hand and the one in the library
    assert [e.data.get("player") for e in events if e.kind == "shuffle"] == [1]     # its owner shuffles
    names_in = lambda zone: sorted(g.characteristics(o).name for o in g.state.players[1].zone_list(zone))
    assert names_in(Zone.GRAVEYARD) == ["Forest", "Shock"]
    assert "Lightning Bolt" not in names_in(Zone.HAND) and "Lightning Bolt" not in names_in(Zone.LIBRARY)
    with pytest.raises(Exception):
        g.apply(CastSpell(0, ids["Extirpate"], targets=((forest,),)))     # a basic land card: no legal target


@pytest.mark.rules("603.10a", "608.2h", "701.23a")
def test_remembrance_finds_a_card_named_as_the_creature_that_died(extra_cards):
    extra_cards(REMEMBRANCE, fully_read=True)
    g, ids = table(["Remembrance", "Grizzly Bears", "Mountain"], [], ["Lightning Bolt"])
    g.add_card("Hill Giant", 0, Zone.LIBRARY)
    g.add_card("Grizzly Bears", 0, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Lightning Bolt"], targets=((ids["Grizzly Bears"],),)))
    offered = []

    def pick(d):
        if d.data.get("choice") == "search":
            offered.extend(g.characteristics(o).name for o in d.options)
            return d.options[:1]
        return ("yes",) if "yes" in d.options else d.options[:1]
    answer_all(g, pick)
    assert offered == ["Grizzly Bears"]
    assert [g.characteristics(o).name for o in g.state.players[0].hand] == ["Grizzly Bears"]


DISORDER_IN_THE_COURT = record("Disorder in the Court", "{X}{W}{U}", "Instant",
                               "Exile X target creatures, then investigate X times. Return the exiled cards to the "
                               "battlefield tapped under their owners' control at the beginning of the next end step.")


@pytest.mark.rules("607.2a", "603.7", "701.36a")
def test_disorder_in_the_court_returns_the_exiled_creatures_tapped_at_the_end_step(extra_cards):
    extra_cards(DISORDER_IN_THE_COURT, fully_read=True)
    g, ids = table(["Plains", "Island", "Island", "Island", "Grizzly Bears"], ["Hill Giant"], ["Disorder in the Court"])
    cast_and_resolve(g, ids["Disorder in the Court"], x=2, targets=((ids["Grizzly Bears"], ids["B:Hill Giant"]),))
    assert named(g, "Grizzly Bears") == [] and len(named(g, "Clue Token")) == 2
    advance(g, Step.END)
    resolve_stack(g)
    back = named(g, "Grizzly Bears") + named(g, "Hill Giant")
    assert len(back) == 2 and all(g.state.objects[o].tapped for o in back)
    assert {g.state.objects[o].controller for o in back} == {0, 1}


PACK_MASTIFF = record("Pack Mastiff", "{2}{R}", "Creature — Dog",
                      "{1}{R}: Each creature you control named Pack Mastiff gets +1/+0 until end of turn.", "2/2")


@pytest.mark.rules("201.2", "611.2c")
def test_each_creature_you_control_named_this_gets_plus_one(extra_cards):
    extra_cards(PACK_MASTIFF, fully_read=True)
    g, ids = table(["Pack Mastiff", "Grizzly Bears", "Mountain", "Mountain"], ["Pack Mastiff"])
    second = g.add_card("Pack Mastiff", 0, Zone.BATTLEFIELD)
    activate_and_resolve(g, ids["Pack Mastiff"], 0)
    assert [g.characteristics(o).power for o in (ids["Pack Mastiff"], second)] == [3, 3]
    assert g.characteristics(ids["Grizzly Bears"]).power == 2
    assert g.characteristics(ids["B:Pack Mastiff"]).power == 2, "B's Mastiff isn't one A controls"


HAZORET_THE_FERVENT = record("Hazoret the Fervent", "{3}{R}", "Legendary Creature — God",
                             "Indestructible, haste\nHazoret the Fervent can't attack or block unless you have one or "
                             "fewer cards in hand.\n{2}{R}, Discard a card: Hazoret deals 2 damage to each opponent.",
                             "5/4")


@pytest.mark.rules("201.5")
def test_a_legendary_card_named_by_the_first_word_of_its_name(extra_cards):
    """201.5: a legendary object may name itself by a shortened name: "Hazoret" is Hazoret the Fervent."""
    extra_cards(HAZORET_THE_FERVENT, fully_read=True)
    g, ids = table(["Hazoret the Fervent", "Mountain", "Mountain", "Mountain"], [], ["Shock"])
    g.apply(ActivateAbility(0, ids["Hazoret the Fervent"], 0))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        if g.pending.kind is DecisionKind.CHOOSE:      # the card to discard
            g.apply(Choose(0, (ids["Shock"],)))
        else:
            g.apply(PassPriority(g.pending.player))
    assert g.state.players[1].life == 18 and g.state.players[0].life == 20


@pytest.mark.rules("201.5", "205.3m")
def test_a_first_word_that_is_a_subtype_is_not_a_shortened_name(card):
    """Sliver Legion's "Sliver" and a planeswalker's "Nissa's Chosen" name a creature type and another card."""
    legion = card("Sliver Legion", "{W}{U}{B}{R}{G}", "Legendary Creature — Sliver",
                  "All Sliver creatures get +1/+1 for each other Sliver on the battlefield.", "7/7")
    assert "~" not in repr(legion.static)
    nissa = card("Nissa Revane", "{2}{G}{G}", "Legendary Planeswalker — Nissa",
                 "+1: Search your library for a card named Nissa's Chosen, put it onto the battlefield, then shuffle.",
                 loyalty="2")
    assert "Nissa's Chosen" in repr(nissa.activated)
