"""ManaTable's rules engine: a pure, deterministic state machine for two-player Magic.

See docs/ENGINE-API.md (the API) and docs/ARCHITECTURE.md (the layers). Everything a caller needs is
exported here. Importing the package connects the engine's pieces once (engine.wiring.install).
"""
from engine.wiring import install

install()

from engine.core.errors import IllegalAction  # noqa: E402
from engine.core.events import Event  # noqa: E402
from engine.core.enums import DecisionKind, Step, Zone  # noqa: E402
from engine.core.state import Decision, GameState  # noqa: E402
from engine.game import Game  # noqa: E402

__all__ = ["Game", "GameState", "IllegalAction", "Decision", "DecisionKind", "Step", "Zone", "Event"]
