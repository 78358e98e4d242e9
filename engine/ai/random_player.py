"""The random player: picks uniformly among the legal actions, from its own seeded RNG; a combat
declaration uniformly by its size first (how many creatures attack or block), then among those of
that size. It stops repeating itself as a person would: a permanent with an activated ability of its own
on the stack isn't activated again until that resolves (a "{0}:" ability with several targets, picked at
random more often than a pass, would otherwise pile up on the stack for ever); and it activates one
source's abilities at most `PER_TURN` times a turn (with Earthcraft and a hundred creature tokens, each
untapping a land, a turn otherwise went on for thousands of actions)."""
from __future__ import annotations

from engine.ai.by_hand import ai_actions
from engine.core.player_actions import Action, ActivateAbility, DeclareAttackers, DeclareBlockers
from engine.game import Game
from engine.core.rng import Rng


def declaration_size(action: Action) -> int | None:
    """How many creatures a combat declaration sends (508.1a) or blocks with (509.1a); None for
    another action."""
    if isinstance(action, DeclareAttackers):
        return len(action.attacks)
    if isinstance(action, DeclareBlockers):
        return len(action.blocks)
    return None


REPEATS = 1


def without_repeated_activations(game: Game, actions: list[Action]) -> list[Action]:
    """The actions without activations of a source that has `REPEATS` activated abilities on the stack already."""
    s = game.state
    counts: dict[int | None, int] = {}
    for oid in s.stack:
        st = s.objects[oid].stack
        if st is not None and st.ability_kind == "activated":
            counts[st.source_id] = counts.get(st.source_id, 0) + 1
    if not counts or max(counts.values()) < REPEATS:
        return actions
    return [a for a in actions if not (isinstance(a, ActivateAbility) and counts.get(a.source, 0) >= REPEATS)] \
        or actions


PER_TURN = 10


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.turn = 0
        self.activated: dict[int, int] = {}     # this turn's activations by source

    def choose(self, game: Game) -> Action:
        actions = ai_actions(game)
        if not actions:
            raise RuntimeError(f"no legal action for {game.pending}")
        actions = without_repeated_activations(game, actions)
        if game.state.turn != self.turn:
            self.turn, self.activated = game.state.turn, {}
        if self.activated:
            actions = [a for a in actions if not (isinstance(a, ActivateAbility)
                                                  and self.activated.get(a.source, 0) >= PER_TURN)] or actions
        sizes = sorted({s for s in map(declaration_size, actions) if s is not None})
        if len(sizes) > 1:
            # The declarations listed are none, all, and one creature each: picked uniformly, "all" would
            # come up once in as many turns as there are creatures, and an army of tokens would never
            # attack (a game of doubling tokens running away). Each size is as likely.
            size = sizes[self.rng.below(len(sizes))]
            actions = [a for a in actions if declaration_size(a) == size]
        chosen = actions[self.rng.below(len(actions))]
        if isinstance(chosen, ActivateAbility):
            self.activated[chosen.source] = self.activated.get(chosen.source, 0) + 1
        return chosen
