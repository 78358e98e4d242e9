"""Saved games: a JSON envelope around the engine's own `to_json`, written atomically, read with clear errors.

Only JSON is ever read back (no pickle, no eval): a foreign or damaged file is refused with a reason.
"""
from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from app.atomic import write_atomic
from cardsdb import limits
from cardsdb.userfiles import UserFileError, check_depth, read_user_bytes

__all__ = ["SaveError", "read_save", "read_save_file", "save_envelope", "write_atomic"]

FORMAT = "manatable-save"
VERSION = 1
MAX_BYTES = limits.SAVE_FILE_BYTES


class SaveError(ValueError):
    """A save file that cannot be read or written; the message says why in words."""


def save_envelope(config: dict[str, Any], game_json: str) -> str:
    try:
        game = json.loads(game_json)
    except json.JSONDecodeError as exc:
        raise SaveError(f"the engine's game state is not JSON ({exc})") from exc
    return json.dumps({"format": FORMAT, "version": VERSION,
                       "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                       "config": config, "game": game}, indent=1)


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


def read_save_file(path: Path) -> str:
    """The text of a save file: an ordinary file (never a device or pipe) of at most MAX_BYTES."""
    try:
        return read_user_bytes(path, MAX_BYTES, "saved game").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(f"{path.name} is not a text file") from exc
    except UserFileError as exc:
        raise SaveError(str(exc)) from exc
