"""Choices made as a permanent enters the battlefield (614.1c, 614.12, 707.5): "you may have ~ enter as
a copy of", "as ~ enters, choose". Asked before it enters, however it enters (cast, put by an effect)."""
from __future__ import annotations

from typing import Any

from engine.core.abilities import Filter
from engine.core.cards import card_def, default_pool, excepted_key
from engine.core.enums import COLOR_WORDS, Zone
from engine.core.objects import player_index
from engine.core.subtypes import CREATURE_TYPES
from engine.board.primitives import copiable_key
from engine.query.layers import characteristics, matches_ch
from engine.query.targets import can_enchant


def enter_choices(res, oid: int, controller: int) -> dict[str, Any]:
    """The "as ~ enters" choices for a card an effect puts onto the battlefield (persist, a return from
    exile): they apply however it enters (614.1c, 614.12), made by its controller-to-be."""
    return as_enters_choices(res, characteristics(res.state, oid), controller, f"{oid}.", oid)


def as_enters_choices(res, ch, chooser: int | None = None, key: str = "",
                       entering: int | None = None) -> dict[str, Any]:
    """614.12 / 707.5: choices made as a permanent enters ("you may have ~ enter as a copy of",
    "as ~ enters, choose"), asked before it enters so its copiable values apply as it does.
    `chooser` and `entering` default to the resolving spell's controller and the spell itself."""
    s = res.state
    chooser = res.controller if chooser is None else chooser
    entering = res.source_id if entering is None else entering
    out: dict[str, Any] = {}
    statics = list(ch.static)
    for st in statics:
        params = dict(st.params) if st.params and all(isinstance(p, tuple) for p in st.params) else {}
        if st.kind == "enters_as_copy":
            options = [o for o in s.battlefield
                       if matches_ch(s, s.objects[o], characteristics(s, o), params.get("filter"), chooser, None)]
            if not options:
                continue
            pick = res.ask(f"{key}enter_copy", chooser, f"Choose a creature for {ch.name} to copy",
                           options + (["no"] if params.get("optional") else []), 1, 1, "copy")
            if pick and pick[0] != "no":
                out["copy_of"] = copiable_key(s.objects[pick[0]])
                if params.get("exceptions"):
                    out["copy_of"] = excepted_key(out["copy_of"], dict(params["exceptions"]))     # 707.9b
                # The copy's own "as ~ enters, choose" abilities apply as it enters too (614.12, 707.5).
                statics.extend(x for x in card_def(out["copy_of"]).static if x.kind == "as_enters_choose")
        elif st.kind == "enters_by_sacrificing":
            # 614.1a, 614.12: the permanents sacrificed instead, chosen as it would enter; with too few, none: it
            # goes to its owner's graveyard instead (engine.effects.static_replacements)
            n = params["count"]
            if n == 0:
                continue        # every one of them ("each other permanent named ~"): nothing to choose
            options = sacrifice_options(s, entering, chooser, params["filter"])
            pick = res.ask(f"{key}enter_sacrifice", chooser, f"Choose {n} to sacrifice for {ch.name} to enter",
                           options, n, n, "sacrifice") if len(options) >= n else []
            out.setdefault("chosen", {})["sacrifice_to_enter"] = list(pick)
        elif st.kind == "enters_choice":
            # "You may have ~ enter with ..." (riot 702.136a, unleash 702.98a): the option's index is kept.
            options = list(params["options"])
            if params.get("life", 0) > s.players[chooser].life:
                options = options[1:]       # 119.4: life can't be paid beyond the player's life total
            shown = [c for c in s.players[chooser].hand if c != entering and "reveal" in params
                     and matches_ch(s, s.objects[c], characteristics(s, c), params["reveal"], chooser, None)]
            if "reveal" in params and not shown:
                options = options[1:]       # "you may reveal a Giant card from your hand": none to reveal
            who = chooser
            if params.get("chooser") == "opponent":
                # tribute 702.104a: an opponent of the controller's choice decides
                opponents = [p.index for p in s.players if p.index != chooser and not p.lost]
                if not opponents:
                    continue
                who = opponents[0] if len(opponents) == 1 else res.ask(
                    f"{key}as_enters.{params['key']}.who", chooser, f"Choose an opponent for {ch.name}'s tribute",
                    [f"P{p}" for p in opponents], 1, 1, "player")[0]
                who = int(str(who).lstrip("P"))
            pick = res.ask(f"{key}as_enters.{params['key']}", who, f"{ch.name} enters with", options, 1, 1,
                           "choose")
            out.setdefault("chosen", {})[params["key"]] = list(params["options"]).index(pick[0])
            if shown and pick[0] == params["options"][0]:
                card = shown if len(shown) == 1 else res.ask(f"{key}as_enters.{params['key']}.card", chooser,
                                                             "Choose the card to reveal", shown, 1, 1, "card")
                out["chosen"]["revealed_card"] = card[0]      # revealed as it enters (static_replacements)
        elif st.kind == "amplify":
            # 702.38a: "As this object enters, reveal any number of cards from your hand that share a creature
            # type with it."
            me = entering if entering in s.objects else None
            kinds = {t for t in ch.subtypes if t in CREATURE_TYPES}
            options = [c for c in s.players[chooser].hand if c != me and kinds & characteristics(s, c).subtypes]
            if options:
                pick = res.ask(f"{key}amplify", chooser, f"Amplify: reveal cards sharing a creature type with "
                               f"{ch.name}", options, 0, len(options), "reveal")
                out.setdefault("chosen", {})["amplified"] = len(pick)
        elif st.kind == "devour":
            # 702.82a: "As this object enters, you may sacrifice any number of creatures"; 702.82c: "devour artifact":
            # of artifacts
            types = set(params.get("types", ("Creature",)))
            options = [o for o in s.battlefield if o != entering and s.objects[o].controller == chooser
                       and types & characteristics(s, o).types]
            if options:
                pick = res.ask(f"{key}devour", chooser, f"Choose creatures for {ch.name} to devour", options, 0,
                               len(options), "devour")
                out.setdefault("chosen", {})["devoured"] = list(pick)
        elif st.kind == "as_enters_choose":
            what = params.get("key", "chosen")
            options = [o for o in s.battlefield if o != entering and
                       matches_ch(s, s.objects[o], characteristics(s, o), params.get("filter"), chooser, None)]
            if options:
                pick = res.ask(f"{key}as_enters.{what}", chooser, f"Choose for {ch.name}", options, 1, 1, "choose")
                out.setdefault("chosen", {})[what] = pick[0]
        elif st.kind == "as_enters_choose_value":
            what = params["what"]
            options = [v for v in value_options(s, what, chooser, params.get("kinds")) if v != params.get("other_than")]
            pick = res.ask(f"{key}as_enters.{what}", chooser, f"Choose a {what.replace('_', ' ')} for {ch.name}",
                           options, 1, 1, what)
            value = pick[0]
            if what == "color":
                value = {w: c.value for c, w in COLOR_WORDS.items()}[value]
            elif what in ("opponent", "player"):
                value = player_index(value)
            elif what == "card_name":
                value = [value]         # the names "the chosen name" reads (also a hidden agenda's, 702.106d)
            out.setdefault("chosen", {})[what] = value
    return out


