"""What a card's abilities are worth to the AI, read from the compiled Oracle text (the effect classes of
engine.core.effect_types, the compiled keywords, static, triggered and activated abilities), so that any
card the engine compiles is valued by what it does, with no per-card code.

The scale is the board evaluation's (engine.ai.evaluate: roughly "cards", a vanilla 2/2 about 3):
- `effect_value`: one resolution of an effect, for the controller of the ability (damage, removal,
  cards drawn or discarded, tokens, counters, pumps, keywords, life, mana, ...);
- `mode_value`: a spell's or ability's mode (its effects summed; a modal choice counts its best mode);
- `activated_value`, `triggered_value`, `static_value`: what an ability of a permanent adds to that
  permanent while it stays on the battlefield (a repeatable ability a fraction of one use; an "enters"
  trigger nothing once the permanent is in play);
- `card_value`: a card in a hand, by what casting it does (a removal spell above a vanilla creature).

Values are computed once per compiled object and cached by identity (compiled card data is frozen).
"""
from __future__ import annotations

from typing import Any, Callable

from engine.core import effect_types as E
from engine.core.abilities import ActivatedAbility, Amount, Keyword, Mode, StaticAbility, TriggeredAbility

# Keyword bonuses, flat and per point of power (where the keyword scales with the creature's damage).
KEYWORD_FLAT = {"deathtouch": 1.2, "indestructible": 2.0, "hexproof": 1.0, "shroud": 0.6, "ward": 0.6,
                "vigilance": 0.4, "reach": 0.3, "haste": 0.2, "protection": 0.8, "flash": 0.2,
                "defender": 0.0}
KEYWORD_PER_POWER = {"flying": 0.6, "first strike": 0.4, "double strike": 1.0, "lifelink": 0.4,
                     "trample": 0.2, "menace": 0.3, "unblockable": 0.7, "landwalk": 0.5, "skulk": 0.4,
                     "shadow": 0.6, "horsemanship": 0.6, "fear": 0.5, "intimidate": 0.5, "infect": 0.5,
                     "wither": 0.2, "prowess": 0.3, "exalted": 0.3}
# Static abilities of a creature that make it hard to block (evasion), per point of power.
EVASION_FLAGS = {"cant_be_blocked": 0.7, "blocked_only_by": 0.4, "cant_be_blocked_by": 0.3}

CARD = 1.4          # a card drawn
REMOVAL = 4.0       # a permanent of the opponent's destroyed or exiled
BOUNCE = 2.0        # ... returned to its owner's hand
STOLEN = 1.5 * REMOVAL  # ... taken for good
MANA = 0.6          # one mana, once
LIFE = 0.3          # one life point (the evaluation weighs life by the total; here an average)

HELPFUL_KINDS = ("you", "self", "created", "chosen", "attached", "enchanted", "equipped")
HARMFUL_KINDS = ("opponent", "each_opponent", "defending_player", "controller_of")


def amount(a: Any) -> float:
    """A guess at a number an effect uses: a constant as it is (at most 10: "discard your hand" is
    compiled as a very large number), X about 3, a count about 2; negative for a negative multiplier ("-X/-X",
    "-1/-1 for each ...")."""
    if isinstance(a, int):
        return float(min(a, 10))
    if not isinstance(a, Amount):
        return 1.0
    if a.kind == "const":
        return float(min(a.value, 10))
    m = a.multiplier
    if a.kind in ("x", "twice_x"):
        guess = 3.0 * (2 if a.kind == "twice_x" else 1)
        return -guess if m < 0 else guess
    return 2.0 * (m if m < 0 else max(m, 1))


