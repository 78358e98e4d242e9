"""Casting a spell as an effect allows, during a resolution (608.2g): cascade (702.85a), rebound (702.88a),
madness (702.35a), miracle (702.94a), suspend (702.62a)."""
from __future__ import annotations

from typing import Any, Callable

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.objects import GameObject, StackInfo
from engine.core.player_actions import (Cancel, CastSpell, Choose, DeclareAttackers, DeclareBlockers, PassPriority,
                                        PlayLand, Suspend)
from tests.engine.driving import both_pass, on_battlefield, table
from tests.engine.test_casting_ways import _card

SHARDLESS_AGENT = _card("Shardless Agent", "{1}{G}{U}", "Artifact Creature — Human Rogue", "Cascade (When you cast "
                        "this spell, exile cards from the top of your library until you exile a nonland card that "
                        "costs less. You may cast it without paying its mana cost. Put the exiled cards on the bottom "
                        "of your library in a random order.)", power="2", toughness="2")
STAGGERSHOCK = _card("Staggershock", "{2}{R}", "Instant", "Staggershock deals 2 damage to any target.\nRebound (If you "
                     "cast this spell from your hand, exile it as it resolves. At the beginning of your next upkeep, "
                     "you may cast this card from exile without paying its mana cost.)")
OBSESSIVE_SEARCH = _card("Obsessive Search", "{U}", "Instant", "Draw a card.\nMadness {U} (If you discard this card, "
                         "discard it into exile. When you do, cast it for its madness cost or put it into your "
                         "graveyard.)")
RAVENS_CRIME = _card("Raven's Crime", "{B}", "Sorcery", "Target player discards a card.")
BANISHING_STROKE = _card("Banishing Stroke", "{5}{W}", "Instant", "Put target artifact, creature, or enchantment on "
                         "the bottom of its owner's library.\nMiracle {W} (You may cast this card for its miracle cost "
                         "when you draw it if it's the first card you drew this turn.)")
RIFT_BOLT = _card("Rift Bolt", "{2}{R}", "Sorcery", "Rift Bolt deals 3 damage to any target.\nSuspend 1—{R} (Rather "
                  "than cast this card from your hand, you may pay {R} and exile it with a time counter on it. At the "
                  "beginning of your upkeep, remove a time counter. When the last is removed, you may cast it without "
                  "paying its mana cost.)")
DRAGON = _card("Keldon Halberdier", "{4}{R}", "Creature — Human Warrior", "First strike\nSuspend 1—{R}",
               power="4", toughness="1")


def _until(g, done: Callable[[Any], bool], answer: Callable[[Any], tuple]) -> None:
    """Passes priority (no attackers or blockers) and answers each choice, until `done(g)`."""
    for _ in range(300):
        if done(g):
            return
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            g.apply(Choose(d.player, answer(d)))
        elif d.kind is DecisionKind.DECLARE_ATTACKERS:
            g.apply(DeclareAttackers(d.player, {}))
        elif d.kind is DecisionKind.DECLARE_BLOCKERS:
            g.apply(DeclareBlockers(d.player, {}))
        else:
            g.apply(PassPriority(d.player))
    raise AssertionError("never done")


def _yes_and(target: Any = None) -> Callable[[Any], tuple]:
    def answer(d):
        if "yes" in d.options:
            return ("yes",)
        if target is not None and target in d.options:
            return (target,)
        return tuple(d.options[:d.min or 1])
    return answer


def _names(g, ids) -> list[str]:
    return [g.characteristics(o).name for o in ids]


@pytest.mark.rules("702.85a", "608.2g")
def test_cascade_casts_the_first_cheaper_nonland_card_free_and_bottoms_the_rest(extra_cards):
    extra_cards(SHARDLESS_AGENT)
    g, ids = table(["Forest", "Island", "Island"], hand_a=["Shardless Agent"])
    g.add_card("Lightning Bolt", 0, Zone.LIBRARY)
    g.add_card("Mountain", 0, Zone.LIBRARY)          # the top card: a land, exiled and put on the bottom
    g.apply(CastSpell(0, ids["Shardless Agent"]))
    assert len(g.state.stack) == 2, "the cascade trigger is on the stack above the spell"
    _until(g, lambda g: not g.state.stack, _yes_and("P1"))
    assert g.state.players[1].life == 17, "Lightning Bolt was cast for free"
    assert on_battlefield(g, "Shardless Agent")
    library = g.state.players[0].library
    assert _names(g, library[:1]) == ["Mountain"] and len(library) == 9
    assert g.state.exile == []


