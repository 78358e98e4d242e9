"""The evaluation reads what abilities do (engine.ai.ability_value), with no per-card code: evasion, damage
and removal abilities, tokens, counters and card draw are valued; a removal spell is cast at the threat."""
from __future__ import annotations

import math

import pytest

from ai_util import play_out_turn, position
from engine.ai import ability_value as AV
from engine.ai import spells as SP
from engine.ai.evaluate import creature_value, evaluate, permanent_value
from engine.ai.heuristic import HeuristicPlayer
from engine.core import player_actions as A
from engine.core.cards import default_pool
from engine.core.enums import Step, Zone
from engine.game import Game
from tests.engine.driving import table


def _on_battlefield(*names: str) -> tuple[Game, list[int]]:
    """A game with these creatures on player 0's battlefield (ids in order)."""
    game = Game.empty()
    ids = [game.add_card(n, 0, Zone.BATTLEFIELD) for n in names]
    game.state.invalidate()
    return game, ids


@pytest.mark.rules("702.9a", "509.1b")
@pytest.mark.parametrize("evasive", ["Wind Drake", "Phantom Warrior"])
def test_an_evasive_creature_is_worth_more_than_a_vanilla_one_of_its_size(evasive: str) -> None:
    game, (bears, other) = _on_battlefield("Grizzly Bears", evasive)
    assert creature_value(game, other) > creature_value(game, bears) + 0.5


@pytest.mark.rules("603.1", "602.1", "122.1a")
@pytest.mark.parametrize("better, vanilla", [
    ("Sprouting Thrinax", "Centaur Courser"),        # dies: three tokens
    ("Ajani's Pridemate", "Grizzly Bears"),          # lifegain: +1/+1 counters
    ("Prodigal Sorcerer", "Raging Goblin"),          # {T}: 1 damage to any target
    ("Thrashing Brontodon", "Giant Spider"),         # sacrifice: destroy an artifact or enchantment
])
def test_abilities_add_what_they_do(better: str, vanilla: str) -> None:
    game, (a, b) = _on_battlefield(better, vanilla)
    assert creature_value(game, a) > creature_value(game, b)


def test_a_spent_enters_trigger_adds_nothing_on_the_battlefield_but_counts_for_the_card() -> None:
    pool = default_pool()
    chupacabra = pool.get("Ravenous Chupacabra")
    game, (c, bears) = _on_battlefield("Ravenous Chupacabra", "Grizzly Bears")
    assert creature_value(game, c) == pytest.approx(creature_value(game, bears) + 0.15 * 2, abs=0.01)
    assert AV.card_value(chupacabra) >= AV.REMOVAL


@pytest.mark.rules("701.8a", "121.1", "111.1")
def test_spells_are_valued_by_their_effects() -> None:
    pool = default_pool()
    value = {n: AV.card_value(pool.get(n)) for n in (
        "Murder", "Doom Blade", "Lightning Bolt", "Harmonize", "Raise the Alarm", "Giant Growth", "Overrun",
        "Grizzly Bears", "Unsummon")}
    assert value["Murder"] >= AV.REMOVAL and value["Doom Blade"] >= AV.REMOVAL
    assert value["Harmonize"] == pytest.approx(3 * AV.CARD)
    assert value["Murder"] > value["Unsummon"] > value["Giant Growth"] > 0
    assert value["Lightning Bolt"] > value["Giant Growth"]
    assert value["Raise the Alarm"] > 0 and value["Overrun"] > 0     # own creatures pumped: good for us
    assert value["Grizzly Bears"] == 0      # a vanilla creature's value is its body, on the battlefield


def test_every_supported_card_of_the_pool_gets_a_value_on_the_board_scale() -> None:
    pool = default_pool()
    for name in pool.names():
        d = pool.get(name)
        if d.supported:
            v = AV.card_value(d)
            assert math.isfinite(v) and abs(v) < 40, (name, v)