def _side(ref: Any) -> float:
    """Who an effect falls on, from its controller's side: +1 on its own things, -1 on the opponent's, 0
    on a target (aimed where it helps: the caller counts its size), 0.2 on everyone (a board wipe hits
    both sides, the one casting it chose when)."""
    kind = getattr(ref, "kind", "")
    if kind in HELPFUL_KINDS:
        return 1.0
    if kind == "controller_of":
        return -0.6         # what a removal spell gives back to the one who loses the permanent
    if kind in HARMFUL_KINDS:
        return -1.0
    if kind == "all":
        whose = getattr(ref.filter, "controller", None)
        return 1.0 if whose == "you" else -1.0 if whose == "opponent" else -0.2
    if kind in ("each_player", "active_player"):
        return -0.2
    return 0.0


def _harm(size: float, ref: Any) -> float:
    """The value of doing `size` worth of harm to `ref`: positive when it falls on the opponent or on a
    target (the controller aims it), negative on its own things."""
    side = _side(ref)
    return size if side == 0.0 else -side * size


def _help(size: float, ref: Any) -> float:
    side = _side(ref)
    return size if side == 0.0 else side * size


def keyword_value(k: Keyword, power: float = 2.0) -> float:
    name = "landwalk" if k.name.endswith("walk") else k.name
    return KEYWORD_FLAT.get(name, 0.0) + KEYWORD_PER_POWER.get(name, 0.0) * max(power, 0.0)


def token_value(spec: tuple) -> float:
    """One token of a CreateTokens spec: a creature by its size and keywords, else a card's worth less."""
    d = dict(spec)
    types = d.get("types") or ()
    p = d.get("power")
    t = d.get("toughness")
    if "Creature" in types or p is not None:
        p = amount(p) if p is not None else 1.0
        t = amount(t) if t is not None else 1.0
        v = 1.0 + 0.9 * p + 0.6 * t
        for kw in d.get("keywords") or ():
            v += keyword_value(kw, p) if isinstance(kw, Keyword) else 0.3
        return v
    return 1.0         # Treasure, Food, Clue and the like: about a card's worth of later use


def gains_control(e: Any) -> bool:
    """ "Gain control of <it>" (613.1b): the effect's controller takes the permanent, for a turn or for good; not one
    giving it to another player ("target opponent gains control of ...")."""
    if not isinstance(e, E.ApplyContinuous):
        return False
    params = dict(e.params)
    return params.get("kind") == "control" and "player" not in params


