"""Keywords of casting. Those that cast their card as an effect allows, during a resolution (608.2g; the cast:
engine.effects.resolution_casts): cascade (702.85a), rebound (702.88a), madness (702.35a), miracle (702.94a),
suspend (702.62a), ripple (702.60a), cipher (702.99a); those that copy the spell as it is cast: demonstrate (702.144a), casualty
(702.153a), replicate (702.56a), conspire (702.78a); overload, cleave and awaken, which change what the spell does (702.96a, 702.148a, 702.113a); escalate's cost
(702.120a); transmute and ninjutsu, activated from the hand (702.53a, 702.49a); embalm and eternalize, from the graveyard (702.128a,
702.129a). Each is compiled here into the costs, static, triggered and activated abilities it stands for. And the
permission to play cards exiled from the top of a library ("you may play that card this turn")."""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from engine.core.abilities import (YOU, ActivatedAbility, AdditionalCost, Amount, Condition, Cost, Filter, Keyword,
                                   Mode, Ref, SELF, StaticAbility, TargetSpec, Trigger, TriggeredAbility)
from engine.core.cards import token_spec
from engine.core.mana import ManaCost
from engine.core.objects import TEXT_CHANGING_WAYS
from engine.oracle.conditions import parse_condition
from engine.oracle.grammar import Context
from engine.oracle.verbs import G, _who
from engine.core.effect_types import (REMEMBERED, STORM_TRIGGER, Cascade, CastCard, CopyEpicSpell, CopySpell, CounterSpell,
                                      CreateDelayed,
                                      CreateTokens, Epic, ExileEffect, MayDo, MayPay, PutCounters, ReturnToHand, Ripple,
                                      SacrificeObjects, SearchLibrary, SuspendTick, ApplyContinuous, ExileTop,
                                      EnterAttacking, LookAtTop, MayPlayExiled)

CARD = Ref("source_card")
# The triggers of a card outside the battlefield: found by engine.rules.triggers where the card is.
MADNESS_TRIGGER = Trigger("madness")          # 702.35a: "When this card is exiled this way"
MIRACLE_TRIGGER = Trigger("miracle")          # 702.94a: "When you reveal this card this way"
CIPHER_TRIGGER = Trigger("cipher")            # 702.99a: the creature it's encoded on deals combat damage to a player
RECOVER_TRIGGER = Trigger("recover")          # 702.59a: "When a creature is put into your graveyard from the
                                              # battlefield" (the card being in that graveyard)
REBOUND_TEXT = "at the beginning of your next upkeep, you may cast ~ from exile without paying its mana cost"
# 702.50a: epic's two spell abilities, added last to the spell's effects by the compiler.
EPIC = Epic(CreateDelayed(Trigger("step", step="upkeep", whose="you"), (CopyEpicSpell(),), duration="game",
                          text="at the beginning of each of your upkeeps for the rest of the game, copy ~ except for "
                               "its epic ability"))
SUSPEND_CAST_TEXT = "when the last time counter is removed from ~, you may cast it without paying its mana cost"


@G.rule("{who:player} exile[s] the top card of their library", "exile the top card of your library",
        "{who:player} exile[s] the top {n:count} cards of their library",
        "exile the top {n:count} cards of your library",
        "exile the top card of {who:player}'s library", "exile the top {n:count} cards of {who:player}'s library",
        "{who:player} exile[s] {n:count} cards from the top of their library",
        "exile {n:count} cards from the top of your library",
        "{who:player} exile[s] cards from the top of their library equal to {n:eq}",
        "exile cards from the top of your library equal to {n:eq}")
def _exile_top(ctx: Context, n: Amount = Amount("const", 1), who: Ref | None = None) -> tuple[ExileTop, ...]:
    ctx.last = None         # "it" / "those cards" is read only as the permission that follows (below)
    return (ExileTop(_who(ctx, who), n),)


