"""Three to six players at the table (800.1): the New game dialog's seats, the opponents' columns across the
top in turn order, attacking the opponent of one's choice (506.3, 802.2), and pass-and-play that hands the
screen over only when a person (not an AI) has a decision, hiding the previous person's hand."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from app.declarations import Declarations
from app.demo import card_obj
from app.dialogs import NewGameDialog
from app.table.layout import CARD_H, CARD_W, SCENE_H, SCENE_W, TOP_BOTTOM, drop_zone, item_key, layout, seating
from app.worker import AI_LEVELS, PERSON, GameConfig
from tests.app.play_helpers import (GREEN, RED, WAIT, card_in_hand, cast_goblin, drag, on_battlefield, shortcut,
                                    wait_for)

ROOT = Path(__file__).resolve().parents[2]


def _start(qtbot, window, seats: list[str], names: list[str]) -> None:
    decks = [list(RED) if i % 2 == 0 else list(GREEN) for i in range(len(seats))]
    window.start_game(GameConfig(decks=decks, names=names, enforce=True, starting_player=0, seed=4, seats=seats))
    qtbot.waitUntil(lambda: window.controller.config is not None and not window.controller.busy, timeout=WAIT)


def _keep(qtbot, window, player: int) -> None:
    wait_for(qtbot, window, "mulligan", player)
    QTest.mouseClick(next(b for b in window.prompt.choice_buttons if b.text() == "Keep"), Qt.MouseButton.LeftButton)


def _panel_point(window, player: int):
    return window.view.mapFromScene(window.scene.panels[player].pos())


def test_the_dialog_seats_four_players_with_the_keyboard(qtbot, tmp_path):
    dialog = NewGameDialog(db_path=tmp_path / "none.sqlite")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert [row.isVisible() for row in dialog.seat_rows] == [True, True, False, False, False, False]
    dialog.player_count.setFocus()
    QTest.keyClick(dialog.player_count, Qt.Key.Key_Up)
    QTest.keyClick(dialog.player_count, Qt.Key.Key_Up)
    assert [row.isVisible() for row in dialog.seat_rows] == [True] * 4 + [False] * 2
    assert [dialog.starter.itemText(i) for i in range(dialog.starter.count())] == \
        ["Random", "Player 1", "Player 2", "Player 3", "Player 4"]
    assert [box.currentData() for box in dialog.seat_kinds[:4]] == [PERSON, "medium", "medium", "medium"]
    QTest.keyClick(dialog.ai_level, Qt.Key.Key_Down)  # every opponent at once: Easy
    assert [box.currentData() for box in dialog.seat_kinds[:4]] == [PERSON, "easy", "easy", "easy"]
    dialog.seat_kinds[2].setFocus()
    QTest.keyClick(dialog.seat_kinds[2], Qt.Key.Key_Home)  # Carol is a person at this screen
    assert not dialog.opponent_ai.isChecked() and not dialog.opponent_hotseat.isChecked()  # a mixed table
    dialog.names[2].setText("Carol")
    QTest.keyClick(dialog, Qt.Key.Key_Return)  # Start
    config = dialog.config
    assert config is not None and dialog.result() == 1
    assert config.seats == [PERSON, "easy", PERSON, "easy"] and config.hotseat
    assert config.ai_players == {1, 3} and config.people == [0, 2]
    assert len(config.decks) == 4 and len(config.names) == 4 and config.names[2] == "Carol"
    assert GameConfig.from_json(config.to_json()).seats == config.seats  # saved and loaded as it is


@pytest.mark.rules("903.5", "903.6")
def test_a_four_player_commander_game_checks_each_deck(qtbot, tmp_path):
    dialog = NewGameDialog(db_path=tmp_path / "none.sqlite")
    qtbot.addWidget(dialog)
    dialog.player_count.setValue(4)
    dialog.variant_commander.setChecked(True)
    config = dialog.build_config()
    assert [len(deck) + len(commander) for deck, commander in zip(config.decks, config.commanders)] == [100] * 4
    assert len({c[0] for c in config.commanders}) == 4  # the four sample Commander decks, one a seat
    assert config.seats is not None and config.seats[0] == PERSON


def test_a_table_of_only_ais_is_refused(qtbot, tmp_path):
    dialog = NewGameDialog(db_path=tmp_path / "none.sqlite")
    qtbot.addWidget(dialog)
    dialog.player_count.setValue(3)
    dialog.seat_kinds[0].setCurrentIndex(dialog.seat_kinds[0].findData("random"))
    dialog._accept()
    assert "person" in dialog.error.text() and dialog.config is None


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_each_opponent_gets_a_column_in_turn_order(players):
    """The opponents sit left to right in turn order from the bottom seat (101.4); their columns lie side
    by side above the phase bar, and every card of a crowded battlefield stays inside its own column."""
    order = list(range(players))
    seats = seating(order, bottom=1)
    others = [seats[(1 + k) % players] for k in range(1, players)]
    assert [s.left for s in others] == sorted(s.left for s in others)
    assert all(a.right < b.left for a, b in zip(others, others[1:]))
    assert all(s.compact and s.near <= TOP_BOTTOM and s.far > 0 for s in others)
    assert not seats[1].compact
    battlefield = [card_obj(100 * p + i, 100 * p + i, "Grizzly Bears" if i % 2 else "Forest", p, "battlefield",
                            tapped=i % 4 == 0) for p in order for i in range(12)]
    snapshot = {"players": [{"index": p, "name": f"P{p}", "hand": [], "graveyard": [], "exile": []} for p in order],
                "battlefield": battlefield}
    places = layout(snapshot, bottom=1)
    for obj in battlefield:
        seat = seats[obj["controller"]]
        place = places[item_key(obj)][1]
        half_w = (CARD_H if place.rotation else CARD_W) * place.scale / 2
        assert seat.left - 1 <= place.x - half_w and place.x + half_w <= seat.right + 1
        assert 0 <= place.y <= SCENE_H and 0 <= place.x <= SCENE_W
        assert drop_zone(place.x, place.y, 1, seats) == ("battlefield", obj["controller"])
    for p, seat in seats.items():  # dropped on a panel's name line: at that player
        assert drop_zone(seat.panel[0], seat.panel[1] - seat.panel_half[1] + 20, 1, seats) == ("player", p)


@pytest.mark.rules("506.3", "802.2")
def test_attackers_go_where_the_last_player_or_planeswalker_clicked_sends_them():
    declared = Declarations()
    walker = {"id": 9, "types": ["Planeswalker"]}
    declared.toggle_attacker(1, [1, 2, 3], None, "P1")
    declared.toggle_attacker(2, [1, 2, 3], None, "P1")
    declared.attack_player(3)  # both at the fourth player
    declared.toggle_attacker(3, [1, 2, 3], None, "P1")  # a new group, aimed where the last one went
    assert declared.attacks == {1: "P3", 2: "P3", 3: "P3"}
    declared.toggle_attacker(9, [1, 2, 3], walker, "P1")  # the last one at the planeswalker instead
    assert declared.attacks == {1: "P3", 2: "P3", 3: 9}
    declared.attack_with(2, 1, None)  # dragged at the second player
    assert declared.attacks == {1: "P3", 2: "P1", 3: 9}
    declared.attack_player(2)  # the creature dragged last goes on to the third player, alone
    assert declared.attacks == {1: "P3", 2: "P2", 3: 9}


def test_the_seats_take_the_engines_ai_levels():
    from engine.ai import LEVELS
    assert set(AI_LEVELS) == set(LEVELS)


@pytest.mark.rules("506.3", "802.2")
def test_four_players_at_the_table_and_an_attack_at_the_third(qtbot, window):
    _start(qtbot, window, [PERSON, "random", "random", "random"], ["Alice", "Bob", "Carol", "Dave"])
    _keep(qtbot, window, 0)
    wait_for(qtbot, window, "priority", 0, step="main1")
    scene = window.scene
    assert sorted(scene.panels) == [0, 1, 2, 3] and scene.bottom == 0
    columns = [scene.panels[p] for p in (1, 2, 3)]  # Bob, Carol, Dave: left to right in turn order
    assert all(panel.compact for panel in columns) and not scene.panels[0].compact
    assert [panel.pos().x() for panel in columns] == sorted(panel.pos().x() for panel in columns)
    assert all(panel.pos().y() < scene.panels[0].pos().y() for panel in columns)
    assert [panel.player["name"] for panel in columns] == ["Bob", "Carol", "Dave"]
    assert not any(item.place.zone == "hand" and item.place.owner != 0 for item in scene.cards.values())
    mountain = card_in_hand(window, "Mountain")
    drag(window, mountain, QPointF(300, 760))
    qtbot.waitUntil(lambda: on_battlefield(window, mountain["card_id"]), timeout=WAIT)
    wait_for(qtbot, window, "priority", 0, step="main1")
    goblin = cast_goblin(qtbot, window)
    shortcut(qtbot, window, Qt.Key.Key_Space)
    wait_for(qtbot, window, "declare_attackers", 0)
    attacker = next(o for o in window.controller.snapshot["battlefield"] if o["card_id"] == goblin["card_id"])
    assert "Bob" in window.prompt.label.text()  # the next opponent in turn order, until another is clicked
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     window.view.mapFromScene(scene.item_for_object(attacker["id"]).pos()))
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     _panel_point(window, 2))
    assert window.controller.attacks == {attacker["id"]: "P2"}
    assert "Carol" in window.prompt.label.text()
    QTest.mouseClick(window.prompt.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.controller.snapshot["players"][2]["life"] == 19, timeout=WAIT)
    assert [p["life"] for p in window.controller.snapshot["players"]] == [20, 20, 19, 20]


def test_pass_and_play_hands_over_only_to_people(qtbot, window):
    """Alice and Carol at the screen, Bob and Dave AIs: the screen changes hands for Carol's and Alice's
    decisions, never for an AI's, and the hand-over hides the hand of whoever had the screen."""
    handed: list[str] = []
    window.controller.handover.connect(handed.append)
    _start(qtbot, window, [PERSON, "random", PERSON, "random"], ["Alice", "Bob", "Carol", "Dave"])
    _keep(qtbot, window, 0)
    qtbot.waitUntil(lambda: window.table_page.handover.isVisible(), timeout=WAIT)
    assert handed == ["Carol"] and "Carol" in window.table_page.handover.title.text()
    hand_items = [i for i in window.scene.cards.values() if i.place.zone == "hand"]
    assert hand_items and not any(i.face_up for i in hand_items)  # nobody's hand shows
    QTest.mouseClick(window.table_page.handover, Qt.MouseButton.LeftButton)
    assert not window.table_page.handover.isVisible()
    assert window.controller.seat == 2 and window.scene.bottom == 2
    shown = {i.place.owner: i.face_up for i in window.scene.cards.values() if i.place.zone == "hand"}
    assert shown == {2: True}  # Carol sees her hand at the bottom; Alice's is not drawn
    assert window.controller.snapshot["viewer"] == 2
    _keep(qtbot, window, 2)
    qtbot.waitUntil(lambda: window.table_page.handover.isVisible(), timeout=WAIT)  # back to Alice's turn
    assert handed == ["Carol", "Alice"]
    QTest.mouseClick(window.table_page.handover, Qt.MouseButton.LeftButton)
    wait_for(qtbot, window, "priority", 0)
    assert window.scene.bottom == 0 and all(p["index"] == 0 or all(o.get("hidden") for o in p["hand"])
                                            for p in window.controller.snapshot["players"])


