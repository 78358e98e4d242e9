"""The launch and test scripts ask the dynamic linker what Qt's modules and the platform plugin about to be
loaded need, and name the Debian package of each missing library."""
import importlib.util
import stat
from pathlib import Path

import pytest

SPEC = importlib.util.spec_from_file_location("check_system", Path(__file__).parent.parent / "scripts" / "check_system.py")
check_system = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(check_system)

LDD_XCB = """\tlinux-vdso.so.1 (0x00007f017fdc4000)
\tlibQt6XcbQpa.so.6 => /venv/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007f017fcf6000)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-icccm.so.4 => not found
"""


@pytest.fixture
def fake_ldd(tmp_path, monkeypatch):
    """An `ldd` that finds everything except two libraries the xcb plugin needs (Debian 12 without them)."""
    script = tmp_path / "ldd"
    body = LDD_XCB.replace("\t", "\\t").replace("\n", "\\n")
    other = "\\tlibc.so.6 => /lib/libc.so.6\\n"
    script.write_text(f'#!/bin/sh\ncase "$1" in *libqxcb.so) printf "{body}";; *) printf "{other}";; esac\n')
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setattr(check_system.shutil, "which", lambda name: str(script) if name == "ldd" else None)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("DISPLAY", ":0")


def test_the_offscreen_run_of_this_machine_passes(monkeypatch):
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert check_system.main([]) == 0


def test_not_found_lines_of_ldd_are_read_once_each():
    assert check_system.unresolved(LDD_XCB) == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]


@pytest.mark.parametrize("soname, package", [
    ("libxcb-icccm.so.4", "libxcb-icccm4"), ("libxcb-keysyms.so.1", "libxcb-keysyms1"),
    ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"), ("libdbus-1.so.3", "libdbus-1-3"),
    ("libfontconfig.so.1", "libfontconfig1"), ("libGL.so.1", "libgl1"), ("libglib-2.0.so.0", "libglib2.0-0"),
])
def test_debian_package_of_a_library(soname, package):
    assert check_system.debian_package(soname) == package


def test_a_window_on_x11_checks_what_the_xcb_plugin_really_loads(fake_ldd, capsys):
    assert check_system.main(["--window"]) == 1
    err = capsys.readouterr().err
    assert "libxcb-icccm.so.4, libxcb-keysyms.so.1" in err
    assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1" in err


def test_the_offscreen_test_run_needs_only_what_offscreen_needs(fake_ldd, capsys, monkeypatch):
    assert check_system.main([]) == 0  # ./run-tests: the xcb plugin's libraries are not asked for
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert check_system.main(["--window"]) == 0
    assert capsys.readouterr().err == ""


def test_the_plugin_checked_is_the_installed_one():
    root = check_system.pyside_dir()
    assert root is not None
    plugins = check_system.binaries(root, "xcb")
    assert plugins[-1].name == "libqxcb.so" and plugins[-1].exists()
    assert any(p.name.startswith("QtWidgets") for p in plugins)
