"""Reading within limits (cardsdb/limits.py), tried small-scale with the limits lowered: a decompression
bomb, an endless value, a damaged file that must fail at the damage; deck counts and sizes; a line that
made the old deck reader quadratic."""
import bz2
import gzip
import io
import json
import lzma

import pytest

from cardsdb import CardImportError, DeckFormatError, limits, read_deck
from cardsdb.importers import CardFile
from cardsdb.jsonstream import JsonStream, JsonStreamError


class CountingText(io.StringIO):
    """A text stream that counts how many characters the reader took."""

    def __init__(self, text: str):
        super().__init__(text)
        self.taken = 0

    def read(self, size=-1):  # noqa: ANN001, ANN201
        data = super().read(size)
        self.taken += len(data)
        return data


@pytest.mark.parametrize("compress", [gzip.compress, bz2.compress, lzma.compress])
def test_a_decompression_bomb_stops_at_the_ratio(tmp_path, compress):
    path = tmp_path / "bomb.json"
    path.write_bytes(compress(b'{"data": {"code": "BAD", "name": "' + b"a" * (8 << 20) + b'"}}'))
    with pytest.raises(CardImportError, match="decompression bomb"):
        list(CardFile(path, chunk_size=4096, ratio_floor=1 << 20).items())


def test_total_decompressed_size_is_bounded(tmp_path):
    path = tmp_path / "big.json.gz"
    cards = [{"object": "card", "name": f"Card {i}", "lang": "en"} for i in range(2000)]
    path.write_bytes(gzip.compress(json.dumps(cards).encode()))
    assert len(list(CardFile(path).items())) == 2000
    with pytest.raises(CardImportError, match="more than 10 KB of data"):
        list(CardFile(path, chunk_size=1024, max_bytes=10 << 10).items())


def test_one_value_longer_than_the_limit_is_refused(tmp_path):
    path = tmp_path / "long.json"
    path.write_text('[{"object": "card", "name": "' + "x" * 100_000 + '"}]')
    with pytest.raises(CardImportError, match="one entry is longer than 10,000 characters"):
        list(CardFile(path, chunk_size=1000, max_value_chars=10_000).items())


def test_damage_inside_a_value_fails_at_once_without_reading_on():
    text = '[{"name": "Shock", "text": "deals 2' + "\x00" * (4 << 20) + '"}]'
    fp = CountingText(text)
    reader = JsonStream(fp, chunk_size=4096)
    with pytest.raises(JsonStreamError, match="invalid JSON: Invalid control character"):
        for _ in reader.iter_array():
            reader.value()
    assert fp.taken <= 2 * 4096


def test_a_value_cut_across_chunks_is_still_read_whole():
    cards = [{"name": "Shock", "text": "x" * 10_000, "n": 12345}] * 3
    reader = JsonStream(io.StringIO(json.dumps(cards)), chunk_size=100, max_value_chars=20_000)
    assert [reader.value() for _ in reader.iter_array()] == cards


# -- decks ---------------------------------------------------------------------------------------
def test_the_line_that_was_quadratic_reads_as_unreadable():
    parsed = read_deck("4 Shock\n1" + " " * 100_000 + "x (\n")
    assert [(e.name, e.count) for e in parsed.deck.main] == [("Shock", 4)]
    assert parsed.warnings and parsed.warnings[0].startswith("line 2: cannot read")
    with pytest.raises(DeckFormatError, match="no cards"):
        read_deck("1" + " " * 100_000 + "x (\n")


def test_long_lines_of_every_shape_read_in_one_pass():
    spaces = " " * 50_000
    for line in (f"4 Shock{spaces}(M21){spaces}159", f"4{spaces}Shock{spaces}*F*", f"Shock{spaces}x4",
                 f"4 [M21]{spaces}Shock{spaces}[Burn]", f"4 Shock{spaces}<showcase>{spaces}^tag^"):
        entry = read_deck(line + "\n").deck.main[0]
        assert (entry.name, entry.count) == ("Shock", 4), line[:20]


@pytest.mark.parametrize("text, words", [
    ("999999999 Forest\n", "at most 1000 copies"),
    ("12345678901234567890 Forest\n", "at most 1000 copies"),
    ("9" * 5000 + " Forest\n", "(5000 digits)"),
    ("1001 Forest\n", "a count of 1001"),
    ("1000 Forest\n" * 6, "5000"),
])
def test_counts_and_deck_size_have_limits(text, words):
    with pytest.raises(DeckFormatError, match=words.replace("(", r"\(").replace(")", r"\)")):
        read_deck(text)


def test_the_limits_themselves_are_readable():
    assert read_deck(f"{limits.DECK_LINE_COUNT} Relentless Rats\n").deck.main[0].count == limits.DECK_LINE_COUNT
    assert read_deck("0004 Shock\n").deck.main[0].count == 4


@pytest.mark.parametrize("text", [
    '<cockatrice_deck><zone name="main"><card number="\u00b2" name="Forest"/></zone></cockatrice_deck>',
    '<Deck><Cards Quantity="\u00b3" Sideboard="false" Name="Forest"/></Deck>',
    '<Deck><Cards Quantity="\u0663" Sideboard="false" Name="Forest"/></Deck>',
])
def test_counts_are_ascii_digits_only(text):
    with pytest.raises(DeckFormatError, match="bad"):
        read_deck(text)


def test_saving_a_deck_past_the_limits_is_refused_and_stores_nothing(db):
    from cardsdb import Deck, DeckEntry

    for entries in ([DeckEntry("Forest", 12345678901234567890)], [DeckEntry("Forest", 0)],
                    [DeckEntry("Forest", 1000)] * 6):
        with pytest.raises(ValueError, match="at most 5000 cards"):
            db.save_deck(Deck(name="Too many", main=list(entries)))
    assert db.deck_names() == []


def test_pasted_text_with_a_lone_surrogate_is_refused():
    with pytest.raises(DeckFormatError, match="not valid Unicode at character 9"):
        read_deck("4 Shock\n\ud800 Bolt\n")
