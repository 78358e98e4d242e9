"""Copies of spells (707.10): Twincast-style copies with new targets or the same ones, copies keeping
the original's choices (modes, X, kicker, additional costs), copies that aren't cast, copies of
permanent spells becoming tokens, copies ceasing to exist, and a copy mid-stack surviving clone and
JSON."""
from __future__ import annotations

import pytest

from engine import Game, IllegalAction
from engine.core.player_actions import CastSpell, Choose, PassPriority
from engine.core.enums import DecisionKind, Step, Zone


def _card(name: str, cost: str, type_line: str, text: str, pt: tuple[str, str] | None = None) -> dict:
    """A card record in MTGJSON's shape, from a real card's Oracle data."""
    left, _, right = type_line.partition(" — ")
    words = left.split()
    supertypes = [w for w in words if w in ("Legendary", "Basic", "Snow", "World")]
    colors = sorted({c for c in "WUBRG" if "{" + c in cost})
    record = {"name": name, "manaCost": cost, "type": type_line, "supertypes": supertypes,
              "types": [w for w in words if w not in supertypes], "subtypes": right.split(), "colors": colors,
              "text": text}
    if pt is not None:
        record["power"], record["toughness"] = pt
    return record


TWINCAST = _card("Twincast", "{U}{U}", "Instant",
                 "Copy target instant or sorcery spell. You may choose new targets for the copy.")
REVERBERATE = _card("Reverberate", "{R}{R}", "Instant",
                    "Copy target instant or sorcery spell. You may choose new targets for the copy.")
INTO_THE_ROIL = _card("Into the Roil", "{1}{U}", "Instant",
                      "Kicker {1}{U} (You may pay an additional {1}{U} as you cast this spell.)\nReturn target "
                      "nonland permanent to its owner's hand. If this spell was kicked, draw a card.")
TAWNOS = _card("Tawnos, the Toymaker", "{3}{G}{U}", "Legendary Creature — Human Artificer",
               "Whenever you cast a Beast or Bird creature spell, you may copy it. (The copy becomes a "
               "token.)", pt=("3", "5"))
GRAPESHOT = _card("Grapeshot", "{1}{R}", "Sorcery",
                  "Grapeshot deals 1 damage to any target.\nStorm (When you cast this spell, copy it for "
                  "each spell cast before it this turn. You may choose new targets for the copies.)")
FORK = _card("Fork", "{R}{R}", "Instant",
             "Copy target instant or sorcery spell, except that the copy is red. You may choose new "
             "targets for the copy.")
NARSETS_REVERSAL = _card("Narset's Reversal", "{U}{U}", "Instant",
                         "Copy target instant or sorcery spell, then return it to its owner's hand. You may "
                         "choose new targets for the copy.")
THOUSAND_YEAR_STORM = _card("Thousand-Year Storm", "{4}{U}{R}", "Enchantment",
                            "Whenever you cast an instant or sorcery spell, copy it for each other instant and "
                            "sorcery spell you've cast before it this turn. You may choose new targets for the "
                            "copies.")
INCREASING_VENGEANCE = _card("Increasing Vengeance", "{R}{R}", "Instant",
                             "Copy target instant or sorcery spell you control. If this spell was cast from a "
                             "graveyard, copy that spell twice instead. You may choose new targets for the "
                             "copies.\nFlashback {3}{R}{R} (You may cast this card from your graveyard for its "
                             "flashback cost. Then exile it.)")
KALAMAX = _card("Kalamax, the Stormsire", "{1}{G}{U}{R}", "Legendary Creature — Elemental Dinosaur",
                "Whenever you cast your first instant spell each turn, if Kalamax, the Stormsire is "
                "tapped, copy that spell. You may choose new targets for the copy.\nWhenever you copy an "
                "instant spell, put a +1/+1 counter on Kalamax, the Stormsire.", pt=("4", "4"))
STRIONIC_RESONATOR = _card("Strionic Resonator", "{2}", "Artifact",
                           "{2}, {T}: Copy target triggered ability you control. You may choose new targets for the "
                           "copy.")
