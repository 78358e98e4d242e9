"""Library manipulation the Oracle compiler emits: searching (701.23), scry (701.22), surveil
(701.25), looking at and reordering the top cards, putting cards from a hand on top, revealing the
top card, shuffling (701.24)."""
from __future__ import annotations


from engine.core.abilities import Amount, Condition, Filter, Ref
from engine.effects.entering import enchanted_on_entering
from engine.effects.delayed_triggers import names_of
from engine.effects.resolution import Resolution
from engine.core.enums import Zone
from engine.core.state import GameState
from engine.core.subtypes import CREATURE_TYPES
from engine.core.events import Event
from engine.query.amounts import HAND_LEFT, REVEALED
from engine.query.layers import characteristics, matches_ch, player_statics
from engine.board.replacement import entered_battlefield
from engine.board import zones
from engine.board.primitives import attach
from engine.core.effect_types import (LookAndReorder, LookAtTop, LookPick, MoveRevealed, PutFromHandOnLibrary,
                                      RevealFromHand, RevealHand, RevealTop, RevealUntil, Scry, SearchLibrary, Shuffle)
from engine.core.effect_types import Clash

CLASH_WON = "clash_won"  # answers key: whether the resolving ability's controller won its clash (701.30d)


def _top(lib: list[int], n: int) -> list[int]:
    """The top n cards of a library, topmost first (a library list ends with its top card)."""
    return list(reversed(lib[-n:])) if n > 0 else []


def _to_top(lib: list[int], cards: list[int]) -> None:
    """Puts cards on top, the first one ending topmost."""
    for c in reversed(cards):
        lib.remove(c)
        lib.append(c)


def _to_bottom(lib: list[int], cards: list[int]) -> None:
    """Puts cards on the bottom, the first one ending bottommost."""
    for c in reversed(cards):
        lib.remove(c)
        lib.insert(0, c)


def ask_order(res: Resolution, key: str, player: int, cards: list[int], prompt: str) -> list[int]:
    """An order for some cards, asked one card at a time (each a real choice while two or more are
    left), so that a decision with one legal answer is never asked."""
    left = list(cards)
    order: list[int] = []
    while len(left) > 1:
        pick = res.ask(f"{key}.{len(order)}", player, prompt, left, 1, 1, "library_order")[0]
        order.append(pick)
        left.remove(pick)
    return order + left


def _card_name(res: Resolution, oid: int) -> str:
    return characteristics(res.state, oid).name


# Each handler asks every player's choices first and only then moves cards: a resolution that stops
# for a decision starts the handler again, which must find the libraries as they were.

def cant_search(state: GameState, player: int) -> bool:
    """ "Your opponents can't search libraries" (Stranglehold) applies to this player, or a resolved "Players can't
    search libraries this turn" (Shadow of Doubt) does (101.2: the prohibition beats the instruction to search)."""
    return bool(player_statics(state, player, "cant_search")) or any(
        e.params["kind"] == "cant_search" and e.params.get("of_player") == player for e in state.effects)


