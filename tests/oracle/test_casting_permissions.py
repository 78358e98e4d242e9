"""The permission to play cards exiled from the top of a library, read as the ExileTop effect's `play`."""
from __future__ import annotations

import pytest

from engine.core.effect_types import ExileTop
from engine.oracle.compiler import compile_card


def _effects(text: str):
    d = compile_card({"name": "Probe", "manaCost": "{1}{R}", "types": ["Sorcery"], "type": "Sorcery", "text": text})
    assert not d.unsupported, d.unsupported
    return d.spell.modes[0].effects


@pytest.mark.rules("601.2a", "305.1")
@pytest.mark.parametrize("text, play, cast_only", [
    ("Exile the top card of your library. You may play that card this turn.", "turn", False),
    ("Exile the top card of your library. Until end of turn, you may play that card.", "turn", False),
    ("Exile the top two cards of your library. Until the end of your next turn, you may play those cards.",
     "your_next_turn", False),
    ("Exile the top card of your library. You may cast it for as long as it remains exiled.", "exiled", True),
    ("Exile the top card of your library.", "", False),
])
def test_exile_top_and_the_permission(text, play, cast_only):
    (e,) = _effects(text)
    assert isinstance(e, ExileTop) and (e.play, e.cast_only) == (play, cast_only)


@pytest.mark.rules("400.7")
def test_it_after_exiling_the_top_card_is_not_read_as_something_else():
    d = compile_card({"name": "Probe", "manaCost": "{1}", "types": ["Artifact"], "type": "Artifact",
                      "text": "{T}: Exile the top card of your library. Put a +1/+1 counter on it."})
    assert d.unsupported
