"""Loading a save checks the whole state (issue 14, defect 2): impossible states are refused with a
ValueError naming what is wrong, and whatever is accepted can be played on. A mutation test changes
every field of a real mid-game save one at a time (wrong types, out-of-range values, removal), plus
named cases for the kinds of damage that used to be accepted and crash later."""
from __future__ import annotations

import copy
import json
from typing import Any, Iterator

import pytest

from engine.ai.random_player import RandomPlayer
from engine.core import savecheck
from engine.core.cards import default_pool
from engine.core.errors import IllegalAction
from engine.core.savecheck import SaveError, validate_state
from engine.fuzz.runner import random_deck, supported_names
from engine.game import Game
from engine.core.rng import Rng

# Replacement values: wrong types and out-of-range numbers.
MUTANTS: list[Any] = ["twenty", "P9", None, True, 1.5, float("inf"), float("nan"), -1, 0, 9, 2 ** 63, 10 ** 20, -1e20, [], {},
                     [9], [-1], {"9": 9}]


def _empty_seat(d: dict, i: int) -> dict:
    """A further player (800.1) with nothing in their zones."""
    return copy.deepcopy(d["players"][1]) | {"index": i, "name": chr(ord("A") + i), "library": [], "hand": [],
                                              "graveyard": []}


def _features(g: Game) -> int:
    s = g.state
    return sum([bool(s.stack), s.combat is not None and bool(s.combat.attackers), bool(s.effects),
                any(o.token for o in s.objects.values()), any(o.counters for o in s.objects.values()),
                any(o.attached_to is not None for o in s.objects.values()), bool(s.pending_triggers),
                s.task is not None])


@pytest.fixture(scope="module")
def mid_game() -> str:
    """The save of a seeded random game at its first state with much going on (stack, combat,
    effects, tokens, counters, attachments, triggers, a resumed task: four of these)."""
    names = supported_names(default_pool().names())
    rng = Rng(3)
    decks = [random_deck(rng, names), random_deck(rng, names)]
    g = Game.new(decks, seed=3)
    players = [RandomPlayer(3), RandomPlayer(4)]
    best, best_save = -1, g.to_json()
    while not g.is_over and best < 4:
        g.apply(players[g.pending.player].choose(g))
        if _features(g) > best:
            best, best_save = _features(g), g.to_json()
    return best_save


