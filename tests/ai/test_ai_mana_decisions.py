"""The heuristic player's mana decisions read colors, from the mana costs of its spells and the mana its lands and
sources make: which cards a scry or surveil keeps on top (701.22a, 701.25a), whether an opening hand is kept
(103.5), and which cards go to the bottom after a mulligan (103.5)."""
from __future__ import annotations

import pytest

from ai_util import position
from engine.ai.heuristic import HeuristicPlayer
from engine.ai.mana_abilities import mana_actions
from engine.core import player_actions as A
from engine.core.enums import DecisionKind, Zone
from engine.game import Game
from tests.engine.driving import resolve_stack, table
from tests.engine.test_keyword_damage import DIMIR_INFORMANT
from tests.engine.test_real_card_mana import ADARKAR_WASTES, with_treasure


def _names(game: Game, ids) -> list[str]:
    return sorted(game.state.objects[x].name for x in ids)


def _scry_answer(name: str, lookahead: bool) -> tuple[list[str], list[str]]:
    """The scenario's Preordain scries 2: the names of the cards the player puts on the bottom, and of those seen."""
    game = position(name)
    d = game.pending
    assert d.kind is DecisionKind.CHOOSE and d.data["choice"] == "scry" and d.player == 0
    action = HeuristicPlayer(1, lookahead=lookahead).choose(game)
    assert isinstance(action, A.Choose)
    return _names(game, action.choice), _names(game, d.options)


@pytest.mark.rules("701.22a")
@pytest.mark.parametrize("lookahead", [True, False])
def test_scry_keeps_the_land_of_the_color_the_hand_needs(lookahead: bool) -> None:
    """Five Islands in play, Doom Blade in hand, an Island and a Swamp seen: five lands are enough, but none of them
    makes the black Doom Blade needs, so the Swamp stays on top and the Island goes to the bottom."""
    bottom, seen = _scry_answer("scry-01-keep-the-swamp.toml", lookahead)
    assert seen == ["Island", "Swamp"] and bottom == ["Island"]


@pytest.mark.rules("701.22a")
@pytest.mark.parametrize("lookahead", [True, False])
def test_scry_bottoms_the_spell_no_land_pays_the_color_of(lookahead: bool) -> None:
    """Three Islands in play, Doom Blade and an Island seen: no black source in play, in hand or on top, so Doom
    Blade (cheap as it is) goes to the bottom; the Island (the fourth land) stays."""
    bottom, seen = _scry_answer("scry-02-bottom-the-spell-without-its-color.toml", lookahead)
    assert seen == ["Doom Blade", "Island"] and bottom == ["Doom Blade"]


@pytest.mark.rules("701.22a")
def test_scry_keeps_the_spell_whose_land_it_keeps() -> None:
    """Doom Blade and a Swamp seen: the Swamp kept on top is the black source, both stay."""
    bottom, seen = _scry_answer("scry-03-keep-the-spell-with-its-land.toml", True)
    assert seen == ["Doom Blade", "Swamp"] and bottom == []


@pytest.mark.rules("701.22a")
@pytest.mark.parametrize("lookahead", [True, False])
def test_scry_short_of_lands_with_spells_to_spare_lets_a_spell_go(lookahead: bool) -> None:
    """Two Islands in play and five spells in hand, Counterspell and an Island seen: the hand has plenty of spells
    and too few lands, so the Island stays and Counterspell goes to the bottom to dig for more lands."""
    bottom, seen = _scry_answer("scry-04-short-of-lands-a-spell-goes.toml", lookahead)
    assert seen == ["Counterspell", "Island"] and bottom == ["Counterspell"]


