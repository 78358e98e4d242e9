"""Token copies with exceptions (707.9): "create a token that's a copy of ..., except it has haste / it's 1/1 and it's
a Nightmare in addition to its other types / they're not legendary / it's a 4/4 black Zombie": the exceptions are part
of the token's copiable values (707.9b), so a copy of the token copies them too (engine.oracle.copies_text,
engine.core.cards `excepted_key`)."""
from __future__ import annotations

import pytest

from engine.core.abilities import Ref
from engine.core.cards import card_def
from engine.core.effect_types import CreateTokenCopy
from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import CastSpell, Choose, PassPriority
from engine.board.primitives import copiable_key, create_tokens
from tests.engine.driving import advance, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

NIGHTMARE_SHEPHERD = record("Nightmare Shepherd", "{2}{B}{B}", "Enchantment Creature — Nightmare",
                            "Flying\nWhenever another nontoken creature you control dies, you may exile it. If you do, "
                            "create a token that's a copy of that creature, except it's 1/1 and it's a Nightmare in "
                            "addition to its other types.", "4/4")


def settle_yes(g):
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            g.apply(Choose(d.player, ("yes",) if "yes" in d.options else tuple(d.options[:1])))
        else:
            g.apply(PassPriority(d.player))


@pytest.mark.rules("707.9a", "707.9b", "608.2h")
def test_nightmare_shepherd_makes_a_1_1_nightmare_copy_of_the_creature_that_died(extra_cards):
    extra_cards(NIGHTMARE_SHEPHERD, fully_read=True)
    g, ids = table(["Nightmare Shepherd", "Serra Angel", "Mountain"], [], ["Lightning Bolt"])
    g.state.writable(ids["Serra Angel"]).damage = 2
    g.apply(CastSpell(0, ids["Lightning Bolt"], targets=((ids["Serra Angel"],),)))
    settle_yes(g)
    (token,) = on_battlefield(g, "Serra Angel")
    ch = g.characteristics(token)
    assert g.state.objects[token].token is not None
    assert (ch.power, ch.toughness) == (1, 1)
    assert ch.subtypes == {"Angel", "Nightmare"} and ch.has("flying")      # the rest is copied
    # 707.9b: the exceptions are copiable values: what copies the token copies them
    key = copiable_key(g.state.objects[token])
    assert (card_def(key).power, card_def(key).toughness) == ("1", "1")


@pytest.mark.rules("707.9a", "205.4d")
@pytest.mark.parametrize("text,exceptions", [
    ("Create two tokens that are copies of target creature you control, except they're not legendary.",
     (("nonlegendary", True),)),
    ("Create a token that's a copy of target creature you control, except it has haste.", (("keywords", ("haste",)),)),
    ("Create a token that's a copy of target creature you control, except it's a 4/4 black Zombie.",
     (("colors", ("B",)), ("creature_types", ("Zombie",)), ("pt", (4, 4)))),
    ("Create a token that's a copy of target creature you control, except it's an artifact in addition to its other "
     "types.", (("add_types", ("Artifact",)),)),
])
def test_copy_exception_wordings(card, text, exceptions):
    effect = card("Copy Test", "{3}", "Sorcery", text).spell.modes[0].effects[0]
    assert isinstance(effect, CreateTokenCopy) and effect.what == Ref("target", 0)
    assert effect.exceptions == exceptions


@pytest.mark.rules("707.9a")
def test_an_exception_with_a_condition_is_not_read(card):
    d = card("Helm of the Host", "{4}", "Legendary Artifact — Equipment",
             "At the beginning of combat on your turn, create a token that's a copy of equipped creature, except the "
             "token isn't legendary if equipped creature is legendary. That token gains haste.\nEquip {5}")
    assert d.unsupported


@pytest.mark.rules("707.9a", "707.9b")
def test_a_4_4_black_zombie_copy_loses_its_other_colors_and_creature_types(extra_cards):
    # God-Pharaoh's Gift's exception, in a sentence of its own
    extra_cards(record("Zombie Copy Test", "{1}", "Sorcery",
                       "Create a token that's a copy of target creature you control, except it's a 4/4 black Zombie."),
                fully_read=True)
    g, ids = table(["Serra Angel", "Swamp"], [], ["Zombie Copy Test"])
    g.apply(CastSpell(0, ids["Zombie Copy Test"], targets=((ids["Serra Angel"],),)))
    settle_yes(g)
    (token,) = [o for o in on_battlefield(g, "Serra Angel") if g.state.objects[o].token is not None]
    ch = g.characteristics(token)
    assert (ch.power, ch.toughness, ch.colors, ch.subtypes) == (4, 4, {"B"}, {"Zombie"})
    assert ch.has("flying")


