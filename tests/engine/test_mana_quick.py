"""The mana payer's shortcuts (quick_verdict, pruned search) agree with a plain brute-force answer."""
from __future__ import annotations

from itertools import combinations, product

import pytest

from engine.core.mana import MANA_LETTERS, ManaCost, ManaSource, can_pay_from, find_payment, quick_verdict
from engine.core.rng import Rng

SYMBOLS = ["1", "2", "3", "W", "U", "B", "R", "G", "C", "W/U", "2/W", "R/P"]
OPTIONS = [("G",), ("R",), ("W",), ("R", "W"), ("CC",), ("W", "U", "B", "R", "G")]


def brute_force(pool: dict[str, int], sources: list[ManaSource], cost: ManaCost, life: int) -> bool:
    """Tries every set of sources with every choice of their options."""
    for n in range(len(sources) + 1):
        for chosen in combinations(sources, n):
            for picks in product(*(s.options for s in chosen)):
                mana = dict(pool)
                for opt in picks:
                    for c in opt:
                        mana[c] = mana.get(c, 0) + 1
                if can_pay_from(mana, cost, life) is not None:
                    return True
    return False


def random_case(rng: Rng) -> tuple[dict[str, int], list[ManaSource], ManaCost, int]:
    pool = {c: 0 for c in MANA_LETTERS}
    for _ in range(rng.below(3)):
        pool[MANA_LETTERS[rng.below(6)]] += 1
    sources = [ManaSource(i, 0, OPTIONS[rng.below(len(OPTIONS))] if rng.below(3) else ("G",), rng.below(3))
               for i in range(rng.below(6))]
    cost = ManaCost(tuple(SYMBOLS[rng.below(len(SYMBOLS))] for _ in range(1 + rng.below(4))))
    return pool, sources, cost, (0, 2, 20)[rng.below(3)]


@pytest.mark.rules("601.2g", "601.2h", "107.4f")
@pytest.mark.parametrize("seed", range(8))
def test_payer_shortcuts_agree_with_brute_force(seed: int) -> None:
    rng = Rng(seed)
    for _ in range(150):
        pool, sources, cost, life = random_case(rng)
        expected = brute_force(pool, sources, cost, life)
        assert (find_payment(pool, sources, cost, life) is not None) == expected, (pool, sources, cost, life)
        verdict = quick_verdict(pool, sources, cost)
        assert verdict is None or verdict == expected, (pool, sources, cost)
