"""Downloads from Settings: real card images from Scryfall, and all the cards (MTGJSON or Scryfall
bulk data, see cardsdb.download).

Each download runs as a worker object on its own QThread and reports by signals to a small window
with a progress bar and Cancel; the table and the deck editor stay usable meanwhile. Images are
fetched by the Scryfall id the card database keeps for each printing, politely (one request per
100 ms, a User-Agent naming ManaTable), saved as `<card name>.jpg` in the image cache folder the
table reads (CardImages.download_dir), and skipped when already there, so a cancelled or failed
download resumes where it stopped. Cards without an image keep their drawn face.
"""
from __future__ import annotations

import io
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import httpx
from PIL import Image, UnidentifiedImageError
from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, Signal, Slot
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (QComboBox, QDialog, QFormLayout, QGroupBox, QHBoxLayout, QLabel,
                               QLineEdit, QProgressBar, QPushButton, QVBoxLayout, QWidget)

from app.atomic import write_atomic
from app.cardface import IMAGE_SUFFIXES, image_stem
from app.settings import Settings
from cardsdb.download import (DEFAULT_MTGJSON_URL, DEFAULT_SCRYFALL_URL, ENV_MTGJSON_URL, ENV_SCRYFALL_URL,
                              REQUEST_INTERVAL, SOURCE_BY_KEY, SOURCES, Cancelled, Client, DownloadError,
                              Progress, base_url, describe_network_error, download_card_data,
                              open_database)

IMAGE_FORMATS = {"JPEG": ".jpg", "PNG": ".png"}
RETRIES_WHEN_BUSY = 2    # a 429 (too many requests) waits as the server asks, then tries again
OFFLINE = "Cards keep their drawn faces."


# -- card images (no Qt: runs in the worker thread) ------------------------------------------------
def _fetch_image(client: Client, url: str) -> bytes:
    retries = 0
    while True:
        try:
            return client.get(url, format="image", version="normal").content
        except httpx.HTTPStatusError as exc:
            if exc.response.status_code != 429 or retries == RETRIES_WHEN_BUSY:
                raise
            retries += 1
            try:
                wait = float(exc.response.headers.get("Retry-After") or 1)
            except ValueError:
                wait = 1.0
            client.progress.sleep(min(max(wait, 0.1), 60.0))


def _image_suffix(data: bytes) -> str | None:
    """The file suffix of a JPEG or PNG image, None for anything else (an error page, a cut file)."""
    try:
        with Image.open(io.BytesIO(data)) as img:
            img.verify()
            return IMAGE_FORMATS.get(img.format or "")
    except (UnidentifiedImageError, OSError, SyntaxError):
        return None


def _image_stems(folder: Path | None) -> set[str]:
    """The card names that have an image in `folder` (as the table finds them, see user_image_path)."""
    if folder is None or not folder.is_dir():
        return set()
    return {path.stem for path in folder.iterdir() if path.suffix in IMAGE_SUFFIXES and path.is_file()}


def download_images(db_path: Path, folder: Path, progress: Progress, *,
                    scryfall_url: str = DEFAULT_SCRYFALL_URL, user_dir: Path | None = None,
                    interval: float = REQUEST_INTERVAL) -> str:
    """Downloads the image of every card of the database that has a Scryfall id and no image yet
    (in `folder` or the user's own `user_dir`); returns a one-line summary. Raises DownloadError
    (what was downloaded is kept) or Cancelled."""
    with open_database(db_path) as db:
        ids = db.scryfall_ids()
    without_id = sum(1 for sid in ids.values() if not sid)
    present = _image_stems(folder) | _image_stems(user_dir)   # one listing, not a lookup per card
    todo = [(name, sid) for name, sid in ids.items()
            if sid and name not in present and image_stem(name) not in present]
    already = len(ids) - without_id - len(todo)
    progress.stage(f"Downloading {len(todo)} card images", len(todo))
    got = unusable = 0
    with Client(progress, interval) as client:
        for index, (name, sid) in enumerate(todo):
            url = f"{scryfall_url}/cards/{sid}"
            try:
                data = _fetch_image(client, url)
            except httpx.HTTPError as exc:
                if not (isinstance(exc, httpx.HTTPStatusError) and exc.response.status_code == 404):
                    reason = describe_network_error(url, exc)
                    raise DownloadError(_stopped(reason, got, len(todo) - index)) from None
                data = b""   # Scryfall has no such card: counted as without an image
            suffix = _image_suffix(data)
            if suffix is None:
                unusable += 1
            else:
                write_atomic(folder / f"{image_stem(name)}{suffix}", data)
                got += 1
            progress.advance(index + 1, len(todo))
    parts = [f"Downloaded {_count(got, 'card image')}"
             + (f" ({already} {'was' if already == 1 else 'were'} already there)" if already else "") + "."]
    if unusable:
        parts.append(f"{unusable} had no usable image on Scryfall.")
    if without_id:
        parts.append(f"{_count(without_id, 'card')} {'has' if without_id == 1 else 'have'} no Scryfall id "
                     "(import card data from Settings to get them) and keep their drawn faces.")
    return " ".join(parts)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _stopped(reason: str, got: int, left: int) -> str:
    return (f"Stopped: {reason}. Downloaded {_count(got, 'image')}, {left} left: download again to "
            f"resume. {OFFLINE}")


