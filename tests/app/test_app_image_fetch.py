"""The image download job itself (no window): what it fetches, skips, retries and refuses."""
from __future__ import annotations

from pathlib import Path

import pytest

from app.downloads import download_images
from cardsdb import CardDatabase
from cardsdb.download import DownloadError, Progress
from tests.http_server import Route, card_image, server  # noqa: F401 - server is a fixture

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "cardsdb"


@pytest.fixture
def db_path(tmp_path):
    path = tmp_path / "cards.sqlite"
    with CardDatabase(path) as db:
        db.import_file(FIXTURES / "scryfall-oracle.json")   # ids 0001, 0002, 0003, 0005
    return path


def fetch(server, db_path, folder, user_dir=None):
    return download_images(db_path, folder, Progress(), scryfall_url=server.url("/scryfall"),
                           user_dir=user_dir, interval=0)


def test_a_busy_server_is_waited_for_as_it_asks(server, db_path, tmp_path):
    png = card_image((1, 2, 3))
    for card_id in ("0001", "0002", "0003", "0005"):
        server.routes[f"/scryfall/cards/{card_id}"] = Route(png, "image/png")
    server.routes["/scryfall/cards/0001"] = Route(b"slow down", "text/plain", 429, {"Retry-After": "0.2"},
                                                  then=Route(png, "image/png"))
    summary = fetch(server, db_path, tmp_path / "images")
    assert summary == "Downloaded 4 card images."
    tries = server.hits("/scryfall/cards/0001")
    assert len(tries) == 2 and tries[1].at - tries[0].at >= 0.2


def test_what_is_not_an_image_is_not_saved_and_the_users_own_images_are_not_fetched(server, db_path,
                                                                                      tmp_path):
    own = tmp_path / "mine"
    own.mkdir()
    (own / "Lightning Bolt.jpg").write_bytes(card_image((9, 9, 9), "JPEG"))
    server.routes["/scryfall/cards/0002"] = Route(b"<html>maintenance</html>", "image/png")
    server.routes["/scryfall/cards/0003"] = Route(card_image((5, 5, 5)), "image/png")
    server.routes["/scryfall/cards/0005"] = Route(card_image((5, 5, 5))[:40], "image/png")  # a cut image
    summary = fetch(server, db_path, tmp_path / "images", user_dir=own)
    assert summary == "Downloaded 1 card image (1 was already there). 2 had no usable image on Scryfall."
    assert [p.name for p in (tmp_path / "images").iterdir()] == ["Fire __ Ice.png"]
    assert not server.hits("/scryfall/cards/0001")


def test_a_server_error_stops_with_what_is_left(server, db_path, tmp_path):
    server.routes["/scryfall/cards/0005"] = Route(card_image((5, 5, 5)), "image/png")
    server.routes["/scryfall/cards/0002"] = Route(b"oops", "text/plain", 500)
    with pytest.raises(DownloadError, match=r"answered 500 .* Downloaded 1 image, 3 left: "
                                            "download again to resume"):
        fetch(server, db_path, tmp_path / "images")


def test_the_time_left_is_told_once_the_pace_is_known():
    from app.downloads import _time_left

    assert _time_left(1.0, 10, 100) == ""                 # too early to tell
    assert _time_left(10.0, 10, 100) == ", about 2 min left"
    assert _time_left(4.0, 50, 100) == ", about 5 s left"
    assert _time_left(3600.0, 1000, 30000) == ", about 29.0 h left"
    assert _time_left(10.0, 100, 100) == ""
