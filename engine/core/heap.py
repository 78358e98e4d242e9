"""The garbage collector set for a process that plays games: what a program's start leaves alive (the modules, the
card pool) lives as long as the process, and games make garbage by the million (copies of states, events,
decisions). Called once by the program, not by the engine: its effect is process-wide."""
from __future__ import annotations

import gc

from engine.core.cards import default_pool

# The youngest generation's threshold: allocations (less deallocations) between its collections. The default, 700,
# collects it about ten times a game; its collections, each a walk of what is young, add up to about 3% of a game's
# CPU time. 10,000 collects it twenty times less often for about half the cost overall; the older generations keep
# Python's defaults (each collected after ten of the younger).
YOUNG_THRESHOLD = 10_000


def keep_long_lived() -> None:
    """Loads the default card pool, collects what is garbage now (nothing unreachable is kept), and leaves everything
    alive then out of the collector's passes (gc.freeze: the full passes walked those tens of thousands of objects again
    and again); then collects the youngest generation less often."""
    default_pool()
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *gc.get_threshold()[1:])