_PERMISSION = re.compile(r"^(?:(until end of turn|until the end of your next turn|during your next turn|"
                         r"until the beginning of your next upkeep), )?you may (play|cast) "
                         r"(?:that card|those cards|it|them|the exiled cards?"
                         # "you may cast spells from among those exiled cards": cast them, no land played
                         r"|(?<=cast )spells from among (?:them|those cards|those exiled cards|the exiled cards))"
                         # 118.9: "... without paying its mana cost", before or after the duration
                         r"(?P<free> without paying (?:its|their) mana costs?)?"
                         # 609.4b: "..., and you may spend mana as though it were mana of any color to cast that spell",
                         # before or after the duration ("until end of turn, ..." is read as "... until end of turn")
                         r"(?:,? and you may spend mana as though it were mana of any (?P<any>color|type) to cast "
                         r"(?:that spell|those spells|it|them))?"
                         r"(?: (this turn|until end of turn|until the end of your next turn|"
                         r"for as long as (?:it|they) remains? exiled))?"
                         r"(?P<free2> without paying (?:its|their) mana costs?)?"
                         r"(?:,? and you may spend mana as though it were mana of any (?P<any2>color|type) to cast "
                         r"(?:that spell|those spells|it|them))?$")
# "You may look at and cast that card for as long as it remains exiled": the card an earlier instruction of the same
# ability exiled face down (406.3), which its controller may look at and cast while it stays in exile.
_LOOK_AND_CAST = re.compile(r"^you may look at and (play|cast) that card for as long as it remains exiled"
                            r"(?:,? and you may spend mana as though it were mana of any (color|type) to cast "
                            r"that spell)?$")


_FLASH_IF = re.compile(r"^if (.+?), you may cast ~ as though it had flash\.?$", re.IGNORECASE)
_AS_THOUGH_FLASH = re.compile(r"^you may cast ~ as though it had flash(?: if you pay (\{\d+\}) more to cast it)?\.?"
                              r"( if you cast it any time a sorcery couldn't have been cast, the controller of the "
                              r"permanent it becomes sacrifices it at the beginning of the next cleanup step\.)?$",
                              re.IGNORECASE)


def flash_permission(line: str, out: Any) -> bool:
    """ "You may cast ~ as though it had flash [if you pay {2} more to cast it]": a static ability of the card
    (601.3b: a permission to cast it any time an instant could be cast), with its additional cost when the cast is
    made at a time a sorcery couldn't be (engine.rules.casting)."""
    m = _AS_THOUGH_FLASH.match(re.sub(r"\s*\([^()]*\)", "", line).strip())
    m_if = _FLASH_IF.match(line.strip()) if m is None else None
    if m_if is not None:
        # "If you control a creature with power 4 or greater, you may cast ~ as though it had flash": while the
        # condition holds as the casting begins (601.3d, engine.query.cast_limits)
        condition = parse_condition(m_if.group(1).lower())
        if condition is None:
            return False
        out.static.append(StaticAbility("flash_if", SELF, condition=condition, text=line))
        return True
    if m is None:
        return False
    extra = ManaCost.parse(m.group(1)) if m.group(1) else ManaCost(())
    out.static.append(StaticAbility("flash_permission", SELF, (("extra", extra),), text=line))
    if m.group(2):
        # Mirage's flash: as the permanent enters, a delayed ability (603.7) whose source it is, if it was cast when
        # a sorcery couldn't have been (307.1)
        sacrifice = CreateDelayed(Trigger("step", step="cleanup", whose="any"),
                                  (SacrificeObjects(REMEMBERED, by_controller=True),), (), (SELF,), "once",
                                  "the controller of ~ sacrifices it at the beginning of the next cleanup step")
        out.static.append(StaticAbility("delayed_as_enters", SELF, (("effects", (sacrifice,)),),
                                        Condition("cast_as_instant"), text=line))
    return True


