"""The one way ManaTable opens a file a user names: ordinary files only, and never more than a limit.

A device (`/dev/zero`), a pipe or a socket reports a size of 0 and never ends, so a size check alone
does not protect a reader; they are refused before they are opened (opening a pipe would even block).
A directory is said to be a directory, not "no such file".
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

__all__ = ["UserFileError", "describe_size", "open_user_file", "read_user_bytes"]


class UserFileError(ValueError):
    """A file that cannot be read as asked; the message is one line naming the file and why."""


def describe_size(n: int) -> str:
    for unit, size in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if n >= size:
            return f"{n / size:g} {unit}"
    return f"{n} bytes"


def _kind(mode: int) -> str | None:
    """Why a file of this mode is refused, or None for an ordinary file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a directory, not a file"
    if stat.S_ISFIFO(mode):
        return "a pipe, not an ordinary file"
    if stat.S_ISSOCK(mode):
        return "a socket, not an ordinary file"
    return "a device, not an ordinary file"


def _checked(path: Path) -> os.stat_result:
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise UserFileError(f"{path}: no such file") from None
    except OSError as exc:
        raise UserFileError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    kind = _kind(info.st_mode)
    if kind:
        raise UserFileError(f"{path}: {kind}")
    return info


def open_user_file(path: str | os.PathLike[str]) -> BinaryIO:
    """An ordinary file opened for binary reading (the caller bounds what it reads)."""
    path = Path(path)
    _checked(path)
    try:
        fh = open(path, "rb")
    except OSError as exc:
        raise UserFileError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    kind = _kind(os.fstat(fh.fileno()).st_mode)  # replaced between the check and the open
    if kind:
        fh.close()
        raise UserFileError(f"{path}: {kind}")
    return fh


def read_user_bytes(path: str | os.PathLike[str], max_bytes: int, what: str = "file") -> bytes:
    """The whole of an ordinary file of at most `max_bytes` bytes (`what` names it in the message:
    "deck file", "saved game")."""
    path = Path(path)
    too_large = f"{path}: larger than the {describe_size(max_bytes)} a {what} may be"
    if _checked(path).st_size > max_bytes:
        raise UserFileError(too_large)
    with open_user_file(path) as fh:
        try:
            data = fh.read(max_bytes + 1)  # a file that grew since: still never more than the limit
        except OSError as exc:
            raise UserFileError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > max_bytes:
        raise UserFileError(too_large)
    return data