def effect_value(e: Any) -> float:
    """One resolution of `e`, for its controller."""
    if isinstance(e, E.DealDamage):
        n = amount(e.amount)
        # At a creature: removal up to its toughness; at a player: life (worth more as the life falls).
        return _harm(min(n, 5.0) * 0.7 + 0.2 * max(n - 5.0, 0.0), e.to)
    if isinstance(e, (E.Destroy, E.ExileEffect, E.ExileLinked)):
        return _harm(REMOVAL, e.what)
    if isinstance(e, (E.ReturnToHand, E.PutOnLibrary)):
        return _harm(BOUNCE, e.what)
    if isinstance(e, E.CounterSpell):
        return 2.5 if e.unless_pay is None and not e.unless_x else 1.5
    if isinstance(e, E.Draw):
        return _help(CARD * amount(e.amount), e.who)
    if isinstance(e, E.Discard):
        return _harm(1.2 * amount(e.amount), e.who)
    if isinstance(e, E.GainLife):
        return _help(LIFE * amount(e.amount), e.who)
    if isinstance(e, E.LoseLife):
        return _harm(0.45 * amount(e.amount), e.who)
    if isinstance(e, E.Mill):
        return _harm(0.15 * amount(e.amount), e.who)
    if isinstance(e, E.Pump):
        size = 0.9 * amount(e.power) + 0.6 * amount(e.toughness)
        if e.duration in ("end_of_turn", "end_of_combat"):
            size *= 0.35        # a combat trick: wins a fight, then it's gone
        return _help(size, e.what) if size >= 0 else _harm(-size * 1.5, e.what)
    if isinstance(e, (E.Grant, E.GrantKeywordChoice)):
        size = sum(keyword_value(k) for k in e.keywords) or 0.3
        size *= 0.35 if e.duration in ("end_of_turn", "end_of_combat") else 1.0
        # "loses your choice of flying, first strike, or trample": a keyword taken away
        return _harm(size, e.what) if isinstance(e, E.GrantKeywordChoice) and e.lose else _help(size, e.what)
    if isinstance(e, E.TapEffect):
        return 0.3 if e.untap else _harm(0.6, e.what)
    if gains_control(e):
        # taken (613.1b): lost to its controller and gained, or for this turn one attack with it
        return _harm(STOLEN if e.duration == "permanent" else 1.5, e.what)
    if isinstance(e, E.Sacrifice):
        return _harm(2.5 * amount(e.amount), e.who)
    if isinstance(e, E.AddMana):
        return MANA * max(len(e.mana), 1) * amount(e.amount)
    if isinstance(e, E.CreateTokens):
        return _help(token_value(e.spec) * amount(e.amount), e.who)
    if isinstance(e, E.PutCounters):
        n = amount(e.amount)
        if e.kind == "+1/+1":
            return _help(1.5 * n, e.what)
        if e.kind == "-1/-1":
            return _harm(1.5 * n, e.what)
        if e.kind == "loyalty":
            return 0.8 * n
        return _help(0.3 * n, e.what)
    if isinstance(e, (E.Fight, E.DealDamageBy)):
        return 2.0
    if isinstance(e, (E.Bolster, E.Amass)):
        return 1.5 * amount(e.amount)
    if isinstance(e, E.Proliferate):
        return 1.0
    if isinstance(e, (E.Explore, E.Connive, E.Manifest)):
        return 1.2
    if isinstance(e, E.PutOntoBattlefield):
        return _help(2.5, e.what) if getattr(e.what, "kind", "") != "self" else 2.0
    if isinstance(e, E.Regenerate):
        return 0.8
    if isinstance(e, E.Conditional):
        return 0.6 * effects_value(e.then) + 0.4 * effects_value(e.otherwise)
    if isinstance(e, E.MayDo):
        return max(0.0, effects_value(e.effects))
    if isinstance(e, E.WithX):
        return effect_value(e.effect)
    if isinstance(e, E.MayPay):
        return 0.6 * max(0.0, effects_value(e.then))
    if isinstance(e, E.IfDone):
        return effect_value(e.action) + 0.8 * effects_value(e.then) + 0.2 * effects_value(e.otherwise)
    if isinstance(e, E.ChooseMode):
        return max((effects_value(m) for m in e.modes), default=0.0)
    if isinstance(e, (E.SacrificeSelf, E.SacrificeObjects)):
        return -1.0
    return 0.3          # something the AI can't weigh: a little better than nothing


def effects_value(effects: tuple) -> float:
    return sum(effect_value(e) for e in effects)


_CACHE: dict[int, tuple[Any, float]] = {}


def _cached(obj: Any, compute: Callable[[], float]) -> float:
    """`compute()` once per compiled object (frozen: its id stays its own while the entry holds it)."""
    known = _CACHE.get(id(obj))
    if known is None or known[0] is not obj:
        if len(_CACHE) > 8192:
            _CACHE.clear()
        known = _CACHE[id(obj)] = (obj, compute())
    return known[1]


def mode_value(mode: Mode) -> float:
    return _cached(mode, lambda: effects_value(mode.effects))


def activated_value(ab: ActivatedAbility) -> float:
    """What having this activated ability adds to a permanent: part of one use, less for a dear cost,
    more when it can be used again each turn ({T}), one use when the permanent pays for it itself."""
    def compute() -> float:
        if ab.is_mana_ability:
            return 0.8
        v = max(mode_value(m) for m in ab.modes) if ab.modes else mode_value(ab.mode)
        if v <= 0:
            return 0.0
        cost = ab.cost
        v *= max(0.25, 1.0 - 0.12 * cost.mana.mana_value)
        if cost.sacrifice_self or cost.exile_self:
            return 0.7 * v
        return 0.6 * v if cost.tap else 0.5 * v
    return _cached(ab, compute)


