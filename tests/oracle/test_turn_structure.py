"""Extra turns and additional combat phases read from Oracle text (engine.oracle.turn_text; 500.7,
500.8, 505.1a), played with real cards' wording."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import (ActivateAbility, CastSpell, DeclareAttackers, DeclareBlockers, PassPriority,
                                        PlayLand)
from engine.query.layers import characteristics
from tests.engine.driving import advance, cast_and_resolve, pass_until, resolve_stack, settle, table
from engine.rules.combat import can_attack
from tests.oracle.conftest import record

TIME_WALK = record("Time Walk", "{1}{U}", "Sorcery", "Take an extra turn after this one.")
FINAL_FORTUNE = record("Final Fortune", "{R}{R}", "Instant",
                       "Take an extra turn after this one. At the beginning of that turn's end step, you lose the game.")
MEDOMAI = record("Medomai the Ageless", "{4}{W}{U}", "Legendary Creature — Sphinx", "Flying\nWhenever Medomai the "
                 "Ageless deals combat damage to a player, take an extra turn after this one.\nMedomai the Ageless "
                 "can't attack during extra turns.", "4/4")
SEIZE_THE_DAY = record("Seize the Day", "{3}{R}", "Sorcery",
                       "Untap target creature. After this main phase, there is an additional combat phase followed "
                       "by an additional main phase.")


@pytest.mark.rules("500.7")
def test_take_an_extra_turn_after_this_one(extra_cards):
    extra_cards(TIME_WALK)
    g, ids = table(["Island", "Island"], hand_a=["Time Walk"])
    cast_and_resolve(g, ids["Time Walk"])
    advance(g, Step.MAIN1, turn=4)
    assert g.state.active == 0                     # the extra turn is A's
    advance(g, Step.MAIN1, turn=5)
    assert g.state.active == 1                     # then B's turn as usual

STRANGLEHOLD = record("Stranglehold", "{3}{R}", "Enchantment",
                      "Your opponents can't search libraries.\nIf an opponent would begin an extra turn, that player "
                      "skips that turn instead.")


@pytest.mark.rules("500.7", "614.1b", "614.10")
@pytest.mark.parametrize("whose", ["B", "A"])
def test_stranglehold_skips_an_opponents_extra_turn(extra_cards, whose):
    """B's extra turn doesn't happen: after B's turn A's comes; Stranglehold's controller takes theirs. Turn 4 is
    A's either way, then B's."""
    extra_cards(TIME_WALK, STRANGLEHOLD, fully_read=True)
    active = 1 if whose == "B" else 0
    g, ids = table(["Stranglehold", "Island", "Island"], ["Island", "Island"], hand_a=["Time Walk"],
                   hand_b=["Time Walk"], active=active)
    cast_and_resolve(g, ids["Time Walk" if whose == "A" else "B:Time Walk"], player=active)
    advance(g, Step.MAIN1, turn=4)
    assert g.state.active == 0
    advance(g, Step.MAIN1, turn=5)
    assert g.state.active == 1


@pytest.mark.rules("500.7", "508.1c")
def test_cant_attack_during_extra_turns(extra_cards):
    extra_cards(MEDOMAI)
    g, ids = table(["Medomai the Ageless"])
    medomai = ids["Medomai the Ageless"]
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {medomai: "P1"}))      # a turn of the usual order: it attacks
    advance(g, Step.END)
    resolve_stack(g)
    assert g.state.players[1].life == 16
    advance(g, Step.BEGINNING_OF_COMBAT, turn=4)
    assert g.state.active == 0                          # the extra turn its trigger added
    assert not can_attack(g, medomai)
    advance(g, Step.END, turn=4)                        # no attack is declared: none of A's creatures can attack
    assert g.state.players[1].life == 16
    advance(g, Step.BEGINNING_OF_COMBAT, turn=6)
    assert can_attack(g, medomai)                       # A's next turn in the usual order
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {medomai: "P1"}))


def _end_step_of(g, turn):
    advance(g, Step.END, turn=turn)
    resolve_stack(g)
    return g.state.players[0].lost


@pytest.mark.rules("500.7", "603.7", "104.3a")
def test_at_the_beginning_of_that_turns_end_step_you_lose_the_game(extra_cards):
    extra_cards(FINAL_FORTUNE)
    g, ids = table(["Mountain", "Mountain"], hand_a=["Final Fortune"])
    cast_and_resolve(g, ids["Final Fortune"])
    assert not _end_step_of(g, 3)                  # not this turn's end step
    assert _end_step_of(g, 4) and g.state.active == 0


@pytest.mark.rules("500.7", "603.7")
@pytest.mark.parametrize("first,lost_in", [("Final Fortune", 5), ("Time Walk", 4)])
def test_that_turn_is_the_extra_turn_the_spell_created(extra_cards, first, lost_in):
    # 500.7: the extra turn created last is taken first, so Final Fortune's turn is the later one if Time Walk
    # resolved after it
    extra_cards(FINAL_FORTUNE, TIME_WALK)
    g, ids = table(["Mountain", "Mountain", "Island", "Island"], hand_a=["Final Fortune", "Time Walk"])
    second = "Time Walk" if first == "Final Fortune" else "Final Fortune"
    cast_and_resolve(g, ids[first])
    cast_and_resolve(g, ids[second])
    if lost_in == 5:
        assert not _end_step_of(g, 4) and g.state.active == 0
    assert _end_step_of(g, lost_in) and g.state.active == 0


GLORIOUS_END = record("Glorious End", "{2}{R}", "Instant",
                      "End the turn. (Exile all spells and abilities from the stack, including this card. The player "
                      "whose turn it is discards down to their maximum hand size. Damage wears off, and \"this turn\" "
                      "and \"until end of turn\" effects end.)\nAt the beginning of your next end step, you lose the game.")
SUNDIAL = record("Sundial of the Infinite", "{2}", "Artifact",
                 "{1}, {T}: End the turn. Activate only during your turn. (Exile all spells and abilities from the "
                 "stack. Discard down to your maximum hand size. Damage wears off, and \"this turn\" and \"until end of "
                 "turn\" effects end.)")


@pytest.mark.rules("724.1b", "724.1d", "514.2", "603.7")
def test_end_the_turn_exiles_the_stack_and_skips_to_the_cleanup_step(extra_cards):
    extra_cards(GLORIOUS_END, fully_read=True)
    g, ids = table(["Grizzly Bears", "Forest"] + ["Mountain"] * 4, ["Hill Giant"], hand_a=["Giant Growth", "Lightning Bolt",
                                                                                "Glorious End"])
    bears = ids["Grizzly Bears"]
    cast_and_resolve(g, ids["Giant Growth"], targets=((bears,),))
    g.apply(CastSpell(0, ids["Lightning Bolt"], targets=(("P1",),)))
    g.apply(CastSpell(0, ids["Glorious End"]))
    g.apply(PassPriority(0))
    g.apply(PassPriority(1))
    s = g.state
    # 724.1b: both spells exiled, the Bolt never resolved; 724.1d: no end step, the cleanup step ended the turn
    assert not s.stack and s.players[1].life == 20
    assert sorted(s.objects[o].name for o in s.exile) == ["Glorious End", "Lightning Bolt"]
    assert (s.turn, s.active) == (4, 1)
    assert characteristics(s, bears).power == 2            # "until end of turn" ended (514.2)
    assert not _end_step_of(g, 4) and not s.players[0].lost
    assert _end_step_of(g, 5)                              # "your next end step": the one of A's next turn


@pytest.mark.rules("724.1b", "724.1d", "506.4")
def test_end_the_turn_during_combat_removes_the_attackers_from_combat(extra_cards):
    extra_cards(SUNDIAL, fully_read=True)
    g, ids = table(["Grizzly Bears", "Sundial of the Infinite", "Mountain"])
    _attack_with(g, ids["Grizzly Bears"])
    g.apply(ActivateAbility(0, ids["Sundial of the Infinite"], 0))
    resolve_stack(g)
    s = g.state
    assert (s.turn, s.active, s.combat) == (4, 1, None)
    assert s.players[1].life == 20                         # no combat damage: the combat ended with the turn


@pytest.mark.rules("602.5b")
def test_sundial_is_activated_only_during_your_turn(extra_cards):
    extra_cards(SUNDIAL)
    g, ids = table(["Sundial of the Infinite", "Mountain"], active=1)
    g.apply(PassPriority(1))
    assert not any(isinstance(a, ActivateAbility) and a.source == ids["Sundial of the Infinite"]
                   for a in g.legal_actions())


def _attack_with(g, attacker):
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {attacker: "P1"}))


@pytest.mark.rules("500.8", "505.1a", "506.1")
def test_an_additional_combat_phase_followed_by_an_additional_main_phase(extra_cards):
    extra_cards(SEIZE_THE_DAY)
    g, ids = table(["Grizzly Bears"] + ["Mountain"] * 4, hand_a=["Seize the Day"])
    bears = ids["Grizzly Bears"]
    _attack_with(g, bears)
    advance(g, Step.MAIN2)
    assert g.state.players[1].life == 18
    cast_and_resolve(g, ids["Seize the Day"], targets=((bears,),))
    assert not g.state.objects[bears].tapped
    _attack_with(g, bears)                         # the additional combat, this turn
    assert g.state.turn == 3
    advance(g, Step.MAIN2)                         # the additional main phase
    assert (g.state.turn, g.state.players[1].life) == (3, 16)
    advance(g, Step.END)
    assert g.state.turn == 3                       # then the turn goes on to its end step


@pytest.mark.rules("502.3")
@pytest.mark.parametrize("text", ["It doesn't untap during its controller's next untap step.",
                                  "Lands you control don't untap during your next untap step."])
def test_doesnt_untap_during_the_next_untap_step_wordings(card, text):
    d = card("Frost Test", "{U}", "Instant", "Tap target creature. " + text)
    assert not d.unsupported
    assert d.spell.modes[0].effects[-1].duration == "controller_next_untap"


AKKI_BATTLE_SQUAD = record("Akki Battle Squad", "{3}{R}", "Creature — Goblin Samurai",
                           "Whenever one or more modified creatures you control attack, untap all modified creatures you "
                           "control. After this combat phase, there is an additional combat phase. This ability triggers "
                           "only once each turn.\n(Equipment, Auras you control, and counters are modifications.)", "3/2")


@pytest.mark.rules("500.8", "506.1", "511.1")
def test_after_this_combat_phase_there_is_an_additional_combat_phase(extra_cards):
    """Added as attackers are declared: the additional combat phase follows this one's end of combat step, then the
    postcombat main phase; each combat has one end of combat step."""
    extra_cards(AKKI_BATTLE_SQUAD, fully_read=True)
    g, ids = table(["Akki Battle Squad", "Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    bears = ids["Grizzly Bears"]
    g.state.objects[bears].counters["+1/+1"] = 1
    g.state.invalidate()
    _attack_with(g, bears)
    events = []
    while g.state.step is not Step.END:
        d = g.pending
        if d.kind is DecisionKind.DECLARE_ATTACKERS:
            events += g.apply(DeclareAttackers(0, {bears: "P1"}))
        elif d.kind is DecisionKind.DECLARE_BLOCKERS:
            events += g.apply(DeclareBlockers(1, {}))
        else:
            events += g.apply(PassPriority(d.player))
    steps = [e.data["step"] for e in events if e.kind == "step"]
    assert g.state.players[1].life == 14                  # 3 damage in each combat
    assert steps.count("end_of_combat") == 2 and steps.count("beginning_of_combat") == 1
    assert steps[-3:] == ["end_of_combat", "main2", "end"]


TELEKINESIS = record("Telekinesis", "{U}{U}", "Instant",
                     "Tap target creature. Prevent all combat damage that would be dealt by that creature this turn. It "
                     "doesn't untap during its controller's next two untap steps.")


@pytest.mark.rules("502.3")
def test_doesnt_untap_during_its_controllers_next_two_untap_steps(extra_cards):
    extra_cards(TELEKINESIS, fully_read=True)
    g, ids = table(["Island", "Island"], ["Grizzly Bears"], ["Telekinesis"])
    bears = ids["B:Grizzly Bears"]
    cast_and_resolve(g, ids["Telekinesis"], targets=((bears,),))
    tapped = []
    for turn in (4, 6, 8):
        advance(g, Step.UPKEEP, turn=turn)
        tapped.append(g.state.objects[bears].tapped)
    assert tapped == [True, True, False]


SCALE_THE_HEIGHTS = record("Scale the Heights", "{2}{G}", "Sorcery",
                           "Put a +1/+1 counter on up to one target creature. You gain 2 life. You may play an "
                           "additional land this turn.\nDraw a card.")


@pytest.mark.rules("305.2a", "701.18a")
def test_you_may_play_an_additional_land_this_turn(extra_cards):
    extra_cards(SCALE_THE_HEIGHTS)
    g, ids = table(["Forest"] * 3, hand_a=["Scale the Heights", "Mountain", "Swamp", "Island"])
    g.apply(PlayLand(0, ids["Mountain"]))
    assert not any(isinstance(a, PlayLand) for a in g.legal_actions())      # one land a turn (305.2)
    cast_and_resolve(g, ids["Scale the Heights"], targets=((),))
    assert g.state.players[0].life == 22
    g.apply(PlayLand(0, ids["Swamp"]))                                        # the additional land
    assert not any(isinstance(a, PlayLand) for a in g.legal_actions())
    advance(g, Step.MAIN1, turn=5)                                             # this turn only
    assert any(isinstance(a, PlayLand) for a in g.legal_actions())


STORM_CAULDRON = record("Storm Cauldron", "{5}", "Artifact",
                        "Each player may play an additional land during each of their turns.\nWhenever a land is "
                        "tapped for mana, return it to its owner's hand.")


@pytest.mark.rules("305.2a")
def test_each_player_may_play_an_additional_land_during_each_of_their_turns(extra_cards):
    extra_cards(STORM_CAULDRON, fully_read=True)
    g, ids = table(["Storm Cauldron"], [], hand_b=["Mountain", "Swamp", "Island"], active=1)
    g.apply(PlayLand(1, ids["B:Mountain"]))
    g.apply(PlayLand(1, ids["B:Swamp"]))            # B's additional land, by A's Cauldron
    assert not any(isinstance(a, PlayLand) for a in g.legal_actions()), "two lands a turn, not three"


EXHAUSTION = record("Exhaustion", "{2}{U}", "Sorcery",
                    "Creatures and lands target opponent controls don't untap during their next untap step.")


@pytest.mark.rules("502.3", "611.2c")
def test_creatures_and_lands_target_opponent_controls_dont_untap_during_their_next_untap_step(extra_cards):
    extra_cards(EXHAUSTION, fully_read=True)
    g, ids = table(["Island", "Island", "Island", "Grizzly Bears"], ["Hill Giant", "Forest", "Ornithopter", "Mind Stone"],
                   hand_a=["Exhaustion"])
    cast_and_resolve(g, ids["Exhaustion"], targets=(("P1",),))
    for o in g.state.battlefield:
        g.state.objects[o].tapped = True
    g.state.invalidate()
    advance(g, Step.UPKEEP, turn=4)
    tapped = {g.characteristics(o).name: g.state.objects[o].tapped for o in g.state.battlefield
              if g.state.objects[o].controller == 1}
    assert tapped == {"Hill Giant": True, "Forest": True, "Ornithopter": True, "Mind Stone": False}, \
        "an artifact creature is a creature; a noncreature artifact untaps"
    advance(g, Step.UPKEEP, turn=5)
    assert not g.state.objects[ids["Grizzly Bears"]].tapped, "A's own untap as usual"
    advance(g, Step.UPKEEP, turn=6)
    assert not g.state.objects[ids["B:Hill Giant"]].tapped, "only their next untap step"


SLEEP = record("Sleep", "{2}{U}{U}", "Sorcery",
               "Tap all creatures target player controls. Those creatures don't untap during that player's next untap "
               "step.")
BLINDING_BEAM = record("Blinding Beam", "{2}{W}", "Instant",
                       "Choose one —\n• Tap two target creatures.\n• Creatures don't untap during target player's next "
                       "untap step.\nEntwine {1} (Choose both if you pay the entwine cost.)")


@pytest.mark.rules("502.3", "701.26a")
def test_those_creatures_dont_untap_during_that_players_next_untap_step(extra_cards):
    extra_cards(SLEEP, fully_read=True)
    g, ids = table(["Island"] * 4, ["Hill Giant", "Grizzly Bears"], hand_a=["Sleep"])
    giant, bears = ids["B:Hill Giant"], ids["B:Grizzly Bears"]
    cast_and_resolve(g, ids["Sleep"], targets=(("P1",),))
    assert g.state.objects[giant].tapped and g.state.objects[bears].tapped
    advance(g, Step.UPKEEP, turn=4)
    assert g.state.objects[giant].tapped and g.state.objects[bears].tapped
    advance(g, Step.UPKEEP, turn=6)
    assert not g.state.objects[giant].tapped and not g.state.objects[bears].tapped


@pytest.mark.rules("502.3", "611.2c", "700.2")
def test_creatures_dont_untap_during_target_players_next_untap_step(extra_cards):
    extra_cards(BLINDING_BEAM, fully_read=True)
    g, ids = table(["Plains"] * 3, ["Hill Giant"], hand_a=["Blinding Beam"])
    giant = ids["B:Hill Giant"]
    g.state.objects[giant].tapped = True
    cast_and_resolve(g, ids["Blinding Beam"], modes=(1,), targets=(("P1",),))
    later = g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD, tapped=True)     # arrives before that untap step
    advance(g, Step.UPKEEP, turn=4)
    assert g.state.objects[giant].tapped and g.state.objects[later].tapped
    advance(g, Step.UPKEEP, turn=5)
    assert not any(g.state.objects[p].tapped for p in g.state.battlefield if g.state.objects[p].controller == 0)
    advance(g, Step.UPKEEP, turn=6)
    assert not g.state.objects[giant].tapped                   # only the next one


YOSEI = record("Yosei, the Morning Star", "{4}{W}{W}", "Legendary Creature — Dragon Spirit",
               "Flying\nWhen Yosei, the Morning Star dies, target player skips their next untap step. Tap up to five "
               "target permanents that player controls.", "5/5")


@pytest.mark.rules("601.2c", "603.3d", "500.11")
def test_tap_up_to_five_target_permanents_that_player_controls(extra_cards):
    """The permanents offered are those of the player chosen for the first target only."""
    extra_cards(YOSEI, fully_read=True)
    g, ids = table(["Yosei, the Morning Star", "Mountain", "Island"], ["Forest", "Grizzly Bears"], ["Lightning Bolt"])
    g.state.objects[ids["Yosei, the Morning Star"]].damage = 3
    g.state.invalidate()
    cast_and_resolve_choosing = []

    def pick(d):
        cast_and_resolve_choosing.append(sorted(map(str, d.options)))
        return ("P1",) if "P1" in d.options else tuple(d.options)
    g.apply(CastSpell(0, ids["Lightning Bolt"], targets=((ids["Yosei, the Morning Star"],),)))
    settle(g, pick)
    assert cast_and_resolve_choosing[-1] == sorted(map(str, (ids["B:Forest"], ids["B:Grizzly Bears"])))
    assert g.state.objects[ids["B:Forest"]].tapped and g.state.objects[ids["B:Grizzly Bears"]].tapped
    assert not g.state.objects[ids["Island"]].tapped
    advance(g, Step.UPKEEP, turn=4)
    assert g.state.objects[ids["B:Forest"]].tapped           # that player skipped their untap step