@pytest.mark.rules("701.25a")
@pytest.mark.parametrize("lookahead", [True, False])
def test_surveil_keeps_the_land_of_the_color_the_hand_needs(extra_cards, lookahead: bool) -> None:
    """Dimir Informant's surveil 2 with five Islands in play and two black spells in hand, an Island then a Swamp on
    top: the Island goes to the graveyard, the Swamp stays on top."""
    extra_cards(DIMIR_INFORMANT)
    g, ids = table(["Island"] * 5, hand_a=["Dimir Informant", "Doom Blade", "Murder"])
    swamp = g.add_card("Swamp", 0, Zone.LIBRARY)
    island = g.add_card("Island", 0, Zone.LIBRARY)      # the library's last card is its top
    g.set_player(0, mana_pool="UUU")
    g.apply(A.CastSpell(0, ids["Dimir Informant"]))
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(A.PassPriority(g.pending.player))
    d = g.pending
    assert d.data["choice"] == "surveil" and sorted(d.options) == sorted([swamp, island])
    action = HeuristicPlayer(1, lookahead=lookahead).choose(g)
    assert isinstance(action, A.Choose) and tuple(action.choice) == (island,)


def _opening(hand: list[str], seed: int = 0) -> Game:
    """A two-player game whose first player's deck is exactly `hand`: its opening seven (103.5)."""
    return Game.new([hand, ["Mountain"] * 20], seed=seed, starting_player=0)


@pytest.mark.rules("103.5")
def test_mulligans_a_hand_whose_lands_cast_none_of_its_spells() -> None:
    """Three Islands and four cheap black spells: the lands make none of the colors the spells need, a mulligan."""
    game = _opening(["Island", "Island", "Island", "Doom Blade", "Murder", "Grasp of Darkness", "Night's Whisper"])
    action = HeuristicPlayer(1).choose(game)
    assert action == A.Mulligan(0, keep=False)


@pytest.mark.rules("103.5")
@pytest.mark.parametrize("hand", [
    ["Island", "Swamp", "Doom Blade", "Counterspell", "Mulldrifter", "Murder", "Night's Whisper"],
    ["Island", "Island", "Island", "Counterspell", "Doom Blade", "Murder", "Grasp of Darkness"],
    ["Forest", "Forest", "Forest", "Llanowar Elves", "Thragtusk", "Colossal Dreadmaw", "Overrun"],
])
def test_keeps_a_hand_whose_lands_cast_a_cheap_spell(hand: list[str]) -> None:
    """Two lands of both colors with cheap spells; three Islands with Counterspell among black spells; three Forests
    with green spells: each hand's lands cast one of its cheap spells, a keep."""
    assert HeuristicPlayer(1).choose(_opening(hand)) == A.Mulligan(0, keep=True)


@pytest.mark.rules("103.5")
def test_keeps_any_hand_after_two_mulligans() -> None:
    game = _opening(["Island", "Island", "Island", "Doom Blade", "Murder", "Grasp of Darkness", "Night's Whisper"])
    game.apply(A.Mulligan(0, keep=False))
    game.apply(A.Mulligan(1, keep=True))
    game.apply(A.Mulligan(0, keep=False))
    assert game.pending.kind is DecisionKind.MULLIGAN and game.pending.data["mulligans"] == 2
    assert HeuristicPlayer(1).choose(game) == A.Mulligan(0, keep=True)


def _bottom_choice(hand: list[str], seed: int) -> list[str]:
    """After one mulligan the same seven are drawn again and kept: the names of the card the player bottoms."""
    game = _opening(hand, seed)
    game.apply(A.Mulligan(0, keep=False))
    game.apply(A.Mulligan(1, keep=True))
    game.apply(A.Mulligan(0, keep=True))
    d = game.pending
    assert d.kind is DecisionKind.CHOOSE and d.data["choice"] == "bottom" and d.min == 1
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, A.Choose)
    return _names(game, action.choice)


@pytest.mark.rules("103.5")
@pytest.mark.parametrize("seed", range(6))
def test_mulligan_bottoms_the_land_whose_color_is_least_needed(seed: int) -> None:
    """Three Islands, a Swamp, Doom Blade, Murder and Counterspell, one card to bottom: a land goes (four of seven),
    and it is an Island: the Swamp is the only black source of the two black spells."""
    hand = ["Island", "Island", "Island", "Swamp", "Doom Blade", "Murder", "Counterspell"]
    assert _bottom_choice(hand, seed) == ["Island"]


