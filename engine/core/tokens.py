"""Tokens (111): their characteristics come from the effect that made them, not from a card."""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from engine.core.cards import CardDef


def token_spec(name: str, power: int | None, toughness: int | None, colors: str, types: str,
               abilities: list[str] | None = None) -> dict[str, Any]:
    """A JSON-able token description. `types` is a full type line ("Creature — Soldier")."""
    return {"name": name, "power": power, "toughness": toughness, "colors": colors, "types": types,
            "abilities": list(abilities or [])}


def default_token_name(types: str) -> str:
    """111.4: a token with no name given is named for its subtypes plus the word "Token"."""
    if "—" in types:
        return types.split("—", 1)[1].strip() + " Token"
    return types.split()[-1] + " Token"


def token_def(spec: dict[str, Any]) -> CardDef:
    return _token_def(json.dumps(spec, sort_keys=True))


@lru_cache(maxsize=None)
def _token_def(key: str) -> CardDef:
    from engine.oracle import compile_card
    spec = json.loads(key)
    types_line = spec["types"]
    left, _, right = types_line.partition("—")
    words = left.split()
    supertypes = [w for w in words if w in ("Legendary", "Basic", "Snow", "World")]
    types = [w for w in words if w not in supertypes and w != "Token"]
    record = {
        "name": spec["name"], "manaCost": "", "colors": [c for c in "WUBRG" if c in spec["colors"]],
        "supertypes": supertypes, "types": types, "subtypes": right.split(), "type": types_line,
        "text": "\n".join(spec.get("abilities", [])),
        "power": None if spec.get("power") is None else str(spec["power"]),
        "toughness": None if spec.get("toughness") is None else str(spec["toughness"]),
    }
    d = compile_card(record)
    from dataclasses import replace
    from engine.core.cards import register_abilities
    d = replace(d, is_token=True)
    register_abilities("token:" + key, d)
    return d
