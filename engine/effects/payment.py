"""Paying costs (118, 601.2f-h, 602.2b): mana sources for the automatic payer, paying mana, the other
costs of spells and abilities ({T}, {Q}, life, sacrifice, discard, exile), and the triggered mana
abilities that resolve at once when a mana ability is activated (605.1b, 605.4). Below the rule
procedures so that effects can pay too ("counter it unless its controller pays {3}")."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.core.abilities import Amount, Cost, Filter
from engine.core.enums import Zones
from engine.core.cards import spend_restriction
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.objects import GameObject
from engine.query.amounts import check_condition_static, evaluate_amount_static
from engine.query.cost_modifiers import activation_mana_cost
from engine.query.layers import (Characteristics, characteristics, filter_from_json, matches_ch, player_statics,
                                 player_statics_from, statics_of_kind)
from engine.query.mana_colors import board_colors
from engine.core.mana import (find_payment, ManaCost, ManaSource, Payment, pool_text, quick_verdict,
                              snow_payment)
from engine.query.trigger_events import watchers

from engine.core.state import Decision, GameState, NeedDecision
from engine.effects.resolution import Resolution, run_effects
from engine.effects.resolution_casts import spend_any_mana
from engine.board.primitives import add_mana, sacrifice, set_tapped
from engine.board.damage import lose_life
from engine.core.effect_types import (BOARD_COLORS, CHOSEN_COLOR, CHOSEN_TYPE_MARK, AddMana, ApplyContinuous,
                                      Conditional, DealDamage, GainLife, LoseLife, PutCounters, SpendOnly)
if TYPE_CHECKING:
    from engine.game import Game


def can_tap_for_cost(game: "Game", oid: int) -> bool:
    """302.6: a creature's {T} ability can't be activated unless it has been under its controller's
    control continuously since their most recent turn began (or it has haste, or an effect lets its abilities be
    activated as though it had: Thousand-Year Elixir)."""
    o = game.state.objects[oid]
    if o.tapped:
        return False
    return not summoning_sick(characteristics(game.state, oid), o)


def summoning_sick(ch: Characteristics, o: GameObject) -> bool:
    """302.6: whether a permanent's {T} and {Q} abilities can't be activated for summoning sickness."""
    return ch.is_creature and o.sick and not ch.has("haste") and not ch.extra.get("activates_as_though_haste")


def mana_sources(game: "Game", player: int, exclude: set[int] = frozenset()) -> list[ManaSource]:
    """The automatic payer's sources: untapped permanents with a mana ability costing {T}, the permanent sacrificed or
    both, and maybe life (`_payer_mana_abilities`), one source each."""
    s = game.state
    out: list[ManaSource] = []
    # Each permanent's sources (one for each mana ability), kept while its characteristics are the same object (sources
    # are immutable), with them merged into one if every ability is plain (`_plain_source`).
    made = s.cache.get("mana_sources")
    if made is None:
        made = s.cache["mana_sources"] = {}
    # A source's ability costs no mana of its own (`_payer_mana_abilities`): only these statics can make it cost some
    cost_changes = bool(statics_of_kind(s, "activation_cost_change"))
    # What a land makes is its ability's own unless something replaces it (`land_mana`), and no triggered mana
    # ability adds to it (`tapped_for_mana_bonus`) with none on the battlefield: then a plain source is as it is.
    as_made = not cost_changes and not statics_of_kind(s, "land_mana_replaced") and not s.effects \
        and not _mana_watchers(game)
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.controller != player or oid in exclude or o.tapped:
            continue
        ch = characteristics(s, oid)
        known = made.get(oid)
        if known is None or known[0] is not ch:
            snow = "Snow" in ch.supertypes
            srcs = tuple(ManaSource(oid, i, options, rank, snow=snow) for i, options, rank in _payer_mana_abilities(ch))
            plain = bool(srcs) and all(_plain_source(ch, src) for src in srcs)
            known = made[oid] = (ch, srcs, _merged(srcs) if plain else None)
        if not known[1]:
            continue
        if known[2] is not None and as_made:
            if not summoning_sick(ch, o):       # (can_tap_for_cost: `o` is untapped)
                out.append(known[2])
            continue
        if can_tap_for_cost(game, oid) and not ch.extra.get("cant_activate") \
                and not ch.extra.get("cant_activate_tap"):
            # 602.5: "its activated abilities [with {T} in their costs] can't be activated" stops its mana abilities too
            now = [src for src in (_source_now(game, o, ch, src, player, cost_changes) for src in known[1])
                   if src is not None]
            if now:
                out.append(_merged(now))
    return out


def _source_now(game: "Game", o: GameObject, ch: Characteristics, src: ManaSource, player: int,
                cost_changes: bool) -> ManaSource | None:
    """One mana ability of a permanent that can be tapped for mana, as it can be activated now (None: it can't) and
    with the mana it would add now."""
    s = game.state
    ab = ch.activated[src.ability_index]
    if ab.cost.pay_life > s.players[player].life:
        return None        # 119.4: life a player doesn't have can't be paid
    if ab.condition is not None and not check_condition_static(s, o, ab.condition):
        return None        # 602.5b: "Activate only if ..." holds now, or the ability can't be activated
    if cost_changes and not activation_mana_cost(s, o, ab, player=player).is_empty():
        return None        # made to cost mana ("Activated abilities of white enchantments cost {3} more", 601.2f)
    now = _conditional_options(s, o, ab.mode.effects)
    if now is not None:
        src = replace(src, options=now)
        if not now:
            return None
    amounts = [e.amount for e in ab.mode.effects if isinstance(e, AddMana)]
    if len(amounts) == 1 and amounts[0].kind != "const":
        # "Add {G} for each Elf you control", "an amount of mana of any one color equal to your devotion to
        # that color": as much as the ability would add now, none if none (106.1)
        src = replace(src, options=tuple(x * n for x in src.options
                                         if (n := _amount_now(s, o, amounts[0], x)) > 0))
        if not src.options:
            return None
    if any(CHOSEN_COLOR in x for x in src.options):
        # "one mana of the chosen color": this permanent's own choice (614.12)
        chosen = o.chosen.get("color", "")
        src = replace(src, options=tuple(x.replace(CHOSEN_COLOR, chosen) for x in src.options
                                         if x.replace(CHOSEN_COLOR, chosen)))
        if not src.options:
            return None
    if any(c in x for x in src.options for c in BOARD_COLORS):
        # 106.7, 903.4: one mana of each color the board allows now
        src = replace(src, options=_board_options(s, player, src.options))
        if not src.options:
            return None
    if ch.is_land:
        made_now = tuple(dict.fromkeys(land_mana(s, o.id, x) for x in src.options))
        if made_now != src.options:
            src = replace(src, options=made_now)      # (sources are immutable: an equal one stays)
    bonus = tapped_for_mana_bonus(game, o.id) if ab.cost.tap else ""     # Wild Growth: added by a trigger (605.1b)
    if bonus:
        src = replace(src, options=tuple(x + bonus for x in src.options))
    return src


def _merged(srcs: "tuple[ManaSource, ...] | list[ManaSource]") -> ManaSource:
    """A permanent's mana abilities as one source (it is used once): their options in order, each option added by the
    first ability that adds it (`_payer_mana_abilities` puts those that cost more last), ranked as the costliest one
    that isn't sacrificing it (a pain land after the basic lands: its colors hurt; Eye of Ramos as tapped for mana)."""
    if len(srcs) == 1:
        return srcs[0]
    options: dict[str, int] = {}
    for src in srcs:
        for x in src.options:
            options.setdefault(x, src.ability_index)
    rank = max((src.rank for src in srcs if src.rank != SACRIFICED), default=SACRIFICED)
    return ManaSource(srcs[0].object_id, srcs[0].ability_index, tuple(options), rank, srcs[0].snow,
                      tuple(options.values()))


def _plain_source(ch: Characteristics, src: ManaSource) -> bool:
    """Whether `mana_sources` adds this source as it is whenever its permanent can be tapped (`can_tap_for_cost`), with
    no static ability changing costs or land mana, no resolved effect and no triggered mana ability about: nothing stops
    its abilities, no "Activate only if", no branch of a condition, an amount fixed, neither a chosen color nor the
    board's colors in what it adds. Read of the characteristics only (the key of the source kept)."""
    ab = ch.activated[src.ability_index]
    if ch.extra.get("cant_activate") or ch.extra.get("cant_activate_tap") or ab.condition is not None \
            or ab.cost.pay_life:
        return False
    effects = ab.mode.effects
    if len(effects) == 1 and isinstance(effects[0], Conditional):
        return False
    amounts = [e.amount for e in effects if isinstance(e, AddMana)]
    if len(amounts) == 1 and amounts[0].kind != "const":
        return False
    return not any(CHOSEN_COLOR in x or any(c in x for c in BOARD_COLORS) for x in src.options)


def land_mana(state: GameState, oid: int, letters: str) -> str:
    """106.12a, 614.1a: the mana a land tapped for mana produces (its mana ability's own, not what a triggered mana
    ability adds, 605.1b), as "If a land is tapped for mana, it produces colorless mana instead of any other type"
    (each one colorless) or "... {B} instead of any other type and amount" (one {B}) change it: the static abilities
    and the resolved effects of that kind whose group the land is in, in timestamp order."""
    o = state.objects.get(oid)
    if o is None or not letters:
        return letters
    replacing = statics_of_kind(state, "land_mana_replaced")
    if not replacing and not state.effects:
        return letters      # asked for every land as mana sources are listed: most games have no such ability
    ch = characteristics(state, oid)
    found = [(state.objects[src].timestamp, dict(st.params)) for src, st in replacing
             if matches_ch(state, o, ch, st.affected.filter, state.objects[src].controller, src)]
    found += [(e.timestamp, e.params) for e in state.effects if e.params.get("kind") == "land_mana_replaced"
              and matches_ch(state, o, ch, filter_from_json(e.params["filter"]), e.controller, e.source_id)]
    for _, p in sorted(found, key=lambda f: f[0]):
        letters = p["mana"] if p["fixed"] else p["mana"] * len(letters)
    return letters


def replace_land_mana(game: "Game", oid: int, player: int, produced: str) -> str:
    """The mana a land's mana ability just added to the pool (`produced`), exchanged for what `land_mana` says the land
    produces instead; the mana it produces."""
    s = game.state
    o = s.objects.get(oid)
    if o is None or not characteristics(s, oid).is_land:
        return produced
    now = land_mana(s, oid, produced)
    if now == produced:
        return produced
    p = s.players[player]
    snow = "Snow" in characteristics(s, oid).supertypes
    for c in produced:
        p.mana_pool[c] -= 1
        if snow and p.snow_mana.get(c):
            p.snow_mana[c] -= 1
    add_mana(game, player, now, snow=snow)
    return now


def _amount_now(state: GameState, o: Any, amount: Amount, option: str) -> int:
    """How many of `option` a mana ability adding `amount` of it adds now; devotion "to that color" is to the color of
    the option (700.5)."""
    if amount.kind == "devotion" and amount.counter == "A":
        amount = replace(amount, counter=option[:1])
    return evaluate_amount_static(state, o, amount)


def _conditional_options(state: GameState, o: Any, effects: tuple) -> tuple[str, ...] | None:
    """ "{T}: Add {U}. If you played a land this turn, add {B} instead.": the mana the ability adds now, of the
    branch whose condition holds (608.2c), or None for an ability without a condition."""
    if len(effects) != 1 or not isinstance(effects[0], Conditional):
        return None
    c = effects[0]
    branch = c.then if check_condition_static(state, o, c.condition) else c.otherwise
    out = [x for e in branch if isinstance(e, AddMana) for opt in (e.choice or tuple(e.combination) or (e.mana,))
           for x in _expand_any(opt)]
    return tuple(dict.fromkeys(out))


# The mana abilities of each Characteristics (they are never modified once computed) costing {T}, sacrificing the
# permanent or both, and maybe life (the costs the automatic payer pays, 118.3, 119.4): (index, options, rank) of each.
# Keyed by id, holding the object so its id stays its own.
_PAYER_MANA: dict[int, tuple[Any, tuple[tuple[int, tuple[str, ...], int], ...]]] = {}


_NO_COST = Cost()
# The rank of a source sacrificed for its mana (a Treasure, Lotus Petal): the automatic payer uses it last, after the
# permanents tapped for convoke or improvise (`helper_sources`).
SACRIFICED = 5

# What a mana ability the automatic payer activates may do beside adding mana: the payer carries it out as the
# ability resolves (605.3b), and none of it asks a choice. A pain land's damage, a depletion counter, "it doesn't
# untap during your next untap step", life gained or lost.
_PAYER_EXTRAS = (AddMana, Conditional, DealDamage, LoseLife, GainLife, PutCounters, ApplyContinuous)
# Of those, what costs its controller: such an ability's mana is spent last.
_HURTS = (DealDamage, LoseLife, PutCounters, ApplyContinuous)


def _payer_mana_abilities(ch) -> tuple[tuple[int, tuple[str, ...], int], ...]:
    known = _PAYER_MANA.get(id(ch))
    if known is not None and known[0] is ch:
        return known[1]
    found = []
    for i, ab in enumerate(ch.activated):
        cost = ab.cost
        if not ab.is_mana_ability or not (cost.tap or cost.sacrifice_self) or not cost.mana.is_empty():
            continue
        if replace(cost, text="", tap=False, sacrifice_self=False, pay_life=0) != _NO_COST:
            continue        # other costs ("{1}, {T}", "Remove a depletion counter"): activated by hand, paid there
        effects = ab.mode.effects
        if any(isinstance(e, AddMana) and (e.spend_only is not None or e.combination or e.each_color_among is not None
                                           or e.one_color_among is not None)
               for e in effects):
            # 106.6: mana that may pay for only some things, mana of colors chosen one by one and mana of the colors
            # among permanents are made by hand, into the pool
            continue
        if not all(isinstance(e, _PAYER_EXTRAS) for e in effects):
            continue        # it does more than the payer carries out: activated by hand
        flat: list[str] = []
        for opt in ab.mana_options:
            flat.extend(_expand_any(opt))
        hurts = cost.pay_life > 0 or any(isinstance(e, _HURTS) for e in effects)
        rank = SACRIFICED if cost.sacrifice_self else (0 if ch.is_land else (2 if ch.is_creature else 1)) + hurts
        found.append((i, tuple(dict.fromkeys(flat)), rank))
    # The abilities that cost nothing but the {T} first (Adarkar Wastes' {C} before its colors that deal damage).
    out = tuple(sorted(found, key=lambda f: f[2]))
    if len(_PAYER_MANA) > 4096:
        _PAYER_MANA.clear()       # characteristics computed under effects are new objects each time
    _PAYER_MANA[id(ch)] = (ch, out)
    return out


def payer_ability_indices(ch: Characteristics) -> frozenset[int]:
    """The indices of the mana abilities of `ch` the automatic payer activates (`_payer_mana_abilities`); a player
    activates the others by hand (605.3a)."""
    return frozenset(i for i, _, _ in _payer_mana_abilities(ch))


def _board_options(state: GameState, player: int, options: tuple[str, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for x in options:
        letter = next((c for c in BOARD_COLORS if c in x), None)
        out.extend([x] if letter is None else [x.replace(letter, c) for c in board_colors(state, player, letter)])
    return tuple(dict.fromkeys(out))


def _expand_any(option: str) -> tuple[str, ...]:
    """ "A" (one mana of any color) expands to the five colors; the "A"s of one option are mana of
    one chosen color ("three mana of any one color" is "AAA"), so all of them become that color."""
    if "A" not in option:
        return (option,)
    return tuple(option.replace("A", c) for c in "WUBRG")


def may_spend_on(game: "Game", player: int, what: str, oid: int, kicked: bool = False) -> frozenset[str]:
    """106.6: the restrictions of the restricted mana in `player`'s pool that allow spending it to cast the
    spell `oid` (`what` "cast"; `kicked`: its kicker cost is paid, 702.33d) or to activate an ability of the
    object `oid` ("activate"). A spell's card is still where it is cast from as its costs are paid (601.2h)."""
    s = game.state
    texts = {text for _, text in s.players[player].restricted_mana}
    if not texts or oid not in s.objects:
        return frozenset()
    o, ch = s.objects[oid], characteristics(s, oid)
    out = set()
    for text in texts:
        r = _restriction(text)
        flt = None if r is None else (r.spells if what == "cast" else r.abilities)
        if flt is None or (what == "activate" and flt != Filter() and o.zone is not Zones.BATTLEFIELD):
            continue        # "abilities of artifacts": of artifact permanents
        if (r.kicked and not kicked) or (r.from_graveyard and (
                o.zone is not Zones.GRAVEYARD or (r.from_graveyard == "yours" and o.owner != player))):
            continue
        if matches_ch(s, o, ch, flt, player, oid):
            out.add(text)
    return frozenset(out)


def _restriction(text: str) -> SpendOnly | None:
    """The restriction of restricted mana in a pool: "... a creature spell of the chosen type" with the type chosen
    for its source kept after CHOSEN_TYPE_MARK, as a spell of that creature type (106.6)."""
    base, mark, chosen = text.partition(CHOSEN_TYPE_MARK)
    r = spend_restriction(base)
    if r is None or not mark or r.spells is None:
        return r

    def of_type(f: Filter) -> Filter:
        return replace(f, chosen="", subtypes=f.subtypes | {chosen}) if f.chosen == "creature_type" else f
    spells = replace(of_type(r.spells), any_of=tuple(of_type(f) for f in r.spells.any_of))
    return replace(r, spells=spells)


def _pool(game: "Game", player: int, spend_on: frozenset[str]) -> dict[str, int]:
    """The mana in the pool a payment may spend: the unrestricted, and the restricted mana `spend_on` allows."""
    p = game.state.players[player]
    if not spend_on:
        return p.mana_pool
    pool = dict(p.mana_pool)
    for letter, text in p.restricted_mana:
        if text in spend_on:
            pool[letter] += 1
    return pool


def paid_as(game: "Game", player: int, cost: ManaCost) -> ManaCost:
    """The cost as `player` pays it: "You may spend mana as though it were mana of any color" (Chromatic Orrery)
    lets any mana pay a colored symbol, so each colored part of a symbol is paid as one generic mana ({C}, {S} and
    Phyrexian life stay as they are). Its mana value and colors are the cost's own."""
    if not any(not dict(st.params).get("spells") for st in player_statics(game.state, player, "spend_as_any_color")):
        return cost
    return _as_any_mana(cost, False)


def _as_any_mana(cost: ManaCost, any_type: bool) -> ManaCost:
    """609.4b: each colored part of a symbol (and {C}, for mana of any type) paid as one generic mana."""
    kinds = "WUBRGC" if any_type else "WUBRG"
    out = []
    for sym in cost.symbols:
        parts = ["1" if p in kinds else p for p in sym.split("/")]
        if "/" in sym and "P" not in parts and any(p == "1" for p in parts):
            out.append("1")           # hybrid: one of its halves is now one mana of any kind
        else:
            out.append("/".join(dict.fromkeys(parts)))
    return ManaCost(tuple(out))


def spell_paid_as(game: "Game", player: int, oid: int, cost: ManaCost, statics: bool = True) -> ManaCost:
    """The total cost of the spell `oid` as `player` pays it (609.4b): "You may spend mana as though it were mana of
    any type to cast creature spells" (a static ability of theirs whose spells match the card as it is cast), or the
    permission they cast the exiled card by ("you may cast that card and you may spend mana as though it were mana of
    any color to cast that spell"). Its mana value and colors stay the spell's own. `statics`: False for a spell whose
    characteristics aren't the card's (cast face down or bestowed, 708.4, 702.103d)."""
    s = game.state
    o, ch = s.objects[oid], characteristics(s, oid)
    kinds = {dict(st.params).get("mana", "color") for src, st in player_statics_from(s, player, "spend_as_any_color")
             if statics and dict(st.params).get("spells")
             and matches_ch(s, o, ch, dict(st.params)["spells"], src.controller, src.id)}
    kinds.add(spend_any_mana(o, player, s.turn) if o.zone is Zones.EXILE else "")
    kinds.discard("")
    return _as_any_mana(cost, "type" in kinds) if kinds else cost


def can_pay_mana(game: "Game", player: int, cost: ManaCost, exclude: set[int] = frozenset(),
                 sources: list[ManaSource] | None = None) -> bool:
    """`sources`: the player's `mana_sources` with this `exclude`, if the caller already has them."""
    if cost.is_empty():
        return True
    cost = paid_as(game, player, cost)
    p = game.state.players[player]
    if sources is None:
        sources = mana_sources(game, player, exclude)
    verdict = quick_verdict(p.mana_pool, sources, cost)
    if verdict is not None:
        return verdict
    return find_payment(p.mana_pool, sources, cost, max(0, p.life), snow=p.snow_mana) is not None


# A ManaSource's ability index for a permanent tapped to pay a spell's cost by convoke or improvise: not a
# mana ability (no "tapped for mana" triggers).
TAPPED_TO_PAY = -1


def helper_sources(game: "Game", player: int, keywords: set[str], exclude: set[int] = frozenset()) -> list[ManaSource]:
    """Convoke 702.51a: each untapped creature the player taps pays {1} or one mana of that creature's color;
    improvise 702.126a: each untapped artifact pays {1} (generic mana, "C" here). Permanents that are mana
    sources already pay with their own ability; summoning sickness doesn't matter (no {T} ability)."""
    if not keywords & {"convoke", "improvise"}:
        return []
    s = game.state
    taken = {src.object_id for src in mana_sources(game, player, exclude)}
    out = []
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.controller != player or o.tapped or oid in exclude or oid in taken:
            continue
        ch = characteristics(s, oid)
        if "convoke" in keywords and ch.is_creature:
            out.append(ManaSource(oid, TAPPED_TO_PAY, tuple(c for c in "WUBRG" if c in ch.colors) + ("C",), 3))
        elif "improvise" in keywords and ch.is_type("Artifact"):
            out.append(ManaSource(oid, TAPPED_TO_PAY, ("C",), 3))
    return out


def plan_payment(game: "Game", player: int, cost: ManaCost, pay: tuple[int, ...] | None,
                 exclude: set[int] = frozenset(), helpers: list[ManaSource] = (),
                 spend_on: frozenset[str] = frozenset()) -> Payment:
    """Finds how to pay `cost`: automatically, or with exactly the named permanents (plus the pool).
    `helpers`: permanents that may be tapped to pay (convoke, improvise), used after the mana sources;
    `spend_on`: the restricted mana of the pool it may spend too (may_spend_on, 106.6)."""
    cost = paid_as(game, player, cost)
    p = game.state.players[player]
    pool = _pool(game, player, spend_on)
    sources = mana_sources(game, player, exclude) + list(helpers)
    if pay is not None:
        named = set(pay)
        unknown = named - {src.object_id for src in sources}
        if unknown:
            raise IllegalAction(f"can't use {_names(game, unknown)} to pay: not an untapped mana source you control")
        sources = [src for src in sources if src.object_id in named]
        # Ranking by the order given keeps the player's intent.
        order = {oid: i for i, oid in enumerate(pay)}
        sources = [replace(src, rank=order[src.object_id]) for src in sources]
    else:
        sources = _keep_useful_mana(game, player, cost, sources)
    payment = None
    if pay is None:
        # The automatic payer uses the pool, then untapped lands, and other sources only when the lands
        # can't pay (without paying life for Phyrexian mana) -- the order FORMAT.md gives.
        lands = [src for src in sources if characteristics(game.state, src.object_id).is_land]
        if lands and len(lands) < len(sources):
            payment = find_payment(pool, lands, cost, 0, snow=p.snow_mana)
    if payment is None:
        payment = find_payment(pool, sources, cost, max(0, p.life), snow=p.snow_mana)
    if payment is None:
        raise IllegalAction(f"can't pay {cost}: not enough mana")
    if pay is not None and len(payment.sources) < len(set(pay)):
        # Every named source is used: tap the rest for mana too (they were named to be tapped).
        used = {sid for sid, _, _ in payment.sources}
        extra = [src for src in sources if src.object_id not in used]
        tapped_too = tuple((x.object_id, x.index_of(x.options[0]), x.options[0]) for x in extra)
        payment = Payment(payment.from_pool, payment.sources + tapped_too, payment.life)
    return replace(payment, spend_on=spend_on) if spend_on else payment


def _keep_useful_mana(game: "Game", player: int, cost: ManaCost, sources: list[ManaSource]) -> list[ManaSource]:
    """Orders sources so the automatic payer taps first those whose colors the player's other cards
    (hand and graveyard) need least: a Mountain stays untapped for the Bolt still to be cast."""
    s = game.state
    p = s.players[player]
    wanted: dict[str, int] = {}
    for oid in p.hand + p.graveyard:
        for c in _cost_colors(characteristics(s, oid).mana_cost.symbols):
            wanted[c] = wanted.get(c, 0) + 1
    for sym in cost.symbols:
        if sym in wanted:
            wanted[sym] -= 1
    supply: dict[str, int] = {}
    for src in sources:
        for c in _made_colors(src.options):
            supply[c] = supply.get(c, 0) + 1
    out = []
    for src in sources:
        colors = _made_colors(src.options)
        # A color is scarce when the other sources can't cover what the cards still want: keep those.
        scarce = sum(1 for c in colors if 0 < wanted.get(c, 0) >= supply[c])
        value = scarce * 100 + sum(max(0, wanted.get(c, 0)) for c in colors)
        rank = src.rank * 1000 + value
        out.append(src if rank == src.rank else src.ranked(rank))     # (a land no card needs: as it is)
    return out


# Read for every card in hand and graveyard and every source at each payment planned: by the cost's symbols, the
# colors each of its symbols names, one by one (a hybrid symbol each of its colors); by a source's options, the kinds
# of mana it can make. Both read their key only, so they are memoized.
@lru_cache(maxsize=4096)
def _cost_colors(symbols: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(c for sym in symbols for c in sym.split("/") if c in "WUBRG")


@lru_cache(maxsize=4096)
def _made_colors(options: tuple[str, ...]) -> frozenset[str]:
    return frozenset(c for opt in options for c in opt)


def _names(game: "Game", ids) -> str:
    return ", ".join(characteristics(game.state, i).name if i in game.state.objects else str(i) for i in ids)


def execute_payment(game: "Game", player: int, cost: ManaCost, payment: Payment, answers: dict[str, Any]) -> str:
    """Activates the chosen mana abilities (605.3a), then pays from the pool. Returns the mana spent.
    `answers`: the choices of the triggered mana abilities this sets off (mana_trigger_question asks them
    first, so that the payment never stops half-way)."""
    for oid, idx, mana in payment.sources:
        if idx == TAPPED_TO_PAY:
            set_tapped(game, oid, True)     # convoke / improvise: tapped as part of paying (no mana ability)
            add_mana(game, player, mana)
            continue
        ch = characteristics(game.state, oid)
        ab_cost = ch.activated[idx].cost
        bonus = tapped_for_mana_bonus(game, oid) if ab_cost.tap else ""
        card_id = game.state.objects[oid].card_id
        # 602.2b, 601.2h: the ability's costs first ({T}, life, the source sacrificed), then it resolves (605.3b)
        if ab_cost.tap:
            set_tapped(game, oid, True)
        if ab_cost.pay_life:
            lose_life(game, player, ab_cost.pay_life, paid=True)       # 119.4
        if ab_cost.sacrifice_self:
            sacrifice(game, oid)
        # The source's own ability adds its mana; the triggered mana abilities add the bonus themselves.
        own = mana[:len(mana) - len(bonus)] if bonus and mana.endswith(bonus) else mana
        add_mana(game, player, own, snow="Snow" in ch.supertypes)
        _ability_extras(game, player, oid, card_id, ch, idx)
        if ab_cost.tap:        # (106.12a: "tapped for mana" is a mana ability with {T} in its cost)
            mana_ability_triggers(game, oid, player, answers, own)
            tapped_for_mana_event(game, oid, player, mana)
    return _spend(game, player, cost, payment.life, payment.spend_on)


def _ability_extras(game: "Game", player: int, oid: int, card_id: int | None, ch: Characteristics, index: int) -> None:
    """605.3b: the rest of the mana ability the payer activated resolves with its mana (`_PAYER_EXTRAS`: Adarkar Wastes
    deals 1 damage to its controller), before the triggered mana abilities it sets off (605.4a)."""
    extras = tuple(e for e in ch.activated[index].mode.effects if not isinstance(e, (AddMana, Conditional)))
    if not extras:
        return
    res = Resolution(game, controller=player, source_id=oid, source_card_id=card_id, source_name=ch.name,
                     targets=[], target_specs=[], answers={})
    run_effects(res, extras)


def mana_trigger_question(game: "Game", player: int, cost: ManaCost, payment: Payment,
                          answers: dict[str, Any]) -> Decision | None:
    """The next choice, not yet in `answers`, that the triggered mana abilities of the sources a payment
    taps will ask (Fertile Ground: "one mana of any color"; 605.4a, 106.1: its controller chooses); None
    when all are answered or none is needed. Found by carrying the payment out on a copy of the game, so
    that the real payment is made only once everything is chosen."""
    if not any(_tapped_for_mana_watchers(game, oid) for oid, _, _ in payment.sources):
        return None
    trial = game.clone()
    try:
        execute_payment(trial, player, cost, payment, dict(answers))
    except NeedDecision as nd:
        return nd.decision
    except IllegalAction:
        return None             # the payment itself will refuse, with its reason
    return None


def can_pay_special(game: "Game", player: int, cost: ManaCost, exclude: set[int] = frozenset()) -> bool:
    """Whether a special action's cost (116.2) can be paid as `pay_special_action` pays it: payable, and the
    automatic payment sets off no triggered mana ability that asks a choice (605.3a): such an action is not
    offered until that mana is made."""
    if not can_pay_mana(game, player, cost, exclude):
        return False
    if cost.is_empty():
        return True
    try:
        payment = plan_payment(game, player, cost, None, exclude)
    except IllegalAction:
        return False
    return mana_trigger_question(game, player, cost, payment, {}) is None


def pay_special_action(game: "Game", player: int, cost: ManaCost, payment: Payment) -> str:
    """Pays the cost of a special action (116.2: turning a face-down permanent up, foretelling), which is
    one action with nothing asked on the way: a payment whose triggered mana abilities would ask a choice
    (Fertile Ground's color) is refused, the mana to be made first (605.3a)."""
    if mana_trigger_question(game, player, cost, payment, {}) is not None:
        raise IllegalAction("a land tapped for this cost would ask a choice: tap it for mana first (605.3a), "
                            "then take this action")
    return execute_payment(game, player, cost, payment, {})


def pay_mana_auto(game: "Game", player: int, cost: ManaCost, res: Resolution) -> None:
    """Pays during a resolution ("counter it unless its controller pays {3}"): the choices of the triggered
    mana abilities it sets off are asked through the resolution first (asked before anything changes)."""
    payment = plan_payment(game, player, cost, None)
    answers: dict[str, Any] = {}
    while (q := mana_trigger_question(game, player, cost, payment, answers)) is not None:
        key = q.data["key"]
        answers[key] = res.ask(f"mana:{key}", q.player, q.prompt, list(q.options), q.min, q.max, q.data["choice"])
    execute_payment(game, player, cost, payment, answers)


def _spend(game: "Game", player: int, cost: ManaCost, life: int, spend_on: frozenset[str] = frozenset()) -> str:
    cost = paid_as(game, player, cost)
    p = game.state.players[player]
    pool = _pool(game, player, spend_on)
    res = snow_payment(pool, cost, life, p.snow_mana)
    if res is None:
        res = snow_payment(pool, cost, max(0, p.life), p.snow_mana)
        if res is None:
            raise IllegalAction(f"can't pay {cost}")
    used, life_paid, snow_used = res
    for c, n in used.items():
        # 106.6: the restricted mana it may spend goes first (the unrestricted may pay for more)
        for m in [m for m in p.restricted_mana if m[0] == c and m[1] in spend_on][:n]:
            p.restricted_mana.remove(m)
            n -= 1
        p.mana_pool[c] -= n
    # 107.4h: the snow mana {S} took is gone; other costs spent the pool's other mana first
    p.snow_mana = {c: min(n - snow_used.get(c, 0), p.mana_pool[c]) for c, n in p.snow_mana.items()
                   if min(n - snow_used.get(c, 0), p.mana_pool[c]) > 0}
    if life_paid:
        lose_life(game, player, life_paid, paid=True)     # 119.4, 107.4f
    return pool_text(used)


def _mana_watchers(game: "Game") -> list:
    """The triggered mana abilities of permanents tapped for mana: (watcher, index, ability)."""
    s = game.state
    every = watchers(game)
    # Asked for each land the payer counts: the watchers of this event are picked out once for the same list
    # (the list is kept alive in the cache entry, so an identical object is the same watchers).
    known = s.cache.get("mana_watchers")
    if known is None or known[0] is not every:
        # (one with `to` "stack" isn't a mana ability, 605.1b: it triggers on the event and waits for the stack)
        known = s.cache["mana_watchers"] = (every, [w for w in every if w[2].trigger.event == "tapped_for_mana"
                                                    and w[2].trigger.to != "stack"])
    return known[1]


def _tapped_for_mana_watchers(game: "Game", oid: int) -> list:
    """The triggered mana abilities that tapping `oid` for mana sets off: (watcher, index, ability)."""
    s = game.state
    out = []
    for wid, i, ab in _mana_watchers(game):
        if wid not in s.objects:
            continue
        t = ab.trigger
        if t.subject == "filter":
            # "whenever a player taps a Forest for mana", "whenever you tap a creature for mana"
            hit = oid in s.objects and matches_ch(s, s.objects[oid], characteristics(s, oid), t.filter,
                                                  s.objects[wid].controller, wid)
        else:
            hit = oid == (wid if t.subject == "self" else s.objects[wid].attached_to)
        if hit:
            out.append((wid, i, ab))
    return out


def mana_ability_triggers(game: "Game", oid: int, player: int, answers: dict[str, Any], produced: str) -> None:
    """605.1b, 605.4a: triggered mana abilities ("whenever enchanted land is tapped for mana") resolve at
    once; their event is the tapped permanent, its controller and the mana it `produced` (letters). A choice one needs is taken from `answers` under "<land>.<watcher>.<ability>/<key>", or asked:
    NeedDecision with that key. A trigger done is marked in `answers`, so that the caller may run them
    all again once the question is answered (each asks before it changes anything)."""
    s = game.state
    for wid, i, ab in _tapped_for_mana_watchers(game, oid):
        prefix = f"{oid}.{wid}.{i}/"
        if answers.get(prefix + "done"):
            continue
        w = s.objects[wid]
        land_controller = s.objects[oid].controller if oid in s.objects else player
        mine = {k[len(prefix):]: v for k, v in answers.items() if k.startswith(prefix)}
        res = Resolution(game, controller=land_controller, source_id=wid, source_card_id=w.card_id,
                         source_name=characteristics(s, wid).name, targets=[], target_specs=[], answers=mine,
                         event={"object": oid, "player": land_controller, "mana": produced})
        try:
            run_effects(res, ab.mode.effects)
        except NeedDecision as nd:
            d = nd.decision
            raise NeedDecision(Decision(d.player, d.kind, f"{d.prompt} ({res.source_name})", d.options, d.min,
                                        d.max, {**d.data, "key": prefix + d.data["key"]})) from None
        answers[prefix + "done"] = True


def tapped_for_mana_event(game: "Game", oid: int, player: int, produced: str) -> None:
    """The event of a permanent tapped for mana (its mana ability with {T} in the cost activated, 106.12a), after
    its triggered mana abilities resolved: the triggered abilities of that event that aren't mana abilities
    ("whenever a player taps an Island for mana, ~ deals 1 damage to that player", 605.1b) wait for the stack."""
    s = game.state
    controller = s.objects[oid].controller if oid in s.objects else player
    game.emit(Event("tapped_for_mana", {"object": oid, "player": controller, "mana": produced},
                    f"{characteristics(s, oid).name if oid in s.objects else oid} is tapped for mana"))


def tapped_for_mana_bonus(game: "Game", oid: int) -> str:
    """The fixed mana that triggered mana abilities add when `oid` is tapped for mana (Wild Growth's
    additional {G}), so that the automatic payer counts it; "" if none (or not a fixed amount)."""
    out = ""
    for wid, _, ab in _tapped_for_mana_watchers(game, oid):
        for e in ab.mode.effects:
            if not isinstance(e, AddMana) or e.choice or "A" in e.mana or e.amount.kind != "const" \
                    or any(c in e.mana for c in BOARD_COLORS) or e.spend_only is not None or e.combination \
                    or e.each_color_among is not None or e.one_color_among is not None:
                return ""
            # Utopia Sprawl's "one mana of the chosen color": the watcher's own choice (614.12), none if unchosen
            out += e.mana.replace(CHOSEN_COLOR, game.state.objects[wid].chosen.get("color", "")) * e.amount.value
    return out