def test_a_huge_number_counts_as_a_hand_full() -> None:
    """"Discard your hand" is compiled as discarding a very large number of cards."""
    from engine.core.abilities import Amount
    assert AV.amount(Amount.const(10 ** 6)) == AV.amount(Amount.const(10)) == 10


def test_a_planeswalker_counts_its_best_ability() -> None:
    game, (walker,) = _on_battlefield("Garruk Wildspeaker")
    loyalty = game.state.objects[walker].counters.get("loyalty", 0)
    assert permanent_value(game, walker) > 2.5 + 0.8 * loyalty
    assert evaluate(game, 0) > evaluate(game, 1)


@pytest.mark.rules("601.2c", "701.8a")
@pytest.mark.parametrize("lookahead", [True, False])
def test_casts_its_removal_at_the_real_threat(lookahead: bool) -> None:
    game = position("removal-01-kill-the-threat.toml")
    play_out_turn(game, (HeuristicPlayer(1, lookahead=lookahead), HeuristicPlayer(2)))
    graveyard = {game.state.objects[x].name for x in game.state.players[1].graveyard}
    assert "Serra Angel" in graveyard and "Grizzly Bears" not in graveyard


@pytest.mark.rules("806.1", "800.4a")
def test_with_several_opponents_the_strongest_counts_most() -> None:
    """Free-for-all: what the strongest opponent loses counts in full, what the others lose half, so a
    creature of the leader's is the one to remove (and a trade with a weaker opponent is no gain)."""
    def without(seat: int) -> float:
        g = Game.empty(["A", "B", "C"])
        for p, names in ((1, ["Hill Giant"]), (2, ["Hill Giant", "Serra Angel"])):
            for name in names[1 if p == seat else 0:]:
                g.add_card(name, p, Zone.BATTLEFIELD)
        return evaluate(g, 0)
    assert without(2) - without(1) > 2.0      # the same Hill Giant, worth more gone from the leader C


@pytest.mark.rules("513.1a", "702.33d", "701.21a")
def test_a_creature_its_own_trigger_sacrifices_at_the_end_step_is_worth_only_this_turn() -> None:
    """Ball Lightning and a Skizzik not kicked are sacrificed at the beginning of the end step: once their
    combat is past they are worth nothing; a kicked Skizzik stays, a 5/3 with trample and haste."""
    game, (ball, unkicked, kicked, bears) = _on_battlefield("Ball Lightning", "Skizzik", "Skizzik", "Grizzly Bears")
    game.state.writable(kicked).kicked = 1
    game.start_at(5, 0, "main2")
    assert creature_value(game, ball) == 0.0 and creature_value(game, unkicked) == 0.0
    assert creature_value(game, kicked) > creature_value(game, bears) + 3.0
    # Before its controller's attack one attack is left in it; on another player's turn nothing.
    game.start_at(5, 0, "main1")
    assert 0.0 < creature_value(game, unkicked) < creature_value(game, kicked)
    game.start_at(6, 1, "main1")
    assert creature_value(game, ball) == 0.0 and creature_value(game, kicked) > 0.0


# Deep-Slumber Titan's Oracle text (Worldwake): it stays tapped until something damages it.
DEEP_SLUMBER_TITAN = {"name": "Deep-Slumber Titan", "manaCost": "{2}{R}{R}", "type": "Creature — Giant Warrior",
                      "types": ["Creature"], "subtypes": ["Giant", "Warrior"], "supertypes": [],
                      "text": "Deep-Slumber Titan enters the battlefield tapped.\nDeep-Slumber Titan doesn't untap "
                              "during your untap step.\nWhenever Deep-Slumber Titan is dealt damage, untap it.",
                      "power": "7", "toughness": "7"}


@pytest.mark.rules("502.3", "508.1a", "509.1a")
def test_a_creature_that_stays_tapped_is_worth_less_than_one_that_can_fight(extra_cards) -> None:
    """A tapped creature that doesn't untap during its controller's untap step neither attacks nor blocks until
    something untaps it; untapped, it is a 7/7."""
    extra_cards(DEEP_SLUMBER_TITAN, fully_read=True)
    game, (titan,) = _on_battlefield("Deep-Slumber Titan")
    untapped = creature_value(game, titan)
    game.state.objects[titan].tapped = True
    game.state.invalidate()
    assert creature_value(game, titan) == pytest.approx(0.4 * untapped)


