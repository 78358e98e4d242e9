"""The Commander variant (903) through the Game facade: a new Commander game, saving and loading its facts,
the snapshot the table draws, and the multiplayer mulligan (103.5c). The rules in play are tested by the
scenarios of tests/scenarios/commander."""
import json

import pytest

from engine import Game
from engine.core.enums import DecisionKind, Zone
from engine.core.player_actions import Choose, Concede, Mulligan
from engine.core.savecheck import SaveError, validate_state

DOG = "Isamaru, Hound of Konda"
KALITAS = "Kalitas, Traitor of Ghet"


def commander_game(seed: int = 1) -> Game:
    return Game.new([["Plains"] * 99, ["Swamp"] * 99], seed=seed, starting_player=0,
                    commanders=[[DOG], [KALITAS]])


@pytest.mark.rules("903.6", "903.7", "408.3")
def test_a_new_commander_game_puts_each_commander_in_the_command_zone_at_40_life():
    g = commander_game()
    s = g.state
    assert [s.objects[o].name for o in s.command] == [DOG, KALITAS]
    assert [s.objects[o].owner for o in s.command] == [0, 1]
    assert [p.life for p in s.players] == [40, 40]
    assert [len(p.library) + len(p.hand) for p in s.players] == [99, 99]   # 100 with the commander
    assert g.pending.kind is DecisionKind.MULLIGAN


def test_a_commander_game_names_a_commander_for_every_player():
    with pytest.raises(ValueError, match="each of its 2 players"):
        Game.new([["Plains"] * 99, ["Swamp"] * 99], commanders=[[DOG]])


@pytest.mark.rules("903.8", "903.10a")
def test_commander_facts_survive_saving_and_cloning():
    g = commander_game()
    dog = g.find_card(g.state.objects[g.state.command[0]].card_id)
    g.state.commander.note_cast(dog.card_id)
    g.set_commander_damage(1, dog.card_id, 12)
    text = json.dumps(g.state.to_json())
    loaded = Game.from_json(text)
    assert loaded.state.commander == g.state.commander
    assert loaded.state.commander.tax(dog.card_id) == 2
    clone = g.clone()
    clone.state.commander.note_cast(dog.card_id)
    assert g.state.commander.casts[dog.card_id] == 1       # the clone's facts are its own


def test_a_save_with_a_commander_that_isnt_a_card_of_its_owner_is_refused():
    g = commander_game()
    d = json.loads(json.dumps(g.state.to_json()))
    card = next(iter(d["commander"]["owners"]))
    d["commander"]["owners"][card] = 1 - d["commander"]["owners"][card]
    with pytest.raises(SaveError, match="commander.owners"):
        validate_state(d)
    d = json.loads(json.dumps(g.state.to_json()))
    d["commander"]["damage"] = {"0": {card: -3}}
    with pytest.raises(SaveError, match="commander.damage"):
        validate_state(d)


@pytest.mark.rules("408.1", "903.8", "903.10a")
def test_the_snapshot_shows_the_command_zone_the_tax_and_the_commander_damage():
    g = commander_game()
    dog = g.state.objects[g.state.command[0]].card_id
    g.state.commander.note_cast(dog)
    g.set_commander_damage(1, dog, 7)
    snap = g.snapshot(viewer=1)
    a, b = snap["players"]
    assert [c["name"] for c in a["command"]] == [DOG]
    assert a["commanders"] == [{"card_id": dog, "name": DOG, "zone": "command", "casts": 1, "tax": 2}]
    assert b["commander_damage"] == [{"card_id": dog, "name": DOG, "owner": 0, "amount": 7}]
    assert a["commander_damage"] == []


def test_a_game_that_is_not_commander_has_no_commander_facts():
    g = Game.new([["Plains"] * 60, ["Swamp"] * 60], seed=1)
    assert g.state.commander is None
    assert "commanders" not in g.snapshot()["players"][0]