# -- the worker and its window ---------------------------------------------------------------------
class DownloadWorker(QObject):
    """Runs one download job on a QThread; cancel() is safe to call from the GUI thread."""

    progressed = Signal(str, int, int)   # stage, done, total (0: unknown)
    finished = Signal(bool, str)         # completed, message for the user

    def __init__(self, job: Callable[[Progress], str], cancelled_note: str) -> None:
        super().__init__()
        self._job = job
        self._cancelled_note = cancelled_note
        self.progress = Progress(self.progressed.emit)

    def cancel(self) -> None:
        self.progress.cancel()

    @Slot()
    def run(self) -> None:
        try:
            message = self._job(self.progress)
        except Cancelled:
            self.finished.emit(False, f"Cancelled. {self._cancelled_note}")
        except DownloadError as exc:
            self.finished.emit(False, str(exc))
        except OSError as exc:   # the disk: full, read-only, a folder that vanished
            self.finished.emit(False, f"Cannot write the download: {exc}")
        else:
            self.finished.emit(True, message)


class DownloadDialog(QDialog):
    """One running download: its stage, a progress bar and Cancel; then the outcome and Close."""

    completed = Signal(bool, str)

    def __init__(self, title: str, job: Callable[[Progress], str], cancelled_note: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setMinimumWidth(460)
        layout = QVBoxLayout(self)
        self.stage = QLabel("Starting…")
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.button = QPushButton("Cancel")
        self.button.clicked.connect(self._on_button)
        for widget in (self.stage, self.bar, self.message):
            layout.addWidget(widget)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignRight)
        self.running = False
        self.succeeded: bool | None = None
        self._close_when_done = False
        self._stage_text, self._stage_started = "", 0.0
        self.thread_ = QThread(self)
        self.worker = DownloadWorker(job, cancelled_note)
        self.worker.moveToThread(self.thread_)
        self.thread_.started.connect(self.worker.run)
        self.worker.progressed.connect(self._on_progress)
        self.worker.finished.connect(self._on_finished)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self._shutdown)

    def start(self) -> None:
        self.running = True
        self.thread_.start()
        self.show()

    @Slot(str, int, int)
    def _on_progress(self, text: str, done: int, total: int) -> None:
        if not self.running:
            return
        if text != self._stage_text:
            self._stage_text, self._stage_started = text, time.monotonic()
        if total > 0:
            self.bar.setRange(0, total)
            self.bar.setValue(min(done, total))
            self.stage.setText(f"{text}: {_amount(done, total)}"
                               f"{_time_left(time.monotonic() - self._stage_started, done, total)}")
        else:   # size unknown (no Content-Length): a busy bar and what arrived so far
            self.bar.setRange(0, 0)
            self.stage.setText(f"{text}: {done / (1 << 20):.1f} MB" if done else f"{text}…")

    @Slot(bool, str)
    def _on_finished(self, ok: bool, message: str) -> None:
        self.thread_.quit()
        self.thread_.wait()
        self.running = False
        self.succeeded = ok
        self.stage.setText("Done." if ok else "Not finished.")
        self.bar.setRange(0, 1)
        self.bar.setValue(1 if ok else 0)
        self.message.setText(message)
        self.button.setText("Close")
        self.button.setEnabled(True)
        self.completed.emit(ok, message)
        if self._close_when_done:
            self.accept()

    def cancel(self) -> None:
        if self.running:
            self.worker.cancel()
            self.button.setEnabled(False)
            self.button.setText("Cancelling…")

    def _on_button(self) -> None:
        if self.running:
            self.cancel()
        else:
            self.accept()

    def reject(self) -> None:   # Escape or the window's close button: cancel first, then close
        if self.running:
            self._close_when_done = True
            self.cancel()
        else:
            super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.running:
            event.ignore()
            self.reject()
        else:
            super().closeEvent(event)

    @Slot()
    def _shutdown(self) -> None:
        if self.running:
            self.worker.cancel()
            self.thread_.quit()
            self.thread_.wait(35000)


def _time_left(elapsed: float, done: int, total: int) -> str:
    """", about 3 min left" once the pace is known (a few seconds in)."""
    if done <= 0 or done >= total or elapsed < 3:
        return ""
    left = elapsed * (total - done) / done
    if left < 90:
        return f", about {max(5, round(left / 5) * 5)} s left"
    if left < 90 * 60:
        return f", about {round(left / 60)} min left"
    return f", about {left / 3600:.1f} h left"


def _amount(done: int, total: int) -> str:
    if total >= 1 << 20:
        return f"{done / (1 << 20):.1f} of {total / (1 << 20):.1f} MB"
    return f"{done} of {total}"