HIVE_MIND = _card("Hive Mind", "{5}{U}", "Enchantment",
                  "Whenever a player casts an instant or sorcery spell, each other player copies that spell. "
                  "Each of those players may choose new targets for their copy.")
LITHOFORM_ENGINE = _card("Lithoform Engine", "{4}", "Legendary Artifact",
                         "{2}, {T}: Copy target activated or triggered ability you control. You may choose new "
                         "targets for the copy.\n{3}, {T}: Copy target instant or sorcery spell you control. You "
                         "may choose new targets for the copy.\n{4}, {T}: Copy target permanent spell you control. "
                         "(A copy of a permanent spell becomes a token.)")


def _game(lands: dict[str, int], hand: list[str], theirs: list[str] = (), mine: list[str] = ()) -> tuple[Game, list[int], list[int]]:
    g = Game.empty()
    for land, n in lands.items():
        for _ in range(n):
            g.add_card(land, 0, Zone.BATTLEFIELD)
    for name in mine:
        g.add_card(name, 0, Zone.BATTLEFIELD)
    cards = [g.add_card(name, 0, Zone.HAND) for name in hand]
    for _ in range(5):
        g.add_card("Island", 0, Zone.LIBRARY)
    creatures = [g.add_card(name, 1, Zone.BATTLEFIELD) for name in theirs]
    g.start_at(3, 0, Step.MAIN1)
    return g, cards, creatures


def _pass_until_resolved(g: Game, oid: int) -> list:
    """Both players pass until `oid` has left the stack (or a choice comes up)."""
    events = []
    while oid in g.state.stack and g.pending.kind is DecisionKind.PRIORITY:
        events += g.apply(PassPriority(g.pending.player))
    return events


def _top(g: Game) -> int:
    return g.state.stack[-1]


def _bolt_and_twincast(extra_cards, new_target: bool, more: list[str] = ()):
    extra_cards(TWINCAST)
    g, (bolt, twincast, *_), (bears, lions) = _game({"Mountain": 2, "Island": 2},
                                                     ["Lightning Bolt", "Twincast", *more],
                                                     ["Grizzly Bears", "Savannah Lions"])
    g.apply(CastSpell(0, bolt, targets=(bears,)))
    original = _top(g)
    g.apply(CastSpell(0, twincast, targets=(original,)))
    _pass_until_resolved(g, _top(g))
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.data["choice"] == "new_target" and d.player == 0
    assert d.options[0] == "keep" and d.data["current"] == bears
    assert lions in d.options and "P1" in d.options and bears not in d.options
    events = g.apply(Choose(0, [lions if new_target else "keep"]))
    return g, events, original, bears, lions


@pytest.mark.rules("707.10", "707.10c", "608.2b")
def test_copy_of_lightning_bolt_with_a_new_target(extra_cards):
    g, events, original, bears, lions = _bolt_and_twincast(extra_cards, new_target=True)
    copy = _top(g)
    assert copy != original and g.state.stack == [original, copy]
    assert any(e.kind == "copy" and e.data["object"] == copy for e in events)
    assert not any(e.kind == "cast" for e in events)
    view = g.snapshot(0)["stack"]
    assert [v["copy"] for v in view] == [False, True]
    assert view[1]["targets"] == [lions] and view[1]["owner"] == 0 and view[1]["name"] == "Lightning Bolt"
    _pass_until_resolved(g, copy)
    assert lions not in g.state.battlefield and bears in g.state.battlefield
    _pass_until_resolved(g, original)
    assert bears not in g.state.battlefield


@pytest.mark.rules("707.10", "707.10c")
def test_copy_keeps_the_target_when_the_player_keeps_it(extra_cards):
    g, events, original, bears, lions = _bolt_and_twincast(extra_cards, new_target=False)
    copy = _top(g)
    assert g.state.objects[copy].stack.targets == [[bears]]
    events = _pass_until_resolved(g, copy)
    # The copy dealt its 3 damage to the same creature the original targets.
    assert any(e.kind == "damage" and e.data.get("target") == bears for e in events)
    assert bears not in g.state.battlefield and lions in g.state.battlefield


