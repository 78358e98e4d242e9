"""Morph costs paid with an object (702.37a, 702.37e): "Morph—Reveal a white card in your hand", "Morph—Return a Bird
you control to its owner's hand". Turning the permanent face up is a special action (116.2b) whose action names what
pays that part of the cost (118.3); the legal actions offer each card or permanent that may. Played with real cards
(Khans of Tarkir, Legions)."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, TurnFaceUp
from tests.engine.driving import resolve_stack, table
from tests.oracle.conftest import record

WATCHER_OF_THE_ROOST = record("Watcher of the Roost", "{2}{W}", "Creature — Bird Soldier",
                              "Flying\nMorph—Reveal a white card in your hand. (You may cast this card face down as a "
                              "2/2 creature for {3}. Turn it face up any time for its morph cost.)\nWhen Watcher of the "
                              "Roost is turned face up, you gain 2 life.", "2/1")
RAVEN_GUILD_INITIATE = record("Raven Guild Initiate", "{2}{U}", "Creature — Human Wizard",
                              "Morph—Return a Bird you control to its owner's hand. (You may cast this card face down "
                              "as a 2/2 creature for {3}. Turn it face up any time for its morph cost.)", "1/4")


def _face_ups(g, oid):
    return [a for a in g.legal_actions() if isinstance(a, TurnFaceUp) and a.card == oid]


@pytest.mark.rules("702.37e", "701.20a", "116.2b")
def test_watcher_of_the_roost_turns_face_up_revealing_a_white_card(extra_cards):
    extra_cards(WATCHER_OF_THE_ROOST, fully_read=True)
    g, ids = table(["Plains"] * 3, [], ["Watcher of the Roost", "Serra Angel", "Opt", "Savannah Lions"])
    g.apply(CastSpell(0, ids["Watcher of the Roost"], alt="face_down"))
    resolve_stack(g)
    (watcher,) = [o for o in g.state.battlefield if g.state.objects[o].face_down]     # a new object (400.7)
    # the white cards in the hand may pay it, the blue one may not
    assert {a.cost_object for a in _face_ups(g, watcher)} == {ids["Serra Angel"], ids["Savannah Lions"]}
    with pytest.raises(IllegalAction):
        g.apply(TurnFaceUp(0, watcher, cost_object=ids["Opt"]))
    with pytest.raises(IllegalAction):
        g.apply(TurnFaceUp(0, watcher))
    events = g.apply(TurnFaceUp(0, watcher, cost_object=ids["Serra Angel"]))
    assert any(e.kind == "reveal" and e.data["cards"] == [ids["Serra Angel"]] for e in events)
    assert not g.state.objects[watcher].face_down and ids["Serra Angel"] in g.state.players[0].hand
    resolve_stack(g)
    assert g.state.players[0].life == 22


@pytest.mark.rules("702.37e", "118.3")
def test_raven_guild_initiate_returns_a_bird_to_turn_face_up(extra_cards):
    extra_cards(RAVEN_GUILD_INITIATE, WATCHER_OF_THE_ROOST, fully_read=True)
    g, ids = table(["Watcher of the Roost", "Grizzly Bears"], [], [])
    initiate = g.add_card("Raven Guild Initiate", 0, Zone.BATTLEFIELD, face_down=True)
    bird = ids["Watcher of the Roost"]
    assert {a.cost_object for a in _face_ups(g, initiate)} == {bird}
    with pytest.raises(IllegalAction):
        g.apply(TurnFaceUp(0, initiate, cost_object=ids["Grizzly Bears"]))
    g.apply(TurnFaceUp(0, initiate, cost_object=bird))
    assert not g.state.objects[initiate].face_down
    assert any(g.state.objects[o].name == "Watcher of the Roost" for o in g.state.players[0].hand)


@pytest.mark.rules("702.37e", "118.3")
def test_without_a_card_to_reveal_it_stays_face_down(extra_cards):
    extra_cards(WATCHER_OF_THE_ROOST, fully_read=True)
    g, ids = table([], [], ["Opt"])
    watcher = g.add_card("Watcher of the Roost", 0, Zone.BATTLEFIELD, face_down=True)
    assert not _face_ups(g, watcher)


WARBREAK_TRUMPETER = record("Warbreak Trumpeter", "{R}", "Creature — Goblin",
                            "Morph {X}{X}{R} (You may cast this card face down as a 2/2 creature for {3}. Turn it face "
                            "up any time for its morph cost.)\nWhen Warbreak Trumpeter is turned face up, create X 1/1 "
                            "red Goblin creature tokens.", "1/1")
BANE_OF_THE_LIVING = record("Bane of the Living", "{2}{B}{B}", "Creature — Insect",
                            "Morph {X}{B}{B} (You may cast this card face down as a 2/2 creature for {3}. Turn it face "
                            "up any time for its morph cost.)\nWhen Bane of the Living is turned face up, all creatures "
                            "get -X/-X until end of turn.", "4/3")


@pytest.mark.rules("107.3d", "107.3e", "702.37e")
@pytest.mark.parametrize("x", [0, 2])
def test_warbreak_trumpeter_makes_as_many_goblins_as_the_x_of_its_morph_cost(extra_cards, x):
    extra_cards(WARBREAK_TRUMPETER, fully_read=True)
    g, ids = table(["Mountain"] * 5, [], [])
    trumpeter = g.add_card("Warbreak Trumpeter", 0, Zone.BATTLEFIELD, face_down=True)
    assert {a.x for a in _face_ups(g, trumpeter)} == {0, 1, 2}      # {X}{X}{R} from five Mountains
    with pytest.raises(IllegalAction):
        g.apply(TurnFaceUp(0, trumpeter))                           # X is chosen
    g.apply(TurnFaceUp(0, trumpeter, x=x))
    assert sum(g.state.objects[o].tapped for o in g.state.battlefield) == 2 * x + 1
    resolve_stack(g)
    assert len([o for o in g.state.battlefield if "Goblin" in g.characteristics(o).subtypes]) == x + 1


@pytest.mark.rules("107.3e", "702.37e")
def test_bane_of_the_living_gives_all_creatures_minus_x(extra_cards):
    extra_cards(BANE_OF_THE_LIVING, fully_read=True)
    g, ids = table(["Swamp"] * 4, ["Grizzly Bears", "Serra Angel"], [])
    bane = g.add_card("Bane of the Living", 0, Zone.BATTLEFIELD, face_down=True)
    g.apply(TurnFaceUp(0, bane, x=2))
    resolve_stack(g)
    assert g.characteristics(ids["B:Serra Angel"]).power == 2 and g.characteristics(bane).toughness == 1
    assert ids["B:Grizzly Bears"] not in g.state.battlefield            # 2/2 gets -2/-2 and dies
