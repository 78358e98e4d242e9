"""Card pictures for the table: rendered lazily on a thread pool, kept on disk per card and size, and in memory.

The GUI thread never renders: `pixmap()` answers at once with what is cached (or None) and queues the
rest; `ready(key)` tells the items waiting for it to repaint.
"""
from __future__ import annotations

import io
from collections import OrderedDict
from pathlib import Path

from PIL import Image
from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThreadPool, Signal, Slot
from PySide6.QtGui import QImage, QPixmap

from app.atomic import write_atomic
from app.cardface import (UNREADABLE_IMAGE, CardFace, card_height, load_user_image, render_back, render_face,
                          user_image_path)

# Rendered widths in device pixels; a request is rounded up to one of these so a zoom does not
# fill the cache with near-identical sizes.
WIDTHS = (64, 96, 128, 176, 240, 320, 440, 600)
BACK = CardFace(name="\x00back")


def bucket(width_px: float) -> int:
    for w in WIDTHS:
        if w >= width_px:
            return w
    return WIDTHS[-1]


def to_qimage(img: Image.Image) -> QImage:
    img = img.convert("RGBA")
    data = img.tobytes("raw", "RGBA")
    return QImage(data, img.width, img.height, 4 * img.width, QImage.Format.Format_RGBA8888).copy()


def _write_png(img: Image.Image, path: Path) -> None:
    buffer = io.BytesIO()
    img.save(buffer, format="PNG")
    write_atomic(path, buffer.getvalue())


def produce_image(face: CardFace, width: int, disk: Path | None, user_dir: Path | None,
                  download_dir: Path | None = None) -> Image.Image:
    """The picture of `face` at `width`: the user's image, else a downloaded one, else the disk cache,
    else a fresh render."""
    if face == BACK:
        return render_back(width)
    for folder in (user_dir, download_dir):
        real = user_image_path(folder, face.name)
        if real is not None:
            try:
                return load_user_image(real, width)
            except UNREADABLE_IMAGE:
                pass  # an unreadable image: the next source, at worst the drawn face below
    path = disk / f"{face.cache_key(width)}.png" if disk is not None else None
    if path is not None and path.is_file():
        try:
            with Image.open(path) as cached:
                cached.load()
                if cached.size == (width, card_height(width)):
                    return cached.copy()
        except UNREADABLE_IMAGE:
            path.unlink(missing_ok=True)  # a damaged cache file is simply rendered again
    img = render_face(face, width)
    if path is not None:
        try:
            _write_png(img, path)
        except OSError:
            pass  # a full or read-only cache only costs a re-render next time
    return img


class _Job(QRunnable):
    def __init__(self, owner: "CardImages", key: str, face: CardFace, width: int) -> None:
        super().__init__()
        self._owner, self._key, self._face, self._width = owner, key, face, width
        self._disk, self._user, self._downloads = owner.disk_dir, owner.user_dir, owner.download_dir

    def run(self) -> None:
        try:
            image = to_qimage(produce_image(self._face, self._width, self._disk, self._user, self._downloads))
        except Exception as exc:  # noqa: BLE001 - reported to the GUI, which draws a plain placeholder
            self._owner._failed.emit(self._key, f"{self._face.name}: {exc}")
            return
        self._owner._done.emit(self._key, image)


class CardImages(QObject):
    """The card picture cache of one app: memory LRU over a disk cache over a thread-pool renderer."""

    ready = Signal(str)
    _done = Signal(str, QImage)
    _failed = Signal(str, str)

    def __init__(self, disk_dir: Path | None, user_dir: Path | None = None, memory_limit: int = 600,
                 parent: QObject | None = None, download_dir: Path | None = None) -> None:
        super().__init__(parent)
        self.disk_dir = disk_dir
        if disk_dir is not None:
            disk_dir.mkdir(parents=True, exist_ok=True)
        self.user_dir = user_dir
        # Card images downloaded from Scryfall (app.downloads), beside the rendered faces' cache.
        self.download_dir = download_dir or (disk_dir.parent / "images" if disk_dir is not None else None)
        self._memory: OrderedDict[str, QPixmap] = OrderedDict()
        self._any_size: dict[CardFace, QPixmap] = {}  # the latest picture of each face, whatever its size
        self._faces: dict[str, CardFace] = {}
        self._limit = memory_limit
        self._pending: set[str] = set()
        self._broken: set[str] = set()
        self.errors: list[str] = []
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(max(1, min(2, QThreadPool.globalInstance().maxThreadCount())))
        self._done.connect(self._on_done)
        self._failed.connect(self._on_failed)

    @staticmethod
    def key(face: CardFace, width: int) -> str:
        return f"{face.name}|{face.cache_key(width)}"

    def set_user_dir(self, folder: Path | None) -> None:
        if folder != self.user_dir:
            self.user_dir = folder
            self._memory.clear()
            self._any_size.clear()

    def reload(self) -> None:
        """Forget the pictures in memory (new images were downloaded): cards are drawn again."""
        self._memory.clear()
        self._any_size.clear()
        self._broken.clear()

    def pixmap(self, face: CardFace, width_px: float) -> tuple[QPixmap | None, str]:
        """The picture at that width, and the key `ready` will announce. When that size is not cached yet it
        is queued, and the answer is the card at another size, or None if it was never drawn."""
        width = bucket(width_px)
        key = self.key(face, width)
        pix = self._memory.get(key)
        if pix is not None:
            self._memory.move_to_end(key)
            return pix, key
        if key not in self._pending and key not in self._broken:
            self._pending.add(key)
            self._faces[key] = face
            self.pool.start(_Job(self, key, face, width))
        # Meanwhile the same card at another size (scaled) beats a placeholder.
        return self._any_size.get(face), key

    def is_pending(self, key: str) -> bool:
        return key in self._pending

    def back(self, width_px: float) -> tuple[QPixmap | None, str]:
        return self.pixmap(BACK, width_px)

    def wait(self, msecs: int = 20000) -> bool:
        """Blocks until queued renders are done (screenshots and tests only); then deliver them."""
        done = self.pool.waitForDone(msecs)
        QCoreApplication.processEvents()
        return done

    @Slot(str, QImage)
    def _on_done(self, key: str, image: QImage) -> None:
        self._pending.discard(key)
        pix = QPixmap.fromImage(image)
        self._memory[key] = pix
        face = self._faces.pop(key, None)
        if face is not None:
            self._any_size[face] = pix
        while len(self._memory) > self._limit:
            self._memory.popitem(last=False)
        self.ready.emit(key)

    @Slot(str, str)
    def _on_failed(self, key: str, message: str) -> None:
        self._pending.discard(key)
        self._faces.pop(key, None)
        self._broken.add(key)  # not retried on every repaint; the item keeps its drawn placeholder
        self.errors.append(message)
