"""Conspiracies (315) and hidden agenda (702.106): brought beside the decks, they start the game in the command zone,
those with hidden agenda face down with a card name secretly chosen; a face-up one's abilities work from there
(113.6p, 315.5); turning a face-down one face up is a special action (116.2j). Played with real cards (Conspiracy)."""
from __future__ import annotations

import json

import pytest

from engine import Game
from engine.core.abilities import Filter
from engine.core.cards import card_def
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority, TurnFaceUp
from engine.effects.entering import card_names
from engine.rules.conspiracies import put_conspiracies
from tests.engine.driving import attack, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

HIDDEN = ("Hidden agenda (Start the game with this conspiracy face down in the command zone and secretly choose a card "
          "name. You may turn this conspiracy face up any time and reveal that name.)")
DOUBLE_STROKE = record("Double Stroke", None, "Conspiracy",
                       f"{HIDDEN}\nWhenever you cast an instant or sorcery spell with the chosen name, you may copy "
                       "it. You may choose new targets for the copy.")
ADRIANAS_VALOR = record("Adriana's Valor", None, "Conspiracy",
                        f"{HIDDEN}\nWhenever a creature you control with the chosen name attacks, you may pay {{W}}. If "
                        "you do, that creature gains indestructible until end of turn. (Damage and effects that say "
                        "\"destroy\" don't destroy it.)")
INCENDIARY_DISSENT = record("Incendiary Dissent", None, "Conspiracy",
                            f"{HIDDEN}\nCreatures you control with the chosen name have \"{{R}}: This creature gets "
                            "+1/+0 until end of turn.\"")
HYMN_OF_THE_WILDS = record("Hymn of the Wilds", None, "Conspiracy",
                           "(Start the game with this conspiracy face up in the command zone.)\nThe first creature "
                           "spell you cast each turn costs {1} less to cast.\nYou can't cast instant or sorcery spells.")
DECK = ["Grizzly Bears"] * 20 + ["Forest"] * 20


def _settle(g: Game) -> None:
    """Passes until the stack is empty, answering "yes" to each "you may" and the first option to any other choice."""
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        g.apply(Choose(d.player, ("yes",) if "yes" in d.options else (d.options[0],)) if d.kind is DecisionKind.CHOOSE
                else PassPriority(d.player))


def _command(g: Game, player: int) -> list:
    return [g.state.objects[x] for x in g.state.command if g.state.objects[x].owner == player]


@pytest.mark.rules("315.2", "315.3", "103.2e", "702.106a", "702.106f")
def test_conspiracies_start_in_the_command_zone_those_with_hidden_agenda_face_down_with_a_name(extra_cards):
    extra_cards(DOUBLE_STROKE, HYMN_OF_THE_WILDS)
    g = Game.new([DECK, DECK], seed=1, conspiracies=[[("Double Stroke", ["Lightning Bolt"]), "Hymn of the Wilds"], []])
    stroke, hymn = _command(g, 0)
    assert (stroke.name, stroke.face_down, stroke.chosen["card_name"]) == ("Double Stroke", True, ["Lightning Bolt"])
    assert (hymn.name, hymn.face_down, hymn.chosen) == ("Hymn of the Wilds", False, {})
    assert not _command(g, 1) and len(g.state.players[0].library) + len(g.state.players[0].hand) == 40
    assert g.characteristics(stroke.id).name == "" and not g.characteristics(stroke.id).types     # 315.5b
    with pytest.raises(IllegalAction):                     # hidden agenda: one name is chosen
        Game.new([DECK, DECK], seed=1, conspiracies=[["Double Stroke"], []])
    with pytest.raises(IllegalAction):                     # no hidden agenda: no name
        Game.new([DECK, DECK], seed=1, conspiracies=[[("Hymn of the Wilds", ["Shock"])], []])
    with pytest.raises(IllegalAction):                     # 315.3: never in a deck
        Game.new([DECK + ["Hymn of the Wilds"], DECK], seed=1)
    with pytest.raises(IllegalAction):                     # no conspiracy
        Game.new([DECK, DECK], seed=1, conspiracies=[["Grizzly Bears"], []])


