"""`python -m app --screenshot DIR` writes the README's pictures: main window, a game, hand-over, sandbox."""
from __future__ import annotations

import pytest
from PIL import Image

pytest.importorskip("engine.game", reason="the rules engine is not in this checkout yet")

from app.screenshots import SIZE, take_screenshots  # noqa: E402


def test_screenshots_are_written(qtbot, tmp_path, monkeypatch, card_cache):
    monkeypatch.setenv("XDG_CACHE_HOME", str(card_cache))
    assert take_screenshots(tmp_path) == 0
    for name in ("main-window", "game", "hand-over", "sandbox"):
        with Image.open(tmp_path / f"{name}.png") as image:
            assert image.size == SIZE
            assert len(image.convert("RGB").resize((40, 25)).getcolors(1000)) > 20  # a picture, not a blank
