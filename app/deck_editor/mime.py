"""What a dragged card carries: its name and where it comes from (the search results or a deck
section), so a drop adds it or moves it."""
from __future__ import annotations

import json

from PySide6.QtCore import QMimeData

CARD_MIME = "application/x-manatable-cards"
FROM_SEARCH = "search"


def card_mime(names: list[str], source: str) -> QMimeData:
    mime = QMimeData()
    mime.setData(CARD_MIME, json.dumps({"cards": names, "from": source}).encode())
    mime.setText("\n".join(f"1 {name}" for name in names))  # a drop into a text editor: a deck list
    return mime


def read_card_mime(mime: QMimeData) -> tuple[list[str], str] | None:
    if not mime.hasFormat(CARD_MIME):
        return None
    try:
        data = json.loads(bytes(mime.data(CARD_MIME).data()).decode())
        return [str(n) for n in data["cards"]], str(data["from"])
    except (ValueError, KeyError, TypeError):
        return None
