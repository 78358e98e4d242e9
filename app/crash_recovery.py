"""Surviving an engine fault and an unclean exit (issue 14).

- A bug report for an engine fault: the error and traceback, the action, the game's seed and settings,
  and the save of the game just before the action (load it and take the action again to replay the
  fault), written atomically into `bug-reports/` of the user's data folder; the save also beside it as a
  file Load Game opens.
- The autosave after every turn: the game's save, written atomically to `autosave.json`.
- The session marker: `running` exists while the app runs and is removed, with the autosave, when it
  closes normally; found at start-up, it means the last run ended otherwise (a crash, a kill, a power
  cut), and the autosave is offered back.
"""
from __future__ import annotations

import json
import os
import traceback
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from app import paths
from app.atomic import write_atomic

AUTOSAVE = "autosave.json"
MARKER = "running"
REPORTS = "bug-reports"


def folder() -> Path:
    """The user's data folder (looked up when used, so tests can point it elsewhere)."""
    return paths.data_dir()


def action_json(action: Any) -> Any:
    to_json = getattr(action, "to_json", None)
    return to_json() if callable(to_json) else repr(action)


def write_bug_report(base: Path, exc: BaseException, action: Any, config: dict[str, Any] | None,
                     save_before: str | None) -> Path:
    """Writes the report of an engine fault and returns its path."""
    stamp = datetime.now(timezone.utc)
    name = f"engine-fault-{stamp.strftime('%Y%m%d-%H%M%S-%f')}"
    report = {"format": "manatable-bug-report", "version": 1, "when": stamp.isoformat(timespec="seconds"),
              "error": f"{type(exc).__name__}: {exc}",
              "traceback": "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)),
              "action": action_json(action), "seed": (config or {}).get("seed"), "config": config,
              "save_before": json.loads(save_before) if save_before else None}
    folder_ = base / REPORTS
    if save_before:
        write_atomic(folder_ / f"{name}-save.json", save_before)
        report["save_file"] = f"{name}-save.json"
    path = folder_ / f"{name}.json"
    write_atomic(path, json.dumps(report, indent=1))
    return path


def write_autosave(base: Path, save_text: str) -> Path:
    path = base / AUTOSAVE
    write_atomic(path, save_text)
    return path


def begin_session(base: Path) -> Path | None:
    """Marks the app as running; returns the autosave to offer back if the last run did not close
    normally (None otherwise)."""
    marker = base / MARKER
    unclean = marker.exists()
    write_atomic(marker, str(os.getpid()))
    autosave = base / AUTOSAVE
    return autosave if unclean and autosave.is_file() else None


def end_session(base: Path) -> None:
    """The app closes normally: the autosave was for a crash that did not happen, so it goes (a stale
    one must never be offered, nor lie in the data folder); no offer next time."""
    (base / AUTOSAVE).unlink(missing_ok=True)
    (base / MARKER).unlink(missing_ok=True)
