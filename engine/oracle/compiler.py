"""Compiling a card's Oracle text into a CardDef (113: abilities; 601-603: spells, activated and
triggered abilities; 604: static abilities; 702: keywords).

The text is normalized (text.py), split into paragraphs (one ability each, 113.2c... a keyword line
may hold several), and each paragraph is classified: keyword line, "Choose one —" modes, activated
ability ("cost: effect", 602.1), triggered ability ("When/Whenever/At", 603.1), static ability, or the
effect of an instant or sorcery. Sentences the compiler can't read are listed in
`CardDef.unsupported`, and are kept where they are played by hand (issue 12): an unread instruction of a
spell or an ability becomes a `ByHand` effect in its place, a triggered ability whose trigger condition is
unread goes to `CardDef.hand_triggers`, and the rest (static abilities, costs, keywords) to
`CardDef.reminders`. A card with a hand-written fix (oracle/handwritten.py) is compiled without them.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core.abilities import (ActivatedAbility, AdditionalCost, Amount, Condition, Cost, Filter, Keyword, Mode, Ref,
                              SELF, instances_in, SpellAbility, uses_x, StaticAbility, TargetSpec, TriggeredAbility, Trigger, TARGET0, X, YOU)
from engine.core.cards import GRANTED_PREFIX, MULTI_FACE_LAYOUTS, CardDef
from engine.core.dungeons import room_line
from engine.core.effect_types import (AddMana, AddManaProduced, ApplyContinuous, ByHand, Conditional, CounterSpell, CreateTokens,
                                      Draw, GainLife,
                                      DealDamage, Destroy, Discard, Encode, IfDone, MayDo, Mill, Sacrifice, UnlessDiscard,
                                      SacrificeObjects, SpendOnly, DONE_EVENTS)
from engine.core.enums import BASIC_LAND_TYPES
from engine.core.effect_types import (Ascend, Attach, RepeatProcess, DieResult, FlipCoin, RollDie, CantBeRegenerated, Champion, ChooseMode, Haunt, Myriad, ReturnLinked, Unattach, Exploit, MayPay, Pair, PutCounters, PutOntoBattlefield,
                                      SacrificeSelf, WithX)
from engine.core.effect_types import (REMEMBERED, CreateDelayed, Designate, ExileEffect, ExileTop, GainClassLevel, LookAtHand, Meld,
                                      MoveCounter, RemoveCounter, ReplaceNextDraw, RevealTop, SearchLibrary)
from engine.core.mana import ManaCost, ManaCostError
from engine.oracle.ability_words import strip_ability_words
from engine.oracle.becomes import retained
from engine.oracle.casting_keywords import (EPIC, awakened, casting_keyword, changed_text, flash_permission,
                                            play_permission_modifier,
                                            text_changing_way)
from engine.oracle.copies_text import copy_modifier, storm_ability
from engine.oracle import keyword_actions_text  # noqa: F401  (its grammar rules: populate, explore, ...)
from engine.oracle.costs_text import filter_of, parse_cost
from engine.oracle.delayed_text import dash_abilities, blitz_abilities, done_action, extra_turn_modifier, \
    reflexive_instead, reflexive_modifier, says_delayed, starts_delayed, too_many
from engine.oracle.grammar import Context
from engine.oracle.handwritten import HANDWRITTEN
from engine.oracle.layouts import Section, chapter_lines, class_sections, combine_faces, face_records, leveler_bands
from engine.oracle.keyword_meanings import (COSTED_MEANINGS, ENTERING_KEYWORDS, cycling_effect, entering_keyword,
                                            keyword_meaning, typecycling_effect)
from engine.oracle.keywords import keywords_from_line, played
from engine.oracle.library_text import look_followup, reveal_if_shares
from engine.oracle.amounts import amount_clause, objects_filter, parse_equal_to, parse_number_of
from engine.oracle.phrases import name_event_object, parse_desc
from engine.oracle.statics import otherwise_static, parse_static, pay_life_or_enters_tapped, paying_cost, pump_instead, \
    counters_per_prevented, escapes_with_instead, prevent_then_remove_counter, reveal_or_enters_tapped, sacrifice_to_enter, \
    sparing_protection, works_on_stack
from engine.oracle.text import normalize, number, self_names, split_sentences
from engine.oracle.conditions import (activation_restriction, alt_cost_condition, attackers_condition,
                                      cast_restriction, dealt_damage_condition, DIFFERENCES, entered_condition,
                                      event_object_condition, fewer_than, in_graveyard_condition, left_condition,
                                      moved_this_way_condition, negated_condition, object_condition,
                                      others_than_event_condition, parse_condition, player_condition, self_condition,
                                      target_condition)
from engine.oracle.triggers import by_referent, once_each_turn, parse_trigger, trigger_events
from engine.oracle import replacements, turn_text  # noqa: F401  (their rules join the effect grammar)
from engine.oracle.verbs import counter_kind, counter_limit_modifier, parse_effects, token_text_reads


@dataclass
class Parts:
    """The abilities of a card as they are compiled, before they become a CardDef."""
    keywords: list[Keyword] = field(default_factory=list)
    activated: list[ActivatedAbility] = field(default_factory=list)
    triggered: list[TriggeredAbility] = field(default_factory=list)
    static: list[StaticAbility] = field(default_factory=list)
    spell_lines: list[str] = field(default_factory=list)
    modes: list[Mode] = field(default_factory=list)
    choose: tuple[int, int] = (1, 1)
    costs: list[AdditionalCost] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)
    hand_triggers: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- effects of one ability

def _lower(sentence: str) -> str:
    s = sentence.strip().rstrip(".").strip()
    return s[0].lower() + s[1:] if s else s


def _lower_all(sentence: str) -> str:
    return sentence.strip().rstrip(".").lower()


_SEARCH_FOR = re.compile(r"^(?:[^,]+ )?search(?:es)? (?:your|their) library for (?!.*, then shuffle)")
_SEARCH_THEN = re.compile(r"^(?:reveal (?:those cards|them), )?put (?:those cards|them|that card|it) [^,]+, then shuffle$")
# "Search your library for up to X basic land cards, where X is <amount>, put them onto ...": what X is, said
# before what the search does with the cards
_SEARCH_WHERE_X = re.compile(r"^(.*\bsearch(?:es)? .+? for up to x [^,]+), (where x is [^,]+), ((?:reveal|put) .+)$")


# A line of a results table (706.3a): "1—9 | Draw two cards.", "20 | ...", "15+ | ..."
_RESULT_LINE = re.compile(r"^(\d+)(?:[—–-](\d+)|(\+))? \| (.+)$", re.DOTALL)


def _results_table(ctx: Context, text: str, effects: list[Any], unread: list[str], by_hand: bool) -> None:
    """706.3: the results table's lines that follow "roll a dN" in its paragraph (compile_parts keeps them
    there, one a line): each line's effects, read as the ability's own sentences, go to the roll."""
    lines = text.split("\n")
    rows = [_RESULT_LINE.match(line.strip()) for line in lines]
    if not effects or not isinstance(effects[-1], RollDie) or effects[-1].table or not all(rows):
        unread.extend(line.strip() for line in lines)
        return
    table = []
    for m in rows:
        low, high = int(m.group(1)), (None if m.group(3) else int(m.group(2) or m.group(1)))
        # a line's name ("Trapped! — You lose 3 life") is flavor (207.2d)
        said = re.sub(r"^[A-Z][\w' ,!]*? — ", "", m.group(4).strip())
        table.append(DieResult(low, high, compile_mode(ctx, said, unread, by_hand).effects))
    effects[-1] = replace(effects[-1], table=tuple(table))


def compile_mode(ctx: Context, text: str, unread: list[str], by_hand: bool = False) -> Mode:
    """The targets and effects of one ability's (or one mode's) text, sentence by sentence. With
    `by_hand`, an unread sentence becomes a ByHand effect in its place (its controller carries it out)."""
    effects: list[Any] = []
    last = 0        # how many effects the last sentence that made any made
    text, _, table = text.partition("\n") if _RESULT_LINE.match(text.partition("\n")[2]) else (text, "", "")
    sentences = split_sentences(text)
    for k, sentence in enumerate(sentences):
        s = _lower_all(sentence)
        if starts_delayed(s):
            # "At the beginning of your next upkeep, pay {3}{U}{U}. If you don't, ...": a sentence
            # that goes on from it is the delayed ability's too (603.7).
            while k + 1 < len(sentences) and re.match(r"^if you (do|don't),", _lower_all(sentences[k + 1])):
                s += ". " + _lower_all(sentences.pop(k + 1))
        if k + 1 < len(sentences) and _SEARCH_FOR.match(s) and _SEARCH_THEN.match(_lower_all(sentences[k + 1])):
            # "Search your library for up to X basic land cards, where X is .... Put those cards onto the
            # battlefield tapped, then shuffle.": one search (701.23a), its amount said last
            where = re.search(r", where x is [^,]+$", s)
            s = (s[:where.start()] if where else s) + ", " + _lower_all(sentences.pop(k + 1)) + (
                where.group(0) if where else "")
        where_x = _SEARCH_WHERE_X.match(s)
        if where_x:
            s = f"{where_x.group(1)}, {where_x.group(3)}, {where_x.group(2)}"
        if k + 1 < len(sentences) and (way := re.fullmatch(r"round (up|down) each time", _lower_all(sentences[k + 1]))):
            # "... half the number of cards in their library and loses half their life. Round up each time.": each
            # half is rounded so (107.1a)
            sentences.pop(k + 1)
            s = re.sub(r"\b(half (?:the number of |their |your )[^,]+?)(?= and |$)", rf"\1, rounded {way.group(1)}", s)
        if k + 1 < len(sentences) and s.endswith(" gains flashback until end of turn") and re.fullmatch(
                r"the flashback cost is equal to (?:its|that card's) mana cost", _lower_all(sentences[k + 1])):
            # "... gains flashback until end of turn. The flashback cost is equal to its mana cost.": one grant
            # (702.34a)
            sentences.pop(k + 1)
            s += " with its mana cost as its flashback cost"
        picked = re.fullmatch(r"an opponent chooses (.+)", s)
        put = re.fullmatch(r"put that card (.+)", _lower_all(sentences[k + 1])) if picked and k + 1 < len(sentences) \
            else None
        if put:
            # "Reveal the top three cards of your library. An opponent chooses one of them. Put that card into your
            # graveyard and the rest into your hand.": one choice among the revealed cards, made by an opponent
            sentences.pop(k + 1)
            s = f"an opponent chooses {picked.group(1)} and you put that card {put.group(1)}"
        then = _lower_all(sentences[k + 1]) if k + 1 < len(sentences) else ""
        color_of = re.fullmatch(r"choose a color of an? (permanent|creature|artifact|enchantment|land)( .+)?", s)
        if color_of and then == "add one mana of that color":
            # "Choose a color of a permanent you control. Add one mana of that color.": one mana of a color among
            # theirs, none if they have none (106.1)
            sentences.pop(k + 1)
            s = f"add one mana of any color among {color_of.group(1)}s{color_of.group(2) or ''}"
        elif s == "choose a color" and then == "add an amount of mana of that color equal to your devotion to that color":
            # Nykthos: the color chosen as the mana is added (106.1), then that much of it (700.5)
            sentences.pop(k + 1)
            s = "add an amount of mana of any one color equal to your devotion to that color"
        chosen = re.fullmatch(r"choose a creature type( other than \w+)?", s)
        then = re.fullmatch(r"(.+?) becomes? that type (.+)", _lower_all(sentences[k + 1])) \
            if chosen and k + 1 < len(sentences) else None
        if then:
            # "Choose a creature type other than Wall. Target creature becomes that type until end of turn.": one
            # instruction, the type chosen as it resolves (608.2d)
            sentences.pop(k + 1)
            s = f"{then.group(1)} becomes the creature type of your choice{chosen.group(1) or ''} {then.group(2)}"
        m = re.match(r"^(until end of turn|until your next turn), (?!whenever )(.+?)(, where x is .+)?$", s)
        if m:
            # the duration goes last, before what X is ("..., where X is the number of Elves you control")
            s = m.group(2) + " " + m.group(1) + (m.group(3) or "")
        s = re.sub(r"^then ", "", s)
        ctx.flags["sentence"] = sentence
        ctx.flags["sentence_last"] = ctx.last       # what "that creature" names before the sentence's own subject
        # An ability granted in quotes is compiled as printed (verbs.quoted_abilities).
        ctx.flags["quotes"] = {q.lower(): q for q in re.findall(r'"([^"]+)"', sentence)}
        mark = ctx.mark() if by_hand else None
        # "with mana value X or less" reads the X chosen in the cost (107.3a): not read without one, nor
        # after a sentence that says what X is ("reveal the top X cards, where X is ...")
        cost_x = ctx.flags.get("cost_x") and not any(", where x is " in _lower_all(p) for p in sentences[:k + 1])
        before, targets_before = list(effects), len(ctx.targets)
        if _modifier(ctx, s, effects, last):
            if cost_x or not uses_x(effects):
                continue
            effects[:] = before
            eff = None
        else:
            ctx.subject = None
            eff = _conditional_sentence(ctx, s, effects)
            if eff is None:
                eff = amount_clause(ctx, s, parse_effects)
            if eff is not None and not cost_x and (uses_x(eff) or uses_x(ctx.targets[targets_before:])):
                eff = None
        if eff is None:
            unread.append(sentence.strip())
            if mark is not None:
                ctx.reset(mark)     # a target the failed reading added is not the ability's
                effects.append(ByHand(sentence.strip().replace("~", ctx.card_name or "~")))
                last = 1
            continue
        if _chosen_if_done(effects, eff):
            # "If you do, look at that player's hand and choose a card from it. The player discards that card.": the
            # card is chosen only if it was done, so what is done with it is part of that too (608.2c)
            effects[-1] = replace(effects[-1], then=effects[-1].then + tuple(eff))
            last = 1
            continue
        effects.extend(eff)
        last = len(eff)
    if table:
        _results_table(ctx, table, effects, unread, by_hand)
    return Mode(tuple(ctx.targets), tuple(effects), text + ("\n" + table if table else ""))


def _chosen_if_done(effects: list[Any], eff: tuple[Any, ...]) -> bool:
    """Whether `eff` discards the card chosen from a hand looked at by an "If you do" before it."""
    prev = effects[-1] if effects else None
    return isinstance(prev, (MayPay, IfDone)) and bool(prev.then) and isinstance(prev.then[-1], LookAtHand) \
        and bool(eff) and all(isinstance(e, Discard) and e.chooser == "you" for e in eff)


_SPEND_ONLY = re.compile(r"^spend this mana only to (?:cast (?P<spells>.+?)(?: or (?:to )?(?P<abilities>activate .+))?"
                         r"|(?P<abilities2>activate .+?)(?: or (?:to )?cast (?P<spells2>.+))?)$")
# What a spell filter of a mana restriction may say: the spell's own characteristics (types, colors).
_SPELL_FIELDS = {f: getattr(Filter(), f) for f in ("controller", "owner", "name", "chosen", "token", "other", "counter",
                                                     "keyword", "without_keyword", "max_mana_value_x", "permanent")}


def _spend_only(s: str) -> SpendOnly | None:
    """106.6: "spend this mana only to cast <spells> [or activate abilities of <permanents>]", "... only to
    activate an ability or cast <spells>": what the mana may pay for."""
    m = _SPEND_ONLY.match(s)
    if not m:
        return None
    spells_text, abilities_text = m.group("spells") or m.group("spells2"), m.group("abilities") or m.group("abilities2")
    spells = abilities = None
    kicked, graveyard = False, ""
    if spells_text is not None:
        # "kicked spells" (702.33d), "spells with flashback from a graveyard": how the spell is cast
        where = re.search(r" from (a|your) graveyard$", spells_text)
        if where:
            spells_text, graveyard = spells_text[:where.start()], "any" if where.group(1) == "a" else "yours"
        kicked = spells_text.startswith("kicked ")
        # "a creature spell of the chosen type or a legendary creature spell": either
        either = [parse_desc(re.sub(r"^(?:an? )?(?:kicked )?", "", t)) for t in spells_text.split(" or a ")] \
            if " or a " in spells_text else []
        d = parse_desc(re.sub(r"^(?:an? )?(?:kicked )?", "", spells_text)) if not either else None
        descs = either or [d]
        if any(d is None or d.nouns != {"spell"} or d.zone
               or replace(d.filter, **_SPELL_FIELDS) != replace(d.filter, chosen=_SPELL_FIELDS["chosen"])
               or d.filter.chosen not in ("", "creature_type") for d in descs):
            return None
        # "of the chosen type": the type chosen for the mana's source, kept with the mana (engine.effects.basic)
        spells = descs[0].filter if len(descs) == 1 else Filter(any_of=tuple(d.filter for d in descs))
    if abilities_text is not None:
        a = re.match(r"^activate (?:abilities|an ability)(?: of (.+))?$", abilities_text)
        if not a:
            return None
        abilities = objects_filter(re.sub(r"^an? ", "", a.group(1))) if a.group(1) else Filter()
        if abilities is None:
            return None
    return SpendOnly(s, spells, abilities, kicked, graveyard)


def _mana_added(effects: tuple[Any, ...] | list[Any]) -> list[AddMana]:
    """The AddMana instructions among `effects`, also those nested in "you may" and "if you do" (608.2c)."""
    out: list[AddMana] = []
    for e in effects:
        if isinstance(e, AddMana):
            out.append(e)
        elif isinstance(e, MayDo):
            out += _mana_added(e.effects)
        elif isinstance(e, (IfDone, Conditional)):
            out += _mana_added(e.then) + _mana_added(e.otherwise)
    return out


