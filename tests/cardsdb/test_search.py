import pytest

from cardsdb import QueryError
from cardsdb.query import And, Not, Or, Term, parse


def names(db, query, **kw):
    return [c.name for c in db.search(query, **kw)]


def test_parser_builds_the_expected_tree():
    tree = parse('-t:goblin (c:r or "lightning bolt") mv<=2')
    assert tree == And((Not(Term("t", ":", "goblin", 1)),
                        Or((Term("c", ":", "r", 11), Term(None, ":", "lightning bolt", 18))),
                        Term("mv", "<=", "2", 36)))
    assert parse("   ") is None


def test_bare_words_match_the_name(db):
    assert names(db, "bolt") == ["Lightning Bolt"]
    assert names(db, "lightning") == ["Lightning Bolt", "Lightning Helix"]
    assert names(db, "lightning helix") == ["Lightning Helix"]        # every word must match
    assert names(db, '"ning bo"') == ["Lightning Bolt"]               # quoted phrase
    assert names(db, "!shock") == ["Shock"]
    assert names(db, "!ice") == ["Fire // Ice"]
    assert names(db, "!lightning") == []


def test_type_and_oracle_text(db):
    assert names(db, "t:goblin") == ["Goblin Guide"]
    assert names(db, 't:"legendary creature"') == ["Isamaru, Hound of Konda"]
    assert names(db, "t:insect") == ["Delver of Secrets // Insectile Aberration"]
    assert names(db, 'o:"draw a card"') == ["Fire // Ice"]
    assert names(db, "o:flying t:artifact") == ["Ornithopter"]
    assert names(db, 'o:"~ deals 3"') == ["Lightning Bolt", "Lightning Helix"]
    assert names(db, "kw:vigilance") == ["Serra Angel"]


@pytest.mark.rules("105.1", "105.2c")
def test_colors_with_comparisons(db):
    assert names(db, "c:rw") == ["Lightning Helix"]
    assert names(db, "c=r t:instant") == ["Lightning Bolt", "Shock"]
    assert names(db, "c<=r t:instant") == ["Lightning Bolt", "Shock"]    # colorless has none
    assert names(db, "c>=r t:instant") == ["Fire // Ice", "Lightning Bolt", "Lightning Helix",
                                           "Shock"]
    assert names(db, "c:c t:artifact") == ["Black Lotus", "Ornithopter", "Sol Ring"]
    assert names(db, "c:m") == ["Fire // Ice", "Lightning Helix"]
    assert names(db, "c:boros") == ["Lightning Helix"]
    assert names(db, "c>=2") == ["Fire // Ice", "Lightning Helix"]
    assert names(db, "c<r t:instant") == []
    assert names(db, "c>r t:instant") == ["Fire // Ice", "Lightning Helix"]
    assert names(db, "c!=r t:instant") == ["Counterspell", "Fire // Ice", "Lightning Helix"]


@pytest.mark.rules("903.4")
def test_color_identity_defaults_to_fits_within(db):
    assert names(db, "ci:r t:land") == ["Mountain"]
    assert "Fire // Ice" not in names(db, "ci:r")
    assert "Fire // Ice" in names(db, "ci:ur")
    assert names(db, "id=rw") == ["Lightning Helix"]
    assert names(db, "ci>=ur") == ["Fire // Ice"]


@pytest.mark.rules("202.3")
def test_mana_value_power_toughness_loyalty(db):
    assert names(db, "mv>=5") == ["Serra Angel"]
    assert names(db, "cmc=4") == ["Fire // Ice"]
    assert names(db, "mv:0 t:artifact") == ["Black Lotus", "Ornithopter"]
    assert names(db, "pow>=4") == ["Serra Angel"]
    assert names(db, "tou<2") == ["Delver of Secrets // Insectile Aberration",
                                  "Llanowar Elves", "Tarmogoyf"]
    assert names(db, "pow>tou") == []
    assert names(db, "pow<tou t:artifact") == ["Ornithopter"]
    assert names(db, "loy=3") == ["Jace Beleren"]
    assert names(db, "mv>1.5 mv<2.5 t:creature") == ["Grizzly Bears", "Tarmogoyf"]


def test_rarity_set_format_and_artist(db):
    assert names(db, "r:mythic") == ["Jace Beleren", "Tarmogoyf"]
    assert names(db, "r>=rare t:creature") == ["Goblin Guide", "Isamaru, Hound of Konda",
                                               "Tarmogoyf"]
    assert len(names(db, "s:tst")) == 19 and names(db, "e:xyz") == []
    assert names(db, "f:pauper t:instant") == ["Counterspell", "Lightning Bolt", "Lightning Helix",
                                               "Shock"]
    assert names(db, "legal:vintage t:artifact") == ["Black Lotus", "Ornithopter", "Sol Ring"]
    assert names(db, "banned:legacy") == ["Black Lotus", "Sol Ring"]
    assert names(db, "restricted:vintage") == ["Black Lotus", "Sol Ring"]
    assert len(names(db, 'a:"test artist"')) == 19


@pytest.mark.rules("110.4")
def test_is_keywords(db):
    spells = names(db, "is:spell")
    assert "Mountain" not in spells and "Lightning Bolt" in spells and "Ornithopter" in spells
    permanents = names(db, "is:permanent")
    assert "Mountain" in permanents and "Jace Beleren" in permanents
    assert "Shock" not in permanents
    assert names(db, "is:vanilla") == ["Grizzly Bears", "Isamaru, Hound of Konda"]
    assert names(db, "is:planeswalker") == ["Jace Beleren"]
    assert names(db, "is:basic") == ["Forest", "Mountain"]
    assert names(db, "is:split") == ["Fire // Ice"]
    assert names(db, "is:dfc") == ["Delver of Secrets // Insectile Aberration"]
    assert names(db, "is:commander") == ["Isamaru, Hound of Konda"]
    assert names(db, "not:permanent t:instant c:u") == ["Counterspell", "Fire // Ice"]