def sacrifice_options(s, entering: int | None, controller: int, flt: Filter, same_name: bool = False) -> list[int]:
    """The permanents `controller` may sacrifice for a permanent to enter ("sacrifice an untapped Mountain instead");
    `same_name`: those with the entering permanent's name ("each other permanent named ~")."""
    name = characteristics(s, entering).name if same_name and entering is not None else None
    return [o for o in s.battlefield if o != entering and s.objects[o].controller == controller
            and matches_ch(s, s.objects[o], characteristics(s, o), flt, controller, None)
            and (name is None or characteristics(s, o).name == name)]


def attached_on_entering(res, card: int, to: Any, controller: int) -> tuple[bool, Any]:
    """Whether a card an effect puts onto the battlefield "attached to" an object enters (303.4i: an Aura that
    can't legally enchant it stays where it is), and what it enters attached to (303.4h: a permanent that is
    neither an Aura nor an Equipment enters unattached; 301.5c: an Equipment attached to a creature only)."""
    ch = characteristics(res.state, card)
    targets = res.objects(to)
    target = targets[0] if len(targets) == 1 else None
    if "Aura" in ch.subtypes:
        return (True, target) if target is not None and can_enchant(res.game, card, target, controller) else (False, None)
    if "Equipment" in ch.subtypes and target is not None and not ch.is_creature and \
            res.state.objects[target].zone is Zone.BATTLEFIELD and characteristics(res.state, target).is_creature:
        return True, target
    return True, None