def _kept_mana(effects: tuple[Any, ...]) -> tuple[Any, ...]:
    """`effects` with the mana each AddMana (nested ones too) adds kept until end of turn (500.4)."""
    out: list[Any] = []
    for e in effects:
        if isinstance(e, AddMana):
            e = replace(e, kept=True)
        elif isinstance(e, MayDo):
            e = replace(e, effects=_kept_mana(e.effects))
        elif isinstance(e, (IfDone, Conditional)):
            e = replace(e, then=_kept_mana(e.then), otherwise=_kept_mana(e.otherwise))
        out.append(e)
    return tuple(out)


def _token_pt_of_target(ctx: Context, effects: list[Any], noun: str) -> bool:
    """"Create a black Spirit creature token. Its power is equal to that creature's power and its toughness is equal
    to that creature's toughness": the token's power and toughness, read from the ability's one target creature as the
    token is created (as it last existed once it left the battlefield, 608.2h), are its own from then on (111.3).
    "That card's": the one target creature card (from a graveyard: as it was there, 608.2h). The token made by "If that
    creature dies this way, create ..." too (the instruction the condition holds)."""
    last = effects[-1]
    if isinstance(last, Conditional) and len(last.then) == 1 and not last.otherwise:
        inner = list(last.then)
        if not _token_pt_of_target(ctx, inner, noun):
            return False
        effects[-1] = replace(last, then=tuple(inner))
        return True
    if not isinstance(last, CreateTokens):
        return False
    spec = dict(last.spec)
    kind = "creature" if noun == "creature" else "card"
    if len(ctx.targets) != 1 or ctx.targets[0].max != 1 or ctx.targets[0].kind != kind \
            or (kind == "card" and (ctx.targets[0].filter is None or ctx.targets[0].filter.types != {"Creature"})) \
            or spec.get("power") is not None or spec.get("toughness") is not None or last.x is not None:
        return False
    target = Ref("target", 0)
    spec.update(power=Amount("power_of", ref=target), toughness=Amount("toughness_of", ref=target))
    effects[-1] = replace(last, spec=tuple(sorted(spec.items())))
    return True


def _keep_prior_types(effects: list[Any]) -> bool:
    """205.1b: "It's still a land" after "becomes a 3/3 creature": each type change before it keeps the prior types
    (`becomes.retained`); False if there is none."""
    found = False
    for i, e in enumerate(effects):
        if isinstance(e, MayDo):
            inner = list(e.effects)
            if _keep_prior_types(inner):
                effects[i], found = replace(e, effects=tuple(inner)), True
        elif isinstance(e, ApplyContinuous) and dict(e.params).get("kind") in ("add_types", "set_types") \
                and "types" in dict(e.params):
            effects[i], found = replace(e, params=retained(e.params)), True
    return found


def _modifier(ctx: Context, s: str, effects: list[Any], last: int) -> bool:
    """Sentences that change what the previous sentence does (`last`: how many effects it made)."""
    if effects and isinstance(effects[-1], ReplaceNextDraw):
        # "..., instead they exile the top card of their library. They may play it this turn.": what the replacement
        # does instead of the draw, changed (614.1a)
        inner = list(effects[-1].effects)
        if not _modifier(ctx, s, inner, len(inner)):
            return False
        effects[-1] = replace(effects[-1], effects=tuple(inner), text=f"{effects[-1].text}. {s}")
        return True
    if copy_modifier(s, effects) or replacements.replacement_modifier(ctx, s, effects) \
            or reflexive_modifier(ctx, s, effects) or reflexive_instead(ctx, s, effects) \
            or extra_turn_modifier(ctx, s, effects) \
            or look_followup(ctx, s, effects) or reveal_if_shares(s, effects) \
            or play_permission_modifier(s, effects) or counter_limit_modifier(s, effects):
        return True
    if s in ("you don't lose this mana as steps and phases end until end of turn",
             "until end of turn, you don't lose this mana as steps and phases end"):
        # 500.4: the mana the sentences before added stays in its controller's pool until the turn ends, also mana
        # added after "If you do" (Neheb, Dreadhorde Champion)
        added = _mana_added(effects)
        if not added or any(e.spend_only is not None for e in added):
            return False        # the pool keeps no restricted mana past a step's end (500.4, 106.6): not read
        effects[:] = _kept_mana(tuple(effects))
        return True
    restriction = _spend_only(s)
    if restriction is not None:
        # 106.6: the mana the sentences before added may be spent only on that
        added = [i for i, e in enumerate(effects) if isinstance(e, AddMana) and e.spend_only is None]
        if any(effects[i].kept for i in added):
            return False        # kept past a step's end: the pool keeps no restricted mana that long (500.4)
        for i in added:
            effects[i] = replace(effects[i], spend_only=restriction)
        return bool(added)
    if s in ("if you search your library this way, shuffle", "if you searched your library this way, shuffle",
             "each player who searched their library this way shuffles"):
        # 701.24: the library searched is shuffled (a player who declined a "may search" didn't search).
        if not effects or not isinstance(effects[-1], SearchLibrary) or "library" not in effects[-1].zones:
            return False
        effects[-1] = replace(effects[-1], shuffle=True)
        return True
    if _follow_up(ctx, s, effects, last) or _restated_follow_up(ctx, s, effects):
        return True
    if s == "each opponent attacking that player does the same" and ctx.trigger_player == Ref("enchanted") \
            and ctx.flags.get("attacking_player") == Ref("active_player") and 0 < last <= len(effects) \
            and all(isinstance(e, (Draw, GainLife, CreateTokens)) and e.who == YOU for e in effects[-last:]):
        # "Whenever enchanted player is attacked, you draw a card. Each opponent attacking that player does the same.":
        # the attacking player is the active player (506.2), an opponent unless it's you
        effects.append(Conditional(Condition("your_turn", negate=True),
                                   tuple(replace(e, who=Ref("active_player")) for e in effects[-last:])))
        return True
    m = re.match(r"^if (you|they) (win|lose) the flip, (.+)$", s)
    if m and effects and isinstance(effects[-1], FlipCoin) and not getattr(effects[-1], m.group(2)) \
            and (m.group(1) == "you") == (effects[-1].who == YOU):
        # 705.2: what the flipping player's winning or losing the flip does
        more = parse_effects(ctx, m.group(3))
        if more is None:
            return False
        effects[-1] = replace(effects[-1], **{m.group(2): more})
        return True
    m = re.match(r"^otherwise, (.+)$", s)
    if m and effects and isinstance(effects[-1], (IfDone, MayPay)) and effects[-1].then and not effects[-1].otherwise:
        # 608.2c: "Exile a creature card from your graveyard. If you do, ... Otherwise, sacrifice it.": if it wasn't done
        more = parse_effects(ctx, m.group(1))
        if more is None:
            return False
        effects[-1] = replace(effects[-1], otherwise=more)
        return True
    if m and effects and isinstance(effects[-1], Conditional) and not effects[-1].otherwise:
        # 608.2c: "If it's a land card, put it onto the battlefield. Otherwise, put it into your hand."
        more = parse_effects(ctx, m.group(1))
        if more is None:
            return False
        effects[-1] = replace(effects[-1], otherwise=more)
        return True
    m = _NO_REGENERATION.match(s)
    if m and (m.group(1) is None or all(_destroys_only(ctx, d.what, m.group(1).capitalize())
                                        for e in effects for d in instances_in(e, Destroy))):
        # 701.19c: the destruction the previous sentences made (also inside "if ..., instead destroy")
        # can't be replaced by regeneration; "creatures destroyed this way": only when all it destroys is one.
        marked = [_no_regeneration(e) for e in effects]
        changed = marked != effects
        effects[:] = marked
        return changed
    m = re.match(r'^(?:it has|they have|those tokens have) (?:([a-z, ]+?),? and )?"(.+)"$', s)
    if m and effects and isinstance(effects[-1], CreateTokens):
        # 111.1: a token created with an ability in quotes has that ability; one naming the card ("for each card
        # named Sound the Call in each graveyard") means the card, which "~" would make the token: not read
        if m.group(2).lower() in ctx.flags.get("quotes_naming_card", ()):
            return False
        spec = dict(effects[-1].spec)
        kws = keywords_from_line(m.group(1)) if m.group(1) else []
        if kws is None:
            return False
        quote = m.group(2)
        name = spec.get("name") or ""
        if name and not name.endswith(" Token"):
            # 201.5: a token named as printed names itself in its own ability ("When Festering Goblin dies")
            quote = re.sub(r"(?<![\w'])" + re.escape(name) + r"(?!\w)", "~", quote, flags=re.IGNORECASE)
        text = quote.replace("~", "This creature")
        text = text[0].upper() + text[1:]
        abilities = tuple(spec.get("abilities", ())) + tuple(k.text.capitalize() for k in kws) + (
            text if text.endswith(".") else text + ".",)
        if not token_text_reads(spec["types"], list(abilities)):
            return False
        spec["abilities"] = abilities
        effects[-1] = replace(effects[-1], spec=tuple(sorted(spec.items())))
        return True
    m = re.fullmatch(r"its power is equal to that (creature|card)'s power and its toughness is equal to that \1's "
                     r"toughness", s)
    if m and effects:
        return _token_pt_of_target(ctx, effects, m.group(1))
    if re.match(r"^(?:it's still an? (land|artifact|enchantment|creature)|they're still (lands|artifacts))$", s):
        # 205.1b: "becomes a creature ... it's still a land": the prior types are kept, the new one added (also in
        # "you may have it become ...")
        return _keep_prior_types(effects)
    if s in ("a creature dealt damage this way can't be regenerated this turn",
             "creatures dealt damage this way can't be regenerated this turn"):
        refs = [e.to for e in effects if isinstance(e, DealDamage)]
        if not refs:
            return False
        effects.extend(CantBeRegenerated(r, damaged=True) for r in refs)
        return True
    m = re.match(r"^if that spell is countered this way, (?:(?:put it into|it goes into) its owner's (hand|library) "
                 r"instead of into that player's graveyard|(exile) it instead of putting it into its owner's graveyard)$", s)
    if m:
        # 701.6a, 614.1a: the countered card goes elsewhere than its owner's graveyard
        for i, e in enumerate(effects):
            if isinstance(e, CounterSpell):
                effects[i] = replace(e, to=m.group(1) or m.group(2))
                return True
    return False


_IF_DONE = re.compile(r"^if (you|they|the player|that player) (do|does|don't|doesn't|can't), (.+)$")


def _actor(effect: Any) -> Ref | None:
    """Who carries out an instruction "If you do" / "If the player does" may follow: the player who may pay or
    may do it, or who sacrifices or discards; the controller for the rest."""
    if isinstance(effect, MayPay):
        return effect.payer or YOU
    if isinstance(effect, MayDo):
        return effect.who
    if isinstance(effect, (Sacrifice, Discard)):
        return effect.who
    if isinstance(effect, SacrificeObjects) and effect.by_controller:
        return None
    return YOU


def _follow_up(ctx: Context, s: str, effects: list[Any], last: int) -> bool:
    """608.2c: "If you do, ...", "If you don't, ...", "If the player does, ..." after an optional instruction
    ("you may pay {2}", "that player may sacrifice a land") or one that may not be carried out ("Sacrifice a
    creature", "Remove a +1/+1 counter from ~"): what follows happens only if (or unless) it was done. In what
    follows, "they" and "that player" are the player who did it."""
    m = _IF_DONE.match(s)
    anyone = re.fullmatch(r"if (a player|no one) does, (.+)", s)
    if anyone and effects and isinstance(effects[-1], MayPay) and effects[-1].payer is not None \
            and effects[-1].payer.kind in ("each_player", "each_opponent") and not effects[-1].otherwise:
        # "Any player may have ~ deal 5 damage to them. If no one does, ...", "... If a player does, sacrifice ~"
        mark = ctx.mark()
        more = parse_effects(ctx, anyone.group(2))
        if more is None:
            ctx.reset(mark)
            return False
        prev = effects[-1]
        effects[-1] = replace(prev, then=prev.then + more) if anyone.group(1) == "a player" else \
            replace(prev, otherwise=more)
        return True
    if not m or not effects:
        return False
    prev = effects[-1]
    if isinstance(prev, Conditional) and not prev.otherwise:
        # "If you control another Zombie, you may draw a card. If you do, discard a card."
        inner = list(prev.then)
        if not _follow_up(ctx, s, inner, len(inner)):
            return False
        effects[-1] = replace(prev, then=tuple(inner))
        return True
    if isinstance(prev, MayDo) and prev.effects and isinstance(prev.effects[-1], Conditional) \
            and not prev.effects[-1].otherwise:
        # "You may look at the top card. If it shares a creature type with ~, you may reveal it. If you do, ...":
        # the reveal inside the look's condition is done or not
        inner = list(prev.effects)
        if not _follow_up(ctx, s, inner, 1):
            return False
        effects[-1] = replace(prev, effects=tuple(inner))
        return True
    did = m.group(2) in ("do", "does")
    if m.group(2) == "can't" and isinstance(prev, (MayPay, MayDo, IfDone)):
        return False        # "If you can't" follows an instruction that must be carried out if it can be
    actor = _actor(prev)
    if isinstance(prev, IfDone):
        actor = _actor(prev.action)
    if actor is None or (m.group(1) == "you") != (actor == YOU) or actor.kind in ("each_player", "each_opponent"):
        return False
    mark = ctx.mark()
    if actor != YOU:
        ctx.last_player = actor
    ctx.subject = None
    # "If you do, creatures you control get +X/+0 until end of turn, where X is ...", "... for each ...": the
    # follow-up's amount said in it (engine.oracle.amounts)
    more = amount_clause(ctx, m.group(3), parse_effects)
    kept = re.match(r"^(destroy .+) and (?:it|they) can't be regenerated$", m.group(3))
    if more is None and kept:
        # "If you don't, destroy target Knight and it can't be regenerated" (701.19c)
        more = parse_effects(ctx, kept.group(1))
        more = tuple(_no_regeneration(e) for e in more) if more is not None else None
    if more is None:
        ctx.reset(mark)
        return False
    if isinstance(prev, MayPay) and (did or not prev.otherwise):
        effects[-1] = replace(prev, then=prev.then + more) if did else replace(prev, otherwise=more)
        return True
    if isinstance(prev, MayDo) and not did:
        # "You may discard a card. If you don't, sacrifice ~": declined, or said yes with nothing to discard
        inner = prev.effects
        action, then = (inner[0], ()) if len(inner) == 1 else (None, ())
        if isinstance(action, IfDone) and not action.otherwise:
            action, then = action.action, action.then
        if action is None or done_action((action,)) is None:
            ctx.reset(mark)
            return False
        effects[-1] = IfDone(replace(prev, effects=(action,)), then, more)
        return True
    if isinstance(prev, MayDo) and did:
        inner = prev.effects
        if too_many(inner, optional=True):
            ctx.reset(mark)
            return False        # "you may exile two cards from your graveyard" with one (608.2d): not read
        if too_many(inner):
            # "You may sacrifice two Foods. If you do, ... Otherwise, ...": offered only when both can be (608.2d)
            effects[-1] = IfDone(prev, more)
            return True
        if done_action(inner) is not None:
            inner = (IfDone(inner[0], more),)       # said yes, but nothing to sacrifice: not done
        elif len(inner) == 1 and isinstance(inner[0], IfDone):
            inner = (replace(inner[0], then=inner[0].then + more),)
        else:
            inner = inner + more
        effects[-1] = replace(prev, effects=inner)
        return True
    if isinstance(prev, IfDone) and (did or not prev.otherwise):
        effects[-1] = replace(prev, then=prev.then + more) if did else replace(prev, otherwise=more)
        return True
    if last == 1 and done_action((prev,)) is not None:
        effects[-1] = IfDone(prev, more) if did else IfDone(prev, otherwise=more)
        return True
    ctx.reset(mark)
    return False


def _restated_follow_up(ctx: Context, s: str, effects: list[Any]) -> bool:
    """608.2c: "If you can't sacrifice a creature, ...", "If you don't sacrifice a Forest, ...": "If you can't" / "If you
    don't" said with the instruction again, the one sacrifice or discard of the ability before it (also one that
    sentences after it followed: those happen only if it was done)."""
    m = re.match(r"^if you (can't|don't) (sacrifice|discard) (?:an? |another )?[\w ,-]+?, (.+)$", s)
    if not m:
        return False
    kinds = (Sacrifice, SacrificeObjects) if m.group(2) == "sacrifice" else (Discard,)
    found = [i for i, e in enumerate(effects) if next(instances_in(e, kinds), None) is not None]
    if len(found) != 1 or not isinstance(effects[found[0]], (MayDo, *kinds)):
        return False
    i = found[0]
    inner = [effects[i]]
    if not _follow_up(ctx, f"if you {m.group(1)}, {m.group(3)}", inner, 1) or not isinstance(inner[0], IfDone):
        return False
    effects[i:] = [replace(inner[0], then=inner[0].then + tuple(effects[i + 1:]))]
    return True


_NO_REGENERATION = re.compile(r"^(?:it|they|that creature|those creatures|(?:a |the )?(creature|artifact)s? "
                              r"destroyed this way) can't be regenerated$")


def _destroys_only(ctx: Context, what: Ref, card_type: str) -> bool:
    """Whether a Destroy's object is always of `card_type` ("destroy all creatures", "destroy target creature")."""
    if what.kind == "target" and what.index < len(ctx.targets):
        spec = ctx.targets[what.index]
        return spec.kind == card_type.lower() or (spec.filter is not None and spec.filter.types == {card_type})
    return what.kind == "all" and what.filter is not None and what.filter.types == {card_type}