@pytest.mark.rules("103.5")
@pytest.mark.parametrize("seed", range(2))
def test_mulligan_bottoms_the_spell_its_lands_cannot_pay_for(seed: int) -> None:
    """Three Islands with Doom Blade, Jace Beleren, Counterspell and Mana Leak, one card to bottom: a spell goes, and
    it is Doom Blade, which no land of the hand pays for, rather than the dearest spell."""
    hand = ["Island", "Island", "Island", "Doom Blade", "Jace Beleren", "Counterspell", "Mana Leak"]
    assert _bottom_choice(hand, seed) == ["Doom Blade"]


def _karoo_turn(lands_out: list[str], hand: list[str]) -> Game:
    """Player 0 in its first main phase with `lands_out` on the battlefield and `hand`; both libraries stocked."""
    g = Game.empty(seed=4)
    for name in lands_out:
        g.add_card(name, 0, Zone.BATTLEFIELD)
    for p in (0, 1):
        for name in ("Plains", "Mountain", "Grizzly Bears", "Plains"):
            g.add_card(name, p, Zone.LIBRARY)
    for name in hand:
        g.add_card(name, 0, Zone.HAND)
    g.start_at(3, 0, "main1")
    return g


@pytest.mark.rules("305.1", "603.2")
@pytest.mark.parametrize("lookahead", [False, True])
def test_a_land_that_returns_a_land_waits_for_another_land(lookahead: bool) -> None:
    """Boros Garrison returns a land its controller controls as it enters: with no other land out it could only
    return itself, so the Plains is played first, though the red spells need the Garrison's colors more."""
    g = _karoo_turn([], ["Boros Garrison", "Plains", "Lightning Helix", "Lightning Bolt"])
    action = HeuristicPlayer(2, lookahead=lookahead).choose(g)
    assert isinstance(action, A.PlayLand) and g.state.objects[action.card].name == "Plains"


@pytest.mark.rules("305.1", "603.2")
@pytest.mark.parametrize("lookahead", [False, True])
def test_a_land_that_returns_a_land_returns_the_other_one(lookahead: bool) -> None:
    """Boros Garrison played beside a Plains returns the Plains (played again next turn), not itself (which would undo
    the land drop, as it enters tapped and so is worth less by its tapped state alone)."""
    g = _karoo_turn(["Plains"], ["Boros Garrison", "Grizzly Bears"])
    player = HeuristicPlayer(2, lookahead=lookahead)
    answered = False
    for _ in range(8):
        d = g.pending
        if answered and d.kind is DecisionKind.PRIORITY:
            break
        answered = answered or (d.kind is DecisionKind.CHOOSE and d.data.get("choice") == "return")
        g.apply(player.choose(g) if d.player == 0 else A.passing(d.player))
    assert answered
    s = g.state
    assert [s.objects[x].name for x in s.battlefield if s.objects[x].controller == 0] == ["Boros Garrison"]
    assert "Plains" in [s.objects[x].name for x in s.players[0].hand]


@pytest.mark.rules("605.1a", "605.3b", "111.10a")
@pytest.mark.parametrize("source", ["Treasure", "Adarkar Wastes"])
def test_the_heuristic_player_spends_mana_the_basic_lands_dont_make(extra_cards, source: str) -> None:
    """Its spells are paid by the automatic payer, which sacrifices a Treasure and uses a pain land's colors: the
    player casts Grizzly Bears with a Mountain and a Treasure, Savannah Lions with Adarkar Wastes alone."""
    if source == "Treasure":
        game, ids = with_treasure(extra_cards, [], ["Grizzly Bears"])
        spell = ids["Grizzly Bears"]
    else:
        extra_cards(ADARKAR_WASTES)
        game, ids = table(a=["Adarkar Wastes"], hand_a=["Savannah Lions"])
        spell = ids["Savannah Lions"]
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, A.CastSpell) and action.card == spell


