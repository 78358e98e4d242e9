"""Saved games: a JSON envelope around the engine's own `to_json`, written atomically, read with clear errors.

Only JSON is ever read back (no pickle, no eval): a foreign or damaged file is refused with a reason.
"""
from __future__ import annotations

import json
import math
import re
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from app.atomic import write_atomic
from cardsdb import limits
from cardsdb.userfiles import UserFileError, check_depth, read_user_bytes

__all__ = ["SaveError", "read_save", "read_save_file", "save_envelope", "saved_log", "saved_table", "write_atomic"]

FORMAT = "manatable-save"
VERSION = 1
MAX_BYTES = limits.SAVE_FILE_BYTES


class SaveError(ValueError):
    """A save file that cannot be read or written; the message says why in words."""


def save_envelope(config: dict[str, Any], game_json: str, log: list[str | dict[str, Any]] | None = None,
                  table: dict[str, Any] | None = None) -> str:
    """The file's text: the game settings, the engine's game, the game log as the players read it and the
    table's own state (where sandbox cards were put).

    A log entry is a line of text or a dict with its "text" and what the table knows about it (event kind,
    player, cards named): the lines go under "log" as they always have, the rest under "log_detail", one
    per line, so any ManaTable reads the lines."""
    try:
        game = json.loads(game_json)
    except json.JSONDecodeError as exc:
        raise SaveError(f"the engine's game state is not JSON ({exc})") from exc
    entries = list(log or [])
    lines = [e if isinstance(e, str) else str(e.get("text", "")) for e in entries]
    envelope = {"format": FORMAT, "version": VERSION,
                "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                "config": config, "game": game, "log": lines, "table": dict(table or {})}
    if any(isinstance(e, dict) for e in entries):
        envelope["log_detail"] = [{k: v for k, v in e.items() if k != "text"} if isinstance(e, dict) else {}
                                  for e in entries]
    return json.dumps(envelope, indent=1)


def read_save(text: str) -> tuple[dict[str, Any], str]:
    """(game settings, the engine's game JSON) from a save file's text."""
    try:
        data = json.loads(text)
        check_depth(data, limits.JSON_DEPTH)
    except json.JSONDecodeError as exc:
        raise SaveError(f"it is not a ManaTable save (not JSON: {exc.msg} at line {exc.lineno})") from exc
    except RecursionError:
        raise SaveError(f"it is not a ManaTable save (nested more than {limits.JSON_DEPTH} levels deep)") from None
    except ValueError as exc:  # nested too deep, or a number of thousands of digits
        raise SaveError(f"it is not a ManaTable save ({str(exc).split(':')[0]})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("it is not a ManaTable save (no 'manatable-save' marker)")
    version = data.get("version")
    if type(version) is not int or version < 1:  # noqa: E721 - true is an int to isinstance
        raise SaveError(f"the file is damaged (save version {str(version)[:20]!r} is not a version number)")
    if version > VERSION:
        raise SaveError(f"it was written by a newer ManaTable (save version {version}; this one reads {VERSION})")
    if not isinstance(data.get("config"), dict) or "game" not in data:
        raise SaveError("the file is incomplete (no game settings or no game)")
    return data["config"], json.dumps(data["game"])


def saved_log(text: str) -> list[str | dict[str, Any]]:
    """The game log kept in a save: its lines, each a dict with its "text" and detail where the save has
    them (none in a save from before the log was kept, or in a damaged one: the game itself is checked by
    `read_save`)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):   # not JSON, a number of 5,000 digits, nesting 100,000 deep
        return []
    log = data.get("log") if isinstance(data, dict) else None
    if not isinstance(log, list):
        return []
    detail = data.get("log_detail")
    if not isinstance(detail, list) or len(detail) != len(log):
        detail = [None] * len(log)
    return [dict(more, text=line) if isinstance(more, dict) else line
            for line, more in zip(log, detail) if isinstance(line, str)]


def saved_table(text: str) -> dict[str, tuple[float, float]]:
    """The places of sandbox cards kept in a save, by table item key (`c12`): only well-formed entries (a
    save from before they were kept has none; the game itself is checked by `read_save`)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):   # not JSON, a number of 5,000 digits, nesting 100,000 deep
        return {}
    table = data.get("table") if isinstance(data, dict) else None
    places = table.get("positions") if isinstance(table, dict) else None
    if not isinstance(places, dict):
        return {}
    kept: dict[str, tuple[float, float]] = {}
    for key, pos in places.items():
        if isinstance(key, str) and re.fullmatch(r"[co]\d{1,9}", key) and isinstance(pos, list) and len(pos) == 2 \
                and all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in pos):
            kept[key] = (float(pos[0]), float(pos[1]))
    return kept


def read_save_file(path: Path) -> str:
    """The text of a save file: an ordinary file (never a device or pipe) of at most MAX_BYTES."""
    try:
        # "utf-8-sig": a save edited and saved again in a Windows editor starts with a byte order mark
        return read_user_bytes(path, MAX_BYTES, "saved game").decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError(f"{path.name} is not a text file") from exc
    except UserFileError as exc:
        raise SaveError(str(exc)) from exc
