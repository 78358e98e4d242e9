"""The amount grammar (engine.oracle.amounts; 107.1, 107.3, 700.5, 700.8, 305.6): each construct compiled
from its wording, then played: the number the text says, read at resolution."""
from __future__ import annotations

import pytest

from engine.core.abilities import Amount, Filter, Ref
from engine.core.effect_types import Draw, GainLife
from engine import Game
from engine.core.enums import Step, Zone
from engine.core.player_actions import CastSpell
from tests.engine.driving import cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

YOU = Ref("you")
CREATURES_YOU_CONTROL = Filter(types=frozenset({"Creature"}), controller="you")


def only_effects(d):
    assert d.supported, d.unsupported
    return d.spell.modes[0].effects


@pytest.mark.rules("107.3a")
@pytest.mark.parametrize("text,effect", [
    ("You gain 1 life for each card in your graveyard.", GainLife(YOU, Amount("cards_in_graveyard", ref=YOU))),
    ("Draw a card for each card in your hand.", Draw(YOU, Amount("cards_in_hand", ref=YOU))),
    ("Draw a card for each basic land type among lands you control.", Draw(YOU, Amount("domain"))),
    ("Draw a card for each creature in your party.", Draw(YOU, Amount("party"))),
    ("Draw a card for each opponent you have.", Draw(YOU, Amount("players", ref=Ref("each_opponent")))),
    ("You gain 2 life for each color among permanents you control.",
     GainLife(YOU, Amount("colors_among", filter=Filter(controller="you"), multiplier=2))),
    ("Draw cards equal to the greatest power among creatures you control.",
     Draw(YOU, Amount("greatest_power", filter=CREATURES_YOU_CONTROL))),
    ("Draw cards equal to the highest mana value among permanents you control.",
     Draw(YOU, Amount("greatest_mana_value", filter=Filter(controller="you")))),
    ("You gain life equal to the total power of creatures you control.",
     GainLife(YOU, Amount("total_power", filter=CREATURES_YOU_CONTROL))),
    ("You draw X cards, where X is your devotion to black.", Draw(YOU, Amount("devotion", counter="B"))),
    ("You gain life equal to half your life total, rounded up.",
     GainLife(YOU, Amount("half_up", base=Amount("life_of", ref=YOU)))),
    ("You gain X life, where X is 1 plus the number of cards in your hand.",
     GainLife(YOU, Amount("plus", value=1, base=Amount("cards_in_hand", ref=YOU)))),
])
def test_counted_amount_wordings(card, text, effect):
    assert only_effects(card("Counting", "{1}", "Sorcery", text)) == (effect,)


def _cast(extra_cards, name: str, text: str, *, battlefield=(), graveyard=(), life: int = 20, cards=()):
    """Casts a one-sentence sorcery (its own name: the card pool keeps one definition per name)."""
    extra_cards(record(name, "{W}", "Sorcery", text), *[record(*c) for c in cards])
    g, ids = table(["Plains", *battlefield], [], [name], life_a=life)
    for card_name in graveyard:
        g.add_card(card_name, 0, Zone.GRAVEYARD)
    cast_and_resolve(g, ids[name])
    return g


@pytest.mark.rules("107.3a", "608.2n")
def test_for_each_card_in_graveyard_is_counted_on_resolution(extra_cards):
    g = _cast(extra_cards, "Grave Count", "You gain 1 life for each card in your graveyard.", graveyard=["Plains", "Island"])
    # The spell is still on the stack while it resolves: it goes to the graveyard last (608.2n).
    assert g.state.players[0].life == 20 + 2


@pytest.mark.rules("305.6")
def test_domain_counts_basic_land_types(extra_cards):
    g = _cast(extra_cards, "Domain Count", "Draw a card for each basic land type among lands you control.",
              battlefield=["Island", "Island", "Swamp"])
    assert len(g.state.players[0].hand) == 3     # Plains, Island, Swamp