@pytest.mark.rules("707.10c", "115.1")
def test_a_new_target_must_be_legal(extra_cards):
    extra_cards(REVERBERATE)
    g, (spear, rev), (bears,) = _game({"Mountain": 4}, ["Searing Spear", "Reverberate"], ["Grizzly Bears"])
    g.add_card("Ornithopter", 1, Zone.BATTLEFIELD)
    g.apply(CastSpell(0, spear, targets=("P1",)))
    original = _top(g)
    g.apply(CastSpell(0, rev, targets=(original,)))
    _pass_until_resolved(g, _top(g))
    d = g.pending
    assert d.data["choice"] == "new_target" and d.data["current"] == "P1"
    assert d.options[0] == "keep" and set(d.options[1:]) == {bears, g.state.battlefield[-1], "P0"}
    before = g.to_json()
    for bad in (["P1"], [original], ["keep", "P0"]):
        with pytest.raises(IllegalAction):
            g.apply(Choose(0, bad))
        assert g.to_json() == before
    g.apply(Choose(0, ["P0"]))
    _pass_until_resolved(g, _top(g))
    assert g.state.players[0].life == 17 and g.state.players[1].life == 20


@pytest.mark.rules("707.10", "702.33d")
def test_copy_of_a_kicked_spell_is_kicked(extra_cards):
    extra_cards(TWINCAST, INTO_THE_ROIL)
    g, (roil, twincast), (bears, lions) = _game({"Island": 6}, ["Into the Roil", "Twincast"],
                                                ["Grizzly Bears", "Savannah Lions"])
    g.apply(CastSpell(0, roil, targets=(bears,), kicked=True))
    original = _top(g)
    g.apply(CastSpell(0, twincast, targets=(original,)))
    _pass_until_resolved(g, _top(g))
    g.apply(Choose(0, [lions]))
    copy = _top(g)
    assert g.state.objects[copy].stack.kicked
    hand = len(g.state.players[0].hand)
    _pass_until_resolved(g, copy)
    assert lions not in g.state.battlefield
    assert len(g.state.players[0].hand) == hand + 1      # kicked: the copy draws a card too


@pytest.mark.rules("707.10", "107.3")
def test_copy_of_an_x_spell_keeps_x(extra_cards):
    extra_cards(REVERBERATE)
    g, (blaze, rev), _ = _game({"Mountain": 7}, ["Blaze", "Reverberate"])
    g.apply(CastSpell(0, blaze, targets=("P1",), x=4))
    original = _top(g)
    g.apply(CastSpell(0, rev, targets=(original,)))
    _pass_until_resolved(g, _top(g))
    g.apply(Choose(0, ["keep"]))
    copy = _top(g)
    assert g.state.objects[copy].stack.x == 4
    _pass_until_resolved(g, copy)
    assert g.state.players[1].life == 16
    _pass_until_resolved(g, original)
    assert g.state.players[1].life == 12


@pytest.mark.rules("707.10", "700.2")
def test_modal_copy_keeps_the_chosen_mode(extra_cards):
    extra_cards(REVERBERATE)
    g, (charm, rev), (bears,) = _game({"Mountain": 4}, ["Boros Charm", "Reverberate"], ["Grizzly Bears"])
    g.add_card("Plains", 0, Zone.BATTLEFIELD)
    g.apply(CastSpell(0, charm, modes=(0,), targets=("P1",)))
    original = _top(g)
    g.apply(CastSpell(0, rev, targets=(original,)))
    _pass_until_resolved(g, _top(g))
    d = g.pending
    # Mode 0 targets a player or planeswalker: the creature is no option (the mode can't change).
    assert bears not in d.options and "P0" in d.options
    g.apply(Choose(0, ["keep"]))
    copy = _top(g)
    assert g.state.objects[copy].stack.modes == [0]
    _pass_until_resolved(g, copy)
    assert g.state.players[1].life == 16


