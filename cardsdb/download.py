"""Downloading all the cards: MTGJSON AllPrintings / AtomicCards (checked against the SHA-256 that
MTGJSON publishes beside each file, `<file>.sha256`) or Scryfall bulk data (`/bulk-data` lists the
files and where to get them). The file goes to a temporary file beside the database, is verified,
then imported with the importer (one transaction): a failed checksum, a cut connection, a damaged
file or a cancel leave the database as it was.

Also the polite HTTP client that card image downloads share: it names ManaTable and its version in
the User-Agent and waits between requests (Scryfall asks for 50-100 ms). No Qt here: the app runs
these in a worker thread and passes a `Progress` that reports back and carries the cancel flag.
"""
from __future__ import annotations

import hashlib
import os
import re
import tempfile
import threading
import time
import tomllib
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any, Callable, Iterator
from urllib.parse import urlsplit

import httpx

from .database import CardDatabase
from .importers import CardImportError

DEFAULT_SCRYFALL_URL = "https://api.scryfall.com"
DEFAULT_MTGJSON_URL = "https://mtgjson.com/api/v5"
# Environment variables that override the base URLs (the tests point them at a local server).
ENV_SCRYFALL_URL = "MANATABLE_SCRYFALL_URL"
ENV_MTGJSON_URL = "MANATABLE_MTGJSON_URL"
REQUEST_INTERVAL = 0.1   # seconds between requests to one server: Scryfall asks for 50-100 ms
CHUNK = 1 << 16
UNCHANGED = "The card database is unchanged."