def _no_regeneration(effect: Any) -> Any:
    """The effect with each Destroy in it, its own or in the effects it holds, unable to be regenerated."""
    if isinstance(effect, Destroy):
        return replace(effect, no_regenerate=True)
    if isinstance(effect, WithX):
        return replace(effect, effect=_no_regeneration(effect.effect))
    if not isinstance(effect, (Conditional, MayDo, MayPay, IfDone)):
        return effect
    changes = {f: tuple(_no_regeneration(e) for e in getattr(effect, f))
               for f in ("then", "otherwise", "effects") if hasattr(effect, f)}
    return replace(effect, **changes)


def _moves(effect: Any, cause: str) -> Any:
    """The player an instruction that mills, discards, exiles or sacrifices (`cause`, engine.board.zones) has do it
    (YOU for "exile"), or None if it does none of that."""
    if cause == "mill" and isinstance(effect, Mill) and not effect.exile or cause == "discard" and isinstance(effect, Discard):
        return effect.who
    if cause == "exile" and (type(effect).__name__.startswith("Exile") or isinstance(effect, Mill) and effect.exile):
        return getattr(effect, "who", YOU)
    if cause == "sacrifice" and isinstance(effect, (Sacrifice, SacrificeObjects)):
        return getattr(effect, "who", YOU)
    if cause == "die" and isinstance(effect, Destroy):
        return YOU
    return None


def _moved_condition(ctx: Context, text: str, effects: list[Any]) -> Condition | None:
    """ "If a land card is discarded this way", "if that player discards an artifact card this way": only after an
    instruction of the ability that does so (or, for "sacrificed", an activated ability's cost that sacrificed,
    602.2b); "that player" only when the last such instruction has one player do it (608.2c)."""
    found = moved_this_way_condition(text)
    if found is None:
        return None
    cond, who = found
    players = [p for e in effects for inner in instances_in(e, object) if (p := _moves(inner, cond.key)) is not None]
    if not players and not (cond.key == "sacrifice" and ctx.flags.get("cost_sacrifices")):
        return None
    if who in ("that player", "the player", "they") and (
            not players or players[-1].kind in ("each_player", "each_opponent", "you") or players[-1] == YOU):
        return None
    destroyed = [e.what for e in effects for e in instances_in(e, Destroy)]
    if who == "that" and (len(destroyed) != 1 or destroyed[0].kind != "target" or ctx.last != (destroyed[0],)):
        return None     # "If that creature dies this way": after the destruction of the one target it names
    return cond


def _conditional_sentence(ctx: Context, s: str, effects: list[Any]):
    """ "If <condition>, <effects> [instead]", "Then if <condition>, <effects>" (checked after the instructions
    before it, 608.2c), "<effects> instead if <condition>" and "<effects> if <condition>"."""
    m = re.match(r"^(?:then )?if (.+?), (instead )?(.+?)( instead)?$", s)
    if m and parse_condition(m.group(1)) is None:
        # a condition with commas in it: "If it's a noncreature, nonland card, you gain 2 life", "If it's an artifact,
        # creature, enchantment, or land card, ..."
        said = m.group(1) + ", " + s[m.end(1) + 2:]
        longer = next((c for c in itertools.accumulate(said.split(", ")[:-1], lambda a, b: f"{a}, {b}")
                       if c != m.group(1) and parse_condition(c) is not None), None)
        if longer is not None:
            m = re.match(rf"^(?:then )?if ({re.escape(longer)}), (instead )?(.+?)( instead)?$", s) or m
    body = cond = trailing = None
    instead = own_instead = False
    if m:
        # "..., <body> instead" with no "instead" before the body: the "instead" may be the body's own (614.1a)
        own_instead = bool(m.group(4)) and not m.group(2)
        cond = parse_condition(m.group(1))
        if cond is None and ctx.flags.get("event_left") and (m.group(1).startswith(("that creature ", "the creature "))
                                                             or ctx.last == (Ref("event"),)):
            # "Whenever another creature you control dies, ... If that creature was an Elemental, ...": the object
            # that left, as it last existed (603.10a, 608.2h)
            cond = left_condition(m.group(1))
        if cond is None and ctx.flags.get("event_entered"):
            cond = entered_condition(m.group(1))
        if cond is None and ctx.flags.get("event_entered") and \
                m.group(1) == "that creature's power is greater than ~'s power":
            # "Whenever another green creature enters ..., put a +1/+1 counter on ~. Then if that creature's power is
            # greater than ~'s power, ...": the two powers as the instruction is reached (608.2c), by at least one
            cond = Condition("amount_at_least", 1, amount=Amount("difference", terms=(
                Amount("power_of", ref=Ref("event")), Amount("power_of", ref=SELF))))
        if cond is None and ctx.is_spell:
            # "If this spell's prowl cost was paid, draw a card", "If the {1}{B} cost was paid, ..."
            cond = alt_cost_condition(m.group(1), ctx.flags.get("alternative_mana", ""))
        if cond is None:
            cond = _players_condition(ctx, m.group(1))      # "If target opponent has more cards in hand than you"
        if cond is None:
            cond = negated_condition(ctx, m.group(1))       # "If ~ isn't a creature", "If it's not a Vehicle"
            if cond is not None and cond.kind == "source_matches":
                ctx.last = (SELF,)      # "If ~ isn't a creature, it becomes a 3/3 Angel creature": "it" is ~
        that = re.fullmatch(r"that card is (an? .+ card)", m.group(1))
        if cond is None and that and effects and isinstance(effects[-1], (ExileTop, RevealTop)):
            cond = parse_condition(f"it's {that.group(1)}")     # "Exile the top card ... If that card is a land card"
        if cond is None and m.group(1) == "that card has the chosen name" and effects \
                and isinstance(effects[-1], RevealTop):
            # "Choose a nonland card name, then reveal the top card of your library. If that card has the chosen name"
            cond = Condition("revealed_matches", filter=Filter(chosen="card_name"))
        if cond is None and any(instances_in(e, DealDamage) for e in effects):
            cond = dealt_damage_condition(m.group(1))       # "If a Werewolf is dealt damage this way"
        if cond is None:
            cond = _moved_condition(ctx, m.group(1), effects)     # "If an instant or sorcery card was milled this way"
        if cond is None and ctx.last == (SELF,):
            cond = self_condition(m.group(1))      # "Then if it has two or more velocity counters on it"
        elif cond is None:
            # "If it's an artifact creature, ...", "Return target creature card ... to the battlefield. If it's a Dragon"
            returned = bool(effects) and isinstance(effects[-1], PutOntoBattlefield) and (effects[-1].what,) == ctx.last
            cond = target_condition(ctx, m.group(1), returned)
        host = getattr(effects[-1], "what", None) if effects else None
        if cond is None and host in (Ref("enchanted"), Ref("equipped")) and (
                it := re.match(r"^it(?:'s| is) (.+)$", m.group(1))):
            # "Tap enchanted permanent. If it's an Equipment, unattach it.": the permanent the source is attached to
            cond = parse_condition(f"{host.kind} permanent is {it.group(1)}")
            ctx.last = (host,)
        if cond is None and ctx.last and len(ctx.last) == 1:
            cond = object_condition(ctx.last[0], m.group(1))     # "Then if it has three or more +1/+1 counters on it"
        body, instead = m.group(3), bool(m.group(2) or m.group(4))
        if m.group(2) and body.startswith("only "):
            body = body[5:]     # "instead only creatures your opponents control get -2/-2": those instead of all
    else:
        m = re.match(r"^(?:\w+ — )?(.+?) instead if (.+)$", s)
        if m:
            cond = parse_condition(m.group(2))
            body, instead = m.group(1), True
        elif (m := re.match(r"^(.+?) if (.+)$", s)) is not None and not says_delayed(m.group(1)):
            # "Then that player discards a card if you control a Zombie"; "Put a +1/+1 counter on target creature
            # you control if it's legendary": the condition about the object the instruction names, read after it.
            # Not "At the beginning of the next end step, destroy that creature if it attacked this turn": the
            # delayed ability's condition (delayed_text)
            body, trailing = m.group(1), m.group(2)
            # "Counter target spell if it was kicked": "it" is what the instruction names, not the source
            cond = None if re.search(r"\b(?:it|its|it's|they|their)\b", trailing) else parse_condition(trailing)
    if body is None or (cond is None and trailing is None):
        return None
    if cond is not None and cond.kind == "cast_from" and ctx.last not in (None, (SELF,)):
        return None     # "You may cast that card. If you cast it, ...": "it" isn't the source (400.7d)
    if body == "repeat this process":
        # "..., then clash with an opponent. If you win, repeat this process.": the ability's instructions before it,
        # again while the condition holds after them
        if cond is None or instead or not effects:
            return None
        process = tuple(effects)
        del effects[:]
        return (RepeatProcess(process, cond),)
    mark = ctx.mark()
    # A condition about "it" keeps what "it" and "that card" mean after the sentence, not what its instruction, done
    # only on the condition, named ("If it's a creature card, create a token. If it's a land card, put that card
    # onto the battlefield": the revealed card)
    kept_last = ctx.last if m and re.match(r"(?:it|that card)\b", m.group(1)) else None
    if cond is not None and cond.kind == "moved_this_way" and not (
            cond.key == "die" and ctx.last and len(ctx.last) == 1 and ctx.last[0].kind == "target"):
        # "that card's power" would be the card moved, which no reference here names: not read; but after "Destroy
        # target creature. If that creature dies this way", "the creature's power" is the target's, as it last
        # existed (608.2h)
        ctx.last = None
    then = None
    if own_instead:
        # "If it's a creature, it can't be regenerated this turn, and if it would die this turn, exile it instead":
        # the "instead" may be the body's own replacement (614.1a), not one of the previous instruction
        then = parse_effects(ctx, body + " instead")
        if then is None:
            ctx.reset(mark)
        else:
            instead = False
    if then is None and not instead:
        # "If this spell was kicked, that creature also gains hexproof ...", "... Zombie creatures you control get an
        # additional +2/+2 until end of turn", "each opponent also discards a card": what happens besides the
        # instructions before it; a spell's "also regenerate each other creature you control": other than its target
        # (engine.query.amounts).
        body = re.sub(r"^(.+? )?also ", r"\1", body)
        body = re.sub(r"\b(gets?) an additional ([+-])", r"\1 \2", body)
    if then is None:
        if cond is not None and cond.kind == "amount_at_least" and cond.value == 1 and cond.amount.kind in DIFFERENCES:
            ctx.flags["difference"] = cond.amount       # "..., draw cards equal to the difference"
        if cond is not None and cond.kind == "amount_at_least" and cond.amount.kind == "counters_on" \
                and cond.amount.counter and cond.amount.ref is not None:
            # "Then if it has ten or more point counters on it, remove them all": the counters it counts
            ctx.flags["counters_named"] = (cond.amount.ref, cond.amount.counter)
        then = parse_effects(ctx, body)
        ctx.flags.pop("difference", None)
        ctx.flags.pop("counters_named", None)
    if then is not None and cond is None:
        cond = target_condition(ctx, trailing) or (
            object_condition(ctx.last[0], trailing) if ctx.last and len(ctx.last) == 1 else None)
        then = then if cond is not None else None
    more = re.match(r"^(?:~|it) deals (\w+) damage(?: to (that permanent or player|that creature|that player|"
                    r"(each of those permanents and/or players)))?( and the damage can't be prevented)?$", body)
    if then is None and instead and more and number(more.group(1)) is not None and effects \
            and isinstance(effects[-1], DealDamage) and (not effects[-1].divided or more.group(3)):
        # "~ deals 5 damage instead if a creature died this turn", "instead ~ deals 6 damage to that permanent or player
        # and the damage can't be prevented" (615.12), "instead it deals 7 damage to each of those permanents and/or
        # players" (no longer divided): the same damage source, to the same recipients
        then = (replace(effects[-1], amount=Amount.const(number(more.group(1))), divided=False,
                        unpreventable=effects[-1].unpreventable or bool(more.group(4))),)
    if then is None and instead and re.fullmatch(r"(?:~|it) deals twice that much damage", body) and effects \
            and isinstance(effects[-1], DealDamage) and isinstance(effects[-1].amount, Amount) \
            and not effects[-1].divided:
        # "If the sacrificed creature was a Giant, ~ deals twice that much damage instead": the same damage, doubled,
        # from the same source to the same recipients (608.2c, 107.1)
        dealt = effects[-1].amount
        then = (replace(effects[-1], amount=replace(dealt, multiplier=2 * dealt.multiplier)),)
    if then is None and body.startswith("it deals ") and effects and isinstance(effects[-1], DealDamage) \
            and (instead or cond.kind == "kicked"):
        # "If this spell was kicked, it deals 4 damage to each creature with flying and each player instead", "... it
        # also deals 4 damage to target player": "it" is the source of the damage before (~), not what that damage
        # was dealt to. Targets of its own only as a kicked spell's (601.2c, _targets_only_if): "it deals 10 damage
        # divided as you choose among any number of targets instead".
        n_targets = len(ctx.targets)
        then = parse_effects(ctx, "~" + body[2:])
        if len(ctx.targets) != n_targets and not (ctx.is_spell and cond.kind == "kicked"):
            then = None
    more = re.match(r"^create (\w+) of those tokens$", body)
    if then is None and instead and more and (number(more.group(1)) is not None or more.group(1) == "x") and effects \
            and isinstance(effects[-1], CreateTokens):
        # "If this spell was kicked, create four of those tokens instead": the same tokens, that many (111.2); "If this
        # spell was foretold, create X of those tokens instead": X of its cost (107.3a)
        n = ctx.flags.get("x", X) if more.group(1) == "x" else Amount.const(number(more.group(1)))
        then = (replace(effects[-1], amount=n),)
    more = re.match(r"^(?:that creature|it) enters with an additional (\S+) counter on it$", body)
    if then is None and not instead and more and counter_kind(ctx, more.group(1)) and effects \
            and isinstance(effects[-1], PutOntoBattlefield) and (effects[-1].what,) == ctx.last:
        # "Return target creature card ... to the battlefield. If {G} was spent to cast this spell, that creature
        # enters with an additional +1/+1 counter on it": it is put there with the counter (614.1c), or without
        put = effects[-1]
        then, instead = (replace(put, counters=put.counters + ((counter_kind(ctx, more.group(1)), 1),)),), True
    if then is None:
        ctx.reset(mark)
        return None
    if kept_last is not None:
        ctx.last = kept_last
    if instead:
        # 608.2c: "instead" replaces what the previous instruction would do.
        prev = tuple(effects[-len(then):]) if len(effects) >= len(then) else tuple(effects)
        del effects[len(effects) - len(prev):]
        if ctx.is_spell and cond.kind == "kicked":
            _targets_only_if(ctx, mark[0], cond, then, prev, effects)
        return (Conditional(cond, _may_instead(then, prev), prev),)
    if ctx.is_spell and cond.kind == "kicked":
        _targets_only_if(ctx, mark[0], cond, then, (), effects)
    return (Conditional(cond, then),)


def _may_instead(then: tuple[Any, ...], prev: tuple[Any, ...]) -> tuple[Any, ...]:
    """ "You may return target card to your hand. If that land is a Plains, you may return that card to the battlefield
    instead": where the condition holds the player chooses either instruction or neither (608.2d), so one who declines
    the second is still offered the first."""
    if len(then) == len(prev) == 1 and isinstance(then[0], MayDo) and isinstance(prev[0], MayDo) \
            and then[0].who == prev[0].who and len(then[0].effects) == 1 \
            and type(then[0].effects[0]).__name__ in DONE_EVENTS:
        return (IfDone(then[0], otherwise=prev),)
    return then


def _players_condition(ctx: Context, text: str) -> Condition | None:
    """ "If target opponent has more cards in hand than you", "then if that player has more cards in hand than you", "if
    they control fewer lands than you", "if you have fewer than three cards in hand": a count of the player the
    sentence names (a target of its own, or the player the sentences before named) or of yours (608.2c)."""
    m = re.match(r"^(target opponent|target player|that player|the player|they) (.+)$", text)
    if m is None:
        return fewer_than(text)
    if m.group(1).startswith("target "):
        who = Ref("target", len(ctx.targets))
    else:
        who = ctx.last_player or ctx.trigger_player
    rest = m.group(2)
    opponent = re.match(r"^is your opponent and (.+)$", rest)
    if opponent and who == Ref("active_player"):
        # "At the beginning of each player's end step, ... If the player is your opponent and has four or more cards
        # in hand": the active player isn't you (102.2), and that count
        rest = opponent.group(1)
    cond = player_condition(who, rest) if who is not None and who.kind not in ("each_player", "each_opponent") \
        else None
    if cond is not None and rest != m.group(2):
        cond = Condition("all", all_of=(Condition("your_turn", negate=True), cond))
    if cond is not None and m.group(1).startswith("target "):
        ctx.add_target(TargetSpec(m.group(1)[7:], text=m.group(1)))
    return cond


def _target_indexes(effects: Any) -> set[int]:
    """The target phrases the instructions name: as targets, or through them ("that creature's controller")."""
    return {r.index for r in instances_in(effects, Ref) if "target" in r.kind or r.kind in ("controller_of", "owner_of")}


def _targets_only_if(ctx: Context, first_new: int, kicked: Condition, then: tuple, replaced: tuple,
                     before: list) -> None:
    """601.2c: a spell requires the targets that only its kicked instructions name only if it was kicked, and those
    only the instructions a kicked "instead" replaces name only if it wasn't."""
    for i in range(first_new, len(ctx.targets)):
        ctx.targets[i] = replace(ctx.targets[i], only_if=kicked)
    shared = _target_indexes(then) | _target_indexes(before)
    for i in _target_indexes(replaced) - shared:
        if i < first_new and ctx.targets[i].only_if is None:
            ctx.targets[i] = replace(ctx.targets[i], only_if=replace(kicked, negate=not kicked.negate))


