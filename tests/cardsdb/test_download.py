"""Downloading all the cards (cardsdb.download) from a local server: verified, imported in one
transaction, and the database left as it was when anything goes wrong."""
from __future__ import annotations

import threading

import pytest

from cardsdb import CardDatabase
from cardsdb.download import (SOURCE_BY_KEY, USER_AGENT, Cancelled, Client, DownloadError, Progress,
                              base_url, download_card_data, published_sha256)
from tests.http_server import server  # noqa: F401 - a fixture
from tests.http_server import Route, serve_mtgjson, serve_scryfall_bulk, sha256_file


@pytest.fixture
def db_path(tmp_path, fixtures):
    path = tmp_path / "data" / "cards.sqlite"
    with CardDatabase(path) as db:
        db.import_file(fixtures / "starter-mini.json")
    return path


def snapshot(path):
    with CardDatabase(path) as db:
        return db.stats(), sorted(r.name for r in db.search(""))


def fetch(server, key, db_path, progress=None):
    return download_card_data(SOURCE_BY_KEY[key], db_path, progress or Progress(),
                              scryfall_url=server.url("/scryfall"), mtgjson_url=server.url("/mtgjson"),
                              interval=0)


def test_mtgjson_allprintings_is_checked_against_its_sha256_and_imported(server, db_path, fixtures):
    serve_mtgjson(server, "AllPrintings.json.xz", fixtures / "allprintings.json")
    stages = []
    summary = fetch(server, "mtgjson-allprintings", db_path,
                    Progress(lambda text, done, total: stages.append((text, done, total)), interval=0))
    assert summary.startswith("Imported AllPrintings.json.xz:")
    with CardDatabase(db_path) as db:
        assert db.record("Lightning Bolt") is not None and db.record("Shock") is not None
    assert any(t.startswith("Downloading AllPrintings") and total > 0 for t, _, total in stages)
    assert ("Importing AllPrintings.json.xz", 100, 100) in stages
    assert not list(db_path.parent.glob(".download-*"))     # the temporary file is gone
    assert server.hits("/mtgjson/AllPrintings.json.xz.sha256")
    assert all(r.headers["User-Agent"] == USER_AGENT and USER_AGENT.startswith("ManaTable/")
               for r in server.requests)


def test_a_wrong_checksum_is_refused_and_the_database_unchanged(server, db_path, fixtures):
    serve_mtgjson(server, "AtomicCards.json.xz", fixtures / "atomic.json", checksum_of=b"other bytes")
    before = snapshot(db_path)
    with pytest.raises(DownloadError, match="does not match the SHA-256.*unchanged"):
        fetch(server, "mtgjson-atomic", db_path)
    assert snapshot(db_path) == before
    assert not list(db_path.parent.glob(".download-*"))


def test_a_cut_connection_leaves_the_database_as_it_was(server, db_path, fixtures):
    serve_mtgjson(server, "AtomicCards.json.xz", fixtures / "atomic.json", cut_after=100)
    before = snapshot(db_path)
    with pytest.raises(DownloadError, match="cut|stopped after.*unchanged"):
        fetch(server, "mtgjson-atomic", db_path)
    assert snapshot(db_path) == before
    assert not list(db_path.parent.glob(".download-*"))


def test_an_unreachable_server_says_so(db_path):
    with pytest.raises(DownloadError, match="cannot reach 127.0.0.1:9"):
        download_card_data(SOURCE_BY_KEY["mtgjson-atomic"], db_path, Progress(),
                           mtgjson_url="http://127.0.0.1:9", interval=0)


def test_scryfall_bulk_data_is_found_in_the_index_and_imported(server, db_path, fixtures):
    serve_scryfall_bulk(server, "oracle_cards", fixtures / "scryfall-oracle.json")
    summary = fetch(server, "scryfall-oracle", db_path)
    assert "Scryfall oracle cards" in summary
    with CardDatabase(db_path) as db:
        assert db.record("Chandra Nalaar") is not None
        assert db.scryfall_ids()["Lightning Bolt"] == "0001"
    with pytest.raises(DownloadError, match="does not offer 'default_cards'"):
        fetch(server, "scryfall-default", db_path)


def test_a_file_that_is_not_card_data_is_refused_unchanged(server, db_path):
    server.routes["/mtgjson/AtomicCards.json.xz"] = Route(b'{"meta": {}}')
    server.routes["/mtgjson/AtomicCards.json.xz.sha256"] = Route(sha256_file(b'{"meta": {}}',
                                                                            "AtomicCards.json.xz"))
    before = snapshot(db_path)
    with pytest.raises(DownloadError, match="cannot be imported.*unchanged"):
        fetch(server, "mtgjson-atomic", db_path)
    assert snapshot(db_path) == before


def test_cancelling_during_the_import_rolls_it_back(server, db_path, fixtures):
    serve_mtgjson(server, "AllPrintings.json.xz", fixtures / "allprintings.json")
    cancel = threading.Event()

    def report(text, done, total):
        if text.startswith("Importing") and done > 0:
            cancel.set()

    before = snapshot(db_path)
    with pytest.raises(Cancelled):
        fetch(server, "mtgjson-allprintings", db_path, Progress(report, cancel, interval=0))
    assert snapshot(db_path) == before


def test_the_published_checksum_is_read_with_or_without_a_file_name():
    digest = "ab" * 32
    assert published_sha256(digest, "u") == digest
    assert published_sha256(f"{digest.upper()}  AllPrintings.json.xz\n", "u") == digest
    with pytest.raises(DownloadError, match="holds no SHA-256"):
        published_sha256("<html>not found</html>", "u")


def test_requests_are_spaced_and_the_environment_overrides_the_setting(server, monkeypatch):
    server.routes["/x"] = Route(b"{}", "application/json")
    clock = [1000.0]
    waits = []
    monkeypatch.setattr("cardsdb.download.time.monotonic", lambda: clock[0])
    progress = Progress()
    def sleep(seconds: float) -> None:
        waits.append(round(seconds, 6))
        clock[0] += seconds

    monkeypatch.setattr(progress, "sleep", sleep)
    with Client(progress, interval=0.1) as client:
        client.get_json(server.url("/x"))
        clock[0] += 0.03                         # the caller spent 30 ms between two requests
        client.get_json(server.url("/x"))
        client.get_json(server.url("/x"))
    assert waits == [0.07, 0.1] and len(server.hits("/x")) == 3
    monkeypatch.delenv("MANATABLE_MTGJSON_URL", raising=False)
    assert base_url("http://mirror.example/v5/", "MANATABLE_MTGJSON_URL", "d") == "http://mirror.example/v5"
    assert base_url("", "MANATABLE_MTGJSON_URL", "https://mtgjson.com/api/v5") == "https://mtgjson.com/api/v5"
    monkeypatch.setenv("MANATABLE_MTGJSON_URL", server.base)
    assert base_url("http://mirror.example/v5", "MANATABLE_MTGJSON_URL", "d") == server.base


def test_on_first_start_the_bundled_cards_come_before_the_download(server, tmp_path, fixtures):
    serve_scryfall_bulk(server, "oracle_cards", fixtures / "scryfall-oracle.json")
    path = tmp_path / "new" / "cards.sqlite"
    fetch(server, "scryfall-oracle", path)
    with CardDatabase(path) as db:
        assert db.count("s:m21") == 285 and db.record("Chandra Nalaar") is not None
        assert db.scryfall_ids()["Lightning Bolt"] == "0001"
