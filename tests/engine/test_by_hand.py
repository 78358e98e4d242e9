"""By-hand play of text the compiler can't read yet (issue 12): the engine enforces every rule and every
sentence it reads; the controller carries out each unread sentence with the table's tools where it applies,
then says Done. The cards are made up, so a sentence stays unread however the grammar grows."""
from __future__ import annotations

import pytest

from engine import Game
from engine.ai import make_player
from engine.ai.by_hand import ai_actions
from engine.core.cards import RecordSource, token_spec
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import (ActivateAbility, CastSpell, Choose, PassPriority, SandboxCounters, SandboxLife,
                                        SandboxMove, SandboxNextStep, SandboxToken, TriggerByHand)
from engine.effects.by_hand import DONE, is_by_hand
from engine.game import UnsupportedCards

from tests.engine.driving import both_pass, table

BOLT, TINKERER, ORACLE, HERALD, IDOL, AURA = ("Moonsong Bolt", "Moonsong Tinkerer", "Moonsong Oracle",
                                              "Moonsong Herald", "Moonsong Idol", "Moonsong Veil")
SONG = "Each player sings a song of the forgotten plane"
RECORDS = [
    {"name": BOLT, "manaCost": "{R}", "types": ["Instant"], "colors": ["R"],
     "text": f"{BOLT} deals 2 damage to any target. {SONG}. You gain 3 life."},
    {"name": TINKERER, "manaCost": "{1}{G}", "types": ["Creature"], "subtypes": ["Elf"], "colors": ["G"],
     "power": "2", "toughness": "2", "text": "{T}: Whistle a tune of the forgotten plane."},
    {"name": ORACLE, "manaCost": "{1}{U}", "types": ["Creature"], "subtypes": ["Human"], "colors": ["U"],
     "power": "1", "toughness": "3", "text": "Whenever the moon sings a forgotten song, draw a card."},
    {"name": HERALD, "manaCost": "{W}", "types": ["Creature"], "subtypes": ["Human"], "colors": ["W"],
     "power": "2", "toughness": "2", "text": f"When {HERALD} enters, each player hums the forgotten tune."},
    {"name": IDOL, "manaCost": "{2}", "types": ["Artifact"], "colors": [],
     "text": "Creatures that hum the forgotten tune dance at midnight."},
    {"name": AURA, "manaCost": "{W}", "types": ["Enchantment"], "subtypes": ["Aura"], "colors": ["W"],
     "text": "Enchant forgotten song\nEnchanted song hums."},
]


def _table(a=(), b=(), hand_a=(), hand_b=(), active: int = 0) -> tuple[Game, dict[str, int]]:
    return table(a, b, hand_a, hand_b=hand_b, active=active, source=RecordSource(RECORDS))


def _to_by_hand(g: Game) -> None:
    """Both players pass until a resolution waits for its controller's hands."""
    for _ in range(10):
        if is_by_hand(g.pending):
            return
        g.apply(PassPriority(g.pending.player))
    raise AssertionError(f"no resolution by hand: {g.pending.prompt}")


def _bolt_waiting() -> tuple[Game, dict[str, int]]:
    g, ids = _table(a=["Mountain"], hand_a=[BOLT])
    g.apply(CastSpell(0, ids[BOLT], targets=(("P1",),)))
    _to_by_hand(g)
    return g, ids


@pytest.mark.rules("608.2c", "608.2n", "117.3b")
def test_a_spell_follows_its_read_instructions_in_order_and_waits_for_its_controller_at_the_unread_one():
    g, ids = _bolt_waiting()
    d = g.pending
    # The read sentence before it has happened, the one after it not yet (608.2c: in order).
    assert g.state.players[1].life == 18 and g.state.players[0].life == 20
    assert d.player == 0 and d.kind is DecisionKind.CHOOSE and d.options == [DONE]
    assert d.prompt == f"Resolve by hand: {SONG}" and d.data["text"] == SONG
    assert g.legal_actions() == [Choose(0, (DONE,))]
    assert g.snapshot(0)["priority"] is None       # no one holds priority while it resolves (608.1, 117.3b)
    events = g.apply(SandboxLife(0, target=1, delta=-1))
    assert [(e.kind, e.data["by_hand"], e.text) for e in events] == [("life", True, "B's life -1 (by hand)")]
    assert is_by_hand(g.pending) and g.state.players[1].life == 17
    events = g.apply(Choose(0, (DONE,)))
    assert any(e.kind == "by_hand_done" and e.data["by_hand"] and SONG in e.text for e in events)
    # Then the rest resolves by the rules, and the spell goes to the graveyard (608.2n).
    assert g.state.players[0].life == 23
    assert [g.characteristics(o).name for o in g.state.players[0].graveyard] == [BOLT]
    assert g.pending.kind is DecisionKind.PRIORITY and not g.state.stack


