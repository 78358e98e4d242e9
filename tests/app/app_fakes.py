"""A stand-in with the engine's public API (docs/ENGINE-API.md), to test the worker's threading, pacing
and error handling in isolation: two players pass priority; a pass by each ends the turn."""
from __future__ import annotations

import json
import threading
from dataclasses import dataclass


@dataclass(frozen=True)
class PassPriority:
    player: int


@dataclass(frozen=True)
class Concede:
    player: int


@dataclass(frozen=True)
class Explode:
    """An action the fake refuses, as the engine refuses an illegal one."""

    player: int


@dataclass(frozen=True)
class Crash:
    """An action on which the fake fails half-way, as an engine bug would."""

    player: int


class Refused(Exception):
    """The fake's IllegalAction."""


@dataclass
class FakeDecision:
    player: int
    kind: str = "priority"
    prompt: str = ""
    options: tuple = ()
    min: int = 0
    max: int = 0
    data: dict | None = None


@dataclass
class FakeEvent:
    kind: str
    data: dict
    text: str


class FakeGame:
    threads: list[int] = []  # every call's thread, across instances

    def __init__(self, turn: int = 1, priority: int = 0, passes: int = 0) -> None:
        self.turn, self.priority, self.passes = turn, priority, passes
        self.is_over, self.winners = False, []

    @classmethod
    def new(cls, decks, seed=0, starting_player=None, enforce=True) -> "FakeGame":  # noqa: ANN001
        cls.threads.append(threading.get_ident())
        return cls(priority=starting_player or 0)

    @property
    def pending(self) -> FakeDecision:
        return FakeDecision(self.priority)

    def legal_actions(self) -> list:
        self.threads.append(threading.get_ident())
        return [PassPriority(self.priority), Concede(self.priority)]

    def apply(self, action) -> list[FakeEvent]:  # noqa: ANN001
        self.threads.append(threading.get_ident())
        if isinstance(action, Explode) or action.player != self.priority:
            raise Refused("that is not allowed now")
        if isinstance(action, Crash):
            self.passes += 1
            self.priority = 1 - self.priority
            raise ZeroDivisionError("division by zero")
        self.passes += 1
        self.priority = 1 - self.priority
        if self.passes % 2 == 0:
            self.turn += 1
        return [FakeEvent("pass", {"player": action.player}, f"Player {action.player} passes.")]

    def snapshot(self, viewer=None) -> dict:  # noqa: ANN001
        self.threads.append(threading.get_ident())
        return {"turn": self.turn, "active": 0, "step": "main1", "priority": self.priority, "players": [],
                "battlefield": [], "stack": [], "game_over": self.is_over, "winners": self.winners}

    def clone(self) -> "FakeGame":
        return FakeGame(self.turn, self.priority, self.passes)

    def to_json(self) -> str:
        return json.dumps({"turn": self.turn, "priority": self.priority, "passes": self.passes})

    @classmethod
    def from_json(cls, text: str) -> "FakeGame":
        data = json.loads(text)
        return cls(data["turn"], data["priority"], data["passes"])


class FirstActionAI:
    """An AI for the fake: always the first legal action that is not a concession."""

    def choose(self, game: FakeGame):  # noqa: ANN201
        return next(a for a in game.legal_actions() if not isinstance(a, Concede))


def fake_ai(config, player: int, level: str) -> FirstActionAI:  # noqa: ANN001
    return FirstActionAI()
