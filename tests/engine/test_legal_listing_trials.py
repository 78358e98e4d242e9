"""The legal listing answers from the costs, without trying the cast on a copy of the game, where the cost
says it all: a spell with {X} in its mana cost only, cast with an X chosen (601.2b, 601.2f: that X paid), and an
alternative cost that only sacrifices permanents, with enough of them (118.9, 601.2h). What it lists is what
the engine takes."""
from __future__ import annotations

import pytest

import engine.loop.legal as legal
from engine.core.player_actions import CastSpell
from tests.engine.driving import table


def _no_trials(monkeypatch: pytest.MonkeyPatch) -> None:
    def tried(game, action):
        raise AssertionError(f"{action} tried on a copy")
    monkeypatch.setattr(legal, "_would_work", tried)


def _casts(g, card: int) -> list[CastSpell]:
    return [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == card]


@pytest.mark.rules("601.2b", "601.2f", "107.3a")
def test_an_x_spell_is_listed_for_each_x_it_can_pay_without_a_trial(monkeypatch: pytest.MonkeyPatch) -> None:
    g, ids = table(["Mountain"] * 4, ["Grizzly Bears"], ["Blaze"])
    blaze = ids["Blaze"]
    with monkeypatch.context() as m:
        _no_trials(m)
        casts = _casts(g, blaze)
    # Four Mountains pay {X}{R} for an X of at most 3: the listing offers 0, half and the most
    assert {a.x for a in casts} == {0, 1, 3}
    for act in casts:
        g.clone().apply(act)        # each one the engine takes


@pytest.mark.rules("601.2b", "601.2f")
def test_an_x_spell_is_not_listed_when_its_red_mana_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    g, ids = table(["Plains"] * 3, ["Grizzly Bears"], ["Blaze"])
    with monkeypatch.context() as m:
        _no_trials(m)
        assert _casts(g, ids["Blaze"]) == []


@pytest.mark.rules("118.9", "601.2h")
def test_fireblast_is_listed_by_its_sacrifice_without_a_trial(monkeypatch: pytest.MonkeyPatch) -> None:
    g, ids = table(["Mountain", "Mountain"], ["Grizzly Bears"], ["Fireblast"])
    fireblast = ids["Fireblast"]
    with monkeypatch.context() as m:
        _no_trials(m)
        casts = [a for a in _casts(g, fireblast) if a.alt == "alternative"]
    assert casts                        # two Mountains to sacrifice: its alternative cost can be paid
    for act in casts:
        g.clone().apply(act)
    g, ids = table(["Mountain"], ["Grizzly Bears"], ["Fireblast"])
    assert not [a for a in _casts(g, ids["Fireblast"]) if a.alt == "alternative"]     # one is not enough
