"""A cost can't be paid without the resources it takes (118.3): counters to remove, loyalty to
remove for -X (606.4). Found by the fuzzer: Golem Foundry's "Remove three charge counters" was
activated hundreds of times with no counter on it."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.core.player_actions import ActivateAbility
from tests.engine.driving import resolve_stack, table

GOLEM_FOUNDRY = {"name": "Golem Foundry", "manaCost": "{3}", "type": "Artifact", "types": ["Artifact"],
                 "supertypes": [], "subtypes": [], "colors": [],
                 "text": "Whenever you cast an artifact spell, you may put a charge counter on Golem Foundry.\n"
                         "Remove three charge counters from Golem Foundry: Create a 3/3 colorless Golem artifact "
                         "creature token."}


def _golems(g) -> int:
    return sum(1 for o in g.state.battlefield if g.characteristics(o).name.startswith("Golem Token")
               or "Golem" in g.characteristics(o).subtypes)


@pytest.mark.rules("118.3", "602.2b")
@pytest.mark.parametrize("counters", [0, 2, 3, 5])
def test_removing_counters_needs_the_counters(extra_cards, counters) -> None:
    extra_cards(GOLEM_FOUNDRY)
    g, ids = table(a=["Golem Foundry"])
    foundry = ids["Golem Foundry"]
    if counters:
        g.state.objects[foundry].counters["charge"] = counters
    offered = [a for a in g.legal_actions() if isinstance(a, ActivateAbility) and a.source == foundry]
    if counters < 3:
        assert not offered
        with pytest.raises(IllegalAction, match="charge counters"):
            g.apply(ActivateAbility(0, foundry, 0))
        assert g.state.objects[foundry].counters.get("charge", 0) == counters
        return
    assert offered
    g.apply(offered[0])
    resolve_stack(g)
    assert g.state.objects[foundry].counters.get("charge", 0) == counters - 3
    assert _golems(g) == 1


@pytest.mark.rules("606.4", "118.3")
def test_minus_x_loyalty_needs_x_loyalty() -> None:
    g, ids = table(a=["Chandra Nalaar"], b=["Grizzly Bears"])
    chandra = ids["Chandra Nalaar"]
    loyalty = g.state.objects[chandra].counters["loyalty"]
    abilities = g.characteristics(chandra).activated
    minus_x = next(i for i, ab in enumerate(abilities) if ab.cost.loyalty_x)
    bears = ids["B:Grizzly Bears"]
    with pytest.raises(IllegalAction, match="loyalty"):
        g.apply(ActivateAbility(0, chandra, minus_x, targets=((bears,),), x=loyalty + 1))
    assert g.state.objects[chandra].counters["loyalty"] == loyalty
    assert all(a.x <= loyalty for a in g.legal_actions()
               if isinstance(a, ActivateAbility) and a.source == chandra and a.index == minus_x)