# ---------------------------------------------------------------- abilities

_LOYALTY = re.compile(r"^([+-]?(?:\d+|x)): (.+)$", re.IGNORECASE)


def _split_activated(line: str) -> tuple[str, str] | None:
    """ "cost: effect" where the colon isn't inside quotes."""
    depth = 0
    for i, ch in enumerate(line):
        if ch in '"“”':
            depth ^= 1
        if ch == ":" and not depth:
            return line[:i], line[i + 1:].strip()
    return None


_ABILITY_LESS = re.compile(r"^this ability costs \{(\d+)\} less to activate for each (.+?)\.?$")
_FORECAST = re.compile(r"^forecast ?— ?(.+)$", re.IGNORECASE | re.DOTALL)


def _activated(line: str, parts: Parts, card: dict[str, Any]) -> bool:
    forecast = _FORECAST.match(line)
    if forecast:
        # 702.57a: a forecast ability is activated from its owner's hand, only during their upkeep, once each turn.
        line = forecast.group(1).rstrip(".") + ". Activate only during your upkeep and only once each turn."
    split = _split_activated(line)
    if split is None:
        return False
    cost_text, effect_text = split
    cost = parse_cost(cost_text.lower(), name=card["name"], printed=cost_text)
    if cost is None:
        return False
    sorcery = any_player = False
    times = 0
    restrictions: list[Condition] = []
    # a results table (706.3) stays after the ability's sentences, as compile_mode reads it
    said, _, table = effect_text.partition("\n") if _RESULT_LINE.match(effect_text.partition("\n")[2]) \
        else (effect_text, "", "")
    sentences = split_sentences(said)
    keep = []
    reduction: Amount | None = None
    in_graveyard = False
    for s in sentences:
        if _lower_all(s).rstrip(".") == "activate only if ~ is in your graveyard":
            in_graveyard = True         # 113.6k: the ability works from the graveyard, where ~ is its card
            continue
        less = _ABILITY_LESS.match(_lower_all(s))
        per = parse_number_of(Context(last=(SELF,), card_name=card["name"]), less.group(2)) if less else None
        if per is not None and reduction is None:
            # 602.2b, 601.2f: the total cost is reduced by {N} for each counted object, as it is activated
            reduction = replace(per, multiplier=int(less.group(1)) * per.multiplier)
            continue
        r = activation_restriction(_lower_all(s))
        if r is None:
            keep.append(s)
            continue
        sorcery, times, any_player = sorcery or r.sorcery, r.times or times, any_player or r.any_player
        restrictions.extend([r.condition] if r.condition is not None else [])
    restriction = (restrictions[0] if len(restrictions) == 1 else
                   Condition("all", all_of=tuple(restrictions)) if restrictions else None)
    ctx = Context(last=(SELF,), card_name=card["name"], flags=dict(card.get("flags", {})))
    if in_graveyard:
        ctx.last, ctx.flags["self_card"] = (Ref("source_card"),), True
    # 601.2b, 602.2b: an X in the cost is chosen as the ability is activated
    ctx.flags["cost_x"] = bool(cost.mana.x_count or cost.loyalty_x or cost.remove_counters_x or cost.sacrifice_x)
    # "Sacrifice another creature: ... If a Saproling was sacrificed this way" (the stack object keeps it, 608.2h)
    ctx.flags["cost_sacrifices"] = cost.sacrifice is not None
    ctx.flags["cost_discard"] = bool(cost.discard or cost.discard_x)      # "the discarded card's mana value"
    if cost.remove_counters_x:
        # "Remove X charge counters from ~: ... for each charge counter removed this way" / "that much".
        ctx.flags.update(counters_removed=cost.remove_counters_x, that_much=X)
    unread: list[str] = []
    by_hand = bool(card.get("by_hand"))
    modes: tuple[Mode, ...] = ()
    if effect_text.lower().startswith("choose one —\n"):
        # 602.2b, 700.2a: "Cost: Choose one — • A • B": a modal activated ability, its mode chosen as it's activated
        modes = _choose_one(ctx, effect_text, unread)
        mode = Mode()
        if any(isinstance(e, AddMana) for m in modes for e in m.effects):
            unread.append(effect_text)      # a mana ability isn't modal here (605)
    else:
        mode = compile_mode(ctx, ". ".join(keep) + ("." if keep else "") + ("\n" + table if table else ""), unread,
                            by_hand)
    if modes and unread:
        parts.unsupported.extend(unread)
        return True
    if unread:
        parts.unsupported.extend(unread)
        if not by_hand or any(re.match(r"^add\b", _lower_all(u)) for u in unread) \
                or any(isinstance(e, AddMana) for e in mode.effects):
            # A mana ability resolves at once, without the stack (605.3): not by hand. A reminder.
            return True
    # "Add {U}. If you played a land this turn, add {B} instead." could add mana too: the mana of either branch
    mana = list(instances_in(mode.effects, AddMana))
    # 605.1a: no target, could add mana, not a loyalty ability.
    is_mana = bool(mana) and not mode.targets and cost.loyalty is None and not cost.loyalty_x
    if is_mana and any(a.kind.startswith("sacrificed_") for a in instances_in(mode.effects, Amount)):
        # "Add an amount of {B} equal to the sacrificed artifact's mana value": a mana ability resolves at once
        # (605.3b) and keeps no record of what its cost sacrificed (a stack object's event does): not read
        parts.unsupported.append(effect_text.strip().rstrip("."))
        return True
    options: tuple[str, ...] = ()
    if is_mana:
        options = tuple(o for e in mana for o in (e.choice or tuple(e.combination) or (e.mana,)))
    # 113.6k: an ability whose effect returns its own card from the graveyard works from there.
    from_graveyard = in_graveyard or (re.search(r" from your graveyard (?:to|onto|into|on) ", effect_text.lower()) is not None
                                      and "~ from your graveyard" in effect_text.lower())
    # "Exile ~ from your graveyard" / "from your hand" as a cost: the ability works from there (113.6k, 113.6m).
    exile_from = re.search(r"\bexile ~ from your (graveyard|hand)\b", cost_text.lower())
    parts.activated.append(ActivatedAbility(cost, replace(mode, text=effect_text), sorcery_speed=sorcery,
                                            times_per_turn=times, mana_options=options, is_mana_ability=is_mana, condition=restriction,
                                            text=line, from_graveyard=from_graveyard or bool(exile_from and exile_from[1] == "graveyard"),
                                            from_hand=cost.discard_self or cost.reveal_self or bool(exile_from and exile_from[1] == "hand"),
                                            any_player=any_player, cost_reduction=reduction, modes=modes))
    return True


_BOAST = re.compile(r"^boast — (.+?)\.?$", re.IGNORECASE | re.DOTALL)


def _boast(line: str, parts: Parts, card: dict[str, Any]) -> bool:
    """702.142a: "Boast — [Cost]: [Effect]" means "[Cost]: [Effect]. Activate only if this creature attacked
    this turn and only once each turn." """
    m = _BOAST.match(line)
    if not m:
        return False
    n = len(parts.activated)
    if not _activated(f"{m.group(1)}. Activate only if ~ attacked this turn and only once each turn.", parts, card):
        return False
    if len(parts.activated) > n:
        parts.activated[-1] = replace(parts.activated[-1], text=line, keyword="boast")
    return True


_EXERT = re.compile(r"^(if ~ hasn't been exerted this turn, )?you may exert (?:~|it) as it attacks\.?"
                    r"(?: when you do, (.+))?$", re.IGNORECASE | re.DOTALL)


def _exert(line: str, parts: Parts, card: dict[str, Any]) -> bool:
    """701.43d: "You may exert ~ as it attacks" is an optional cost to attack (rules/exert.py); "When you do,
    ..." in the same paragraph is a linked triggered ability of the exert event (607.2h)."""
    m = _EXERT.match(line)
    if not m:
        return False
    condition = Condition("exerted_this_turn", negate=True) if m.group(1) else None
    parts.static.append(StaticAbility("exert_as_attacks", SELF, (), condition, text=line))
    if m.group(2):
        _triggered(f"Whenever ~ is exerted, {m.group(2)}", parts, card)
    return True


_TRIGGER_START = re.compile(r"^(when|whenever|at) (.+)$", re.IGNORECASE | re.DOTALL)
_SPELL_DELAYED = re.compile(r"^(?:when|whenever) [^,]+ this turn, ", re.IGNORECASE)


def _triggered(line: str, parts: Parts, card: dict[str, Any]) -> bool:
    m = _TRIGGER_START.match(line)
    if not m or (starts_delayed(line.lower()) and not line.lower().startswith("at end of combat,")):
        # "At the beginning of the next end step, ..." in a spell: a delayed trigger; "At end of
        # combat, ..." opening an ability is the permanent's own (511.2)
        return False
    body = m.group(2)
    first, _, rest = body.partition(". ")
    # The trigger condition ends at a comma that leaves a readable condition ("a spell that's white,
    # blue, or red, ..." has commas inside it): the first split whose effect reads fully wins.
    tried: list[Parts] = []
    for i in [k for k, ch in enumerate(first) if ch == ","]:
        events = trigger_events(first[:i].lower())
        if events is None:
            continue
        trial = Parts()
        for trigger, it in by_referent(events):
            _add_trigger(trigger, it, body[i + 1:].strip(), trial, card, line)
        trial.unsupported = list(dict.fromkeys(trial.unsupported))
        tried.append(trial)
        if not trial.unsupported:
            break
    if not tried:
        # The trigger condition is unread: its controller says when it triggers (603.3).
        parts.unsupported.append(line)
        parts.hand_triggers.append(line)
        return True
    best = tried[-1] if not tried[-1].unsupported else tried[0]
    parts.triggered.extend(best.triggered)
    parts.unsupported.extend(best.unsupported)
    return True


_FROM_GRAVEYARD = re.compile(r"(?<!named )~ from your graveyard", re.IGNORECASE)


# "if ~ is in your graveyard, ...", "if ~ is the only creature card in your graveyard, ...": a trigger of the card there
_IF_IN_GRAVEYARD = re.compile(r"^if ~ is (?:in your graveyard|the only [\w ]+ card in your graveyard), ", re.IGNORECASE)


# "Whenever ~ / enchanted creature blocks or becomes blocked by a creature, destroy the other creature / both creatures":
# the other is the creature of the event ("that creature"), both are it and the trigger's subject (509.1, 603.2)
_BLOCK_PAIR_SUBJECT = {"self": "~", "enchanted": "enchanted creature", "equipped": "equipped creature"}


def _the_block_pair(trigger: Trigger, effect: str) -> str:
    subject = _BLOCK_PAIR_SUBJECT.get(trigger.subject)
    if subject is None or {trigger.event, *(a.event for a in trigger.alternatives)} - {"blocks_creature", "blocked_by"}:
        return effect
    effect = re.sub(r"\bthe other creature\b", "that creature", effect, flags=re.IGNORECASE)
    return re.sub(r"\bboth creatures\b", f"that creature and {subject}", effect, flags=re.IGNORECASE)


_MORPH_X = re.compile(r"^(?:mega)?morph (?:\{[^}]+\})*\{x\}", re.IGNORECASE | re.MULTILINE)


def _add_trigger(trigger: Trigger, it: str, effect: str, parts: Parts, card: dict[str, Any], line: str) -> None:
    effect = _the_block_pair(trigger, effect)
    if not _FROM_GRAVEYARD.search(effect) and not _IF_IN_GRAVEYARD.match(effect):
        flags = dict(card.get("flags", {}))
        if trigger.event == "turned_face_up" and trigger.subject == "self" \
                and _MORPH_X.search(card["record"].get("text") or ""):
            flags["cost_x"] = True      # 107.3e: "When ~ is turned face up, ... X": the X of its morph cost
        _add_trigger_here(trigger, it, effect, parts, card, line, Context(card_name=card["name"], flags=flags))
        return
    # 113.6k: an ability that moves its card out of the graveyard functions only there, where ~ is that
    # card. An Aura's "when enchanted creature dies / enchanted Forest is put into a graveyard, return ~ from your
    # graveyard" works from the battlefield and finds the Aura's card in the graveyard (704.5m put it there after
    # the permanent left, 400.7). Not read yet: one whose trigger condition is about ~ itself.
    if trigger.subject == "enchanted" and trigger.event in ("dies", "put_into_graveyard") \
            and "Aura" in card["record"].get("subtypes", ()):
        ctx = Context(card_name=card["name"], flags=dict(card.get("flags", {}), aura_left=True))
        _add_trigger_here(trigger, it, effect, parts, card, line, ctx)
        return
    if trigger.subject in ("self", "enchanted", "equipped"):
        parts.unsupported.append(line)
        return
    ctx = Context(card_name=card["name"], flags=dict(card.get("flags", {}), self_card=True))
    ctx.last = (Ref("source_card"),)
    start = len(parts.triggered)
    _add_trigger_here(trigger, it, effect, parts, card, line, ctx)
    parts.triggered[start:] = [replace(ab, from_graveyard=True) for ab in parts.triggered[start:]]


