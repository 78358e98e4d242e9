"""Incremental JSON reading for card files too large to load at once (AllPrintings is ~1 GB).

The reader walks containers one level at a time and decodes each member value whole with
`json.JSONDecoder.raw_decode` over a growing buffer of text chunks, so memory holds one member
(one set, one card) rather than the whole file. Memory is bounded by design: a member longer than
`max_value_chars` (limits.JSON_VALUE_CHARS) is refused, and a buffer is grown only while the text in it
is a valid beginning of JSON (a damaged file fails at the damage, not after reading the rest).
"""
from __future__ import annotations

import json
from typing import Any, Callable, Iterator, TextIO

from . import limits

_WS = " \t\n\r"


class JsonStreamError(ValueError):
    """The text is not valid JSON, or it ends before the JSON does (a truncated file)."""

    def __init__(self, message: str, offset: int):
        super().__init__(f"{message} (at character {offset})")
        self.offset = offset


class JsonStream:
    """Pull reader over a text stream; `tell_bytes` reports progress through the underlying file."""

    def __init__(self, fp: TextIO, chunk_size: int = 1 << 20,
                 on_read: Callable[[], None] | None = None,
                 max_value_chars: int = limits.JSON_VALUE_CHARS):
        self._fp = fp
        self._chunk = chunk_size
        self._max_value = max_value_chars
        self._buf = ""
        self._pos = 0
        self._consumed = 0  # characters dropped from the front of the buffer
        self._eof = False
        self._decoder = json.JSONDecoder()
        self._on_read = on_read

    # -- buffer management -------------------------------------------------------------------
    def _fill(self, size: int | None = None) -> bool:
        if self._eof:
            return False
        data = self._fp.read(size or self._chunk)
        if self._on_read:
            self._on_read()
        if not data:
            self._eof = True
            return False
        if self._pos > 0:
            self._consumed += self._pos
            self._buf = self._buf[self._pos:]
            self._pos = 0
        self._buf += data
        return True

    def _offset(self) -> int:
        return self._consumed + self._pos

    def _skip_ws(self) -> str:
        """Skip whitespace and return the next character ('' at end of input)."""
        while True:
            buf, pos = self._buf, self._pos
            n = len(buf)
            while pos < n and buf[pos] in _WS:
                pos += 1
            self._pos = pos
            if pos < n:
                return buf[pos]
            if not self._fill():
                return ""

    def _expect(self, chars: str, what: str) -> str:
        ch = self._skip_ws()
        if ch == "":
            raise JsonStreamError(f"file ends early: expected {what}", self._offset())
        if ch not in chars:
            raise JsonStreamError(f"expected {what}, found {ch!r}", self._offset())
        self._pos += 1
        return ch

    # -- public API ----------------------------------------------------------------------------
    def peek(self) -> str:
        """The next non-whitespace character, '' at end of input."""
        return self._skip_ws()

    def value(self) -> Any:
        """Decode one complete JSON value at the current position."""
        self._skip_ws()
        grow = self._chunk
        while True:
            try:
                value, end = self._decoder.raw_decode(self._buf, self._pos)
            except json.JSONDecodeError as exc:
                if not self._may_go_on(exc):
                    raise JsonStreamError(f"invalid JSON: {exc.msg}", self._consumed + exc.pos) from None
                if self._fill(self._room(grow)):
                    grow *= 2
                    continue
                raise JsonStreamError("file ends early (truncated JSON)", self._offset()) from None
            except RecursionError:
                raise JsonStreamError(f"nested too deeply (more than {limits.JSON_DEPTH} levels are "
                                      "refused)", self._offset()) from None
            except ValueError as exc:  # e.g. an integer of more than 4,300 digits
                raise JsonStreamError(f"invalid JSON: {str(exc).split(':')[0]}", self._offset()) from None
            if end == len(self._buf) and not self._eof and self._fill(self._room(grow)):
                continue  # a number or literal may go on in the next chunk
            self._pos = end
            return value

    def _may_go_on(self, exc: json.JSONDecodeError) -> bool:
        """Whether the error is only the end of the buffer: the value may be complete with more text."""
        if exc.pos >= len(self._buf) - 1 or exc.msg.startswith("Unterminated string"):
            return True
        rest = self._buf[exc.pos:]
        if exc.msg.startswith("Invalid \\uXXXX"):
            return len(rest) <= 5   # the decoder wants a character after a \u escape: it may be cut
        return len(rest) < 6 and any(lit.startswith(rest) for lit in ("true", "false", "null"))

    def _room(self, grow: int) -> int:
        """How much to read next for the value being decoded: never past its limit (then refused)."""
        room = self._max_value - (len(self._buf) - self._pos)
        if room <= 0:
            raise JsonStreamError(f"one entry is longer than {self._max_value:,} characters, more than "
                                  "any real card file holds", self._offset())
        return min(grow, room + 1)

    def iter_array(self) -> Iterator[None]:
        """Enter an array; yields once per member, positioned at the member (read it with
        `value()` or enter it)."""
        self._expect("[", "'['")
        if self._skip_ws() == "]":
            self._pos += 1
            return
        while True:
            yield None
            if self._expect(",]", "',' or ']'") == "]":
                return

    def iter_object(self) -> Iterator[str]:
        """Enter an object; yields each key, positioned at its value (read it with `value()` or
        enter it)."""
        self._expect("{", "'{'")
        if self._skip_ws() == "}":
            self._pos += 1
            return
        while True:
            if self._skip_ws() != '"':
                self._expect('"', "a key")
            key = self.value()
            self._expect(":", "':'")
            yield key
            if self._expect(",}", "',' or '}'") == "}":
                return

    def end(self) -> None:
        """Check that nothing but whitespace follows."""
        ch = self._skip_ws()
        if ch:
            raise JsonStreamError(f"unexpected data after the end: {ch!r}", self._offset())