@pytest.mark.rules("502.3", "120.3", "603.2")
def test_the_pinger_does_not_wake_a_sleeping_giant(extra_cards) -> None:
    """B's Deep-Slumber Titan is tapped; damage dealt to it untaps it. A's Prodigal Sorcerer pings B, not the
    Titan. (The fast policy activates no such ability.)"""
    extra_cards(DEEP_SLUMBER_TITAN, fully_read=True)
    game = Game.empty(seed=2)
    sorcerer = game.add_card("Prodigal Sorcerer", 0, Zone.BATTLEFIELD)
    game.add_card("Deep-Slumber Titan", 1, Zone.BATTLEFIELD, tapped=True)
    for p in (0, 1):
        game.add_card("Island", p, Zone.BATTLEFIELD)
        for _ in range(3):
            game.add_card("Island", p, Zone.LIBRARY)
    game.start_at(3, 0, "main1")
    agents = [HeuristicPlayer(1), HeuristicPlayer(2)]
    while game.state.turn == 3 and not game.is_over:
        game.apply(agents[game.pending.player].choose(game))
    assert game.state.objects[sorcerer].tapped and game.state.players[1].life == 19


MASK_OF_MEMORY = {"name": "Mask of Memory", "manaCost": "{2}", "type": "Artifact — Equipment", "types": ["Artifact"],
                  "subtypes": ["Equipment"], "supertypes": [], "colors": [],
                  "text": "Whenever equipped creature deals combat damage to a player, you may draw two cards. If you "
                          "do, discard a card.\nEquip {1}"}


@pytest.mark.rules("301.5", "702.6a")
def test_an_equipments_trigger_of_the_equipped_creature_counts_once_it_is_attached(extra_cards) -> None:
    """Mask of Memory's trigger is the equipped creature's: attached to nothing it does nothing, so the Mask is worth
    more on Grizzly Bears, and the heuristic player equips it (it never did: the Mask was worth the same either way)."""
    extra_cards(MASK_OF_MEMORY)
    game, ids = table(a=["Mask of Memory", "Grizzly Bears", "Plains"])
    mask = ids["Mask of Memory"]
    alone = permanent_value(game, mask)
    game.state.objects[mask].attached_to = ids["Grizzly Bears"]
    game.state.invalidate()
    assert permanent_value(game, mask) > alone + 0.2
    game, ids = table(a=["Mask of Memory", "Grizzly Bears", "Plains"])
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, A.ActivateAbility) and action.source == ids["Mask of Memory"]


@pytest.mark.rules("301.5", "702.6a")
def test_an_equipment_with_a_trigger_of_the_equipped_creature_is_cast(extra_cards) -> None:
    """Attached to nothing, Mask of Memory is worth at least the card it was in hand: its trigger of the equipped
    creature, counted only once it is attached, took it below that, and it was never cast. A casts it, equips Grizzly
    Bears and draws with it."""
    extra_cards(MASK_OF_MEMORY)
    game, ids = table(a=["Grizzly Bears", "Plains", "Plains", "Plains"], hand_a=["Mask of Memory"])
    agents = [HeuristicPlayer(1), HeuristicPlayer(2)]
    action = agents[0].choose(game)
    assert isinstance(action, A.CastSpell) and action.card == ids["Mask of Memory"]
    while game.state.turn == 3 and not game.is_over:
        game.apply(agents[game.pending.player].choose(game))
    mask = next(x for x in game.state.battlefield if game.characteristics(x).name == "Mask of Memory")
    assert game.state.objects[mask].attached_to == ids["Grizzly Bears"] and game.state.players[1].life == 18


