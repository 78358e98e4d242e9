"""The one way ManaTable opens a file a user names (ordinary files only, never more than a limit), and
the one way it writes one (atomically).

A device (`/dev/zero`), a pipe or a socket reports a size of 0 and never ends, so a size check alone
does not protect a reader; they are refused before they are opened (opening a pipe would even block).
A directory is said to be a directory, not "no such file".
"""
from __future__ import annotations

import errno
import os
import secrets
import stat
from pathlib import Path
from typing import Any, BinaryIO

__all__ = ["TEMP_SUFFIX", "UserFileError", "check_depth", "describe_size", "open_user_file",
           "read_user_bytes", "write_atomic"]


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
        raise UserFileError(f"{path}: cannot be read (no such file)") from None
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


# -- writing ------------------------------------------------------------------------------------
TEMP_SUFFIX = ".manatable-tmp"
"""Temporary files are named `.<target name>.<process id>.<random>.manatable-tmp` beside their target: a
write killed half-way leaves one, and the next process to write into that folder removes it (its
process is gone)."""


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write a file whole or not at all: a temporary file beside the target, synced, then renamed over
    it. A symbolic link is written through (its target changes, the link stays); the file keeps the
    mode it had, and a new one gets the user's default (0666 less the umask), as any program's would."""
    target = Path(os.path.realpath(path))
    try:
        info: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        info = None
    kind = _kind(info.st_mode) if info else None
    if kind:  # a rename would put a file in place of the folder, device or pipe
        raise OSError(errno.EINVAL, kind, str(path))
    mode = stat.S_IMODE(info.st_mode) if info else None
    target.parent.mkdir(parents=True, exist_ok=True)
    _remove_stray_temps(target)
    tmp = target.parent / f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}"
    # os.open applies the umask to 0o666 (mkstemp would make it 0600)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as fh:
            if mode is not None and hasattr(os, "fchmod"):
                os.fchmod(fh.fileno(), mode)
            fh.write(data.encode("utf-8") if isinstance(data, str) else data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


_swept: set[Path] = set()   # folders already cleared of stray temporary files by this process


def _remove_stray_temps(target: Path) -> None:
    """Temporary files left in the target's folder by a process that no longer runs (killed mid-write).
    Each folder is looked at once per process: a cache folder of thousands of images is not listed again
    for every file written into it."""
    folder = target.parent
    if folder in _swept:
        return
    _swept.add(folder)
    try:
        names = [n for n in os.listdir(folder) if n.startswith(".") and n.endswith(TEMP_SUFFIX)]
    except OSError:
        return
    for name in names:
        pid = name[:-len(TEMP_SUFFIX)].split(".")[-2]
        if pid.isdigit() and not _running(int(pid)):
            (folder / name).unlink(missing_ok=True)


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True   # another thread of this process may be writing it now
    if os.name != "posix":
        return True   # no harmless way to ask; such a file stays until a later write from POSIX
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def check_depth(value: Any, limit: int) -> None:
    """Raises ValueError when JSON containers nest deeper than `limit` (walked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                raise ValueError(f"nested more than {limit} levels deep")
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
