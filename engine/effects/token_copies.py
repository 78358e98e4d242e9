"""Tokens that are copies of permanents ("Create a token that's a copy of target creature you
control": 111.4's example, 707.2). The token's copiable values are the permanent's (its card, or
the copy effect already on it, 707.3), kept as the token's `copy_of` like a Clone's."""
from __future__ import annotations

import json

from engine.effects.resolution import Resolution
from engine.board.primitives import create_token
from engine.core.enums import Zone
from engine.query.layers import characteristics
from engine.core.objects import GameObject
from engine.core.effect_types import CreateTokenCopy


def copiable_key(o: GameObject) -> str:
    """The card definition key of an object's copiable values (707.2), including a copy effect on it
    (707.3) and a token's own characteristics."""
    if o.copy_of:
        return o.copy_of
    if o.token is not None:
        return "token:" + json.dumps(o.token, sort_keys=True)
    return o.name


def _create_token_copy(res: Resolution, e: CreateTokenCopy) -> None:
    s = res.state
    n = res.amount(e.amount)
    for oid in res.objects(e.what):
        o = s.objects.get(oid)
        if o is None or o.zone is not Zone.BATTLEFIELD:
            continue
        key, name = copiable_key(o), characteristics(s, oid).name
        for _ in range(n):
            res.created.append(create_token(res.game, {"name": name, "copy_of": key}, res.controller, copy_of=key))


# The effect handlers this module carries out, installed by engine.wiring.
HANDLERS = {
    CreateTokenCopy: _create_token_copy,
}
