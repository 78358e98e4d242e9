"""Live checks (card count and four-of limit 100.2a, sideboard 100.4a, format legality, unknown
names, cards the rules engine cannot enforce yet) and the statistics and test draws behind the
panels."""
from __future__ import annotations

import random

import pytest

from cardsdb import CardDatabase
from cardsdb.decks import Deck, DeckEntry

from app.deck_editor.checks import NOTE, OK, PROBLEM, SANDBOX, RulesSupport, live_checks
from app.deck_editor.editor_dialogs import SampleHandDialog
from app.deck_editor.hand import SampleHand
from app.deck_editor.stats import cost_pips, deck_stats, draw_chance, land_colors
from editor_helpers import FakePool


def levels(items):
    return [(c.level, c.text) for c in items]


@pytest.mark.rules("100.2a")
def test_an_illegal_deck_shows_its_problems(qtbot, editor):
    for _ in range(5):
        editor.add_card("Lightning Bolt")
    editor.document.set_counts("lands", "main", {"Mountain": 20})
    checks = editor.check_items()
    assert checks[0].level == PROBLEM and checks[0].message.startswith("Not legal for constructed play: 2 problems")
    texts = [c.text for c in checks]
    assert "the main deck has 25 cards; a constructed deck needs at least 60 (100.2a)" in texts
    assert "5 copies of Lightning Bolt; at most 4 are allowed (100.2a)" in texts
    assert editor.tabs.tabText(editor.tabs.indexOf(editor.checks)) == "Checks (2)"
    editor.remove_card("Lightning Bolt")
    editor.document.set_counts("lands", "main", {"Mountain": 56})
    assert editor.check_items()[0].level == OK
    assert editor.tabs.tabText(editor.tabs.indexOf(editor.checks)) == "Checks ✔"


@pytest.mark.rules("100.4a")
def test_format_legality_and_the_sideboard_limit(qtbot, editor):
    editor.document.set_counts("deck", "main", {"Goblin Guide": 4, "Mountain": 56})
    editor.document.set_counts("side", "sideboard", {"Pyroclasm": 4, "Blood Moon": 4, "Shock": 4, "Duress": 4})
    editor.format_box.setCurrentIndex(editor.format_box.findData("pauper"))
    texts = [c.text for c in editor.check_items()]
    assert "Goblin Guide is not legal in pauper" in texts
    assert "the sideboard has 16 cards; at most 15 are allowed (100.4a)" in texts
    assert "Pyroclasm is not legal in pauper" in texts  # the bundled pool knows commander, legacy, vintage


def test_cards_the_engine_cannot_enforce_are_sandbox_only(qtbot, editor, db_path):
    editor.add_card("Fireball")
    editor.add_card("Shock")
    sandbox = [c for c in editor.check_items() if c.level == SANDBOX]
    assert [c.card for c in sandbox] == ["Fireball"]
    assert "by hand" in sandbox[0].text and "X can't be paid yet." in sandbox[0].text
    with CardDatabase(db_path) as db:
        deck = Deck(main=[DeckEntry("Isamaru, Hound of Konda", 1)])
        unknown = RulesSupport(lambda: FakePool(set()))
        unknown.load()
        items = live_checks(deck, db, None, unknown)
    assert [(c.level, c.card) for c in items if c.level == SANDBOX] == [(SANDBOX, "Isamaru, Hound of Konda")]
    assert "does not know this card" in items[-1].text


def test_rules_support_is_read_off_the_gui_thread_and_survives_engine_errors():
    support = RulesSupport(lambda: FakePool({"Shock", "Broken Card"}, {"Shock": ("a sentence",)}))
    support.load()
    assert support._reasons == {"Shock": ("a sentence",), "Broken Card": ("the Oracle compiler failed: no grammar for "
                                                                          "this",)}
    assert support.reasons("Unheard Of") is None

    def failing():
        raise RuntimeError("the pool file is damaged")

    broken = RulesSupport(failing)
    broken.load()
    assert broken.loaded and not broken.available and "could not be loaded" in broken.error


def test_without_the_engine_rules_support_is_unknown(db_path):
    def missing():
        raise ModuleNotFoundError("No module named 'engine'", name="engine")

    support = RulesSupport(missing)
    with CardDatabase(db_path) as db:
        before = live_checks(Deck(main=[DeckEntry("Shock", 1)]), db, None, support)
        support.load()
        items = live_checks(Deck(main=[DeckEntry("Shock", 1)]), db, None, support)
    assert "checking" in before[-1].text
    assert items[-1].level == NOTE and items[-1].text.startswith("Rules support unknown: the rules engine is not "
                                                                 "installed (engine)")
    assert not any(c.level == SANDBOX for c in items)