def test_a_four_player_scenario_opens_as_a_puzzle_against_three_ais(qtbot, window):
    path = ROOT / "tests" / "scenarios" / "multiplayer" / "attack-three-opponents-one-cannot-block.toml"
    window.open_puzzle_file(path)
    c = window.controller
    qtbot.waitUntil(lambda: c.config is not None and c.config.puzzle is not None, timeout=WAIT)
    wait_for(qtbot, window, "priority", 0, step="main1")
    assert c.config.people == [0] and c.config.ai_players == {1, 2, 3}
    assert sorted(window.scene.panels) == [0, 1, 2, 3]
    assert [window.scene.panels[p].player["name"] for p in (1, 2, 3)] == ["B", "C", "D"]


def test_a_four_player_game_is_saved_and_loaded_with_its_seats(qtbot, window, tmp_path):
    seats = [PERSON, "random", PERSON, "easy"]
    _start(qtbot, window, seats, ["Alice", "Bob", "Carol", "Dave"])
    _keep(qtbot, window, 0)
    qtbot.waitUntil(lambda: window.table_page.handover.isVisible(), timeout=WAIT)
    path = tmp_path / "four.json"
    with qtbot.waitSignal(window.host.worker.saved, timeout=WAIT):
        window.controller.save_game(str(path))
    _start(qtbot, window, [PERSON, "random"], ["Alice", "Bob"])  # another game meanwhile
    qtbot.waitUntil(lambda: sorted(window.scene.panels) == [0, 1], timeout=WAIT)
    window.load_game_file(path)
    qtbot.waitUntil(lambda: sorted(window.scene.panels) == [0, 1, 2, 3], timeout=WAIT)
    c = window.controller
    assert c.config.seats == seats and c.config.hotseat
    qtbot.waitUntil(lambda: window.table_page.handover.isVisible(), timeout=WAIT)  # Carol's mulligan, as saved
    assert "Carol" in window.table_page.handover.title.text()