def _add_trigger_here(trigger: Trigger, it: str, effect: str, parts: Parts, card: dict[str, Any], line: str,
                      ctx: Context) -> None:
    if it == "self":
        ctx.last = (SELF,)
    elif it == "self_card":
        # a card's trigger where it is, outside the battlefield: ~ and "it" are that card (the source)
        ctx.last = (Ref("source_card"),)
        ctx.flags["self_card"] = True
    elif it == "event":
        ctx.last = (Ref("event"),)
        ctx.trigger_player = Ref("event")
        # "it deals ...": the source itself only when the event's object is the source (verbs._source)
        ctx.flags["event_is_source"] = trigger.subject == "self"
        if trigger.subject == "self" and trigger.event in ("dies", "put_into_graveyard", "to_graveyard"):
            # 400.7e: "When ~ is put into a graveyard from the battlefield, return ~ to its owner's hand":
            # the card named is the new object in the graveyard it moved to, which the ability finds.
            ctx.flags["self_moved"] = True
        if trigger.event in ("dies", "leaves") or (trigger.event == "put_into_graveyard"
                                                   and trigger.from_zone == "battlefield"):
            ctx.flags["event_left"] = True      # the event keeps what the object was as it left (603.10a)
            ctx.flags["event_died"] = trigger.event == "dies"     # "the power of the creature that died"
        if trigger.event == "enters" and trigger.subject != "self":
            ctx.flags["event_entered"] = True   # "If that land is a Mountain": the permanent that entered
        if trigger.event in ("put_into_graveyard", "to_graveyard"):
            # "Whenever a permanent is put into a player's graveyard, that player ...": the graveyard's owner, the
            # card's (400.3)
            ctx.trigger_player = Ref("event_owner")
        if trigger.event == "enters" and trigger.filter is not None and trigger.filter.controller == "opponent":
            # "Whenever a land enters under an opponent's control, that player loses 2 life": the opponent who
            # controls it, not the permanent
            ctx.trigger_player = Ref("event_controller")
    elif it == "player" and trigger.event == "sacrificed":
        # "Whenever you sacrifice another creature, exile it. If that creature was a token, ...": the permanent
        # sacrificed, as it last existed (603.10a)
        ctx.last = (Ref("event"),)
        ctx.trigger_player = Ref("event_player")
        ctx.flags["event_left"] = True
    elif it == "self_event":
        name_event_object(ctx)
    elif it == "source_event":
        ctx.last = (Ref("event_source"),)
        ctx.trigger_player = Ref("event")
    elif it == "batch":
        ctx.flags["that_many"] = Amount("event_count", filter=trigger.filter)
        ctx.trigger_player = Ref("active_player")
    elif it == "attacked_player":
        ctx.trigger_player = Ref("enchanted")       # "whenever enchanted player is attacked": the Curse's player
    elif it in ("batch_cards", "targeted_player"):
        # "one or more cards ...": one ability for all of them, so "it" and "that player" name nothing; nor in "you
        # become the target of a spell" (its "that spell" is the targeting object)
        pass
    elif it == "player":
        # a player's event (cast, cycle, discard, life, sacrifice): "that player" is that player
        ctx.last = (Ref("event"),)
        ctx.trigger_player = Ref("event_player")
    else:
        ctx.trigger_player = Ref("active_player")
        if trigger.whose == "enchanted_controller":
            ctx.last = (Ref("enchanted"),)      # "At the beginning of the upkeep of enchanted creature's controller,
                                                # put a -1/-1 counter on that creature"
    if trigger.event == "becomes_target":
        ctx.flags["targeting_object"] = Ref("event")    # "counter that spell or ability" (115.1)
        if trigger.whose == "opponent" and ctx.trigger_player is None:
            # "... of a spell or ability an opponent controls, that player loses 4 life": the spell's or ability's
            # controller, the one player the trigger names
            ctx.trigger_player = Ref("event_player")
    if trigger.event == "activated":
        ctx.flags["event_ability"] = True   # "copy that ability": the ability activated (602.2)
    if trigger.event == "cast":
        ctx.flags["event_spell"] = True     # "the number of times that spell was kicked": the spell cast
    if trigger.event in ("attacks", "attack_batch"):
        ctx.flags["attacking_player"] = Ref("active_player")     # 506.2: the active player attacks
    if trigger.event == "attack_batch" and "that_many" in ctx.flags:
        # "Whenever you attack with one or more Zombies, draw that many cards ... You gain that much life": the one
        # quantity the event has, how many attacked (603.2)
        ctx.flags["that_much"] = ctx.flags["that_many"]
    if trigger.event in ("dealt_damage", "deals_damage", "deals_combat_damage", "deals_noncombat_damage",
                         "life_gained", "life_lost", "life_paid", "player_dealt_damage", "player_dealt_combat_damage",
                         "player_dealt_noncombat_damage",
                         "dealt_combat_damage"):
        # "that much" / "that many" (before a noun): the amount of damage or life of the event (603.2)
        ctx.flags["that_much"] = Amount("event_amount")
        ctx.flags.setdefault("that_many", Amount("event_amount"))
        ctx.flags["event_damage"] = not trigger.event.startswith("life_")     # "cards equal to the damage"
        if trigger.event in ("life_gained", "life_lost"):
            # "for each 1 life you gained": the life of the event, of the player it names
            ctx.flags["event_life"] = f"1 life {'you' if trigger.subject == 'you' else 'they'} {trigger.event[5:]}"
    if trigger.event == "counters_put":
        ctx.flags.setdefault("that_many", Amount("event_amount"))     # the counters put on that object (122.6)
    if trigger.event in ("dealt_damage", "dealt_combat_damage", "player_dealt_damage", "player_dealt_combat_damage",
                         "player_dealt_noncombat_damage"):
        ctx.flags["damage_source"] = True       # "that source's controller": the controller of what dealt the damage
    effect, once = once_each_turn(effect)
    if once:
        trigger = replace(trigger, once_each_turn=True, alternatives=tuple(
            replace(a, once_each_turn=True) for a in trigger.alternatives))
    condition = None
    low = effect[0].lower() + effect[1:]
    m = re.match(r"^if (.+?), (.+)$", low)
    if m:
        condition = parse_condition(m.group(1).lower())         # "if you control another Knight": any case
        if condition is None and trigger.subject == "self":
            condition = self_condition(m.group(1).lower())      # "When ~ enters, if {R} was spent to cast it, ..."
        if condition is None and ctx.trigger_player is not None and m.group(1).startswith("that player "):
            # "At the beginning of each opponent's upkeep, if that player has two or fewer cards in hand, ..."
            condition = player_condition(ctx.trigger_player, m.group(1)[len("that player "):])
        turn = re.fullmatch(r"it's (not )?(?:their|that player's) turn", m.group(1))
        if condition is None and turn and ctx.trigger_player is not None and ctx.trigger_player == Ref(
                ctx.trigger_player.kind):
            # "Whenever a player casts a spell, if it's not their turn, ...": the player the trigger names
            condition = Condition("their_turn", key=ctx.trigger_player.kind, negate=bool(turn.group(1)))
        if condition is None and trigger.event == "attack_batch":
            condition = attackers_condition(m.group(1))         # "if two or more of those creatures are attacking you"
        if condition is None and trigger.event == "attacks" and m.group(1).startswith("defending player "):
            # "Whenever ~ attacks, if defending player controls no black permanents, ..." (506.2)
            condition = player_condition(Ref("defending_player"), m.group(1)[len("defending player "):])
        if condition is None and trigger.event == "enters" and trigger.subject == "self":
            condition = alt_cost_condition(m.group(1))      # "When ~ enters, if its prowl cost was paid"
        named = re.fullmatch(r"you control another (.+) named ~", m.group(1))
        counted = parse_number_of(ctx, f"other {named.group(1)} you control named ~") if named else None
        if condition is None and counted is not None:
            # "When ~ enters, if you control another creature named ~, draw a card": by the card's name (201.2)
            condition = Condition("amount_at_least", 1, amount=counted)
        if condition is None and trigger.event == "cast" and m.group(1) == "that spell was kicked":
            condition = Condition("event_kicked")       # 702.33d: "Whenever you cast a spell, if that spell was kicked"
        if condition is None and ctx.last and len(ctx.last) == 1 and not ctx.flags.get("event_left") \
                and ctx.last[0].kind in ("event", "enchanted", "equipped"):
            # "Whenever enchanted creature attacks, if its power is 2 or less": the creature's, as it is (603.4)
            condition = object_condition(ctx.last[0], m.group(1))
        if condition is None and trigger.event == "enters" and ctx.last == (Ref("event"),):
            condition = others_than_event_condition(m.group(1))     # "if you control at least five other Mountains"
        it_is = re.fullmatch(r"it's (?:an? )?(.+)", m.group(1))
        if condition is None and it_is and ctx.last == (Ref("event"),) and trigger.event in ("enters", "turned_face_up"):
            # "Whenever another permanent you control is turned face up, if it's a creature, ...": the permanent, as it
            # is on the battlefield (603.4)
            condition = event_object_condition(it_is.group(1))
        if condition is None and ctx.flags.get("self_card"):
            condition = in_graveyard_condition(m.group(1))      # a trigger of the card in its owner's graveyard
        if condition is None and ctx.flags.get("event_left") and ctx.last == (Ref("event"),) \
                and m.group(1) == "it had power greater than ~'s power":
            # "Whenever a creature dies, if it had power greater than ~'s power, put a number of +1/+1 counters on ~
            # equal to the difference": the creature as it last existed against ~ now (603.4, 603.10a)
            condition = Condition("amount_at_least", 1, amount=Amount("difference", terms=(
                Amount("power_of", ref=Ref("event")), Amount("power_of", ref=SELF))))
            ctx.flags["difference"] = condition.amount
        if condition is None and ctx.flags.get("event_left"):
            # "When ~ dies, if it was a creature / its power was 3 or greater": as it last existed (603.10a)
            condition = left_condition(m.group(1))
        if condition is not None:
            effect = effect[len(effect) - len(m.group(2)):]
            if m.group(1).startswith("~ ") and ctx.last is None:
                ctx.last = (SELF,)      # "At end of combat, if ~ attacked or blocked this combat, put a counter on it"
    optional = False
    unread: list[str] = []
    by_hand = bool(card.get("by_hand"))
    if effect.lower().startswith("choose one —"):
        modes = _choose_one(ctx, effect, unread)
        if any(t.same_player or t.max_total_mana_value is not None for m in modes for t in m.targets):
            unread.append(effect)       # a trigger's targets are chosen without that check (601.2c) yet
        if unread:
            parts.unsupported.extend(unread)
            if by_hand:
                # The modes are chosen and carried out by hand, as the ability resolves.
                whole = Mode(effects=(ByHand(effect.replace("~", card["name"])),), text=effect)
                parts.triggered.extend(TriggeredAbility(t, whole, condition, False, line) for t in _split_trigger(trigger))
        else:
            parts.triggered.extend(TriggeredAbility(t, Mode(text=effect), condition, False, line, modes)
                                   for t in _split_trigger(trigger))
        return
    # "sacrifice ~ unless it was kicked": the unless clause of a one-sentence effect.
    um = re.match(r"^(.+?) unless (.+?)\.?$", effect, re.IGNORECASE)
    unless = None
    if um and "pays" not in um.group(2):
        unless = parse_condition(_lower_all(um.group(2)))
        if unless is None and trigger.subject == "self":
            unless = self_condition(_lower_all(um.group(2)))
        if unless is not None:
            effect = um.group(1) + "."
    if trigger.to == "object" and re.search(r"\bother\b", effect):
        # "Whenever equipped creature deals damage to a blocking creature, ~ deals that much damage to each other
        # creature defending player controls": other than the creature dealt damage, which a group can't say yet
        parts.unsupported.append(line)
        return
    mode = compile_mode(ctx, effect, unread, by_hand)
    if any(t.same_player or t.max_total_mana_value is not None for t in mode.targets):
        unread.append(effect)       # a trigger's targets are chosen without that check (601.2c) yet
    if unread:
        parts.unsupported.extend(unread)
        if not by_hand:
            return
    if trigger.event == "tapped_for_mana":
        adds = [isinstance(e, (AddMana, AddManaProduced)) for e in mode.effects]
        if any(adds) and (mode.targets or condition is not None or not all(adds)):
            # 605.1b: a triggered mana ability (no target, it adds mana) resolves at once; one that adds mana and
            # also does something else, or has a target, isn't played yet
            parts.unsupported.append(line)
            return
        if not any(adds):
            # it adds no mana, so it isn't a mana ability (605.1b): it uses the stack like any other trigger
            trigger = replace(trigger, to="stack", alternatives=tuple(replace(a, to="stack")
                                                                      for a in trigger.alternatives))
    if unless is not None:
        mode = replace(mode, effects=(Conditional(replace(unless, negate=not unless.negate), mode.effects),))
    if len(mode.effects) == 1 and isinstance(mode.effects[0], MayDo) and mode.effects[0].who == Ref("you"):
        # 603.5: an optional trigger; the engine asks as it resolves.
        optional = True
        mode = replace(mode, effects=mode.effects[0].effects)
    for t in _split_trigger(trigger):
        parts.triggered.append(TriggeredAbility(t, mode, condition, optional, line))


def _split_trigger(trigger: Trigger) -> tuple[Trigger, ...]:
    """ "Whenever ~ or another creature dies", "Whenever ~ attacks or blocks": one event can't be
    both, so two abilities say the same; the one about itself looks back when it leaves the
    battlefield (603.10a)."""
    if trigger.alternatives:
        return tuple(t for a in trigger.alternatives for t in _split_trigger(a))
    if trigger.subject == "self_or_filter":
        return replace(trigger, subject="self", filter=None), replace(trigger, subject="filter")
    if trigger.event == "attacks_or_blocks":
        return replace(trigger, event="attacks"), replace(trigger, event="blocks")
    if trigger.event == "blocks_or_becomes_blocked":
        return replace(trigger, event="blocks"), replace(trigger, event="becomes_blocked")
    if trigger.event == "enters_or_transforms":
        return replace(trigger, event="enters"), replace(trigger, event="transforms")
    return (trigger,)


def _choose_one(ctx: Context, effect: str, unread: list[str]) -> tuple[Mode, ...]:
    """ "choose one — • A • B" in a triggered ability: its modes, one chosen as it is put on the stack
    (603.3c), each with its own targets (700.2)."""
    bullets = [b.strip() for b in effect.split("\n")[1:]]
    modes = []
    for b in bullets:
        sub = Context(last=ctx.last, trigger_player=ctx.trigger_player, card_name=ctx.card_name,
                      flags=dict(ctx.flags))
        modes.append(compile_mode(sub, b.lstrip("• ").strip(), unread))
    return tuple(modes)


def _modal(lines: list[str], i: int, parts: Parts, card: dict[str, Any]) -> int | None:
    m = re.match(r"^choose (one|two|one or both|one or more|any number) —$", lines[i].strip().lower())
    if not m:
        return None
    lo, hi = {"one": (1, 1), "two": (2, 2), "one or both": (1, 2), "one or more": (1, 99),
              "any number": (0, 99)}[m.group(1)]
    j = i + 1
    modes: list[Mode] = []
    while j < len(lines) and lines[j].startswith("•"):
        text = lines[j].lstrip("• ").strip()
        ctx = Context(is_spell=True, card_name=card["name"], flags=_quote_flags(card))
        unread: list[str] = []
        modes.append(compile_mode(ctx, text, unread, bool(card.get("by_hand"))))
        parts.unsupported.extend(unread)
        j += 1
    parts.modes = modes
    parts.choose = (lo, min(hi, len(modes)))
    return j


_ADDITIONAL = re.compile(r"^as an additional cost to cast ~, (.+?)\.?$", re.IGNORECASE)
# An additional cost with an X the spell's caster chooses (601.2b): the X its effects read.
_ADDITIONAL_X = re.compile(r"^as an additional cost to cast [^,.]+, (?:discard x |pay x life)",
                           re.IGNORECASE | re.MULTILINE)
# An additional cost revealing a card from the hand: "the revealed card's power" is that card's (601.2h).
_ADDITIONAL_REVEAL = re.compile(r"^as an additional cost to cast [^,.]+, reveal ", re.IGNORECASE | re.MULTILINE)
_ADDITIONAL_DISCARD = re.compile(r"^as an additional cost to cast [^,.]+, discard ", re.IGNORECASE | re.MULTILINE)
# "As an additional cost to cast this spell, sacrifice (tap) any number of ...": what "sacrificed (tapped) this way"
# counts (601.2h: the spell keeps what paid its cost)
_ADDITIONAL_ANY = re.compile(r"^as an additional cost to cast [^,.]+, (?:you may )?(sacrifice|tap) any number of ",
                             re.IGNORECASE | re.MULTILINE)
_ALTERNATIVE = re.compile(r"^(?:if (.+?), )?you may (?:(.+?) rather than pay ~'s mana cost|cast ~ (without paying) its mana "
                          r"cost)\.?$", re.IGNORECASE)
# 601.3, 118.9: a permission to cast it from the graveyard for an alternative cost only (Raffine's Guidance)
_GRAVEYARD_ALTERNATIVE = re.compile(r"^you may cast ~ from your graveyard by (.+?) rather than paying its mana cost\.?$",
                                    re.IGNORECASE)
_SELF_COST = re.compile(r"^~ costs (\{[^ ]+\}) more to cast for each target beyond the first\.?$", re.IGNORECASE)
_SELF_LESS = re.compile(r"^~ costs \{(\d+|x)\} less to cast(?: for each (.+?)|, where x is (.+?))\.?$", re.IGNORECASE)
_SELF_LESS_COLORED_EACH = re.compile(r"^~ costs (\{[wubrgc]\}) less to cast for each (.+?)\.?$", re.IGNORECASE)
_SELF_LESS_TARGETING = re.compile(r"^~ costs \{(\d+)\} less to cast if it targets (?:a|an) (.+?)\.?$", re.IGNORECASE)
_SELF_LESS_IF = re.compile(r"^(?:(?:if|as long as) (?P<c1>.+?), ~ costs (?P<n1>(?:\{[0-9wubrgc]+\})+) less to cast|"
                           r"~ costs (?P<n2>(?:\{[0-9wubrgc]+\})+) less to cast (?:if (?P<c2>.+?)|(?P<during>during .+?)))"
                           r"\.?$", re.IGNORECASE)
# "~ costs {1} less to cast if you control an artifact and {1} less to cast if you control an enchantment": two
# reductions, each with its condition (601.2f)
_SELF_LESS_IF_TWICE = re.compile(r"^~ costs (\{\d+\}) less to cast if (.+?) and (\{\d+\}) less to cast if (.+?)\.?$",
                                 re.IGNORECASE)


def _spell_costs(line: str, parts: Parts) -> bool:
    m = _ADDITIONAL.match(line)
    if m:
        cost = parse_cost(m.group(1).lower(), spell_x=True)
        # "sacrifice a creature or pay {3}{B}", "sacrifice a creature, discard a card, or pay 4 life": one of them,
        # chosen as the spell is cast (601.2b)
        # (each choice begins with its verb: "pay 5 life or sacrifice a creature or enchantment" is two)
        either = [parse_cost(p, spell_x=True) for p in re.split(
            r"(?:,? or |, )(?=(?:pay|sacrifice|discard|exile|tap|return|remove|reveal|put) )", m.group(1).lower())] \
            if cost is None else []
        if cost is not None:
            parts.costs.append(AdditionalCost("additional", cost))
        elif len(either) > 1 and None not in either and not any(c.kind == "additional_choice" for c in parts.costs):
            parts.costs.extend(AdditionalCost("additional_choice", c) for c in either)
        else:
            parts.unsupported.append(line)
        return True
    m = _ALTERNATIVE.match(line)
    if m:
        # 118.9: an alternative cost, with the condition under which it may be paid (checked as it is cast)
        # "If <condition>, you may cast ~ without paying its mana cost": an alternative cost of nothing (118.9)
        cost = parse_cost("pay {0}" if m.group(3) else m.group(2).lower())
        # "If you've cast another white spell this turn": checked as it begins to be cast (601.2), before it is one
        # of the spells cast this turn, so any such spell is another one
        said = re.sub(r"\bcast another\b", "cast a", _lower_all(m.group(1))) if m.group(1) else ""
        condition = parse_condition(said) if m.group(1) else None
        if cost is None or (m.group(1) and condition is None) or (m.group(3) and condition is None):
            parts.unsupported.append(line)
        else:
            parts.costs.append(AdditionalCost("alternative", cost, optional=True, condition=condition))
        return True
    m = _GRAVEYARD_ALTERNATIVE.match(line)
    if m:
        # cast from its owner's graveyard by its own permission, and then only for this cost (engine.rules.casting);
        # from the hand this cost can't be paid (its condition: the card is in the graveyard)
        cost = paying_cost(m.group(1).lower())
        if cost is None or any(c.kind == "alternative" for c in parts.costs):
            parts.unsupported.append(line)
        else:
            parts.costs.append(AdditionalCost("alternative", cost, optional=True,
                                              condition=Condition("source_in_graveyard")))
            parts.static.append(StaticAbility("cast_self_from_graveyard", SELF, (("alternative_only", True),)))
        return True
    m = _SELF_COST.match(line)
    if m:
        parts.static.append(StaticAbility("cost_per_extra_target", SELF, (ManaCost.parse(m.group(1)),), text=line))
        return True
    m = _SELF_LESS.match(line)
    if m:
        # 601.2f: the reduction counts as the spell is cast; {1} per counted object, or {X}.
        ctx = Context(last=(SELF,))
        per = parse_number_of(ctx, m.group(2).lower()) if m.group(2) else None
        x = parse_equal_to(ctx, m.group(3).lower()) if m.group(3) else None
        each = 1 if m.group(1).lower() == "x" else int(m.group(1))
        if (per is None) == (x is None) or (m.group(1).lower() == "x") != (x is not None):
            return False
        parts.static.append(StaticAbility("self_cost_reduction", SELF, (each, per or x), text=line))
        return True
    m = _SELF_LESS_COLORED_EACH.match(line)
    per = parse_number_of(Context(last=(SELF,)), m.group(2).lower()) if m else None
    if per is not None:
        # "This spell costs {G} less to cast for each green creature you control": colored mana off its colored
        # component, once for each (118.7c), counted as it is cast (601.2f)
        parts.static.append(StaticAbility("self_cost_reduction_mana", SELF, (ManaCost.parse(m.group(1)), per),
                                          text=line))
        return True
    m = _SELF_LESS_TARGETING.match(line)
    f = objects_filter(_lower_all(m.group(2))) if m else None
    if f is not None:
        # 601.2f: the targets are chosen (601.2c) before the total cost is determined.
        parts.static.append(StaticAbility("self_cost_reduction_targeting", SELF, (int(m.group(1)), f), text=line))
        return True
    m = _SELF_LESS_IF_TWICE.match(line)
    if m:
        before = len(parts.static)
        if _spell_costs(f"~ costs {m.group(1)} less to cast if {m.group(2)}.", parts) and \
                _spell_costs(f"~ costs {m.group(3)} less to cast if {m.group(4)}.", parts):
            return True
        del parts.static[before:]
        return False
    m = _SELF_LESS_IF.match(line)
    # "during your end step": the words of "Cast ~ only during ..." (601.3), as a condition
    cond = (cast_restriction(_lower_all(m.group("during"))) if m.group("during") else
            parse_condition(_lower_all(m.group("c1") or m.group("c2")))) if m else None
    less = ManaCost.parse(m.group("n1") or m.group("n2")) if m else None
    if cond is not None and less.symbols and all(sym.isdigit() for sym in less.symbols):
        # 601.2f: the condition is checked as the total cost is determined.
        parts.static.append(StaticAbility("self_cost_reduction", SELF, (less.generic(), Amount.const(1)), cond,
                                          text=line))
        return True
    if cond is not None and all(sym.isdigit() or sym in "WUBRGC" for sym in less.symbols):
        # "~ costs {2}{U} less to cast if ...": colored mana off its colored component (118.7b-c)
        parts.static.append(StaticAbility("self_cost_reduction_mana", SELF, (less,), cond, text=line))
        return True
    return False