@pytest.mark.rules("707.10", "601.2i", "603.2")
def test_copies_are_not_cast(extra_cards):
    extra_cards("Double Vision", "Spellgorger Weird")
    g, (bolt, shock), _ = _game({"Mountain": 2}, ["Lightning Bolt", "Shock"], mine=["Double Vision", "Spellgorger Weird"])
    weird = g.state.battlefield[-1]
    events = g.apply(CastSpell(0, bolt, targets=("P1",)))
    original = g.state.stack[0]
    if g.pending.kind is DecisionKind.CHOOSE:          # the order of the two triggers
        events += g.apply(Choose(0, list(g.pending.options)))
    assert len(g.state.stack) == 3
    while g.state.stack[-1] != original or g.pending.kind is not DecisionKind.PRIORITY:
        d = g.pending
        events += g.apply(Choose(0, ["keep"]) if d.kind is DecisionKind.CHOOSE else PassPriority(d.player))
    assert [e.kind for e in events].count("copy") == 1 and [e.kind for e in events].count("cast") == 1
    assert g.state.players[1].life == 17                 # the copy resolved
    # Spellgorger Weird saw one cast, not two; the copy isn't counted among the spells cast.
    assert g.state.objects[weird].counters == {"+1/+1": 1}
    assert g.state.turn_log["spells_cast"] == [0]
    _pass_until_resolved(g, original)
    assert g.state.players[1].life == 14
    # The second instant this turn isn't the first: Double Vision doesn't trigger again.
    g.apply(CastSpell(0, shock, targets=("P1",)))
    assert len(g.state.stack) == 2                       # Shock and the Weird's trigger only


@pytest.mark.rules("707.10", "608.2b", "704.5e", "707.10a")
def test_copy_fizzles_when_its_target_is_gone_and_ceases_to_exist(extra_cards):
    g, events, original, bears, lions = _bolt_and_twincast(extra_cards, new_target=False, more=["Shock"])
    copy = _top(g)
    shock = [o for o in g.state.players[0].hand if g.state.objects[o].name == "Shock"][0]
    g.apply(CastSpell(0, shock, targets=(bears,)))       # in response: the copy's target dies first
    events = _pass_until_resolved(g, copy)
    assert bears not in g.state.battlefield
    assert any(e.kind == "fizzle" and e.data["object"] == copy for e in events)
    assert any(e.kind == "cease" and e.data["name"] == "Lightning Bolt" for e in events)
    assert not any(o.spell_copy for o in g.state.objects.values())
    assert sorted(g.state.objects[o].name for o in g.state.players[0].graveyard) == ["Shock", "Twincast"]


@pytest.mark.rules("707.10", "701.6a", "704.5e")
def test_countered_copy_ceases_to_exist(extra_cards):
    extra_cards(TWINCAST)
    g, (bolt, twincast), (bears,) = _game({"Mountain": 1, "Island": 2}, ["Lightning Bolt", "Twincast"],
                                          ["Grizzly Bears"])
    counter = g.add_card("Counterspell", 1, Zone.HAND)
    g.add_card("Island", 1, Zone.BATTLEFIELD)
    g.add_card("Island", 1, Zone.BATTLEFIELD)
    g.apply(CastSpell(0, bolt, targets=(bears,)))
    original = _top(g)
    g.apply(CastSpell(0, twincast, targets=(original,)))
    _pass_until_resolved(g, _top(g))
    g.apply(Choose(0, ["P1"]))
    copy = _top(g)
    g.apply(PassPriority(0))
    events = g.apply(CastSpell(1, counter, targets=(copy,)))
    events += _pass_until_resolved(g, _top(g))
    assert any(e.kind == "countered" and e.data["object"] == copy for e in events)
    assert any(e.kind == "cease" for e in events)
    assert g.state.stack == [original]
    assert [g.state.objects[o].name for o in g.state.players[0].graveyard] == ["Twincast"]
    assert g.state.players[1].life == 20


