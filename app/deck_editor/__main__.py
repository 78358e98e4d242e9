"""`python -m app.deck_editor`: the deck editor on its own. `--screenshot DIR` renders the README's
pictures of it (offscreen, with a throwaway card database and preferences) and exits."""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QEventLoop, QSettings, QTimer
from PySide6.QtWidgets import QApplication

from app.deck_editor.window import DeckEditorWindow, open_deck_editor
from app.paths import SAMPLE_DECKS


def take_screenshots(folder: Path) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        editor = DeckEditorWindow(db_path=Path(tmp) / "cards.sqlite", card_cache=Path(tmp) / "cache",
                                  qsettings=QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat))
        editor.resize(1280, 720)  # the smallest screen the app is laid out for
        editor.show()

        def settle(ms: int = 300) -> None:
            loop = QEventLoop()
            QTimer.singleShot(ms, loop.quit)
            loop.exec()
            editor.images.wait()

        editor.import_file(SAMPLE_DECKS / "red-burn.txt")
        editor.search.setText("t:creature c:r mv<=3")
        settle()
        editor.stats.choose_card("Lightning Bolt")
        editor.preview_record(editor.record("Ball Lightning"))
        editor.views["main"].select_card("Ball Lightning")
        settle()
        editor.grab().save(str(folder / "deck-editor.png"))
        editor.format_box.setCurrentIndex(editor.format_box.findData("legacy"))
        editor.add_card("Lightning Bolt")
        editor.add_card("Black Lotus")
        editor.tabs.setCurrentWidget(editor.checks)
        editor.group_box.setCurrentIndex(1)
        editor.search.setText("o:damage")
        editor.preview_record(editor.record("Fireball"))
        settle()
        editor.grab().save(str(folder / "deck-editor-checks.png"))
        editor.document.mark_saved("Red Burn")  # nothing to ask about: a throwaway database
        editor.close()
    print(f"wrote deck-editor.png and deck-editor-checks.png to {folder}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.deck_editor", description="ManaTable's deck editor.")
    parser.add_argument("--screenshot", metavar="DIR", type=Path, help="render the editor to PNG files in DIR and exit")
    parser.add_argument("--db", metavar="PATH", type=Path, help="the card database (default: the user's)")
    args = parser.parse_args(argv)
    if args.screenshot is not None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # read when the application is made
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("ManaTable")
    app.setOrganizationName("ManaTable")
    if args.screenshot is not None:
        return take_screenshots(args.screenshot)
    editor = open_deck_editor(db_path=args.db)
    code = app.exec()
    del editor
    return code


if __name__ == "__main__":
    sys.exit(main())