@pytest.mark.rules("702.85a")
def test_cascade_declined_puts_every_exiled_card_on_the_bottom(extra_cards):
    extra_cards(SHARDLESS_AGENT)
    g, ids = table(["Forest", "Island", "Island"], hand_a=["Shardless Agent"])
    g.add_card("Lightning Bolt", 0, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Shardless Agent"]))
    _until(g, lambda g: not g.state.stack, lambda d: ("no",) if "no" in d.options else tuple(d.options[:1]))
    assert g.state.players[1].life == 20 and g.state.exile == []
    assert _names(g, g.state.players[0].library[:1]) == ["Lightning Bolt"]


@pytest.mark.rules("608.2g", "601.2")
def test_backing_out_of_the_free_cast_leaves_it_uncast(extra_cards):
    extra_cards(SHARDLESS_AGENT)
    g, ids = table(["Forest", "Island", "Island"], hand_a=["Shardless Agent"])
    g.add_card("Lightning Bolt", 0, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Shardless Agent"]))
    both_pass(g)
    g.apply(Choose(0, ("yes",)))
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.data.get("field") == "target.0"
    g.apply(Cancel(0))
    assert g.pending.kind is DecisionKind.PRIORITY and g.state.exile == []
    assert _names(g, g.state.players[0].library[:1]) == ["Lightning Bolt"]


@pytest.mark.rules("608.2g")
def test_the_free_way_is_only_an_effects(extra_cards):
    g, ids = table(["Mountain"], hand_a=["Lightning Bolt"])
    with pytest.raises(IllegalAction, match="608.2g"):
        g.apply(CastSpell(0, ids["Lightning Bolt"], targets=(("P1",),), alt="free"))


@pytest.mark.rules("702.88a")
def test_rebound_exiles_the_spell_and_casts_it_again_at_the_next_upkeep(extra_cards):
    extra_cards(STAGGERSHOCK)
    g, ids = table(["Mountain"] * 3, hand_a=["Staggershock"])
    g.apply(CastSpell(0, ids["Staggershock"], targets=(("P1",),)))
    _until(g, lambda g: not g.state.stack, _yes_and("P1"))
    assert g.state.players[1].life == 18 and _names(g, g.state.exile) == ["Staggershock"]
    _until(g, lambda g: g.state.turn == 5 and g.state.step is Step.DRAW, _yes_and("P1"))
    assert g.state.players[1].life == 16
    # Cast from exile, it doesn't rebound again: it goes to the graveyard.
    assert g.state.exile == [] and _names(g, g.state.players[0].graveyard) == ["Staggershock"]


@pytest.mark.rules("702.35a")
def test_madness_discarded_into_exile_and_cast_for_its_madness_cost(extra_cards):
    extra_cards(OBSESSIVE_SEARCH, RAVENS_CRIME)
    g, ids = table(["Swamp", "Island"], hand_a=["Raven's Crime", "Obsessive Search"])
    g.apply(CastSpell(0, ids["Raven's Crime"], targets=(("P0",),)))
    _until(g, lambda g: not g.state.stack and g.pending.kind is DecisionKind.PRIORITY, _yes_and())
    assert _names(g, g.state.players[0].hand) == ["Plains"], "Obsessive Search was cast and drew a card"
    assert sorted(_names(g, g.state.players[0].graveyard)) == ["Obsessive Search", "Raven's Crime"]
    assert all(g.state.objects[o].tapped for o in on_battlefield(g, "Island"))


@pytest.mark.rules("702.35a")
def test_madness_not_cast_goes_to_the_graveyard(extra_cards):
    extra_cards(OBSESSIVE_SEARCH, RAVENS_CRIME)
    g, ids = table(["Swamp", "Island"], hand_a=["Raven's Crime", "Obsessive Search"])
    g.apply(CastSpell(0, ids["Raven's Crime"], targets=(("P0",),)))
    _until(g, lambda g: not g.state.stack and g.pending.kind is DecisionKind.PRIORITY,
           lambda d: ("no",) if "no" in d.options else tuple(d.options[:1]))
    assert g.state.players[0].hand == [] and g.state.exile == []
    assert sorted(_names(g, g.state.players[0].graveyard)) == ["Obsessive Search", "Raven's Crime"]


@pytest.mark.rules("702.94a")
def test_miracle_the_first_card_drawn_is_cast_for_its_miracle_cost(extra_cards):
    extra_cards(BANISHING_STROKE)
    g, ids = table(["Plains"], ["Grizzly Bears"], turn=2, active=1, step=Step.END)
    g.add_card("Banishing Stroke", 0, Zone.LIBRARY)
    bears = ids["B:Grizzly Bears"]
    _until(g, lambda g: g.state.turn == 3 and g.state.step is Step.MAIN1, _yes_and(bears))
    assert not on_battlefield(g, "Grizzly Bears")
    assert _names(g, g.state.players[1].library[:1]) == ["Grizzly Bears"]
    assert _names(g, g.state.players[0].graveyard) == ["Banishing Stroke"]


@pytest.mark.rules("702.62a", "702.62b", "116.2f")
def test_suspend_exiles_with_time_counters_then_casts_it_free(extra_cards):
    extra_cards(RIFT_BOLT)
    g, ids = table(["Mountain"], hand_a=["Rift Bolt"])
    card = ids["Rift Bolt"]
    assert Suspend(0, card) in g.legal_actions()
    g.apply(Suspend(0, card))
    (exiled,) = g.state.exile
    assert g.state.objects[exiled].counters == {"time": 1} and not g.state.stack
    assert g.pending.kind is DecisionKind.PRIORITY and g.pending.player == 0
    _until(g, lambda g: g.state.turn == 5 and g.state.step is Step.DRAW, _yes_and("P1"))
    assert g.state.players[1].life == 17
    assert _names(g, g.state.players[0].graveyard) == ["Rift Bolt"]


@pytest.mark.rules("702.62a")
def test_a_creature_cast_by_suspend_has_haste(extra_cards):
    extra_cards(DRAGON)
    g, ids = table(["Mountain"], hand_a=["Keldon Halberdier"])
    g.apply(Suspend(0, ids["Keldon Halberdier"]))
    _until(g, lambda g: g.state.turn == 5 and g.state.step is Step.DRAW, _yes_and())
    (halberdier,) = on_battlefield(g, "Keldon Halberdier")
    assert g.characteristics(halberdier).has("haste")


@pytest.mark.rules("702.62a")
def test_suspend_only_when_the_card_could_be_cast(extra_cards):
    extra_cards(RIFT_BOLT)
    g, ids = table(["Mountain"], hand_a=["Rift Bolt"], turn=4, active=1)
    assert Suspend(0, ids["Rift Bolt"]) not in g.legal_actions()
    with pytest.raises(IllegalAction):
        g.apply(Suspend(0, ids["Rift Bolt"]))


THOUGHT_HEMORRHAGE = _card("Surging Flame", "{1}{R}", "Instant", "Surging Flame deals 2 damage to any target.\nRipple 4 "
                           "(When you cast this spell, you may reveal the top four cards of your library. You may cast "
                           "any revealed cards with the same name as this spell without paying their mana costs. Put "
                           "the rest on the bottom of your library.)")
CRACK_OPEN = _card("Crack Open", "{1}{G}", "Sorcery", "Destroy target artifact or enchantment.\nDemonstrate (When you "
                   "cast this spell, you may copy it. If you do, choose an opponent to also copy it. Players may choose "
                   "new targets for their copies.)")


@pytest.mark.rules("702.60a")
def test_ripple_casts_revealed_cards_with_the_same_name_free(extra_cards):
    extra_cards(THOUGHT_HEMORRHAGE)
    g, ids = table(["Mountain"] * 2, hand_a=["Surging Flame"])
    g.add_card("Surging Flame", 0, Zone.LIBRARY)
    g.add_card("Grizzly Bears", 0, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Surging Flame"], targets=(("P1",),)))
    _until(g, lambda g: not g.state.stack, _yes_and("P1"))
    assert g.state.players[1].life == 16, "the revealed Surging Flame was cast (its own ripple found no other)"
    library = g.state.players[0].library
    assert "Grizzly Bears" in _names(g, library) and len(library) == 9 and g.state.exile == []


@pytest.mark.rules("702.144a")
def test_demonstrate_you_copy_and_so_does_an_opponent(extra_cards):
    extra_cards(CRACK_OPEN)
    g, ids = table(["Forest"] * 2, ["Icy Manipulator"], hand_a=["Crack Open"])
    g.apply(CastSpell(0, ids["Crack Open"], targets=((ids["B:Icy Manipulator"],),)))
    both_pass(g)
    g.apply(Choose(0, ("yes",)))
    copies = [o for o in g.state.stack if g.state.objects[o].spell_copy]
    assert sorted(g.state.objects[o].controller for o in copies) == [0, 1]


LAST_THOUGHTS = _card("Last Thoughts", "{3}{U}", "Sorcery", "Draw a card.\nCipher (Then you may exile this spell card "
                      "encoded on a creature you control. Whenever that creature deals combat damage to a player, its "
                      "controller may cast a copy of the encoded card without paying its mana cost.)")


@pytest.mark.rules("702.99a", "707.12")
def test_cipher_encodes_the_card_and_casts_a_copy_on_combat_damage(extra_cards):
    extra_cards(LAST_THOUGHTS)
    g, ids = table(["Island"] * 4 + ["Grizzly Bears"], hand_a=["Last Thoughts"])
    bears = ids["Grizzly Bears"]
    g.state.objects[bears].sick = False
    g.apply(CastSpell(0, ids["Last Thoughts"]))
    _until(g, lambda g: not g.state.stack and g.pending.kind is DecisionKind.PRIORITY, _yes_and(bears))
    assert len(g.state.players[0].hand) == 1
    (encoded,) = g.state.exile
    assert g.state.objects[encoded].chosen["encoded_on"] == bears
    _until(g, lambda g: g.state.step is Step.DECLARE_ATTACKERS and g.pending.kind is DecisionKind.DECLARE_ATTACKERS,
           _yes_and())
    g.apply(DeclareAttackers(0, {bears: "P1"}))
    _until(g, lambda g: g.state.step is Step.MAIN2, _yes_and())
    assert g.state.players[1].life == 18
    assert len(g.state.players[0].hand) == 2, "the copy was cast and drew a card"
    assert g.state.exile == [encoded] and g.state.players[0].graveyard == []


RECKLESS_IMPULSE = _card("Reckless Impulse", "{1}{R}", "Sorcery", "Exile the top two cards of your library. Until the "
                         "end of your next turn, you may play those cards.")


@pytest.mark.rules("601.2a", "305.1")
def test_cards_exiled_from_the_top_may_be_played_as_the_effect_allows(extra_cards):
    extra_cards(RECKLESS_IMPULSE)
    g, ids = table(["Mountain"] * 2, hand_a=["Reckless Impulse"])
    g.add_card("Lightning Bolt", 0, Zone.LIBRARY)
    g.add_card("Mountain", 0, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Reckless Impulse"]))
    _until(g, lambda g: not g.state.stack, _yes_and())
    assert sorted(_names(g, g.state.exile)) == ["Lightning Bolt", "Mountain"]
    mountain, bolt = sorted(g.state.exile, key=lambda o: g.characteristics(o).name != "Mountain")
    assert PlayLand(0, mountain) in g.legal_actions()
    g.apply(PlayLand(0, mountain))
    assert any(isinstance(a, CastSpell) and a.card == bolt for a in g.legal_actions())
    g.apply(CastSpell(0, bolt, targets=(("P1",),)))
    _until(g, lambda g: not g.state.stack, _yes_and())
    assert g.state.players[1].life == 17


@pytest.mark.rules("601.2a")
def test_the_permission_ends(extra_cards):
    extra_cards(RECKLESS_IMPULSE)
    g, ids = table(["Mountain"] * 2, hand_a=["Reckless Impulse"])
    g.add_card("Lightning Bolt", 0, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Reckless Impulse"]))
    _until(g, lambda g: not g.state.stack, _yes_and())
    bolt = next(o for o in g.state.exile if g.characteristics(o).name == "Lightning Bolt")
    _until(g, lambda g: g.state.turn == 5 and g.state.step is Step.MAIN1, _yes_and())
    assert any(isinstance(a, CastSpell) and a.card == bolt for a in g.legal_actions()), "until your next turn's end"
    _until(g, lambda g: g.state.turn == 7 and g.state.step is Step.MAIN1, _yes_and())
    assert not any(isinstance(a, CastSpell) and a.card == bolt for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, bolt, targets=(("P1",),)))


NINJA = _card("Ninja of the Deep Hours", "{1}{U}{U}", "Creature — Human Ninja", "Ninjutsu {1}{U} ({1}{U}, Return an "
              "unblocked attacker you control to hand: Put this card onto the battlefield from your hand tapped and "
              "attacking.)", power="2", toughness="2")


@pytest.mark.rules("702.49a", "702.49c", "508.4")
def test_ninjutsu_swaps_an_unblocked_attacker_for_the_ninja(extra_cards):
    extra_cards(NINJA)
    g, ids = table(["Island"] * 2 + ["Llanowar Elves"], hand_a=["Ninja of the Deep Hours"])
    elves, ninja = ids["Llanowar Elves"], ids["Ninja of the Deep Hours"]
    g.state.objects[elves].sick = False

    def ninjutsu():
        return [a for a in g.legal_actions() if type(a).__name__ == "ActivateAbility" and a.source == ninja]
    assert ninjutsu() == []
    _until(g, lambda g: g.pending.kind is DecisionKind.DECLARE_ATTACKERS, _yes_and())
    g.apply(DeclareAttackers(0, {elves: "P1"}))
    assert ninjutsu() == [], "not before blockers are declared: no attacker is unblocked yet"
    _until(g, lambda g: g.state.step is Step.DECLARE_BLOCKERS and g.pending.kind is DecisionKind.PRIORITY,
           _yes_and())
    (action,) = ninjutsu()
    g.apply(action)
    _until(g, lambda g: not g.state.stack, _yes_and())
    assert _names(g, g.state.players[0].hand) == ["Llanowar Elves"]
    (entered,) = on_battlefield(g, "Ninja of the Deep Hours")
    assert g.state.objects[entered].tapped and g.state.combat.attackers.get(entered) == "P1"
    _until(g, lambda g: g.state.step is Step.MAIN2, _yes_and())
    assert g.state.players[1].life == 18


@pytest.mark.rules("707.10f", "603.3")
def test_a_token_copy_of_a_permanent_spell_lists_actions():
    """A copy of a permanent spell resolves into a token whose characteristics are its card's (707.10f): listing
    the triggers played by hand reads its card, not a token description it doesn't have (found by the fuzz)."""
    g, ids = table(["Mountain"], ["Grizzly Bears"])
    bears = ids["B:Grizzly Bears"]
    o = g.state.objects[bears]
    o.token, o.copy_of = {"name": "Grizzly Bears", "spell_copy": "Grizzly Bears"}, "Grizzly Bears"
    g.state.invalidate()
    assert g.legal_actions()
    loaded = type(g).from_json(g.to_json())          # and a save holding it loads
    assert loaded.characteristics(bears).name == "Grizzly Bears"


@pytest.mark.rules("712.11b", "601.2a")
def test_a_modal_double_faced_card_played_from_exile_by_permission_offers_its_faces():
    from pathlib import Path

    from cardsdb.source import FileSource
    from engine.game import Game

    g = Game.empty(source=FileSource(Path(__file__).resolve().parents[1] / "fixtures" / "cards" / "layouts.json"))
    for land in ["Swamp"] * 2 + ["Mountain"] * 5:
        g.add_card(land, 0, Zone.BATTLEFIELD)
    valki = g.add_card("Valki, God of Lies", 0, Zone.EXILE)
    g.state.objects[valki].chosen["may_play"] = {"player": 0, "until": 3, "cast": False}
    g.start_at(3, 0, Step.MAIN1)
    faces = {a.face for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == valki}
    assert faces == {1, 2}
    g.apply(CastSpell(0, valki, face=1))
    assert g.state.stack


@pytest.mark.rules("115.1", "113.1")
def test_an_ability_named_after_a_card_face_is_no_spell_target():
    """A triggered ability of a double-faced card's face is named after the face, which is no card of its own:
    listing the targets of "counter target spell" passes it over (found by the fuzz)."""
    from engine.core.objects import GameObject, StackInfo
    g, ids = table(["Island"] * 2, hand_a=["Counterspell"])
    s = g.state
    ability = GameObject(s.new_id(), 0, "Overwhelmed Archivist", 1, Zone.STACK)
    ability.card_id, ability.is_ability, ability.stack = -ability.id, True, StackInfo()
    s.objects[ability.id] = ability
    s.stack.append(ability.id)
    s.invalidate()
    assert not any(isinstance(a, CastSpell) and a.card == ids["Counterspell"] for a in g.legal_actions())


@pytest.mark.rules("101.4", "800.4a")
def test_your_next_turn_goes_round_the_players_still_in_the_game():
    from engine.effects.resolution_casts import _next_turn_of
    from engine.game import Game
    from tests.engine.test_selfplay_pool import pool_deck
    g = Game.new([pool_deck(i) for i in range(4)], seed=5, starting_player=2)
    s = g.state
    assert s.active == 2
    assert [_next_turn_of(s, p) - s.turn for p in (2, 3, 0, 1)] == [4, 1, 2, 3]
    s.players[3].lost = True
    assert [_next_turn_of(s, p) - s.turn for p in (2, 0, 1)] == [3, 1, 2]