QUICKSILVER_GARGANTUAN = record("Quicksilver Gargantuan", "{5}{U}{U}", "Creature — Shapeshifter",
                                "You may have Quicksilver Gargantuan enter the battlefield as a copy of any creature on "
                                "the battlefield, except it's 7/7.", "7/7")


@pytest.mark.rules("707.9a", "614.1c")
def test_quicksilver_gargantuan_enters_as_a_7_7_copy(extra_cards):
    extra_cards(QUICKSILVER_GARGANTUAN, fully_read=True)
    g, ids = table(["Island"] * 7, ["Serra Angel"], ["Quicksilver Gargantuan"])
    g.apply(CastSpell(0, ids["Quicksilver Gargantuan"]))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        g.apply(Choose(d.player, (ids["B:Serra Angel"],)) if d.kind is DecisionKind.CHOOSE else PassPriority(d.player))
    (copy,) = [o for o in on_battlefield(g, "Serra Angel") if g.state.objects[o].controller == 0]
    ch = g.characteristics(copy)
    assert (ch.power, ch.toughness) == (7, 7) and ch.has("flying") and ch.subtypes == {"Angel"}


PARALLEL_EVOLUTION = record("Parallel Evolution", "{3}{G}{G}", "Sorcery",
                            "For each creature token on the battlefield, its controller creates a token that's a copy of "
                            "that creature.\nFlashback {4}{G}{G}{G} (You may cast this card from your graveyard for its "
                            "flashback cost. Then exile it.)")
TWINFLAME = record("Twinflame", "{1}{R}", "Sorcery",
                   "Strive — This spell costs {2}{R} more to cast for each target beyond the first.\nChoose any number of "
                   "target creatures you control. For each of them, create a token that's a copy of that creature, except "
                   "it has haste. Exile those tokens at the beginning of the next end step.")


def tokens_named(g, name, player):
    return [o for o in on_battlefield(g, name) if g.state.objects[o].token is not None
            and g.state.objects[o].controller == player]


@pytest.mark.rules("707.2", "111.2")
def test_parallel_evolution_copies_each_creature_token_for_its_controller(extra_cards):
    extra_cards(PARALLEL_EVOLUTION, fully_read=True)
    g, ids = table(["Forest"] * 5 + ["Grizzly Bears"], ["Hill Giant"], ["Parallel Evolution"])
    create_tokens(g, {"name": "Elf Warrior Token", "power": 1, "toughness": 1, "types": "Creature — Elf Warrior",
                      "colors": "GW", "abilities": []}, 0, 1)
    create_tokens(g, {"name": "Goblin Token", "power": 1, "toughness": 1, "types": "Creature — Goblin",
                      "colors": "R", "abilities": []}, 1, 2)
    g.apply(CastSpell(0, ids["Parallel Evolution"]))
    settle_yes(g)
    assert len(tokens_named(g, "Elf Warrior Token", 0)) == 2
    assert len(tokens_named(g, "Goblin Token", 1)) == 4            # each copy its original's controller's
    assert tokens_named(g, "Grizzly Bears", 0) == []                # not a token: not copied


@pytest.mark.rules("707.9a", "603.7")
def test_twinflame_copies_each_target_with_haste_and_exiles_the_copies_at_the_end_step(extra_cards):
    extra_cards(TWINFLAME, fully_read=True)
    g, ids = table(["Mountain"] * 5 + ["Grizzly Bears", "Hill Giant"], [], ["Twinflame"])
    g.apply(CastSpell(0, ids["Twinflame"], targets=((ids["Grizzly Bears"], ids["Hill Giant"]),)))
    settle_yes(g)
    for name in ("Grizzly Bears", "Hill Giant"):
        (token,) = tokens_named(g, name, 0)
        assert g.characteristics(token).has("haste")
    advance(g, Step.END)
    resolve_stack(g)
    assert tokens_named(g, "Grizzly Bears", 0) == [] and tokens_named(g, "Hill Giant", 0) == []


NEMESIS_TRAP = record("Nemesis Trap", "{4}{B}{B}", "Instant — Trap",
                      "If a white creature is attacking, you may pay {B}{B} rather than pay this spell's mana cost.\n"
                      "Exile target attacking creature. Create a token that's a copy of that creature. Exile it at the "
                      "beginning of the next end step.")


@pytest.mark.rules("707.2", "603.7c", "608.2c")
def test_it_after_a_token_copy_is_the_token(card):
    """ "Create a token that's a copy of that creature. Exile it at the beginning of the next end step": "it" is the
    token just created, not the creature copied (Nemesis Trap)."""
    d = card(NEMESIS_TRAP["name"], NEMESIS_TRAP["manaCost"], NEMESIS_TRAP["type"], NEMESIS_TRAP["text"])
    delayed = d.spell.modes[0].effects[-1]
    assert delayed.remember == (Ref("created"),)