# -- starting downloads ----------------------------------------------------------------------------
@dataclass
class DownloadTargets:
    """Where downloads go and who hears about them."""
    db_path: Path                          # the user's card database: ids come from it, data goes in
    image_dir: Path                        # the image cache the table reads (CardImages.download_dir)
    user_image_dir: Path | None = None     # the user's own image folder: its images are not fetched
    owner: QWidget | None = None           # parent of the progress windows (outlives Settings)
    on_images: Callable[[], None] | None = None
    on_card_data: Callable[[], None] | None = None


ACTIVE: dict[str, DownloadDialog] = {}     # the running download of each kind: one at a time


def _start(kind: str, title: str, job: Callable[[Progress], str], note: str,
           targets: DownloadTargets, then: Callable[[], None] | None) -> DownloadDialog:
    running = ACTIVE.get(kind)
    if running is not None and running.running:
        running.show()
        running.raise_()
        return running
    dialog = DownloadDialog(title, job, note, targets.owner)
    ACTIVE[kind] = dialog
    if then is not None:
        dialog.completed.connect(lambda _ok, _message: then())
    dialog.start()
    return dialog


def start_image_download(settings: Settings, targets: DownloadTargets) -> DownloadDialog:
    url = base_url(settings.scryfall_url, ENV_SCRYFALL_URL, DEFAULT_SCRYFALL_URL)

    def job(progress: Progress) -> str:
        return download_images(targets.db_path, targets.image_dir, progress, scryfall_url=url,
                               user_dir=targets.user_image_dir)

    return _start("images", "Download card images", job,
                  f"The images downloaded so far are kept; downloading again resumes. {OFFLINE}",
                  targets, targets.on_images)


def start_card_data_download(settings: Settings, targets: DownloadTargets) -> DownloadDialog:
    source = SOURCE_BY_KEY.get(settings.card_data_source, SOURCES[0])
    scryfall = base_url(settings.scryfall_url, ENV_SCRYFALL_URL, DEFAULT_SCRYFALL_URL)
    mtgjson = base_url(settings.mtgjson_url, ENV_MTGJSON_URL, DEFAULT_MTGJSON_URL)

    def job(progress: Progress) -> str:
        return download_card_data(source, targets.db_path, progress, scryfall_url=scryfall,
                                  mtgjson_url=mtgjson)

    return _start("card data", "Download card data", job, "The card database is unchanged.",
                  targets, targets.on_card_data)


class DownloadsBox(QGroupBox):
    """The Settings dialog's downloads: card data (which file), card images, the servers. A started
    download runs on in its own window over the main window, so Settings announces `started` and
    closes (a modal Settings would block that window's Cancel)."""

    started = Signal()

    def __init__(self, settings: Settings, targets: DownloadTargets, parent: QWidget | None = None) -> None:
        super().__init__("Downloads", parent)
        self.settings = settings
        self.targets = targets
        self.dialog: DownloadDialog | None = None
        form = QFormLayout(self)
        self.source = QComboBox()
        for source in SOURCES:
            self.source.addItem(source.label, source.key)
        chosen = self.source.findData(settings.card_data_source)
        self.source.setCurrentIndex(max(chosen, 0))
        self.data_button = QPushButton("Download card data")
        self.data_button.clicked.connect(self.download_card_data)
        form.addRow("All the cards", _row(self.source, self.data_button))
        self.images_button = QPushButton("Download card images")
        self.images_button.clicked.connect(self.download_images)
        where = QLabel(f"Saved in {targets.image_dir}; the table shows them instead of drawn faces.")
        where.setWordWrap(True)
        form.addRow("Card images", _row(where, self.images_button))
        self.scryfall_url = QLineEdit(settings.scryfall_url)
        self.scryfall_url.setPlaceholderText(DEFAULT_SCRYFALL_URL)
        self.mtgjson_url = QLineEdit(settings.mtgjson_url)
        self.mtgjson_url.setPlaceholderText(DEFAULT_MTGJSON_URL)
        form.addRow("Scryfall API", self.scryfall_url)
        form.addRow("MTGJSON files", self.mtgjson_url)

    def save(self) -> None:
        self.settings.scryfall_url = self.scryfall_url.text()
        self.settings.mtgjson_url = self.mtgjson_url.text()
        self.settings.card_data_source = str(self.source.currentData())
        self.settings.sync()

    @Slot()
    def download_card_data(self) -> None:
        self.save()
        self.dialog = start_card_data_download(self.settings, self._targets())
        self.started.emit()

    @Slot()
    def download_images(self) -> None:
        self.save()
        self.dialog = start_image_download(self.settings, self._targets())
        self.started.emit()

    def _targets(self) -> DownloadTargets:
        # without an owner the windows belong to this box's dialog's parent, never to Settings itself
        if self.targets.owner is None:
            self.targets.owner = self.window().parentWidget()
        return self.targets


def _row(*widgets: QWidget) -> QWidget:
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    for i, widget in enumerate(widgets):
        layout.addWidget(widget, 1 if i == 0 else 0)
    return row
