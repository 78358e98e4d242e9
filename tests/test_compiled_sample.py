"""scripts/compiled_sample.py: the draw of issue 13's correctness sample is reproducible, spread over the
card kinds in the proportions the script gives, and printed round-robin so that any prefix is spread too."""
from __future__ import annotations

import importlib.util
from pathlib import Path

SPEC = importlib.util.spec_from_file_location(
    "compiled_sample", Path(__file__).parent.parent / "scripts" / "compiled_sample.py")
sample = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(sample)


def _by_kind(n: int = 50) -> dict[str, list[str]]:
    return {k: [f"{k} {i}" for i in range(n)] for k in sample.KINDS}


def test_draw_is_reproducible_and_stratified():
    first = sample.draw(_by_kind(), seed=13, size=100)
    assert first == sample.draw(_by_kind(), seed=13, size=100)
    assert first != sample.draw(_by_kind(), seed=14, size=100)
    kinds = [k for k, _ in first]
    assert {k: kinds.count(k) for k in sample.KINDS} == sample.KINDS
    assert kinds[:len(sample.KINDS)] == list(sample.KINDS)      # round-robin: one of each kind first


def test_a_kind_with_few_cards_gives_what_it_has():
    by_kind = _by_kind()
    by_kind["Planeswalker"] = ["Only Walker"]
    drawn = sample.draw(by_kind, seed=13, size=100)
    assert [n for k, n in drawn if k == "Planeswalker"] == ["Only Walker"]


def test_kind_is_the_first_listed_type():
    assert sample.kind({"types": ["Artifact", "Creature"]}) == "Creature"
    assert sample.kind({"types": ["Enchantment"]}) == "Enchantment"
    assert sample.kind({"types": ["Battle"]}) is None