@pytest.mark.rules("700.5")
def test_devotion_counts_coloured_symbols_of_your_permanents(extra_cards):
    g = _cast(extra_cards, "Devotion Count", "You draw X cards and you lose X life, where X is your devotion to black.",
              battlefield=["Night Priest", "Bog Hybrid"],
              cards=[("Night Priest", "{1}{B}{B}", "Creature — Human Cleric", "", "2/2"),
                     ("Bog Hybrid", "{B/G}{1}", "Creature — Elemental", "", "2/2")])
    assert len(g.state.players[0].hand) == 3 and g.state.players[0].life == 17


@pytest.mark.rules("700.8")
def test_party_fills_each_role_once(extra_cards):
    g = _cast(extra_cards, "Party Count", "Draw a card for each creature in your party.",
              battlefield=["Night Priest", "Temple Cleric", "Battle Mage"],
              cards=[("Night Priest", "{1}{B}", "Creature — Human Cleric", "", "2/2"),
                     ("Temple Cleric", "{1}{W}", "Creature — Human Cleric Rogue", "", "1/1"),
                     ("Battle Mage", "{1}{R}", "Creature — Human Warrior Wizard", "", "2/2")])
    # The Cleric Rogue is the Rogue beside the Cleric; the Warrior Wizard fills one role only.
    assert len(g.state.players[0].hand) == 3


@pytest.mark.rules("107.1a")
def test_half_rounded_up(extra_cards):
    g = _cast(extra_cards, "Half Count", "You lose life equal to half your life total, rounded up.", life=15)
    assert g.state.players[0].life == 7


@pytest.mark.rules("107.3a")
def test_greatest_power_among(extra_cards):
    g = _cast(extra_cards, "Greatest Count", "Draw cards equal to the greatest power among creatures you control.",
              battlefield=["Big One", "Small One"],
              cards=[("Big One", "{4}{G}", "Creature — Beast", "", "4/4"),
                     ("Small One", "{G}", "Creature — Elf", "", "1/1")])
    assert len(g.state.players[0].hand) == 4


@pytest.mark.rules("120.3", "704.5g")
def test_damage_to_itself_equal_to_its_power(extra_cards):
    extra_cards(record("Self Harm", "{W}", "Sorcery", "Target creature deals damage to itself equal to its power."))
    g, ids = table(["Plains"], ["Grizzly Bears"], ["Self Harm"])
    bears = ids["B:Grizzly Bears"]
    cast_and_resolve(g, ids["Self Harm"], targets=((bears,),))
    assert bears not in g.state.battlefield       # 2 damage to a 2/2 (704.5g)


LIFEBLOOD_HYDRA = record("Lifeblood Hydra", "{X}{G}{G}{G}", "Creature — Hydra",
                         "Trample\nLifeblood Hydra enters the battlefield with X +1/+1 counters on it.\nWhen Lifeblood "
                         "Hydra dies, you gain life and draw cards equal to its power.", "0/0")


@pytest.mark.rules("608.2h", "603.10a", "121.1")
def test_gain_life_and_draw_cards_equal_to_its_power(extra_cards):
    """Lifeblood Hydra: one number for both instructions, its power as it last existed (608.2h)."""
    extra_cards(LIFEBLOOD_HYDRA, fully_read=True)
    g = Game.empty()
    for _ in range(8):
        g.add_card("Plains", 0, Zone.LIBRARY)
    hydra = g.add_card("Lifeblood Hydra", 0, Zone.BATTLEFIELD)
    g.state.objects[hydra].counters["+1/+1"] = 3        # as if cast for X = 3: a 3/3
    for _ in range(3):
        g.add_card("Swamp", 0, Zone.BATTLEFIELD)
    murder = g.add_card("Murder", 0, Zone.HAND)
    g.start_at(3, 0, Step.MAIN1)
    hand = len(g.state.players[0].hand)
    cast_and_resolve(g, murder, targets=((hydra,),))
    resolve_stack(g)
    assert g.state.players[0].life == 23 and len(g.state.players[0].hand) == hand - 1 + 3