def test_negation_or_and_parentheses(db):
    assert names(db, "t:instant -c:r") == ["Counterspell"]
    assert names(db, "t:goblin or t:angel") == ["Goblin Guide", "Serra Angel"]
    assert names(db, "(t:goblin or t:angel) pow>=4") == ["Serra Angel"]
    assert names(db, "-(t:goblin or t:angel) t:creature c:r") == []
    assert names(db, "t:creature and c:w") == ["Isamaru, Hound of Konda", "Serra Angel"]
    # a card without power is not "power above 3", so it is kept by the negation
    assert "Shock" in names(db, "-pow>3")
    assert names(db, "t:instant -o:damage -o:counter") == []


def test_sorting_and_limits(db):
    assert names(db, "t:instant", sort="mv") == ["Lightning Bolt", "Shock", "Counterspell",
                                                  "Lightning Helix", "Fire // Ice"]
    assert names(db, "t:instant", sort="mv", descending=True)[0] == "Fire // Ice"
    by_color = names(db, "t:creature", sort="color")
    assert by_color[0] == "Isamaru, Hound of Konda" and by_color[-1] == "Ornithopter"
    assert names(db, "mv<=1", sort="type") == [
        "Delver of Secrets // Insectile Aberration", "Goblin Guide", "Isamaru, Hound of Konda",
        "Llanowar Elves", "Ornithopter", "Lightning Bolt", "Shock", "Black Lotus", "Sol Ring",
        "Forest", "Mountain"]
    assert names(db, "", limit=3) == ["Black Lotus", "Counterspell", "Delver of Secrets // "
                                      "Insectile Aberration"]
    assert names(db, "", limit=2, offset=1) == ["Counterspell",
                                                "Delver of Secrets // Insectile Aberration"]
    with pytest.raises(ValueError, match="unknown sort"):
        db.search("", sort="price")


def test_count_matches_search(db):
    for query in ("", "t:creature", "c:r or c:g", "-is:permanent", "r>=rare"):
        assert db.count(query) == len(db.search(query))


def test_values_never_reach_sql_as_text(db):
    assert names(db, "\"'; DROP TABLE cards; --\"") == []
    assert names(db, "o:%") == []           # LIKE wildcards are matched literally
    assert names(db, "o:_") == []
    assert db.count("") == 19


@pytest.mark.parametrize("query, position, message", [
    ("t:goblin (c:r", 10, "'(' is never closed"),
    ("t:goblin)", 9, "')' without a matching '('"),
    ("foo:bar", 1, "unknown search key 'foo'"),
    ("mv>=x", 1, "'mv' needs a number"),
    ("c:purple", 1, "'purple' is not a color"),
    ('o:"draw a', 3, "unclosed quote"),
    ("t:", 3, "'t:' needs a value"),
    ("bolt or", 8, "the query ends where a search term is expected"),
    ("or bolt", 1, "'or' needs a search term on both sides"),
    ("()", 1, "empty parentheses"),
    ("is:nonsense", 1, "unknown 'is:' value 'nonsense'"),
    ("r:legendary", 1, "unknown rarity"),
    ("t>goblin", 1, "'t' takes ':' or '='"),
    ("c:rc", 1, "colorless (c) cannot be combined"),
])
def test_malformed_queries_point_at_the_problem(db, query, position, message):
    with pytest.raises(QueryError) as info:
        db.search(query)
    assert info.value.position + 1 == position
    assert message in str(info.value)
    assert f"at character {position}" in str(info.value)
    assert info.value.pointer().splitlines()[1] == " " * (position - 1) + "^"


def test_page_gives_results_and_total_in_one_call(db):
    page = db.page("t:creature", sort="mv", limit=3)
    assert page.total == db.count("t:creature") == 9
    assert [c.name for c in page.cards] == [c.name for c in db.search("t:creature", sort="mv",
                                                                        limit=3)]
    everything = db.page("", limit=5, offset=2)
    assert everything.total == 19 and len(everything.cards) == 5
    assert db.page("t:creature", limit=3, offset=50).cards == []
    assert db.page("t:creature", limit=3, offset=50).total == 9
    assert db.page("t:nothing").total == 0


def test_unknown_format_is_an_error_listing_the_known_ones(db):
    with pytest.raises(QueryError, match="unknown format 'modrn' .*modern"):
        db.search("f:modrn")


def test_full_text_index_covers_name_type_line_and_text(db):
    assert [c.name for c in db.fulltext("flying vigilance")] == ["Serra Angel"]
    assert [c.name for c in db.fulltext("thopter")] == ["Ornithopter"]
    assert {c.name for c in db.fulltext("bolt")} == {"Lightning Bolt"}
    assert db.fulltext('"unbalanced') == [] and db.fulltext("") == []


def test_large_pages_and_offsets(tmp_path):
    from cardsdb import CardData, CardDatabase

    with CardDatabase(tmp_path / "many.sqlite") as db:
        db.add_cards(CardData(name=f"Card {i:04d}", mana_value=i % 7, types=["Instant"],
                              type_line="Instant") for i in range(1200))
        page = db.page("t:instant", sort="mv", limit=1100, offset=50)
        assert page.total == 1200 and len(page.cards) == 1100
        assert [c.name for c in page.cards] == [c.name for c in db.search("t:instant", sort="mv")
                                                ][50:1150]
        assert len(db.search("t:instant", limit=2000)) == 1200
        assert [c.name for c in db.search("", limit=2, offset=1199)] == ["Card 1199"]
