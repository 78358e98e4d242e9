"""Morph and megamorph (702.37) and face-down permanents (708): a face-down permanent is a nameless 2/2
(708.2); its controller turns it face up as a special action by paying its morph cost (116.2b, 702.37e),
which doesn't use the stack; it is the same permanent (708.8) and "when ~ is turned face up" triggers."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, TurnFaceUp
from engine.game import Game
from tests.engine.driving import cast_and_settle, on_battlefield, settle, table
from tests.engine.test_keyword_combat import creature

WOOLLY_LOXODON = creature("Woolly Loxodon", "{5}{G}{G}", "Elephant", "Morph {5}{G} (You may cast this card face down "
                          "as a 2/2 creature for {3}. Turn it face up any time for its morph cost.)", "6/7")
STRATUS_DANCER = creature("Stratus Dancer", "{1}{U}", "Djinn Monk", "Flying\nMegamorph {1}{U} (You may cast this card "
                          "face down as a 2/2 creature for {3}. Turn it face up any time for its megamorph cost and put "
                          "a +1/+1 counter on it.)\nWhen Stratus Dancer is turned face up, counter target instant or "
                          "sorcery spell.", "2/1")
RIPTIDE_SURVIVOR = creature("Riptide Survivor", "{2}{U}", "Human Wizard", "Morph {1}{U}{U} (You may cast this card face "
                            "down as a 2/2 creature for {3}. Turn it face up any time for its morph cost.)\nWhen Riptide "
                            "Survivor is turned face up, discard two cards, then draw three cards.", "2/1")


@pytest.mark.rules("708.2a", "702.37e", "116.2b", "708.8")
def test_turn_a_face_down_creature_face_up_for_its_morph_cost(extra_cards):
    extra_cards(WOOLLY_LOXODON)
    g, ids = table(["Forest"] * 6)
    lox = g.add_card("Woolly Loxodon", 0, Zone.BATTLEFIELD, face_down=True)
    ch = g.characteristics(lox)
    assert (ch.name, ch.power, ch.toughness, ch.colors, ch.keywords) == ("", 2, 2, set(), [])
    g.apply(TurnFaceUp(0, lox))
    assert g.state.objects[lox].zone is Zone.BATTLEFIELD and not g.state.objects[lox].face_down     # same object
    ch = g.characteristics(lox)
    assert (ch.name, ch.power, ch.toughness) == ("Woolly Loxodon", 6, 7)
    assert sum(g.state.objects[f].tapped for f in on_battlefield(g, "Forest")) == 6
    assert not g.state.stack and g.pending.player == 0       # no stack; the player keeps priority


@pytest.mark.rules("702.37e")
def test_cant_turn_face_up_without_the_mana_or_an_opponents_permanent(extra_cards):
    extra_cards(WOOLLY_LOXODON)
    g, ids = table(["Forest"] * 3)
    lox = g.add_card("Woolly Loxodon", 0, Zone.BATTLEFIELD, face_down=True)
    theirs = g.add_card("Woolly Loxodon", 1, Zone.BATTLEFIELD, face_down=True)
    for action in (TurnFaceUp(0, lox), TurnFaceUp(0, theirs)):
        with pytest.raises(IllegalAction):
            g.apply(action)
    assert TurnFaceUp(0, lox) not in g.legal_actions()


@pytest.mark.rules("702.37b", "702.37e")
def test_megamorph_gets_a_counter(extra_cards):
    extra_cards(STRATUS_DANCER)
    g, ids = table(["Island", "Island"])
    dancer = g.add_card("Stratus Dancer", 0, Zone.BATTLEFIELD, face_down=True)
    assert TurnFaceUp(0, dancer) in g.legal_actions()
    g.apply(TurnFaceUp(0, dancer))
    assert g.state.objects[dancer].counters == {"+1/+1": 1}
    assert g.characteristics(dancer).power == 3


@pytest.mark.rules("702.37e", "708.8", "603.2")
def test_turned_face_up_trigger(extra_cards):
    extra_cards(RIPTIDE_SURVIVOR)
    g, ids = table(["Island"] * 3, hand_a=["Forest", "Mountain"])
    survivor = g.add_card("Riptide Survivor", 0, Zone.BATTLEFIELD, face_down=True)
    g.apply(TurnFaceUp(0, survivor))
    assert g.state.stack, "its turned-face-up ability triggers"
    settle(g)
    assert len(g.state.players[0].hand) == 3 and len(g.state.players[0].graveyard) == 2


@pytest.mark.rules("702.37c", "708.4", "708.2a")
def test_cast_face_down_for_three_then_turn_it_face_up(extra_cards):
    extra_cards(WOOLLY_LOXODON)
    g, ids = table(["Forest"] * 9, hand_a=["Woolly Loxodon"])
    card = ids["Woolly Loxodon"]
    assert CastSpell(0, card, targets=(), x=None, kicked=False, alt="face_down") in g.legal_actions()
    g.apply(CastSpell(0, card, alt="face_down"))
    (spell,) = g.state.stack
    assert g.state.objects[spell].face_down and g.characteristics(spell).name == ""
    assert sum(g.state.objects[f].tapped for f in on_battlefield(g, "Forest")) == 3
    settle(g)
    (lox,) = [o for o in g.state.battlefield if g.state.objects[o].face_down]
    assert (g.characteristics(lox).power, g.characteristics(lox).toughness) == (2, 2)
    g.apply(TurnFaceUp(0, lox))
    assert g.characteristics(lox).name == "Woolly Loxodon"


@pytest.mark.rules("702.37c")
def test_face_down_spell_has_no_flash_and_the_opponent_doesnt_see_it(extra_cards):
    extra_cards(STRATUS_DANCER)
    g, ids = table(["Island"] * 3, hand_a=["Stratus Dancer"], step=Step.UPKEEP)
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Stratus Dancer"], alt="face_down"))      # a face-down spell has no flash
    g, ids = table(["Island"] * 3, hand_a=["Stratus Dancer"])
    cast_and_settle(g, ids["Stratus Dancer"], alt="face_down")
    (dancer,) = [o for o in g.state.battlefield if g.state.objects[o].face_down]
    seen = [o for o in g.snapshot(viewer=1)["battlefield"] if o["id"] == dancer][0]
    assert seen.get("name") in (None, "") and not g.characteristics(dancer).has("flying")


SOUL_SUMMONS = {"name": "Soul Summons", "manaCost": "{1}{G}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
                "text": "Manifest the top card of your library. (Put it onto the battlefield face down as a 2/2 "
                "creature. Turn it face up any time for its mana cost if it's a creature card.)"}


@pytest.mark.rules("701.40a", "701.40b")
@pytest.mark.parametrize("top,can_turn", [("Grizzly Bears", True), ("Lightning Bolt", False)])
def test_manifest_then_a_creature_card_turns_face_up_for_its_mana_cost(extra_cards, top, can_turn):
    extra_cards(SOUL_SUMMONS)
    g, ids = table(["Forest"] * 4, hand_a=["Soul Summons"])
    g.add_card(top, 0, Zone.LIBRARY)
    cast_and_settle(g, ids["Soul Summons"])
    (card,) = [o for o in g.state.battlefield if g.state.objects[o].face_down]
    assert (g.characteristics(card).power, g.characteristics(card).toughness) == (2, 2)
    assert (TurnFaceUp(0, card) in g.legal_actions()) is can_turn
    if can_turn:
        g.apply(TurnFaceUp(0, card))
        assert g.characteristics(card).name == "Grizzly Bears"


CACKLING_COUNTERPART = {"name": "Cackling Counterpart", "manaCost": "{1}{U}{U}", "type": "Instant", "types": ["Instant"],
                        "subtypes": [], "text": "Create a token that's a copy of target creature you control.\nFlashback "
                        "{5}{U}{U} (You may cast this card from your graveyard for its flashback cost. Then exile it.)"}


def _nameless_2_2(g: Game, oid: int) -> None:
    """A face-up, colorless 2/2 creature with no name, subtypes, abilities or mana cost (707.2's example)."""
    ch = g.characteristics(oid)
    assert not g.state.objects[oid].face_down
    assert (ch.name, ch.power, ch.toughness, ch.colors, ch.types, ch.subtypes, ch.keywords, str(ch.mana_cost)) == \
        ("", 2, 2, set(), {"Creature"}, set(), [], "")
    assert TurnFaceUp(0, oid) not in g.legal_actions()


@pytest.mark.rules("707.2", "708.2a", "111.4")
def test_a_token_copy_of_a_face_down_creature_is_a_nameless_2_2(extra_cards):
    extra_cards(WOOLLY_LOXODON, CACKLING_COUNTERPART)
    g, ids = table(["Island"] * 3 + ["Forest"] * 6, hand_a=["Cackling Counterpart"])
    lox = g.add_card("Woolly Loxodon", 0, Zone.BATTLEFIELD, face_down=True)
    cast_and_settle(g, ids["Cackling Counterpart"], targets=(lox,))
    (token,) = [o for o in g.state.battlefield if g.state.objects[o].token is not None]
    _nameless_2_2(g, token)
    again = Game.from_json(g.to_json())      # the save check accepts the nameless token the rules made
    assert again.characteristics(token).name == "" and again.snapshot()
    g.apply(TurnFaceUp(0, lox))              # turning the original face up doesn't change the copy (707.2b)
    assert g.characteristics(lox).name == "Woolly Loxodon"
    _nameless_2_2(g, token)


@pytest.mark.rules("707.2")
def test_clone_copying_a_face_down_creature_is_a_nameless_2_2(extra_cards):
    extra_cards(WOOLLY_LOXODON)
    g, ids = table(["Island"] * 4, hand_a=["Clone"])
    lox = g.add_card("Woolly Loxodon", 0, Zone.BATTLEFIELD, face_down=True)
    g.apply(CastSpell(0, ids["Clone"]))
    settle(g, lambda d: (lox,))                 # Clone enters as a copy of the face-down Loxodon
    (clone,) = [o for o in g.state.battlefield if o != lox and g.characteristics(o).is_creature]
    _nameless_2_2(g, clone)
    assert Game.from_json(g.to_json()).characteristics(clone).name == ""
ZOMBIE_CUTTHROAT = creature("Zombie Cutthroat", "{3}{B}{B}", "Zombie", "Morph—Pay 5 life. (You may cast this card face "
                            "down as a 2/2 creature for {3}. Turn it face up any time for its morph cost.)", "3/4")


@pytest.mark.rules("702.37e", "119.4")
def test_a_morph_cost_of_life(extra_cards):
    """"Morph—Pay 5 life": turned face up by paying 5 life, which a player with less than 5 life can't (119.4)."""
    extra_cards(ZOMBIE_CUTTHROAT)
    g, _ = table(life_a=4)
    zombie = g.add_card("Zombie Cutthroat", 0, Zone.BATTLEFIELD, face_down=True)
    assert not any(isinstance(a, TurnFaceUp) for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply(TurnFaceUp(0, zombie))
    g.set_player(0, life=7)
    assert any(isinstance(a, TurnFaceUp) for a in g.legal_actions())
    g.apply(TurnFaceUp(0, zombie))
    assert g.characteristics(zombie).name == "Zombie Cutthroat" and g.state.players[0].life == 2