def app_version() -> str:
    try:
        return metadata.version("manatable")
    except metadata.PackageNotFoundError:
        pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
        try:
            return str(tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"])
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            return "dev"


USER_AGENT = f"ManaTable/{app_version()} (desktop Magic: The Gathering table)"


def base_url(setting: str | None, env: str, default: str) -> str:
    """The base URL to use: the environment variable, else the setting, else the default."""
    return (os.environ.get(env) or setting or default).rstrip("/")


class DownloadError(Exception):
    """A download that could not be done; the message is meant for the user."""


class Cancelled(Exception):
    """The user cancelled the download."""


class Progress:
    """What a running download reports (a stage, then done of total) and how it is stopped.
    `report(stage, done, total)` is called at most every `interval` seconds, and always at a
    stage's start and end; total 0 means unknown."""

    def __init__(self, report: Callable[[str, int, int], None] | None = None,
                 cancel: threading.Event | None = None, interval: float = 0.05) -> None:
        self._report = report
        self.cancel_event = cancel or threading.Event()
        self._interval = interval
        self._last = 0.0
        self.text = ""

    def stage(self, text: str, total: int = 0) -> None:
        self.check()
        self.text = text
        self._last = time.monotonic()
        if self._report:
            self._report(text, 0, total)

    def advance(self, done: int, total: int) -> None:
        self.check()
        now = time.monotonic()
        if self._report and (now - self._last >= self._interval or (total and done >= total)):
            self._last = now
            self._report(self.text, done, total)

    def cancel(self) -> None:
        self.cancel_event.set()

    @property
    def cancelled(self) -> bool:
        return self.cancel_event.is_set()

    def check(self) -> None:
        if self.cancel_event.is_set():
            raise Cancelled()

    def sleep(self, seconds: float) -> None:
        """Waits, waking at once on cancel."""
        if self.cancel_event.wait(seconds):
            raise Cancelled()


def describe_network_error(url: str, exc: Exception) -> str:
    host = urlsplit(url).netloc or url
    if isinstance(exc, httpx.HTTPStatusError):
        return f"{host} answered {exc.response.status_code} {exc.response.reason_phrase} for {url}"
    if isinstance(exc, httpx.TimeoutException):
        return f"{host} did not answer in time"
    if isinstance(exc, httpx.ConnectError):
        return f"cannot reach {host} (offline?)"
    if isinstance(exc, (httpx.RemoteProtocolError, httpx.ReadError)):
        return f"the connection to {host} was cut"
    return f"{host}: {exc}"


class Client:
    """An HTTP client that names ManaTable, follows redirects, and leaves `interval` seconds
    between the starts of two requests."""

    def __init__(self, progress: Progress, interval: float = REQUEST_INTERVAL,
                 timeout: float = 30.0) -> None:
        self.progress = progress
        self.interval = interval
        self._last = 0.0
        self.http = httpx.Client(headers={"User-Agent": USER_AGENT,
                                          "Accept": "application/json;q=0.9,*/*;q=0.8"},
                                 follow_redirects=True, timeout=timeout)

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _wait_turn(self) -> None:
        wait = self._last + self.interval - time.monotonic()
        if wait > 0:
            self.progress.sleep(wait)
        self._last = time.monotonic()

    def get(self, url: str, **params: Any) -> httpx.Response:
        """The response (raising httpx.HTTPError for network trouble or an error status)."""
        self._wait_turn()
        response = self.http.get(url, params=params or None)
        response.raise_for_status()
        return response

    def get_json(self, url: str) -> Any:
        try:
            return self.get(url).json()
        except httpx.HTTPError as exc:
            raise DownloadError(describe_network_error(url, exc)) from None
        except ValueError:
            raise DownloadError(f"{url} did not answer with JSON") from None

    def get_text(self, url: str) -> str:
        try:
            return self.get(url).text
        except httpx.HTTPError as exc:
            raise DownloadError(describe_network_error(url, exc)) from None

    @contextmanager
    def stream(self, url: str) -> Iterator[httpx.Response]:
        self._wait_turn()
        with self.http.stream("GET", url) as response:
            response.raise_for_status()
            yield response

    def download(self, url: str, folder: Path, label: str) -> tuple[Path, str]:
        """Streams `url` to a new temporary file in `folder`, reporting bytes; returns the file
        and its SHA-256. Nothing is left behind on error or cancel."""
        folder.mkdir(parents=True, exist_ok=True)
        suffix = "".join(Path(urlsplit(url).path).suffixes[-2:]) or ".json"
        fd, name = tempfile.mkstemp(dir=folder, prefix=".download-", suffix=suffix + ".part")
        path = Path(name)
        digest = hashlib.sha256()
        try:
            with os.fdopen(fd, "wb") as out, self.stream(url) as response:
                total = int(response.headers.get("Content-Length") or 0)
                self.progress.stage(f"Downloading {label}", total)
                for chunk in response.iter_raw(CHUNK):
                    out.write(chunk)
                    digest.update(chunk)
                    self.progress.advance(response.num_bytes_downloaded, total)
                if total and response.num_bytes_downloaded != total:
                    raise DownloadError(f"{label}: the download stopped after "
                                        f"{response.num_bytes_downloaded} of {total} bytes")
        except httpx.HTTPError as exc:
            path.unlink(missing_ok=True)
            raise DownloadError(describe_network_error(url, exc)) from None
        except BaseException:
            path.unlink(missing_ok=True)
            raise
        return path, digest.hexdigest()


@dataclass(frozen=True)
class CardSource:
    key: str
    label: str
    provider: str     # "mtgjson" or "scryfall"
    name: str         # the MTGJSON file, or the Scryfall bulk data type


SOURCES = (
    CardSource("scryfall-oracle", "Scryfall oracle cards: every card once, with its image id",
               "scryfall", "oracle_cards"),
    CardSource("mtgjson-atomic", "MTGJSON AtomicCards: every card once, no printings",
               "mtgjson", "AtomicCards.json.xz"),
    CardSource("mtgjson-allprintings", "MTGJSON AllPrintings: every set and printing (large)",
               "mtgjson", "AllPrintings.json.xz"),
    CardSource("scryfall-default", "Scryfall default cards: every printing (large)",
               "scryfall", "default_cards"),
)
SOURCE_BY_KEY = {s.key: s for s in SOURCES}


def open_database(path: Path) -> CardDatabase:
    """The database downloads read and write; on first start it is built with the bundled cards
    first, as the deck editor would (so they never overwrite what was downloaded)."""
    return CardDatabase(path) if path.exists() else CardDatabase.open_default(path)


_SHA256 = re.compile(r"\b[0-9a-fA-F]{64}\b")


def published_sha256(text: str, url: str) -> str:
    """The digest in a `.sha256` file (the hex digest, maybe followed by the file name)."""
    match = _SHA256.search(text)
    if match is None:
        raise DownloadError(f"{url} holds no SHA-256 checksum")
    return match.group(0).lower()


def _scryfall_download_uri(client: Client, scryfall_url: str, kind: str) -> str:
    index = client.get_json(f"{scryfall_url}/bulk-data")
    items = index.get("data") if isinstance(index, dict) else None
    if not isinstance(items, list):
        raise DownloadError(f"{scryfall_url}/bulk-data is not a list of bulk data files")
    for item in items:
        if isinstance(item, dict) and item.get("type") == kind and item.get("download_uri"):
            return str(item["download_uri"])
    raise DownloadError(f"{scryfall_url}/bulk-data does not offer {kind!r}")


def download_card_data(source: CardSource, db_path: Path, progress: Progress, *,
                       scryfall_url: str = DEFAULT_SCRYFALL_URL,
                       mtgjson_url: str = DEFAULT_MTGJSON_URL,
                       interval: float = REQUEST_INTERVAL) -> str:
    """Downloads, verifies and imports one card data file into the database at `db_path`;
    returns a one-line summary. Raises DownloadError (database unchanged) or Cancelled."""
    with Client(progress, interval) as client:
        expected = None
        progress.stage("Asking for the file")
        if source.provider == "mtgjson":
            url = f"{mtgjson_url}/{source.name}"
            expected = published_sha256(client.get_text(f"{url}.sha256"), f"{url}.sha256")
            label = source.name
        else:
            url = _scryfall_download_uri(client, scryfall_url, source.name)
            label = f"Scryfall {source.name.replace('_', ' ')}"
        try:
            path, digest = client.download(url, db_path.parent, label)
        except DownloadError as exc:
            raise DownloadError(f"{exc}. {UNCHANGED}") from None
    try:
        if expected is not None and digest != expected:
            raise DownloadError(f"{label} does not match the SHA-256 that MTGJSON publishes for it "
                                f"(damaged or incomplete download). {UNCHANGED}")
        progress.stage(f"Importing {label}", 100)

        def on_read(done: int, total: int) -> None:
            progress.advance(done * 100 // max(total, 1), 100)  # raises Cancelled: rolled back

        try:
            with open_database(db_path) as db:
                before = db.stats()["cards"]
                report = db.import_file(path, progress=on_read)
                after = db.stats()["cards"]
        except CardImportError as exc:
            raise DownloadError(f"{label} cannot be imported: {exc}. {UNCHANGED}") from None
    finally:
        path.unlink(missing_ok=True)
    return (f"Imported {label}: {len(report.card_names)} cards, {report.printings} printings "
            f"({after - before} new cards; {after} in the database).")
