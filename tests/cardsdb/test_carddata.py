import pytest

from cardsdb.carddata import fold_name, mana_value_of, numeric_stat, split_type_line


@pytest.mark.rules("205.4a", "300.1", "205.3m")
def test_type_line_splits_into_supertypes_types_and_subtypes():
    assert split_type_line("Legendary Artifact Creature — Golem") == (
        ["Legendary"], ["Artifact", "Creature"], ["Golem"])
    assert split_type_line("Basic Snow Land — Forest") == (["Basic", "Snow"], ["Land"], ["Forest"])
    assert split_type_line("Tribal Instant — Goblin") == ([], ["Kindred", "Instant"], ["Goblin"])
    assert split_type_line("Creature — Time Lord Doctor")[2] == ["Time Lord", "Doctor"]
    assert split_type_line("Sorcery") == ([], ["Sorcery"], [])


@pytest.mark.rules("202.3", "202.3e", "202.3f", "202.3g")
def test_mana_value_of_a_cost():
    assert mana_value_of("{3}{R}{R}") == 5
    assert mana_value_of("{X}{R}") == 1          # X counts as zero off the stack
    assert mana_value_of("{2/W}{2/W}") == 4      # a monocolored hybrid counts its larger part
    assert mana_value_of("{W/U}{G/P}") == 2
    assert mana_value_of(None) == 0


def test_numeric_stats_treat_star_as_zero():
    assert numeric_stat("4") == 4
    assert numeric_stat("*") == 0
    assert numeric_stat("1+*") == 1
    assert numeric_stat(None) is None


def test_folded_names_ignore_case_accents_quotes_and_split_separators():
    assert fold_name("Lim-Dûl's Vault") == fold_name("lim-dul\u2019s vault")
    assert fold_name("Æther Vial") == fold_name("aether vial")
    assert fold_name("Fire/Ice") == fold_name("Fire // Ice") == fold_name("fire /// ice")
