"""The phrase parsers the effect templates are built from: object descriptions, targets (115.1),
costs (118, 602.1a), mana (106.1), amounts."""
from __future__ import annotations

import pytest

from engine.core.abilities import Amount, Cost, Filter, Ref
from engine.core.mana import ManaCost
from engine.oracle.costs_text import parse_cost
from engine.oracle.grammar import Context
from engine.oracle.amounts import parse_equal_to
from engine.oracle.compiler import compile_card
from engine.oracle.phrases import (parse_desc, parse_mana_produced, parse_objects, parse_target,
                                   target_spec)
from engine.oracle.text import normalize, split_sentences

CREATURE = frozenset({"Creature"})


@pytest.mark.parametrize("text,kind,flt", [
    ("creature", "creature", None),
    ("nonblack creature", "creature", Filter(not_colors=frozenset({"B"}))),
    ("nonartifact, nonblack creature", "creature", Filter(not_types=frozenset({"Artifact"}),
                                                          not_colors=frozenset({"B"}))),
    ("creature you don't control", "creature", Filter(controller="opponent")),
    ("creature an opponent controls", "creature", Filter(controller="opponent")),
    ("tapped creature", "creature", Filter(tapped=True)),
    ("creature with flying", "creature", Filter(keyword="flying")),
    ("creature with mana value 3 or less", "creature", Filter(max_mana_value=3)),
    ("artifact or enchantment", "artifact_or_enchantment", None),
    ("artifact, creature, or land", "permanent", Filter(types=frozenset({"Artifact", "Creature", "Land"}))),
    ("nonland permanent", "permanent", Filter(not_types=frozenset({"Land"}))),
    ("player or planeswalker", "player_or_planeswalker", None),
    ("creature or planeswalker", "creature_or_planeswalker", None),
    ("noncreature spell", "spell", Filter(not_types=frozenset({"Creature"}))),
    ("instant or sorcery card in your graveyard", "card", Filter(types=frozenset({"Instant", "Sorcery"}), owner="you")),
])
@pytest.mark.rules("115.1")
def test_target_descriptions(text, kind, flt):
    d = parse_desc(text)
    spec = target_spec(d, "target " + text)
    assert (spec.kind, spec.filter) == (kind, flt)


def test_subtypes_and_plurals():
    d = parse_desc("elf creatures")
    assert d.nouns == {"creature"} and d.filter == Filter(subtypes=frozenset({"Elf"})) and d.plural
    d = parse_desc("vampire or zombie")
    assert d.filter.subtypes == {"Vampire", "Zombie"} and d.nouns == {"permanent"}
    assert parse_desc("walls").filter.subtypes == {"Wall"} and parse_desc("walls").plural
    assert parse_desc("non-aura enchantment").filter.not_subtypes == {"Aura"}
    assert parse_desc("gibberish words") is None


def test_target_counts():
    ctx = Context()
    (ref,) = parse_target(ctx, "up to two target creatures")
    assert ref == Ref("target", 0) and (ctx.targets[0].min, ctx.targets[0].max) == (0, 2)
    (ref,) = parse_target(ctx, "another target creature you control")
    # after an earlier target phrase: other than that target (115.3); with none before it, other than the source
    assert ctx.targets[1].filter == Filter(controller="you") and ctx.targets[1].other_than == (0,)
    alone = Context()
    parse_target(alone, "another target creature you control")
    assert alone.targets[0].filter == Filter(controller="you", other=True) and alone.targets[0].other_than == ()
    assert parse_target(ctx, "target frobnicator") is None


def test_objects_joined_by_and():
    ctx = Context()
    refs = parse_objects(ctx, "each creature without flying and each player")
    assert refs == (Ref("all", filter=Filter(types=CREATURE, without_keyword="flying")), Ref("each_player"))


