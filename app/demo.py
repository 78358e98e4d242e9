"""A demonstration table built as a snapshot (the documented shape): for the benchmark's 120-card table and
for pictures of the board without an engine behind it. Card facts are the printed ones."""
from __future__ import annotations

import itertools

# name: (mana cost, type line, rules text, colors, power, toughness, loyalty)
CARDS: dict[str, tuple[str, str, str, str, str | None, str | None, str | None]] = {
    "Mountain": ("", "Basic Land — Mountain", "({T}: Add {R}.)", "", None, None, None),
    "Forest": ("", "Basic Land — Forest", "({T}: Add {G}.)", "", None, None, None),
    "Plains": ("", "Basic Land — Plains", "({T}: Add {W}.)", "", None, None, None),
    "Island": ("", "Basic Land — Island", "({T}: Add {U}.)", "", None, None, None),
    "Lightning Bolt": ("{R}", "Instant", "Lightning Bolt deals 3 damage to any target.", "R", None, None, None),
    "Shock": ("{R}", "Instant", "Shock deals 2 damage to any target.", "R", None, None, None),
    "Goblin Guide": ("{R}", "Creature — Goblin Scout",
                     "Haste\nWhenever Goblin Guide attacks, defending player reveals the top card of their library. "
                     "If it's a land card, that player puts it into their hand.", "R", "2", "2", None),
    "Grizzly Bears": ("{1}{G}", "Creature — Bear", "", "G", "2", "2", None),
    "Llanowar Elves": ("{G}", "Creature — Elf Druid", "{T}: Add {G}.", "G", "1", "1", None),
    "Giant Spider": ("{3}{G}", "Creature — Spider", "Reach", "G", "2", "4", None),
    "Serra Angel": ("{3}{W}{W}", "Creature — Angel", "Flying\nVigilance", "W", "4", "4", None),
    "Savannah Lions": ("{W}", "Creature — Cat", "", "W", "2", "1", None),
    "Pacifism": ("{1}{W}", "Enchantment — Aura", "Enchant creature\nEnchanted creature can't attack or block.",
                 "W", None, None, None),
    "Bonesplitter": ("{1}", "Artifact — Equipment", "Equipped creature gets +2/+0.\nEquip {1}", "", None, None, None),
    "Prodigal Sorcerer": ("{2}{U}", "Creature — Human Wizard",
                          "{T}: Prodigal Sorcerer deals 1 damage to any target.", "U", "1", "1", None),
    "Counterspell": ("{U}{U}", "Instant", "Counter target spell.", "U", None, None, None),
    "Kitchen Finks": ("{1}{G/W}{G/W}", "Creature — Ouphe",
                      "When Kitchen Finks enters, you gain 2 life.\nPersist", "GW", "3", "2", None),
    "Watchwolf": ("{G}{W}", "Creature — Wolf", "", "GW", "3", "3", None),
    "Glorious Anthem": ("{1}{W}{W}", "Enchantment", "Creatures you control get +1/+1.", "W", None, None, None),
    "Garruk Wildspeaker": ("{2}{G}{G}", "Legendary Planeswalker — Garruk",
                           "+1: Untap two target lands.\n−1: Create a 3/3 green Beast creature token.\n"
                           "−4: Creatures you control get +3/+3 and gain trample until end of turn.", "G",
                           None, None, "3"),
    "Lightning Helix": ("{R}{W}", "Instant", "Lightning Helix deals 3 damage to any target and you gain 3 life.",
                        "RW", None, None, None),
    "Shivan Dragon": ("{4}{R}{R}", "Creature — Dragon",
                      "Flying\n{R}: Shivan Dragon gets +1/+0 until end of turn.", "R", "5", "5", None),
}
_TYPES = ("Legendary", "Basic", "Land", "Creature", "Instant", "Sorcery", "Enchantment", "Artifact", "Planeswalker")


def card_obj(oid: int, card_id: int, name: str, owner: int, zone: str, **status: object) -> dict:
    """One object of the snapshot format for a card of the demo pool."""
    cost, type_line, text, colors, power, toughness, loyalty = CARDS[name]
    obj = {
        "id": oid, "card_id": card_id, "name": name, "owner": owner, "controller": owner, "zone": zone,
        "tapped": False, "face_down": False, "token": False, "counters": {}, "damage": 0, "attached_to": None,
        "power": int(power) if power is not None else None,
        "toughness": int(toughness) if toughness is not None else None,
        "loyalty": int(loyalty) if loyalty is not None else None,
        "type_line": type_line, "types": [t for t in _TYPES if t in type_line.split("—")[0].split()],
        "colors": colors, "mana_cost": cost, "text": text, "sick": False,
        "abilities": [line for line in text.split("\n") if ":" in line],
    }
    obj.update(status)
    return obj