# 905.2: an ability that functions during a Conspiracy draft: drafting the card face up (905.2c), revealing it and
# noting something as it is drafted (905.2b), what its drafter may do during or right after the draft. A game begins
# after the draft and deck building: such an ability does nothing in it. (An ability of the game that reads what was
# noted in the draft stays unread: the game doesn't know it.)
_DRAFT_ABILITY = re.compile(r"^(?:draft ~ face up\.$|reveal ~ as you draft it\b|during the draft, |as you draft (?:a|an) "
                            r"[^,]+, |immediately after the draft, |as long as ~ is face up during the draft, )",
                            re.IGNORECASE)

# Deck-construction rules printed on a card (100.2a: "A deck can have any number of / up to seven cards named ~";
# 903.3d: "~ can be your commander"): checked where decks are built and validated (cardsdb.validation), before any
# game begins; they do nothing in a game.
_DECK_RULE = re.compile(r"^(?:~ can be your commander\.|a deck can have (?:any number of|up to \w+) cards named ~\.)$",
                        re.IGNORECASE)


_RESTRICTED_KEYWORD = re.compile(r"^(equip [^.]+)\. (activate only [^.]+)\.?$", re.IGNORECASE)


def _keyword_line(line: str, parts: Parts, card: dict[str, Any]) -> bool:
    restricted = _RESTRICTED_KEYWORD.match(line)
    r = activation_restriction(_lower_all(restricted.group(2))) if restricted else None
    if r is not None and not r.any_player:
        # "Equip {0}. Activate only once each turn." (602.5b): the keyword's activated ability, so restricted
        n = len(parts.activated)
        if not _keyword_line(restricted.group(1), parts, card) or len(parts.activated) != n + 1:
            return False
        ab = parts.activated[-1]
        condition = ab.condition if r.condition is None else r.condition if ab.condition is None else \
            Condition("all", all_of=(ab.condition, r.condition))
        parts.activated[-1] = replace(ab, sorcery_speed=ab.sorcery_speed or r.sorcery,
                                      times_per_turn=r.times or ab.times_per_turn, condition=condition)
        return True
    kws = keywords_from_line(line)
    if kws is None:
        return False
    for kw in kws:
        if not played(kw):
            parts.unsupported.append(f"{(kw.text or kw.name).capitalize()} (a keyword the engine does not play yet)")
            continue
        parts.keywords.append(kw)
        _keyword_abilities(kw, parts, card)
    return True


# Keywords whose abilities are made with their mana cost alone (engine.oracle.casting_keywords): another cost
# ("Recover—Pay half your life, rounded up") isn't paid by them, so it stays unread.
_MANA_COST_ONLY = frozenset({"recover", "madness", "miracle", "suspend", "escalate", "replicate", "transmute"})


def _keyword_abilities(kw: Keyword, parts: Parts, card: dict[str, Any]) -> None:
    """The costs and abilities a keyword stands for (702.x)."""
    if kw.name in _MANA_COST_ONLY and kw.full_cost is not None \
            and kw.full_cost != Cost(mana=kw.full_cost.mana, text=kw.full_cost.text):
        parts.unsupported.append(f"{kw.name.capitalize()} with a cost other than mana")
        return
    cost = kw.full_cost or (Cost(mana=kw.cost) if kw.cost is not None else None)
    if kw.name in ("kicker", "multikicker", "flashback", "evoke", "dash", "buyback", "entwine", "foretell", "escape",
                   "surge", "spectacle", "blitz", "disturb", "prowl", "bestow", "mutate") and cost is not None:
        parts.costs.append(AdditionalCost(kw.name, cost, optional=True))
    if kw.name == "emerge" and cost is not None:
        # 702.119a: "You may cast this spell by sacrificing a creature and paying the emerge cost reduced by that
        # creature's mana value" (the reduction: engine.rules.casting).
        parts.costs.append(AdditionalCost(kw.name, replace(cost, sacrifice=Filter(types=frozenset({"Creature"})),
                                                           sacrifice_count=1), optional=True))
    if kw.name in GRAVEYARD_ADDITIONAL:
        parts.costs.append(AdditionalCost(kw.name, GRAVEYARD_ADDITIONAL[kw.name], optional=True))
    if kw.name == "dash":
        parts.static.extend(dash_abilities(kw.text))
    if kw.name == "blitz":
        static, trigger = blitz_abilities(kw.text)
        parts.static.extend(static)
        parts.triggered.append(trigger)
    if kw.name == "undaunted":
        # 702.125a: "This spell costs {1} less to cast for each opponent you have."
        parts.static.append(StaticAbility("self_cost_reduction", SELF, (1, Amount("players", ref=Ref("each_opponent"))),
                                          text="Undaunted"))
    if kw.name == "evoke":
        # 702.74a: "When this permanent enters, if its evoke cost was paid, its controller sacrifices it."
        parts.triggered.append(TriggeredAbility(Trigger("enters"), Mode(effects=(SacrificeSelf(),)),
                                                Condition("evoked"), text="Evoke"))
    if kw.name == "equip" and cost is not None:
        # 702.6a: "[Cost]: Attach this permanent to target creature you control. Activate only as a sorcery."
        spec = kw.target or TargetSpec("creature", Filter(controller="you"), text="target creature you control")
        parts.activated.append(ActivatedAbility(cost, Mode((spec,), (Attach(SELF, TARGET0),)), sorcery_speed=True,
                                                text=kw.text, keyword="equip"))
    if kw.name in ("echo", "cumulative upkeep"):
        if kw.full_cost is not None and kw.full_cost == Cost(mana=kw.full_cost.mana, pay_life=kw.full_cost.pay_life,
                                                             text=kw.full_cost.text):
            parts.triggered.append(_upkeep_cost(kw))       # "Cumulative upkeep—Pay 1 life" (mana and life)
        elif kw.full_cost is not None and (action := _upkeep_action(kw, card)) is not None:
            parts.triggered.append(action)      # "Echo—Sacrifice two lands", "Cumulative upkeep—Discard a card"
        elif kw.full_cost is not None or kw.cost is None:
            parts.unsupported.append(f"{kw.name.capitalize()} with a cost other than mana")
        else:
            parts.triggered.append(_upkeep_cost(kw))
    if kw.name in ENTERING_KEYWORDS:
        if (kw.param or "1").isdigit():
            parts.static.extend(entering_keyword(kw.name, int(kw.param or 1)))
        else:
            parts.unsupported.append(f"{kw.name.capitalize()} X")
    if kw.name in COUNTER_KEYWORDS and (kw.param or "0").isdigit():
        static, triggered = _counter_keyword(kw.name, int(kw.param or 0))
        parts.static.extend(static)
        parts.triggered.extend(triggered)
    if kw.name in ("morph", "megamorph"):
        life_only = kw.full_cost is None or kw.full_cost == Cost(mana=kw.full_cost.mana, pay_life=kw.full_cost.pay_life,
                                                                  text=kw.full_cost.text)
        if not life_only and kw.full_cost.object_part() is not None:
            life_only = True        # "Morph—Reveal a white card in your hand", "Morph—Return a Bird you control ..."
        if not life_only or kw.cost is None:
            parts.unsupported.append(f"{kw.name.capitalize()} with a cost other than mana")
        else:
            # 702.37c: cast face down as a 2/2 creature for {3}; turned face up for its cost, mana and life
            # (rules/face_down.py).
            parts.costs.append(AdditionalCost("face_down", Cost(mana=ManaCost.parse("{3}")), optional=True))
    if kw.name == "crew" and kw.param.isdigit():
        # 702.122a: "Tap any number of untapped creatures you control with total power N or greater: This
        # Vehicle becomes an artifact creature until end of turn."
        unread: list[str] = []
        mode = compile_mode(Context(card_name=card["name"]), "~ becomes an artifact creature until end of turn.",
                            unread)
        parts.unsupported.extend(unread)
        parts.activated.append(ActivatedAbility(Cost(crew=int(kw.param)), mode, text=f"Crew {kw.param}"))
    if kw.name == "scavenge" and cost is not None:
        # 702.97a: "[Cost], Exile this card from your graveyard: Put a number of +1/+1 counters equal to the power
        # of the card you exiled on target creature. Activate only as a sorcery." (its printed power, in a graveyard)
        power = str(card.get("power") or "")
        if not power.isdigit():
            parts.unsupported.append("Scavenge of a card without a fixed power")
        else:
            unread: list[str] = []
            mode = compile_mode(Context(card_name=card["name"]), f"Put {power} +1/+1 counters on target creature.",
                                unread)
            parts.unsupported.extend(unread)
            parts.activated.append(ActivatedAbility(replace(cost, exile_self=True), mode, sorcery_speed=True,
                                                    from_graveyard=True, text=kw.text))
    if kw.name == "ward":
        life = kw.full_cost.pay_life if kw.full_cost is not None else 0
        if life and kw.full_cost == Cost(pay_life=life, text=kw.full_cost.text):
            # 702.21a "Ward—Pay N life": counter it unless its controller pays that life (119.4)
            counter = MayPay(ManaCost(()), otherwise=(CounterSpell(Ref("event")),), life=life,
                             payer=Ref("event_player"))
            parts.triggered.append(TriggeredAbility(Trigger("becomes_target", "self", whose="opponent"),
                                                    Mode(effects=(counter,)), text=f"Ward—Pay {life} life"))
        elif kw.full_cost is not None and (action := _ward_action(kw, card)) is not None:
            parts.triggered.append(action)      # "Ward—Discard a card"
        elif kw.full_cost is not None or kw.cost is None:
            parts.unsupported.append("Ward with a cost other than mana")
        else:
            # 702.21a: "Whenever this permanent becomes the target of a spell or ability an opponent controls,
            # counter that spell or ability unless that player pays [cost]."
            counter = CounterSpell(Ref("event"), unless_pay=kw.cost)
            parts.triggered.append(TriggeredAbility(Trigger("becomes_target", "self", whose="opponent"),
                                                    Mode(effects=(counter,)), text=f"Ward {kw.cost}"))
    if kw.name == "sunburst":
        parts.static.append(StaticAbility("sunburst", SELF, text="Sunburst"))
    if kw.name == "amplify" and kw.param.isdigit():
        parts.static.append(StaticAbility("amplify", SELF, (("n", int(kw.param)),), text=f"Amplify {kw.param}"))
    if kw.name == "devour" and kw.param.isdigit():
        parts.static.append(StaticAbility("devour", SELF, (("n", int(kw.param)),), text=f"Devour {kw.param}"))
    quality = re.fullmatch(r"(artifact|land|enchantment) (\d+)", kw.param) if kw.name == "devour" else None
    if quality:
        # 702.82c: "Devour artifact 1": artifacts are sacrificed as it enters, not creatures
        parts.static.append(StaticAbility("devour", SELF, (("n", int(quality.group(2))),
                                                           ("types", (quality.group(1).capitalize(),))),
                                          text=f"Devour {kw.param}"))
    if kw.name == "renown" and kw.param.isdigit():
        parts.triggered.append(_renown(int(kw.param)))
    if kw.name == "fabricate" and kw.param.isdigit():
        parts.triggered.append(_fabricate(int(kw.param), card))
    if kw.name == "unearth" and cost is not None:
        parts.activated.append(ActivatedAbility(cost, _unearth_mode(), sorcery_speed=True, from_graveyard=True,
                                                text=kw.text))
        parts.static.append(StaticAbility("grant", SELF, (Keyword("haste"),), Condition("chose", 1, key="unearthed")))
    if kw.name == "soulbond":
        parts.triggered.extend(_soulbond())
    if kw.name == "reconfigure" and cost is not None:
        parts.activated.extend(_reconfigure(cost, kw.text))
        # 702.151b: attached to a creature, it isn't a creature.
        parts.static.append(StaticAbility("lose_types", SELF, (("types", ("Creature",)),), Condition("self_attached"),
                                          text="Reconfigure"))
    if kw.name == "haunt":
        # 702.55a: "When this creature dies, exile it haunting target creature."; on an instant or sorcery, "When this
        # spell is put into a graveyard during its resolution, ...": the card's ability there (engine.rules.resolving)
        spec = TargetSpec("creature", text="target creature")
        event = "resolved_to_graveyard" if card.get("is_spell") else "dies"
        parts.triggered.append(TriggeredAbility(Trigger(event), Mode((spec,), (Haunt(TARGET0),)), text="Haunt"))
    if kw.name == "myriad":
        # 702.116a: "Whenever this creature attacks, for each opponent other than defending player, you may create
        # a token that's a copy of this creature that's tapped and attacking that player or a planeswalker they
        # control. Exile the tokens at end of combat." (Each attacks the player.)
        exile = CreateDelayed(Trigger("step", step="end_of_combat", whose="any"), (ExileEffect(REMEMBERED),), (),
                              (Ref("created"),), "once", "exile the tokens at end of combat")
        parts.triggered.append(TriggeredAbility(Trigger("attacks"), Mode(effects=(Myriad(), exile)), text="Myriad"))
    if kw.name == "champion":
        parts.triggered.extend(_champion(kw, parts))
    if kw.name == "exploit":
        # 702.110a: "When this creature enters, you may sacrifice a creature."
        parts.triggered.append(TriggeredAbility(Trigger("enters"), Mode(effects=(Exploit(),)), text="Exploit"))
    if kw.name in ("persist", "undying"):
        # 702.79a / 702.93a: when it dies, if it had no -1/-1 (+1/+1) counters, return it with one.
        counter, condition = ("-1/-1", "no_counters") if kw.name == "persist" else ("+1/+1", "no_plus_one_counters")
        back = PutOntoBattlefield(Ref("event"), counters=((counter, 1),))
        parts.triggered.append(TriggeredAbility(Trigger("dies"), Mode(effects=(back,)),
                                                Condition(condition), text=kw.name.capitalize()))
    cycling = typecycling_effect(kw.param) if kw.name == "typecycling" else cycling_effect(kw.name)
    if cycling is not None and cost is not None:
        # 702.29a: "[Cost], Discard this card: <effect>", activated only from the hand.
        unread: list[str] = []
        mode = compile_mode(Context(card_name=card["name"]), cycling, unread, bool(card.get("by_hand")))
        parts.unsupported.extend(unread)
        parts.activated.append(ActivatedAbility(replace(cost, discard_self=True), mode, from_hand=True, text=kw.text,
                                                keyword="cycling"))       # typecycling too (702.29f)
    for sentence in keyword_meaning(kw) or ():
        activated = len(parts.activated)
        if not _triggered(sentence, parts, card) and not _activated(sentence, parts, card):
            _static_line(sentence, parts, card)
        if len(parts.activated) > activated and kw.name in COSTED_MEANINGS:
            # "whenever you activate ~'s outlast ability": the ability is the keyword's (702.107a)
            parts.activated[-1] = replace(parts.activated[-1], keyword=kw.name)
    storm = storm_ability(kw)
    if storm is not None:
        parts.triggered.append(storm)
    casting_keyword(kw, card, parts)
    if kw.name == "enchant" and kw.target is None:
        parts.unsupported.append(f"Enchant {kw.param}")
        if card.get("by_hand"):
            # 303.4a by hand: what it may enchant is unread, so every permanent is offered and its caster
            # picks one the text allows (the card's reminder says what).
            parts.keywords[-1] = replace(kw, target=TargetSpec("permanent", text=f"enchant {kw.param} (by hand)"))