def _search(res: Resolution, e: SearchLibrary) -> None:
    s = res.state
    plans = []
    for p in res.players(e.who):
        searcher = res.players(e.searcher)[0] if e.searcher is not None else p
        # "Players can't search libraries": the searcher finds nothing in one (the shuffle still happens, unless the
        # search was optional: "you may search" can't be chosen, so nothing follows it)
        zones_searched = [z for z in e.zones if z != "library" or not cant_search(s, searcher)]
        pool = [o for z in zones_searched for o in s.players[p].zone_list(Zone(z))]
        # the source reads "with the chosen name", "not named ~"
        found = [o for o in pool
                 if matches_ch(s, s.objects[o], characteristics(s, o), e.filter, searcher, res.source_id)]
        if e.name_of is not None:
            named = names_of(res, e.name_of)
            found = [o for o in found if characteristics(s, o).name in named]
        most = len(found) if e.max is None else res.amount(e.max) if isinstance(e.max, Amount) else e.max
        # 701.23b: a search for cards with a stated quality may fail to find them.
        prompt = "Search for any number of cards" if e.max is None else \
            f"Search for up to {most} card{'s' if most != 1 else ''}"
        if e.each_of:
            chosen = _pick_each_of(res, f"search{p}", searcher, pool, e.each_of)
        elif e.different_names:
            chosen = _pick_different_names(res, f"search{p}", searcher, found, most)
        else:
            chosen = res.ask(f"search{p}", searcher, prompt, found, 0, max(0, min(most, len(found))), "search")
        first = chosen
        if e.split and len(chosen) > 1:
            first = res.ask(f"split{p}", searcher, "Choose the card to put onto the battlefield", chosen, 1, 1,
                            "search_split")
        if e.to == "library_top":
            # "put those cards on top in any order": the owner orders the cards put on top (401.4)
            chosen = ask_order(res, f"order{p}", p, list(chosen), "Choose the next card from the top")
        host = None
        if e.attach_to is not None and chosen:
            # 701.3a: the permanent it will be attached to, chosen among those there as it resolves
            hosts = [o for o in s.battlefield
                     if matches_ch(s, s.objects[o], characteristics(s, o), e.attach_to, p, None)]
            host = res.ask(f"attach{p}", p, "Choose what to attach it to", hosts, 1, 1, "attach")[0] if hosts else None
        # 303.4f-g: what each Aura put onto the battlefield enchants, chosen before any card moves (None: it stays)
        enchants = {oid: enchanted_on_entering(res, oid, p) for oid in first} \
            if e.to == "battlefield" and host is None else {}
        plans.append((p, list(chosen), list(first), host, enchants, searcher if "library" in zones_searched else None))
    for p, chosen, first, host, enchants, searcher in plans:
        lib = s.players[p].library
        if searcher is not None:
            # 701.23a: "whenever an opponent searches their library" (after every choice, so once)
            res.game.emit(Event("search", {"player": searcher, "owner": p},
                                f"{s.players[searcher].name} searches {s.players[p].name}'s library"))
        if e.reveal and chosen:
            res.game.emit(Event("reveal", {"player": p, "cards": chosen},
                                f"{s.players[p].name} reveals {', '.join(_card_name(res, c) for c in chosen)}"))
        for oid in chosen:
            dest = e.to if oid in first else "hand"
            if dest == "battlefield":
                enters, enchanted = enchants.get(oid, (True, None))
                if not enters:
                    continue        # 303.4g: an Aura with nothing to enchant stays in the library
                new = zones.move(res.game, oid, Zone.BATTLEFIELD, controller=p, tapped=e.tapped, cause="search")
                if enchanted is not None and new is not None:
                    s.objects[new].attached_to = enchanted
                    s.invalidate()
                entered_battlefield(res.game, new)
                if host is not None and new is not None and host in s.battlefield:
                    attach(res.game, new, host)
            elif dest != "library_top":
                zones.move(res.game, oid, Zone(dest), cause="search")
        if e.shuffle and (chosen or not e.optional):
            zones.shuffle(res.game, p)
        if e.to == "library_top":
            _to_top(lib, chosen)


def _pick_each_of(res: Resolution, key: str, searcher: int, pool: list[int], each_of: tuple[Filter, ...]) -> list[int]:
    """ "A Plains card, an Island card, and a Swamp card": for each description in turn, a card of it not chosen yet,
    or none (701.23b: a search for cards with a stated quality may fail to find them)."""
    s = res.state
    chosen: list[int] = []
    for i, f in enumerate(each_of):
        fits = [c for c in pool if c not in chosen and matches_ch(s, s.objects[c], characteristics(s, c), f, searcher,
                                                                   None)]
        pick = res.ask(f"{key}.{i}", searcher, "Search for a card of the next description (or none)", fits, 0, 1,
                       "search") if fits else []
        chosen.extend(pick)
    return chosen


def _pick_different_names(res: Resolution, key: str, searcher: int, found: list[int], most: int) -> list[int]:
    """Up to `most` of the cards found, no two with the same name: chosen one at a time among those whose name
    isn't chosen yet, until the searcher chooses none (701.23b)."""
    chosen: list[int] = []
    while len(chosen) < most:
        names = {characteristics(res.state, c).name for c in chosen}
        left = [c for c in found if c not in chosen and characteristics(res.state, c).name not in names]
        if not left:
            break
        pick = res.ask(f"{key}.{len(chosen)}", searcher, "Search for a card with a name not chosen yet (or none)",
                       left, 0, 1, "search")
        if not pick:
            break
        chosen.append(pick[0])
    return chosen


