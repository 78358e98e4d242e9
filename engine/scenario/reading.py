"""Reading a scenario file a user hands the runner or the app (a puzzle): an ordinary file of bounded
size, UTF-8 text (TOML requires it), and TOML nested no deeper than the format needs, checked before the
TOML parser sees it. Anything else is Malformed with a one-line reason (the runner's exit code 2).

Why each bound:
- a device (`/dev/zero`) or a pipe has no size and never ends, and opening a pipe blocks: refused
  before it is opened; a folder is named as one;
- tomllib parses arrays and inline tables recursively, so `x = [[[[...` 100,000 deep raises
  RecursionError, and a dotted key of 100,000 parts (`a.a.a...`) takes it minutes: nesting is counted
  first, in one pass that never recurses.
"""
from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from engine.scenario.errors import Malformed

SCENARIO_FILE_BYTES = 1 << 20
"""A scenario file: a whole board with both libraries written out is a few kilobytes."""

SCENARIO_DEPTH = 32
"""Nesting of tables, arrays, inline tables and dotted-key parts together: the format goes about 4
deep (`[[do]]` → a step → a list of answers → a table)."""


def _refusal(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "it is a folder, not a file"
    if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
        return "it is a pipe or socket, not an ordinary file"
    return "it is a device, not an ordinary file"


def read_bytes(path: Path, limit: int = SCENARIO_FILE_BYTES) -> bytes:
    """The bytes of an ordinary file of at most `limit` bytes."""
    try:
        why = _refusal(os.stat(path).st_mode)
        if why:
            raise Malformed(f"can't read the file: {why}")
        with open(path, "rb") as f:
            why = _refusal(os.fstat(f.fileno()).st_mode)     # replaced between the check and the open
            if why:
                raise Malformed(f"can't read the file: {why}")
            data = f.read(limit + 1)
    except OSError as e:
        raise Malformed(f"can't read the file: {e.strerror or e}") from None
    if len(data) > limit:
        raise Malformed(f"the file is larger than the {limit // 1024} KB a scenario may be")
    return data


def toml_depth(text: str) -> int:
    """How deep TOML text nests: open brackets and braces plus the dots joining the parts of one key,
    outside strings and comments; one pass, no recursion. An overestimate at worst (a float's dot
    counts), never an underestimate."""
    deepest = depth = dots = 0
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in "\"'":
            quote = text[i:i + 3] if text.startswith(c * 3, i) else c
            i += len(quote)
            while i < n and not text.startswith(quote, i):
                i += 2 if c == '"' and text[i] == "\\" else 1     # escapes only in basic strings
            i += len(quote)
            continue
        if c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if c in "[{":
            depth += 1
        elif c in "]}":
            depth = max(0, depth - 1)
        if c == ".":
            dots += 1
        elif c in "=,[]{}\n":
            dots = 0
        deepest = max(deepest, depth + dots)
        i += 1
    return deepest


def parse(data: bytes, limit: int = SCENARIO_DEPTH) -> dict[str, Any]:
    """The TOML table of a scenario's bytes; Malformed with the reason otherwise."""
    try:
        # "utf-8-sig": a byte order mark, which Windows editors write, is no TOML but means UTF-8
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise Malformed(f"not UTF-8 text (byte {data[e.start]:#04x} at offset {e.start}); "
                        "save the file as UTF-8") from None
    if toml_depth(text) > limit:
        raise Malformed(f"nested more than {limit} levels deep (tables, arrays and dotted keys)")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise Malformed(f"not valid TOML: {e}") from None
    except ValueError:      # Python refuses to read an integer of more than 4,300 digits
        raise Malformed("not valid TOML: a number of more than 4,300 digits") from None


def read_file(path: Path | str) -> dict[str, Any]:
    """The TOML table of a scenario file; raises Malformed when it can't be read or parsed."""
    return parse(read_bytes(Path(path)))