def _reconfigure(cost: Cost, text: str) -> tuple[ActivatedAbility, ...]:
    """702.151a: "[Cost]: Attach this permanent to another target creature you control. Activate only as a
    sorcery." and "[Cost]: Unattach this permanent. Activate only if this permanent is attached to a creature and
    only as a sorcery." """
    spec = TargetSpec("creature", Filter(controller="you", other=True), text="another target creature you control")
    return (ActivatedAbility(cost, Mode((spec,), (Attach(SELF, TARGET0),), text="Attach ~ to another target creature "
                                        "you control."), sorcery_speed=True, text=text),
            ActivatedAbility(cost, Mode(effects=(Unattach(SELF),), text="Unattach ~."), sorcery_speed=True,
                             condition=Condition("self_attached"), text=text))


def _champion(kw: Keyword, parts: Parts) -> tuple[TriggeredAbility, ...]:
    """702.72a: "When this permanent enters, sacrifice it unless you exile another [object] you control" and
    "When this permanent leaves the battlefield, return the exiled card to the battlefield under its owner's
    control." """
    f = filter_of(kw.param)
    if f is None:
        parts.unsupported.append(f"Champion {kw.param}")
        return ()
    return (TriggeredAbility(Trigger("enters"), Mode(effects=(Champion(replace(f, other=True)),)), text="Champion"),
            TriggeredAbility(Trigger("leaves"), Mode(effects=(ReturnLinked(),)), text="Champion"))


def _soulbond() -> tuple[TriggeredAbility, ...]:
    """702.95a: "You may pair this creature with another unpaired creature when either enters. They remain
    paired for as long as you control both of them." (the checks of 702.95c are the effect's: engine Pair)."""
    another = Filter(types=frozenset({"Creature"}), controller="you", other=True)
    return (TriggeredAbility(Trigger("enters"), Mode(effects=(Pair(SELF),)), text="Soulbond"),
            TriggeredAbility(Trigger("enters", "filter", another), Mode(effects=(Pair(SELF, Ref("event")),)),
                             text="Soulbond"))


# The additional costs of casting a card from the graveyard for its mana cost: 702.133a jump-start ("discarding a
# card"), 702.81a retrace ("discarding a land card").
GRAVEYARD_ADDITIONAL = {
    "jump-start": Cost(discard=1, text="discard a card"),
    "retrace": Cost(discard=1, discard_filter=Filter(types=frozenset({"Land"})), text="discard a land card"),
}


def _unearth_mode() -> Mode:
    """702.84a: "Return this card from your graveyard to the battlefield. It gains haste. Exile it at the
    beginning of the next end step. If it would leave the battlefield, exile it instead of putting it
    anywhere else." (the haste: a static ability of the card while it is unearthed)."""
    card = Ref("source_card")
    back = PutOntoBattlefield(card, under="you", marks=(("unearthed", 1), ("exile_if_leaves", 1)))
    exile = CreateDelayed(Trigger("step", step="end", whose="any"), (ExileEffect(REMEMBERED),), (), (card,), "once",
                          "exile ~ at the beginning of the next end step")
    return Mode(effects=(back, exile), text="Return ~ from your graveyard to the battlefield.")


# Keywords made of counters and triggers (702.32 fading, 702.63 vanishing, 702.134 mentor, 702.149 training,
# 702.105 dethrone, 702.100 evolve, 702.58 graft).
COUNTER_KEYWORDS = frozenset({"fading", "vanishing", "mentor", "training", "dethrone", "evolve", "graft"})


def _counter_keyword(name: str, n: int) -> tuple[list[StaticAbility], list[TriggeredAbility]]:
    one = Amount.const(1)
    grow = Mode(effects=(PutCounters(SELF, "+1/+1", one),))
    upkeep = Trigger("step", step="upkeep", whose="you")
    text = f"{name.capitalize()} {n}" if n else name.capitalize()
    if name in ("fading", "vanishing"):
        kind = "fade" if name == "fading" else "time"
        # 702.63b: vanishing without a number puts no time counters on it as it enters
        enters = [StaticAbility("enters_with_counters", SELF, (("counters", ((kind, n),)),), text=text)] if n else []
        if name == "fading":
            # 702.32a: "remove a fade counter from this permanent. If you can't, sacrifice the permanent."
            remove = RemoveCounter(SELF, kind, otherwise=(SacrificeSelf(),))
            return enters, [TriggeredAbility(upkeep, Mode(effects=(remove,)), text=text)]
        # 702.63a: "if this permanent has a time counter on it, remove a time counter from it" and "When the
        # last time counter is removed from this permanent, sacrifice it."
        has = Condition("amount_at_least", 1, amount=Amount("counters_on", ref=SELF, counter=kind))
        return enters, [TriggeredAbility(upkeep, Mode(effects=(RemoveCounter(SELF, kind),)), has, text=text),
                        TriggeredAbility(Trigger("last_counter_removed", "self", to=kind),
                                         Mode(effects=(SacrificeSelf(),)), text=text)]
    if name == "graft":
        # 702.58a: "This permanent enters with N +1/+1 counters on it" and "Whenever another creature enters, if
        # this permanent has a +1/+1 counter on it, you may move a +1/+1 counter from this permanent onto that
        # creature."
        enters = [StaticAbility("enters_with_counters", SELF, (("counters", (("+1/+1", n),)),), text=text)]
        trigger, _ = parse_trigger("another creature enters")
        has = Condition("amount_at_least", 1, amount=Amount("counters_on", ref=SELF, counter="+1/+1"))
        move = MayDo((MoveCounter(SELF, Ref("event"), "+1/+1"),), prompt="Move a +1/+1 counter onto it?")
        return enters, [TriggeredAbility(trigger, Mode(effects=(move,)), has, text=text)]
    if name == "mentor":
        # 702.134a: "put a +1/+1 counter on target attacking creature with lesser power."
        spec = TargetSpec("creature", Filter(attacking=True, lesser_power_than_source=True),
                          text="target attacking creature with lesser power")
        mode = Mode((spec,), (PutCounters(TARGET0, "+1/+1", one),))
        return [], [TriggeredAbility(Trigger("attacks", "self"), mode, text=text)]
    if name == "evolve":
        trigger, _ = parse_trigger("a creature you control enters")
        return [], [TriggeredAbility(trigger, grow, Condition("evolves"), text=text)]
    event = {"training": "attacks_with_greater_power", "dethrone": "attacks_most_life"}[name]
    return [], [TriggeredAbility(Trigger(event, "self"), grow, text=text)]


def _renown(n: int) -> TriggeredAbility:
    """702.112a: "When this creature deals combat damage to a player, if it isn't renowned, put N +1/+1
    counters on it and it becomes renowned." """
    trigger, _ = parse_trigger("~ deals combat damage to a player")
    effects = (PutCounters(SELF, "+1/+1", Amount.const(n)), Designate(SELF, "renowned"))
    return TriggeredAbility(trigger, Mode(effects=effects), Condition("chose", 1, key="renowned", negate=True),
                            text=f"Renown {n}")


def _fabricate(n: int, card: dict[str, Any]) -> TriggeredAbility:
    """702.123a: "When this permanent enters, you may put N +1/+1 counters on it. If you don't, create N
    1/1 colorless Servo artifact creature tokens." """
    servos = compile_mode(Context(card_name=card["name"]), f"Create {n} 1/1 colorless Servo artifact creature "
                          f"token{'s' if n > 1 else ''}.", [])
    choice = ChooseMode(((PutCounters(SELF, "+1/+1", Amount.const(n)),), servos.effects),
                        (f"{n} +1/+1 counter{'s' if n > 1 else ''} on it", f"{n} Servo token{'s' if n > 1 else ''}"))
    return TriggeredAbility(Trigger("enters"), Mode(effects=(choice,)), text=f"Fabricate {n}")


def _upkeep_cost(kw: Keyword) -> TriggeredAbility:
    """702.30a echo: "At the beginning of your upkeep, if this permanent came under your control since
    the beginning of your last upkeep, sacrifice it unless you pay [cost]." 702.24a cumulative upkeep:
    "At the beginning of your upkeep, if this permanent is on the battlefield, put an age counter on this
    permanent. Then you may pay [cost] for each age counter on it. If you don't, sacrifice it." """
    upkeep = Trigger("step", step="upkeep", whose="you")
    life = kw.full_cost.pay_life if kw.full_cost is not None else 0
    if kw.name == "echo":
        return TriggeredAbility(upkeep, Mode(effects=(MayPay(kw.cost, otherwise=(SacrificeSelf(),), life=life),)),
                                Condition("echo_due"), text=kw.text.capitalize())
    age = Amount("counters_on", ref=SELF, counter="age")
    effects = (PutCounters(SELF, "age", Amount.const(1)), MayPay(kw.cost, otherwise=(SacrificeSelf(),), times=age,
                                                                 life=life))
    return TriggeredAbility(upkeep, Mode(effects=effects), text=kw.text.capitalize())


def _upkeep_action(kw: Keyword, card: dict[str, Any]) -> TriggeredAbility | None:
    """Echo and cumulative upkeep with a cost that isn't mana ("Echo—Sacrifice two lands", "Cumulative upkeep—Put a
    -1/-1 counter on ~", "... —Discard a card"): paying it is carrying the action out as the trigger resolves,
    "sacrifice it unless you [do it]" (118.12a, 702.30a); for cumulative upkeep once for each age counter, the whole of
    it or none (702.24a: "discard a card" for three age counters is discarding three cards, which two cards in hand
    can't pay). None when the action isn't read, or is read otherwise."""
    action = kw.full_cost.text.strip().rstrip(".")
    if kw.full_cost.mana.symbols or "," in action or " and " in action:
        return None
    if kw.name == "echo":
        texts = [f"Sacrifice ~ unless you {action}."]
    else:
        texts = [f"Sacrifice ~ unless you {action} for each age counter on ~."]
        m = re.match(r"^(\w+) (?:a|an|one) ([a-z]+)( .+)?$", action)
        if m:
            texts.append(f"Sacrifice ~ unless you {m.group(1)} X {m.group(2)}s{m.group(3) or ''}, where X is the number "
                         f"of age counters on ~.")
    for text in texts:
        unread: list[str] = []
        mode = compile_mode(Context(card_name=card["name"]), text, unread)
        if unread or len(mode.effects) != 1 or not isinstance(mode.effects[0], (IfDone, UnlessDiscard)) or \
                (kw.name != "echo" and not isinstance(mode.effects[0], IfDone)):
            continue
        upkeep = Trigger("step", step="upkeep", whose="you")
        if kw.name == "echo":
            return TriggeredAbility(upkeep, mode, Condition("echo_due"), text=kw.text.capitalize())
        age = PutCounters(SELF, "age", Amount.const(1))
        return TriggeredAbility(upkeep, replace(mode, effects=(age,) + mode.effects), text=kw.text.capitalize())
    return None


def _ward_action(kw: Keyword, card: dict[str, Any]) -> TriggeredAbility | None:
    """702.21a with a cost that isn't mana or life ("Ward—Discard a card"): "counter that spell or ability unless that
    player [does it]", the player who controls the targeting spell or ability deciding as the trigger resolves
    (118.12a). None when the action isn't read as one instruction of that player."""
    action = kw.full_cost.text.strip().rstrip(".")
    verb, _, rest = action.partition(" ")
    if kw.full_cost.mana.symbols or "," in action or " and " in action or verb not in ("discard", "sacrifice", "exile"):
        return None
    ctx = Context(card_name=card["name"])
    ctx.trigger_player = Ref("event_player")
    ctx.flags["targeting_object"] = Ref("event")        # "that spell or ability" (115.1)
    unread: list[str] = []
    mode = compile_mode(ctx, f"Counter that spell or ability unless that player {verb}s {rest}.", unread)
    if unread or len(mode.effects) != 1 or not isinstance(mode.effects[0], IfDone):
        return None
    return TriggeredAbility(Trigger("becomes_target", "self", whose="opponent"), mode, text=kw.text.capitalize())


def _basic_land_mana(subtypes: list[str]) -> list[ActivatedAbility]:
    """305.6: each basic land type gives "{T}: Add [its mana]"."""
    out = []
    for st in subtypes:
        letter = BASIC_LAND_TYPES.get(st)
        if letter:
            out.append(ActivatedAbility(Cost(tap=True), Mode(effects=(AddMana(letter),), text=f"Add {{{letter}}}."),
                                        mana_options=(letter,), is_mana_ability=True, text=f"{{T}}: Add {{{letter}}}."))
    return out


def _quotes_naming_card(text: str, name: str, legendary: bool) -> frozenset[str]:
    """The quoted abilities of a card's text that name the card (as normalized, lower case). In a
    quote "this creature" is the object that has the ability and the card's name is the card (Spare
    Dagger's "sacrifice Spare Dagger"); normalized, both are "~", so such a quote is granted only to
    the card itself (statics._quoted_abilities)."""
    names = [n for n in self_names(name, legendary) if n]
    return frozenset(normalize(q, name, legendary).lower() for q in re.findall(r'"([^"]+)"', text)
                     if any(re.search(r"(?<![\w'])" + re.escape(n) + r"(?!\w)", q) for n in names))


def _grantor_quotes(text: str, name: str, legendary: bool, subtypes: tuple[str, ...]) -> dict[str, str]:
    """An Equipment's or an Aura's quotes that name the card, as granted to another object: the card's name there is
    the permanent granting the ability, written "this Equipment" / "this Aura" (engine.core.cards.granted_def reads
    it so), "this creature" the object that has it; by the normalized quote (lower case)."""
    word = "Equipment" if "Equipment" in subtypes else "Aura" if "Aura" in subtypes else None
    if word is None:
        return {}
    names = sorted((n for n in self_names(name, legendary) if n), key=len, reverse=True)
    out = {}
    for q in re.findall(r'"([^"]+)"', text):
        rewritten = q
        for n in names:
            rewritten = re.sub(r"(?<![\w'])" + re.escape(n) + r"(?!\w)", "this " + word, rewritten)
        if rewritten != q:
            out[normalize(q, name, legendary).lower()] = rewritten
    return out


def _quote_flags(card: dict[str, Any]) -> dict[str, Any]:
    """What a spell's sentences know of the card: which of its quotes name it (verbs._grants_quoted), whether it
    says "the exiled card" of what it exiles (607.2a), and whether its mana cost has an X, chosen as it is cast
    (601.2b)."""
    return {"quotes_naming_card": card.get("flags", {}).get("quotes_naming_card", frozenset()),
            "linked_exile": card.get("flags", {}).get("linked_exile", False),
            "cost_x": card.get("cost_x", False), "cost_reveal": card.get("cost_reveal", False),
            "cost_discard": card.get("cost_discard", False), "cost_any": card.get("cost_any", "")}


def _static_line(line: str, parts: Parts, card: dict[str, Any]) -> None:
    ctx = Context(last=(SELF,), card_name=card["name"], flags=dict(card.get("flags", {})))
    before = len(parts.static)
    paid = pay_life_or_enters_tapped(line) or reveal_or_enters_tapped(line) or sacrifice_to_enter(line) \
        or prevent_then_remove_counter(line)
    if paid is not None:
        parts.static.extend(replace(s, text=line) for s in paid)
        return
    record = card.get("record") or {}
    legendary = "Legendary" in (record.get("supertypes") or ())
    naming = _quotes_naming_card(record.get("text") or "", card["name"], legendary)
    ctx.flags["grantor_quotes"] = _grantor_quotes(record.get("text") or "", card["name"], legendary,
                                                  tuple(record.get("subtypes") or ()))
    for sentence in split_sentences(line):
        # The statics read lower case; an ability granted in quotes is compiled as printed, a name as printed too.
        ctx.flags["quotes"] = {q.lower(): q for q in re.findall(r'"([^"]+)"', sentence)}
        ctx.flags["quotes_naming_card"] = naming
        ctx.flags["sentence"] = sentence
        if re.match(r"^(?:it's still an? (?:land|artifact)|they're still (?:lands|artifacts))$", _lower_all(sentence)) \
                and any(st.kind in ("add_types", "set_types") and any(k == "types" for k, _ in st.params)
                        for st in parts.static[before:]):
            # 205.1b: "is a 3/3 creature. It's still a land": the type is added, the prior ones kept
            parts.static[before:] = [replace(st, kind="add_types", params=retained((("kind", st.kind),) + tuple(st.params))[1:])
                                     if st.kind == "set_types" and any(k == "types" for k, _ in st.params) else st
                                     for st in parts.static[before:]]
            continue
        spared = _draw_replacement_goes_on(sentence, parts.static[before:], card) or sparing_protection(
            _lower_all(sentence), parts.static[before:]) or pump_instead(
            ctx, _lower_all(sentence), parts.static[before:]) or escapes_with_instead(
            ctx, _lower_all(sentence), parts.static[before:]) or counters_per_prevented(
            ctx, _lower_all(sentence), parts.static[before:])
        if spared is not None:
            parts.static[before:] = [s if s.text else replace(s, text=sentence.strip()) for s in spared]
            continue
        st = parse_static(ctx, _lower_all(sentence)) or otherwise_static(ctx, _lower_all(sentence),
                                                                          tuple(parts.static[before:]))
        if st is None or ctx.targets:
            # a static ability targets nothing (115.1): "the power of target creature" is an ability's words
            parts.unsupported.append(sentence.strip())
        else:
            parts.static.extend(replace(s, text=sentence.strip()) for s in st)


def _draw_replacement_goes_on(sentence: str, previous: list[StaticAbility],
                              card: dict[str, Any]) -> list[StaticAbility] | None:
    """ "If you would draw a card, exile the top two cards of your library instead. You may play those cards this
    turn.": the sentences after a static replacement of a draw (614.1a) go on with its instructions, read as one
    ability's are (what they exiled, "if you can't")."""
    last = previous[-1] if previous else None
    if last is None or last.kind != "draw_replaced":
        return None
    params = dict(last.params)
    text = f"{params['replacement'].text}. {_lower_all(sentence)}"
    unread: list[str] = []
    ctx = Context(last=(SELF,), card_name=card["name"], trigger_player=Ref("event_player"),
                  last_player=Ref("event_player"))
    mode = compile_mode(ctx, text, unread)
    if unread or mode.targets:
        return None
    params["replacement"] = replace(params["replacement"], effects=mode.effects, text=text)
    return previous[:-1] + [replace(last, params=tuple(params.items()), text="")]


