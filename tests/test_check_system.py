"""The launch and test scripts name the Debian package of a missing system library."""
import importlib.util
from pathlib import Path

SPEC = importlib.util.spec_from_file_location("check_system", Path(__file__).parent.parent / "scripts" / "check_system.py")
check_system = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(check_system)


def test_present_libraries_pass():
    assert check_system.main([]) == 0


def test_a_missing_library_is_named_with_its_package(monkeypatch, capsys):
    monkeypatch.setattr(check_system, "REQUIRED", {"libnot-there-at-all.so.9": "libnot-there9"})
    assert check_system.main([]) == 1
    err = capsys.readouterr().err
    assert "libnot-there-at-all.so.9" in err and "apt-get install libnot-there9" in err


def test_window_libraries_only_when_a_window_opens(monkeypatch):
    monkeypatch.setattr(check_system, "WINDOW", {"libnot-there-at-all.so.9": "libnot-there9"})
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert check_system.main(["--window"]) == 0
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert check_system.main(["--window"]) == 1
