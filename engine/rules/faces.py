"""Casting and playing a face of a multi-faced card: a split card's half or both halves fused (709.3,
702.102a), an Adventure (715.3), the face of a modal double-faced card (712.11b) or its land face
(712.12), an aftermath half from the graveyard (702.127a), an adventurer card from exile after its
Adventure (715.3d).

A card offers its faces by zone (`castable_faces`); the one chosen is turned up on the card before
anything else is checked (`turn_up`), so only that face is evaluated to see if it can be cast (709.3a,
712.11c, 715.3a) and only that face is put on the stack (709.3b, 712.8f, 715.3b).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import player_actions as A
from engine.core.cards import SPLIT_LAYOUTS, CardDef, card_def
from engine.core.enums import Zone, Zones
from engine.core.errors import IllegalAction
from engine.core.objects import GRAVEYARD_WAYS, GameObject
from engine.effects.resolution_casts import may_play
from engine.rules.graveyard_casts import may_cast_from_graveyard
from engine.rules.library_top import may_play_from_top

if TYPE_CHECKING:
    from engine.game import Game

FUSED = A.FUSED


def _has(d: CardDef, keyword: str) -> bool:
    return any(k.name == keyword for k in d.keywords)


def castable_faces(o: GameObject, player: int, zone: Zone | None = None) -> list[int | None]:
    """The faces of the card `o` that `player` may cast from its zone (`zone`: as if it were there) by the
    layout's own rules (None: a card with one face); other permissions (flashback) cast the card as it is."""
    zone = zone or o.zone
    d = card_def(o.name) if o.token is None and o.copy_of is None else None
    if d is None or not d.faces:
        return [None]
    if d.layout in SPLIT_LAYOUTS:
        out: list[int | None] = []
        for i, half in enumerate(d.faces, 1):
            # 702.127a: an aftermath half only from the graveyard; the other halves, like any card, from the hand
            # (601.3: from elsewhere only by a permission, which casts the card as it is).
            if (zone is Zones.GRAVEYARD and _has(half, "aftermath")) or (zone is Zones.HAND
                                                                          and not _has(half, "aftermath")):
                out.append(i)
        if zone is Zones.HAND and o.zone is Zones.HAND and d.spell is not None:
            # 702.102a: both halves, from the hand only (not by a permission that casts it as from a hand)
            out.append(FUSED)
        return out
    if d.layout == "adventure" and zone is Zones.EXILE:
        # 715.3d: the card exiled by its Adventure, as the creature only.
        return [1] if o.chosen.get("adventure_of") == player else []
    if zone is not Zones.HAND:
        return []
    if d.layout == "adventure":
        return [1, 2]
    if d.layout == "modal_dfc":
        # 712.11b; a land face is played, not cast (712.12).
        return [i for i, f in enumerate(d.faces, 1) if "Land" not in f.types]
    return [1]       # a transforming, meld or flip card is cast with its front face up (712.11, 712.8b)


def land_faces(o: GameObject) -> list[int | None]:
    """The faces of a card in hand that are played as a land (712.12); None for a plain land."""
    d = card_def(o.name) if o.token is None else None
    if d is None or d.layout != "modal_dfc" or not d.faces:
        return [None]
    return [i for i, f in enumerate(d.faces, 1) if "Land" in f.types]


def object_face(d: CardDef, face: int | None) -> int:
    """The `GameObject.face` for a chosen face: a split card's half is its index (the whole card is 0,
    which is also a fused split spell, 709.4d); another card's front face is the card as it is (0)."""
    if face is None:
        return 1 if d.layout in SPLIT_LAYOUTS and d.faces else 0
    if d.layout in SPLIT_LAYOUTS:
        return face
    return 0 if face == 1 else face


def turn_up(game: "Game", action: A.CastSpell | A.PlayLand) -> None:
    """Checks the face the action names and turns it up on the card (refusing a face the card doesn't
    offer from where it is)."""
    s = game.state
    o = s.objects.get(action.card)
    if o is None or o.is_ability:
        raise IllegalAction("no such card")
    d = card_def(o.name) if o.token is None and o.copy_of is None else None
    if d is None or not d.faces:
        if action.face not in (None, 1):
            raise IllegalAction("this card has only one face")
        return
    if isinstance(action, A.PlayLand):
        offered = land_faces(o)
    elif action.alt == "disturb":
        offered = [2]      # 702.146a: cast transformed, its back face up
    elif action.alt in GRAVEYARD_WAYS:
        # Another permission casts the card from where it is, by its half if it's a split card (709.3).
        offered = list(range(1, len(d.faces) + 1)) if d.layout in SPLIT_LAYOUTS else [1]
    else:
        # A permission to play a card from exile, from the top of a library (401.5) or from a graveyard (601.3)
        # casts it as from a hand: the face the legal actions offer.
        permitted = may_play(o, action.player, s.turn, True) or may_play_from_top(s, o, action.player) \
            or may_cast_from_graveyard(s, o, action.player)
        offered = castable_faces(o, action.player, Zones.HAND if permitted else None)
    face = action.face
    if face is None:
        # The front face or left half, or the one face the card offers from where it is (an aftermath
        # half in the graveyard, a modal double-faced card's land face).
        plain = [f for f in offered if f != FUSED]
        single = isinstance(action, A.PlayLand) or d.layout in SPLIT_LAYOUTS or action.alt == "disturb"
        face = plain[0] if single and len(plain) == 1 else 1
    if face not in offered:
        what = "fused" if face == FUSED else (d.faces[face - 1].name if face and 0 < face <= len(d.faces)
                                              else f"face {face}")
        raise IllegalAction(f"{d.name} can't be {'played' if isinstance(action, A.PlayLand) else 'cast'} "
                            f"as {what} from the {o.zone.value}")
    if o.face != object_face(d, face):
        s.writable(o.id).face = object_face(d, face)
        s.invalidate()


def cast_by_layout(o: GameObject, player: int) -> bool:
    """Whether the card is cast from a graveyard or exile by its layout's own rules, the face chosen up:
    an aftermath half from its owner's graveyard (702.127a), an adventurer card from the exile its
    Adventure sent it to (715.3d)."""
    if o.zone not in (Zones.GRAVEYARD, Zones.EXILE) or o.token is not None or o.copy_of is not None:
        return False
    d = card_def(o.name)
    if not d.faces or o.owner != player:
        return False
    if o.zone is Zones.GRAVEYARD:
        return d.layout in SPLIT_LAYOUTS and 0 < o.face <= len(d.faces) and _has(d.faces[o.face - 1], "aftermath")
    return d.layout == "adventure" and o.chosen.get("adventure_of") == player and o.face == 0


def fused_modes(o: GameObject) -> list[int] | None:
    """A fused split spell's "modes": both halves, left then right (702.102d); None for other spells."""
    if o.face != FUSED or o.token is not None or o.copy_of is not None:
        return None
    d = card_def(o.name)
    return list(range(len(d.faces))) if d.layout in SPLIT_LAYOUTS and d.spell is not None else None