def compile_parts(text: str, card: dict[str, Any], is_spell: bool) -> Parts:
    parts = Parts()
    lines = text.split("\n") if text else []
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        j = _modal(lines, i, parts, card)
        if j is not None:
            i = j
            continue
        i += 1
        while i < len(lines) and _RESULT_LINE.match(lines[i].strip()):
            line += "\n" + lines[i].strip()      # 706.3b: a results table is part of its roll's ability
            i += 1
        if _spell_costs(line, parts) or _keyword_line(line, parts, card) or flash_permission(line, parts):
            continue
        if _DRAFT_ABILITY.match(line):
            continue            # 905.2: a draft ability, nothing in a game
        if _DECK_RULE.match(line):
            continue            # 100.2a, 903.3d: a deck-construction rule (cardsdb.validation)
        if re.search(r"choose one —$", line, re.IGNORECASE):
            # A modal triggered ability: its modes are the bullet lines that follow.
            while i < len(lines) and lines[i].startswith("•"):
                line += "\n" + lines[i].strip()
                i += 1
        # An instant's or sorcery's "Whenever a creature attacks this turn, ..." is a delayed triggered
        # ability its resolution creates (603.7), read with its instructions.
        if not (is_spell and _SPELL_DELAYED.match(line)) and _triggered(line, parts, card):
            continue
        if _exert(line, parts, card) or _boast(line, parts, card) or _activated(line, parts, card):
            continue
        if is_spell and works_on_stack(line):
            parts.static.extend(works_on_stack(line))
        elif is_spell:
            parts.spell_lines.append(line)
        else:
            _static_line(line, parts, card)
    return parts


# 315.5, 113.6p: the static abilities a face-up conspiracy has in the command zone that the rules reading them find
# there (engine.query.layers.static_sources): continuous effects of the layers, cost changes (601.2f) and the statics
# that affect players. Its triggered abilities trigger there (the trigger watchers).
_COMMAND_ZONE_STATICS = frozenset({
    "copy", "control", "text", "add_types", "set_types", "lose_types", "set_colors", "add_colors", "grant",
    "grant_abilities", "lose_abilities", "lose_keyword", "set_pt", "pump", "pump_grant", "pump_dynamic", "switch_pt",
    "cost_increase", "cost_increase_targeting", "cost_reduction", "cost_change_aimed",
    "cant_cast", "cant_play_lands", "spend_as_any_color", "maximum_hand_size_change", "maximum_hand_size_set",
    "no_maximum_hand_size", "player_hexproof", "player_shroud", "attack_tax",
})


def _conspiracy_abilities(parts: Parts) -> None:
    """315.5: a conspiracy's static and triggered abilities work from the command zone. A static ability of another
    kind, whose rule looks at the permanents only, and an activated ability (a conspiracy has none to activate
    there, 315.5) stay unread."""
    parts.unsupported.extend(st.text or st.kind for st in parts.static if st.kind not in _COMMAND_ZONE_STATICS)
    parts.static = [st for st in parts.static if st.kind in _COMMAND_ZONE_STATICS]
    parts.unsupported.extend(ab.text for ab in parts.activated)
    parts.activated = []


def _group_targets_of_triggers(parts: Parts) -> None:
    """A triggered ability's targets are chosen one phrase at a time as it goes on the stack (603.3d), each from a list
    of single objects: a requirement on the targets of one phrase together ("two target permanents that share a card
    type", 601.2c) isn't checked there, so such an ability stays unread."""
    kept = []
    for ab in parts.triggered:
        if any(spec.shared_type for m in (ab.mode, *ab.modes) for spec in m.targets):
            parts.unsupported.append(ab.text or "a triggered ability with targets that share a type")
        else:
            kept.append(ab)
    parts.triggered = kept


def _modes(spell: SpellAbility | None, activated: list[ActivatedAbility], triggered: list[TriggeredAbility]):
    yield from spell.modes if spell is not None else ()
    yield from (ab.mode for ab in (*activated, *triggered))
    yield from (m for ab in triggered for m in ab.modes)


def compile_card(record: dict[str, Any]) -> CardDef:
    """A card record's definition. A multi-faced card's faces are compiled one by one (709-715)."""
    if record.get("faces") and (record.get("layout") or "normal") in MULTI_FACE_LAYOUTS:
        return combine_faces(record, [compile_card(face) for face in face_records(record)])
    name = record.get("faceName") or record["name"]
    supertypes = tuple(record.get("supertypes") or ())
    types = tuple(record.get("types") or ())
    subtypes = tuple(record.get("subtypes") or ())
    raw_text = record.get("text") or ""
    text = strip_ability_words(normalize(raw_text, name, "Legendary" in supertypes,
                                         grantor=name.startswith(GRANTED_PREFIX)))
    try:
        mana_cost = ManaCost.parse(record.get("manaCost"))
    except ManaCostError:
        mana_cost = ManaCost(())
    is_spell = "Instant" in types or "Sorcery" in types
    # 607.2a: "the exiled card", "cards exiled with ~" link an exile instruction of the card (not a keyword's: delve) to
    # the ability that returns the card.
    low = text.lower()
    linked = ("the exiled card" in low or re.search(r"\bexiled with (?:~|it)(?!\w)", low) is not None) \
        and re.search(r"\bexile\b", low) is not None
    # 702.75a: the card a hideaway ability exiled is "the exiled card" the permanent's other abilities play
    card = {"name": name, "flags": {"linked_exile": linked, "hideaway": re.search(r"^hideaway\b", low, re.M) is not None,
                                    "quotes_naming_card": _quotes_naming_card(raw_text, name, "Legendary" in supertypes)},
            "power": record.get("power"),
            "by_hand": name not in HANDWRITTEN, "mana_value": mana_cost.mana_value, "record": record,
            "is_spell": is_spell, "dungeon": "Dungeon" in types,
            "cost_x": bool(mana_cost.x_count or _ADDITIONAL_X.search(text)),
            "cost_reveal": bool(_ADDITIONAL_REVEAL.search(text)),
            "cost_discard": bool(_ADDITIONAL_DISCARD.search(text)),
            "cost_any": (any_number.group(1).lower() if (any_number := _ADDITIONAL_ANY.search(text)) else "")}
    levels: list[tuple[int, Parts, Section]] = []
    try:
        parts, levels = _layout_parts(text, card, is_spell, subtypes)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError, RecursionError) as e:
        # A compiler bug on an unusual text must not stop the rest of a card file from loading:
        # the card is unsupported (usable in sandbox mode) and says why.
        parts = Parts(unsupported=[f"(the compiler failed on this text: {type(e).__name__}: {e})"])
    if "Conspiracy" in types:
        _conspiracy_abilities(parts)
    _group_targets_of_triggers(parts)
    spell = None
    if is_spell and parts.spell_lines:
        written = [c.cost for c in parts.costs if c.kind == "alternative"]
        # "If the {1}{B} cost was paid": the one alternative cost the card writes, of mana only (118.9)
        alternative = str(written[0].mana).lower() if len(written) == 1 and written[0].mana.symbols \
            and replace(written[0], text="") == Cost(mana=written[0].mana) else ""
        ctx = Context(is_spell=True, card_name=name, flags=dict(_quote_flags(card), alternative_mana=alternative))
        unread: list[str] = []
        # a line after a results table isn't one of its lines (706.3a)
        spell_text = "".join((l if l.endswith(".") else l + ".") + ("\n" if "\n" in l else " ")
                             for l in parts.spell_lines).strip()
        way = text_changing_way(parts.costs)
        mode = compile_mode(ctx, changed_text(None, spell_text) if way else spell_text, unread, card["by_hand"])
        parts.unsupported.extend(unread)
        if any(k.name == "cipher" for k in parts.keywords):
            mode = replace(mode, effects=mode.effects + (Encode(),))      # 702.99a: as it resolves, last
        if any(k.name == "epic" for k in parts.keywords):
            mode = replace(mode, effects=mode.effects + (EPIC,))          # 702.50a: printed last, done last
        if parts.modes:
            parts.unsupported.append(parts.spell_lines[0])
        else:
            parts.modes = [mode]
            awaken = next((k for k in parts.keywords if k.name == "awaken"), None)
            if way == "awaken" and awaken is not None:
                parts.modes.append(awakened(mode, int(awaken.param)))
            elif way is not None:
                # 702.96a, 702.148a: the text as changed by the alternative cost, the spell's second mode.
                changed = changed_text(way, spell_text)
                parts.modes.append(replace(compile_mode(Context(is_spell=True, card_name=name), changed, unread,
                                                        card["by_hand"]), text=changed))
                parts.unsupported.extend(u for u in unread if u not in parts.unsupported)
    splice = next((k for k in parts.keywords if k.name == "splice"), None)
    if splice is not None and (len(parts.modes) != 1 or parts.choose != (1, 1)
                               or any(instances_in(parts.modes, CreateDelayed))):
        # 702.47c: the spliced text is run by the spell it's spliced onto, which can't find a delayed ability
        # written on another card, nor choose modes for it
        parts.unsupported.append(f"Splice onto {splice.param.replace('arcane', 'Arcane')} (with this text)")
    if parts.modes and any(k.name == "ascend" for k in parts.keywords):
        # 702.131a: an instant or sorcery checks for the city's blessing first, as it resolves.
        parts.modes = [replace(m, effects=(Ascend(),) + m.effects) for m in parts.modes]
    if parts.modes:
        modal = len(parts.modes) > 1 or parts.choose != (1, 1)
        spell = SpellAbility(tuple(parts.modes), parts.choose[0], parts.choose[1], modal, text)
    activated = _basic_land_mana(list(subtypes)) + parts.activated
    colors = record["colors"] if record.get("colors") is not None else mana_cost.colors
    unsupported = tuple(dict.fromkeys(u.replace("~", name) for u in parts.unsupported +
                                      [u for _, p, _ in levels for u in p.unsupported]))
    hand_triggers = tuple(dict.fromkeys(t.replace("~", name) for t in parts.hand_triggers))
    # What no ability carries out by hand is a reminder on the card: a static ability, a cost, a keyword.
    played = set(hand_triggers) | {e.text for m in _modes(spell, activated, parts.triggered)
                                   for e in m.effects if isinstance(e, ByHand)}
    d = CardDef(
        name=name, mana_cost=mana_cost, colors=frozenset(colors), supertypes=supertypes, types=types,
        subtypes=subtypes, text=raw_text, power=record.get("power"), toughness=record.get("toughness"),
        loyalty=record.get("loyalty"), defense=record.get("defense"), layout=record.get("layout") or "normal",
        keywords=tuple(parts.keywords), activated=tuple(activated), triggered=tuple(parts.triggered),
        static=tuple(parts.static), spell=spell, costs=tuple(parts.costs),
        unsupported=unsupported, hand_triggers=hand_triggers,
        reminders=tuple(u for u in unsupported if not any(u in p for p in played)), data=dict(record))
    if levels:
        d = replace(d, levels=_level_defs(d, levels))
    fix = HANDWRITTEN.get(name)
    if fix is not None:
        d = fix(d)
    return d


_CLASS_TRIGGER = re.compile(r"^When (?:~|this Class) becomes level (\d+), (.+)$", re.IGNORECASE)
# 702.102a fuse, 702.127a aftermath: how a split card's halves may be cast (engine.rules casting reads them).
_SPLIT_KEYWORDS = {"fuse": Keyword("fuse"), "aftermath": Keyword("aftermath")}
_LEVEL_UP = re.compile(r"^Level up (\{[^}]+\}(?:\{[^}]+\})*)$", re.IGNORECASE)


def _layout_parts(text: str, card: dict[str, Any], is_spell: bool,
                  subtypes: tuple[str, ...]) -> tuple[Parts, list[tuple[int, Parts, Section]]]:
    """The abilities of a card's text, with a Saga's chapters (714), a Class's level bars and sections
    (716) and a leveler's level up and bands (702.87, 711) read from their lines."""
    lines = text.split("\n") if text else []
    melds = [m for m in map(_MELD.match, lines) if m]
    if melds:
        parts, levels = _layout_parts("\n".join(l for l in lines if not _MELD.match(l)), card, is_spell, subtypes)
        for m in melds:
            _meld_trigger(m, parts)
        return parts, levels
    if card.get("dungeon"):
        # 309.4c: each room is a triggered ability, "When you move your venture marker into this room, [effect]."
        parts = compile_parts("", card, is_spell)
        for nth, line in enumerate(lines, 1):
            room = room_line(line)      # the room's name and arrows, unless normalizing took them off
            _add_trigger(Trigger("room", nth=nth), "self", room[1] if room else line, parts, card, line)
        return parts, []
    if "Saga" in subtypes:
        rest, chapters = chapter_lines(lines)
        parts = compile_parts("\n".join(rest), card, is_spell)
        for numbers, effect, line in chapters:
            for n in numbers:
                # 714.2b: "When one or more lore counters are put onto this Saga, if the number of lore
                # counters on it was less than N and became at least N, [effect]."
                _add_trigger(Trigger("chapter", nth=n), "self", effect, parts, card, line)
        if chapters:
            # 714.3a: "This Saga enters with a lore counter on it."
            parts.static.append(StaticAbility("enters_with_counters", SELF, (("counters", (("lore", 1),)),),
                                              text="(a Saga enters with a lore counter)"))
        return parts, []
    if "Class" in subtypes:
        top, sections = class_sections(lines)
        parts = compile_parts("\n".join(top), card, is_spell)
        levels = []
        for sec in sections:
            cost = parse_cost(sec.cost.lower())
            if cost is None:
                parts.unsupported.append(sec.bar)
                continue
            # 716.2a: "[Cost]: This Class's level becomes N. Activate only if this Class is level N-1
            # and only as a sorcery."
            parts.activated.append(ActivatedAbility(
                cost, Mode(effects=(GainClassLevel(sec.level),), text=f"Level {sec.level}"), sorcery_speed=True,
                condition=Condition("class_level", sec.level - 1), text=sec.bar))
            levels.append((sec.level, _section_parts(sec.lines, card), sec))
        return parts, levels
    top, bands = leveler_bands(lines)
    parts = Parts()
    rest = []
    for line in top:
        m = _LEVEL_UP.match(line)
        if line.lower() in _SPLIT_KEYWORDS:
            parts.keywords.append(_SPLIT_KEYWORDS[line.lower()])
        elif m:
            # 702.87a: "[Cost]: Put a level counter on this permanent. Activate only as a sorcery."
            cost = ManaCost.parse(m.group(1))
            parts.keywords.append(Keyword("level up", cost=cost))
            parts.activated.append(ActivatedAbility(
                Cost(mana=cost), Mode(effects=(PutCounters(SELF, "level", Amount("const", 1)),),
                                      text="Put a level counter on this."), sorcery_speed=True, text=line))
        else:
            rest.append(line)
    base = compile_parts("\n".join(rest), card, is_spell)
    base.keywords[:0] = parts.keywords
    base.activated[:0] = parts.activated
    return base, [(band.level, compile_parts("\n".join(band.lines), card, False), band) for band in bands]


# 701.42a, 712.4a: "<trigger>, if you both own and control ~ and a creature named X, exile them, then meld
# them into Y."
_MELD = re.compile(r"^(?:When|Whenever|At) (.+?), if you both own and control ~ and a creature named (.+?), "
                   r"exile them, then meld them into (.+?)\.?$")


def _meld_trigger(m: re.Match, parts: Parts) -> None:
    parsed = parse_trigger(m.group(1).lower())
    if parsed is None:
        parts.unsupported.append(m.group(0))
        return
    partner, into = m.group(2), m.group(3)
    parts.triggered.append(TriggeredAbility(parsed[0], Mode(effects=(Meld(partner, into),), text=m.group(0)),
                                            Condition("meld_pair", filter=Filter(name=partner)), text=m.group(0)))


def _section_parts(lines: list[str], card: dict[str, Any]) -> Parts:
    """A class level section's abilities; "When this Class becomes level N, ..." triggers (716.2a)."""
    parts = Parts()
    rest = []
    for line in lines:
        m = _CLASS_TRIGGER.match(line)
        if m:
            _add_trigger(Trigger("class_level", nth=int(m.group(1))), "self", m.group(2), parts, card, line)
        else:
            rest.append(line)
    more = compile_parts("\n".join(rest), card, False)
    for f in ("keywords", "activated", "triggered", "static", "unsupported"):
        getattr(parts, f).extend(getattr(more, f))
    return parts


def _level_defs(d: CardDef, levels: list[tuple[int, Parts, Section]]) -> tuple[tuple[int, CardDef], ...]:
    """The definition from each level on: a Class has every section up to its level (716.2a), a leveler
    only its band's abilities and power/toughness (711.2a-b)."""
    out = []
    have = Parts()
    for level, parts, section in levels:
        if d.layout != "leveler" and "Class" in d.subtypes:
            for f in ("keywords", "activated", "triggered", "static"):
                getattr(have, f).extend(getattr(parts, f))
            extra = have
        else:
            extra = parts
        out.append((level, replace(
            d, keywords=d.keywords + tuple(extra.keywords), activated=d.activated + tuple(extra.activated),
            triggered=d.triggered + tuple(extra.triggered), static=d.static + tuple(extra.static),
            power=section.power if section.power is not None else d.power,
            toughness=section.toughness if section.toughness is not None else d.toughness)))
    return tuple(out)