@pytest.mark.rules("608.2c")
def test_by_hand_only_the_controller_acts_and_only_with_the_table_tools():
    g, ids = _bolt_waiting()
    before = g.to_json()
    spell = g.state.stack[-1]
    refusals = [SandboxLife(1, target=0, delta=-5),             # not B's resolution
                SandboxNextStep(0),                              # the steps go on by the rules
                SandboxMove(0, spell, "graveyard")]              # the resolving spell stays until done
    for action in refusals:
        with pytest.raises(IllegalAction):
            g.apply(action)
        assert g.to_json() == before, action


def test_sandbox_moves_are_refused_in_a_rules_game_except_by_hand():
    g, ids = _table(a=["Mountain"], hand_a=[BOLT])
    with pytest.raises(IllegalAction, match="by hand"):
        g.apply(SandboxLife(0, target=1, delta=-3))
    assert g.state.players[1].life == 20


@pytest.mark.rules("602.2", "608.2c")
def test_an_activated_ability_with_unread_text_is_activated_by_the_rules_and_resolves_by_hand():
    g, ids = _table(a=[TINKERER], b=["Plains"])
    tinkerer = ids[TINKERER]
    assert ActivateAbility(0, tinkerer, 0, targets=()) in g.legal_actions()
    g.apply(ActivateAbility(0, tinkerer, 0))
    assert g.state.objects[tinkerer].tapped          # the cost is paid by the rules (602.2h)
    _to_by_hand(g)
    assert g.pending.prompt == "Resolve by hand: Whistle a tune of the forgotten plane"
    events = g.apply(SandboxCounters(0, ids["B:Plains"], "charge", 2))
    assert all(e.data.get("by_hand") for e in events)
    g.apply(Choose(0, (DONE,)))
    assert not g.state.stack and g.state.objects[ids["B:Plains"]].counters == {"charge": 2}


@pytest.mark.rules("603.2", "603.3", "608.2c")
def test_a_trigger_the_engine_reads_triggers_by_the_rules_and_its_unread_effect_resolves_by_hand():
    g, ids = _table(a=["Plains"], hand_a=[HERALD])
    g.apply(CastSpell(0, ids[HERALD]))
    both_pass(g)
    # The creature entered and its ability went on the stack by itself (603.3).
    top = g.state.objects[g.state.stack[-1]]
    assert top.is_ability and top.stack.source_name == HERALD
    _to_by_hand(g)
    assert g.pending.prompt == "Resolve by hand: Each player hums the forgotten tune"
    g.apply(SandboxToken(0, name="Tune Token", power=1, toughness=1, types="Creature — Spirit"))
    g.apply(Choose(0, (DONE,)))
    assert not g.state.stack
    assert any(g.characteristics(o).name == "Tune Token" for o in g.state.battlefield)


@pytest.mark.rules("603.3", "117.3c")
def test_an_unread_trigger_is_put_on_the_stack_by_its_controller_while_holding_priority():
    g, ids = _table(a=[ORACLE], b=[ORACLE])
    mine, theirs = ids[ORACLE], ids["B:" + ORACLE]
    assert TriggerByHand(0, mine, 0) in g.legal_actions()
    assert TriggerByHand(0, theirs, 0) not in g.legal_actions()
    with pytest.raises(IllegalAction, match="isn't yours"):
        g.apply(TriggerByHand(0, theirs, 0))
    events = g.apply(TriggerByHand(0, mine, 0))
    assert [e.data.get("by_hand") for e in events if e.kind == "trigger"] == [True]
    # On the stack, its controller holding priority again (117.3c), as after any action.
    top = g.state.objects[g.state.stack[-1]]
    assert top.is_ability and top.controller == 0
    assert g.pending.kind is DecisionKind.PRIORITY and g.pending.player == 0
    hand = len(g.state.players[0].hand)
    _to_by_hand(g)
    assert g.pending.prompt == "Resolve by hand: Whenever the moon sings a forgotten song, draw a card."
    g.apply(SandboxMove(0, g.state.players[0].library[-1], "hand"))
    g.apply(Choose(0, (DONE,)))
    assert len(g.state.players[0].hand) == hand + 1 and not g.state.stack


def test_the_snapshot_shows_what_a_permanent_plays_by_hand():
    g, ids = _table(a=[IDOL, ORACLE, "Plains"])
    view = {o["name"]: o for o in g.snapshot(viewer=0)["battlefield"]}
    assert view[IDOL]["reminders"] == ["Creatures that hum the forgotten tune dance at midnight"]
    assert view[ORACLE]["hand_triggers"] == ["Whenever the moon sings a forgotten song, draw a card."]
    assert view["Plains"]["reminders"] == [] and view["Plains"]["hand_triggers"] == []