SHIELD_OF_THE_AVATAR = {"name": "Shield of the Avatar", "manaCost": "{1}", "type": "Artifact — Equipment",
                        "types": ["Artifact"], "subtypes": ["Equipment"], "supertypes": [], "colors": [],
                        "text": "If a source would deal damage to equipped creature, prevent X of that damage, where X is "
                                "the number of creatures you control.\nEquip {2}"}


@pytest.mark.rules("301.5", "615.1a")
def test_an_equipment_that_prevents_damage_to_the_equipped_creature_is_equipped(extra_cards) -> None:
    """Shield of the Avatar's prevention does nothing while it is attached to nothing and shows nowhere in the equipped
    creature's value: equipping it gained nothing, and it was never equipped. A equips Grizzly Bears with it."""
    extra_cards(SHIELD_OF_THE_AVATAR)
    equip = default_pool().get("Shield of the Avatar").activated[0]
    assert SP.target_polarity(equip.mode, 0) == SP.HELPFUL     # 701.3a: attached to the creature it helps
    game, ids = table(a=["Shield of the Avatar", "Grizzly Bears", "Plains", "Plains"])
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, A.ActivateAbility) and action.source == ids["Shield of the Avatar"]
    assert action.targets == (ids["Grizzly Bears"],)


ACROBATIC_MANEUVER = {"name": "Acrobatic Maneuver", "manaCost": "{2}{W}", "type": "Instant", "types": ["Instant"],
                      "subtypes": [], "supertypes": [], "colors": ["W"],
                      "text": "Exile target creature you control, then return that card to the battlefield under its "
                              "owner's control.\nDraw a card."}


@pytest.mark.rules("400.7", "608.2b")
def test_a_creature_exiled_and_returned_is_helped(extra_cards) -> None:
    """Acrobatic Maneuver exiles a creature and returns it, a new object (400.7): its own creature is the target
    that gains. Doom Blade on its Grizzly Bears is answered by exiling and returning them (the Blade's target is gone,
    608.2b); read as harmful like any exile, no target of its own was left to it."""
    extra_cards(ACROBATIC_MANEUVER)
    game, ids = table(a=["Grizzly Bears", "Plains", "Plains", "Plains"], b=["Swamp", "Swamp"],
                      hand_a=["Acrobatic Maneuver"], active=1)
    blade = game.add_card("Doom Blade", 1, Zone.HAND)
    game.apply(A.CastSpell(1, blade, targets=((ids["Grizzly Bears"],),)))
    game.apply(A.PassPriority(1))
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, A.CastSpell) and action.card == ids["Acrobatic Maneuver"]
    assert action.targets == (ids["Grizzly Bears"],)


@pytest.mark.rules("400.7", "110.2")
@pytest.mark.parametrize("phrase,polarity", [("target creature you control", SP.HELPFUL),
                                             ("target creature", SP.HARMFUL)])
def test_a_creature_exiled_and_returned_under_the_casters_control_is_taken(extra_cards, phrase: str,
                                                                            polarity: int) -> None:
    """A test card that exiles a creature and returns it under its caster's control (110.2): of the caster's own
    creature, a blink; of any creature, one the caster takes from its controller."""
    extra_cards({"name": "Borrowed Step", "manaCost": "{1}{U}", "type": "Instant", "types": ["Instant"],
                 "subtypes": [], "supertypes": [], "colors": ["U"],
                 "text": f"Exile {phrase}, then return that card to the battlefield under your control."})
    mode = default_pool().get("Borrowed Step").spell.modes[0]
    assert SP.target_polarity(mode, 0) == polarity


@pytest.mark.rules("615.1a", "615.7")
@pytest.mark.parametrize("text,polarity", [
    ("Prevent the next 4 damage that would be dealt to any target this turn.", SP.HELPFUL),   # Orim's Cure
    ("Prevent all damage target creature would deal this turn.", SP.HARMFUL)])                # Maze of Ith's
