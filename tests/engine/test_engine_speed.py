"""The engine's own speed work keeps its contracts: what it keeps or shares to go faster follows every change that
alters it (mutate, then ask again), and a clone's changes never reach the original."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_loading_the_card_pool_leaves_the_long_lived_objects_out_of_the_collector():
    # In a fresh process: before the pool is loaded nothing is frozen; after it, the modules and the pool are.
    code = ("import gc\nfrom engine.core.cards import default_pool\nbefore = gc.get_freeze_count()\n"
            "default_pool()\nprint(before, gc.get_freeze_count())")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    before, after = map(int, out.split())
    assert before == 0 and after > 10000