def _record(name: str, cost: str, types: list[str], text: str, subtypes: list[str] = (),
            pt: tuple[str, str] | None = None, colors: list[str] = ()) -> dict:
    rec = {"name": name, "manaCost": cost, "type": " ".join(types), "types": types, "supertypes": [],
           "subtypes": list(subtypes), "colors": list(colors), "text": text}
    if pt is not None:
        rec["power"], rec["toughness"] = pt
    return rec


# Mana abilities the automatic payer leaves to be activated by hand: a cost of mana, a card exiled from the hand, a
# counter removed; mana only some spells may be paid with (106.6).
BOROS_SIGNET = _record("Boros Signet", "{2}", ["Artifact"], "{1}, {T}: Add {R}{W}.")
ELVISH_SPIRIT_GUIDE = _record("Elvish Spirit Guide", "{2}{G}", ["Creature"],
                              "Exile Elvish Spirit Guide from your hand: Add {G}.", ["Elf", "Spirit"], ("2", "2"),
                              ["G"])
FIRE_LIT_THICKET = _record("Fire-Lit Thicket", "", ["Land"],
                           "{T}: Add {C}.\n{R/G}, {T}: Add {R}{R}, {R}{G}, or {G}{G}.")
GEMSTONE_MINE = _record("Gemstone Mine", "", ["Land"],
                        "Gemstone Mine enters the battlefield with three mining counters on it.\n{T}, Remove a mining "
                        "counter from Gemstone Mine: Add one mana of any color. If there are no mining counters on "
                        "Gemstone Mine, sacrifice it.")
PILLAR_OF_THE_PARUNS = _record("Pillar of the Paruns", "", ["Land"],
                               "{T}: Add one mana of any color. Spend this mana only to cast a multicolored spell.")


def _plays(game: Game, player: HeuristicPlayer, most: int = 4) -> list[A.Action]:
    """The player's actions until it passes (each applied)."""
    out: list[A.Action] = []
    for _ in range(most):
        action = player.choose(game)
        out.append(action)
        if isinstance(action, A.PassPriority):
            break
        game.apply(action)
    return out


@pytest.mark.rules("605.3a", "106.6", "602.2")
@pytest.mark.parametrize("lookahead", [True, False])
@pytest.mark.parametrize("cards,permanents,hand,spell", [
    ([BOROS_SIGNET], ["Plains", "Plains", "Boros Signet"], ["Palace Guard"], "Palace Guard"),
    ([ELVISH_SPIRIT_GUIDE], ["Forest", "Forest"], ["Elvish Spirit Guide", "Centaur Courser"], "Centaur Courser"),
    ([FIRE_LIT_THICKET], ["Fire-Lit Thicket", "Mountain"], ["Grizzly Bears"], "Grizzly Bears"),
    ([GEMSTONE_MINE], ["Gemstone Mine", "Forest"], ["Watchwolf"], "Watchwolf"),
    ([GEMSTONE_MINE], ["Gemstone Mine", "Forest"], ["Grizzly Bears"], "Grizzly Bears"),
    ([PILLAR_OF_THE_PARUNS], ["Pillar of the Paruns", "Forest"], ["Watchwolf"], "Watchwolf"),
], ids=["signet", "spirit-guide", "filter-land", "counter", "counter-one-color", "restricted"])
def test_a_mana_ability_the_payer_leaves_is_activated_for_a_spell(extra_cards, cards, permanents, hand, spell,
                                                                   lookahead: bool) -> None:
    """The legal actions don't list mana abilities, and the automatic payer activates only those costing {T} or the
    permanent itself: the player activates the Signet (its {1} paid by a Plains), the Spirit Guide from its hand, the
    filter land, Gemstone Mine's counter, Pillar of the Paruns' mana for a multicolored spell, and then casts the
    spell it couldn't cast before."""
    extra_cards(*cards)
    game, ids = table(a=permanents, hand_a=hand)
    if "Gemstone Mine" in ids:
        game.state.objects[ids["Gemstone Mine"]].counters["mining"] = 3
    assert not any(isinstance(a, A.CastSpell) for a in game.legal_actions()), "not castable with the payer's sources"
    plays = _plays(game, HeuristicPlayer(1, lookahead=lookahead))
    assert [type(a) for a in plays] == [A.ActivateAbility, A.CastSpell, A.PassPriority]
    assert plays[1].card == ids[spell]
    resolve_stack(game)
    assert spell in _names(game, game.state.battlefield)