def test_a_prevention_shield_helps_what_is_dealt_damage_and_harms_what_deals_it(extra_cards, text: str,
                                                                                polarity: int) -> None:
    """A shield on the target that would be dealt damage helps it (the AI aims Orim's Cure at its own blocker, not at
    whatever comes first); one on the damage the target would deal takes that away from it."""
    extra_cards({"name": "Test Shield", "manaCost": "{W}", "type": "Instant", "types": ["Instant"], "subtypes": [],
                 "supertypes": [], "colors": ["W"], "text": text})
    mode = default_pool().get("Test Shield").spell.modes[0]
    assert SP.target_polarity(mode, 0) == polarity


BOTH = (SP.HELPFUL, SP.HARMFUL)


@pytest.mark.rules("509.1a", "509.1b", "701.19a", "120.3", "701.14a", "614.9", "122.5", "707.10", "701.23a")
@pytest.mark.parametrize("text,polarity", [
    ("Target creature can't be blocked this turn.", SP.HELPFUL),                       # Crafty Pathmage
    ("Target creature can't block this turn.", SP.HARMFUL),                            # Krark-Clan Ogre
    ("Target creature loses flying until end of turn.", SP.HARMFUL),                   # Adarkar Windform
    ("Regenerate target creature.", SP.HELPFUL),                                       # Welding Jar
    ("Target creature you control deals damage equal to its power to target creature you don't control.", BOTH),
    ("Target creature you control fights target creature you don't control.", BOTH),                 # Prey Upon
    ("Target creature fights another target creature.", BOTH),                                        # Blood Feud
    ("The next 1 damage that would be dealt to target creature this turn is dealt to another target creature "
     "instead.", BOTH),                                                                              # Carom
    ("Move a +1/+1 counter from target creature you control onto another target creature you control.",
     (SP.UNKNOWN, SP.HELPFUL)),                                                          # Combine Guildmage
    ("Copy target instant or sorcery spell. You may choose new targets for the copy.", SP.HELPFUL),   # Fury Storm
    ("Search target player's library for a card and exile it. Then that player shuffles.", SP.HARMFUL),  # Bitter Ordeal
    ("Target player searches their library for a basic land card, puts it onto the battlefield tapped, then "
     "shuffles.", SP.HELPFUL),                                                                        # Fertilid
    ("Remove all -1/-1 counters from target creature.", SP.HELPFUL),
    ("Remove two +1/+1 counters from target creature.", SP.HARMFUL),
    # what is done to the target itself comes first: a creature dealing damage to itself, a spell copied and returned
    ("Target creature deals damage to itself equal to its power.", SP.HARMFUL),                       # Justice Strike
    ("Copy target instant or sorcery spell, then return it to its owner's hand. You may choose new targets for the "
     "copy.", SP.HARMFUL),                                                               # Narset's Reversal
    ("Target player reveals their hand.", SP.HARMFUL),
    ("Target player skips their next untap step.", SP.HARMFUL),
    ("Choose target artifact or enchantment. Its owner shuffles it into their library.", SP.HARMFUL),
    ("Create a token that's a copy of target creature you control.", SP.HELPFUL),
    ("Tap all creatures target player controls.", SP.HARMFUL),                        # a player's permanents
    ("Creatures target player controls get +1/+1 until end of turn.", SP.HELPFUL)])
def test_a_targets_continuous_effect_regeneration_or_damage_by_another_is_read(extra_cards, text: str,
                                                                              polarity: int | tuple[int, int]) -> None:
    """What "can't be blocked", "can't block", a keyword lost, a regeneration shield, a hand revealed, a step skipped,
    a shuffle into a library, a token copy, a spell copied, a library searched and counters removed do to their
    target, and what an effect on a target player's permanents does to the player. Of two targets (a pair of
    polarities): damage dealt by one to another, or a fight, helps the first, the one doing the work (its side's
    strongest), and harms the second; a redirection spares the first and hurts the second; a +1/+1 counter moved
    helps where it goes (where it comes from is left unknown). All were unknown, and the AI aimed them at whatever
    came first."""
    extra_cards({"name": "Test Order", "manaCost": "{1}", "type": "Instant", "types": ["Instant"], "subtypes": [],
                 "supertypes": [], "colors": [], "text": text})
    mode = default_pool().get("Test Order").spell.modes[0]
    if isinstance(polarity, tuple):
        assert tuple(SP.target_polarity(mode, i) for i in (0, 1)) == polarity
    else:
        assert SP.target_polarity(mode, 0) == polarity


