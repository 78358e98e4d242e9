"""The Commander variant (903) and the command zone (408).

- 903.3, 903.6, 408.3: each player's commander (two with partner, 702.124) starts the game face up in the
  command zone, designated by its card (engine.core.commanders keeps the designation by card id).
- 903.7: life totals start at 40.
- 903.8: a player may cast a commander they own from the command zone, for {2} more for each previous
  time they cast it from there (the commander tax, a cost increase of 601.2f).
- 903.9a: a commander put into a graveyard or exile since the last check of state-based actions may go to
  the command zone, as its owner chooses (a state-based action, asked "yes"/"no").
- 903.9b: a commander that would be put into its owner's hand or library may go to the command zone
  instead (a replacement effect: engine.board.replacement.command_zone_instead).
- 903.10a, 704.6c: a player dealt 21 or more combat damage by one commander over the game loses
  (engine.board.damage records it).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.commanders import COMMANDER_DAMAGE_LOSS, COMMANDER_LIFE, CommanderGame, commander_tax, in_command_zone
from engine.core.enums import DecisionKinds, Zones
from engine.core.events import Event
from engine.core.mana import ManaCost
from engine.core.state import Decision, SbaTask
from engine.board.zones import move

if TYPE_CHECKING:
    from engine.core.objects import GameObject
    from engine.core.state import GameState
    from engine.game import Game

VARIANT = "commander"
# 903.9a: the object the owner chose to leave in the graveyard or exile; a new object is asked again.
_STAYS = "commander_stays"


def begin_commander_game(game: "Game", commanders: list[list[int]]) -> None:
    """903.3, 903.6, 903.7: a Commander game; designates each player's commander cards (the ids of cards
    put into the command zone) and sets every life total to 40."""
    game.state.commander = CommanderGame()
    for player, oids in enumerate(commanders):
        for oid in oids:
            designate(game, oid, player)
    for p in game.state.players:
        p.life = COMMANDER_LIFE


def designate(game: "Game", oid: int, player: int) -> None:
    """Makes a card `player` owns their commander (903.3), wherever it is."""
    s = game.state
    if s.commander is None:
        s.commander = CommanderGame()
    o = s.objects[oid]
    if o.owner != player or o.token is not None or o.is_ability:
        raise ValueError(f"{o.name} isn't a card of player {player}: it can't be their commander")
    s.commander.owners[o.card_id] = player


def is_commander(s: "GameState", o: "GameObject") -> bool:
    return s.commander is not None and s.commander.is_commander(o)


castable_from_command_zone = in_command_zone


def add_commander_tax(game: "Game", o: "GameObject", d, total: ManaCost, targets, specs, player: int) -> ManaCost:
    """903.8: a commander cast from the command zone costs {2} more for each previous cast from there (a
    cost increase, applied before reductions: 601.2f). A SPELL_COST_MODIFIERS hook."""
    tax = commander_tax(game.state, o.id)
    return total.plus(ManaCost.parse("{%d}" % tax)) if tax else total


def note_cast(game: "Game", o: "GameObject") -> None:
    """903.8: counts a cast from the command zone (called as the card moves to the stack)."""
    s = game.state
    if o.zone is Zones.COMMAND and is_commander(s, o):
        s.commander.note_cast(o.card_id)


# ---------------------------------------------------------------- state-based actions

def commander_damage_losers(s: "GameState") -> list[int]:
    """704.6c, 903.10a: the players dealt 21 or more combat damage by the same commander."""
    if s.commander is None:
        return []
    return [p for p, taken in s.commander.damage.items()
            if not s.players[p].lost and any(n >= COMMANDER_DAMAGE_LOSS for n in taken.values())]


def commanders_to_return(s: "GameState") -> list[int]:
    """903.9a: commanders in a graveyard or in exile whose owner hasn't yet chosen to leave them there."""
    if s.commander is None:
        return []
    out = []
    for card_id, owner in s.commander.owners.items():
        for oid in (*s.players[owner].graveyard, *s.exile):
            o = s.objects[oid]
            if o.card_id == card_id and s.commander.is_commander(o) and not o.chosen.get(_STAYS):
                out.append(oid)
    return out


def ask_return(game: "Game", oid: int) -> None:
    """903.9a: the owner chooses whether the commander goes to the command zone."""
    s = game.state
    o = s.objects[oid]
    s.pending = Decision(o.owner, DecisionKinds.CHOOSE,
                         f"{o.name} is in your {o.zone.value}: put it into the command zone?",
                         ["yes", "no"], 1, 1, {"choice": "command_zone", "object": oid})
    s.task = SbaTask(kind_="commander", group=[oid])


def answer_return(game: "Game", oid: int, answer: Any) -> None:
    s = game.state
    if oid not in s.objects:
        return
    if answer == "yes":
        move(game, oid, Zones.COMMAND, cause="commander")
        return
    s.writable(oid).chosen[_STAYS] = True
    game.emit(Event("commander_stays", {"object": oid, "player": s.objects[oid].owner},
                    f"{s.objects[oid].name} stays in the {s.objects[oid].zone.value}"))
