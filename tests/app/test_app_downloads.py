"""Downloads from Settings, through real clicks, served by a local HTTP server (no network): card
images by Scryfall id into the cache the table reads, and all the cards from MTGJSON."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from app.cardface import CardFace
from app.dialogs import SettingsDialog
from app.downloads import ACTIVE, DownloadTargets
from app.imagecache import CardImages
from app.main_window import MainWindow
from cardsdb import CardDatabase
from tests.http_server import LocalServer, Route, card_image, serve_mtgjson, server  # noqa: F401 - fixture

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "cardsdb"
RED, GREEN = (200, 20, 20), (20, 180, 40)


@pytest.fixture(autouse=True)
def servers_are_local(server, monkeypatch):
    """The app's downloads go to the test's server, whatever the settings say."""
    monkeypatch.setenv("MANATABLE_SCRYFALL_URL", server.url("/scryfall"))
    monkeypatch.setenv("MANATABLE_MTGJSON_URL", server.url("/mtgjson"))


@pytest.fixture(autouse=True)
def no_download_left_running():
    yield
    for dialog in ACTIVE.values():
        dialog._shutdown()
    ACTIVE.clear()


@pytest.fixture
def db_path(tmp_path, monkeypatch):
    """The starter mini pool (no Scryfall ids) and four Scryfall cards (ids 0001, 0002, 0003, 0005)."""
    monkeypatch.setenv("MANATABLE_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "data" / "cards.sqlite"
    with CardDatabase(path) as db:
        db.import_file(FIXTURES / "starter-mini.json")
        db.import_file(FIXTURES / "scryfall-oracle.json")
    return path


def serve_images(server: LocalServer, delay: float = 0.0) -> None:
    server.routes["/scryfall/cards/0001"] = Route(card_image(RED), "image/png", delay=delay)
    # Scryfall answers with a redirect to its image server
    server.routes["/scryfall/cards/0002"] = Route(status=302, headers={"Location": server.url("/cdn/0002.jpg")},
                                                  delay=delay)
    server.routes["/cdn/0002.jpg"] = Route(card_image(GREEN, "JPEG"), "image/jpeg")
    server.routes["/scryfall/cards/0003"] = Route(card_image(RED), "image/png", delay=delay)
    # 0005 (Chandra Nalaar) is not on the server: a 404


def open_settings(qtbot, settings, db_path, images, **extra) -> SettingsDialog:
    targets = DownloadTargets(db_path=db_path, image_dir=images.download_dir, **extra)
    dialog = SettingsDialog(settings, downloads=targets)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def finish(qtbot, box):
    qtbot.waitUntil(lambda: box.dialog is not None and not box.dialog.running, timeout=20000)
    return box.dialog


def center_color(images: CardImages, name: str) -> QColor:
    face = CardFace(name=name)
    images.pixmap(face, 96)
    images.wait()
    pix, _key = images.pixmap(face, 96)
    image = pix.toImage()
    return image.pixelColor(image.width() // 2, image.height() // 2)


def test_card_images_download_with_progress_and_the_table_shows_them(qtbot, settings, server, db_path,
                                                                      tmp_path):
    serve_images(server, delay=0.15)
    images = CardImages(tmp_path / "cards")
    arrived = []
    dialog = open_settings(qtbot, settings, db_path, images, on_images=lambda: arrived.append(True))
    qtbot.mouseClick(dialog.downloads.images_button, Qt.MouseButton.LeftButton)
    progress = dialog.downloads.dialog
    assert progress.isVisible() and progress.button.text() == "Cancel"
    qtbot.waitUntil(lambda: progress.bar.maximum() == 4 and progress.bar.value() >= 1, timeout=10000)
    assert "card images" in progress.stage.text()
    finish(qtbot, dialog.downloads)
    assert progress.succeeded and arrived == [True]
    message = progress.message.text()
    assert message.startswith("Downloaded 3 card images.") and "1 had no usable image" in message
    assert "cards have no Scryfall id" in message
    folder = images.download_dir
    assert sorted(p.name for p in folder.iterdir()) == [
        "Delver of Secrets __ Insectile Aberration.jpg", "Fire __ Ice.png", "Lightning Bolt.png"]
    # politely: named, one image a request, the normal size
    hits = server.hits("/scryfall/cards/")
    assert all(h.headers["User-Agent"].startswith("ManaTable/") for h in hits)
    assert all(h.query == {"format": ["image"], "version": ["normal"]} for h in hits)
    # the table's image lookup now uses the downloaded picture, and still draws the others
    bolt = center_color(images, "Lightning Bolt")
    assert (bolt.red(), bolt.green(), bolt.blue()) == RED
    delver = center_color(images, "Delver of Secrets // Insectile Aberration")
    assert delver.green() > 150 and delver.red() < 60
    assert center_color(images, "Chandra Nalaar").name() != QColor(*RED).name()
    qtbot.mouseClick(progress.button, Qt.MouseButton.LeftButton)
    assert not progress.isVisible()


def test_cancel_keeps_what_arrived_and_downloading_again_resumes(qtbot, settings, server, db_path, tmp_path):
    serve_images(server)
    # in name order: Chandra (none), Delver, Fire // Ice, Lightning Bolt; the last two are slow, so
    # the cancel lands before Lightning Bolt even on a busy machine
    for card_id in ("0003", "0001"):
        server.routes[f"/scryfall/cards/{card_id}"].delay = 1.0
    images = CardImages(tmp_path / "cards")
    dialog = open_settings(qtbot, settings, db_path, images)
    box = dialog.downloads
    qtbot.mouseClick(box.images_button, Qt.MouseButton.LeftButton)
    first = box.dialog
    qtbot.waitUntil(lambda: any(images.download_dir.glob("*.*")), timeout=10000)
    qtbot.mouseClick(first.button, Qt.MouseButton.LeftButton)
    assert first.button.text() == "Cancelling…"
    finish(qtbot, box)
    assert first.succeeded is False and first.message.text().startswith("Cancelled.")
    kept = sorted(p.name for p in images.download_dir.iterdir())
    assert 1 <= len(kept) < 3
    qtbot.mouseClick(box.images_button, Qt.MouseButton.LeftButton)
    second = box.dialog
    assert second is not first
    finish(qtbot, box)
    assert second.succeeded
    assert f"({len(kept)} {'was' if len(kept) == 1 else 'were'} already there)" in second.message.text()
    assert len(list(images.download_dir.iterdir())) == 3
    for card_id in ("0001", "0002", "0003"):   # none fetched twice
        assert len(server.hits(f"/scryfall/cards/{card_id}")) == 1


def test_offline_the_download_says_so_and_cards_keep_their_drawn_faces(qtbot, settings, db_path, tmp_path,
                                                                        monkeypatch):
    monkeypatch.setenv("MANATABLE_SCRYFALL_URL", "http://127.0.0.1:9")   # nothing listens there
    images = CardImages(tmp_path / "cards")
    dialog = open_settings(qtbot, settings, db_path, images)
    qtbot.mouseClick(dialog.downloads.images_button, Qt.MouseButton.LeftButton)
    progress = finish(qtbot, dialog.downloads)
    assert progress.succeeded is False
    assert "cannot reach 127.0.0.1:9" in progress.message.text()
    assert "download again to resume" in progress.message.text()
    assert "drawn faces" in progress.message.text()
    assert not list(images.download_dir.glob("*.*"))
    assert center_color(images, "Lightning Bolt").name() != QColor(*RED).name()


def test_card_data_in_two_clicks_from_settings(qtbot, settings, server, db_path, tmp_path):
    serve_mtgjson(server, "AllPrintings.json.xz", FIXTURES / "allprintings.json")
    images = CardImages(tmp_path / "cards")
    dialog = open_settings(qtbot, settings, db_path, images)
    box = dialog.downloads
    box.source.setCurrentIndex(box.source.findData("mtgjson-allprintings"))
    with CardDatabase(db_path) as db:
        assert db.record("Counterspell") is None
    qtbot.mouseClick(box.data_button, Qt.MouseButton.LeftButton)
    progress = finish(qtbot, box)
    assert progress.succeeded, progress.message.text()
    assert progress.message.text().startswith("Imported AllPrintings.json.xz")
    with CardDatabase(db_path) as db:
        assert db.record("Counterspell") is not None
    assert settings.card_data_source == "mtgjson-allprintings"   # remembered for next time


def test_a_bad_checksum_is_refused_and_the_database_is_unchanged(qtbot, settings, server, db_path, tmp_path):
    serve_mtgjson(server, "AtomicCards.json.xz", FIXTURES / "atomic.json", checksum_of=b"something else")
    settings.card_data_source = "mtgjson-atomic"
    with CardDatabase(db_path) as db:
        before = db.stats(), [r.name for r in db.search("")]
    dialog = open_settings(qtbot, settings, db_path, CardImages(tmp_path / "cards"))
    assert dialog.downloads.source.currentData() == "mtgjson-atomic"
    qtbot.mouseClick(dialog.downloads.data_button, Qt.MouseButton.LeftButton)
    progress = finish(qtbot, dialog.downloads)
    assert progress.succeeded is False
    assert "does not match the SHA-256" in progress.message.text()
    assert "The card database is unchanged." in progress.message.text()
    with CardDatabase(db_path) as db:
        assert (db.stats(), [r.name for r in db.search("")]) == before


def test_the_main_window_menu_downloads_images_the_table_then_draws(qtbot, settings, server, db_path,
                                                                     card_cache):
    serve_images(server)
    window = MainWindow(settings=settings, card_cache=card_cache)
    qtbot.addWidget(window)
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "Se&ttings")
    action = next(a for a in menu.actions() if a.text() == "Download card &images")
    action.trigger()
    progress = ACTIVE["images"]
    assert progress.parent() is window
    qtbot.waitUntil(lambda: not progress.running, timeout=20000)
    assert progress.succeeded
    assert (window.images.download_dir / "Lightning Bolt.png").is_file()
    bolt = center_color(window.images, "Lightning Bolt")
    assert (bolt.red(), bolt.green(), bolt.blue()) == RED


def test_settings_closes_when_a_download_starts_so_its_window_stays_usable(qtbot, settings, server, db_path,
                                                                         card_cache):
    serve_mtgjson(server, "AtomicCards.json.xz", FIXTURES / "atomic.json")
    settings.card_data_source = "mtgjson-atomic"
    window = MainWindow(settings=settings, card_cache=card_cache)
    qtbot.addWidget(window)
    window.show()
    seen = {}

    def click_download() -> None:
        dialog = QApplication.activeModalWidget()
        seen["settings"] = dialog
        qtbot.mouseClick(dialog.downloads.data_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, click_download)
    window.open_settings()                      # modal: returns once the download has started
    assert isinstance(seen["settings"], SettingsDialog) and not seen["settings"].isVisible()
    progress = ACTIVE["card data"]
    assert progress.parent() is window and progress.isVisible()
    assert QApplication.activeModalWidget() is None     # nothing blocks its Cancel button
    qtbot.waitUntil(lambda: not progress.running, timeout=20000)
    assert progress.succeeded, progress.message.text()
    with CardDatabase(db_path) as db:
        assert db.record("Sol Ring") is not None


def test_closing_the_progress_window_cancels_then_closes_it(qtbot, settings, server, db_path, tmp_path):
    serve_images(server, delay=0.3)
    images = CardImages(tmp_path / "cards")
    dialog = open_settings(qtbot, settings, db_path, images)
    qtbot.mouseClick(dialog.downloads.images_button, Qt.MouseButton.LeftButton)
    progress = dialog.downloads.dialog
    qtbot.waitUntil(lambda: progress.bar.maximum() == 4, timeout=10000)
    progress.close()
    assert progress.isVisible() and progress.button.text() == "Cancelling…"
    qtbot.waitUntil(lambda: not progress.isVisible(), timeout=10000)
    assert progress.succeeded is False and not progress.running
    assert progress.message.text().startswith("Cancelled.")


def test_the_server_is_a_setting_typed_in_settings(qtbot, settings, server, db_path, tmp_path, monkeypatch):
    monkeypatch.delenv("MANATABLE_SCRYFALL_URL")
    serve_images(server)
    images = CardImages(tmp_path / "cards")
    dialog = open_settings(qtbot, settings, db_path, images)
    box = dialog.downloads
    assert box.scryfall_url.placeholderText() == "https://api.scryfall.com"
    qtbot.keyClicks(box.scryfall_url, server.url("/scryfall"))
    qtbot.mouseClick(box.images_button, Qt.MouseButton.LeftButton)
    progress = finish(qtbot, box)
    assert progress.succeeded, progress.message.text()
    assert settings.scryfall_url == server.url("/scryfall")       # kept for next time
    assert (images.download_dir / "Lightning Bolt.png").is_file()
