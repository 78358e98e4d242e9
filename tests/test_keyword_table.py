"""The README's keyword table says what the engine plays today (scripts/keyword_table.py --check)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_keyword_table_is_current():
    run = subprocess.run([sys.executable, str(ROOT / "scripts" / "keyword_table.py"), "--check"],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
