import pytest

from cardsdb import CardData, Deck, DeckEntry, check_deck, read_deck_file


def deck(main, side=(), commander=()):
    return Deck(main=[DeckEntry(n, c) for n, c in main],
                sideboard=[DeckEntry(n, c) for n, c in side],
                commander=[DeckEntry(n, c) for n, c in commander])


def rules_of(result):
    return [p.rule for p in result.problems]


@pytest.mark.rules("100.2a")
def test_a_sixty_card_deck_with_four_ofs_is_legal(db, fixtures):
    result = check_deck(read_deck_file(fixtures / "burn.txt").deck, db)
    assert result.legal, result.problems
    # names are resolved to their Oracle spelling
    assert {e.name for e in result.deck.main} >= {"Lightning Helix", "Fire // Ice"}


@pytest.mark.rules("100.2a")
def test_constructed_minimum_of_sixty(db):
    result = check_deck(deck([("Shock", 4), ("Mountain", 55)]), db)
    assert rules_of(result) == ["100.2a"] and "59 cards" in result.problems[0].message


@pytest.mark.rules("100.2a")
def test_at_most_four_of_a_card_but_any_number_of_basic_lands(db):
    result = check_deck(deck([("Shock", 5), ("Mountain", 50), ("Forest", 5)]), db)
    assert rules_of(result) == ["100.2a"] and result.problems[0].card == "Shock"


@pytest.mark.rules("100.2a")
def test_spelling_variants_count_as_the_same_card(db):
    result = check_deck(deck([("Shock", 3), ("shock", 2), ("Mountain", 55)]), db)
    assert rules_of(result) == ["100.2a"]
    assert "5 copies of Shock" in result.problems[0].message


@pytest.mark.rules("100.2a")
def test_a_card_saying_any_number_is_exempt(db):
    assert check_deck(deck([("Relentless Rats", 30), ("Mountain", 30)]), db).legal


@pytest.mark.rules("100.4a")
def test_sideboard_limit_and_combined_four_copy_limit(db):
    result = check_deck(deck([("Shock", 4), ("Mountain", 56)], [("Shock", 1), ("Counterspell", 4),
                                                                  ("Forest", 11)]), db)
    assert sorted(rules_of(result)) == ["100.4a", "100.4a"]
    assert any("16 cards" in p.message for p in result.problems)
    assert any(p.card == "Shock" for p in result.problems)


def test_unknown_names_are_problems_with_suggestions(db, fixtures):
    result = check_deck(read_deck_file(fixtures / "illegal.txt").deck, db)
    unknown = [p for p in result.problems if p.card == "Lightnig Bolt"]
    assert unknown and unknown[0].suggestions[0] == "Lightning Bolt"
    assert "did you mean Lightning Bolt" in unknown[0].message
    # the unknown card stays in the deck: nothing is dropped
    assert {e.name for e in result.deck.main} == {"Lightning Bolt", "Lightnig Bolt", "Mountain",
                                                  "Relentless Rats"}
    assert any(p.rule == "100.2a" and p.card == "Lightning Bolt" for p in result.problems)


def test_format_legality_from_the_database(db):
    base = [("Mountain", 52)]
    assert check_deck(deck(base + [("Lightning Bolt", 4), ("Shock", 4)]), db, "modern").legal
    result = check_deck(deck(base + [("Counterspell", 4), ("Shock", 4)]), db, "modern")
    assert [p.message for p in result.problems] == ["Counterspell is not legal in modern"]
    result = check_deck(deck(base + [("Black Lotus", 1), ("Sol Ring", 2), ("Shock", 4),
                                     ("Forest", 1)]), db, "vintage")
    assert [p.card for p in result.problems] == ["Sol Ring"]     # restricted: one copy
    result = check_deck(deck(base + [("Black Lotus", 1), ("Shock", 4), ("Forest", 3)]), db, "legacy")
    assert [p.message for p in result.problems] == ["Black Lotus is banned in legacy"]


def test_cards_without_legality_data_are_noted_not_failed(empty_db, fixtures):
    empty_db.import_file(fixtures / "starter-mini.json")
    result = check_deck(deck([("Shock", 4), ("Mountain", 56)]), empty_db, "modern")
    assert result.legal and "no legality data for 2" in result.notes[0]


ZURGO = CardData(name="Zurgo Bellstriker", mana_cost="{R}", mana_value=1, colors="R",
                 color_identity="R", supertypes=["Legendary"], types=["Creature"],
                 subtypes=["Orc", "Warrior"], type_line="Legendary Creature — Orc Warrior",
                 text="Zurgo Bellstriker can't block creatures with power 2 or greater.\nDash {1}{R}",
                 power="2", toughness="2", keywords=["Dash"])


@pytest.mark.rules("903.5a", "903.5b", "903.5c", "903.3")
def test_commander_deck_construction(db):
    db.add_cards([ZURGO])
    assert check_deck(deck([("Mountain", 99)], commander=[("Zurgo Bellstriker", 1)]), db,
                      "commander").legal
    bad = deck([("Shock", 2), ("Mountain", 90), ("Counterspell", 1)],
               commander=[("Zurgo Bellstriker", 1)])
    result = check_deck(bad, db, "commander")
    assert sorted(rules_of(result)) == ["903.5a", "903.5b", "903.5c"]
    assert [p.card for p in result.problems if p.rule == "903.5c"] == ["Counterspell"]
    assert rules_of(check_deck(deck([("Mountain", 100)]), db, "commander")) == ["903.3"]
    not_a_creature = deck([("Mountain", 99)], commander=[("Sol Ring", 1)])
    assert rules_of(check_deck(not_a_creature, db, "commander")) == ["903.3", "903.5c"]


@pytest.mark.rules("903.3")
def test_a_legendary_vehicle_can_be_a_commander(db):
    db.add_cards([CardData(name="Parhelion II", mana_cost="{6}{W}{W}", mana_value=8, colors="W",
                           color_identity="W", supertypes=["Legendary"], types=["Artifact"],
                           subtypes=["Vehicle"], type_line="Legendary Artifact — Vehicle",
                           text="Flying, vigilance", power="5", toughness="5")])
    result = check_deck(deck([("Ornithopter", 1), ("Forest", 98)],
                             commander=[("Parhelion II", 1)]), db, "commander")
    assert [p.rule for p in result.problems] == ["903.5c"]   # only the Forests' identity
    assert [c.name for c in db.search("is:commander")] == ["Isamaru, Hound of Konda",
                                                           "Parhelion II"]
