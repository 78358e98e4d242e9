"""The AI and text played by hand (issue 12): the AI never plays a card or ability whose text the engine
doesn't fully read (it could not carry the rest out), nor puts a triggered ability on the stack by hand.
What a person did by hand is ordinary state to it. Were it ever to control a spell or ability resolving by
hand, it says Done at once, so it never waits."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import player_actions as A
from engine.core.effect_types import ByHand
from engine.effects.by_hand import DONE, is_by_hand
from engine.loop.legal import CastWanted, land_play_actions, spell_and_ability_actions
from engine.query.layers import characteristics

if TYPE_CHECKING:
    from engine.game import Game


def ai_actions(game: "Game") -> list[A.Action]:
    """The legal actions an AI player chooses among."""
    d = game.pending
    if is_by_hand(d):
        return [A.Choose(d.player, (DONE,))]
    actions = game.legal_actions()
    return [a for a in actions if not plays_by_hand(game, a)]


def ai_spells_and_abilities(game: "Game", wanted: CastWanted | None = None) -> list[A.Action]:
    """At the AI player's priority, the pass and the casts and activations among `ai_actions`, in their order, without
    listing the rest (land plays, special actions): all the heuristic player weighs there. `wanted`: only the casts
    of the cards and modes it accepts (engine.loop.legal.spell_and_ability_actions)."""
    return [a for a in spell_and_ability_actions(game, wanted) if not plays_by_hand(game, a)]


def ai_land_plays(game: "Game") -> list[A.Action]:
    """The lands among `ai_actions` at the player's priority, without listing the rest."""
    return [a for a in land_play_actions(game, game.pending.player) if not plays_by_hand(game, a)]


def plays_by_hand(game: "Game", action: A.Action) -> bool:
    if isinstance(action, A.TriggerByHand):
        return True
    s = game.state
    if isinstance(action, (A.CastSpell, A.PlayLand)):
        return bool(characteristics(s, action.card).definition.unsupported)
    if isinstance(action, A.ActivateAbility):
        abilities = characteristics(s, action.source).activated
        return 0 <= action.index < len(abilities) and any(isinstance(e, ByHand)
                                                          for e in abilities[action.index].mode.effects)
    return False