def test_a_rules_game_takes_cards_with_unread_text_only_when_the_players_play_them_by_hand():
    decks = [[BOLT] * 4 + ["Mountain"] * 36, ["Plains"] * 40]
    source = RecordSource(RECORDS)
    with pytest.raises(UnsupportedCards, match="by hand"):
        Game.new(decks, source=source)
    g = Game.new(decks, source=source, by_hand=True)
    assert g.state.enforce


def test_a_resolution_by_hand_is_saved_and_loaded_with_its_moves():
    g, ids = _bolt_waiting()
    g.apply(SandboxLife(0, target=1, delta=-4))
    loaded = Game.from_json(g.to_json())
    assert is_by_hand(loaded.pending) and loaded.state.players[1].life == 14
    loaded.apply(Choose(0, (DONE,)))
    assert loaded.state.players[0].life == 23 and not loaded.state.stack


def test_a_take_back_is_the_state_before_the_by_hand_move():
    g, ids = _bolt_waiting()
    before = g.clone()
    g.apply(SandboxLife(0, target=1, delta=-4))
    g = before.clone()     # what the app's take-back installs
    assert is_by_hand(g.pending) and g.state.players[1].life == 18
    g.apply(Choose(0, (DONE,)))
    assert g.state.players[1].life == 18 and g.state.players[0].life == 23


def test_the_ai_never_casts_a_card_it_would_have_to_play_by_hand_and_says_done_when_it_must():
    g, ids = _table(b=["Mountain", TINKERER, ORACLE], hand_b=[BOLT])
    g.apply(PassPriority(0))      # B gets priority with the stack empty
    assert g.pending.player == 1
    listed = g.legal_actions()
    assert any(isinstance(a, CastSpell) and a.card == ids["B:" + BOLT] for a in listed)
    offered = ai_actions(g)
    assert not any(isinstance(a, (CastSpell, ActivateAbility, TriggerByHand)) for a in offered)
    for level in ("random", "easy", "medium"):
        assert make_player(level, 1).choose(g) == PassPriority(1)
    # A resolution by hand it controls (a person's card would do this by the rules): done at once.
    g, ids = _table(b=["Plains"], hand_b=[HERALD], active=1)
    g.apply(CastSpell(1, ids["B:" + HERALD]))
    _to_by_hand(g)
    assert g.pending.player == 1
    for level in ("random", "easy", "medium"):
        assert make_player(level, 1).choose(g) == Choose(1, (DONE,))


@pytest.mark.rules("303.4a", "704.5m")
def test_an_aura_whose_enchant_is_unread_targets_a_permanent_its_caster_picks_and_stays_attached():
    g, ids = _table(a=["Plains"], b=[IDOL], hand_a=[AURA])
    g.apply(CastSpell(0, ids[AURA]))
    d = g.pending
    assert d.data["choice"] == "target" and "enchant forgotten song (by hand)" in d.prompt
    assert ids["B:" + IDOL] in d.options       # every permanent: the caster judges what the text allows
    g.apply(Choose(0, (ids["B:" + IDOL],)))
    both_pass(g)
    veil = next(o for o in g.state.battlefield if g.characteristics(o).name == AURA)
    # Attached by the rules as it resolved (303.4f), and kept by the state-based actions (704.5m).
    assert g.state.objects[veil].attached_to == ids["B:" + IDOL]
    shown = next(o for o in g.snapshot(0)["battlefield"] if o["id"] == veil)
    assert shown["reminders"] == ["Enchant forgotten song", "Enchanted song hums"]


@pytest.mark.rules("603.3")
def test_a_token_with_a_trigger_the_engine_cannot_read_offers_it_too():
    g, ids = _table(a=["Plains"])
    spec = token_spec("Song Spirit", 1, 1, "W", "Creature — Spirit", ["Whenever the moon sings, draw a card."])
    token = g.add_token(spec, 0)
    assert TriggerByHand(0, token, 0) in g.legal_actions()
    g.apply(TriggerByHand(0, token, 0))
    _to_by_hand(g)
    assert g.pending.prompt == "Resolve by hand: Whenever the moon sings, draw a card."


@pytest.mark.rules("302.6")
def test_a_creature_put_onto_the_battlefield_by_hand_has_entered_this_turn():
    g, ids = _bolt_waiting()
    bears = g.add_card("Grizzly Bears", 0, Zone.HAND)
    g.apply(SandboxMove(0, bears, "battlefield"))
    put = next(o for o in g.state.battlefield if g.characteristics(o).name == "Grizzly Bears")
    assert g.state.objects[put].sick
