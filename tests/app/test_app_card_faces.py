"""Multi-faced cards on the table: the face that is up is drawn, and a player looks at the other face by
holding Alt over the card (712.6); casting a card with several castable faces asks which (709.3,
712.11b, 715.3)."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from cardsdb.source import FileSource
from play_helpers import answer_menu
from engine.core.enums import Step, Zone
from engine.game import Game
from tests.modal_driver import when_modal

LAYOUT_CARDS = Path(__file__).resolve().parents[1] / "fixtures" / "cards" / "layouts.json"


@pytest.fixture(scope="module")
def layout_source():
    return FileSource(LAYOUT_CARDS)


@pytest.fixture
def view(qtbot, table_view):
    table_view.show()
    qtbot.waitExposed(table_view)
    return table_view


def _game(source, battlefield: list[tuple[str, dict]], hand: tuple[str, ...] = ()) -> Game:
    g = Game.empty(source=source)
    for name, status in battlefield:
        g.add_card(name, 0, Zone.BATTLEFIELD, **status)
    for name in hand:
        g.add_card(name, 0, Zone.HAND)
    g.add_card("Island", 0, Zone.LIBRARY)
    g.add_card("Island", 1, Zone.LIBRARY)
    g.start_at(3, 0, Step.MAIN1)
    return g


def _hover(qtbot, view, obj) -> None:
    item = view.table.item_for_object(obj["id"])
    QTest.mouseMove(view.viewport(), view.viewport().rect().topLeft())   # a move even if the mouse was there
    QTest.mouseMove(view.viewport(), view.mapFromScene(item.sceneBoundingRect().center()))
    qtbot.waitUntil(view.preview.isVisible, timeout=10000)


@pytest.mark.rules("712.6", "712.8d", "712.8e")
def test_alt_over_a_double_faced_card_shows_its_other_face(qtbot, view, layout_source):
    snap = _game(layout_source, [("Thraben Gargoyle", {}), ("Screeching Bat", {"face": 2})]).snapshot()
    view.table.set_snapshot(snap, 0)
    gargoyle = next(o for o in snap["battlefield"] if o["name"] == "Thraben Gargoyle")
    vampire = next(o for o in snap["battlefield"] if o["name"] == "Stalking Vampire")
    assert [f["name"] for f in gargoyle["faces"]] == ["Thraben Gargoyle", "Stonewing Antagonizer"]
    _hover(qtbot, view, gargoyle)
    assert view.preview.face.name == "Thraben Gargoyle"
    QTest.keyPress(view, Qt.Key.Key_Alt)
    qtbot.waitUntil(lambda: view.preview.face.name == "Stonewing Antagonizer", timeout=5000)
    assert view.preview.face.power == "4" and view.preview.isVisible()
    QTest.keyRelease(view, Qt.Key.Key_Alt)
    qtbot.waitUntil(lambda: view.preview.face.name == "Thraben Gargoyle", timeout=5000)
    # A transformed permanent shows its back face; Alt shows the front.
    _hover(qtbot, view, vampire)
    assert view.preview.face.name == "Stalking Vampire"
    QTest.keyPress(view, Qt.Key.Key_Alt)
    qtbot.waitUntil(lambda: view.preview.face.name == "Screeching Bat", timeout=5000)
    QTest.keyRelease(view, Qt.Key.Key_Alt)


@pytest.mark.rules("710.2", "712.6")
def test_alt_shows_a_flip_cards_other_half_and_nothing_for_a_plain_card(qtbot, view, layout_source):
    snap = _game(layout_source, [("Kitsune Mystic", {}), ("Grizzly Bears", {})]).snapshot()
    view.table.set_snapshot(snap, 0)
    mystic = next(o for o in snap["battlefield"] if o["name"] == "Kitsune Mystic")
    bears = next(o for o in snap["battlefield"] if o["name"] == "Grizzly Bears")
    _hover(qtbot, view, bears)
    QTest.keyPress(view, Qt.Key.Key_Alt)
    assert view.preview.face.name == "Grizzly Bears"
    QTest.keyRelease(view, Qt.Key.Key_Alt)
    _hover(qtbot, view, mystic)
    QTest.keyPress(view, Qt.Key.Key_Alt)
    qtbot.waitUntil(lambda: view.preview.face.name == "Autumn-Tail, Kitsune Sage", timeout=5000)
    QTest.keyRelease(view, Qt.Key.Key_Alt)


@pytest.fixture
def layout_db(tmp_path, monkeypatch):
    """The user's database (the starter pool) with the layouts' cards imported, as a player would."""
    from cardsdb.database import CardDatabase
    monkeypatch.setenv("MANATABLE_DATA_DIR", str(tmp_path / "data"))
    with CardDatabase.open_default(sets=()) as db:
        db.import_file(LAYOUT_CARDS)
        return db.path


def _puzzle(tmp_path, hand: str, battlefield: str) -> Path:
    path = tmp_path / "faces.toml"
    path.write_text(f'''name = "Faces"
[state]
turn = 3
active = "A"
step = "main1"
[players.A]
hand = [{hand}]
battlefield = [{battlefield}]
library = ["Island", "Island"]
[players.B]
library = ["Island", "Island"]
''', encoding="utf-8")
    return path


def _my_priority(window) -> bool:
    c = window.controller
    return not c.busy and c.decision is not None and c.decision["kind"] == "priority" and c.decision["player"] == 0


def _play_by_menu(qtbot, window, tmp_path, hand: str, battlefield: str, name: str, label: str) -> list[str]:
    """Opens a puzzle, clicks the card `name` in the hand and picks `label` in the menu it opens;
    returns the menu's entries."""
    window.open_puzzle_file(_puzzle(tmp_path, hand, battlefield))
    qtbot.waitUntil(lambda: _my_priority(window), timeout=20000)
    card = next(o for o in window.controller.snapshot["players"][0]["hand"] if o["name"] == name)
    seen: list[list[str]] = []
    answer_menu(qtbot, label, seen)
    item = window.scene.item_for_object(card["id"])
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     window.view.mapFromScene(item.sceneBoundingRect().center()))
    qtbot.waitUntil(lambda: bool(seen), timeout=20000)
    return seen[0]