SOULS_MAJESTY = record("Soul's Majesty", "{4}{G}", "Sorcery", "Draw cards equal to the power of target creature you control.")


@pytest.mark.rules("115.1", "121.2", "608.2h")
def test_draw_cards_equal_to_the_power_of_target_creature_you_control(extra_cards):
    """The amount names the spell's target: Serra Angel's power, 4."""
    extra_cards(SOULS_MAJESTY, fully_read=True)
    g, ids = table(["Forest"] * 5 + ["Serra Angel"], ["Craw Wurm"], ["Soul's Majesty"])
    hand = len(g.state.players[0].hand)
    cast_and_resolve(g, ids["Soul's Majesty"], targets=((ids["Serra Angel"],),))
    assert len(g.state.players[0].hand) == hand - 1 + 4


@pytest.mark.rules("601.2f", "700.8")
def test_self_cost_reduction_for_each(card, extra_cards):
    text = "This spell costs {1} less to cast for each creature in your party.\nYou gain 3 life."
    d = card("Party Tithe", "{4}{W}", "Sorcery", text)
    assert d.supported and d.static[0].kind == "self_cost_reduction" and d.static[0].params == (1, Amount("party"))
    extra_cards(record("Party Tithe", "{4}{W}", "Sorcery", text),
                record("Night Priest", "{1}{B}", "Creature — Human Cleric", "", "2/2"),
                record("Battle Mage", "{1}{R}", "Creature — Human Warrior", "", "2/2"))
    g, ids = table(["Plains", "Night Priest", "Battle Mage"], [], ["Party Tithe"])
    for _ in range(2):
        g.add_card("Plains", 0, Zone.BATTLEFIELD)
    cast_and_resolve(g, ids["Party Tithe"])        # {4}{W} less {2}: three Plains pay it
    assert g.state.players[0].life == 23