def test_the_real_engine_knows_the_starter_pool(db_path):
    pytest.importorskip("engine.core.cards", reason="the rules engine is not in this checkout yet")
    from engine.core.cards import default_pool

    support = RulesSupport()
    support.load()
    assert support.available
    with CardDatabase(db_path) as db:
        deck = Deck(main=[DeckEntry("Lightning Bolt", 4), DeckEntry("Mountain", 20)])
        items = live_checks(deck, db, None, support)
    expected = {name for name in ("Lightning Bolt", "Mountain") if default_pool().get(name).unsupported}
    assert {c.card for c in items if c.level == SANDBOX} == expected
    assert not any("does not know" in c.text for c in items)


@pytest.mark.rules("103.4")
def test_draw_chance_is_hypergeometric():
    # at least one of 4 in 60 among the 7 cards of the opening hand: 1 - C(56,7)/C(60,7)
    assert draw_chance(60, 4, 1, on_the_play=True) == pytest.approx(0.3995, abs=1e-4)
    # on the draw one more card is seen by turn 1 (103.8a: the starting player skips the first draw)
    assert draw_chance(60, 4, 1, on_the_play=False) == pytest.approx(draw_chance(60, 4, 2, on_the_play=True))
    assert draw_chance(60, 0, 5) == 0.0 and draw_chance(10, 10, 1) == 1.0


def test_pips_and_land_colors():
    assert cost_pips("{2}{R}{R}") == {"R": 2}
    assert cost_pips("{G/W}{G/W}{1}") == {"G": 2, "W": 2}  # hybrid counts for both colors
    assert cost_pips("{1}{W/P}{C}") == {"W": 1, "C": 1}
    with CardDatabase.open_default(":memory:") as db:
        assert land_colors(db.record("Forest")) == "G"
        assert land_colors(db.record("Temple of Triumph")) == "WR"
        assert land_colors(db.record("Mutavault")) == "C"
        assert land_colors(db.record("Evolving Wilds")) == ""
        stats = deck_stats([(db.record("Kitchen Finks"), 2), (db.record("Plains"), 3), (None, 1)])
    assert stats.spell_pips == {"G": 4, "W": 4} and stats.land_sources == {"W": 3}
    assert stats.unknown == 1 and stats.cards == 6 and stats.average_mana_value == 3


@pytest.mark.rules("103.5")
def test_sample_hand_mulligan_and_draw():
    cards = [f"Card {i}" for i in range(60)]
    hand = SampleHand(cards, random.Random(7))
    assert len(hand.hand) == 7 and len(hand.library) == 53
    assert hand.draw() is not None and len(hand.hand) == 8
    hand.mulligan()
    assert len(hand.hand) == 7 and hand.to_bottom == 1
    assert hand.draw() is None  # the mulligan's card goes to the bottom first
    bottom = hand.hand[2]
    assert hand.put_on_bottom(2) and hand.library[-1] == bottom and len(hand.hand) == 6
    hand.mulligan()
    assert hand.to_bottom == 2 and hand.mulligans == 2
    hand.new_hand()
    assert hand.mulligans == 0 and len(hand.hand) == 7 and sorted(hand.hand + hand.library) == sorted(cards)


def test_the_test_draw_window(qtbot, editor):
    editor.document.set_counts("deck", "main", {"Mountain": 30, "Goblin Guide": 30})
    dialog = editor.test_draw()
    qtbot.addWidget(dialog)
    assert len(dialog.hand_names()) == 7 and "Opening hand of seven" in dialog.status.text()
    dialog.draw()
    assert len(dialog.hand_names()) == 8 and "Drew 1 card" in dialog.status.text()
    dialog.mulligan()
    assert "double-click 1 card" in dialog.status.text() and not dialog.draw_button.isEnabled()
    dialog._to_bottom(dialog.list.item(0))
    assert len(dialog.hand_names()) == 6 and dialog.draw_button.isEnabled()
    editor.images.wait()
    assert not dialog.list.item(0).icon().isNull()  # the cards are drawn
    dialog.close()
    editor.document.set_counts("deck", "main", {"Mountain": 3, "Goblin Guide": 0})
    assert editor.test_draw() is None


def test_sample_hand_dialog_keeps_unknown_cards_as_names(qtbot, tmp_path):
    from app.imagecache import CardImages

    dialog = SampleHandDialog(["Nothing Known"] * 8, lambda name: None, CardImages(tmp_path), random.Random(1))
    qtbot.addWidget(dialog)
    assert dialog.hand_names() == ["Nothing Known"] * 7