# "Exile target nonland permanent. For as long as that card remains exiled, its owner may cast it [without paying its
# mana cost]": the permission is the exiled card's owner's (Release to the Wind)
_OWNER_PERMISSION = re.compile(r"^for as long as that card remains exiled, its owner may (play|cast) it"
                               r"( without paying its mana cost)?$")


def play_permission_modifier(s: str, effects: list[Any]) -> bool:
    """ "You may play that card this turn", "Until the end of your next turn, you may play those cards", "You
    may cast it for as long as it remains exiled": the permission to play the cards the previous sentence
    exiled from the top of the library."""
    owner = _OWNER_PERMISSION.match(s)
    if owner is not None:
        if not effects or not isinstance(effects[-1], ExileEffect) or effects[-1].what.kind != "target":
            return False
        effects.append(MayPlayExiled(effects[-1].what, "exiled", cast_only=owner.group(1) == "cast",
                                     free=bool(owner.group(2)), owner=True))
        return True
    look = _LOOK_AND_CAST.match(s)
    if look is not None:
        if not effects or not isinstance(effects[-1], LookAtTop) or [p.to for p in effects[-1].picks] != ["exile"] \
                or effects[-1].picks[0].max != 1 or not effects[-1].picks[0].face_down:
            return False
        effects.append(MayPlayExiled(Ref("exiled_this_way"), "exiled", cast_only=look.group(1) == "cast",
                                     any_mana=look.group(2) or "", look=True))
        return True
    m = _PERMISSION.match(s)
    countered = bool(effects) and isinstance(effects[-1], CounterSpell) and effects[-1].to == "exile" \
        and effects[-1].what.kind == "target" and effects[-1].unless_pay is None and effects[-1].unless_amount is None \
        and not effects[-1].unless_x
    if not m or not effects or not (isinstance(effects[-1], (ExileTop, ExileEffect)) or countered) or \
            isinstance(effects[-1], ExileTop) and effects[-1].play:
        return False
    before, verb, after = m.group(1), m.group(2), m.group(5) or ""
    any_mana, free = m.group("any") or m.group("any2") or "", bool(m.group("free") or m.group("free2"))
    if m.group("any") and m.group("any2") or m.group("free") and m.group("free2"):
        return False
    if bool(before) == bool(after):
        return False
    when = before or after
    # "until the beginning of your next upkeep": up to that turn, in whose untap step no player gets priority
    # (502.4); "during your next turn": in that turn only
    play = "turn" if when in ("until end of turn", "this turn") else \
        "your_next_turn" if when == "until the end of your next turn" else \
        "before_your_next_turn" if when == "until the beginning of your next upkeep" else \
        "during_your_next_turn" if when == "during your next turn" else "exiled"
    if isinstance(effects[-1], (ExileEffect, CounterSpell)):
        # "Exile target creature. Until the end of your next turn, you may cast that card": the card it exiled (400.7j);
        # "Counter target spell. If that spell is countered this way, exile it instead ... You may play it ...": the
        # card the countered spell was, in exile
        if effects[-1].what.kind not in ("target", "event") or m.group(0).count(" those ") or " them" in m.group(0):
            return False        # a plural referent is read only after an exile of several cards from a library
        effects.append(MayPlayExiled(effects[-1].what, play, cast_only=verb == "cast", any_mana=any_mana, free=free))
        return True
    effects[-1] = replace(effects[-1], play=play, cast_only=verb == "cast", any_mana=any_mana, free=free)
    return True


def awakened(mode: Mode, n: int) -> Mode:
    """702.113a: the spell cast for its awaken cost "also put[s] N +1/+1 counters on target land you control and it
    becomes a 0/0 Elemental creature with haste. It's still a land." (for good: no duration)."""
    land = Ref("target", len(mode.targets))
    spec = TargetSpec("land", Filter(controller="you"), text="target land you control")
    effects = (PutCounters(land, "+1/+1", Amount("const", n)),
               ApplyContinuous(land, (("kind", "add_types"), ("types", ("Creature",)), ("subtypes", ("Elemental",))),
                               "permanent"),
               ApplyContinuous(land, (("kind", "set_pt"), ("power", 0), ("toughness", 0)), "permanent"),
               ApplyContinuous(land, (("kind", "grant"), ("keywords", (Keyword("haste"),))), "permanent"))
    return Mode(mode.targets + (spec,), mode.effects + effects,
                f"{mode.text} Put {n} +1/+1 counters on target land you control and it becomes a 0/0 Elemental "
                f"creature with haste. It's still a land.")


