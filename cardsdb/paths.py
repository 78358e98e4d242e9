"""Where the user's card database lives (the place QStandardPaths.AppDataLocation gives the app,
worked out without Qt) and where the bundled card files are."""
from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "ManaTable"
DB_FILE = "cards.sqlite"
BUNDLED_DATA = Path(__file__).resolve().parent / "data"
BUNDLED_POOL = BUNDLED_DATA / "starter-pool.json"
# Sets shipped beside the starter pool (MTGJSON set files, trimmed to what the database keeps; see
# scripts/bundle_set.py): imported into the user's database once, the engine's pool is unchanged.
BUNDLED_SETS = (BUNDLED_DATA / "M21.json.xz",)


def default_data_dir() -> Path:
    """$MANATABLE_DATA_DIR if set; else the platform's per-user data directory."""
    override = os.environ.get("MANATABLE_DATA_DIR")
    if override:
        return Path(override).expanduser()
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / APP_NAME


def default_db_path() -> Path:
    return default_data_dir() / DB_FILE