@pytest.mark.rules("800.4a")
def test_a_player_who_left_is_marked_on_their_panel(table_view):
    scene = table_view.table
    players = [{"index": p, "name": f"P{p}", "life": 20 if p != 2 else 0, "lost": p == 2, "hand": [],
                "graveyard": [], "exile": []} for p in range(4)]
    scene.set_snapshot({"players": players, "battlefield": [], "stack": []}, 0)
    assert [scene.panels[p].left for p in range(4)] == [False, False, True, False]
    two = [dict(players[0]), dict(players[2], index=1)]
    scene.set_snapshot({"players": two, "battlefield": [], "stack": []}, 0)
    assert not scene.panels[1].left  # two players: the game is over, the result says it


def test_the_dialog_remembers_the_seats(qtbot, tmp_path, settings):
    dialog = NewGameDialog(db_path=tmp_path / "none.sqlite", qsettings=settings.qsettings)
    qtbot.addWidget(dialog)
    dialog.player_count.setValue(5)
    dialog.seat_kinds[3].setCurrentIndex(dialog.seat_kinds[3].findData(PERSON))
    dialog.seat_kinds[4].setCurrentIndex(dialog.seat_kinds[4].findData("hard"))
    dialog._accept()
    assert dialog.config is not None and dialog.config.seats == [PERSON, "medium", "medium", PERSON, "hard"]
    again = NewGameDialog(db_path=tmp_path / "none.sqlite", qsettings=settings.qsettings)
    qtbot.addWidget(again)
    assert again.seats == 5
    assert [box.currentData() for box in again.seat_kinds[:5]] == [PERSON, "medium", "medium", PERSON, "hard"]
    assert again.build_config().seats == dialog.config.seats