@pytest.mark.rules("707.10", "701.5a")
def test_a_spell_copied_is_best_the_players_own_and_one_countered_an_opponents(extra_cards) -> None:
    """With its own Lightning Bolt and the opponent's Shock on the stack, the AI likes copying its Bolt and countering
    the Shock, not the other way round (a spell on the stack was liked as a target only as an opponent's, so a copy of
    one's own spell was dropped as harming one's own side)."""
    extra_cards({"name": "Test Twin", "manaCost": "{U}", "type": "Instant", "types": ["Instant"], "subtypes": [],
                 "supertypes": [], "colors": ["U"],
                 "text": "Copy target instant or sorcery spell. You may choose new targets for the copy."})
    game, ids = table(a=["Grizzly Bears", "Mountain", "Island", "Island", "Island"], b=["Hill Giant", "Mountain"],
                      hand_a=["Lightning Bolt", "Test Twin", "Counterspell"], hand_b=["Shock"])
    game.apply(A.CastSpell(0, ids["Lightning Bolt"], targets=((ids["B:Hill Giant"],),)))
    game.apply(A.PassPriority(0))
    game.apply(A.CastSpell(1, ids["B:Shock"], targets=((ids["Grizzly Bears"],),)))
    game.apply(A.PassPriority(1))
    bolt, shock = game.state.stack      # the spells on the stack (objects of their own, 400.7)
    assert game.pending.player == 0
    for card, mine, theirs in ((ids["Test Twin"], 1, -1), (ids["Counterspell"], -1, 1)):
        liked = [SP.targets_score(game, 0, A.CastSpell(0, card, targets=((x,),))) for x in (bolt, shock)]
        assert liked[0] * mine > 0 and liked[1] * theirs > 0


@pytest.mark.rules("303.4", "509.1b")
def test_an_aura_that_makes_its_creature_unblockable_helps_it(extra_cards) -> None:
    """"Enchanted creature can't be blocked" is a freedom, not one of the "can't" restrictions of a Pacifism: the Aura
    goes on the caster's own creature."""
    extra_cards({"name": "Test Veil", "manaCost": "{U}", "type": "Enchantment — Aura", "types": ["Enchantment"],
                 "subtypes": ["Aura"], "supertypes": [], "colors": ["U"],
                 "text": "Enchant creature\nEnchanted creature can't be blocked."})
    assert SP.aura_polarity(default_pool().get("Test Veil")) == SP.HELPFUL
    assert SP.aura_polarity(default_pool().get("Pacifism")) == SP.HARMFUL


@pytest.mark.rules("404.1", "115.1", "603.3d")
@pytest.mark.parametrize("card", ["Raise Dead", "Gravedigger"])
def test_a_card_returned_from_the_graveyard_is_the_best_one(card: str) -> None:
    """A card in a graveyard returned to its owner's hand is helped, not bounced: Raise Dead aimed at A's own cards was
    read as harming them and never cast, and Gravedigger returned the card A needed least. Both return Hill Giant,
    the dearest of A's creature cards."""
    game, ids = table(a=["Swamp", "Swamp", "Swamp", "Swamp"], hand_a=[card])
    for name in ("Grizzly Bears", "Hill Giant", "Llanowar Elves"):
        game.add_card(name, 0, Zone.GRAVEYARD)
    spell = default_pool().get("Raise Dead").spell.modes[0]
    assert SP.target_polarity(spell, 0) == SP.HELPFUL
    agents = [HeuristicPlayer(1), HeuristicPlayer(2)]
    while game.state.step is Step.MAIN1 and not game.is_over:
        game.apply(agents[game.pending.player].choose(game))
    assert [game.characteristics(x).name for x in game.state.players[0].hand] == ["Hill Giant"]


