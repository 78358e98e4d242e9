"""Events: what an action did, for the log, the UI's animations and triggered abilities (603.2)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Event:
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": self.data, "text": self.text}
