"""Casting without paying the mana cost, an alternative cost of nothing (118.9): the permission to play exiled cards
"You may play them this turn without paying their mana costs" (Golos, Mind's Desire) and a permanent's "You may cast
spells from your hand without paying their mana costs" (Omniscience). The player may still pay the mana cost; cast
without paying it, the X of the mana cost can only be 0 (107.3b). Played with real cards."""
from __future__ import annotations

import pytest

from engine.board.zones import move
from engine.core.enums import Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority, PlayLand
from engine.rules.casting import GRANTED_ALTERNATIVE
from tests.engine.driving import advance, cast_and_resolve, pass_while_priority, resolve_stack, table
from tests.oracle.conftest import record
from tests.oracle.test_spend_as_any_mana import HURL

GOLOS = record("Golos, Tireless Pilgrim", "{5}", "Legendary Artifact Creature — Scout",
               "When Golos, Tireless Pilgrim enters the battlefield, you may search your library for a land card, put "
               "that card onto the battlefield tapped, then shuffle.\n{2}{W}{U}{B}{R}{G}: Exile the top three cards of "
               "your library. You may play them this turn without paying their mana costs.", "3/5")
MINDS_DESIRE = record("Mind's Desire", "{4}{U}{U}", "Sorcery",
                      "Shuffle your library. Then exile the top card of your library. Until end of turn, you may play "
                      "that card without paying its mana cost.\nStorm (When you cast this spell, copy it for each spell "
                      "cast before it this turn.)")
OMNISCIENCE = record("Omniscience", "{7}{U}{U}{U}", "Enchantment",
                     "You may cast spells from your hand without paying their mana costs.")
GOLOS_LANDS = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Forest", "Forest"]


def _casts(g, oid):
    return [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == oid]


@pytest.mark.rules("118.9", "305.1", "601.2a")
def test_golos_exiles_three_cards_played_this_turn_without_paying(extra_cards):
    extra_cards(GOLOS, fully_read=True)
    g, ids = table(["Golos, Tireless Pilgrim"] + GOLOS_LANDS, [], [])
    for name in ("Serra Angel", "Forest", "Grizzly Bears"):
        g.add_card(name, 0, Zone.LIBRARY)
    golos = ids["Golos, Tireless Pilgrim"]
    g.state.objects[golos].sick = False
    g.apply(ActivateAbility(0, golos, 0))
    resolve_stack(g)
    exiled = {g.state.objects[o].name: o for o in g.state.exile}
    assert set(exiled) == {"Serra Angel", "Forest", "Grizzly Bears"}
    # every land is tapped: the Angel is cast for its alternative cost of nothing
    assert [a.alt for a in _casts(g, exiled["Serra Angel"])] == [GRANTED_ALTERNATIVE]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, exiled["Serra Angel"]))            # paying {3}{W}{W}: no mana left
    cast_and_resolve(g, exiled["Serra Angel"], alt=GRANTED_ALTERNATIVE)
    g.apply(PlayLand(0, exiled["Forest"]))                     # a land is played as the turn's land play
    assert any(g.characteristics(o).name == "Serra Angel" for o in g.state.battlefield)
    bears = exiled["Grizzly Bears"]
    advance(g, Step.MAIN1, turn=5)
    assert not _casts(g, bears)                                # this turn only


@pytest.mark.rules("118.9", "107.3b")
def test_minds_desire_casts_the_exiled_card_free_with_x_zero(extra_cards):
    extra_cards(MINDS_DESIRE, fully_read=True)
    g, ids = table(["Island"] * 6, [], ["Mind's Desire"])
    for oid in list(g.state.players[0].library):
        move(g, oid, Zone.GRAVEYARD)
    g.add_card("Blaze", 0, Zone.LIBRARY)
    cast_and_resolve(g, ids["Mind's Desire"])
    (blaze,) = [o for o in g.state.exile if g.state.objects[o].name == "Blaze"]
    assert {a.x for a in _casts(g, blaze)} <= {0, None}
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, blaze, targets=(("P1",),), x=3, alt=GRANTED_ALTERNATIVE))
    cast_and_resolve(g, blaze, targets=(("P1",),), x=0, alt=GRANTED_ALTERNATIVE)
    assert g.state.players[1].life == 20                          # X was 0
    assert any(g.state.objects[o].name == "Blaze" for o in g.state.players[0].graveyard)


@pytest.mark.rules("118.9", "107.3b")
def test_omniscience_casts_spells_from_the_hand_without_paying(extra_cards):
    extra_cards(OMNISCIENCE, fully_read=True)
    g, ids = table(["Omniscience"], [], ["Serra Angel", "Fireball"])
    cast_and_resolve(g, ids["Serra Angel"], alt=GRANTED_ALTERNATIVE)
    assert any(g.characteristics(o).name == "Serra Angel" for o in g.state.battlefield)
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Fireball"], targets=(("P1",),), x=5, alt=GRANTED_ALTERNATIVE))