def zombie_copy(record: dict[str, Any], eternalized: bool) -> dict[str, Any]:
    """The token an embalmed (eternalized) card becomes: a copy of it, except it's a white (4/4 black) Zombie in
    addition to its other types, with no mana cost."""
    left, _, right = (record.get("type") or " ".join(record.get("types") or ())).partition("—")
    subtypes = right.split()
    if "Zombie" not in subtypes:
        subtypes.insert(0, "Zombie")
    power, toughness = ("4", "4") if eternalized else (record.get("power"), record.get("toughness"))
    spec = token_spec(record["name"], power, toughness, "B" if eternalized else "W",
                      f"{left.strip()} — {' '.join(subtypes)}", (record.get("text") or "").split("\n"))
    return dict(spec, abilities=tuple(spec["abilities"]))


def changed_text(way: str | None, text: str) -> str:
    """The spell's text as cast for `way` (None: its mana cost; cleave's brackets are then just dropped)."""
    if way == "overload":
        text = re.sub(r"\btarget\b", "each", text)
        return re.sub(r"\bTarget\b", "Each", text)
    if way == "cleave":
        return re.sub(r" {2,}", " ", re.sub(r"\[[^\]]*\]\s*", "", text)).replace(" ,", ",").replace(" .", ".")
    return text.replace("[", "").replace("]", "")


def text_changing_way(costs: list[AdditionalCost]) -> str | None:
    return next((c.kind for c in costs if c.kind in TEXT_CHANGING_WAYS), None)


