"""Moving cards between zones as effects say (400.6-400.7): putting cards from a hand onto the battlefield
(305.4: neither cast nor played, so no land drop is used and no spell is cast); looking at a hand (a
hidden zone, 400.2: only the player who looks sees it)."""
from __future__ import annotations

from engine.board import zones
from engine.board.replacement import entered_battlefield
from engine.core.effect_types import (CommanderToHand, ExileFromHand, LookAtHand, MoveAllCards, PutFromHand,
                                      ShuffleIntoLibrary)
from engine.core.events import Event
from engine.core.enums import Zone
from engine.effects.entering import attached_on_entering, enchanted_on_entering, enter_choices
from engine.effects.delayed_triggers import names_of
from engine.effects.resolution import Resolution
from engine.query.amounts import HAND_LEFT
from engine.query.layers import characteristics, matches_ch


def _look_at_hand(res: Resolution, e: LookAtHand) -> None:
    s = res.state
    viewer = s.players[res.controller].name
    for p in res.players(e.who):
        # The cards are in the event's data for the viewer only; the log line names no card.
        seen = list(s.players[p].hand)
        res.game.emit(Event("look", {"player": p, "viewer": res.controller, "zone": "hand", "seen": seen},
                            f"{viewer} looks at {s.players[p].name}'s hand"))


def _put_from_hand(res: Resolution, e: PutFromHand) -> None:
    s = res.state
    plans = []
    for p in res.players(e.who):
        fits = [o for o in s.players[p].hand
                if matches_ch(s, s.objects[o], characteristics(s, o), e.filter, p, res.source_id)
                and (e.attach_to is None or attached_on_entering(res, o, e.attach_to, p)[0])]
        most = min(e.max, len(fits))
        chosen = res.ask(f"fromhand{p}", p, f"Choose {'up to ' if e.min < most else ''}{most} "
                         f"card{'s' if most != 1 else ''} to put onto the battlefield", fits, min(e.min, most), most,
                         "put_from_hand")
        # "As ~ enters" choices, and what an Aura will enchant (303.4f), are asked for every card before any moves;
        # an Aura with nothing to enchant stays in the hand (303.4g).
        entering_cards = []
        for oid in chosen:
            enters, attach_to = attached_on_entering(res, oid, e.attach_to, p) if e.attach_to else \
                enchanted_on_entering(res, oid, p)
            if enters:
                entering_cards.append((oid, attach_to, enter_choices(res, oid, p)))
        plans.append((p, entering_cards))
    for p, cards in plans:
        for oid, attach_to, entering in cards:
            new = zones.move(res.game, oid, Zone.BATTLEFIELD, controller=p, tapped=e.tapped, cause="put",
                             copy_of=entering.get("copy_of"), chosen=entering.get("chosen"))
            if new is not None and attach_to is not None:
                s.objects[new].attached_to = attach_to
                s.invalidate()
            if new is not None:
                entered_battlefield(res.game, new)
                res.created.append(new)       # "that creature gains haste": the permanent it became (400.7)


def _exile_from_hand(res: Resolution, e: ExileFromHand) -> None:
    """Every player's choice first (the handler may be re-entered after a decision), then the cards move."""
    s = res.state
    n = res.amount(e.amount)
    plan: list[int] = []
    for p in res.players(e.who):
        fits = [o for o in s.players[p].hand if matches_ch(s, s.objects[o], characteristics(s, o), e.filter, p, None)]
        k = min(n, len(fits))
        plan += res.ask(f"exilehand{p}", p, f"Choose {k} card{'s' if k != 1 else ''} to exile from your hand",
                        fits, k, k, "discard")
    for oid in plan:
        if oid in s.objects and s.objects[oid].zone is Zone.HAND:
            new = zones.move(res.game, oid, Zone.EXILE, cause="exile")
            if new is not None:
                # exiled by this source's ability: "the exiled card" of a linked ability finds it (607.2a)
                s.writable(new).chosen["exiled_by"] = res.source_card_id


def _shuffle_into_library(res: Resolution, e: ShuffleIntoLibrary) -> None:
    s = res.state
    owners: list[int] = []
    if e.graveyard_of is not None and "hand" in e.from_zones:
        # "..., then draw that many cards": the cards each hand had (engine.effects.basic)
        res.answers[HAND_LEFT] = {str(p): len(s.players[p].hand) for p in res.players(e.graveyard_of)}
    for oid in res.objects(e.what) if e.what is not None else []:
        o = s.objects.get(oid)
        if o is not None and o.zone is not Zone.LIBRARY:
            owners.append(o.owner)
            zones.move(res.game, oid, Zone.LIBRARY, cause="shuffle")
    for p in res.players(e.graveyard_of) if e.graveyard_of is not None else []:
        owners.append(p)
        for zone in e.from_zones:
            for oid in list(s.players[p].zone_list(Zone(zone))):
                zones.move(res.game, oid, Zone.LIBRARY, cause="shuffle")
    for p in dict.fromkeys(owners):
        zones.shuffle(res.game, p)


def _move_all_cards(res: Resolution, e: MoveAllCards) -> None:
    """The cards are found first, then move together (each a new object, 400.7); those put onto the
    battlefield have their "as ~ enters" choices asked before any of them moves."""
    s = res.state
    cards = [o for p in res.players(e.owners) for z in e.zones for o in s.players[p].zone_list(Zone(z))
             if matches_ch(s, s.objects[o], characteristics(s, o), e.filter, res.controller, res.source_id)]
    if e.name_of is not None:
        named = names_of(res, e.name_of)
        cards = [o for o in cards if characteristics(s, o).name in named]
    if e.to != "battlefield":
        for oid in cards:
            zones.move(res.game, oid, Zone(e.to), cause="move")
        return
    plans = []
    for oid in cards:
        controller = res.controller if e.under_you else s.objects[oid].owner
        # 303.4f: an Aura's controller chooses what it enchants among the permanents already there, not those
        # entering with it (Replenish's ruling); with nothing to enchant it stays where it is (303.4g)
        enters, attach_to = enchanted_on_entering(res, oid, controller)
        if enters:
            plans.append((oid, controller, attach_to, enter_choices(res, oid, controller)))
    for oid, controller, attach_to, entering in plans:
        new = zones.move(res.game, oid, Zone.BATTLEFIELD, controller=controller, tapped=e.tapped, cause="put",
                         copy_of=entering.get("copy_of"), chosen=entering.get("chosen"))
        if new is not None and attach_to is not None:
            s.objects[new].attached_to = attach_to
            s.invalidate()
        if new is not None:
            entered_battlefield(res.game, new)


# The effect handlers this module carries out, installed by engine.wiring.
def _commander_to_hand(res: Resolution, e: CommanderToHand) -> None:
    s = res.state
    if s.commander is None:
        return
    for p in res.players(e.who):
        found = [o for o in s.command if s.objects[o].owner == p and s.commander.is_commander(s.objects[o])]
        if len(found) > 1:
            found = res.ask(f"commander{p}", p, "Choose a commander to put into your hand", found, 1, 1, "card")
        for oid in found:
            zones.move(res.game, oid, Zone.HAND, cause="put")


HANDLERS = {
    CommanderToHand: _commander_to_hand,
    MoveAllCards: _move_all_cards,
    PutFromHand: _put_from_hand,
    ExileFromHand: _exile_from_hand,
    LookAtHand: _look_at_hand,
    ShuffleIntoLibrary: _shuffle_into_library,
}