PACKS_DISDAIN = {"name": "Pack's Disdain", "manaCost": "{1}{B}", "type": "Instant", "types": ["Instant"],
                 "subtypes": [], "supertypes": [], "colors": ["B"],
                 "text": "Choose a creature type. Target creature gets -1/-1 until end of turn for each permanent of the "
                         "chosen type you control."}


@pytest.mark.rules("107.3", "613.4c", "704.5f")
@pytest.mark.parametrize("text", ["Target creature gets -X/-X until end of turn.",
                                  "Target creature gets -1/-1 until end of turn for each card in your hand."])
def test_a_pump_by_a_number_known_as_it_resolves_is_read_by_its_sign(extra_cards, text: str) -> None:
    """-X/-X and "-1/-1 for each ..." are numbers the effect knows only as it resolves: read as +0/+0 they were a pump
    of the caster's own creature, and such removal was never cast at an opponent's."""
    extra_cards({"name": "Test Shrink", "manaCost": "{X}{B}", "type": "Instant", "types": ["Instant"], "subtypes": [],
                 "supertypes": [], "colors": ["B"], "text": text})
    mode = default_pool().get("Test Shrink").spell.modes[0]
    assert SP.target_polarity(mode, 0) == SP.HARMFUL and not SP.temporary_only(mode)
    assert AV.mode_value(mode) > 0


@pytest.mark.rules("613.4c", "704.5f", "513.1")
def test_packs_disdain_kills_the_opponents_creature(extra_cards) -> None:
    """With three Bears, A's Pack's Disdain naming Bear gives -3/-3: at the end of B's turn A kills B's Hill Giant."""
    extra_cards(PACKS_DISDAIN)
    game, ids = table(a=["Swamp", "Swamp"], b=["Hill Giant"], hand_a=["Pack's Disdain"], active=1, step=Step.END)
    for _ in range(3):
        game.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    agents = [HeuristicPlayer(1), HeuristicPlayer(2)]
    while game.state.turn == 3 and not game.is_over:
        game.apply(agents[game.pending.player].choose(game))
    assert ids["B:Hill Giant"] not in game.state.battlefield
    assert game.state.players[0].hand == []


AETHER_VIAL = {"name": "Aether Vial", "manaCost": "{1}", "type": "Artifact", "types": ["Artifact"], "subtypes": [],
               "supertypes": [], "colors": [],
               "text": "At the beginning of your upkeep, you may put a charge counter on Aether Vial.\n{T}: You may put "
                       "a creature card with mana value equal to the number of charge counters on Aether Vial from "
                       "your hand onto the battlefield."}


@pytest.mark.rules("301.1", "303.1", "601.2")
@pytest.mark.parametrize("permanent", ["Circle of Protection: Red", "Aether Vial"])
def test_a_noncreature_permanent_the_evaluation_reads_little_of_is_still_cast(extra_cards, permanent: str) -> None:
    """A permanent is worth at least the card it was in hand: Circle of Protection: Red (nothing red to prevent yet)
    and Aether Vial (no counter yet) were worth less than the card, so the heuristic player held them forever."""
    extra_cards(AETHER_VIAL)
    game, ids = table(a=["Plains", "Plains", "Plains", "Savannah Lions"], hand_a=[permanent])
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, A.CastSpell) and action.card == ids[permanent]


@pytest.mark.rules("305.4", "601.1", "602.2")
def test_aether_vial_puts_the_creature_its_counters_match(extra_cards) -> None:
    """Aether Vial with two charge counters puts Grizzly Bears from the hand onto the battlefield, no mana spent (the
    copies that weighed the activation answered "you may put a creature card" with none, so it was never used)."""
    extra_cards(AETHER_VIAL)
    game, ids = table(a=["Aether Vial"], hand_a=["Grizzly Bears"])
    game.state.objects[ids["Aether Vial"]].counters["charge"] = 2
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, A.ActivateAbility) and action.source == ids["Aether Vial"]


