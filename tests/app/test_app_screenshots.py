"""`python -m app --screenshot DIR [--size WxH]` writes the README's pictures: main window, a game,
hand-over, sandbox, at the size asked for (1280x720, the smallest screen the table is laid out for)."""
from __future__ import annotations

import pytest
from PIL import Image

pytest.importorskip("engine.game", reason="the rules engine is not in this checkout yet")

from app import paths  # noqa: E402
from app.__main__ import main  # noqa: E402
from app.screenshots import PICTURES, parse_size, take_screenshots  # noqa: E402

REAL_DATA_DIR = paths.data_dir  # before the tests' fixture points it elsewhere


def test_screenshots_are_written_at_the_size_asked_for(qtbot, tmp_path, monkeypatch, card_cache):
    monkeypatch.setenv("XDG_CACHE_HOME", str(card_cache))
    home = tmp_path / "home-data"  # the user's data folder, as the app finds it (QStandardPaths, cardsdb)
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.delenv("MANATABLE_DATA_DIR", raising=False)
    monkeypatch.setattr(paths, "data_dir", REAL_DATA_DIR)
    shots = tmp_path / "shots"
    assert take_screenshots(shots, (1280, 720)) == 0
    assert PICTURES == ("main-window", "game", "hand-over", "sandbox", "stack", "commander", "multiplayer",
                        "six-players")
    for name in PICTURES:
        with Image.open(shots / f"{name}.png") as image:
            assert image.size == (1280, 720)
            assert len(image.convert("RGB").resize((40, 25)).getcolors(1000)) > 20  # a picture, not a blank
    # The games played for the pictures left nothing in the user's data folder: no autosave, no session
    # marker, no card database.
    assert not home.exists() or not any(home.rglob("*"))


def test_sizes_are_read_as_width_x_height():
    assert parse_size("1280x720") == (1280, 720) and parse_size("1920X1080") == (1920, 1080)
    for bad in ("1280", "wide", "1280x", "100x100"):
        with pytest.raises(ValueError):
            parse_size(bad)


def test_a_bad_size_on_the_command_line_is_refused_with_the_reason(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--screenshot", str(tmp_path), "--size", "huge"])
    assert exit_.value.code == 2
    assert "not a size like 1280x720" in capsys.readouterr().err
