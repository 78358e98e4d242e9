""""Sacrifice any number of <permanents>": none or more of its controller's, chosen as it resolves (608.2d) and
sacrificed together (701.21a), which "that many", "that much" and "for each permanent sacrificed this way" count:
Renounce, Mana Seism, God-Eternal Bontu."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.player_actions import CastSpell, Choose, PassPriority
from tests.engine.driving import table
from tests.oracle.conftest import record

RENOUNCE = record("Renounce", "{1}{W}", "Instant",
                  "Sacrifice any number of permanents. You gain 2 life for each permanent sacrificed this way.")
MANA_SEISM = record("Mana Seism", "{1}{R}", "Sorcery", "Sacrifice any number of lands, then add that much {C}.")
BONTU = record("God-Eternal Bontu", "{3}{B}{B}", "Legendary Creature — Zombie God",
               "Menace\nWhen God-Eternal Bontu enters the battlefield, sacrifice any number of other permanents, then "
               "draw that many cards.\nWhen God-Eternal Bontu dies or is put into exile from the battlefield, you may "
               "put it into its owner's library third from the top.", "5/6")


def _cast_choosing(g, card: int, pick) -> list:
    """Casts `card`, passes until it has resolved, answering its one choice with `pick(options)`; the options."""
    g.apply(CastSpell(0, card))
    seen = []
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            seen = list(d.options)
            assert d.min == 0           # any number: none too
            g.apply(Choose(d.player, pick(d.options)))
        else:
            g.apply(PassPriority(d.player))
    return seen


@pytest.mark.rules("701.21a", "608.2d")
def test_renounce_gains_2_life_for_each_permanent_sacrificed(extra_cards):
    extra_cards(RENOUNCE, fully_read=True)
    g, ids = table(["Plains", "Plains", "Grizzly Bears", "Savannah Lions", "Sol Ring"], ["Hill Giant"], ["Renounce"])
    options = _cast_choosing(g, ids["Renounce"], lambda _: (ids["Grizzly Bears"], ids["Sol Ring"]))
    assert ids["B:Hill Giant"] not in options            # only its controller's
    assert g.state.players[0].life == 24
    assert ids["Grizzly Bears"] not in g.state.battlefield and ids["Savannah Lions"] in g.state.battlefield


@pytest.mark.rules("701.21a", "608.2d")
def test_renounce_may_sacrifice_nothing(extra_cards):
    extra_cards(RENOUNCE, fully_read=True)
    g, ids = table(["Plains", "Plains", "Grizzly Bears"], [], ["Renounce"])
    _cast_choosing(g, ids["Renounce"], lambda _: ())
    assert g.state.players[0].life == 20 and ids["Grizzly Bears"] in g.state.battlefield


@pytest.mark.rules("701.21a", "106.1")
def test_mana_seism_adds_a_colorless_mana_for_each_land_sacrificed(extra_cards):
    extra_cards(MANA_SEISM, fully_read=True)
    g, ids = table(["Mountain", "Mountain", "Forest", "Forest", "Grizzly Bears"], [], ["Mana Seism"])
    options = _cast_choosing(g, ids["Mana Seism"], lambda opts: tuple(opts[:3]))
    assert ids["Grizzly Bears"] not in options and len(options) == 4
    assert {k: v for k, v in g.state.players[0].mana_pool.items() if v} == {"C": 3}


@pytest.mark.rules("701.21a", "603.3")
def test_god_eternal_bontu_draws_a_card_for_each_other_permanent_sacrificed(extra_cards):
    extra_cards(BONTU, fully_read=True)
    g, ids = table(["Swamp"] * 5 + ["Grizzly Bears"], [], ["God-Eternal Bontu"])
    hand = len(g.state.players[0].hand) - 1
    options = _cast_choosing(g, ids["God-Eternal Bontu"], lambda opts: (ids["Grizzly Bears"], next(o for o in opts if o != ids["Grizzly Bears"])))
    bontu = next(o for o in g.state.battlefield if g.characteristics(o).name == "God-Eternal Bontu")
    assert bontu not in options                          # "other permanents"
    assert len(g.state.players[0].hand) == hand + 2