@pytest.mark.rules("107.3m", "614.1c")
@pytest.mark.parametrize("x", [3, 0])
def test_enters_with_x_counters_counts_the_x_paid(extra_cards, x):
    extra_cards(record("Orochi Hatchery", "{X}{X}", "Artifact",
                       "Orochi Hatchery enters the battlefield with X charge counters on it.\n{5}, {T}: Create a 1/1 "
                       "colorless Snake artifact creature token for each charge counter on Orochi Hatchery."))
    g, ids = table(["Plains"] * 6, [], ["Orochi Hatchery"])
    cast_and_resolve(g, ids["Orochi Hatchery"], x=x)
    (hatchery,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Orochi Hatchery"]
    # X = 0: no counters at all, not an entry of zero counters.
    assert g.state.objects[hatchery].counters == ({"charge": 3} if x else {})


@pytest.mark.rules("107.3a", "613.4c")
def test_where_x_is_in_a_static_ability_is_counted_as_it_applies(extra_cards):
    extra_cards(record("Death's Shadow", "{B}", "Creature — Avatar",
                       "Death's Shadow gets -X/-X, where X is your life total.", "13/13"))
    g, ids = table(["Death's Shadow", "Mountain"], [], ["Lightning Bolt"], life_a=10)
    assert (g.characteristics(ids["Death's Shadow"]).power, g.characteristics(ids["Death's Shadow"]).toughness) == (3, 3)
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P0",),))     # A bolts itself: 10 -> 7 life
    assert g.characteristics(ids["Death's Shadow"]).power == 6


@pytest.mark.rules("107.3a")
def test_a_bare_x_in_a_static_ability_is_unread(card):
    assert card("Bare X", "{1}{W}", "Enchantment — Aura", "Enchant creature\nEnchanted creature gets +X/+0.").unsupported


@pytest.mark.rules("107.3a", "118.12")
def test_for_each_multiplies_a_number_the_clause_reads(card):
    from engine.core.effect_types import MayPay
    d = card("Fetter Test", "{2}{U}", "Creature — Spirit", "At the beginning of your upkeep, sacrifice Fetter Test "
             "unless you pay {1} for each other creature you control.", "3/4")
    (pay,) = d.triggered[0].mode.effects
    assert isinstance(pay, MayPay) and pay.times.kind == "count" and pay.times.filter.other
    # A clause with no number to multiply can't silently drop its "for each".
    assert card("Odd Untap", "{G}", "Sorcery", "Untap target land for each Forest you control.").unsupported


@pytest.mark.rules("107.3a", "201.2", "608.2n")
def test_cards_named_this_in_your_graveyard(extra_cards):
    extra_cards("Frantic Inventory")      # M21: "Draw a card, then draw cards equal to the number of cards named
    g, ids = table(["Island", "Island"], [], ["Frantic Inventory"])       # Frantic Inventory in your graveyard."
    for _ in range(2):
        g.add_card("Frantic Inventory", 0, Zone.GRAVEYARD)
    hand = len(g.state.players[0].hand)
    cast_and_resolve(g, ids["Frantic Inventory"])
    # One card, then two: the spell itself is still on the stack as it resolves.
    assert len(g.state.players[0].hand) == hand - 1 + 3


@pytest.mark.rules("107.3a", "118.12")
def test_unless_its_controller_pays_one_for_each(extra_cards):
    from engine.core.enums import DecisionKind
    from engine.core.player_actions import PassPriority
    extra_cards(record("Override", "{2}{U}", "Instant",
                       "Counter target spell unless its controller pays {1} for each artifact you control."))
    # A controls two artifacts: B must pay {2} for its Grizzly Bears, and asks for exactly that.
    g, ids = table(["Island", "Island", "Island", "Ornithopter", "Ornithopter"], ["Forest"] * 4, ["Override"],
                   active=1)
    bears = g.add_card("Grizzly Bears", 1, Zone.HAND)
    g.apply(next(a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == bears))
    g.apply(PassPriority(1))
    g.apply(CastSpell(0, ids["Override"], targets=((g.state.stack[-1],),)))
    while g.pending.kind is DecisionKind.PRIORITY and len(g.state.stack) == 2:
        g.apply(PassPriority(g.pending.player))
    assert g.pending.player == 1 and "{2}" in g.pending.prompt, g.pending.prompt


@pytest.mark.rules("107.3a", "614.1c")
def test_enters_with_a_counter_for_each(card):
    d = card("Grave Test", "{3}{B}", "Creature — Zombie", "Grave Test enters the battlefield with a +1/+1 counter on it "
             "for each creature card in your graveyard.", "0/0")
    (st,) = d.static
    assert dict(st.params)["counters"] == (("+1/+1", Amount("cards_in_graveyard", ref=YOU,
                                                           filter=Filter(types=frozenset({"Creature"})))),)
    d = card("Depletion Test", None, "Land", "Depletion Test enters the battlefield tapped with two depletion counters "
             "on it.")
    assert [s.kind for s in d.static] == ["enters_tapped", "enters_with_counters"]


def _token_pts(g) -> list[tuple[int, int]]:
    tokens = [oid for oid in g.state.battlefield if g.state.objects[oid].token]
    return [(g.characteristics(t).power, g.characteristics(t).toughness) for t in tokens]


@pytest.mark.rules("107.3a", "111.1")
def test_x_x_token_takes_x_from_the_where_clause(extra_cards):
    # "Create an X/X ... token, where X is ...": the clause says what X is (Kin-Tree Invocation's wording);
    # a token made 0/0 here would die at once (704.5f).
    g = _cast(extra_cards, "Tall Kin", "Create an X/X black Spirit creature token, where X is your life total.", life=6)
    assert _token_pts(g) == [(6, 6)]


@pytest.mark.rules("107.3a", "111.1")
def test_x_x_token_takes_the_spells_x(extra_cards):
    extra_cards(record("Ooze Call", "{X}{W}", "Sorcery", "Create an X/X green Ooze creature token."))
    g, ids = table(["Plains", "Plains", "Plains"], [], ["Ooze Call"])
    cast_and_resolve(g, ids["Ooze Call"], x=2)
    assert _token_pts(g) == [(2, 2)]