def leaves(v: Any, path: tuple = ()) -> Iterator[tuple]:
    """Paths to every value of a JSON document (containers too, so that they can be replaced)."""
    yield path
    if isinstance(v, dict):
        for k, x in v.items():
            yield from leaves(x, path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from leaves(x, path + (i,))


def shape(path: tuple) -> tuple:
    return tuple("#" if isinstance(p, int) or (isinstance(p, str) and p.isdigit()) else p for p in path)


def mutated(doc: dict, path: tuple, value: Any) -> dict:
    out = copy.deepcopy(doc)
    target = out
    for p in path[:-1]:
        target = target[p]
    if value is _REMOVE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return out


_REMOVE = object()


def must_refuse_or_play(doc: dict) -> bool:
    """True if refused with a ValueError; if accepted, the game shows its snapshot, lists its legal
    actions and takes one (any exception but IllegalAction fails the test)."""
    text = json.dumps(doc)
    try:
        g = Game.from_json(text)
    except ValueError as e:
        assert str(e) and "\n" not in str(e)
        return True
    g.snapshot()
    g.snapshot(0)
    if not g.is_over:
        actions = g.legal_actions()
        assert actions
        try:
            g.apply(actions[0])
        except IllegalAction:
            pass
    return False


def test_the_mid_game_save_loads_and_plays(mid_game) -> None:
    assert not must_refuse_or_play(json.loads(mid_game))
    assert Game.from_json(mid_game).to_json() == mid_game


@pytest.mark.rules("400.1", "400.7")
def test_every_field_mutated_is_refused_or_playable(mid_game) -> None:
    doc = json.loads(mid_game)
    seen: dict[tuple, int] = {}
    tried = refused = 0
    for path in leaves(doc):
        if not path or path in (("format",), ("version",)):
            continue
        # Two instances of each field of the same shape (each object's `tapped`, ...) are enough.
        key = shape(path)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 2:
            continue
        parent = doc
        for p in path[:-1]:
            parent = parent[p]
        for value in MUTANTS + ([_REMOVE] if isinstance(parent, dict) else []):
            tried += 1
            try:
                refused += must_refuse_or_play(mutated(doc, path, value))
            except Exception as e:
                raise AssertionError(f"{'.'.join(map(str, path))} = {value!r}: {type(e).__name__}: {e}") from e
    assert tried > 1000 and refused > tried // 2


def _named(mid_game: str, change) -> str:
    doc = json.loads(mid_game)
    change(doc)
    return json.dumps(doc)


def _first(doc: dict, zone: str) -> dict:
    oid = doc["players"][0][zone][0]
    return next(o for o in doc["objects"] if o["id"] == oid)


NAMED = {
    "a card in two zones": (lambda d: d["players"][0]["hand"].append(d["players"][0]["library"][0]),
                            "also in"),
    "a card twice in a hand": (lambda d: d["players"][0]["hand"].append(d["players"][0]["hand"][0]),
                               "also in"),
    "a zone field that disagrees with its list": (lambda d: _first(d, "library").update(zone="hand"),
                                                  "says hand"),
    "an unknown zone": (lambda d: _first(d, "library").update(zone="sideboard"), "not one of"),
    "owner 9": (lambda d: _first(d, "library").update(owner=9), "owner"),
    "active player 9": (lambda d: d.update(active=9), "active"),
    "seven players": (lambda d: d["players"].extend(_empty_seat(d, i) for i in range(2, 7)), "7 players"),
    "a third player who owns the second's cards": (
        lambda d: d["players"].append(copy.deepcopy(d["players"][1]) | {"index": 2}), "also in players"),
    "a player who left holds priority": (lambda d: (d["players"].append(_empty_seat(d, 2) | {"lost": True}),
                                                    d.update(priority=2)), "left the game"),
    "one player left in a game not over": (lambda d: d["players"][1].update(lost=True), "fewer than two"),
    "a winner who lost": (lambda d: (d.update(game_over=True, winners=[1]), d["players"][1].update(lost=True)),
                          "who lost"),
    "life \"twenty\"": (lambda d: d["players"][0].update(life="twenty"), "life"),
    "life inf": (lambda d: d["players"][0].update(life=float("inf")), "life"),
    "damage -1e20": (lambda d: _first(d, "library").update(damage=-1e20), "damage"),
    "damage -1": (lambda d: _first(d, "library").update(damage=-1), "damage"),
    "rng of the wrong type": (lambda d: d.update(rng="seed"), "rng"),
    "rng negative": (lambda d: d.update(rng=-5), "rng"),
    "version true": (lambda d: d.update(version=True), "version"),
    "an object in no zone": (lambda d: d["players"][0]["library"].pop(), "in no zone"),
    "a zone listing a missing object": (lambda d: d["exile"].append(99999), "doesn't exist"),
    "a duplicate object id": (lambda d: d["objects"].append(copy.deepcopy(d["objects"][0])), "two objects"),
    "an unknown card": (lambda d: _first(d, "library").update(name="No Such Card"), "doesn't know"),
    "a card with no name": (lambda d: _first(d, "library").update(name=""), "non-empty"),
    "a token with no name that copies nothing": (
        lambda d: _first(d, "library").update(name="", token={"name": "", "power": 1, "toughness": 1, "colors": "",
                                                              "types": "Creature", "abilities": []}), "non-empty"),
    "next_id not above the ids": (lambda d: d.update(next_id=1), "next_id"),
    "a pending decision for player 9": (lambda d: d["pending"].update(player=9), "pending.player"),
    "winners in a game not over": (lambda d: d.update(winners=[0], game_over=False), "winners"),
    "nesting too deep": (lambda d: d["turn_log"].update(deep=json.loads("[" * 100 + "]" * 100)), "nested"),
}


@pytest.mark.rules("400.1", "400.7", "102.1", "104.2a", "800.4a")
@pytest.mark.parametrize("case", sorted(NAMED))
def test_named_damage_is_refused_with_a_message(mid_game, case) -> None:
    change, words = NAMED[case]
    with pytest.raises(ValueError, match=words) as info:
        Game.from_json(_named(mid_game, change))
    assert str(info.value).startswith(("saved game is damaged", "saved game version"))


def test_json_infinity_and_nan_are_refused(mid_game) -> None:
    text = mid_game.replace('"life":20', '"life":Infinity', 1)
    if text == mid_game:
        text = mid_game.replace('"poison":0', '"poison":NaN', 1)
    with pytest.raises(ValueError, match="whole number"):
        Game.from_json(text)


@pytest.mark.rules("613.1f", "702.11a")
def test_a_granted_keyword_is_compiled_data_and_a_save_granting_an_unknown_one_is_refused():
    """A resolved "gains hexproof" keeps the keyword as its text in the state (plain JSON); the layers
    find the compiled keyword the card's definition carries. A save whose effect grants a keyword no
    card of it grants is refused at loading, not played as if the keyword were blank."""
    from engine.core.abilities import Keyword
    from engine.core.cards import card_def
    from engine.core.effect_types import Grant
    from engine.core.enums import Step, Zone
    from engine.core.player_actions import CastSpell, PassPriority

    grants = [e for e in card_def("Blossoming Defense").spell.modes[0].effects if isinstance(e, Grant)]
    assert grants[0].keywords == (Keyword("hexproof"),)
    g = Game.empty()
    g.add_card("Forest", 0, Zone.BATTLEFIELD)
    bears = g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    defense = g.add_card("Blossoming Defense", 0, Zone.HAND)
    for _ in range(3):
        g.add_card("Forest", 0, Zone.LIBRARY)
        g.add_card("Forest", 1, Zone.LIBRARY)
    g.start_at(3, 0, Step.MAIN1)
    g.apply(CastSpell(0, defense, targets=(bears,)))
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    save = json.loads(g.to_json())
    assert [e["params"]["keywords"] for e in save["effects"] if e["params"]["kind"] == "grant"] == [["hexproof"]]
    loaded = Game.from_json(json.dumps(save))
    assert "hexproof" in loaded.characteristics(bears).keyword_texts()
    for e in save["effects"]:
        if e["params"]["kind"] == "grant":
            e["params"]["keywords"] = ["frobnicate"]
    with pytest.raises(ValueError, match="grants keywords none of its cards can grant: frobnicate"):
        Game.from_json(json.dumps(save))


TOKEN_DAMAGE = {
    "a spec that is a list": lambda t: t.update(token=[1]),
    "a type line that is a number": lambda t: t.update(token=dict(t["token"], types=5)),
    "abilities that are a number": lambda t: t.update(token=dict(t["token"], abilities=7)),
    "colors as a list": lambda t: t.update(token=dict(t["token"], colors=["G"])),
    "a copy naming no card": lambda t: t.update(token={"name": "x", "copy_of": "No Such Card"}),
    "a copy's key that is a list": lambda t: t.update(copy_of="token:[1]"),
}


@pytest.mark.rules("111.4", "707.2")
@pytest.mark.parametrize("case", sorted(TOKEN_DAMAGE))
def test_a_damaged_token_spec_is_refused_with_a_message(case) -> None:
    """A token's spec in a save is what effects make, or it is refused before play (a type line of 5 was
    an AttributeError)."""
    from engine.core.cards import token_spec
    from engine.core.enums import Step, Zone
    g = Game.empty()
    for p in (0, 1):
        g.add_card("Forest", p, Zone.LIBRARY)
    g.add_token(token_spec("Saproling Token", 1, 1, "G", "Creature — Saproling"), 0)
    g.start_at(3, 0, Step.MAIN1)
    doc = json.loads(g.to_json())
    Game.from_json(json.dumps(doc))
    token = next(o for o in doc["objects"] if o.get("token"))
    TOKEN_DAMAGE[case](token)
    with pytest.raises(ValueError, match="saved game is damaged"):
        Game.from_json(json.dumps(doc))


def test_a_save_nested_too_deeply_is_refused_with_a_message() -> None:
    """The JSON reader gives up deep nesting with a RecursionError: a bad save all the same (ValueError)."""
    with pytest.raises(ValueError, match="nested too deeply"):
        Game.from_json("[" * 100_000 + "]" * 100_000)


def _verdict(doc: dict) -> str:
    try:
        validate_state(doc)
    except SaveError as e:
        return str(e)
    return "accepted"


@pytest.mark.rules("400.1", "400.7")
def test_the_quick_checks_of_the_save_walk_refuse_what_the_walk_alone_refuses(mid_game, monkeypatch) -> None:
    """The walk tests objects and engine data at once first, and walks field by field only what fails
    that test (to say what is wrong): for every field mutated, the verdict and the message are those of
    the walk alone."""
    doc = json.loads(mid_game)
    seen: dict[tuple, int] = {}
    cases: list[dict] = [doc]
    for path in leaves(doc):
        key = shape(path)
        seen[key] = seen.get(key, 0) + 1
        if not path or path[0] not in ("objects", "turn_log", "lki", "pending", "task", "battlefield", "players") \
                or seen[key] > 2:
            continue
        parent = doc
        for p in path[:-1]:
            parent = parent[p]
        cases += [mutated(doc, path, v) for v in MUTANTS + ([_REMOVE] if isinstance(parent, dict) else [])]
    quick = [_verdict(d) for d in cases]
    real, passed = savecheck._plain_card, []
    monkeypatch.setattr(savecheck, "_plain_card", lambda *args: passed.append(real(*args)) or passed[-1])
    _verdict(doc)
    assert sum(passed) > len(passed) // 2       # most objects of a game pass the quick test
    monkeypatch.setattr(savecheck, "_plain_card", lambda *args: False)
    monkeypatch.setattr(savecheck, "_plain_data", lambda *args: False)
    assert [_verdict(d) for d in cases] == quick
    assert quick[0] == "accepted" and len(cases) > 1000 and quick.count("accepted") < len(cases) // 2


@pytest.mark.rules("506.4c")
def test_a_creature_attacking_a_planeswalker_that_is_gone_is_saved_and_loaded() -> None:
    """A held-out fuzz find (issue 14): a Bird token attacked a planeswalker that combat damage then put into the
    graveyard, and the game ended in that combat damage step; its save was refused on load ("combat.attackers
    must name a player"), though a creature whose planeswalker left combat still attacks, nothing (506.4c)."""
    from engine.core.enums import DecisionKind, Step, Zone
    from engine.core.player_actions import CastSpell, DeclareAttackers, PassPriority
    g = Game.empty()
    for p in (0, 1):
        for _ in range(5):
            g.add_card("Mountain", p, Zone.LIBRARY)
    g.add_card("Mountain", 0, Zone.BATTLEFIELD)
    bolt = g.add_card("Lightning Bolt", 0, Zone.HAND)
    giant = g.add_card("Hill Giant", 0, Zone.BATTLEFIELD)
    jace = g.add_card("Jace Beleren", 1, Zone.BATTLEFIELD)
    g.start_at(3, 0, Step.BEGINNING_OF_COMBAT)
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {giant: jace}))
    g.apply(CastSpell(0, bolt, targets=((jace,),)))
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert g.state.combat.attackers == {giant: None}
    loaded = Game.from_json(g.to_json())
    assert loaded.state.combat.attackers == {giant: None} and loaded.to_json() == g.to_json()