def _scry(res: Resolution, e: Scry) -> None:
    s = res.state
    n = res.amount(e.amount)
    plans = []
    players = res.players(e.who)
    if e.fateseal and len(players) > 1:
        # 701.29a: one opponent's library, chosen by the player who fateseals.
        players = res.ask("fateseal", res.controller, "Choose an opponent to fateseal", players, 1, 1, "player")
    for p in players:
        # The cards looked at are fixed once seen (a resumed resolution uses the same ones).
        key = f"{res.prefix}looked{p}"
        top = res.answers.setdefault(key, _top(s.players[p].library, n))
        if not top:
            continue
        chooser = res.controller if e.fateseal else p
        away = res.ask(f"scry{p}", chooser, f"Choose cards to put {'into your graveyard' if e.surveil else 'on the bottom'}",
                       top, 0, len(top), "surveil" if e.surveil else "scry")
        keep = ask_order(res, f"order{p}", chooser, [c for c in top if c not in away],
                          "Choose the next card from the top")
        plans.append((p, list(away), keep, len(top)))
    for p, away, keep, n_seen in plans:
        lib = s.players[p].library
        if e.surveil:
            for c in away:
                zones.move(res.game, c, Zone.GRAVEYARD, cause="surveil")
        else:
            _to_bottom(lib, away)
        _to_top(lib, keep)
        if e.fateseal:
            res.game.emit(Event("fateseal", {"player": res.controller, "library": p, "amount": n_seen},
                                f"{s.players[res.controller].name} fateseals {n_seen}"))
            continue
        # "whenever you surveil for the first time each turn": the player's surveils (scries) this turn
        kind = "surveil" if e.surveil else "scry"
        counts = s.turn_log.setdefault(kind + "s", {})
        counts[str(p)] = counts.get(str(p), 0) + 1
        res.game.emit(Event(kind, {"player": p, "amount": n_seen, "nth": counts[str(p)]},
                            f"{s.players[p].name} {'surveils' if e.surveil else 'scries'} {n_seen}"))


def _look_reorder(res: Resolution, e: LookAndReorder) -> None:
    s = res.state
    n = res.amount(e.amount)
    chooser = res.players(e.chooser)[0] if e.chooser is not None else None
    plans = [(p, ask_order(res, f"order{p}", p if chooser is None else chooser, _top(s.players[p].library, n),
                           "Choose the next card from the top"))
             for p in res.players(e.who)]
    for p, order in plans:
        _to_top(s.players[p].library, order)