@pytest.mark.rules("602.1a", "606.4")
@pytest.mark.parametrize("text,cost", [
    ("{t}", Cost(tap=True)),
    ("{1}, {t}", Cost(mana=ManaCost(("1",)), tap=True)),
    ("{2}{b}, sacrifice another vampire or zombie", Cost(mana=ManaCost(("2", "B")), sacrifice=Filter(
        subtypes=frozenset({"Vampire", "Zombie"}), other=True), sacrifice_count=1)),
    ("sacrifice ~", Cost(sacrifice_self=True)),
    ("pay 3 life", Cost(pay_life=3)),
    ("discard a card", Cost(discard=1)),
    ("+1", Cost(loyalty=1)),
    ("-2", Cost(loyalty=-2)),
    ("-x", Cost(loyalty_x=True)),
])
def test_costs(text, cost):
    from dataclasses import replace
    assert parse_cost(text) == replace(cost, text=text)


def test_not_a_cost():
    assert parse_cost("when this creature enters") is None


@pytest.mark.rules("106.1")
def test_mana_produced():
    ctx = Context()
    assert parse_mana_produced(ctx, "{g}") == ("G", ())
    assert parse_mana_produced(ctx, "{c}{c}") == ("CC", ())
    assert parse_mana_produced(ctx, "{w} or {b}") == ("", ("W", "B"))
    assert parse_mana_produced(ctx, "{r}, {g}, or {w}") == ("", ("R", "G", "W"))
    assert parse_mana_produced(ctx, "one mana of any color") == ("A", ())


def test_amounts_equal_to():
    ctx = Context(last=(Ref("target", 0),))
    assert parse_equal_to(ctx, "its power") == Amount("power_of", ref=Ref("target", 0))
    assert parse_equal_to(ctx, "the number of creatures you control") == Amount(
        "count", filter=Filter(types=CREATURE, controller="you"))
    assert parse_equal_to(ctx, "the sacrificed creature's power") == Amount("sacrificed_power")


@pytest.mark.rules("201.5", "207.2")
def test_normalize_self_references_and_reminders():
    t = normalize("When Man-o'-War enters the battlefield, return target creature to its owner's hand. (Reminder.)",
                  "Man-o'-War")
    assert t == "When ~ enters, return target creature to its owner's hand."
    assert normalize("Put two +1/+1 counters on Kalitas.", "Kalitas, Traitor of Ghet", legendary=True) == \
        "Put two +1/+1 counters on ~."
    assert normalize("This creature gets +1/+0.\n\u22122: Draw.", "X") == "~ gets +1/+0.\n-2: Draw."


def test_sentences_keep_quoted_periods():
    assert split_sentences('Create a token. It has "This creature can\'t block." Draw a card.') == [
        "Create a token", 'It has "This creature can\'t block."', "Draw a card"]


@pytest.mark.rules("508.1k", "509.1g")
def test_attacking_or_blocking_is_one_adjective():
    # Rashida Scalebane's "target attacking or blocking Dragon": either one will do, not both at once.
    f = parse_desc("attacking or blocking dragon").filter
    assert (f.attacking_or_blocking, f.attacking, f.blocking, f.subtypes) == (True, None, None, frozenset({"Dragon"}))


@pytest.mark.rules("608.2c")
def test_a_plural_reference_is_never_the_source_alone():
    """ "Those lands become 4/4 creatures" after a search put them onto the battlefield (Nissa, Worldwaker's -7)
    and "return those cards" after "exile ~" (Once and Future's adamant) refer to the cards the effect handled, not
    to ~: with nothing but ~ before them the sentence stays unread rather than animate or return the source."""
    nissa = compile_card({"name": "Nissa, Worldwaker", "types": ["Planeswalker"], "subtypes": ["Nissa"],
                          "supertypes": ["Legendary"], "loyalty": "3", "manaCost": "{3}{G}{G}", "layout": "normal",
                          "text": "[−7]: Search your library for any number of basic land cards, put them onto the "
                                  "battlefield, then shuffle. Those lands become 4/4 Elemental creatures with trample. "
                                  "They're still lands."})
    assert "Those lands become 4/4 Elemental creatures with trample" in nissa.unsupported
    once = compile_card({"name": "Once and Future", "types": ["Instant"], "manaCost": "{3}{G}", "layout": "normal",
                         "text": "Return target card from your graveyard to your hand. Put up to one other target card "
                                 "from your graveyard on top of your library. Exile Once and Future.\nAdamant — If at "
                                 "least three green mana was spent to cast this spell, instead return those cards to "
                                 "your hand and exile Once and Future."})
    assert once.unsupported
