"""Checks the system libraries Qt needs before the app or the tests start.

PySide6 wheels bring Qt itself but load some libraries from the system. A missing one makes Qt abort
with an obscure plugin error, so this asks the dynamic linker (`ldd`) what the Qt modules the app uses
and the platform plugin it is about to load really need, and names the Debian/Ubuntu package of each
library that is not there. The offscreen test run checks the offscreen plugin only; a window on X11
checks the xcb plugin too, whatever it links against in the installed PySide6.
"""
from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

# Packages whose names do not follow Debian's rule for library packages (see `debian_package`).
PACKAGES = {
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libGLX.so.0": "libglx0",
    "libOpenGL.so.0": "libopengl0",
    "libGLdispatch.so.0": "libglvnd0",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libgobject-2.0.so.0": "libglib2.0-0",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libstdc++.so.6": "libstdc++6",
    "libgcc_s.so.1": "libgcc-s1",
    "libz.so.1": "zlib1g",
}
QT_MODULES = ("QtCore", "QtGui", "QtWidgets")  # what the app imports
NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found", re.MULTILINE)


def debian_package(soname: str) -> str:
    """The Debian package that ships a library: `libfoo.so.N` is in `libfooN`, `libfoo2.so.N` (a name
    ending in a digit) in `libfoo2-N`, lower-cased (Debian policy 8.1), except for the known exceptions."""
    if soname in PACKAGES:
        return PACKAGES[soname]
    name, _, version = soname.partition(".so.")
    version = version.split(".")[0]
    if not version:
        return name.lower()
    return f"{name}-{version}".lower() if name[-1:].isdigit() else f"{name}{version}".lower()


def pyside_dir() -> Path | None:
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def platform_plugin(root: Path, platform: str) -> Path:
    return root / "Qt" / "plugins" / "platforms" / f"libq{platform}.so"


def binaries(root: Path, platform: str) -> list[Path]:
    """The Python Qt modules the app imports and the platform plugin Qt will load."""
    found = [p for module in QT_MODULES for p in root.glob(f"{module}*.so")]
    return found + ([platform_plugin(root, platform)] if platform else [])


def unresolved(ldd_output: str) -> list[str]:
    """The libraries `ldd` reports as not found, each once, in its order."""
    return list(dict.fromkeys(NOT_FOUND.findall(ldd_output)))


def missing_libraries(files: list[Path]) -> dict[str, str]:
    """soname -> Debian package, for every library the files need (directly or not) that cannot be found."""
    ldd = shutil.which("ldd")
    if ldd is None:
        return {}  # no way to ask (not glibc): Qt will say it itself
    missing: dict[str, str] = {}
    for path in files:
        if not path.exists():
            continue
        result = subprocess.run([ldd, str(path)], capture_output=True, text=True, check=False)
        for soname in unresolved(result.stdout):
            missing[soname] = debian_package(soname)
    return missing


def chosen_platform(argv: list[str]) -> str:
    """The plugin Qt will load: the one asked for in QT_QPA_PLATFORM; for `--window` (the app opens a
    window) the one of the session, Wayland or X11; else (the tests) the offscreen one. "" if unknown."""
    asked = os.environ.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0]
    if asked:
        return asked
    if "--window" not in argv:
        return "offscreen"
    if os.environ.get("WAYLAND_DISPLAY"):
        return "wayland"
    return "xcb" if os.environ.get("DISPLAY") else ""


def main(argv: list[str]) -> int:
    if not sys.platform.startswith("linux"):
        return 0
    root = pyside_dir()
    if root is None:
        return 0  # not installed yet: pip says so itself
    platform = chosen_platform(argv)
    files = binaries(root, platform)
    missing = missing_libraries(files)
    if missing:
        names = " ".join(sorted(set(missing.values())))
        where = f"Qt's modules and its {platform} platform plugin" if platform else "Qt's modules"
        print(f"Missing system libraries that {where} need: {', '.join(missing)}.", file=sys.stderr)
        print(f"Install them with: sudo apt-get install {names}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
