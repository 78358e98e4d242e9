"""Table speed: the frame time while a card is dragged over a table of 120 cards, and the time from launch
to a playable table.

    python bench/table.py          # prints the figures
    python bench/table.py --json   # {"drag_frame_ms": ..., "drag_frame_p95_ms": ..., "launch_s": ...}

Drag: the real view and scene (offscreen), every picture rendered first, then 200 mouse moves are sent
to the viewport; a frame is one move plus the repaint Qt does for it. Animations are on, and kept busy:
every 20 moves a new snapshot taps or untaps six permanents, deals damage and changes a life total (slides,
shakes and floating numbers run under the drag). The frames in which such a snapshot arrives (drawing it,
laying out the 120 cards, starting the animations) are reported on their own, and the repaint of the whole
table after each move is timed too (the worst case, e.g. a window being resized).
Launch: wall time of `python -m app --quit-when-playable`, a fresh process that opens the window,
starts a game against the AI and exits when the human can act (targets: under 16 ms and under 2 s).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


SNAPSHOT_EVERY = 20


def drag_frames(cards: int = 120, moves: int = 200) -> tuple[list[float], list[float], list[float]]:
    """Per-frame milliseconds of a drag: (Qt's own partial repaints, the frames where a new snapshot arrived,
    full-table repaints)."""
    from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    import copy

    from app.demo import crowded_snapshot
    from app.imagecache import CardImages
    from app.table.scene import TableScene
    from app.table.view import TableView

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as cache:
        images = CardImages(Path(cache))
        scene = TableScene(images)
        scene.drag_policy = lambda obj, zone: True
        view = TableView(scene)
        view.resize(1600, 1000)
        view.show()
        snap = crowded_snapshot(cards)
        scene.set_snapshot(snap, 0)
        assert len(scene.cards) == cards, len(scene.cards)
        assert scene.animations
        for _ in range(3):  # paint, let every picture arrive, paint again at the final sizes
            view.viewport().repaint()
            images.wait()
            app.processEvents()
        card = next(item for item in scene.cards.values() if item.place.zone == "hand" and item.place.owner == 0)
        vp = view.viewport()

        def send(kind: QEvent.Type, at: QPoint, buttons: Qt.MouseButton) -> None:
            local = QPointF(at)
            event = QMouseEvent(kind, local, vp.mapToGlobal(local), Qt.MouseButton.LeftButton if kind !=
                                QEvent.Type.MouseMove else Qt.MouseButton.NoButton, buttons,
                                Qt.KeyboardModifier.NoModifier)
            QApplication.sendEvent(vp, event)

        start = view.mapFromScene(card.pos())
        send(QEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton)
        frames, snapshots, full = [], [], []
        for i in range(1, moves + 1):
            # A sweep across the battlefield and back, over the crowded rows.
            t = i / moves
            x = start.x() + vp.width() * 0.35 * math.sin(2 * math.pi * t)
            y = start.y() - vp.height() * 0.55 * math.sin(math.pi * t)
            began = time.perf_counter()
            if i % SNAPSHOT_EVERY == 0:  # something happens in the game meanwhile
                snap = copy.deepcopy(snap)
                for k, obj in enumerate(snap["battlefield"][i // SNAPSHOT_EVERY % 5::17][:6]):
                    obj["tapped"] = not obj.get("tapped")
                    obj["damage"] = (obj.get("damage") or 0) + k % 2
                snap["players"][1]["life"] -= 1
                scene.set_snapshot(snap, 0)
            send(QEvent.Type.MouseMove, QPoint(round(x), round(y)), Qt.MouseButton.LeftButton)
            app.processEvents()  # Qt repaints what the move made dirty, as in a real drag
            app.processEvents()
            (snapshots if i % SNAPSHOT_EVERY == 0 else frames).append((time.perf_counter() - began) * 1000)
            began = time.perf_counter()
            vp.repaint()  # the worst case: the whole table
            full.append((time.perf_counter() - began) * 1000)
        send(QEvent.Type.MouseButtonRelease, start, Qt.MouseButton.NoButton)
        assert card.dragging is False
        view.close()
        images.pool.waitForDone()
    return frames, snapshots, full


def launch_seconds() -> float | None:
    began = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "app", "--quit-when-playable"], cwd=ROOT,
                            env=dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen")),
                            capture_output=True, text=True, timeout=120)
    elapsed = time.perf_counter() - began
    if result.returncode != 0:
        print(f"launch failed: {result.stderr.strip().splitlines()[-1:] or result.returncode}", file=sys.stderr)
        return None
    return elapsed


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    frames, snapshots, full = drag_frames()
    launch = launch_seconds()
    figures = {"drag_frame_ms": round(statistics.median(frames), 2),
               "drag_frame_p95_ms": round(percentile(frames, 0.95), 2),
               "snapshot_frame_ms": round(statistics.median(snapshots), 2),
               "snapshot_frame_max_ms": round(max(snapshots), 2),
               "full_repaint_ms": round(statistics.median(full), 2),
               "launch_s": None if launch is None else round(launch, 2)}
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"drag over 120 cards: median frame {figures['drag_frame_ms']} ms, "
              f"95th percentile {figures['drag_frame_p95_ms']} ms (target < 16 ms), animations running; "
              f"repainting the whole table: {figures['full_repaint_ms']} ms")
        print(f"a frame in which a new snapshot arrives mid-drag: median {figures['snapshot_frame_ms']} ms, "
              f"worst {figures['snapshot_frame_max_ms']} ms")
        print(f"launch to playable table: {figures['launch_s']} s (target < 2 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