def enchanted_on_entering(res, card: int, controller: int) -> tuple[bool, Any]:
    """303.4f-g: an Aura an effect puts onto the battlefield without saying what it will enchant: its controller-to-be
    chooses an object or player it can legally enchant as it enters (not a target: hexproof and shroud don't stop
    it), and with nothing to enchant it stays where it is. Any other card enters as it is, attached to nothing."""
    s = res.state
    ch = characteristics(s, card)
    if "Aura" not in ch.subtypes:
        return True, None
    options: list[Any] = [o for o in s.battlefield if can_enchant(res.game, card, o, controller)]
    options += [f"P{p.index}" for p in s.players if not p.lost and can_enchant(res.game, card, f"P{p.index}", controller)]
    if not options:
        return False, None
    pick = res.ask(f"{card}.enchants", controller, f"Choose what {ch.name} enchants", options, 1, 1, "attach")
    return True, pick[0]


def value_options(s, what: str, chooser: int, kinds: Filter | None = None) -> list[Any]:
    """The answers to "choose a color / creature type / opponent / card name" (614.12). Creature types: those
    among the chooser's own cards first, then every other one (205.3m). Card names (201.3): `card_names`."""
    if what == "card_name":
        return card_names(s, kinds, chooser)
    if what == "color":
        return list(COLOR_WORDS.values())
    if what == "opponent":
        return [f"P{p}" for p in s.opponents(chooser)]
    if what == "player":
        return [f"P{p}" for p in range(len(s.players))]
    mine = sorted({t for o in s.objects.values() if o.owner == chooser and not o.is_ability
                   for t in characteristics(s, o.id).subtypes if t in CREATURE_TYPES})
    return mine + sorted(CREATURE_TYPES - set(mine))


# Zones whose cards every player sees (400.2), face up
_PUBLIC_ZONES = (Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.EXILE, Zone.STACK, Zone.COMMAND)


def card_names(s, kinds: Filter | None, chooser: int) -> list[str]:
    """The card names the chooser may name (201.3), each face's of a multi-faced card, of the card types `kinds` asks
    for: those of its own cards (it knows its deck) and of the other players' cards it can see. Never the name of a
    card hidden from it (400.2): the options of a decision are shown to the player who decides, and an AI's choice
    must not depend on an opponent's hidden cards."""
    known = {o.name for o in s.objects.values()
             if not o.is_ability and o.token is None and not o.spell_copy
             and (o.owner == chooser or o.zone in _PUBLIC_ZONES and not o.face_down)}
    names = _names_of_kinds((s.cards[n] for n in known if n in s.cards), kinds)
    if not names:
        # None of those is of the kinds asked ("choose a creature card name" with no creature among them): any card
        # may be named, so the names the project ships, which every player may know of (and no hidden card's).
        pool = default_pool()
        names = _names_of_kinds((pool.card_record(n) for n in pool.names()), kinds)
    return sorted(names)


def _names_of_kinds(records, kinds: Filter | None) -> set[str]:
    """The names of the faces of these card records of the card types `kinds` asks for."""
    names: set[str] = set()
    for record in records:
        if record is None:
            continue
        for face in record.get("faces") or (record,):
            types = set(face.get("types") or ())
            if kinds is not None and ((kinds.types and not kinds.types & types) or kinds.not_types & types):
                continue
            names.add(face.get("faceName") or record["name"])
    return names
