"""Board evaluation for the AI: how good a position is for one player, from public information and
that player's own hand only (an opponent's hand counts by its size, never by what is in it).

The scale is roughly "cards": a vanilla 2/2 is worth about 3, a card in hand 1.5, a life point 0.4 to
2 (more as life runs low, since the last points decide the game). A won game is +1000, a lost one
-1000.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import engine.ai.ability_value as AV
from engine.board.primitives import player_cant_lose
from engine.core import effect_types as E
from engine.core.abilities import kept_by_identity_of
from engine.core.enums import Steps, Zones
from engine.query.layers import FLAG_KINDS

if TYPE_CHECKING:
    from engine.game import Game

WIN = 1000.0
CARD_IN_HAND = 1.5


def life_value(life: int) -> float:
    """Value of a life total: each point counts more the lower the total is (the last points lose
    the game)."""
    if life <= 0:
        return -WIN / 2
    return _LIFE_VALUES[min(life, 30)]


def _summed_life_value(life: int) -> float:
    v = 0.0
    for point in range(1, min(life, 30) + 1):
        v += 2.0 if point <= 4 else 1.2 if point <= 8 else 0.8 if point <= 14 else 0.45
    return v


# life_value of 0 to 30 life, summed point by point once (points above 30 add nothing).
_LIFE_VALUES = [_summed_life_value(n) for n in range(31)]


class _Board:
    """The position a decision is being weighed on (`unchanged_board`), its game and the player deciding, and
    what was read of it."""
    state: Any = None
    game: Any = None
    player: int | None = None
    memo: dict[Any, Any] = {}


_BOARD = _Board()


class unchanged_board:
    """While a decision is weighed on `game`, which nothing changes meanwhile (its options are tried on
    copies): what is read of the position itself (`board_memo`) is read once for all its options. (A class
    rather than a generator: entered at every decision.)"""
    __slots__ = ("game", "saved")

    def __init__(self, game: "Game") -> None:
        self.game = game

    def __enter__(self) -> None:
        self.saved = (_BOARD.state, _BOARD.game, _BOARD.player, _BOARD.memo)
        g = self.game
        _BOARD.state, _BOARD.game, _BOARD.memo = g.state, g, {}
        d = g.state.pending
        _BOARD.player = d.player if d is not None else None

    def __exit__(self, *exc: object) -> None:
        _BOARD.state, _BOARD.game, _BOARD.player, _BOARD.memo = self.saved


def board_memo(game: "Game") -> dict[Any, Any] | None:
    """The values read of the position of the decision being weighed, if `game` is in that position
    (`unchanged_board`); None for any other game (a copy played on)."""
    return _BOARD.memo if game.state is _BOARD.state else None


# abilities_value by the ability tuples it reads (a card's own, shared by all its objects) and power.
_ABILITIES: dict[tuple, tuple[tuple, float]] = {}


def abilities_value(ch, power: float) -> float:
    """What a permanent's abilities add while it stays on the battlefield, read from what they do
    (engine.ai.ability_value): its activated and triggered abilities and its static abilities beyond
    what its characteristics already show."""
    held = (ch.activated, ch.triggered, ch.static)
    key = (id(ch.activated), id(ch.triggered), id(ch.static), power)
    known = _ABILITIES.get(key)
    if known is not None and all(a is b for a, b in zip(known[0], held)):
        return known[1]
    if len(_ABILITIES) > 8192:
        _ABILITIES.clear()
    v = _abilities_value(ch, power)
    _ABILITIES[key] = (held, v)     # holds the tuples: their ids stay theirs while the entry lives
    return v


def _abilities_value(ch, power: float) -> float:
    v = 0.0
    for a in ch.activated:
        v += AV.activated_value(a)
    for tr in ch.triggered:
        v += AV.triggered_value(tr)
    for st in ch.static:
        if st.kind not in FLAG_KINDS:       # flags are read from ch.extra (own or given by an effect)
            v += AV.static_value(st, power)
    return v


# creature_value by the characteristics it reads (never modified once computed) and the damage marked.
_CREATURES: dict[int, tuple[Any, int, float]] = {}


def creature_value(game: "Game", oid: int) -> float:
    ch = game.characteristics(oid)
    if ch.triggered and gone_at_end_of_turn(game, oid):
        return _last_turn_value(game, oid, ch)
    if game.state.effects:
        pumped = _pumped_this_turn(game, oid)
        if pumped is not None:
            return _pumped_value(game, oid, ch, *pumped)
    o = game.state.objects[oid]
    damage = o.damage
    known = _CREATURES.get(id(ch))
    if known is not None and known[0] is ch and known[1] == damage:
        v = known[2]
    else:
        if len(_CREATURES) > 8192:
            _CREATURES.clear()
        v = _creature_value(ch, damage)
        _CREATURES[id(ch)] = (ch, damage, v)    # holds the characteristics: their id stays theirs meanwhile
    if o.tapped and ch.extra and ch.extra.get("doesnt_untap") and not _held_for_a_turn(game, oid):
        return v * HELD_TAPPED
    return v


HELD_TAPPED = 0.4       # a creature that stays tapped: it neither attacks nor blocks (508.1a, 509.1a)


def _held_for_a_turn(game: "Game", oid: int) -> bool:
    """Whether a resolved effect keeps the creature from untapping (Frost Breath's "during its controller's next
    untap step", exert 701.43b): it untaps a turn later, unlike one whose own static ability or an Aura keeps it
    tapped (Deep-Slumber Titan's "doesn't untap during your untap step", 502.3)."""
    return any(e.params.get("kind") == "doesnt_untap" and e.affected and oid in e.affected for e in game.state.effects)


def gone_at_end_of_turn(game: "Game", oid: int) -> bool:
    """A creature that a triggered ability of its own sacrifices or exiles at the beginning of this turn's end
    step (513.1a): "at the beginning of the end step, sacrifice ~" (Ball Lightning), or "... unless it was
    kicked" on one that wasn't (702.33d: a permanent remembers it). Such a creature is worth no more than
    what it can still do this turn."""
    s = game.state
    o = s.objects[oid]
    for tr in game.characteristics(oid).triggered:
        t = tr.trigger
        if t.event != "step" or t.step != "end" or t.alternatives or tr.optional or tr.condition is not None \
                or tr.modes or not (t.whose in ("each", "any") or t.whose == "you" and s.active == o.controller):
            continue
        if any(_leaves_itself(o, e) for e in tr.mode.effects):
            return True
    return False


def _leaves_itself(o, e: Any) -> bool:
    """Whether effect `e` of a permanent's own ability sacrifices or exiles that permanent (701.21a, 406), a
    condition on how it was cast read from the permanent (kicked 702.33d, evoked 702.74a)."""
    if isinstance(e, E.SacrificeSelf):
        return True
    if isinstance(e, E.ExileEffect):
        return getattr(e.what, "kind", "") == "self"
    if isinstance(e, E.Conditional) and e.condition.kind in ("kicked", "evoked") and not e.condition.all_of:
        holds = bool(o.kicked if e.condition.kind == "kicked" else o.evoked) != e.condition.negate
        return any(_leaves_itself(o, x) for x in (e.then if holds else e.otherwise))
    return False


# The steps of a turn before its attackers are declared (508.1): a creature may still attack in it.
_BEFORE_ATTACKS = frozenset({Steps.UNTAP, Steps.UPKEEP, Steps.DRAW, Steps.MAIN1, Steps.BEGINNING_OF_COMBAT})
ONE_ATTACK = 0.5        # per point of power: one attack's damage, at the value of a few life points


def _last_turn_value(game: "Game", oid: int, ch) -> float:
    """A creature gone at the end of this turn (`gone_at_end_of_turn`): one attack, if its controller's
    combat is still to come and it may attack in it (`_attack_to_come`), else nothing (what it does in this
    combat the combat's own reading counts)."""
    return ONE_ATTACK * max(ch.power or 0, 0) if _attack_to_come(game, oid, ch) else 0.0


def _attack_to_come(game: "Game", oid: int, ch) -> bool:
    """Whether the creature's controller's combat of this turn is still to come and it may attack in it (302.6:
    haste, or under that player's control since the turn began; untapped)."""
    s = game.state
    o = s.objects[oid]
    on_battlefield = o.zone is Zones.BATTLEFIELD
    return s.active == o.controller and s.step in _BEFORE_ATTACKS and not (on_battlefield and o.tapped) \
        and (ch.has("haste") or on_battlefield and not o.sick)


# Durations of continuous effects that end within this turn: in its cleanup step (514.2) or at the end of combat.
_THIS_TURN = frozenset({"end_of_turn", "end_of_combat"})


def _pumped_this_turn(game: "Game", oid: int) -> tuple[int, int, frozenset[str]] | None:
    """What resolved effects lasting this turn only give the creature (611.2a-c: Giant Growth's +3/+3, Overrun's
    trample, their objects locked in): the +N/+N (or -N/-N) and the keywords granted (613.1f), or None if none
    does."""
    dp = dt = 0
    granted: frozenset[str] = frozenset()
    pumped = False
    for e in game.state.effects:
        if e.duration not in _THIS_TURN or e.affected is None or oid not in e.affected:
            continue
        kind = e.params.get("kind")
        if kind == "pump":
            p, t = e.params["power"], e.params["toughness"]
            if isinstance(p, int) and isinstance(t, int):
                dp, dt, pumped = dp + p, dt + t, True
        elif kind == "grant":
            granted |= frozenset(e.params["keywords"])
            pumped = True
    return (dp, dt, granted) if pumped else None


def _pumped_value(game: "Game", oid: int, ch, dp: int, dt: int, granted: frozenset[str]) -> float:
    """A creature pumped for this turn only (`_pumped_this_turn`). While its controller's combat is still to come
    and it may attack in it (`_attack_to_come`), as it is: the attack planner plays that combat with the pump (a
    main-phase +4/+4 on an attacker). Otherwise, what it is worth once the pump, the keywords granted for the turn
    and the damage marked on it wear off together (514.2): what the pump did in a fight, a kill or a creature saved
    is on the board already, and on a creature that can't attack, or once the combat is over, it adds nothing. A
    keyword its card has of its own stays."""
    if _attack_to_come(game, oid, ch):
        return _creature_value(ch, game.state.objects[oid].damage)
    if granted:
        granted = granted - {k.text for k in ch.definition.keywords}
    return _creature_value(ch, 0, dp, dt, granted)


def creature_value_damaged(ch, damage: int) -> float:
    """`creature_value` of a creature with these characteristics and `damage` marked on it."""
    return _creature_value(ch, damage)


def _creature_value(ch, damage: int, dp: int = 0, dt: int = 0, lost: frozenset[str] = frozenset()) -> float:
    """The value of a creature with these characteristics and `damage` marked, read as `dp`/`dt` less power and
    toughness and without the keywords `lost` (a pump that wears off this turn)."""
    power = max((ch.power or 0) - dp, 0)
    toughness = (ch.toughness or 0) - dt - damage
    if toughness <= 0 and not ch.has("indestructible"):
        return 0.0
    v = 1.0 + 0.9 * power + 0.6 * max(toughness, 0)
    for k in ch.keywords:
        if not lost or k.text not in lost:
            v += AV.keyword_value(k, power)
    if ch.has("defender"):
        v -= 0.5 * power
    extra = ch.extra
    if extra:
        for flag, per_power in AV.EVASION_FLAGS.items():
            if extra.get(flag) and not ch.has("unblockable"):
                v += per_power * power
                break
    v += abilities_value(ch, power) + 0.15 * ch.mana_value
    if extra and (extra.get("cant_attack") or extra.get("cant_attack_or_block")):
        v *= 0.4
    return v


def permanent_value(game: "Game", oid: int, lands_before: int = 0, mana: bool | None = None) -> float:
    """Value of one permanent for its controller; `lands_before` counts the controller's lands
    already valued (mana beyond six lands is worth less); `mana`: whether a land makes mana (`makes_mana`), if known."""
    ch = game.characteristics(oid)
    o = game.state.objects[oid]
    p = game.state.players[o.controller]
    kept = kept_in_game_value(game, oid) if p.life <= 0 or p.poison >= 10 else 0.0
    if ch.is_creature:
        return creature_value(game, oid) + kept
    if ch.is_land:
        v = 1.3 if lands_before < 6 else 0.4
        # A land that makes no mana (a fetch land, 605.1a) is worth a land only once it has found one: cracking it
        # gains.
        return v if (makes_mana(ch) if mana is None else mana) else v * NO_MANA_LAND
    if "Planeswalker" in ch.types:
        return 2.5 + 0.8 * o.counters.get("loyalty", 0) + max((AV.activated_value(a) for a in ch.activated),
                                                               default=0.0)
    # "Whenever equipped creature deals combat damage, ...", "prevent X of that damage" to it: such an ability does
    # nothing while the Equipment is attached to nothing (301.5: unattached, it equips no creature), so equipping it
    # gains that.
    host = host_value(ch)
    v = 0.5 + 0.15 * ch.mana_value + abilities_value(ch, 2.0) - host
    if o.token is None and not spent_by_its_ability(ch):
        # A permanent is worth at least the card it was in hand: its abilities are what it is for, even those the
        # evaluation reads little of (Aether Vial, an Equipment with nothing to equip yet: Mask of Memory attached to
        # nothing was worth less than in hand, and never cast). Not a token, which was no card, nor one whose ability
        # sacrifices it (Mind Stone's draw): it is worth what that ability gives, and more than that would keep it
        # from ever being spent.
        v = max(v, CARD_IN_HAND + PERMANENT_FLOOR)
    return v + kept + (host if o.attached_to is not None else 0.0)


@kept_by_identity_of(4096)
def spent_by_its_ability(ch: Any) -> bool:
    """Whether an activated ability of the permanent sacrifices or exiles it as a cost (701.21a, 602.2)."""
    return any(a.cost.sacrifice_self or a.cost.exile_self for a in ch.activated)


# What an Equipment's static abilities do to the equipped creature that its value doesn't show (`host_value`): a pump or
# a keyword shows in the creature's characteristics, damage prevented from it (Shield of the Avatar) doesn't.
_UNSEEN_HOST_STATICS = frozenset({"prevents_damage", "redirects_damage", "extra_blocks", "lure"})


@kept_by_identity_of(4096)
def host_value(ch: Any) -> float:
    """What the triggered abilities of `ch` whose event is the equipped creature's are worth (`AV.triggered_value`),
    and its static abilities on the equipped creature that its value doesn't show (`AV.static_value`)."""
    return sum(AV.triggered_value(tr) for tr in ch.triggered if tr.trigger.subject == "equipped") \
        + sum(AV.static_value(st) for st in ch.static
              if st.affected.kind == "equipped" and st.kind in _UNSEEN_HOST_STATICS)


# What a noncreature permanent is worth at least beyond a card in hand (`permanent_value`).
PERMANENT_FLOOR = 0.1


# What a land without a mana ability is worth against one with (`permanent_value`).
NO_MANA_LAND = 0.5


def makes_mana(ch: Any) -> bool:
    """Whether the permanent has a mana ability (605.1a): a land without one counts as no land for the mana it makes
    (`mana_short`). Read for every land at every evaluation: most lands' first ability is one."""
    activated = ch.activated
    return bool(activated) and (activated[0].is_mana_ability or _has_mana_ability(activated))


@kept_by_identity_of(4096)
def _has_mana_ability(activated: tuple) -> bool:
    return any(ab.is_mana_ability for ab in activated)


# What staying in the game is worth to a player who would lose it (704.5a, 704.5c): the gap between `life_value`
# of a total at 0 or less and of 1 life.
KEPT_IN_GAME = WIN / 2 + _LIFE_VALUES[1]


def kept_in_game_value(game: "Game", oid: int) -> float:
    """For a permanent whose controller would lose the game but for a "you can't lose the game" (104.3b: the
    state-based loss of 704.5a or 704.5c doesn't happen): its share of what staying in the game is worth
    (`KEPT_IN_GAME`), shared with the player's other such permanents (removing one of two wins nothing while the
    other stays); 0 for any other."""
    s = game.state
    player = s.objects[oid].controller
    p = s.players[player]
    if p.life > 0 and p.poison < 10 or not any(st.kind == "cant_lose" for st in game.characteristics(oid).static):
        return 0.0
    sources = sum(1 for x in s.battlefield if s.objects[x].controller == player
                  and any(st.kind == "cant_lose" for st in game.characteristics(x).static))
    return KEPT_IN_GAME / max(sources, 1)


def finishes(game: "Game", player: int, damage: float) -> bool:
    """Whether `damage` (or as much life lost) makes `player` lose the game now (704.5a): at least their life, and
    they can lose it (104.3b, `damage_to_lose`; asked only when the damage reaches their life)."""
    return damage >= game.state.players[player].life and damage >= damage_to_lose(game, player)


def damage_to_lose(game: "Game", player: int) -> float:
    """The damage (or life loss) that makes `player` lose the game now (704.5a): their life, or none while they
    can't lose it (104.3b: "you can't lose the game"). Read once for the position of a decision (`board_memo`)."""
    memo = board_memo(game)
    if memo is None:
        return math.inf if player_cant_lose(game, player) else game.state.players[player].life
    key = ("damage_to_lose", player)
    known = memo.get(key)
    if known is None:
        known = memo[key] = math.inf if player_cant_lose(game, player) else game.state.players[player].life
    return known


def evaluate(game: "Game", player: int) -> float:
    """How good the position is for `player` (higher is better)."""
    s = game.state
    if s.game_over:
        if player in s.winners:
            return WIN
        return -WIN if s.winners else 0.0
    if s.players[player].lost:
        return -WIN         # 800.4a: out of a game the others play on
    worth, lands = _read(game)
    rivals = sorted((worth[p.index] for p in s.players if p.index != player and not p.lost), reverse=True)
    # A player who left the game counts no more (800.4a). With several opponents (806) the strongest is the
    # threat: what the others lose counts half, so that trading with one while another grows is no gain.
    return worth[player] + mana_short(game, player, lands[player]) - sum(rivals[:1]) \
        - RIVAL_WEIGHT * sum(rivals[1:])


def evaluate_changed(game: "Game", player: int, change: dict[int, float]) -> float:
    """`evaluate` of the position in which each player in `change` is worth that much more (a life total,
    a permanent or a card in hand gained or lost), read without making that position: no player leaves
    the game in it (800.4a)."""
    s = game.state
    if s.game_over:
        return evaluate(game, player)
    known, lands = _read(game)
    worth = list(known)
    for p, v in change.items():
        worth[p] += v
    rivals = sorted((worth[p.index] for p in s.players if p.index != player and not p.lost), reverse=True)
    return worth[player] + mana_short(game, player, lands[player]) - sum(rivals[:1]) \
        - RIVAL_WEIGHT * sum(rivals[1:])


RIVAL_WEIGHT = 0.5      # what an opponent other than the strongest counts for (806)


def rival_weights(game: "Game", player: int) -> dict[int, float]:
    """What each opponent's losses count for `player`, as `evaluate` counts them: the strongest opponent in
    full, the others `RIVAL_WEIGHT` (806); with one opponent, that one in full."""
    opps = game.state.opponents(player)
    if len(opps) <= 1:
        return {p: 1.0 for p in opps}
    worth = _worths(game)
    lead = max(opps, key=lambda p: worth[p])
    return {p: 1.0 if p == lead else RIVAL_WEIGHT for p in opps}


def _worths(game: "Game") -> list[float]:
    """Each player's position: permanents, life, poison, cards in hand, a library running out, and the
    spells and abilities they have on the stack (read once for the position of a decision: `board_memo`).
    A new list: callers add to it."""
    return list(_read(game)[0])


def _read(game: "Game") -> tuple[list[float], list[int]]:
    """(`_worths`, each player's lands), read once for the position of a decision (`board_memo`)."""
    memo = board_memo(game)
    if memo is None:
        return _read_worths(game)
    known = memo.get("worths")
    if known is None:
        known = memo["worths"] = _read_worths(game)
    return known


def _read_worths(game: "Game") -> tuple[list[float], list[int]]:
    s = game.state
    worth = [0.0] * len(s.players)
    lands = [0] * len(s.players)
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.phased_out:
            continue
        ch = game.characteristics(oid)
        mana = ch.is_land and makes_mana(ch)
        worth[o.controller] += permanent_value(game, oid, lands[o.controller], mana)
        if mana:
            lands[o.controller] += 1
    for oid in s.exile:
        o = s.objects[oid]
        if o.chosen and ("suspended" in o.chosen or "foretold_turn" in o.chosen):
            worth[o.owner] += exiled_worth(o)
    for p in s.players:
        worth[p.index] += life_value(p.life) - 3.0 * p.poison + CARD_IN_HAND * min(len(p.hand), 8)
        if len(p.library) < 4:
            worth[p.index] -= (4 - len(p.library)) * 3.0
    # Spells and abilities still on the stack are about to do something for their controller.
    for oid in s.stack:
        o = s.objects[oid]
        worth[o.controller] += 0.5
    return worth, lands


# What a card suspended (702.62a) or foretold (702.143a) is worth beyond a card in hand: it will be cast for nothing
# once its last time counter is removed, the sooner the more (with N counters, SUSPENDED / (1 + N)); a foretold card
# for its foretell cost, paid later.
SUSPENDED = 0.5
FORETOLD = 0.1


def exiled_worth(o: Any) -> float:
    """What a card in exile is worth to its owner while it waits to be cast: suspended (with time counters) or foretold
    (face down: its owner's opponents see that it is foretold, not what it is: the same worth for every card)."""
    if o.chosen.get("suspended"):
        # (with its last counter removed, its cast waits on the stack as a trigger: about to be cast, 702.62a)
        return CARD_IN_HAND + SUSPENDED / (1 + o.counters.get("time", 0))
    return CARD_IN_HAND + FORETOLD


RAMP = 1.0          # a land more while the hand holds a spell it can't pay for yet (`mana_short`)
SHORT_MOST = 5      # the most lands `mana_short` counts missing


def mana_short(game: "Game", player: int, lands: int) -> float:
    """What `player` loses by having fewer lands than the mana value of the dearest spell in their hand (a player
    knows their own hand, and no other): `RAMP` for each land missing, up to `SHORT_MOST`. A land more (played, or put
    onto the battlefield by a spell or ability) is worth `RAMP` more while such a spell waits, a land lost that much
    less. While `player` weighs a decision (`unchanged_board`) the hand is the one at the decision, in every position
    weighed: casting that spell by another cost than its mana (Fireblast's two Mountains) or discarding it gains
    nothing."""
    b = _BOARD
    if b.player == player and b.state is not None:
        dearest = b.memo.get("dearest")
        if dearest is None:
            dearest = b.memo["dearest"] = _dearest(b.game, player)
    else:
        dearest = _dearest(game, player)
    return -RAMP * min(max(dearest - lands, 0), SHORT_MOST)


def _dearest(game: "Game", player: int) -> int:
    """The highest mana value among the spells in `player`'s hand that wait for mana: not lands, nor spells with an
    alternative cost (118.9: Fireblast's two Mountains, not its six mana); 0 for none."""
    most = 0
    for x in game.state.players[player].hand:
        ch = game.characteristics(x)
        if not ch.is_land and ch.mana_value > most and not any(c.kind == "alternative" for c in ch.definition.costs):
            most = ch.mana_value
    return most