def casting_keyword(kw: Keyword, card: dict[str, Any], out: Any) -> bool:
    """Adds the abilities one of these keywords stands for to the compiler's parts `out` (its costs, static,
    triggered and activated lists); False for another keyword."""
    if kw.name == "cascade":
        out.triggered.append(TriggeredAbility(STORM_TRIGGER, Mode(effects=(Cascade(),)), text="Cascade"))
    elif kw.name == "rebound":
        # 702.88a: cast from its owner's hand, it is exiled as it resolves (engine.rules.resolving), and this
        # delayed ability is created.
        back = CreateDelayed(Trigger("step", step="upkeep", whose="you"), (CastCard(REMEMBERED, "free"),), (),
                             (CARD,), "once", REBOUND_TEXT)
        out.static.append(StaticAbility("rebound", SELF, (("effects", (back,)),), text="Rebound"))
    elif kw.name in ("madness", "miracle") and kw.cost is not None:
        cost = kw.full_cost or Cost(mana=kw.cost)
        out.costs.append(AdditionalCost(kw.name, cost, optional=True))
        # 702.35a: if it isn't cast, it goes to its owner's graveyard; 702.94a: it stays in the hand.
        cast = CastCard(CARD, kw.name, "graveyard" if kw.name == "madness" else "")
        trigger = MADNESS_TRIGGER if kw.name == "madness" else MIRACLE_TRIGGER
        out.triggered.append(TriggeredAbility(trigger, Mode(effects=(cast,)), text=kw.name.capitalize()))
    elif kw.name == "suspend" and kw.cost is not None and kw.param.isdigit():
        out.costs.append(AdditionalCost("suspend", Cost(mana=kw.cost), optional=True))
        # 702.62a: "At the beginning of your upkeep, if this card is suspended, remove a time counter from it";
        # "When the last time counter is removed from this card, if it's exiled, you may play it without paying
        # its mana cost"; a creature spell cast this way has haste.
        cast = CreateDelayed(Trigger("reflexive"), (CastCard(REMEMBERED, "suspend"),), (), (CARD,), "once",
                             SUSPEND_CAST_TEXT)
        out.triggered.append(TriggeredAbility(Trigger("step", step="upkeep", whose="you"),
                                              Mode(effects=(SuspendTick(cast),)), Condition("suspended"),
                                              text="Suspend"))
        out.static.append(StaticAbility("grant", SELF, (Keyword("haste"),), Condition("suspend_cast"), "Suspend"))
    elif kw.name == "demonstrate":
        # 702.144a: "When you cast this spell, you may copy it. If you do, choose an opponent to also copy it.
        # Players may choose new targets for their copies." (two players: the opponent is the one there is)
        copies = (CopySpell(Ref("event"), new_targets=True), CopySpell(Ref("event"), new_targets=True,
                                                                      copier="each_other"))
        out.triggered.append(TriggeredAbility(STORM_TRIGGER, Mode(effects=(MayDo(copies, prompt="Demonstrate: copy it "
                                                                                 "(and an opponent copies it too)?"),)),
                                              text="Demonstrate"))
    elif kw.name == "escalate" and kw.cost is not None:
        # 702.120a: the cost is paid once for each mode chosen beyond the first (engine.rules.casting).
        out.costs.append(AdditionalCost("escalate", kw.full_cost or Cost(mana=kw.cost)))
    elif kw.name == "casualty" and kw.param.isdigit():
        # 702.153a: "As an additional cost to cast this spell, you may sacrifice a creature with power N or
        # greater" (paid as the cast's optional additional cost: engine.rules.casting.OPTIONAL_ADDITIONAL) and
        # "When you cast this spell, if a casualty cost was paid for it, copy it. If the spell has any targets,
        # you may choose new targets for the copy."
        n = int(kw.param)
        sacrifice = Cost(sacrifice=Filter(types=frozenset({"Creature"}), min_power=n), sacrifice_count=1,
                         text=f"sacrifice a creature with power {n} or greater")
        out.costs.append(AdditionalCost("casualty", sacrifice, optional=True))
        out.triggered.append(TriggeredAbility(STORM_TRIGGER, Mode(effects=(CopySpell(Ref("event"), new_targets=True),)),
                                              Condition("cast_kicked"), text=f"Casualty {n}"))
    elif kw.name in TEXT_CHANGING_WAYS and kw.cost is not None and (kw.name != "awaken" or kw.param.isdigit()):
        out.costs.append(AdditionalCost(kw.name, kw.full_cost or Cost(mana=kw.cost), optional=True))
    elif kw.name in ("embalm", "eternalize") and kw.cost is not None and card.get("record"):
        # 702.128a / 702.129a: "[Cost], Exile this card from your graveyard: Create a token that's a copy of it,
        # except it's a white (a 4/4 black) Zombie [its types] with no mana cost. Activate only as a sorcery." The
        # exceptions are part of the token's copiable values (707.9b): the token is made from the card's printed
        # characteristics with them, a card in a graveyard having no others.
        token = CreateTokens(tuple(sorted(zombie_copy(card["record"], kw.name == "eternalize").items())))
        out.activated.append(ActivatedAbility(replace(kw.full_cost or Cost(mana=kw.cost), exile_self=True),
                                              Mode(effects=(token,), text="Create a token that's a copy of ~, "
                                                   "except it's a Zombie with no mana cost."),
                                              sorcery_speed=True, from_graveyard=True, text=kw.text))
    elif kw.name == "recover" and kw.cost is not None and kw.full_cost is None:
        # 702.59a: "When a creature is put into your graveyard from the battlefield, you may pay [cost]. If you do,
        # return this card from your graveyard to your hand. Otherwise, exile this card." (from the graveyard:
        # engine.rules.triggers)
        choice = MayPay(kw.cost, then=(ReturnToHand(CARD),), otherwise=(ExileEffect(CARD),))
        out.triggered.append(TriggeredAbility(RECOVER_TRIGGER, Mode(effects=(choice,)), text=f"Recover {kw.cost}"))
    elif kw.name == "cipher":
        # 702.99a: the encoded card's "Whenever this creature deals combat damage to a player, you may copy the
        # encoded card and you may cast the copy without paying its mana cost." (the creature's: found by
        # engine.rules.triggers; the encoding is the spell's last effect, added by the compiler)
        out.triggered.append(TriggeredAbility(CIPHER_TRIGGER, Mode(effects=(CastCard(CARD, "free", copy=True),)),
                                              text="Cipher"))
    elif kw.name == "ninjutsu" and kw.cost is not None:
        # 702.49a: "[Cost], Reveal this card from your hand, Return an unblocked attacking creature you control to its
        # owner's hand: Put this card onto the battlefield from your hand tapped and attacking."
        unblocked = Filter(types=frozenset({"Creature"}), controller="you", attacking=True, unblocked=True)
        cost = replace(kw.full_cost or Cost(mana=kw.cost), reveal_self=True, return_to_hand=unblocked)
        out.activated.append(ActivatedAbility(cost, Mode(effects=(EnterAttacking(CARD),),
                                                         text="Put ~ onto the battlefield from your hand tapped and "
                                                              "attacking."), from_hand=True, text=kw.text))
    elif kw.name == "conspire" and card.get("record"):
        # 702.78a: "As an additional cost to cast this spell, you may tap two untapped creatures you control that
        # each share a color with it" (the cast's optional additional cost, as casualty's) and "When you cast this
        # spell, if its conspire cost was paid, copy it. If the spell has any targets, you may choose new targets
        # for the copy." A card's colors don't change in a hand: a creature shares one if it has any of them.
        colors = frozenset(card["record"].get("colors") or ())
        if not colors:
            return False
        tap = Cost(tap_untapped=Filter(types=frozenset({"Creature"}), colors=colors), tap_count=2,
                   text="tap two untapped creatures you control that each share a color with it")
        out.costs.append(AdditionalCost("conspire", tap, optional=True))
        out.triggered.append(TriggeredAbility(STORM_TRIGGER, Mode(effects=(CopySpell(Ref("event"), new_targets=True),)),
                                              Condition("cast_kicked"), text="Conspire"))
    elif kw.name == "replicate" and kw.cost is not None:
        # 702.56a: "As an additional cost to cast this spell, you may pay [cost] any number of times" and "When
        # you cast this spell, if a replicate cost was paid for it, copy it for each time its replicate cost was
        # paid. If the spell has any targets, you may choose new targets for any of the copies."
        out.costs.append(AdditionalCost("replicate", kw.full_cost or Cost(mana=kw.cost), optional=True))
        copies = CopySpell(Ref("event"), new_targets=True, count=Amount("replicated"))
        out.triggered.append(TriggeredAbility(STORM_TRIGGER, Mode(effects=(copies,)), text=f"Replicate {kw.cost}"))
    elif kw.name == "ripple" and kw.param.isdigit():
        out.triggered.append(TriggeredAbility(STORM_TRIGGER, Mode(effects=(Ripple(int(kw.param)),)),
                                              text=f"Ripple {kw.param}"))
    elif kw.name == "transmute" and kw.cost is not None:
        # 702.53a: "[Cost], Discard this card: Search your library for a card with the same mana value as the
        # discarded card, reveal that card, and put it into your hand. Then shuffle. Activate only as a sorcery."
        value = card.get("mana_value", 0)
        search = SearchLibrary(YOU, Filter(min_mana_value=value, max_mana_value=value), reveal=True)
        out.activated.append(ActivatedAbility(replace(kw.full_cost or Cost(mana=kw.cost), discard_self=True),
                                              Mode(effects=(search,), text=f"Search your library for a card with mana "
                                                   f"value {value}, reveal it, put it into your hand, then shuffle."),
                                              sorcery_speed=True, from_hand=True, text=kw.text))
    else:
        return False
    return True
