"""A window's first size: the one it is designed for, made smaller on a small screen (1280x720 and up)."""
from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QWidget


def fitted(preferred: QSize, widget: QWidget) -> QSize:
    """The preferred size, made smaller to fit the screen's free area (1280x720 screens)."""
    screen = widget.screen()
    if screen is None:
        return preferred
    free = screen.availableGeometry().size()
    return preferred.boundedTo(QSize(free.width() * 95 // 100, free.height() * 95 // 100))
