from pathlib import Path

import pytest

from cardsdb import CardDatabase

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "cardsdb"
SHARED = Path(__file__).resolve().parents[2].parent / "shared"
M21 = SHARED / "cards" / "mtgjson" / "M21.json"


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES


@pytest.fixture
def empty_db(tmp_path):
    database = CardDatabase(tmp_path / "cards.sqlite")
    yield database
    database.close()


@pytest.fixture
def db(empty_db):
    empty_db.import_file(FIXTURES / "mini-set.json")
    return empty_db


@pytest.fixture
def m21() -> Path:
    if not M21.is_file():
        pytest.skip("../shared/cards/mtgjson/M21.json is not present")
    return M21
