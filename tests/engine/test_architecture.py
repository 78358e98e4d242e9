"""The engine's shape (docs/ARCHITECTURE.md): every effect has its handler once the wiring is installed,
and imports made inside functions stay rare. The layer contract itself is checked by lint-imports in
./run-tests."""
from __future__ import annotations

import ast
import inspect
from pathlib import Path

from engine.core import effect_types, hooks
from engine.core.abilities import Effect

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def test_every_effect_type_has_a_handler_after_install():
    effects = [c for _, c in inspect.getmembers(effect_types, inspect.isclass)
               if issubclass(c, Effect) and c is not Effect and c.__module__ == effect_types.__name__]
    assert len(effects) > 50
    missing = sorted(c.__name__ for c in effects if c not in hooks.HANDLERS)
    assert missing == []


def test_hook_points_are_filled_by_the_wiring():
    assert hooks.ETB_HOOKS and hooks.DIE_REPLACEMENTS and hooks.DAMAGE_MODIFIERS and hooks.SPELL_COST_MODIFIERS
    assert {"x_split_evenly", "event_amount", "cards_in_graveyard"} <= set(hooks.AMOUNTS)
    assert {"creature_died_this_turn", "no_counters"} <= set(hooks.CONDITIONS)


def _local_engine_imports() -> list[str]:
    found = []
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine"):
                    found.append(f"{path.relative_to(ENGINE.parent)}:{node.lineno}")
                elif isinstance(node, ast.Import) and any(a.name.startswith("engine") for a in node.names):
                    found.append(f"{path.relative_to(ENGINE.parent)}:{node.lineno}")
    return sorted(set(found))


def test_imports_inside_functions_stay_rare():
    # Layers import downwards at the top of the module; an import inside a function is the exception
    # (each one says why). The budget is 10 for the whole engine.
    assert len(_local_engine_imports()) <= 10, _local_engine_imports()
