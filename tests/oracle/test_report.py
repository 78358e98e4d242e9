"""The compile report (`python -m engine.oracle.report`): counts and unread sentences."""
from __future__ import annotations

import json

from engine.oracle.report import from_scryfall, main, report


def _rec(name: str, text: str, types: list[str]) -> dict:
    return {"name": name, "manaCost": "{R}", "colors": ["R"], "supertypes": [], "types": types, "subtypes": [],
            "type": " ".join(types), "text": text}


def test_report_counts_each_card_once():
    recs = [_rec("Shock", "Shock deals 2 damage to any target.", ["Instant"]),
            _rec("Shock", "Shock deals 2 damage to any target.", ["Instant"]),
            _rec("Odd", "Odd makes the moon purple.", ["Sorcery"]),
            _rec("Liliana of the Veil", "+1: Each player discards a card.", ["Planeswalker"])]
    out = report(recs)
    assert out == {"cards": 3, "compiled": 1, "hand_written": 1, "unsupported": 1,
                   "unread_sentences": {"~ makes the moon purple": 1}}


def test_report_json_from_a_file(tmp_path, capsys):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([_rec("Shock", "Shock deals 2 damage to any target.", ["Instant"])]))
    assert main([str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["compiled"] == 1


def test_report_rejects_unreadable_file(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    assert main([str(path)]) == 2
    assert "can't read card data" in capsys.readouterr().err


def test_scryfall_card_is_converted():
    r = from_scryfall({"name": "Grizzly Bears", "mana_cost": "{1}{G}", "type_line": "Creature — Bear",
                       "oracle_text": "", "power": "2", "toughness": "2", "colors": ["G"]})
    assert r["types"] == ["Creature"] and r["subtypes"] == ["Bear"] and r["manaCost"] == "{1}{G}"


def test_oracle_report_command():
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-m", "engine.oracle.report", "--json"], cwd=root, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["cards"] == 216 and data["compiled"] + data["hand_written"] == 216 and data["hand_written"] <= 10
