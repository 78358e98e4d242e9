"""ManaTable's rules engine: a pure, deterministic state machine for two-player Magic.

See docs/ENGINE-API.md. Everything a caller needs is exported here.
"""
from engine.core.errors import IllegalAction
from engine.game import Game
from engine.core.state import Decision, GameState
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.events import Event

__all__ = ["Game", "GameState", "IllegalAction", "Decision", "DecisionKind", "Step", "Zone", "Event"]
