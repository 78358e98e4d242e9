"""`python -m app`: starts ManaTable. `--screenshot DIR` writes pictures of the app and exits."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from app.main_window import MainWindow
from engine.core.heap import keep_long_lived
from app.screenshots import SIZE, launch_until_playable, parse_size, take_screenshots


def window_size(text: str) -> tuple[int, int]:
    try:
        return parse_size(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app", description="ManaTable: a Magic: The Gathering table.")
    parser.add_argument("--screenshot", metavar="DIR", type=Path,
                        help="render the main window, a game in progress, the hand-over screen and the sandbox "
                             "to PNG files in DIR, then exit")
    parser.add_argument("--size", metavar="WxH", type=window_size, default=SIZE,
                        help=f"the window size of the screenshots (default {SIZE[0]}x{SIZE[1]}; e.g. 1280x720)")
    parser.add_argument("--load", metavar="FILE", type=Path, help="open a saved game")
    parser.add_argument("--quit-when-playable", action="store_true",
                        help="start a game against the AI and exit as soon as it can be played (bench/table.py)")
    args = parser.parse_args(argv)
    keep_long_lived()

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("ManaTable")
    app.setOrganizationName("ManaTable")
    if args.screenshot is not None:
        return take_screenshots(args.screenshot, args.size)
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