@pytest.mark.rules("709.3", "709.3a", "702.102a")
def test_casting_a_split_card_asks_which_half(qtbot, window, layout_db, tmp_path):
    entries = _play_by_menu(qtbot, window, tmp_path, '"Assault // Battery"',
                            '"Forest", "Mountain", "Mountain", "Mountain"', "Assault // Battery", "Cast Battery")
    assert entries == ["Cast Assault", "Cast Battery"]
    qtbot.waitUntil(lambda: any(o["name"] == "Elephant Token" for o in window.controller.snapshot["battlefield"])
                    or any(o["name"] == "Battery" for o in window.controller.snapshot["stack"]), timeout=20000)


@pytest.mark.rules("712.12")
def test_a_modal_double_faced_card_offers_its_land_face(qtbot, window, layout_db, tmp_path):
    entries = _play_by_menu(qtbot, window, tmp_path, '"Kabira Takedown"', '"Plains", "Plains", "Grizzly Bears"',
                            "Kabira Takedown", "Play Kabira Plateau")
    assert set(entries) == {"Play Kabira Plateau", "Cast Kabira Takedown"}
    qtbot.waitUntil(lambda: any(o["name"] == "Kabira Plateau" for o in window.controller.snapshot["battlefield"]),
                    timeout=20000)


@pytest.mark.rules("702.127a", "715.3d")
def test_an_aftermath_half_is_cast_from_the_graveyard_browser(qtbot, window, layout_db, tmp_path):
    from app.dialogs import ZoneBrowser

    path = _puzzle(tmp_path, '"Island"', '"Island", "Island", "Island"')
    path.write_text(path.read_text(encoding="utf-8").replace('library = ["Island", "Island"]\n[players.B]',
                                                             'library = ["Island", "Island"]\n'
                                                             'graveyard = ["Farm // Market"]\n[players.B]', 1),
                    encoding="utf-8")
    window.open_puzzle_file(path)
    qtbot.waitUntil(lambda: _my_priority(window), timeout=20000)
    shown: list[list[str]] = []

    def run(browser: ZoneBrowser) -> None:
        shown.append([browser.list.item(i).text() for i in range(browser.list.count())])
        rect = browser.list.visualItemRect(browser.list.item(0))
        QTest.mouseClick(browser.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        assert browser.cast.isEnabled()
        QTest.mouseClick(browser.cast, Qt.MouseButton.LeftButton)

    when_modal(ZoneBrowser, run)
    pile = window.scene.piles[(0, "graveyard")]
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     window.view.mapFromScene(pile.sceneBoundingRect().center()))
    qtbot.waitUntil(lambda: bool(shown), timeout=20000)
    assert shown[0] == ["Farm // Market  —  Instant Sorcery  (castable)"]
    # Market is cast (then it draws two and asks for two cards to discard)
    snap = lambda: window.controller.snapshot                      # noqa: E731
    qtbot.waitUntil(lambda: [o["name"] for o in snap()["stack"]] == ["Market"]
                    or (window.controller.decision or {}).get("kind") == "choose", timeout=20000)
    assert not snap()["players"][0]["graveyard"]
