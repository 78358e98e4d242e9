"""What the table's items may ask of the board they sit on, as a protocol: the items know this, not the scene.

Everything else an item has to say (clicked, dropped, hovered, ...) it says with its own signals."""
from __future__ import annotations

from typing import Protocol, cast

from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QGraphicsItem

from app.cardface import CardFace


class TableHost(Protocol):
    def pixmap(self, face: CardFace | None, width_px: float, waiter: str) -> QPixmap | None:
        """The picture of a face (None: a card back) at a width in device pixels, or None until it is
        rendered; the `waiter` is repainted when it is ready."""

    def may_drag(self, obj: dict, zone: str) -> bool:
        """Whether the card may be picked up now."""

    def device_scale(self) -> float:
        """Device pixels per scene unit on the screen showing the board."""


def host_of(item: QGraphicsItem) -> TableHost | None:
    """The board an item sits on. Looked up, not kept: an item holding its scene would make a reference
    cycle that Python's collector breaks at a random moment, deleting wrappers Qt has already deleted."""
    return cast("TableHost | None", item.scene())