def _look_at_top(res: Resolution, e: LookAtTop) -> None:
    """Each pick chooses among the cards still unchosen, then the rest are ordered (or shuffled, for a
    random order): every choice is asked before a card moves (401.4: the owner orders cards put on the
    top or bottom of a library at once)."""
    s = res.state
    n = res.amount(e.amount)
    chooser = res.players(e.chooser)[0]
    picker = chooser
    if e.picker is not None:
        # "An opponent chooses one of them": among several opponents, the one the controller chooses
        opponents = res.players(e.picker) or [chooser]
        picker = opponents[0] if len(opponents) == 1 else int(str(res.ask(
            "picker", chooser, "Choose an opponent to choose", [f"P{o}" for o in opponents], 1, 1, "player")[0])[1:])
    plans = []
    for p in res.players(e.who):
        top = res.answers.setdefault(f"{res.prefix}looked{p}", _top(s.players[p].library, n))
        if top and f"{res.prefix}shown{p}" not in res.answers:
            res.answers[f"{res.prefix}shown{p}"] = True
            if e.reveal:
                res.game.emit(Event("reveal", {"player": p, "cards": list(top)},
                                    f"{s.players[p].name} reveals {', '.join(_card_name(res, c) for c in top)}"))
            else:
                # Seen by the chooser only: the log line names no card.
                res.game.emit(Event("look", {"player": p, "viewer": chooser, "zone": "library", "seen": list(top)},
                                    f"{s.players[chooser].name} looks at the top {len(top)} "
                                    f"card{'s' if len(top) != 1 else ''} of {s.players[p].name}'s library"))
        left = list(top)
        groups = []
        for i, pick in enumerate(e.picks):
            # Which cards fit is read once, with the cards looked at: the handler starts again after each choice,
            # and a copy of the game whose hidden cards were drawn again (the AI's) finds the choices made on these.
            fits = res.answers.setdefault(f"{res.prefix}fits{p}.{i}", [
                c for c in left if matches_ch(s, s.objects[c], characteristics(s, c), pick.filter, chooser,
                                              res.source_id)])
            if pick.every:
                chosen = fits
            else:
                most = min(pick.max, len(fits))
                chosen = res.ask(f"pick{p}.{i}", picker, _pick_prompt(pick, most), fits, min(pick.min, most), most,
                                 "look_take")
            left = [c for c in left if c not in chosen]
            groups.append((pick, list(chosen)))
        if e.rest in ("library_bottom", "library_top") and not e.rest_random:
            # ordered by the player who looked at them and puts them back ("put the rest on top of their library in any
            # order"): the library's owner may not see them (400.2)
            left = ask_order(res, f"order{p}", chooser, left,
                              "Choose the next card for the " + ("top" if e.rest == "library_top" else "bottom"))
        plans.append((p, groups, left))
    for p, groups, left in plans:
        for pick, chosen in groups:
            if pick.reveal and chosen and not e.reveal:
                res.game.emit(Event("reveal", {"player": p, "cards": chosen},
                                    f"{s.players[chooser].name} reveals "
                                    f"{', '.join(_card_name(res, c) for c in chosen)}"))
            _put_looked(res, chosen, pick.to, chooser, pick.tapped, pick.face_down)
        if e.rest_random:
            s.rng.shuffle(left)
        _put_looked(res, left, e.rest, chooser, False)


def _reveal_until(res: Resolution, e: RevealUntil) -> None:
    """701.20a: the cards are revealed one by one from the top; the orders are asked before a card moves."""
    s = res.state
    plans = []
    for p in res.players(e.who):
        revealed: list[int] = []
        found = None
        for oid in reversed(s.players[p].library):
            revealed.append(oid)
            if matches_ch(s, s.objects[oid], characteristics(s, oid), e.filter, res.controller, res.source_id):
                found = oid
                break
        rest = [c for c in revealed if c != found]
        if e.rest in ("library_bottom", "library_top") and not e.rest_random:
            rest = ask_order(res, f"order{p}", p, rest, "Choose the next card for the bottom")
        plans.append((p, revealed, found, rest))
    for p, revealed, found, rest in plans:
        if revealed:
            res.game.emit(Event("reveal", {"player": p, "cards": list(revealed)},
                                f"{s.players[p].name} reveals {', '.join(_card_name(res, c) for c in revealed)}"))
        res.answers[REVEALED] = [found] if found is not None else []
        if found is not None:
            _put_looked(res, [found], e.to, res.controller if e.under_you else p, False)
        if e.rest == "shuffle":
            zones.shuffle(res.game, p)      # the other cards never left the library
            continue
        if e.rest_random:
            s.rng.shuffle(rest)
        _put_looked(res, rest, e.rest, p, False)


def _pick_prompt(pick: LookPick, most: int) -> str:
    where = {"hand": "into your hand", "battlefield": "onto the battlefield", "graveyard": "into the graveyard",
             "exile": "into exile", "library_top": "on top of the library",
             "library_bottom": "on the bottom of the library"}.get(pick.to, pick.to)
    return f"Choose {'up to ' if pick.min < most else ''}{most} card{'s' if most != 1 else ''} to put {where}"


def _put_looked(res: Resolution, cards: list[int], to: str, chooser: int, tapped: bool = False,
                face_down: bool = False) -> None:
    if to == "stay" or not cards:
        return
    if to in ("library_bottom", "library_top"):
        # The cards looked at are one library's: the first in `cards` ends nearest the top (or bottom).
        lib = res.state.players[res.state.objects[cards[0]].owner].library
        (_to_bottom if to == "library_bottom" else _to_top)(lib, cards)
        return
    for c in cards:
        if to == "battlefield":
            entered_battlefield(res.game, zones.move(res.game, c, Zone.BATTLEFIELD, controller=chooser,
                                                     tapped=tapped, cause="look"))
        else:
            new = zones.move(res.game, c, Zone(to), cause="look", face_down=face_down)
            if new is not None and to == "exile":
                # exiled by this source's ability: "the exiled card" of a linked ability finds it (607.2a)
                res.state.writable(new).chosen["exiled_by"] = res.source_card_id


