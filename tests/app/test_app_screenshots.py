"""`python -m app --screenshot DIR [--size WxH]` writes the README's pictures: main window, a game,
hand-over, sandbox, at the size asked for (1280x720, the smallest screen the table is laid out for)."""
from __future__ import annotations

import pytest
from PIL import Image

pytest.importorskip("engine.game", reason="the rules engine is not in this checkout yet")

from pathlib import Path  # noqa: E402

from app import crash_recovery  # noqa: E402
from app.__main__ import main  # noqa: E402
from app.screenshots import parse_size, take_screenshots  # noqa: E402


def test_screenshots_are_written_at_the_size_asked_for(qtbot, tmp_path, monkeypatch, card_cache, data_folder):
    monkeypatch.setenv("XDG_CACHE_HOME", str(card_cache))
    written: list[Path] = []
    real = crash_recovery.write_autosave
    monkeypatch.setattr(crash_recovery, "write_autosave", lambda base, text: written.append(real(base, text)))
    assert take_screenshots(tmp_path / "shots", (1280, 720)) == 0
    # the games it plays are autosaved into its own scratch folder, never the user's data folder
    assert written and all(data_folder not in p.parents for p in written)
    assert list(data_folder.iterdir()) == []
    tmp_path = tmp_path / "shots"
    for name in ("main-window", "game", "hand-over", "sandbox"):
        with Image.open(tmp_path / f"{name}.png") as image:
            assert image.size == (1280, 720)
            assert len(image.convert("RGB").resize((40, 25)).getcolors(1000)) > 20  # a picture, not a blank


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
