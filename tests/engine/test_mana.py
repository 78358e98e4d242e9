import pytest

from engine.core.mana import ManaCost, ManaCostError, ManaSource, find_payment, pool_from_text


def empty():
    return pool_from_text("")


@pytest.mark.rules("202.3", "202.3e", "107.3b", "202.3f")
@pytest.mark.parametrize("cost, mv", [("{3}{R}", 4), ("{X}{R}", 1), ("{2/W}{2/W}", 4), ("{W/P}", 1),
                                       ("{W/U}{B}", 2), ("", 0), ("{C}{C}", 2)])
def test_mana_value(cost, mv):
    assert ManaCost.parse(cost).mana_value == mv


@pytest.mark.rules("202.2")
def test_colors_come_from_the_cost():
    assert ManaCost.parse("{1}{W/U}{B}").colors == {"W", "U", "B"}
    assert ManaCost.parse("{4}").colors == frozenset()


def test_malformed_cost_is_refused():
    with pytest.raises(ManaCostError):
        ManaCost.parse("{Q}{")
    with pytest.raises(ManaCostError):
        ManaCost.parse("{K}")


@pytest.mark.rules("107.3a", "601.2f")
def test_x_is_replaced_by_its_value():
    assert str(ManaCost.parse("{X}{R}").with_x(3)) == "{3}{R}"


@pytest.mark.rules("106.4", "601.2h")
def test_pool_pays_first():
    pay = find_payment(pool_from_text("RR"), [ManaSource(1, 0, ("R",), 0)], ManaCost.parse("{1}{R}"))
    assert pay.from_pool == "RR" and pay.sources == ()


@pytest.mark.rules("605.3a", "601.2g")
def test_fewest_sources_and_lands_before_creatures():
    sources = [ManaSource(1, 0, ("G",), 2), ManaSource(2, 0, ("G",), 0), ManaSource(3, 0, ("R",), 0)]
    pay = find_payment(empty(), sources, ManaCost.parse("{G}"))
    assert [s[0] for s in pay.sources] == [2]
    pay = find_payment(empty(), sources, ManaCost.parse("{1}{G}"))
    assert sorted(s[0] for s in pay.sources) == [2, 3]


@pytest.mark.rules("107.4e")
def test_hybrid_either_color():
    sources = [ManaSource(1, 0, ("U",), 0)]
    assert find_payment(empty(), sources, ManaCost.parse("{W/U}")) is not None
    assert find_payment(empty(), sources, ManaCost.parse("{W/B}")) is None


@pytest.mark.rules("107.4f", "119.4")
def test_phyrexian_mana_or_two_life():
    w = [ManaSource(1, 0, ("W",), 0)]
    assert find_payment(empty(), w, ManaCost.parse("{W/P}"), life_available=20).life == 0
    assert find_payment(empty(), [], ManaCost.parse("{W/P}"), life_available=20).life == 2
    assert find_payment(empty(), [], ManaCost.parse("{W/P}"), life_available=1) is None


@pytest.mark.rules("106.1b", "107.4c")
def test_colorless_symbol_needs_colorless_mana():
    assert find_payment(empty(), [ManaSource(1, 0, ("R",), 0)], ManaCost.parse("{C}")) is None
    assert find_payment(empty(), [ManaSource(1, 0, ("CC",), 0)], ManaCost.parse("{C}{1}")) is not None


def test_multi_option_sources_choose_the_needed_color():
    sources = [ManaSource(1, 0, ("W", "B"), 0), ManaSource(2, 0, ("R", "W"), 0)]
    pay = find_payment(empty(), sources, ManaCost.parse("{B}{R}"))
    assert sorted(pay.sources) == [(1, 0, "B"), (2, 0, "R")]


def test_many_identical_lands_are_fast_and_minimal():
    sources = [ManaSource(i, 0, ("R",), 0) for i in range(30)]
    pay = find_payment(empty(), sources, ManaCost.parse("{9}{R}"))
    assert len(pay.sources) == 10
