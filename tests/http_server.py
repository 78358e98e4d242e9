"""A local HTTP server for download tests: http.server on 127.0.0.1 in a thread, answering from a
table of routes, recording every request (no network in tests)."""
from __future__ import annotations

import gzip
import hashlib
import io
import lzma
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from PIL import Image


@dataclass
class Route:
    body: bytes = b""
    content_type: str = "application/octet-stream"
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0               # seconds before answering
    cut_after: int | None = None     # send this many bytes of the body, then drop the connection
    then: "Route | None" = None      # the answer to the requests after this one


@dataclass
class Seen:
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    at: float


class LocalServer:
    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.requests: list[Seen] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - keep test output clean
                return

            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                parts = urlsplit(self.path)
                server.requests.append(Seen(parts.path, parse_qs(parts.query), dict(self.headers),
                                            time.monotonic()))
                route = server.routes.get(parts.path)
                if route is None:
                    route = Route(b'{"object": "error", "status": 404}', "application/json", 404)
                if route.then is not None:
                    server.routes[parts.path] = route.then
                if route.delay:
                    time.sleep(route.delay)
                self.send_response(route.status)
                self.send_header("Content-Type", route.content_type)
                self.send_header("Content-Length", str(len(route.body)))
                for key, value in route.headers.items():
                    self.send_header(key, value)
                self.end_headers()
                if route.cut_after is None:
                    self.wfile.write(route.body)
                    return
                self.wfile.write(route.body[:route.cut_after])
                self.wfile.flush()
                self.connection.shutdown(socket.SHUT_RDWR)
                self.close_connection = True

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def url(self, path: str) -> str:
        return self.base + path

    def hits(self, prefix: str) -> list[Seen]:
        return [r for r in self.requests if r.path.startswith(prefix)]

    def start(self) -> "LocalServer":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server() -> Iterator[LocalServer]:
    """A running LocalServer (import this fixture into a test module)."""
    srv = LocalServer().start()
    yield srv
    srv.stop()


# -- generated files -------------------------------------------------------------------------------
def card_image(color: tuple[int, int, int], fmt: str = "PNG") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (61, 85), color).save(buffer, format=fmt)
    return buffer.getvalue()


def xz(data: bytes) -> bytes:
    return lzma.compress(data)


def gz(data: bytes) -> bytes:
    return gzip.compress(data)


def sha256_file(data: bytes, name: str) -> bytes:
    """A `.sha256` file as MTGJSON publishes it."""
    return f"{hashlib.sha256(data).hexdigest()}  {name}\n".encode()


def serve_mtgjson(server: LocalServer, name: str, source: Path, *, checksum_of: bytes | None = None,
                  cut_after: int | None = None) -> bytes:
    """Serves `source` xz-compressed as /mtgjson/<name> with its checksum (of other bytes when
    `checksum_of` is given: a wrong checksum); returns the served bytes."""
    body = xz(source.read_bytes())
    server.routes[f"/mtgjson/{name}"] = Route(body, cut_after=cut_after)
    server.routes[f"/mtgjson/{name}.sha256"] = Route(sha256_file(checksum_of or body, name), "text/plain")
    return body


def serve_scryfall_bulk(server: LocalServer, kind: str, source: Path) -> None:
    """The /scryfall/bulk-data index offering `kind`, and its file (gzip-compressed)."""
    path = f"/files/{kind}.json.gz"
    index = ('{"object": "list", "has_more": false, "data": [{"object": "bulk_data", "type": "%s", '
             '"download_uri": "%s", "content_type": "application/json", "content_encoding": "gzip"}]}'
             % (kind, server.url(path)))
    server.routes["/scryfall/bulk-data"] = Route(index.encode(), "application/json")
    server.routes[path] = Route(gz(source.read_bytes()), "application/gzip")