# Trigger events that come round again and again, with how often they fire, compared with one use.
_RECURRING = {"step": 0.9, "attacks": 0.6, "deals_combat_damage": 0.5, "deals_damage": 0.5, "cast": 0.5,
              "blocks": 0.3, "life_gained": 0.4, "draws": 0.5, "enters": 0.4, "dies": 0.4, "tapped_for_mana": 0.6}


def triggered_value(tr: TriggeredAbility, on_battlefield: bool = True) -> float:
    """What a triggered ability adds to its permanent: its effect times how often it will trigger. Its
    own "enters" trigger is spent once the permanent is on the battlefield (it counts for the card)."""
    def compute(once: bool) -> float:
        # a modal one is worth its best mode (its controller chooses, 603.3c)
        v = max(mode_value(m) for m in tr.modes) if tr.modes else mode_value(tr.mode)
        t = tr.trigger
        if t.event == "enters" and t.subject == "self":
            return 0.0 if once else v
        if t.event in ("dies", "leaves") and t.subject == "self":
            return 0.5 * v
        return _RECURRING.get(t.event, 0.3) * v
    return compute(True) if on_battlefield else compute(False)


# "You can't lose the game" (104.3b) and "your opponents can't win the game" (104.2b): insurance for a player in no
# danger yet (engine.ai.evaluate counts what it keeps a player who would lose in the game).
GAME_RULES = {"cant_lose": 2.0, "opponents_cant_win": 1.0}


def static_value(st: StaticAbility, power: float = 2.0) -> float:
    """A static ability's worth beyond what shows in characteristics already (a pump given to other
    creatures shows in their power): evasion and restrictions on its own creature, cost reductions, and
    for the rest a little."""
    if st.kind in GAME_RULES:
        return GAME_RULES[st.kind]
    if st.affected.kind == "self":
        if st.kind in EVASION_FLAGS:
            return EVASION_FLAGS[st.kind] * max(power, 0.0)
        if st.kind in ("cant_block",):
            return -0.5
        if st.kind in ("cant_attack", "cant_attack_or_block", "doesnt_untap"):
            return -0.4 * max(power, 1.0)
        return 0.0          # pumps and keywords of its own show in its characteristics
    if st.kind in ("pump", "grant", "pump_grant", "pump_dynamic"):
        return 0.3          # shown on the creatures it pumps; a little for the ones to come
    if st.kind.startswith("cant") or st.kind in ("doesnt_untap", "lose_abilities"):
        # A lock on what's enchanted is counted on the enchanted permanent; on the opponent's things, value.
        return 0.5 if st.affected.kind in ("enchanted", "equipped") else 1.0
    return 0.5


def spell_value(definition) -> float:
    """What casting the card's spell does (its best mode); 0 for a permanent card without a spell effect."""
    sp = definition.spell
    if sp is None:
        return 0.0
    return _cached(sp, lambda: max((mode_value(m) for m in sp.modes), default=0.0))


def permanent_card_value(definition) -> float:
    """A permanent card's own abilities: its "enters" triggers once, the rest as on the battlefield."""
    def compute() -> float:
        power = amount(int(definition.power)) if (definition.power or "").isdigit() else 2.0
        v = sum(triggered_value(t, on_battlefield=False) for t in definition.triggered)
        v += sum(activated_value(a) for a in definition.activated if not a.from_hand and not a.from_graveyard)
        v += sum(static_value(s, power) for s in definition.static)
        v += sum(keyword_value(k, power) for k in definition.keywords)
        return v
    return _cached(definition, compute)


def card_value(definition) -> float:
    """A card in a hand by what it does once cast: its spell's effect, or the permanent's abilities."""
    return spell_value(definition) + permanent_card_value(definition)