def _put_from_hand(res: Resolution, e: PutFromHandOnLibrary) -> None:
    s = res.state
    n = res.amount(e.amount)
    plans = []
    left: dict[str, int] = {}
    for p in res.players(e.who):
        hand = list(s.players[p].hand)
        k = len(hand) if e.whole_hand else min(n, len(hand))
        chosen = hand if e.whole_hand else res.ask(
            f"puthand{p}", p, f"Choose {k} card{'s' if k != 1 else ''} to put on your library", hand, k, k,
            "put_on_library")
        plans.append(ask_order(res, f"order{p}", p, list(chosen), "Choose the next card from the top"))
        left[str(p)] = len(chosen)
    res.answers[HAND_LEFT] = left       # "..., then draw that many cards" (Arjun, the Shifting Flame)
    for order in plans:
        for oid in (reversed(order) if e.top else order):
            zones.move(res.game, oid, Zone.LIBRARY, top=e.top, cause="library")


def _reveal_top(res: Resolution, e: RevealTop) -> None:
    s = res.state
    revealed: list[int] = []
    for p in res.players(e.who):
        lib = s.players[p].library
        if not lib:
            continue
        oid = lib[-1]
        res.game.emit(Event("reveal", {"player": p, "cards": [oid]},
                            f"{s.players[p].name} reveals {_card_name(res, oid)}"))
        if e.to_hand:
            oid = zones.move(res.game, oid, Zone.HAND, cause="reveal")
        revealed.append(oid)
    res.answers[REVEALED] = revealed


def _reveal_hand(res: Resolution, e: RevealHand) -> None:
    s = res.state
    if e.at_random:
        res.answers[REVEALED] = []
    for p in res.players(e.who):
        hand = list(s.players[p].hand)
        if e.at_random:
            hand = [s.rng.choice(hand)] if hand else []
            res.answers[REVEALED] += hand
        names = ", ".join(_card_name(res, c) for c in hand) or "no cards"
        res.game.emit(Event("reveal", {"player": p, "cards": hand}, f"{s.players[p].name} reveals {names}"))


def _reveal_from_hand(res: Resolution, e: RevealFromHand) -> None:
    """Each player chooses the cards of the kind they reveal (none is a choice too); "this way" then reads them."""
    s = res.state
    chosen = {}
    for p in res.players(e.who):
        fits = [c for c in s.players[p].hand
                if matches_ch(s, s.objects[c], characteristics(s, c), e.filter, p, res.source_id)]
        n = len(fits) if e.count is None else min(res.amount(e.count), len(fits))
        chosen[p] = res.ask(f"reveal{p}", p, f"Choose {'the' if e.count is None else n} card{'s' if n != 1 else ''} "
                            "to reveal", fits, 0 if e.count is None else n, n, "reveal")
    res.answers[REVEALED] = [c for cards in chosen.values() for c in cards]
    for p, cards in chosen.items():
        names = ", ".join(_card_name(res, c) for c in cards) or "no cards"
        res.game.emit(Event("reveal", {"player": p, "cards": list(cards)}, f"{s.players[p].name} reveals {names}"))


def _move_revealed(res: Resolution, e: MoveRevealed) -> None:
    # 400.7j: "that card" after the move is the card in the zone it was put into ("put it into your hand. ~ deals damage
    # to himself equal to that card's mana value")
    moved = []
    for oid in res.answers.get(REVEALED, []):
        if oid in res.state.objects:
            new = zones.move(res.game, oid, Zone(e.to), cause="reveal")
            moved.append(new if new is not None else oid)
    res.answers[REVEALED] = moved


def _shuffle(res: Resolution, e: Shuffle) -> None:
    for p in res.players(e.who):
        zones.shuffle(res.game, p)


def _revealed_mana_value(res: Resolution, a: Amount) -> int:
    total = 0
    for oid in res.answers.get(REVEALED, []):
        if oid in res.state.objects:
            total += characteristics(res.state, oid).mana_value
    return total


