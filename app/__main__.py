"""`python -m app`: starts ManaTable. `--screenshot DIR` writes pictures of the app and exits."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from app.main_window import MainWindow
from app.screenshots import launch_until_playable, take_screenshots


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app", description="ManaTable: a Magic: The Gathering table.")
    parser.add_argument("--screenshot", metavar="DIR", type=Path,
                        help="render the main window, a game in progress, the hand-over screen and the sandbox "
                             "to PNG files in DIR, then exit")
    parser.add_argument("--load", metavar="FILE", type=Path, help="open a saved game")
    parser.add_argument("--quit-when-playable", action="store_true",
                        help="start a game against the AI and exit as soon as it can be played (bench/table.py)")
    args = parser.parse_args(argv)

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("ManaTable")
    app.setOrganizationName("ManaTable")
    if args.screenshot is not None:
        return take_screenshots(args.screenshot)
    if args.quit_when_playable:
        return launch_until_playable()
    window = MainWindow()
    window.show()
    if args.load is not None:
        window.load_game_file(args.load)
    code = app.exec()
    del window
    return code


if __name__ == "__main__":
    sys.exit(main())
