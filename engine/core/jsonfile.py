"""Writing JSON files atomically: a temporary file in the same folder, then a rename, so that a
reader or a crash never sees half a file (the engine's own reports: coverage, fuzz replays); and
reading one back within bounds."""
from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any


def write_json_atomic(path: Path | str, data: Any) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
        # mkstemp makes the file 0600: keep the replaced file's mode, or give a new one the umask's default
        os.chmod(tmp, stat.S_IMODE(os.stat(path).st_mode) if path.is_file() else 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def read_json_limited(path: Path | str, limit: int) -> Any:
    """The JSON value of an ordinary file of at most `limit` bytes; ValueError saying why not (a device
    or pipe never ends and has no size, a folder is no file)."""
    try:
        _ordinary(path, os.stat(path).st_mode)          # before opening: opening a pipe waits for a writer
        with open(path, "rb") as f:
            _ordinary(path, os.fstat(f.fileno()).st_mode)   # replaced in between
            data = f.read(limit + 1)
    except OSError as e:
        raise ValueError(f"{path}: {e.strerror or e}") from None
    if len(data) > limit:
        raise ValueError(f"{path}: larger than {limit >> 20} MB")
    try:
        return json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not UTF-8 text") from None
    except RecursionError:
        raise ValueError(f"{path}: nested too deeply") from None
    except ValueError as e:      # JSONDecodeError, or an integer of thousands of digits
        raise ValueError(f"{path}: not JSON ({str(e).splitlines()[0][:100]})") from None


def _ordinary(path: Path | str, mode: int) -> None:
    if not stat.S_ISREG(mode):
        raise ValueError(f"{path}: {'a folder' if stat.S_ISDIR(mode) else 'a device or pipe'}, not an ordinary file")