@pytest.mark.rules("707.10f", "608.3f", "603.5", "111.13")
def test_copy_of_a_permanent_spell_becomes_a_token(extra_cards):
    extra_cards(TAWNOS)
    g, (tusker,), _ = _game({"Forest": 2}, ["Kalonian Tusker"], mine=["Tawnos, the Toymaker"])
    g.apply(CastSpell(0, tusker))
    original = g.state.stack[0]
    assert len(g.state.stack) == 2                      # Tawnos's trigger on top
    _pass_until_resolved(g, _top(g))
    assert g.pending.data["choice"] == "yes_no"
    events = g.apply(Choose(0, ["yes"]))
    copy = _top(g)
    assert copy != original and g.state.objects[copy].spell_copy
    assert not any(e.kind == "cast" for e in events)
    _pass_until_resolved(g, copy)
    tokens = [o for o in g.state.battlefield if g.state.objects[o].token is not None]
    assert len(tokens) == 1
    token = tokens[0]
    ch = g.characteristics(token)
    assert (ch.name, ch.power, ch.toughness, str(ch.mana_cost)) == ("Kalonian Tusker", 3, 3, "{G}{G}")
    assert g.state.objects[token].owner == 0 and g.snapshot(0)["battlefield"][-1]["token"]
    _pass_until_resolved(g, original)
    tuskers = [o for o in g.state.battlefield if g.characteristics(o).name == "Kalonian Tusker"]
    assert len(tuskers) == 2


@pytest.mark.rules("702.40a", "707.10", "707.10c")
def test_storm_copies_for_each_spell_cast_before(extra_cards):
    extra_cards(GRAPESHOT)
    g, (shock, spear, grape), (bears,) = _game({"Mountain": 5}, ["Shock", "Searing Spear", "Grapeshot"],
                                               ["Grizzly Bears"])
    for spell in (shock, spear):
        g.apply(CastSpell(0, spell, targets=("P1",)))
        _pass_until_resolved(g, _top(g))
    assert g.state.players[1].life == 15
    g.apply(CastSpell(0, grape, targets=("P1",)))
    assert len(g.state.stack) == 2                      # storm triggered
    _pass_until_resolved(g, _top(g))
    answers = []
    while g.pending.kind is DecisionKind.CHOOSE:
        assert g.pending.data["choice"] == "new_target"
        answers.append(g.pending.data["key"])
        g.apply(Choose(0, [bears]))
    assert len(answers) == 2
    assert len(g.state.stack) == 3                      # two copies above Grapeshot
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert g.state.players[1].life == 14
    assert bears not in g.state.battlefield             # two copies: 2 damage to the 2/2


@pytest.mark.rules("707.10", "704.5e")
def test_a_copy_on_the_stack_survives_clone_and_json(extra_cards):
    g, events, original, bears, lions = _bolt_and_twincast(extra_cards, new_target=True)
    copy = _top(g)
    saved = Game.from_json(g.to_json())
    clone = g.clone()
    for game in (g, saved, clone):
        assert game.state.objects[copy].spell_copy and game.state.objects[copy].stack.is_copy
        assert game.state.objects[copy].stack.targets == [[lions]]
        events = _pass_until_resolved(game, copy)
        assert any(e.kind == "cease" for e in events)
        assert lions not in game.state.battlefield and bears in game.state.battlefield
    assert saved.to_json() == g.to_json()


def _opponents_bolt_copied(extra_cards) -> tuple[Game, int, int]:
    """B bolts A's creature; A copies the Bolt with Twincast: A's new-target decision is pending."""
    extra_cards(TWINCAST)
    g = Game.empty()
    g.add_card("Island", 0, Zone.BATTLEFIELD)
    g.add_card("Island", 0, Zone.BATTLEFIELD)
    twincast = g.add_card("Twincast", 0, Zone.HAND)
    mine = g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.add_card("Mountain", 1, Zone.BATTLEFIELD)
    bolt = g.add_card("Lightning Bolt", 1, Zone.HAND)
    theirs = g.add_card("Savannah Lions", 1, Zone.BATTLEFIELD)
    g.start_at(3, 1, Step.MAIN1)
    g.apply(CastSpell(1, bolt, targets=(mine,)))
    g.apply(PassPriority(1))
    g.apply(CastSpell(0, twincast, targets=(_top(g),)))
    _pass_until_resolved(g, _top(g))
    assert g.pending.data["choice"] == "new_target" and g.pending.player == 0
    return g, mine, theirs