@pytest.mark.rules("605.3a", "106.6")
@pytest.mark.parametrize("lookahead", [True, False])
@pytest.mark.parametrize("cards,permanents,hand", [
    ([ELVISH_SPIRIT_GUIDE], ["Forest", "Forest"], ["Elvish Spirit Guide", "Grizzly Bears"]),
    ([PILLAR_OF_THE_PARUNS], ["Pillar of the Paruns", "Forest"], ["Grizzly Bears"]),
], ids=["lands-pay", "restricted"])
def test_no_mana_ability_is_activated_for_nothing(extra_cards, cards, permanents, hand, lookahead: bool) -> None:
    """The Spirit Guide stays in the hand when the Forests pay for Grizzly Bears; Pillar of the Paruns' mana can't pay
    for the mono-green Bears, so it isn't made."""
    extra_cards(*cards)
    game, ids = table(a=permanents, hand_a=hand)
    plays = _plays(game, HeuristicPlayer(1, lookahead=lookahead))
    assert not any(isinstance(a, A.ActivateAbility) for a in plays)
    s = game.state
    assert ids[cards[0]["name"]] in (s.players[0].hand if cards[0] is ELVISH_SPIRIT_GUIDE else s.battlefield)
    assert not s.players[0].restricted_mana and not any(s.players[0].mana_pool.values())


CHROMATIC_SPHERE = _record("Chromatic Sphere", "{1}", ["Artifact"],
                           "{1}, {T}, Sacrifice Chromatic Sphere: Add one mana of any color. Draw a card.")


@pytest.mark.rules("605.3a")
def test_a_mana_ability_that_draws_is_left_to_a_person(extra_cards) -> None:
    """The player looks at what a mana ability allows on a plain copy of the game: Chromatic Sphere's draw would show it
    the top card of its library, so it is never activated that way; the Signet is."""
    extra_cards(CHROMATIC_SPHERE, BOROS_SIGNET)
    game, ids = table(a=["Chromatic Sphere", "Boros Signet", "Plains"])
    assert [(a.source, a.index) for a in mana_actions(game, 0)] == [(ids["Boros Signet"], 0)]


@pytest.mark.rules("605.3a", "601.2c")
@pytest.mark.parametrize("lookahead", [True, False])
def test_no_mana_ability_is_activated_for_a_cast_backed_out_of(extra_cards, lookahead: bool) -> None:
    """Flame Slash's only targets are the player's own creatures, so it backs out of the cast; Gemstone Mine's mana
    would change nothing there, and the Mine keeps its counters (the fast rules of thumb spent one for the same cast,
    backed out of again)."""
    extra_cards(GEMSTONE_MINE)
    game, ids = table(a=["Mountain", "Gemstone Mine", "Grizzly Bears", "Savannah Lions"],
                      hand_a=["Flame Slash", "Centaur Courser"])
    game.state.players[0].lands_played = 1
    mine = ids["Gemstone Mine"]
    game.state.objects[mine].counters["mining"] = 3
    plays = _plays(game, HeuristicPlayer(1, lookahead=lookahead), most=12)
    assert not any(isinstance(a, A.ActivateAbility) for a in plays)
    assert game.state.objects[mine].counters["mining"] == 3

