"""Reading the card files users download: MTGJSON (a set file such as M21.json, AllPrintings.json,
AtomicCards.json) and Scryfall bulk data (oracle-cards, default-cards), gzip/bzip2/xz compressed
or not. The kind is detected from the content, never from the file name. Large files are streamed
(see jsonstream) one set or one card at a time.
"""
from __future__ import annotations

import bz2
import gzip
import io
import lzma
import os
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterator, TextIO

from . import limits
from .carddata import (MTGJSON_FIELDS, CardData, CardDataError, SetInfo, card_from_checked_mtgjson,
                       card_from_mtgjson, card_from_scryfall, check_fields, is_card_layout,
                       printing_from_mtgjson, short_value)
from .jsonstream import JsonStream, JsonStreamError
from .userfiles import UserFileError, describe_size, open_user_file

ProgressCallback = Callable[[int, int], None]
"""Called as progress(bytes_done, bytes_total) while a file is read."""

KIND_SET = "mtgjson-set"
KIND_ALL_PRINTINGS = "mtgjson-allprintings"
KIND_ATOMIC = "mtgjson-atomic"
KIND_SCRYFALL = "scryfall"
KIND_LIST = "mtgjson-card-list"   # a plain JSON list of MTGJSON card records, as the engine's tools write


_SET_FIELDS = {"code": (str,), "name": (str,), "type": (str,), "releaseDate": (str,)}


class CardImportError(Exception):
    """A file that cannot be imported; the message is one line meant for the user."""


@dataclass
class ImportReport:
    kind: str = ""
    cards: int = 0          # Oracle cards read (a card in several sets counts once per set)
    printings: int = 0
    sets: int = 0
    skipped: int = 0        # tokens, emblems, art cards and non-English entries
    card_names: set[str] = field(default_factory=set, repr=False)

    def as_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "cards": len(self.card_names), "printings": self.printings,
                "sets": self.sets, "skipped": self.skipped}


class _Bounded(io.RawIOBase):
    """The decompressed bytes of a card file, refused past limits.CARD_FILE_DECOMPRESSED_BYTES in all
    or past limits.COMPRESSION_RATIO times the compressed bytes read (a decompression bomb): the
    reader stops there instead of filling memory and disk time."""

    def __init__(self, stream: BinaryIO, raw: BinaryIO, path: Path, max_bytes: int, ratio: int,
                 ratio_floor: int):
        super().__init__()
        self._stream, self._raw, self._path = stream, raw, path
        self._max, self._ratio, self._floor = max_bytes, ratio, ratio_floor
        self.count = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self._stream.read(len(buffer))
        n = len(data)
        buffer[:n] = data
        self.count += n
        if self.count > self._max:
            raise CardImportError(f"{self._path}: more than {describe_size(self._max)} of data; no card "
                                  "file is that large")
        if self._stream is not self._raw and self.count > self._floor and \
                self.count > self._ratio * max(self._raw.tell(), 1):
            raise CardImportError(f"{self._path}: expands more than {self._ratio} times when "
                                  "decompressed: a decompression bomb, not card data")
        return n


def _open_binary(path: Path) -> tuple[BinaryIO, BinaryIO]:
    """(decompressed stream, raw file): the raw file's position measures progress."""
    try:
        raw = open_user_file(path)
    except UserFileError as exc:
        raise CardImportError(str(exc)) from None
    magic = raw.read(6)
    raw.seek(0)
    if magic.startswith(b"\x1f\x8b"):
        return gzip.GzipFile(fileobj=raw), raw  # type: ignore[return-value]
    if magic.startswith(b"BZh"):
        return bz2.BZ2File(raw), raw  # type: ignore[return-value]
    if magic.startswith(b"\xfd7zXZ\x00"):
        return lzma.LZMAFile(raw), raw  # type: ignore[return-value]
    return raw, raw