@pytest.mark.rules("707.10c")
def test_ai_players_answer_the_new_target_choice(extra_cards):
    from engine.ai.heuristic import HeuristicPlayer
    from engine.ai.random_player import RandomPlayer
    g, mine, theirs = _opponents_bolt_copied(extra_cards)
    assert len(g.legal_actions()) == len(g.pending.options)
    for seed in range(4):
        g.clone().apply(RandomPlayer(seed).choose(g))
    # The copy is A's: A doesn't keep B's target (A's own creature) but aims it at B's side.
    for player in (HeuristicPlayer(1, lookahead=False), HeuristicPlayer(1)):
        action = player.choose(g)
        assert isinstance(action, Choose) and action.choice[0] in (theirs, "P1")
        game = g.clone()
        game.apply(action)
        _pass_until_resolved(game, _top(game))
        assert mine in game.state.battlefield


@pytest.mark.rules("707.10", "707.9b")
def test_fork_copy_is_red(extra_cards):
    extra_cards(FORK)
    g, (divination, fork), _ = _game({"Island": 3, "Mountain": 2}, ["Divination", "Fork"])
    g.apply(CastSpell(0, divination))
    original = _top(g)
    g.apply(CastSpell(0, fork, targets=(original,)))
    _pass_until_resolved(g, _top(g))
    copy = _top(g)
    assert g.characteristics(copy).colors == {"R"} and g.characteristics(original).colors == {"U"}
    hand = len(g.state.players[0].hand)
    _pass_until_resolved(g, copy)
    assert len(g.state.players[0].hand) == hand + 2


@pytest.mark.rules("707.10", "707.10c")
def test_narsets_reversal_copies_then_returns_the_spell(extra_cards):
    extra_cards(NARSETS_REVERSAL)
    g = Game.empty()
    for _ in range(2):
        g.add_card("Island", 0, Zone.BATTLEFIELD)
    reversal = g.add_card("Narset's Reversal", 0, Zone.HAND)
    g.add_card("Mountain", 1, Zone.BATTLEFIELD)
    bolt = g.add_card("Lightning Bolt", 1, Zone.HAND)
    bears = g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.start_at(3, 1, Step.MAIN1)
    g.apply(CastSpell(1, bolt, targets=("P0",)))
    g.apply(PassPriority(1))
    g.apply(CastSpell(0, reversal, targets=(_top(g),)))
    _pass_until_resolved(g, _top(g))
    g.apply(Choose(0, [bears]))
    assert len(g.state.stack) == 1 and g.state.objects[_top(g)].spell_copy
    assert g.state.objects[_top(g)].controller == 0
    assert [g.state.objects[o].name for o in g.state.players[1].hand] == ["Lightning Bolt"]
    _pass_until_resolved(g, _top(g))
    assert bears not in g.state.battlefield and g.state.players[0].life == 20


@pytest.mark.rules("707.10", "603.2")
def test_thousand_year_storm_copies_for_each_earlier_instant_or_sorcery(extra_cards):
    extra_cards(THOUSAND_YEAR_STORM)
    g, (shock, bolt), _ = _game({"Mountain": 2}, ["Shock", "Lightning Bolt"], mine=["Thousand-Year Storm"])
    g.apply(CastSpell(0, shock, targets=("P1",)))
    assert len(g.state.stack) == 2                      # the trigger, with nothing to copy yet
    _pass_until_resolved(g, _top(g))
    assert len(g.state.stack) == 1
    _pass_until_resolved(g, _top(g))
    g.apply(CastSpell(0, bolt, targets=("P1",)))
    _pass_until_resolved(g, _top(g))
    g.apply(Choose(0, ["keep"]))
    assert len(g.state.stack) == 2 and g.state.objects[_top(g)].spell_copy     # one copy: one spell before
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert g.state.players[1].life == 20 - 2 - 3 - 3