def _clash(res: Resolution, e: Clash) -> None:
    """701.30: you and an opponent each reveal your top card at once; in APNAP order each decides whether to
    put it on the bottom (101.4), then the cards move together. You win with a higher mana value than every
    other card revealed (701.30d)."""
    s = res.state
    opponents = [p for p in res.players(Ref("each_opponent")) if s.players[p].library]
    opponents = opponents or res.players(Ref("each_opponent"))
    if not opponents:
        return
    rival = opponents[0] if len(opponents) == 1 else \
        res.ask("clash_with", res.controller, "Choose an opponent to clash with", opponents, 1, 1, "player")[0]
    clashing = [p for p in s.apnap() if p in (res.controller, rival)]
    revealed = res.answers.setdefault(res.prefix + "clash", {str(p): _top(s.players[p].library, 1) for p in clashing})
    if f"{res.prefix}clash_shown" not in res.answers:
        res.answers[f"{res.prefix}clash_shown"] = True
        for p in clashing:
            names = ", ".join(_card_name(res, c) for c in revealed[str(p)]) or "nothing (an empty library)"
            res.game.emit(Event("reveal", {"player": p, "cards": revealed[str(p)]},
                                f"{s.players[p].name} clashes and reveals {names}"))
    bottom = [p for p in clashing if revealed[str(p)] and res.ask_yes_no(
        f"clash_bottom{p}", p, f"Put {_card_name(res, revealed[str(p)][0])} on the bottom of your library?")]
    for p in bottom:
        _to_bottom(s.players[p].library, revealed[str(p)])
    value = {p: characteristics(s, revealed[str(p)][0]).mana_value for p in clashing if revealed[str(p)]}
    mine = value.get(res.controller)
    won = mine is not None and all(v < mine for p, v in value.items() if p != res.controller)
    res.answers[CLASH_WON] = won
    res.game.emit(Event("clash", {"player": res.controller, "opponent": rival, "won": won},
                        f"{s.players[res.controller].name} {'wins' if won else 'does not win'} the clash"))


def _won_clash(res: Resolution, c: Condition) -> bool:
    """After "clash with an opponent" in this resolution, or in a "whenever you clash" ability, of that clash."""
    return bool(res.answers.get(CLASH_WON, res.event.get("won", False)))


def _revealed_matches(res: Resolution, c: Condition) -> bool:
    s = res.state
    for oid in res.answers.get(REVEALED, []):
        # the source's choices ("with the chosen name", 201.3) are the resolving spell's or ability's
        if oid in s.objects and matches_ch(s, s.objects[oid], characteristics(s, oid), c.filter,
                                           res.controller, res.source_id):
            return True
    return False


def _top_card_shares_creature_type(res: Resolution, c: Condition) -> bool:
    """Kinship: "If it shares a creature type with ~": the top card of your library, which you looked at, and the
    source (as it last existed if it left, 608.2h) have a creature type in common (205.3m; changeling 702.73a)."""
    s = res.state
    lib = s.players[res.controller].library
    if not lib:
        return False
    src = res.source_object()
    mine = characteristics(s, src.id).subtypes if src is not None else (res.source_lki or {}).get("subtypes", ())
    return bool(CREATURE_TYPES & set(mine) & set(characteristics(s, lib[-1]).subtypes))


# The effect handlers this module carries out, installed by engine.wiring.
HANDLERS = {
    SearchLibrary: _search,
    Scry: _scry,
    LookAndReorder: _look_reorder,
    LookAtTop: _look_at_top,
    RevealUntil: _reveal_until,
    PutFromHandOnLibrary: _put_from_hand,
    RevealTop: _reveal_top,
    Clash: _clash,
    RevealHand: _reveal_hand,
    MoveRevealed: _move_revealed,
    RevealFromHand: _reveal_from_hand,
    Shuffle: _shuffle,
}


# Amount kinds this module reads, installed by engine.wiring.
AMOUNTS = {
    "revealed_mana_value": _revealed_mana_value,
}


# Condition kinds this module reads, installed by engine.wiring.
CONDITIONS = {
    "revealed_matches": _revealed_matches,
    "top_card_shares_creature_type": _top_card_shares_creature_type,
    "won_clash": _won_clash,
}
