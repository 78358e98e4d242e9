"""The words and lists a decision is shown with: an option's name, the mana ability a click uses, the
sources and recipients of a damage division. No Qt here."""
from __future__ import annotations

from typing import Any, Callable

MAX_CHOICE_BUTTONS = 10
DIVIDE = "divide damage"  # the prompt's button that opens the damage division dialog
LIST = "choose from a list"  # the prompt's button for a choice with too many options for buttons
BAND = "band attackers"  # the prompt's button banding the attackers clicked last (702.22c)


def describe_option(option: Any, snapshot: dict) -> str:
    """Words for a choice: an object's name, a player's name, or the value itself."""
    labels = (snapshot.get("decision") or {}).get("labels") or {}
    if option in labels and not isinstance(option, bool):
        return labels[option]
    if isinstance(option, str) and option.startswith("P") and option[1:].isdigit():
        players = snapshot.get("players", [])
        index = int(option[1:])
        return players[index]["name"] if index < len(players) else option
    if isinstance(option, bool):
        return "Yes" if option else "No"
    return str(option)


def mana_ability_index(obj: dict) -> int | None:
    """The index, among its activated abilities (the snapshot's `abilities`), of its first mana ability."""
    for i, text in enumerate(obj.get("abilities") or []):
        if ":" in text and "Add {" in text.split(":", 1)[1]:
            return i
    return None


def damage_division(d: dict, snapshot: dict, object_of: Callable[[int], dict | None]
                    ) -> tuple[list[tuple[int, str, int]], dict[int, list[tuple[Any, str]]]]:
    """For the damage division dialog (510.1c): (source, name, power), and each source's recipients named."""
    data = d.get("data") or {}
    sources = []
    for source in data.get("sources", []):
        obj = object_of(source) or {}
        sources.append((source, obj.get("name", str(source)), int(obj.get("power") or 0)))
    recipients = {int(k): [(r, describe_option(r, snapshot) if isinstance(r, str) else
                            (object_of(r) or {}).get("name", str(r))) for r in v]
                  for k, v in (data.get("recipients") or {}).items()}
    return sources, recipients