PENDULUM_OF_PATTERNS = {"name": "Pendulum of Patterns", "manaCost": "{2}", "type": "Artifact", "types": ["Artifact"],
                        "subtypes": [], "supertypes": [], "colors": [],
                        "text": "When Pendulum of Patterns enters the battlefield, you gain 3 life.\n{5}, {T}, Sacrifice "
                                "Pendulum of Patterns: Draw a card."}


@pytest.mark.rules("701.21a", "111.10f", "602.2")
@pytest.mark.parametrize("token", [False, True])
def test_a_permanent_its_ability_sacrifices_is_spent_for_what_it_gives(extra_cards, token: bool) -> None:
    """A permanent whose ability sacrifices it is worth what that gives, not a card in hand at least: with mana to
    spare, Pendulum of Patterns and a Clue token are sacrificed to draw a card (neither was once the floor of
    `permanent_value` counted them above the card they draw)."""
    from tests.engine.driving import cast_and_resolve
    from tests.engine.test_predefined_tokens import THRABEN_INSPECTOR
    extra_cards(PENDULUM_OF_PATTERNS, THRABEN_INSPECTOR)
    if token:
        game, ids = table(a=["Plains", "Plains", "Plains"], hand_a=["Thraben Inspector"])
        cast_and_resolve(game, ids["Thraben Inspector"])
        (source,) = [x for x in game.state.battlefield if game.state.objects[x].token is not None]
    else:
        game, ids = table(a=["Pendulum of Patterns"] + ["Plains"] * 5)
        source = ids["Pendulum of Patterns"]
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, A.ActivateAbility) and action.source == source


AUGER_SPREE = {"name": "Auger Spree", "manaCost": "{1}{B}{R}", "type": "Instant", "types": ["Instant"],
               "subtypes": [], "supertypes": [], "colors": ["B", "R"],
               "text": "Target creature gets +4/-4 until end of turn."}


@pytest.mark.rules("704.5f", "613.4c")
def test_plus_n_minus_n_is_removal(extra_cards) -> None:
    """Auger Spree's +4/-4 kills a creature of toughness 4 or less (704.5f): at the end of B's turn it goes at B's Hill
    Giant. Read as a pump (its power and toughness changes add up to 0, not less), it was aimed at A's own creatures
    and never cast."""
    extra_cards(AUGER_SPREE)
    mode = default_pool().get("Auger Spree").spell.modes[0]
    assert SP.target_polarity(mode, 0) == SP.HARMFUL
    game, ids = table(a=["Swamp", "Mountain", "Mountain", "Grizzly Bears"], b=["Hill Giant"], hand_a=["Auger Spree"],
                      active=1, step=Step.END)
    agents = [HeuristicPlayer(1), HeuristicPlayer(2)]
    while game.pending.player != 0:
        game.apply(agents[1].choose(game))
    action = agents[0].choose(game)
    assert isinstance(action, A.CastSpell) and action.card == ids["Auger Spree"] \
        and action.targets == (ids["B:Hill Giant"],), action


@pytest.mark.rules("613.4c", "506.1")
def test_a_creatures_plus_n_minus_n_on_itself_stays_a_combat_trick(extra_cards) -> None:
    """Flowstone Giant's "+2/-2 until end of turn" on itself kills nothing: it waits for a combat, as a pump does,
    and is not spent in an empty main phase."""
    extra_cards({"name": "Flowstone Giant", "manaCost": "{2}{R}{R}", "type": "Creature — Giant",
                 "types": ["Creature"], "subtypes": ["Giant"], "supertypes": [], "colors": ["R"],
                 "text": "{R}{R}: Flowstone Giant gets +2/-2 until end of turn.", "power": "3", "toughness": "3"})
    game, ids = table(a=["Flowstone Giant", "Mountain", "Mountain"])
    assert isinstance(HeuristicPlayer(1).choose(game), A.PassPriority)