@pytest.mark.rules("118.9")
def test_omniscience_doesnt_pay_for_a_spell_cast_from_elsewhere_than_the_hand(extra_cards):
    extra_cards(OMNISCIENCE, HURL, fully_read=True)
    g, ids = table(["Omniscience"], ["Serra Angel"], ["Hurl Through Hell"])
    cast_and_resolve(g, ids["Hurl Through Hell"], targets=((ids["B:Serra Angel"],),), alt=GRANTED_ALTERNATIVE)
    (angel,) = [o for o in g.state.exile if g.state.objects[o].name == "Serra Angel"]
    assert not _casts(g, angel)         # no mana, and no alternative cost for a card cast from exile
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, angel, alt=GRANTED_ALTERNATIVE))


SPELLJACK = record("Spelljack", "{3}{U}{U}{U}", "Instant",
                   "Counter target spell. If that spell is countered this way, exile it instead of putting it into its "
                   "owner's graveyard. You may play it without paying its mana cost for as long as it remains exiled. "
                   "(If it has X in its mana cost, X is 0.)")


@pytest.mark.rules("118.9", "701.6a", "400.7j")
def test_spelljack_exiles_the_countered_spell_its_caster_casts_later_without_paying(extra_cards):
    extra_cards(SPELLJACK, fully_read=True)
    g, ids = table(["Island"] * 6, ["Plains"] * 5, ["Spelljack"], hand_b=["Serra Angel"], active=1)
    g.apply(CastSpell(1, ids["B:Serra Angel"]))
    spell = g.state.stack[-1]
    g.apply(PassPriority(1))
    cast_and_resolve(g, ids["Spelljack"], targets=((spell,),))
    (angel,) = [o for o in g.state.exile if g.state.objects[o].name == "Serra Angel"]
    advance(g, Step.MAIN1, turn=4)          # any later turn: for as long as it remains exiled
    assert [a.alt for a in _casts(g, angel)] == [GRANTED_ALTERNATIVE]       # no mana paid for it
    cast_and_resolve(g, angel, alt=GRANTED_ALTERNATIVE)
    angels = [o for o in g.state.battlefield if g.characteristics(o).name == "Serra Angel"]
    assert len(angels) == 1 and g.state.objects[angels[0]].controller == 0
    assert not any(g.state.objects[o].tapped for o in g.state.battlefield if g.state.objects[o].controller == 0)


RELEASE_TO_THE_WIND = record("Release to the Wind", "{2}{U}", "Instant",
                             "Exile target nonland permanent. For as long as that card remains exiled, its owner may "
                             "cast it without paying its mana cost.")


@pytest.mark.rules("118.9", "400.7j")
def test_release_to_the_wind_lets_the_exiled_cards_owner_cast_it_without_paying(extra_cards):
    extra_cards(RELEASE_TO_THE_WIND, fully_read=True)
    g, ids = table(["Island"] * 3, ["Serra Angel"], ["Release to the Wind"])
    cast_and_resolve(g, ids["Release to the Wind"], targets=((ids["B:Serra Angel"],),))
    (angel,) = [o for o in g.state.exile if g.state.objects[o].name == "Serra Angel"]
    assert not _casts(g, angel)                 # not its caster's: its owner's
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, angel, alt=GRANTED_ALTERNATIVE))
    advance(g, Step.MAIN1, turn=4)              # the owner's turn, no land untapped for it
    assert [a.alt for a in _casts(g, angel)] == [GRANTED_ALTERNATIVE]
    g.apply(CastSpell(1, angel, alt=GRANTED_ALTERNATIVE))
    resolve_stack(g)
    angels = [o for o in g.state.battlefield if g.characteristics(o).name == "Serra Angel"]
    assert len(angels) == 1 and g.state.objects[angels[0]].controller == 1


AERIAL_EXTORTIONIST = record("Aerial Extortionist", "{3}{W}{W}", "Creature — Bird Soldier",
                             "Flying\nWhenever Aerial Extortionist enters the battlefield or deals combat damage to a "
                             "player, exile up to one target nonland permanent. For as long as that card remains "
                             "exiled, its owner may cast it.\nWhenever another player casts a spell from anywhere other "
                             "than their hand, draw a card.", "4/3")


@pytest.mark.rules("601.2a", "102.3", "603.2")
def test_aerial_extortionist_exiled_card_is_cast_by_its_owner_who_pays_for_it(extra_cards):
    extra_cards(AERIAL_EXTORTIONIST, fully_read=True)
    g, ids = table(["Plains"] * 5, ["Grizzly Bears", "Forest", "Forest"], ["Aerial Extortionist"])
    g.apply(CastSpell(0, ids["Aerial Extortionist"]))
    pass_while_priority(g)      # it resolves; its trigger's target is asked ("up to one")
    g.apply(Choose(0, (ids["B:Grizzly Bears"],)))
    resolve_stack(g)
    (bear,) = [o for o in g.state.exile if g.state.objects[o].name == "Grizzly Bears"]
    assert not _casts(g, bear)
    advance(g, Step.MAIN1, turn=4)
    offered = _casts(g, bear)
    assert offered and all(a.alt is None for a in offered)     # paid for: {1}{G} from the Forests
    hand = len(g.state.players[0].hand)
    g.apply(CastSpell(1, bear))
    resolve_stack(g)
    assert len(g.state.players[0].hand) == hand + 1            # cast from exile by another player: A draws
    assert any(g.characteristics(o).name == "Grizzly Bears" for o in g.state.battlefield)
