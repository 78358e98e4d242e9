"""Checks the system libraries Qt needs before the app or the tests start.

PySide6 wheels bring Qt itself but load a few libraries from the system. A missing one makes Qt
abort with an obscure plugin error, so name the Debian/Ubuntu package instead.
"""
from __future__ import annotations

import ctypes
import os
import sys

# library soname -> Debian/Ubuntu package that provides it
REQUIRED = {
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
}


# What Qt's xcb platform plugin loads to open a window on X11 (not needed offscreen).
WINDOW = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
}


def missing_libraries(window: bool = False) -> dict[str, str]:
    missing = {}
    wanted = {**REQUIRED, **(WINDOW if window else {})}
    for soname, package in wanted.items():
        try:
            ctypes.CDLL(soname)
        except OSError:
            missing[soname] = package
    return missing


def main(argv: list[str]) -> int:
    if not sys.platform.startswith("linux"):
        return 0
    # `--window`: the app is about to open a window on X11 (not offscreen, not Wayland).
    window = "--window" in argv and os.environ.get("QT_QPA_PLATFORM", "") in ("", "xcb") \
        and bool(os.environ.get("DISPLAY")) and not os.environ.get("WAYLAND_DISPLAY")
    missing = missing_libraries(window)
    if missing:
        names = " ".join(sorted(set(missing.values())))
        print(f"Missing system libraries: {', '.join(missing)}.", file=sys.stderr)
        print(f"Install them with: sudo apt-get install {names}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
