"""The README's picture of multi-faced cards on the table: `python scripts/layouts_screenshot.py [OUT.png]`.

A position with a transformed double-faced card, a flip card, a Saga and a Class (real cards of
tests/fixtures/cards/layouts.json), the mouse over Thraben Gargoyle with Alt held: the large preview
shows its back face, Stonewing Antagonizer (712.6). Written with a Qt grab of the table view.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from app.imagecache import CardImages  # noqa: E402
from app.table.scene import TableScene  # noqa: E402
from app.table.view import TableView  # noqa: E402
from cardsdb.source import FileSource  # noqa: E402
from engine.core.enums import Step, Zone  # noqa: E402
from engine.game import Game  # noqa: E402

CARDS = ROOT / "tests" / "fixtures" / "cards" / "layouts.json"
OUT = ROOT / "docs" / "screenshots" / "double-faced.png"


def position() -> Game:
    g = Game.empty(source=FileSource(CARDS))
    for name, status in (("Thraben Gargoyle", {}), ("Screeching Bat", {"face": 2}),
                         ("Kitsune Mystic", {"face": 2}), ("Elspeth's Nightmare", {"counters": {"lore": 2}}),
                         ("Wizard Class", {"class_level": 2}), ("Swamp", {}), ("Island", {}), ("Plains", {})):
        g.add_card(name, 0, Zone.BATTLEFIELD, **status)
    for name in ("Caravan Escort", "Grizzly Bears", "Mountain"):
        g.add_card(name, 1, Zone.BATTLEFIELD)
    for name in ("Assault // Battery", "Merfolk Secretkeeper", "Kabira Takedown", "Turn // Burn"):
        g.add_card(name, 0, Zone.HAND)
    for p in (0, 1):
        g.add_card("Island", p, Zone.LIBRARY)
    g.start_at(4, 0, Step.MAIN1)
    return g


def _pump(seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        QApplication.processEvents()
        time.sleep(0.01)


def main(out: Path = OUT) -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    with tempfile.TemporaryDirectory() as cache:
        images = CardImages(Path(cache))
        view = TableView(TableScene(images))
        view.resize(1600, 900)
        view.show()
        snap = position().snapshot()
        view.table.set_snapshot(snap, 0)
        _pump(0.5)
        gargoyle = next(o for o in snap["battlefield"] if o["name"] == "Thraben Gargoyle")
        item = view.table.item_for_object(gargoyle["id"])
        QTest.mouseMove(view.viewport(), view.mapFromScene(item.sceneBoundingRect().center()))
        QTest.keyPress(view, Qt.Key.Key_Alt)
        images.wait()
        _pump(1.0)
        images.wait()
        _pump(0.3)
        out.parent.mkdir(parents=True, exist_ok=True)
        view.grab().save(str(out))
        QTest.keyRelease(view, Qt.Key.Key_Alt)
        images.pool.waitForDone()
    app.processEvents()
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT))
