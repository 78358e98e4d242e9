"""'If <condition>, repeat this process.': the ability's instructions before it carried out again as long as the
condition holds after them (608.2c), each time's "milled this way" its own: Grindstone, Sphinx's Tutelage (two cards
that share a color, 105.2), Hoarder's Greed (a clash won, 701.30d)."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.player_actions import ActivateAbility, CastSpell
from tests.engine.driving import settle, table
from tests.oracle.conftest import record

GRINDSTONE = record("Grindstone", "{1}", "Artifact",
                    "{3}, {T}: Target player mills two cards. If two cards that share a color were milled this way, "
                    "repeat this process.")
SPHINXS_TUTELAGE = record("Sphinx's Tutelage", "{2}{U}", "Enchantment",
                          "Whenever you draw a card, target opponent mills two cards. If two nonland cards that share a "
                          "color were milled this way, repeat this process.\n{5}{U}: Draw a card, then discard a card.")
HOARDERS_GREED = record("Hoarder's Greed", "{3}{B}", "Sorcery",
                        "You lose 2 life and draw two cards, then clash with an opponent. If you win, repeat this "
                        "process. (Each clashing player reveals the top card of their library, then puts that card on "
                        "the top or bottom. A player wins if their card had a higher mana value.)")


def _stack_library(g, player: int, *top_last: str) -> None:
    """Cards put on top of `player`'s library, the last one on top."""
    for name in top_last:
        g.add_card(name, player, Zone.LIBRARY)


def _names(g, ids) -> list[str]:
    return [g.characteristics(o).name for o in ids]


@pytest.mark.rules("608.2c", "701.17a", "105.2")
def test_grindstone_mills_again_while_the_two_cards_share_a_color(extra_cards):
    extra_cards(GRINDSTONE, fully_read=True)
    g, ids = table(["Grindstone", "Plains", "Plains", "Plains"])
    # from the bottom up: two white cards on top, then a green and a red one
    _stack_library(g, 1, "Lightning Bolt", "Grizzly Bears", "Savannah Lions", "Serra Angel")
    g.apply(ActivateAbility(0, ids["Grindstone"], 0, targets=(("P1",),)))
    settle(g)
    assert sorted(_names(g, g.state.players[1].graveyard)) == ["Grizzly Bears", "Lightning Bolt", "Savannah Lions",
                                                               "Serra Angel"]
    assert _names(g, g.state.players[1].library) == ["Plains"] * 8


@pytest.mark.rules("608.2c", "701.17a", "105.2")
def test_grindstone_stops_when_the_cards_share_no_color(extra_cards):
    extra_cards(GRINDSTONE, fully_read=True)
    g, ids = table(["Grindstone", "Plains", "Plains", "Plains"])
    _stack_library(g, 1, "Serra Angel", "Grizzly Bears", "Savannah Lions")      # white over green: no repeat
    g.apply(ActivateAbility(0, ids["Grindstone"], 0, targets=(("P1",),)))
    settle(g)
    assert sorted(_names(g, g.state.players[1].graveyard)) == ["Grizzly Bears", "Savannah Lions"]


@pytest.mark.rules("608.2c", "105.2", "603.2")
def test_sphinxs_tutelage_counts_only_nonland_cards_sharing_a_color(extra_cards):
    extra_cards(SPHINXS_TUTELAGE, fully_read=True)
    g, ids = table(["Sphinx's Tutelage"] + ["Island"] * 6)
    _stack_library(g, 0, "Plains")                  # A's draw
    # B's: two white cards, then a white card over a land (a colorless land shares no color)
    _stack_library(g, 1, "Serra Angel", "Savannah Lions", "Serra Angel")
    g.apply(ActivateAbility(0, ids["Sphinx's Tutelage"], 0))
    settle(g)
    assert sorted(_names(g, g.state.players[1].graveyard)) == ["Plains", "Savannah Lions", "Serra Angel", "Serra Angel"]
    assert len(g.state.players[1].library) == 7


@pytest.mark.rules("608.2c", "701.30d")
def test_hoarders_greed_repeats_while_its_caster_wins_the_clash(extra_cards):
    extra_cards(HOARDERS_GREED, fully_read=True)
    g, ids = table(["Swamp"] * 4, hand_a=["Hoarder's Greed"])
    # A draws Llanowar Elves and Lightning Bolt, clashes Serra Angel (5) against B's Plains (0) and wins; keeps the
    # Angel on top, draws it and Grizzly Bears, clashes a Plains against a Plains and stops
    _stack_library(g, 0, "Grizzly Bears", "Serra Angel", "Lightning Bolt", "Llanowar Elves")
    g.apply(CastSpell(0, ids["Hoarder's Greed"]))
    settle(g, lambda d: ("no",) if "no" in d.options else tuple(d.options[:1]))
    assert g.state.players[0].life == 16
    assert sorted(_names(g, g.state.players[0].hand)) == ["Grizzly Bears", "Lightning Bolt", "Llanowar Elves",
                                                          "Serra Angel"]


TYRANT_OF_DISCORD = record("Tyrant of Discord", "{4}{R}{R}", "Creature — Elemental",
                           "When Tyrant of Discord enters the battlefield, target opponent chooses a permanent they "
                           "control at random and sacrifices it. If a nonland permanent is sacrificed this way, repeat "
                           "this process.", "7/7")


def _cast_tyrant(extra_cards, theirs: list[str]):
    extra_cards(TYRANT_OF_DISCORD, fully_read=True)
    g, ids = table(["Mountain"] * 6, theirs, ["Tyrant of Discord"])
    g.apply(CastSpell(0, ids["Tyrant of Discord"]))
    settle(g, lambda d: ("P1",) if "P1" in d.options else tuple(d.options[:1]))
    return g


@pytest.mark.rules("608.2c", "701.21a")
def test_tyrant_of_discord_goes_on_until_a_land_is_sacrificed(extra_cards):
    g = _cast_tyrant(extra_cards, ["Grizzly Bears", "Hill Giant", "Serra Angel", "Forest"])
    gone = _names(g, g.state.players[1].graveyard)
    # at random: the nonland permanents sacrificed one at a time until the first land is
    assert gone[-1] == "Forest" and "Forest" not in gone[:-1]
    assert len(on_battlefield_of(g, 1)) == 4 - len(gone)


@pytest.mark.rules("608.2c", "701.21a")
def test_tyrant_of_discord_takes_every_nonland_permanent_when_there_is_no_land(extra_cards):
    g = _cast_tyrant(extra_cards, ["Grizzly Bears", "Hill Giant", "Serra Angel"])
    assert sorted(_names(g, g.state.players[1].graveyard)) == ["Grizzly Bears", "Hill Giant", "Serra Angel"]


@pytest.mark.rules("608.2c", "701.21a")
def test_tyrant_of_discord_stops_after_one_land(extra_cards):
    g = _cast_tyrant(extra_cards, ["Forest", "Forest"])
    assert _names(g, g.state.players[1].graveyard) == ["Forest"]


def on_battlefield_of(g, player: int) -> list[int]:
    return [o for o in g.state.battlefield if g.state.objects[o].controller == player]