@pytest.mark.rules("707.10", "702.34a")
def test_increasing_vengeance_flashed_back_copies_twice(extra_cards):
    extra_cards(INCREASING_VENGEANCE)
    g, (shock,), _ = _game({"Mountain": 6}, ["Shock"])
    vengeance = g.add_card("Increasing Vengeance", 0, Zone.GRAVEYARD)
    g.apply(CastSpell(0, shock, targets=("P1",)))
    g.apply(CastSpell(0, vengeance, targets=(_top(g),), alt="flashback"))
    _pass_until_resolved(g, _top(g))
    while g.pending.kind is DecisionKind.CHOOSE:
        g.apply(Choose(0, ["keep"]))
    assert [g.state.objects[o].spell_copy for o in g.state.stack] == [False, True, True]
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert g.state.players[1].life == 14


@pytest.mark.rules("707.10", "603.2", "603.4")
def test_kalamax_counts_copies_and_copies_only_when_tapped(extra_cards):
    extra_cards(KALAMAX, TWINCAST)
    g, (shock, twincast), _ = _game({"Mountain": 1, "Island": 2}, ["Shock", "Twincast"], mine=["Kalamax, the Stormsire"])
    kalamax = g.state.battlefield[-1]
    g.apply(CastSpell(0, shock, targets=("P1",)))
    assert len(g.state.stack) == 1                      # untapped: its first trigger's "if" is false
    g.apply(CastSpell(0, twincast, targets=(_top(g),)))
    _pass_until_resolved(g, _top(g))
    g.apply(Choose(0, ["keep"]))
    assert len(g.state.stack) == 3                      # Shock, its copy, Kalamax's counter trigger
    _pass_until_resolved(g, _top(g))
    assert g.state.objects[kalamax].counters == {"+1/+1": 1}


@pytest.mark.rules("707.10", "707.10b", "707.10c")
def test_copy_of_a_triggered_ability_with_a_new_target(extra_cards):
    from engine.core.player_actions import ActivateAbility
    extra_cards(STRIONIC_RESONATOR)
    g, (kavu,), (bears, lions) = _game({"Mountain": 6}, ["Flametongue Kavu"], ["Grizzly Bears", "Savannah Lions"],
                                       mine=["Strionic Resonator"])
    resonator = g.state.battlefield[6]
    g.apply(CastSpell(0, kavu))
    _pass_until_resolved(g, _top(g))
    g.apply(Choose(0, [bears]))                          # Flametongue Kavu's enters trigger
    trigger = _top(g)
    assert g.state.objects[trigger].is_ability
    g.apply(ActivateAbility(0, resonator, 0, targets=(trigger,)))
    _pass_until_resolved(g, _top(g))
    assert g.pending.data["choice"] == "new_target"
    g.apply(Choose(0, [lions]))
    copy = _top(g)
    view = g.snapshot(0)["stack"][-1]
    assert view["kind"] == "ability" and view["targets"] == [lions]
    assert g.state.objects[copy].stack.source_id == g.state.objects[trigger].stack.source_id    # same source
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert bears not in g.state.battlefield and lions not in g.state.battlefield


@pytest.mark.rules("707.10f", "608.3f", "111.13")
def test_lithoform_engine_copies_a_creature_spell_into_a_token(extra_cards):
    from engine.core.player_actions import ActivateAbility
    extra_cards(LITHOFORM_ENGINE)
    g, (bears,), _ = _game({"Forest": 6}, ["Grizzly Bears"], mine=["Lithoform Engine"])
    engine_ = g.state.battlefield[6]
    g.apply(CastSpell(0, bears))
    original = _top(g)
    events = g.apply(ActivateAbility(0, engine_, 2, targets=(original,)))
    _pass_until_resolved(g, _top(g))
    copy = _top(g)
    assert g.state.objects[copy].spell_copy
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    made = [o for o in g.state.battlefield if g.characteristics(o).name == "Grizzly Bears"]
    assert len(made) == 2 and sorted(g.state.objects[o].token is not None for o in made) == [False, True]
    assert not any(e.kind == "cast" for e in events)


