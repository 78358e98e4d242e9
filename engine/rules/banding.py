"""Banding (702.22): attacking bands announced with the attack declaration (508.1e, 702.22c-d), a band
blocked as a whole (702.22h), and the player who divides combat damage when banding is among the
blockers or the attackers (702.22j-k)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.abilities import Filter
from engine.query.layers import characteristics, matches_ch

if TYPE_CHECKING:
    from engine.game import Game


def band_error(game: "Game", band: tuple[int, ...], attacks: dict[int, Any]) -> str | None:
    """Why `band` can't be announced with the declaration `attacks` (702.22c-d); None if it can. A band is
    one or more creatures with banding and at most one without, all attacking the same thing."""
    s = game.state
    if len(band) < 2 or len(set(band)) != len(band):
        return "a band is two or more different attacking creatures (702.22c)"
    if any(oid not in attacks for oid in band):
        return "every creature in a band must be declared as an attacker (702.22c)"
    if len({repr(attacks[oid]) for oid in band}) != 1:
        return "the creatures in a band must all attack the same player or planeswalker (702.22d)"
    if _qualities_shared(game, band):
        return None                          # one with "bands with other [quality]" and other [quality] creatures
    without = sum(1 for oid in band if not characteristics(s, oid).has("banding"))
    if without == len(band):
        return "a band needs a creature with banding, or creatures of the quality one bands with (702.22c)"
    if without > 1:
        return "a band may hold at most one creature without banding (702.22c)"
    return None


def _qualities(game: "Game", oid: int) -> list[Filter]:
    """The qualities of `oid`'s "bands with other [quality]" abilities that it has itself (702.22c)."""
    s = game.state
    ch = characteristics(s, oid)
    out = []
    for kw in ch.keywords:
        if kw.name == "bands with other" and kw.target is not None and kw.target.filter is not None \
                and matches_ch(s, s.objects[oid], ch, kw.target.filter, s.objects[oid].controller, oid):
            out.append(kw.target.filter)
    return out


def _qualities_shared(game: "Game", creatures: list[int] | tuple[int, ...]) -> bool:
    """702.22c, j-k: one of `creatures` has "bands with other [quality]" and each of them (two or more) has
    that quality."""
    s = game.state
    alive = [x for x in creatures if x in s.objects]
    if len(alive) < 2:
        return False
    for oid in alive:
        for quality in _qualities(game, oid):
            if all(matches_ch(s, s.objects[x], characteristics(s, x), quality, s.objects[oid].controller, oid)
                   for x in alive):
                return True
    return False


def bands_error(game: "Game", bands: tuple[tuple[int, ...], ...], attacks: dict[int, Any]) -> str | None:
    """Why the announced bands are illegal (702.22c: each creature in one band at most); None if they are legal."""
    seen: set[int] = set()
    for band in bands:
        why = band_error(game, band, attacks)
        if why is not None:
            return why
        if seen & set(band):
            return "a creature may be a member of only one band (702.22c)"
        seen |= set(band)
    return None


def block_bands(game: "Game", blockers: list[int]) -> None:
    """702.22h: a creature blocking one member of a band blocks every other member still attacking."""
    c = game.state.combat
    for b in blockers:
        atts = c.blockers[b]
        for a in list(atts):
            atts.extend(x for x in c.band_of(a) if x not in atts)


def _banding_among(game: "Game", creatures: list[int]) -> bool:
    """702.22j-k: a creature with banding among `creatures`, or one with "bands with other [quality]" and
    another creature of that quality."""
    s = game.state
    if any(x in s.objects and characteristics(s, x).has("banding") for x in creatures):
        return True
    return any(_qualities_shared(game, (q, x)) for q in creatures if q in s.objects and _qualities(game, q)
               for x in creatures if x != q)


def attacker_damage_by_defender(game: "Game", attacker: int) -> bool:
    """702.22j: an attacking creature blocked by a creature with banding (or by two creatures of a quality,
    one of them with "bands with other" that quality) has its combat damage divided by the defending player,
    among the creatures blocking it."""
    return _banding_among(game, game.state.combat.blockers_of(attacker))


def blocker_damage_by_attacker(game: "Game", blocker: int) -> bool:
    """702.22k: a creature blocking a creature with banding (or two creatures of a quality, one of them with
    "bands with other" that quality) has its combat damage divided by the active player, among the creatures
    it blocks."""
    return _banding_among(game, game.state.combat.blockers.get(blocker, []))


def offered_bands(game: "Game", attacks: dict[int, Any]) -> tuple[tuple[int, ...], ...]:
    """The bands the legal actions offer with the declaration `attacks` (702.22c-d): for each thing attacked,
    its attackers with banding and the first one without, when that makes a band."""
    s = game.state
    by_target: dict[str, list[int]] = {}
    for oid, target in attacks.items():
        by_target.setdefault(repr(target), []).append(oid)
    out = []
    for members in by_target.values():
        banding = [x for x in members if characteristics(s, x).has("banding")]
        band = tuple(banding + [x for x in members if x not in banding][:1])
        if not banding:
            # "bands with other [quality]": the first such creature with the others of its quality
            first = next((x for x in members if _qualities(game, x)), None)
            quality = _qualities(game, first)[0] if first is not None else None
            band = tuple(x for x in members if quality is not None and matches_ch(
                s, s.objects[x], characteristics(s, x), quality, s.objects[first].controller, first))
        if len(band) >= 2:
            out.append(band)
    return tuple(out)