class _AttackBothOpponents:
    """The AI seat of the blocking test: attacks B with its Grizzly Bears and C with its Savannah Lions,
    and passes otherwise."""

    def choose(self, game):
        from engine.core import player_actions as A
        actions = game.legal_actions()
        if str(getattr(game.pending.kind, "value", game.pending.kind)) == "declare_attackers":
            mine = {o["name"]: o["id"] for o in game.snapshot(viewer=None)["battlefield"] if o["controller"] == 0}
            return A.DeclareAttackers(0, {mine["Grizzly Bears"]: "P1", mine["Savannah Lions"]: "P2"})
        return next((a for a in actions if type(a).__name__ == "PassPriority"), actions[0])


@pytest.mark.rules("802.4", "802.4a")
def test_each_person_blocks_only_what_attacks_them(qtbot, settings, card_cache, tmp_path, answers):
    """A (an AI) attacks B and C, the two people at the screen: B is asked first (APNAP, 802.4), and clicking
    the creature attacking C after B's own does not block it (802.4a); then the screen goes to C, who blocks
    what attacks C."""
    from app.main_window import MainWindow
    from app.worker import EngineWorker
    from tests.app.play_helpers import click

    puzzle = tmp_path / "two-defenders.toml"
    puzzle.write_text('''name = "Two defenders"
[state]
players = ["A", "B", "C"]
turn = 5
active = "A"
step = "main1"
[players.A]
battlefield = ["Grizzly Bears", "Savannah Lions"]
library = ["Plains", "Plains"]
[players.B]
battlefield = ["Hill Giant"]
library = ["Plains", "Plains"]
[players.C]
battlefield = ["Grizzly Bears"]
library = ["Plains", "Plains"]
''', encoding="utf-8")
    settings.ai_pace_ms = 0
    warnings = answers.texts
    worker = EngineWorker(ai_factory=lambda config, player, level: _AttackBothOpponents())
    window = MainWindow(settings=settings, worker=worker, card_cache=card_cache)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    window.start_game(GameConfig(decks=[[], [], []], names=["A", "B", "C"], deck_titles=["", "", ""],
                                 enforce=True, seed=0, puzzle=str(puzzle), seats=["easy", PERSON, PERSON]))
    qtbot.waitUntil(lambda: window.controller.config is not None or bool(warnings), timeout=WAIT)
    assert warnings == []
    wait_for(qtbot, window, "declare_blockers", 1)
    c = window.controller
    assert c.seat == 1 and window.scene.bottom == 1
    field = {(o["controller"], o["name"]): o for o in c.snapshot["battlefield"]}
    click(window, field[(1, "Hill Giant")])
    click(window, field[(0, "Savannah Lions")])  # it attacks C: not B's to block
    assert c.declared.blocks == {}
    click(window, field[(1, "Hill Giant")])
    click(window, field[(0, "Grizzly Bears")])
    assert c.declared.blocks == {field[(1, "Hill Giant")]["id"]: [field[(0, "Grizzly Bears")]["id"]]}
    QTest.mouseClick(window.prompt.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.table_page.handover.isVisible(), timeout=WAIT)
    assert "C" in window.table_page.handover.title.text()
    QTest.mouseClick(window.table_page.handover, Qt.MouseButton.LeftButton)
    wait_for(qtbot, window, "declare_blockers", 2)
    click(window, field[(2, "Grizzly Bears")])
    click(window, field[(0, "Savannah Lions")])
    shortcut(qtbot, window, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not any(o["controller"] == 0 for o in c.snapshot["battlefield"]), timeout=WAIT)
    assert [p["life"] for p in c.snapshot["players"]] == [20, 20, 20]
    window.close()
