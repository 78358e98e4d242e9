"""Amounts that count cards in a zone, read by compiled cards: "the number of [creature] cards in your
graveyard" (404.2: a graveyard is public, anyone may count it)."""
from __future__ import annotations

from engine.core.abilities import Amount
from engine.effects.resolution import Resolution
from engine.query.layers import characteristics, matches_ch


def _cards_in_graveyard(res: Resolution, a: Amount) -> int:
    s = res.state
    players = res.players(a.ref) if a.ref is not None else [res.controller]
    return sum(1 for p in players for oid in s.players[p].graveyard
               if matches_ch(s, s.objects[oid], characteristics(s, oid), a.filter, res.controller, None))


# Amount kinds this module reads, installed by engine.wiring.
AMOUNTS = {
    "cards_in_graveyard": _cards_in_graveyard,
}
