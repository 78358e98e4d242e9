"""Conspiracies (315, 905.4-905.5) and hidden agenda (702.106): the conspiracy cards a player brings
(`Game.new(conspiracies=...)`) start the game in the command zone before the decks are shuffled (315.2, 103.2e),
those with hidden or double agenda face down with one or two card names secretly chosen (702.106a-b, f). A face-up
conspiracy's static and triggered abilities work from the command zone (113.6p, 315.5: `query.layers`'
`working_from_command`); a face-down one has no characteristics (315.5b). Its controller, its owner (315.6), may
turn a face-down one face up any time they have priority, a special action revealing the names (116.2j,
702.106c). The names are the conspiracy's `chosen["card_name"]`, which "the chosen name" reads (702.106d)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from engine.core import player_actions as A
from engine.core.cards import card_def
from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.board.zones import create_object
from engine.rules.timing import took_action

if TYPE_CHECKING:
    from engine.game import Game

# What a player brings: a conspiracy's name, or its name with the card names secretly chosen for its hidden or
# double agenda.
ConspiracyEntry = str | tuple[str, Sequence[str]]
AGENDAS = {"hidden agenda": 1, "double agenda": 2}


def is_conspiracy(name: str) -> bool:
    return "Conspiracy" in card_def(name).types


def put_conspiracies(game: "Game", player: int, brought: Sequence[ConspiracyEntry]) -> None:
    """315.2, 702.106a-b, f: each conspiracy into the command zone; one with hidden agenda face down with the one
    name chosen, with double agenda with two different names; any other face up, no name. The names are cards
    the game looked up (201.2)."""
    for entry in brought:
        name, names = (entry, ()) if isinstance(entry, str) else (entry[0], tuple(entry[1]))
        if not is_conspiracy(name):
            raise IllegalAction(f"{name} is no conspiracy card (315.2)")
        agenda = next((AGENDAS[k.name] for k in card_def(name).keywords if k.name in AGENDAS), 0)
        if len(names) != agenda or len(set(names)) != agenda:
            raise IllegalAction(f"{name}: " + (f"choose {agenda} different card name(s) for its "
                                                 f"{'double' if agenda == 2 else 'hidden'} agenda (702.106a, f)"
                                                 if agenda else "it has no hidden agenda: no name is chosen"))
        o = create_object(game, name, player, Zone.COMMAND)
        o.face_down = bool(agenda)
        if names:
            o.chosen["card_name"] = list(names)
    game.state.invalidate()


def face_down_conspiracy(game: "Game", oid: int) -> bool:
    o = game.state.objects.get(oid)
    return o is not None and o.zone is Zone.COMMAND and o.face_down and is_conspiracy(o.name)


def turn_conspiracy_face_up(game: "Game", action: A.TurnFaceUp) -> None:
    """116.2j, 702.106c: the special action of turning a face-down conspiracy one controls face up, revealing the
    names chosen for it (702.106e: all players see them)."""
    s = game.state
    o = s.objects[action.card]
    if o.controller != action.player:
        raise IllegalAction("only its controller turns a face-down conspiracy face up (702.106c)")
    s.writable(o.id).face_down = False
    s.invalidate()
    named = " and ".join(o.chosen.get("card_name", ()))
    game.emit(Event("turned_face_up", {"object": o.id, "player": action.player, "names": list(o.chosen.get("card_name", ()))},
                    f"{s.players[action.player].name} turns {o.name} face up, revealing {named}"))
    took_action(game, action.player)      # 116.3c: the player receives priority again


def conspiracy_actions(game: "Game", player: int) -> list[A.TurnFaceUp]:
    """116.2j: the face-down conspiracies the player controls, each of which they may turn face up now."""
    s = game.state
    return [A.TurnFaceUp(player, oid) for oid in s.command
            if s.objects[oid].controller == player and face_down_conspiracy(game, oid)]