class CardFile:
    """One card file opened for reading. `items()` yields SetInfo and CardData objects."""

    def __init__(self, path: str | os.PathLike[str], chunk_size: int = 1 << 20, *,
                 max_bytes: int = limits.CARD_FILE_DECOMPRESSED_BYTES,
                 max_ratio: int = limits.COMPRESSION_RATIO,
                 ratio_floor: int = limits.COMPRESSION_RATIO_FLOOR,
                 max_value_chars: int = limits.JSON_VALUE_CHARS):
        """The limits default to cardsdb.limits; tests lower them to try them on small files."""
        self.path = Path(path)
        try:
            open_user_file(self.path).close()  # refuses directories, devices and pipes by name
        except UserFileError as exc:
            raise CardImportError(str(exc)) from None
        self.total = self.path.stat().st_size
        self.chunk_size = chunk_size
        self.limits = (max_bytes, max_ratio, ratio_floor)
        self.max_value_chars = max_value_chars
        self.report = ImportReport()

    def _text(self) -> tuple[TextIO, BinaryIO]:
        stream, raw = _open_binary(self.path)
        bounded = io.BufferedReader(_Bounded(stream, raw, self.path, *self.limits))
        return io.TextIOWrapper(bounded, encoding="utf-8-sig"), raw

    def items(self, progress: ProgressCallback | None = None) -> Iterator[SetInfo | CardData]:
        text, raw = self._text()
        step = max(self.total // 200, 1)
        last = [0]

        def on_read() -> None:
            if progress is None:
                return
            done = raw.tell()
            if done - last[0] >= step:
                last[0] = done
                progress(min(done, self.total), self.total)

        stream = JsonStream(text, chunk_size=self.chunk_size, on_read=on_read,
                            max_value_chars=self.max_value_chars)
        try:
            yield from self._dispatch(stream)
            stream.end()
        except JsonStreamError as exc:
            raise CardImportError(f"{self.path}: {exc}") from None
        except UnicodeDecodeError:
            raise CardImportError(f"{self.path}: not a UTF-8 JSON file") from None
        except (EOFError, OSError, lzma.LZMAError, zlib.error) as exc:
            raise CardImportError(f"{self.path}: cannot read the compressed file ({exc})") from None
        except CardDataError as exc:
            raise CardImportError(f"{self.path}: not card data: {exc}") from None
        except RecursionError:
            raise CardImportError(f"{self.path}: not card data: nested too deeply") from None
        finally:
            text.close()
            raw.close()
        if not self.report.card_names:
            kind = f" {self.report.kind}" if self.report.kind else ""
            raise CardImportError(f"{self.path}: no cards found in this{kind} file")
        if progress:
            progress(self.total, self.total)

    # -- detection ---------------------------------------------------------------------------
    def _dispatch(self, stream: JsonStream) -> Iterator[SetInfo | CardData]:
        first = stream.peek()
        if first == "[":
            self.report.kind = KIND_SCRYFALL
            yield from self._scryfall_array(stream)
            return
        if first != "{":
            raise CardImportError(f"{self.path}: not card data (not a JSON card file)")
        saw_data = False
        for key in stream.iter_object():
            if key != "data":
                stream.value()
                continue
            saw_data = True
            nxt = stream.peek()
            if nxt == "[":
                self.report.kind = KIND_SCRYFALL
                yield from self._scryfall_array(stream)
            elif nxt == "{":
                yield from self._mtgjson_data(stream)
            else:
                raise CardImportError(f"{self.path}: not card data (\"data\" holds no cards)")
        if not saw_data:
            raise CardImportError(f"{self.path}: not card data (a JSON object without \"data\")")

    def _scryfall_array(self, stream: JsonStream) -> Iterator[CardData]:
        """Scryfall card objects, or MTGJSON card records (no "object", "type_line" or "card_faces",
        but "type" or "types"): those are grouped by name at the end, as a set's are. An item that is
        neither is refused, never read as a card without types."""
        mtgjson: list[dict[str, Any]] = []
        for index, _ in enumerate(stream.iter_array()):
            obj = stream.value()
            if not isinstance(obj, dict) or obj.get("object", "card") != "card" or "name" not in obj:
                what = obj.get("object") if isinstance(obj, dict) else type(obj).__name__
                raise CardImportError(f"{self.path}: not card data (item {index + 1} is {what!r}, "
                                      "not a card)")
            if "object" not in obj and "type_line" not in obj and not obj.get("card_faces"):
                if "type" not in obj and "types" not in obj:
                    raise CardImportError(f"{self.path}: not card data (item {index + 1} has no type line)")
                mtgjson.append(obj)
                continue
            if not is_card_layout(obj) or obj.get("lang", "en") != "en":
                self.report.skipped += 1
                continue
            card = card_from_scryfall(obj)
            self._count(card)
            yield card
        if mtgjson:
            self.report.kind = KIND_LIST if not self.report.cards else self.report.kind
            yield from group_mtgjson_printings(mtgjson, self)

    def _mtgjson_data(self, stream: JsonStream) -> Iterator[SetInfo | CardData]:
        members = stream.iter_object()
        key = next(members, None)
        if key is None:
            return
        value = stream.value()
        if isinstance(value, dict) and isinstance(value.get("cards"), list):
            self.report.kind = KIND_ALL_PRINTINGS
            yield from self._members(value, members, stream, dict, self._mtgjson_set, "a set")
            return
        if key != "cards" and isinstance(value, list) and _looks_atomic(value):
            self.report.kind = KIND_ATOMIC
            yield from self._members(value, members, stream, list, self._atomic,
                                     "a list of faces")
            return
        self.report.kind = KIND_SET
        data = {key: value}
        for member in members:
            data[member] = stream.value()
        if not isinstance(data.get("cards"), list):
            raise CardImportError(f"{self.path}: not card data (an MTGJSON file without cards)")
        yield from self._mtgjson_set(data)

    def _members(self, first: Any, members: Iterator[str], stream: JsonStream, kind: type,
                 read: Callable[[Any], Iterator[SetInfo | CardData]],
                 what: str) -> Iterator[SetInfo | CardData]:
        """Read the first member (already decoded) and then each further one of "data"."""
        yield from read(first)
        for key in members:
            value = stream.value()
            if not isinstance(value, kind):
                raise CardImportError(f"{self.path}: not card data (entry {key!r} is not {what})")
            yield from read(value)

    # -- MTGJSON -----------------------------------------------------------------------------
    def _mtgjson_set(self, data: dict[str, Any]) -> Iterator[SetInfo | CardData]:
        check_fields(data, _SET_FIELDS)
        code = data.get("code")
        if isinstance(code, str) and code:
            self.report.sets += 1
            yield SetInfo(code.upper(), data.get("name"), data.get("type"), data.get("releaseDate"))
        yield from group_mtgjson_printings(data.get("cards") or [], self)

    def _atomic(self, entries: list[Any]) -> Iterator[CardData]:
        faces = _first_per_side(entries)
        if not faces:
            return
        if not is_card_layout(faces[0]):
            self.report.skipped += 1
            return
        card = card_from_mtgjson(faces)
        self._count(card)
        yield card

    def _count(self, card: CardData) -> None:
        self.report.cards += 1
        self.report.printings += len(card.printings)
        self.report.card_names.add(card.name)


def _looks_atomic(value: list[Any]) -> bool:
    return bool(value) and all(isinstance(v, dict) and "name" in v and "number" not in v
                               for v in value)


def _first_per_side(entries: list[Any]) -> list[dict[str, Any]]:
    seen: set[str] = set()
    faces: list[dict[str, Any]] = []
    for entry in entries:
        if not isinstance(entry, dict):
            raise CardDataError(f"not a card: {short_value(entry)}")
        side = str(entry.get("side") or "")
        if side not in seen:
            seen.add(side)
            faces.append(entry)
    return faces


def group_mtgjson_printings(entries: list[Any], file: CardFile | None = None) -> Iterator[CardData]:
    """Cards from an MTGJSON set's card list: printings and faces of one name make one card."""
    by_name: dict[str, list[dict[str, Any]]] = {}
    for entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise CardDataError(f"not a card: {short_value(entry)}")
        check_fields(entry, MTGJSON_FIELDS)
        by_name.setdefault(entry["name"], []).append(entry)
    for group in by_name.values():
        if not is_card_layout(group[0]):
            if file:
                file.report.skipped += 1
            continue
        card = card_from_checked_mtgjson(_first_per_side(group))
        seen = {(p.set_code, p.number) for p in card.printings}
        for entry in group:
            printing = printing_from_mtgjson(entry)
            if printing and (printing.set_code, printing.number) not in seen:
                seen.add((printing.set_code, printing.number))
                card.printings.append(printing)
        if file:
            file._count(card)
        yield card


def load_card_data(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """Cards of a card file (MTGJSON or Scryfall) in MTGJSON field names, one per Oracle card, in
    file order; multi-faced cards carry their faces in "faces". Raises CardImportError."""
    cards: dict[str, CardData] = {}
    for item in CardFile(path).items():
        if isinstance(item, CardData):
            if item.name in cards:
                cards[item.name].printings.extend(item.printings)
            else:
                cards[item.name] = item
    return [card.to_mtgjson() for card in cards.values()]
