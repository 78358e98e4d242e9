"""The picture cache renders off the GUI thread, keeps faces on disk per card and size, prefers user images."""
from __future__ import annotations

import threading

from PIL import Image

from app.cardface import CardFace
from app.imagecache import CardImages, bucket, produce_image

BOLT = CardFace("Lightning Bolt", "{R}", "Instant", "Lightning Bolt deals 3 damage to any target.", "R")


def test_widths_are_bucketed():
    assert bucket(50) == 64 and bucket(100) == 128 and bucket(5000) == 600


def test_first_request_is_queued_then_ready(qtbot, card_cache):
    images = CardImages(card_cache)
    pix, key = images.pixmap(BOLT, 120)
    assert pix is None
    with qtbot.waitSignal(images.ready, timeout=10000) as blocker:
        pass
    assert blocker.args == [key]
    pix, _ = images.pixmap(BOLT, 120)
    assert pix is not None and pix.width() == 128
    assert len(list(card_cache.glob("*.png"))) == 1  # kept on disk for the next start
    images.pool.waitForDone()


def test_rendering_runs_on_a_pool_thread(qtbot, card_cache, monkeypatch):
    import app.imagecache as module

    threads = []
    real = module.produce_image

    def spy(*args, **kwargs):
        threads.append(threading.get_ident())
        return real(*args, **kwargs)

    monkeypatch.setattr(module, "produce_image", spy)
    images = CardImages(card_cache)
    with qtbot.waitSignal(images.ready, timeout=10000):
        images.pixmap(BOLT, 90)
    assert threads and threading.get_ident() not in threads
    images.pool.waitForDone()


def test_disk_cache_is_reused(card_cache):
    card_cache.mkdir()
    first = produce_image(BOLT, 96, card_cache, None)
    files = list(card_cache.glob("*.png"))
    assert len(files) == 1
    # Overwrite the cached file with a marker: a second call must read it rather than render again.
    Image.new("RGBA", first.size, (1, 2, 3, 255)).save(files[0])
    assert produce_image(BOLT, 96, card_cache, None).getpixel((10, 10)) == (1, 2, 3, 255)


def test_damaged_cache_file_is_rendered_again(card_cache):
    card_cache.mkdir()
    produce_image(BOLT, 96, card_cache, None)
    path = next(card_cache.glob("*.png"))
    path.write_bytes(b"not a png")
    assert produce_image(BOLT, 96, card_cache, None).size == (96, 134)


def _png_header(width: int, height: int) -> bytes:
    """A PNG that says it is `width` x `height` (and holds no pixels)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IEND", b""))


def test_a_hostile_or_damaged_user_image_falls_back_to_the_drawn_face(tmp_path, card_cache):
    """The user's image folder is theirs: a decompression bomb (a PNG claiming 100,000 x 100,000
    pixels), a file past the size limit, garbage, or a pipe with a card's name never stop the picture."""
    import os
    from app.cardface import IMAGE_FILE_BYTES
    drawn = produce_image(BOLT, 96, None, None)
    cases = {"bomb": _png_header(100_000, 100_000), "garbage": b"\x89PNG\r\n\x1a\n not really",
             "large": None, "pipe": None}
    for kind, data in cases.items():
        folder = tmp_path / kind
        folder.mkdir()
        path = folder / "Lightning Bolt.png"
        if kind == "large":
            with path.open("wb") as fh:
                fh.truncate(IMAGE_FILE_BYTES + 1)
        elif kind == "pipe":
            os.mkfifo(path)
        else:
            path.write_bytes(data)
        img = produce_image(BOLT, 96, None, folder)
        assert img.size == (96, 134) and img.tobytes() == drawn.tobytes(), kind


def test_user_image_wins(tmp_path, card_cache):
    Image.new("RGB", (630, 880), (10, 200, 30)).save(tmp_path / "Lightning Bolt.png")
    img = produce_image(BOLT, 128, card_cache, tmp_path)
    assert img.size == (128, 179)
    assert img.getpixel((64, 90))[:3] == (10, 200, 30)