@pytest.mark.rules("707.10", "707.10c", "101.4")
def test_hive_mind_gives_the_copy_to_the_other_player(extra_cards):
    extra_cards(HIVE_MIND)
    g, (shock,), _ = _game({"Mountain": 1}, ["Shock"], mine=["Hive Mind"])
    g.apply(CastSpell(0, shock, targets=("P1",)))
    _pass_until_resolved(g, _top(g))
    d = g.pending
    assert d.player == 1 and d.data["choice"] == "new_target"     # B, who copies, chooses
    g.apply(Choose(1, ["P0"]))
    copy = g.state.objects[_top(g)]
    assert copy.controller == 1 and copy.owner == 1 and copy.stack.targets == [["P0"]]
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert (g.state.players[0].life, g.state.players[1].life) == (18, 18)


SCENARIO = """
name  = "Twincast copies Lightning Bolt; the copy goes to B's face"
rules = ["707.10", "707.10c"]

[state]
turn   = 3
active = "A"
step   = "main1"

[players.A]
hand        = ["Lightning Bolt", "Twincast"]
battlefield = ["Mountain", "Island", "Island"]

[players.B]
battlefield = [{ card = "Grizzly Bears", id = "bears" }]

[[do]]
player  = "A"
cast    = "Lightning Bolt"
targets = ["bears"]

[[do]]
player  = "A"
cast    = "Twincast"
targets = ["Lightning Bolt"]

[[do]]
resolve = true

[[do]]
player = "A"
choose = ["B"]

[[do]]
resolve = true

[[do]]
resolve = true

[expect.A]
graveyard = ["Lightning Bolt", "Twincast"]

[expect.B]
life      = 17
graveyard = ["Grizzly Bears"]
"""


@pytest.mark.rules("707.10", "707.10c")
def test_scenario_runner_answers_the_new_target_choice(extra_cards, tmp_path):
    from engine import scenario
    extra_cards(TWINCAST)
    path = tmp_path / "twincast.toml"
    path.write_text(SCENARIO.replace('choose = ["B"]', 'choose = ["keep"]'))
    kept = scenario.run_file(path)
    path.write_text(SCENARIO)
    result = scenario.run_file(path)
    assert result.passed, result.reason
    assert not kept.passed and not kept.malformed and "17" in kept.reason     # kept: B is still at 20


@pytest.mark.rules("707.2", "707.3", "111.4")
def test_sublime_epiphany_creates_a_token_copy_of_a_creature(extra_cards):
    extra_cards("Sublime Epiphany")
    g, (epiphany, clone), _ = _game({"Island": 10}, ["Sublime Epiphany", "Clone"], mine=["Serra Angel"])
    angel = g.state.battlefield[-1]
    g.apply(CastSpell(0, clone))
    _pass_until_resolved(g, _top(g))
    g.apply(Choose(0, [angel]))                         # Clone enters as a copy of Serra Angel
    copied = g.state.battlefield[-1]
    g.apply(CastSpell(0, epiphany, modes=(3,), targets=(copied,)))
    _pass_until_resolved(g, _top(g))
    token = g.state.battlefield[-1]
    o = g.state.objects[token]
    ch = g.characteristics(token)
    # The copiable values are the Clone's: Serra Angel's (707.3), and the token is a token.
    assert o.token is not None and o.controller == 0
    assert (ch.name, ch.power, ch.toughness, str(ch.mana_cost)) == ("Serra Angel", 4, 4, "{3}{W}{W}")
    assert ch.has("flying") and ch.has("vigilance")


@pytest.mark.rules("707.10c")
def test_the_new_target_choice_survives_json_and_clone(extra_cards):
    extra_cards(TWINCAST)
    g, (bolt, twincast), (bears, lions) = _game({"Mountain": 1, "Island": 2}, ["Lightning Bolt", "Twincast"],
                                                ["Grizzly Bears", "Savannah Lions"])
    g.apply(CastSpell(0, bolt, targets=(bears,)))
    g.apply(CastSpell(0, twincast, targets=(_top(g),)))
    _pass_until_resolved(g, _top(g))
    assert g.pending.data["choice"] == "new_target"
    for game in (Game.from_json(g.to_json()), g.clone()):
        assert game.pending.options == g.pending.options
        game.apply(Choose(0, [lions]))
        copy = game.state.objects[_top(game)]
        assert copy.spell_copy and copy.stack.targets == [[lions]]
    assert g.pending.data["choice"] == "new_target"      # the original game is untouched