@pytest.mark.rules("903.8")
def test_the_commander_is_a_legal_cast_from_the_command_zone():
    g = Game.empty()
    g.add_card("Plains", 0, Zone.BATTLEFIELD)
    dog = g.add_card(DOG, 0, Zone.COMMAND)
    g.designate_commander(dog, 0)
    g.start_at(3, 0, "main1")
    g.resume()
    casts = [a for a in g.legal_actions() if type(a).__name__ == "CastSpell"]
    assert [a.card for a in casts] == [dog]
    g.apply(casts[0])
    assert g.state.stack and g.state.commander.casts[g.state.objects[g.state.stack[0]].card_id] == 1


@pytest.mark.rules("103.5c")
def test_in_a_multiplayer_game_the_first_mulligan_is_free():
    g = Game.new([["Plains"] * 99] * 3, seed=2, starting_player=0, names=("A", "B", "C"),
                 commanders=[[DOG], [DOG], [DOG]])
    g.apply(Mulligan(0, False))
    g.apply(Mulligan(1, True))
    g.apply(Mulligan(2, True))
    d = g.pending
    assert d.kind is DecisionKind.MULLIGAN and d.player == 0 and "bottom" not in d.prompt
    g.apply(Mulligan(0, False))             # the second mulligan counts: one card to the bottom
    g.apply(Mulligan(0, True))
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 0 and d.min == d.max == 1
    g.apply(Choose(0, (d.options[0],)))
    assert len(g.state.players[0].hand) == 6


@pytest.mark.rules("103.5")
def test_in_a_commander_duel_the_first_mulligan_counts():
    g = commander_game()
    g.apply(Mulligan(0, False))
    g.apply(Mulligan(1, True))
    g.apply(Mulligan(0, True))
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.min == d.max == 1


@pytest.mark.rules("903.9a")
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_ai_puts_its_commander_into_the_command_zone(level):
    from engine.ai import make_player

    g = Game.empty()
    dog = g.add_card(DOG, 0, Zone.GRAVEYARD)
    g.designate_commander(dog, 0)
    g.add_card("Plains", 0, Zone.LIBRARY)
    g.add_card("Plains", 1, Zone.LIBRARY)
    g.start_at(3, 0, "main1")
    g.resume()
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.data["choice"] == "command_zone" and d.player == 0
    action = make_player(level, 1).choose(g)
    assert action == Choose(0, ("yes",))
    g.apply(action)
    assert [g.state.objects[o].name for o in g.state.command] == [DOG]


@pytest.mark.rules("903.10a", "704.6c", "802.1")
def test_the_heuristic_attacks_the_opponent_its_commander_can_finish():
    from engine.ai.combat import choose_defender
    from engine.core.enums import Step

    g = Game.empty(["A", "B", "C"])
    for p in range(3):
        for _ in range(4):
            g.add_card("Plains", p, Zone.LIBRARY)
    dog = g.add_card(DOG, 0, Zone.BATTLEFIELD)
    g.designate_commander(dog, 0)
    g.add_card("Serra Angel", 2, Zone.BATTLEFIELD)
    g.start_at(3, 0, Step.MAIN1)
    assert choose_defender(g, 0, ["P1", "P2"], [dog]) == "P2"       # C's board is the threat
    g.set_commander_damage(1, g.state.objects[dog].card_id, 19)
    assert choose_defender(g, 0, ["P1", "P2"], [dog]) == "P1"       # Isamaru's 2 finish B (21)


@pytest.mark.rules("800.4a", "903.3")
def test_the_save_of_a_game_whose_commander_left_with_its_owner_loads_back():
    """Found by the Commander fuzz: a player who leaves takes their commander out of the game, and the save
    still names it as their commander (what it dealt stays counted, 903.10a)."""
    g = Game.new([["Plains"] * 99] * 3, seed=2, starting_player=0, names=("A", "B", "C"),
                 commanders=[[DOG], [KALITAS], [DOG]])
    g.apply(Concede(1))
    assert g.state.players[1].lost and KALITAS not in {o.name for o in g.state.objects.values()}
    text = g.to_json()
    assert Game.from_json(text).to_json() == text
    d = json.loads(text)
    d["commander"]["owners"]["9999"] = 0                # a player still in the game has no such card
    with pytest.raises(SaveError, match="names no card"):
        validate_state(d)
