"""Venture into the dungeon (701.49) and dungeon cards (309): the dungeon in the command zone, the venture
marker moving room by room, room abilities triggering, completing a dungeon (309.7, 704.5t)."""
from __future__ import annotations

import pytest

from engine.core.cards import dungeon_def
from engine.core.enums import DecisionKind, Zone
from engine.core.player_actions import CastSpell, Choose, PassPriority
from engine.effects.dungeons import dungeon_of, playable_dungeons
from engine.game import Game
from engine.loop.view import snapshot
from tests.engine.driving import on_battlefield, settle, table
from tests.engine.test_keyword_combat import creature

# A test card: venture alone, free so one turn can venture again and again.
DELVE_DEEPER = {"name": "Delve Deeper", "manaCost": "{0}", "type": "Sorcery", "types": ["Sorcery"],
                "text": "Venture into the dungeon. (Enter the first room or advance to the next room.)"}
LOST_MINE = "Lost Mine of Phandelver"
# Real cards' Oracle text (Adventures in the Forgotten Realms), Varis shortened to its dungeon ability.
GLOOM_STALKER = creature("Gloom Stalker", "{2}{W}", "Dwarf Ranger",
                         "As long as you've completed a dungeon, Gloom Stalker has double strike.", "2/3")
VARIS = creature("Varis, Silverymoon Ranger", "{1}{G}{W}", "Elf Ranger",
                 "Whenever you complete a dungeon, create a 2/2 green Wolf creature token.", "3/3")


def _venture(g, rooms: list[str]) -> None:
    """Casts one Delve Deeper and resolves it, choosing Lost Mine of Phandelver and then `rooms` in order."""
    card = g.add_card("Delve Quickly" if g.state.stack else "Delve Deeper", 0, Zone.HAND)
    g.apply(CastSpell(0, card))

    def answer(d):
        key = d.data.get("key", "")
        if key.endswith("dungeon"):
            return (LOST_MINE,)
        if key.endswith("room"):
            return (rooms.pop(0),)
        return tuple(d.options[:d.min or 1])
    settle(g, answer)


@pytest.mark.rules("309.4c")
def test_room_abilities_are_compiled_triggered_abilities():
    d = dungeon_def(LOST_MINE)
    assert not d.unsupported and [ab.trigger.nth for ab in d.triggered] == list(range(1, 8))
    assert LOST_MINE in playable_dungeons()
    # a dungeon with a room the compiler doesn't read isn't offered (never played as if blank)
    assert all(not dungeon_def(n).unsupported for n in playable_dungeons())


@pytest.mark.rules("701.49a", "701.49b", "309.2a", "309.4a", "309.4c", "309.5a", "309.6", "309.7", "704.5t", "611.3a")
def test_venturing_through_lost_mine_of_phandelver(extra_cards):
    extra_cards(DELVE_DEEPER, GLOOM_STALKER, VARIS)
    g, ids = table(["Plains", "Gloom Stalker", "Varis, Silverymoon Ranger"], ["Grizzly Bears"])
    s = g.state
    assert not g.characteristics(ids["Gloom Stalker"]).has("double strike")
    _venture(g, [])                                     # Cave Entrance: scry 1
    dungeon = dungeon_of(s, 0)
    assert dungeon in s.command and s.objects[dungeon].name == LOST_MINE
    assert s.objects[dungeon].chosen["room"] == 1
    assert snapshot(g, 1)["players"][0]["dungeon"] == {"id": dungeon, "name": LOST_MINE, "room": "Cave Entrance"}
    _venture(g, ["Mine Tunnels"])                       # create a Treasure token
    assert any(s.objects[o].name == "Treasure Token" for o in s.battlefield)
    life = (s.players[0].life, s.players[1].life)
    _venture(g, ["Dark Pool"])                          # each opponent loses 1 life and you gain 1 life
    assert (s.players[0].life, s.players[1].life) == (life[0] + 1, life[1] - 1)
    hand = len(s.players[0].hand)
    _venture(g, ["Temple of Dumathoin"])                # draw a card; then the dungeon is completed
    assert len(s.players[0].hand) == hand + 1
    assert dungeon_of(s, 0) is None and dungeon not in s.objects
    assert s.players[0].dungeons_completed == [LOST_MINE]
    assert g.characteristics(ids["Gloom Stalker"]).has("double strike"), "as long as you've completed a dungeon"
    assert on_battlefield(g, "Wolf Token"), "whenever you complete a dungeon"
    _venture(g, [])                                     # a new dungeon, from its topmost room
    again = dungeon_of(s, 0)
    assert again is not None and s.objects[again].chosen["room"] == 1


@pytest.mark.rules("309.7")
def test_the_venture_marker_and_completed_dungeons_survive_save_and_clone(extra_cards):
    extra_cards(DELVE_DEEPER)
    g, _ = table(["Plains"], [])
    for rooms in ([], ["Goblin Lair"], ["Storeroom"], ["Temple of Dumathoin"], []):
        _venture(g, rooms)
    for copy in (g.clone(), Game.from_json(g.to_json())):
        assert copy.state.players[0].dungeons_completed == [LOST_MINE]
        assert copy.state.objects[dungeon_of(copy.state, 0)].chosen["room"] == 1



@pytest.mark.rules("701.49c", "309.5b", "309.6")
def test_venturing_from_the_bottommost_room_completes_the_dungeon_and_begins_another(extra_cards):
    quick = dict(DELVE_DEEPER, name="Delve Quickly", type="Instant", types=["Instant"])
    extra_cards(DELVE_DEEPER, quick)
    g, _ = table(["Plains"], [])
    s = g.state
    for rooms in ([], ["Goblin Lair"], ["Dark Pool"]):
        _venture(g, rooms)
    g.apply(CastSpell(0, g.add_card("Delve Deeper", 0, Zone.HAND)))
    while not (s.stack and s.objects[s.stack[-1]].is_ability):      # to Temple of Dumathoin, its ability waiting
        g.apply(Choose(g.pending.player, ("Temple of Dumathoin",)) if g.pending.kind is DecisionKind.CHOOSE
                else PassPriority(g.pending.player))
    dungeon = dungeon_of(s, 0)
    assert s.objects[dungeon].chosen["room"] == 7 and dungeon in s.objects, "not removed while its ability waits"
    _venture(g, [])                                     # in response: complete it, begin a new one
    assert s.players[0].dungeons_completed == [LOST_MINE]
    assert dungeon not in s.objects and s.objects[dungeon_of(s, 0)].chosen["room"] == 1