def player(index: int, name: str, **fields: object) -> dict:
    data = {"index": index, "name": name, "life": 20, "poison": 0, "mana_pool": "", "library_count": 40,
            "hand_count": 0, "hand": [], "graveyard": [], "exile": [], "lands_played": 0}
    data.update(fields)
    return data


def midgame_snapshot(viewer: int | None = 0) -> dict:
    """A believable turn-6 board: lands, creatures, an Aura and Equipment, a spell on the stack, combat."""
    ids = itertools.count(10)

    def obj(name: str, owner: int, zone: str, **status: object) -> dict:
        n = next(ids)
        return card_obj(n, n + 1000, name, owner, zone, **status)

    battlefield = [obj(n, 0, "battlefield", tapped=i < 3) for i, n in
                   enumerate(["Mountain", "Mountain", "Forest", "Forest", "Plains"])]
    battlefield += [obj(n, 1, "battlefield", tapped=i < 2) for i, n in
                    enumerate(["Island", "Island", "Island", "Plains", "Plains"])]
    bears = obj("Grizzly Bears", 0, "battlefield", counters={"+1/+1": 1}, power=3, toughness=3)
    guide = obj("Goblin Guide", 0, "battlefield", tapped=True)
    finks = obj("Kitchen Finks", 0, "battlefield", sick=True)
    angel = obj("Serra Angel", 1, "battlefield", damage=2)
    sorcerer = obj("Prodigal Sorcerer", 1, "battlefield")
    battlefield += [bears, guide, finks, angel, sorcerer]
    battlefield.append(obj("Bonesplitter", 0, "battlefield", attached_to=guide["id"]))
    battlefield.append(obj("Pacifism", 1, "battlefield", attached_to=bears["id"]))
    battlefield.append(obj("Garruk Wildspeaker", 0, "battlefield", counters={"loyalty": 4}, loyalty=4))
    battlefield.append(obj("Glorious Anthem", 1, "battlefield"))
    hand0 = [obj(n, 0, "hand") for n in ("Lightning Bolt", "Watchwolf", "Mountain", "Lightning Helix")]
    hand1 = [obj(n, 1, "hand") for n in ("Counterspell", "Island", "Shock")]
    if viewer is not None:
        hidden = hand1 if viewer == 0 else hand0
        for i, card in enumerate(hidden):
            hidden[i] = {"id": card["id"], "hidden": True}
    bolt = obj("Lightning Bolt", 0, "stack")
    bolt.update(kind="spell", targets=[sorcerer["id"]])
    graveyard0 = [obj("Shock", 0, "graveyard"), obj("Llanowar Elves", 0, "graveyard")]
    graveyard1 = [obj("Savannah Lions", 1, "graveyard")]
    exile1 = [obj("Giant Spider", 1, "exile")]
    players = [
        player(0, "Alice", life=14, mana_pool="R", library_count=41, hand_count=len(hand0), hand=hand0,
               graveyard=graveyard0, lands_played=1),
        player(1, "Bob", life=11, poison=2, library_count=40, hand_count=len(hand1), hand=hand1,
               graveyard=graveyard1, exile=exile1),
    ]
    return {"turn": 6, "active": 0, "step": "main1", "phase": "precombat_main", "priority": 1,
            "pending": {"player": 1, "kind": "priority", "prompt": "Respond to Lightning Bolt?"},
            "players": players, "battlefield": battlefield, "stack": [bolt], "combat": None,
            "game_over": False, "winners": []}


def crowded_snapshot(total: int = 120) -> dict:
    """A table with `total` card items on it (battlefield, hands, graveyard and exile tops): the benchmark's load."""
    snap = midgame_snapshot(viewer=0)
    snap["stack"] = []
    others = sum(len(p["hand"]) + bool(p["graveyard"]) + bool(p["exile"]) for p in snap["players"])
    names = list(CARDS)
    battlefield = []
    for i in range(max(0, total - others)):
        n = 5000 + i
        battlefield.append(card_obj(n, n + 1000, names[i % len(names)], i % 2, "battlefield", tapped=i % 3 == 0))
    snap["battlefield"] = battlefield
    return snap
