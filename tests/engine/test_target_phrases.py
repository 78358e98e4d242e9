"""Several target phrases of one spell (601.2c, 115.1): each legal action names which target is for which
phrase, so a card is only ever offered for a phrase whose filter it passes, and a zone said once after
the last of joined card phrases ("... and up to one target sorcery card from your graveyard") is
every phrase's. Found by the fuzzer (issue 14): Pillage offered as the target of "up to one target
instant card"."""
from __future__ import annotations

import pytest

from engine.oracle.compiler import compile_card
from engine.core.enums import Zone
from engine.core.player_actions import CastSpell
from tests.engine.driving import cast_and_resolve, resolve_stack, table

PULL_FROM_THE_DEEP = {"name": "Pull from the Deep", "manaCost": "{2}{U}{U}", "type": "Sorcery", "types": ["Sorcery"],
                      "text": "Return up to one target instant card and up to one target sorcery card from your "
                              "graveyard to your hand. Exile Pull from the Deep."}
PILLAGE = {"name": "Pillage", "manaCost": "{2}{R}{R}", "type": "Sorcery", "types": ["Sorcery"],
           "text": "Destroy target artifact or land. It can't be regenerated."}


def _setup(extra_cards):
    extra_cards(PULL_FROM_THE_DEEP, PILLAGE)
    g, ids = table(["Island"] * 4, [], ["Pull from the Deep"])
    graveyard = {"Pillage": g.add_card("Pillage", 0, Zone.GRAVEYARD),
                 "Lightning Bolt": g.add_card("Lightning Bolt", 0, Zone.GRAVEYARD),
                 "B:Pillage": g.add_card("Pillage", 1, Zone.GRAVEYARD),
                 "B:Lightning Bolt": g.add_card("Lightning Bolt", 1, Zone.GRAVEYARD)}
    return g, ids["Pull from the Deep"], graveyard


@pytest.mark.rules("115.1", "601.2c")
def test_a_zone_said_after_the_last_joined_phrase_is_each_phrases():
    from engine.core.cards import card_records
    (record,) = card_records([PULL_FROM_THE_DEEP])
    instant, sorcery = compile_card(record).spell.modes[0].targets
    assert (instant.zone, instant.filter.owner, instant.filter.types) == ("graveyard", "you", {"Instant"})
    assert (sorcery.zone, sorcery.filter.owner, sorcery.filter.types) == ("graveyard", "you", {"Sorcery"})


@pytest.mark.rules("601.2c", "115.1", "608.2b")
def test_each_legal_cast_puts_each_target_with_its_own_phrase(extra_cards):
    g, pull, grave = _setup(extra_cards)
    casts = [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == pull]
    offered = {t for a in casts for t in _flat(a.targets)}
    assert offered == {grave["Pillage"], grave["Lightning Bolt"]}, "only your own graveyard's cards"
    returned = set()
    for cast in casts:
        trial = g.clone()
        trial.apply(cast)               # a legal action is never refused
        resolve_stack(trial)
        hand = {trial.state.objects[o].name for o in trial.state.players[0].hand}
        assert hand == {g.state.objects[t].name for t in _flat(cast.targets)}, cast
        returned.add(frozenset(hand))
    # every choice the text allows is offered: nothing, either card alone, both
    assert returned == {frozenset(), frozenset({"Pillage"}), frozenset({"Lightning Bolt"}),
                        frozenset({"Pillage", "Lightning Bolt"})}


@pytest.mark.rules("601.2c")
def test_a_lone_sorcery_card_given_flat_for_the_instant_phrase_is_refused(extra_cards):
    from engine.core.errors import IllegalAction
    g, pull, grave = _setup(extra_cards)
    with pytest.raises(IllegalAction, match="not a legal target for up to one target instant card"):
        g.apply(CastSpell(0, pull, targets=(grave["Pillage"],)))
    cast_and_resolve(g, pull, targets=((), (grave["Pillage"],)))       # said per phrase: the sorcery's
    assert [g.state.objects[o].name for o in g.state.players[0].hand] == ["Pillage"]


def _flat(targets) -> list:
    return [t for g in targets for t in (g if isinstance(g, tuple) else (g,))]
