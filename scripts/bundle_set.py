"""Trims an MTGJSON set file to what the card database keeps and writes it xz-compressed, for
shipping in cardsdb/data (e.g. M21 beside the starter pool):

    .venv/bin/python scripts/bundle_set.py ../shared/cards/mtgjson/M21.json cardsdb/data/M21.json.xz
"""
from __future__ import annotations

import json
import lzma
import sys
from pathlib import Path

SET_FIELDS = ("code", "name", "type", "releaseDate")
CARD_FIELDS = ("name", "faceName", "side", "manaCost", "manaValue", "colors", "colorIdentity",
               "supertypes", "types", "subtypes", "type", "text", "power", "toughness", "loyalty",
               "defense", "keywords", "layout", "rarity", "number", "setCode", "artist",
               "legalities")


def trim(data: dict) -> dict:
    out = {key: data[key] for key in SET_FIELDS if key in data}
    cards = []
    for card in data["cards"]:
        kept = {key: card[key] for key in CARD_FIELDS if card.get(key) not in (None, "", [])}
        scryfall_id = (card.get("identifiers") or {}).get("scryfallId")
        if scryfall_id:
            kept["identifiers"] = {"scryfallId": scryfall_id}
        cards.append(kept)
    out["cards"] = cards
    return out


def main(source: str, target: str) -> None:
    document = json.loads(Path(source).read_text(encoding="utf-8"))
    trimmed = {"meta": document.get("meta", {}), "data": trim(document["data"])}
    text = json.dumps(trimmed, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    Path(target).write_bytes(lzma.compress(text.encode("utf-8"), preset=9 | lzma.PRESET_EXTREME))
    print(f"{target}: {len(trimmed['data']['cards'])} cards, {Path(target).stat().st_size} bytes")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
