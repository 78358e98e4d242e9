"""The README's picture of a resolution by hand (issue 12): a pass-and-play game with the rules enforced, a
spell halfway resolved, its caster carrying out the sentence the engine can't read with a table move.

    QT_QPA_PLATFORM=offscreen python scripts/by_hand_screenshot.py docs/screenshots

The cards with unread text are the made-up ones of tests/fixtures/cardsdb/moonsong-set.json (so the picture
does not change as the compiler learns real cards); the game is built through the engine's API, saved, and
loaded in the window (a save carries its card records).
"""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from app.savefile import save_envelope  # noqa: E402
from app.screenshots import _settle_and_grab, _wait, _window  # noqa: E402
from app.worker import GameConfig  # noqa: E402
from engine import Game  # noqa: E402
from engine.core.cards import RecordSource  # noqa: E402
from engine.core.enums import Step, Zone  # noqa: E402
from engine.core.player_actions import CastSpell, PassPriority  # noqa: E402

MOONSONG = ROOT / "tests" / "fixtures" / "cardsdb" / "moonsong-set.json"


def by_hand_game() -> Game:
    """Turn 3, Alice's first main phase: Moonsong Chant cast and resolving, waiting for her hands."""
    records = json.loads(MOONSONG.read_text())["data"]["cards"]
    g = Game.empty(("Alice", "Bob"), seed=5, source=RecordSource(records))
    for land, player in (("Mountain", 0), ("Forest", 1)):
        for _ in range(12):
            g.add_card(land, player, Zone.LIBRARY)
    for name in ("Mountain", "Mountain", "Mountain", "Moonsong Idol", "Moonsong Oracle"):
        g.add_card(name, 0, Zone.BATTLEFIELD)
    for name in ("Forest", "Forest", "Forest", "Grizzly Bears", "Llanowar Elves"):
        g.add_card(name, 1, Zone.BATTLEFIELD)
    for name in ("Forest", "Giant Growth", "Grizzly Bears"):
        g.add_card(name, 1, Zone.HAND)
    for name in ("Lightning Bolt", "Mountain", "Raging Goblin"):
        g.add_card(name, 0, Zone.HAND)
    chant = g.add_card("Moonsong Chant", 0, Zone.HAND)
    g.start_at(3, 0, Step.MAIN1)
    g.apply(CastSpell(0, chant))
    g.apply(PassPriority(0))
    g.apply(PassPriority(1))
    return g


def main(folder: Path) -> int:
    app = QApplication.instance() or QApplication(sys.argv)  # noqa: F841 - the window needs one
    folder.mkdir(parents=True, exist_ok=True)
    game = by_hand_game()
    config = GameConfig(decks=[["Mountain"] * 40, ["Forest"] * 40], names=["Alice", "Bob"], opponent="hotseat",
                        enforce=True, starting_player=0, seed=5, by_hand=True)
    with tempfile.TemporaryDirectory() as scratch:
        save = Path(scratch) / "by-hand.json"
        save.write_text(save_envelope(config.to_json(), game.to_json()))
        window = _window(Path(scratch))
        window.settings.open_hands = True
        window.load_game_file(save)
        c = window.controller
        if not _wait(lambda: c.config is not None and c.by_hand):
            raise RuntimeError("the game did not load at its resolution by hand")
        c.sandbox_action("SandboxToken", name="Song Token", power=1, toughness=1, colors="R",
                         types="Creature — Spirit")
        _wait(lambda: not c.busy and c.by_hand)
        window.log_dock.show()
        window.stack_dock.show()
        _settle_and_grab(window, folder / "by-hand.png")
        window.close()
    print(folder / "by-hand.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")))