@pytest.mark.rules("315.5", "113.6p", "601.2f")
def test_a_face_up_conspiracys_static_abilities_work_from_the_command_zone(extra_cards):
    extra_cards(HYMN_OF_THE_WILDS)
    g, ids = table(["Forest"], hand_a=["Grizzly Bears", "Giant Growth", "Llanowar Elves"])
    put_conspiracies(g, 0, ["Hymn of the Wilds"])
    assert not any(isinstance(a, CastSpell) and a.card == ids["Giant Growth"] for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Giant Growth"], targets=((ids["Grizzly Bears"],),)))
    cast_and_resolve(g, ids["Grizzly Bears"])              # {1}{G} costs {G}: one Forest pays for it
    assert any(g.state.objects[x].name == "Grizzly Bears" for x in g.state.battlefield)
    with pytest.raises(IllegalAction):                     # only the first creature spell each turn costs less
        g.apply(CastSpell(0, ids["Llanowar Elves"]))


@pytest.mark.rules("702.106c", "116.2j", "315.5", "702.106d", "707.10")
def test_a_hidden_agenda_works_once_turned_face_up_a_special_action_at_priority(extra_cards):
    extra_cards(DOUBLE_STROKE)
    g, ids = table(["Mountain", "Mountain"], hand_a=["Lightning Bolt", "Shock"])
    put_conspiracies(g, 0, [("Double Stroke", ["Lightning Bolt"])])
    stroke = g.state.command[0]
    cast_and_resolve(g, ids["Shock"], targets=(("P1",),))
    assert g.state.players[1].life == 18                   # face down: no ability (315.5b)
    act = TurnFaceUp(0, stroke)
    assert act in g.legal_actions() and TurnFaceUp(1, stroke) not in g.legal_actions()
    g.apply(act)
    assert not g.state.objects[stroke].face_down and g.pending.player == 0          # 116.3c: priority again
    assert act not in g.legal_actions()
    g.apply(CastSpell(0, ids["Lightning Bolt"], targets=(("P1",),)))
    _settle(g)
    assert g.state.players[1].life == 12                   # the Bolt and its copy


@pytest.mark.rules("702.106d", "315.5", "603.2")
def test_the_chosen_name_picks_the_creatures_a_face_up_conspiracy_affects(extra_cards):
    extra_cards(ADRIANAS_VALOR, INCENDIARY_DISSENT)
    g, ids = table(["Grizzly Bears", "Llanowar Elves", "Plains", "Mountain"], step=Step.BEGINNING_OF_COMBAT)
    bears, elves = ids["Grizzly Bears"], ids["Llanowar Elves"]
    put_conspiracies(g, 0, [("Adriana's Valor", ["Grizzly Bears"]), ("Incendiary Dissent", ["Grizzly Bears"])])
    for oid in list(g.state.command):
        g.apply(TurnFaceUp(0, oid))
    pumps = [[ab for ab in g.characteristics(x).activated if ab.text.startswith("{R}")] for x in (bears, elves)]
    assert len(pumps[0]) == 1 and not pumps[1]
    attack(g, bears, elves)
    _settle(g)                                             # "you may pay {W}": yes, for the Bears alone
    assert g.characteristics(bears).has("indestructible") and not g.characteristics(elves).has("indestructible")
    g.apply(ActivateAbility(0, bears, 0))
    resolve_stack(g)
    assert g.characteristics(bears).power == 3


@pytest.mark.rules("315.7", "702.106b", "702.106c")
def test_the_name_is_hidden_from_the_opponent_until_turned_face_up_and_survives_a_save(extra_cards):
    extra_cards(DOUBLE_STROKE)
    g, ids = table(["Mountain"])
    put_conspiracies(g, 0, [("Double Stroke", ["Lightning Bolt"])])
    stroke = g.state.command[0]
    mine, theirs = (g.snapshot(v)["players"][0]["command"][0] for v in (0, 1))
    assert mine["name"] == "Double Stroke" and mine["chosen_names"] == ["Lightning Bolt"]
    assert theirs["hidden"] and "Lightning Bolt" not in json.dumps(theirs) and "Double Stroke" not in json.dumps(theirs)
    again = Game.from_json(g.to_json())
    assert again.state.objects[stroke].chosen["card_name"] == ["Lightning Bolt"] and again.state.objects[stroke].face_down
    g.apply(TurnFaceUp(0, stroke))
    assert g.snapshot(1)["players"][0]["command"][0]["chosen_names"] == ["Lightning Bolt"]
    assert g.state.objects[stroke].zone is Zone.COMMAND


COGWORK_LIBRARIAN = record("Cogwork Librarian", "{4}", "Artifact Creature — Construct",
                           "Draft Cogwork Librarian face up.\nAs you draft a card, you may draft an additional card "
                           "from that booster pack. If you do, put Cogwork Librarian into that booster pack.", "3/3")
DEAL_BROKER = record("Deal Broker", "{3}", "Artifact Creature — Construct",
                     "Draft Deal Broker face up.\nImmediately after the draft, you may reveal a card in your card pool. "
                     "Each other player may offer you one card in their card pool in exchange. You may accept any one "
                     "offer.\n{T}: Draw a card, then discard a card.", "2/3")
PYRETIC_HUNTER = record("Pyretic Hunter", "{4}{R}", "Creature — Elemental Cat",
                        "Reveal Pyretic Hunter as you draft it and note how many cards you've drafted this draft "
                        "round, including Pyretic Hunter.\nPyretic Hunter enters with X +1/+1 counters on it, where X "
                        "is the highest number you noted for cards named Pyretic Hunter.", "2/2")


@pytest.mark.rules("905.2", "905.2b", "905.2c")
def test_draft_abilities_do_nothing_in_a_game_and_what_reads_draft_notes_stays_unread(extra_cards):
    """905.2: those abilities function during the draft; the game comes after it. An ability of the game that reads
    what was noted in the draft can't be played: the game doesn't know the notes."""
    from engine.oracle import compile_card
    librarian, broker, hunter = (compile_card(r) for r in (COGWORK_LIBRARIAN, DEAL_BROKER, PYRETIC_HUNTER))
    assert not librarian.unsupported and not (librarian.activated or librarian.triggered or librarian.static)
    assert not broker.unsupported and len(broker.activated) == 1 and not (broker.triggered or broker.static)
    assert hunter.unsupported == ("Pyretic Hunter enters with X +1/+1 counters on it, where X is the highest number "
                                  "you noted for cards named Pyretic Hunter",)
    extra_cards(COGWORK_LIBRARIAN, DEAL_BROKER)
    g, ids = table(["Deal Broker", "Plains", "Plains", "Plains", "Plains"], hand_a=["Cogwork Librarian"])
    cast_and_resolve(g, ids["Cogwork Librarian"])
    ch = g.characteristics(next(x for x in g.state.battlefield if g.state.objects[x].name == "Cogwork Librarian"))
    assert (ch.power, ch.toughness) == (3, 3) and not ch.activated and not ch.triggered
    g.apply(ActivateAbility(0, ids["Deal Broker"], 0))
    _settle(g)
    assert len(g.state.players[0].graveyard) == 1 and g.state.objects[ids["Deal Broker"]].tapped


@pytest.mark.rules("315.5", "113.6p")
def test_a_conspiracy_ability_that_would_not_work_from_the_command_zone_stays_unread():
    """315.5: a conspiracy's static and triggered abilities work from the command zone; an activated ability, or a
    static ability whose rule looks only at the permanents, isn't carried out there: unread, not played wrong."""
    from engine.oracle import compile_card
    activated = compile_card(record("Probe Conspiracy", None, "Conspiracy", "{T}: Draw a card."))
    assert activated.unsupported == ("{T}: Draw a card.",) and not activated.activated
    pump = compile_card(record("Probe Conspiracy", None, "Conspiracy", f"{HIDDEN}\nCreatures you control with the "
                               "chosen name get +1/+1."))
    assert not pump.unsupported and [st.kind for st in pump.static] == ["pump"]


UNEXPECTED_POTENTIAL = record("Unexpected Potential", None, "Conspiracy",
                              f"{HIDDEN}\nYou may spend mana as though it were mana of any color to cast spells with the "
                              "chosen name.")


@pytest.mark.rules("702.106c", "702.106d", "609.4b", "315.5b")
def test_unexpected_potential_spends_any_mana_on_spells_with_the_chosen_name_once_face_up(extra_cards):
    # The compiled-sample check of Unexpected Potential (seed 11): a scenario file can't set up a hidden agenda.
    extra_cards(UNEXPECTED_POTENTIAL)
    g, ids = table(["Mountain", "Mountain"], hand_a=["Grizzly Bears", "Llanowar Elves"])
    put_conspiracies(g, 0, [("Unexpected Potential", ["Grizzly Bears"])])
    with pytest.raises(IllegalAction):                     # face down: no ability (315.5b), {G} can't be paid
        g.apply(CastSpell(0, ids["Grizzly Bears"]))
    g.apply(TurnFaceUp(0, g.state.command[0]))
    with pytest.raises(IllegalAction):                     # another name: red mana is still red (609.4b)
        g.apply(CastSpell(0, ids["Llanowar Elves"]))
    cast_and_resolve(g, ids["Grizzly Bears"])              # {1}{G} paid with two Mountains
    assert any(g.state.objects[x].name == "Grizzly Bears" for x in g.state.battlefield)


@pytest.mark.rules("201.3", "400.2")
def test_a_card_name_of_a_kind_none_of_the_choosers_cards_has_is_still_offered() -> None:
    """'Choose a creature card name' by a player none of whose cards is a creature: any card may be named, so the
    names offered are the shipped pool's creatures, whatever the opponent's hidden cards are."""
    offered = []
    for hidden in ("Serra Angel", "Grizzly Bears"):
        g = Game.empty(seed=1)
        g.add_card("Plains", 0, Zone.HAND)
        g.add_card(hidden, 1, Zone.HAND)
        offered.append(card_names(g.state, Filter(types=frozenset({"Creature"})), 0))
    assert offered[0] == offered[1] and "Grizzly Bears" in offered[0]
    assert all("Creature" in card_def(name).types for name in offered[0])
