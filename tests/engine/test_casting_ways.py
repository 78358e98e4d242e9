"""Ways of casting a spell with a keyword's cost: from the graveyard (escape 702.138, jump-start 702.133,
retrace 702.81), alternative costs with a condition (surge 702.117, spectacle 702.137), blitz (702.152),
undaunted (702.125) and gravestorm (702.69)."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, DeclareAttackers
from tests.engine.driving import (advance, both_pass, cast_and_resolve, cast_and_settle, on_battlefield, preferring,
                                  resolve_stack, settle, table)


def _card(name: str, cost: str, type_: str, text: str, **more) -> dict:
    types = type_.split(" — ")[0].split()
    subtypes = type_.split(" — ")[1].split() if " — " in type_ else []
    return {"name": name, "manaCost": cost, "type": type_, "types": types, "subtypes": subtypes, "text": text,
            **more}


FRUIT = _card("Fruit of Tizerus", "{B}", "Sorcery", "Target player loses 2 life.\nEscape—{3}{B}, Exile three other "
              "cards from your graveyard. (You may cast this card from your graveyard for its escape cost.)")
DIRECT_CURRENT = _card("Direct Current", "{1}{R}{R}", "Sorcery", "Direct Current deals 2 damage to any target.\n"
                       "Jump-start (You may cast this card from your graveyard by discarding a card in addition to "
                       "paying its other costs. Then exile this card.)")
FLAME_JAB = _card("Flame Jab", "{R}", "Sorcery", "Flame Jab deals 1 damage to any target.\nRetrace (You may cast this "
                  "card from your graveyard by discarding a land card in addition to paying its other costs.)")
BOULDER_SALVO = _card("Boulder Salvo", "{4}{R}", "Sorcery", "Surge {1}{R} (You may cast this spell for its surge cost "
                      "if you or a teammate has cast another spell this turn.)\nBoulder Salvo deals 4 damage to "
                      "target creature.")
DRILL_BIT = _card("Body Count", "{2}{B}", "Instant", "Spectacle {B} (You may cast this spell for its spectacle cost "
                  "rather than its mana cost if an opponent lost life this turn.)\nDraw a card.")
PLASMA_JOCKEY = _card("Plasma Jockey", "{3}{R}", "Creature — Viashino Warrior", "Blitz {2}{R} (If you cast this "
                      "spell for its blitz cost, it gains haste and \"When this creature dies, draw a card.\" "
                      "Sacrifice it at the beginning of the next end step.)", power="3", toughness="3")
CURTAINS_CALL = _card("Curtains' Call", "{5}{B}", "Instant", "Undaunted (This spell costs {1} less to cast for each "
                      "opponent.)\nDestroy two target creatures.")
BITTER_ORDEAL = _card("Bitter Ordeal", "{2}{B}", "Sorcery", "Target player loses 1 life.\nGravestorm (When you cast "
                      "this spell, copy it for each permanent put into a graveyard this turn. You may choose new "
                      "targets for the copies.)")


def _to_graveyard(g, oid: int) -> int:
    g.state.players[0].hand.remove(oid)
    g.state.objects[oid].zone = Zone.GRAVEYARD
    g.state.players[0].graveyard.append(oid)
    g.state.invalidate()
    return oid


@pytest.mark.rules("702.138a")
def test_escape_casts_from_the_graveyard_exiling_other_cards_and_it_returns_to_the_graveyard(extra_cards):
    extra_cards(FRUIT)
    g, ids = table(["Swamp"] * 4, hand_a=["Fruit of Tizerus", "Plains", "Island", "Mountain"])
    fruit = _to_graveyard(g, ids["Fruit of Tizerus"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, fruit, targets=(("P1",),)))          # no permission without escape
    offered = [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == fruit]
    assert offered == [], "fewer than three other cards in the graveyard"
    for name in ("Plains", "Island", "Mountain"):
        _to_graveyard(g, ids[name])
    assert any(a.alt == "escape" for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == fruit)
    cast_and_settle(g, fruit, targets=(("P1",),), alt="escape")
    assert g.state.players[1].life == 18
    assert len(g.state.exile) == 3 and sum(g.state.objects[o].tapped for o in on_battlefield(g, "Swamp")) == 4
    # Escape doesn't exile the card: it's back in the graveyard (unlike flashback).
    assert [g.characteristics(o).name for o in g.state.players[0].graveyard] == ["Fruit of Tizerus"]


@pytest.mark.rules("702.133a", "702.81a", "601.3")
def test_the_graveyard_casts_are_listed_by_way_then_in_the_graveyards_order(extra_cards):
    # The legal actions list each way of casting from a graveyard in turn (flashback, escape, jump-start, retrace,
    # disturb), each way's cards in the graveyard's order; a card without a way is not offered from there.
    extra_cards(DIRECT_CURRENT, FLAME_JAB)
    g, ids = table(["Mountain"] * 4, hand_a=["Flame Jab", "Direct Current", "Shock", "Forest", "Plains"])
    jab, current = _to_graveyard(g, ids["Flame Jab"]), _to_graveyard(g, ids["Direct Current"])
    _to_graveyard(g, ids["Shock"])
    offered = [(a.card, a.alt) for a in g.legal_actions() if isinstance(a, CastSpell) and a.targets == ("P1",)]
    assert offered == [(current, "jump-start"), (jab, "retrace")]


LOATHSOME_CHIMERA = _card("Loathsome Chimera", "{2}{G}", "Creature — Chimera", "Escape—{4}{G}, Exile three other "
                          "cards from your graveyard. (You may cast this card from your graveyard for its escape cost.)\n"
                          "Loathsome Chimera escapes with a +1/+1 counter on it.", power="4", toughness="1")


@pytest.mark.rules("702.138c", "702.138d")
def test_a_permanent_that_escaped_enters_with_its_counters_and_only_then(extra_cards):
    extra_cards(LOATHSOME_CHIMERA)
    g, ids = table(["Forest"] * 5, hand_a=["Loathsome Chimera", "Plains", "Island", "Mountain"])
    chimera = _to_graveyard(g, ids["Loathsome Chimera"])
    for name in ("Plains", "Island", "Mountain"):
        _to_graveyard(g, ids[name])
    cast_and_settle(g, chimera, alt="escape")
    escaped = on_battlefield(g, "Loathsome Chimera")[0]
    assert g.state.objects[escaped].counters.get("+1/+1") == 1
    assert (g.characteristics(escaped).power, g.characteristics(escaped).toughness) == (5, 2)
    g2, ids2 = table(["Forest"] * 3, hand_a=["Loathsome Chimera"])
    g2.apply(CastSpell(0, ids2["Loathsome Chimera"]))                 # cast from the hand: it didn't escape
    settle(g2)
    assert not g2.state.objects[on_battlefield(g2, "Loathsome Chimera")[0]].counters.get("+1/+1")


@pytest.mark.rules("702.133a")
def test_jump_start_discards_a_card_and_exiles_the_spell(extra_cards):
    extra_cards(DIRECT_CURRENT)
    g, ids = table(["Mountain"] * 3, hand_a=["Direct Current", "Plains"])
    card = _to_graveyard(g, ids["Direct Current"])
    assert any(a.alt == "jump-start" for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == card)
    cast_and_settle(g, card, targets=(("P1",),), alt="jump-start")
    assert g.state.players[1].life == 18
    assert g.state.players[0].hand == []
    assert [g.characteristics(o).name for o in g.state.players[0].graveyard] == ["Plains"]
    assert [g.characteristics(o).name for o in g.state.exile] == ["Direct Current"]


@pytest.mark.rules("702.133a")
def test_jump_start_needs_a_card_to_discard(extra_cards):
    extra_cards(DIRECT_CURRENT)
    g, ids = table(["Mountain"] * 3, hand_a=["Direct Current"])
    card = _to_graveyard(g, ids["Direct Current"])
    assert not [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == card]


@pytest.mark.rules("702.81a")
def test_retrace_discards_a_land_card_and_the_spell_returns_to_the_graveyard(extra_cards):
    extra_cards(FLAME_JAB)
    g, ids = table(["Mountain"], hand_a=["Flame Jab", "Grizzly Bears", "Plains"])
    card = _to_graveyard(g, ids["Flame Jab"])
    cast_and_settle(g, card, targets=(("P1",),), alt="retrace")
    assert g.state.players[1].life == 19
    assert [g.characteristics(o).name for o in g.state.players[0].hand] == ["Grizzly Bears"]
    assert sorted(g.characteristics(o).name for o in g.state.players[0].graveyard) == ["Flame Jab", "Plains"]


@pytest.mark.rules("702.117a")
def test_surge_only_after_casting_another_spell_this_turn(extra_cards):
    extra_cards(BOULDER_SALVO)
    g, ids = table(["Mountain"] * 3, ["Grizzly Bears"], hand_a=["Boulder Salvo", "Lightning Bolt"])
    salvo, bears = ids["Boulder Salvo"], ids["B:Grizzly Bears"]
    assert not [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == salvo]
    with pytest.raises(IllegalAction, match="surge"):
        g.apply(CastSpell(0, salvo, targets=((bears,),), alt="surge"))
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    assert any(a.alt == "surge" for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == salvo)
    cast_and_resolve(g, salvo, targets=((bears,),), alt="surge")
    assert not on_battlefield(g, "Grizzly Bears")


@pytest.mark.rules("702.137a")
def test_spectacle_only_if_an_opponent_lost_life_this_turn(extra_cards):
    extra_cards(DRILL_BIT)
    g, ids = table(["Swamp", "Mountain"], hand_a=["Body Count", "Lightning Bolt"])
    card = ids["Body Count"]
    with pytest.raises(IllegalAction, match="spectacle"):
        g.apply(CastSpell(0, card, alt="spectacle"))
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    cast_and_resolve(g, card, alt="spectacle")
    assert len(g.state.players[0].hand) == 1


@pytest.mark.rules("702.152a")
def test_blitz_haste_sacrificed_at_end_step_and_draws_when_it_dies(extra_cards):
    extra_cards(PLASMA_JOCKEY)
    g, ids = table(["Mountain"] * 3, hand_a=["Plasma Jockey"])
    card = ids["Plasma Jockey"]
    assert {a.alt for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == card} == {"blitz"}
    cast_and_resolve(g, card, alt="blitz")
    (jockey,) = on_battlefield(g, "Plasma Jockey")
    assert g.characteristics(jockey).has("haste")
    advance(g, Step.END)
    settle(g)
    assert not on_battlefield(g, "Plasma Jockey")
    assert len(g.state.players[0].hand) == 1, "its dies trigger drew a card"


@pytest.mark.rules("702.152a")
def test_cast_normally_no_blitz(extra_cards):
    extra_cards(PLASMA_JOCKEY)
    g, ids = table(["Mountain"] * 4, hand_a=["Plasma Jockey"])
    cast_and_resolve(g, ids["Plasma Jockey"])
    (jockey,) = on_battlefield(g, "Plasma Jockey")
    assert not g.characteristics(jockey).has("haste")
    advance(g, Step.END)
    settle(g)
    assert on_battlefield(g, "Plasma Jockey") == [jockey]


@pytest.mark.rules("702.125a")
def test_undaunted_costs_one_less_for_each_opponent(extra_cards):
    extra_cards(CURTAINS_CALL)
    g, ids = table(["Swamp"] * 5, ["Grizzly Bears", "Llanowar Elves"], hand_a=["Curtains' Call"])
    cast_and_resolve(g, ids["Curtains' Call"], targets=(ids["B:Grizzly Bears"], ids["B:Llanowar Elves"]))
    assert on_battlefield(g, "Grizzly Bears") == [] and on_battlefield(g, "Llanowar Elves") == []


@pytest.mark.rules("702.69a")
def test_gravestorm_copies_for_each_permanent_put_into_a_graveyard_this_turn(extra_cards):
    extra_cards(BITTER_ORDEAL)
    g, ids = table(["Swamp"] * 3 + ["Mountain"], ["Grizzly Bears"], hand_a=["Bitter Ordeal", "Lightning Bolt"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["B:Grizzly Bears"],),))
    cast_and_settle(g, ids["Bitter Ordeal"], targets=(("P1",),), answer=preferring("keep"))
    assert g.state.players[1].life == 18, "the spell and one copy (the Bears died this turn)"


BLESSED_ALLIANCE = _card("Blessed Alliance", "{1}{W}", "Instant", "Escalate {2} (Pay this cost for each mode chosen "
                         "beyond the first.)\nChoose one or more —\n• Target player gains 4 life.\n• Untap up to two "
                         "target creatures.\n• Target opponent sacrifices an attacking creature.")
DIMIR_MACHINATIONS = _card("Dimir Machinations", "{2}{B}", "Sorcery", "Look at the top three cards of target player's "
                           "library. Exile any number of them, then put the rest back in any order.\nTransmute {1}{B}{B} "
                           "({1}{B}{B}, Discard this card: Search your library for a card with the same mana value as "
                           "this card, reveal it, put it into your hand, then shuffle. Transmute only as a sorcery.)")
TRANSMUTER = _card("Clutch of Currents", "{U}", "Sorcery", "Return target creature to its owner's hand.\nTransmute "
                   "{1}{U}{U}")
PROPHET = _card("Skyscribing", "{X}{U}{U}", "Sorcery", "Each player draws X cards.\nForecast — {2}{U}, Reveal Skyscribing "
                "from your hand: Each player draws a card. (Activate only during your upkeep and only once each turn.)")


@pytest.mark.rules("702.120a")
def test_escalate_pays_its_cost_for_each_mode_beyond_the_first(extra_cards):
    extra_cards(BLESSED_ALLIANCE)
    g, ids = table(["Plains"] * 4, hand_a=["Blessed Alliance"])
    card = ids["Blessed Alliance"]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, card, modes=(0, 1, 2), targets=(("P0",), (), ("P1",))))     # {1}{W} + 2 x {2}
    modes = {a.modes for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == card}
    assert (0,) in modes and (0, 1) in modes and (0, 1, 2) not in modes
    g.apply(CastSpell(0, card, modes=(0, 1), targets=(("P0",), ())))
    assert all(g.state.objects[o].tapped for o in on_battlefield(g, "Plains"))
    resolve_stack(g)
    assert g.state.players[0].life == 24


@pytest.mark.rules("702.53a")
def test_transmute_finds_a_card_with_the_same_mana_value(extra_cards):
    extra_cards(TRANSMUTER)
    g, ids = table(["Island"] * 3, hand_a=["Clutch of Currents"])
    g.add_card("Llanowar Elves", 0, Zone.LIBRARY)
    g.add_card("Grizzly Bears", 0, Zone.LIBRARY)
    abilities = [a for a in g.legal_actions() if type(a).__name__ == "ActivateAbility"
                 and a.source == ids["Clutch of Currents"]]
    assert len(abilities) == 1
    g.apply(abilities[0])
    settle(g, lambda d: tuple(o for o in d.options if isinstance(o, int)
                              and g.characteristics(o).name == "Llanowar Elves")[:1] or tuple(d.options[:d.min]))
    assert [g.characteristics(o).name for o in g.state.players[0].hand] == ["Llanowar Elves"]
    assert [g.characteristics(o).name for o in g.state.players[0].graveyard] == ["Clutch of Currents"]


@pytest.mark.rules("702.53a")
def test_transmute_only_as_a_sorcery(extra_cards):
    extra_cards(TRANSMUTER)
    g, ids = table(["Island"] * 3, hand_a=["Clutch of Currents"], turn=4, active=1)
    assert not [a for a in g.legal_actions() if type(a).__name__ == "ActivateAbility"]


@pytest.mark.rules("702.57a")
def test_forecast_from_the_hand_during_your_upkeep_once_each_turn(extra_cards):
    extra_cards(PROPHET)
    g, ids = table(["Island"] * 6, hand_a=["Skyscribing"], step=Step.UPKEEP)
    card = ids["Skyscribing"]

    def forecasts():
        return [a for a in g.legal_actions() if type(a).__name__ == "ActivateAbility" and a.source == card]
    assert len(forecasts()) == 1
    g.apply(forecasts()[0])
    resolve_stack(g)
    assert len(g.state.players[0].hand) == 2 and len(g.state.players[1].hand) == 1
    assert g.state.objects[card].zone is Zone.HAND, "revealed, not discarded"
    assert forecasts() == [], "once each turn"
    advance(g, Step.MAIN1)
    assert forecasts() == [], "only during your upkeep"


JOIN_THE_MAESTROS = _card("Join the Maestros", "{4}{B}", "Sorcery", "Casualty 2 (As you cast this spell, you may "
                          "sacrifice a creature with power 2 or greater. When you do, copy this spell and you may "
                          "choose new targets for the copy.)\nCreate a 4/3 black Ogre Warrior creature token.")


@pytest.mark.rules("702.153a")
def test_casualty_sacrifices_a_creature_with_enough_power_and_copies_the_spell(extra_cards):
    extra_cards(JOIN_THE_MAESTROS)
    g, ids = table(["Swamp"] * 5 + ["Grizzly Bears", "Llanowar Elves"], hand_a=["Join the Maestros"])
    card = ids["Join the Maestros"]
    assert {a.kicked for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == card} == {False, True}
    cast_and_settle(g, card, kicked=True, answer=preferring(ids["Llanowar Elves"]))
    assert on_battlefield(g, "Grizzly Bears") == [] and on_battlefield(g, "Llanowar Elves")
    assert len([o for o in g.state.battlefield if g.state.objects[o].token is not None]) == 2


@pytest.mark.rules("702.153a")
def test_without_casualty_no_copy(extra_cards):
    extra_cards(JOIN_THE_MAESTROS)
    g, ids = table(["Swamp"] * 5 + ["Grizzly Bears"], hand_a=["Join the Maestros"])
    cast_and_settle(g, ids["Join the Maestros"], kicked=False)
    assert on_battlefield(g, "Grizzly Bears") and len(g.state.stack) == 0
    assert len([o for o in g.state.battlefield if g.state.objects[o].token is not None]) == 1


ELECTRICKERY = _card("Electrickery", "{R}", "Instant", "Electrickery deals 1 damage to target creature you don't control."
                     "\nOverload {1}{R} (You may cast this spell for its overload cost. If you do, change its text by "
                     "replacing all instances of \"target\" with \"each.\")")
FIERCE_RETRIBUTION = _card("Fierce Retribution", "{1}{W}", "Instant", "Cleave {5}{W} (You may cast this spell for its "
                           "cleave cost. If you do, remove the words in square brackets.)\nDestroy target [attacking] "
                           "creature.")


@pytest.mark.rules("702.96a", "612.1")
def test_overload_replaces_target_with_each(extra_cards):
    extra_cards(ELECTRICKERY)
    g, ids = table(["Mountain"] * 2 + ["Llanowar Elves"], ["Llanowar Elves", "Birds of Paradise"],
                   hand_a=["Electrickery"])
    card = ids["Electrickery"]
    ways = {(a.alt, a.modes, a.targets) for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == card}
    assert (("overload", (1,), ())) in ways and all(alt is None for alt, modes, _ in ways if modes == (0,))
    with pytest.raises(IllegalAction, match="overload"):
        g.apply(CastSpell(0, card, modes=(1,)))
    cast_and_resolve(g, card, alt="overload")
    assert on_battlefield(g, "Birds of Paradise") == []
    assert [g.state.objects[o].controller for o in on_battlefield(g, "Llanowar Elves")] == [0]


@pytest.mark.rules("702.96a")
def test_cast_normally_it_has_one_target(extra_cards):
    extra_cards(ELECTRICKERY)
    g, ids = table(["Mountain"], ["Llanowar Elves", "Birds of Paradise"], hand_a=["Electrickery"])
    cast_and_resolve(g, ids["Electrickery"], targets=((ids["B:Birds of Paradise"],),))
    assert on_battlefield(g, "Birds of Paradise") == [] and on_battlefield(g, "Llanowar Elves")


@pytest.mark.rules("702.148a")
def test_cleave_removes_the_words_in_square_brackets(extra_cards):
    extra_cards(FIERCE_RETRIBUTION)
    g, ids = table(["Plains"] * 6, ["Grizzly Bears"], hand_a=["Fierce Retribution"])
    card, bears = ids["Fierce Retribution"], ids["B:Grizzly Bears"]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, card, targets=((bears,),)))       # not attacking: [attacking] is still there
    assert {a.alt for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == card} == {"cleave"}
    cast_and_resolve(g, card, targets=((bears,),), alt="cleave")
    assert on_battlefield(g, "Grizzly Bears") == []


SACRED_CAT = _card("Sacred Cat", "{W}", "Creature — Cat", "Lifelink\nEmbalm {W} ({W}, Exile this card from your "
                   "graveyard: Create a token that's a copy of it, except it's a white Zombie Cat with no mana cost. "
                   "Embalm only as a sorcery.)", power="1", toughness="1")
HOPE_OF_PROPHECY = _card("Adorned Pouncer", "{1}{W}", "Creature — Cat", "Double strike\nEternalize {3}{W}{W}",
                         power="1", toughness="1")


@pytest.mark.rules("702.128a", "707.9b")
def test_embalm_exiles_the_card_and_makes_a_white_zombie_token_copy(extra_cards):
    extra_cards(SACRED_CAT)
    g, ids = table(["Plains"], hand_a=["Sacred Cat"])
    card = _to_graveyard(g, ids["Sacred Cat"])
    (embalm,) = [a for a in g.legal_actions() if type(a).__name__ == "ActivateAbility" and a.source == card]
    g.apply(embalm)
    assert g.state.players[0].graveyard == [] and len(g.state.exile) == 1
    resolve_stack(g)
    (token,) = on_battlefield(g, "Sacred Cat")
    ch = g.characteristics(token)
    assert g.state.objects[token].token is not None
    assert ch.subtypes >= {"Zombie", "Cat"} and set(ch.colors) == {"W"} and ch.mana_value == 0
    assert ch.has("lifelink") and (ch.power, ch.toughness) == (1, 1)


@pytest.mark.rules("702.129a")
def test_eternalize_makes_a_4_4_black_zombie(extra_cards):
    extra_cards(HOPE_OF_PROPHECY)
    g, ids = table(["Plains"] * 5, hand_a=["Adorned Pouncer"])
    card = _to_graveyard(g, ids["Adorned Pouncer"])
    (ability,) = [a for a in g.legal_actions() if type(a).__name__ == "ActivateAbility" and a.source == card]
    g.apply(ability)
    resolve_stack(g)
    (token,) = on_battlefield(g, "Adorned Pouncer")
    ch = g.characteristics(token)
    assert (ch.power, ch.toughness) == (4, 4) and set(ch.colors) == {"B"} and ch.has("double strike")


COASTAL_DISCOVERY = _card("Coastal Discovery", "{3}{U}", "Sorcery", "Draw two cards.\nAwaken 1—{5}{U} (If you cast "
                          "this spell for {5}{U}, also put a +1/+1 counter on target land you control and it becomes a "
                          "0/0 Elemental creature with haste. It's still a land.)")


@pytest.mark.rules("702.113a")
def test_awaken_makes_a_land_a_creature_with_counters_for_good(extra_cards):
    extra_cards(COASTAL_DISCOVERY)
    g, ids = table(["Island"] * 6, hand_a=["Coastal Discovery"])
    island = on_battlefield(g, "Island")[0]
    cast_and_resolve(g, ids["Coastal Discovery"], targets=((island,),), alt="awaken")
    assert len(g.state.players[0].hand) == 2
    ch = g.characteristics(island)
    assert ch.is_type("Creature") and ch.is_land and "Elemental" in ch.subtypes and ch.has("haste")
    assert (ch.power, ch.toughness) == (1, 1)
    advance(g, Step.UPKEEP, turn=4)
    assert g.characteristics(island).is_type("Creature"), "no duration: it stays a creature"


@pytest.mark.rules("702.113a")
def test_without_awaken_no_land_is_targeted(extra_cards):
    extra_cards(COASTAL_DISCOVERY)
    g, ids = table(["Island"] * 6, hand_a=["Coastal Discovery"])
    cast_and_resolve(g, ids["Coastal Discovery"])
    assert not any(g.characteristics(o).is_type("Creature") for o in on_battlefield(g, "Island"))


@pytest.mark.rules("702.146a", "712.11a")
def test_disturb_casts_the_card_transformed_from_the_graveyard():
    from pathlib import Path

    from cardsdb.source import FileSource
    from engine.game import Game

    source = FileSource(Path(__file__).resolve().parents[1] / "fixtures" / "cards" / "disturb.json")
    g = Game.empty(source=source)
    for _ in range(4):
        g.add_card("Island", 0, Zone.BATTLEFIELD)
        g.add_card("Island", 0, Zone.LIBRARY)
        g.add_card("Island", 1, Zone.LIBRARY)
    card = g.add_card("Baithook Angler", 0, Zone.GRAVEYARD)
    g.start_at(3, 0, Step.MAIN1)
    ways = [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == card]
    assert [(a.alt, a.face) for a in ways] == [("disturb", 2)]
    g.apply(CastSpell(0, card, alt="disturb"))
    assert sum(g.state.objects[o].tapped for o in on_battlefield(g, "Island")) == 2
    resolve_stack(g)
    (drifter,) = on_battlefield(g, "Hook-Haunt Drifter")
    ch = g.characteristics(drifter)
    assert ch.has("flying") and (ch.power, ch.toughness) == (1, 2)


LATCHKEY_FAERIE = _card("Latchkey Faerie", "{3}{U}", "Creature — Faerie Rogue", "Flying\nProwl {2}{U} (You may cast "
                        "this for its prowl cost if you dealt combat damage to a player this turn with a Faerie or "
                        "Rogue.)", power="2", toughness="1")
WRETCHED_GRYFF = _card("Wretched Gryff", "{7}{U}", "Creature — Eldrazi Hippogriff", "Emerge {5}{U} (You may cast this "
                       "spell by sacrificing a creature and paying the emerge cost reduced by that creature's mana "
                       "value.)\nFlying", power="3", toughness="4")


@pytest.mark.rules("702.76a")
def test_prowl_after_a_creature_sharing_a_type_dealt_combat_damage_to_a_player(extra_cards):
    extra_cards(LATCHKEY_FAERIE)
    g, ids = table(["Island"] * 3 + ["Latchkey Faerie"], hand_a=["Latchkey Faerie"], step=Step.BEGINNING_OF_COMBAT)
    in_hand = g.state.players[0].hand[0]
    attacker = on_battlefield(g, "Latchkey Faerie")[0]
    g.state.objects[attacker].sick = False
    with pytest.raises(IllegalAction, match="prowl"):
        g.apply(CastSpell(0, in_hand, alt="prowl"))
    both_pass(g)
    g.apply(DeclareAttackers(0, {attacker: "P1"}))
    advance(g, Step.MAIN2)
    assert g.state.players[1].life == 18
    assert any(a.alt == "prowl" for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == in_hand)
    cast_and_resolve(g, in_hand, alt="prowl")
    assert len(on_battlefield(g, "Latchkey Faerie")) == 2


@pytest.mark.rules("702.119a")
def test_emerge_sacrifices_a_creature_and_its_mana_value_reduces_the_cost(extra_cards):
    extra_cards(WRETCHED_GRYFF)
    g, ids = table(["Island"] * 4 + ["Grizzly Bears"], hand_a=["Wretched Gryff"])
    card = ids["Wretched Gryff"]
    assert any(a.alt == "emerge" for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == card)
    cast_and_resolve(g, card, alt="emerge")
    assert on_battlefield(g, "Grizzly Bears") == [] and on_battlefield(g, "Wretched Gryff")
    assert all(g.state.objects[o].tapped for o in on_battlefield(g, "Island"))        # {5}{U} - 2 = {3}{U}


ICEFALL = _card("Icefall", "{2}{R}{R}", "Sorcery", "Destroy target artifact or land.\nRecover {R}{R} (When a creature "
                "is put into your graveyard from the battlefield, you may pay {R}{R}. If you do, return this card "
                "from your graveyard to your hand. Otherwise, exile this card.)")


@pytest.mark.rules("702.59a")
def test_recover_returns_the_card_when_paid_else_exiles_it(extra_cards):
    extra_cards(ICEFALL)
    for pay, where in (("yes", "hand"), ("no", "exile")):
        g, ids = table(["Mountain"] * 3 + ["Grizzly Bears"], hand_a=["Icefall", "Lightning Bolt"])
        _to_graveyard(g, ids["Icefall"])
        cast_and_settle(g, ids["Lightning Bolt"], targets=((ids["Grizzly Bears"],),), answer=preferring(pay))
        assert on_battlefield(g, "Grizzly Bears") == []
        hand = [g.characteristics(o).name for o in g.state.players[0].hand]
        exile = [g.characteristics(o).name for o in g.state.exile]
        assert ("Icefall" in hand, "Icefall" in exile) == (where == "hand", where == "exile")


VACUUMELT = _card("Vacuumelt", "{2}{U}", "Sorcery", "Replicate {2}{U} (When you cast this spell, copy it for each time "
                  "you paid its replicate cost. You may choose new targets for the copies.)\nReturn target creature to "
                  "its owner's hand.")


@pytest.mark.rules("702.56a")
def test_replicate_copies_the_spell_for_each_time_its_cost_was_paid(extra_cards):
    extra_cards(VACUUMELT)
    g, ids = table(["Island"] * 6, ["Grizzly Bears", "Llanowar Elves"], hand_a=["Vacuumelt"])
    card, bears, elves = ids["Vacuumelt"], ids["B:Grizzly Bears"], ids["B:Llanowar Elves"]
    assert {a.replicate for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == card} == {0, 1}
    g.apply(CastSpell(0, card, targets=((bears,),), replicate=1))
    assert all(g.state.objects[o].tapped for o in on_battlefield(g, "Island"))
    settle(g, preferring(elves))
    assert on_battlefield(g, "Grizzly Bears") == [] and on_battlefield(g, "Llanowar Elves") == []
    assert len(g.state.players[1].hand) == 2


BARKSHELL_BLESSING = _card("Barkshell Blessing", "{G/W}", "Instant", "Target creature gets +2/+2 until end of turn.\n"
                           "Conspire (As you cast this spell, you may tap two untapped creatures you control that share "
                           "a color with it. When you do, copy it and you may choose a new target for the copy.)",
                           colors=["G", "W"])


@pytest.mark.rules("702.78a")
def test_conspire_taps_two_creatures_sharing_a_color_and_copies_the_spell(extra_cards):
    extra_cards(BARKSHELL_BLESSING)
    g, ids = table(["Forest", "Llanowar Elves", "Savannah Lions", "Grizzly Bears"], hand_a=["Barkshell Blessing"])
    card, bears = ids["Barkshell Blessing"], ids["Grizzly Bears"]
    assert {a.kicked for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == card} == {False, True}
    cast_and_settle(g, card, targets=((bears,),), kicked=True,
                    answer=lambda d: tuple(x for x in d.options if x in (ids["Llanowar Elves"], ids["Savannah Lions"]))
                    if d.max == 2 else preferring("keep")(d))
    assert g.state.objects[ids["Llanowar Elves"]].tapped and g.state.objects[ids["Savannah Lions"]].tapped
    assert (g.characteristics(bears).power, g.characteristics(bears).toughness) == (6, 6)


ROUT = _card("Rout", "{3}{W}{W}", "Sorcery", "You may cast Rout as though it had flash if you pay {2} more to cast it. "
             "(You may cast it any time you could cast an instant.)\nDestroy all creatures. They can't be regenerated.")


@pytest.mark.rules("601.3b", "601.2f")
def test_cast_as_though_it_had_flash_for_two_more(extra_cards):
    extra_cards(ROUT)
    g, ids = table(["Plains"] * 6, ["Grizzly Bears"], hand_a=["Rout"], step=Step.UPKEEP)
    card = ids["Rout"]
    assert not any(isinstance(a, CastSpell) and a.card == card for a in g.legal_actions()), "{5} + {2}: seven"
    g2, ids2 = table(["Plains"] * 7, ["Grizzly Bears"], hand_a=["Rout"], step=Step.UPKEEP)
    g2.apply(CastSpell(0, ids2["Rout"]))
    assert all(g2.state.objects[o].tapped for o in on_battlefield(g2, "Plains"))
    resolve_stack(g2)
    assert on_battlefield(g2, "Grizzly Bears") == []
    g3, ids3 = table(["Plains"] * 6, hand_a=["Rout"])           # main phase, empty stack: its mana cost only
    g3.apply(CastSpell(0, ids3["Rout"]))
    assert sum(g3.state.objects[o].tapped for o in on_battlefield(g3, "Plains")) == 5
