# Sourced by the launch and test scripts: makes .venv on first use and reinstalls the
# dependencies whenever pyproject.toml changes.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
stamp="$venv/.deps-stamp"
want="$(sha256sum "$root/pyproject.toml" | cut -d' ' -f1)"
if [ ! -x "$venv/bin/python" ]; then
    echo "Creating the virtual environment in .venv (first run only)..." >&2
    python3 -m venv "$venv"
fi
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "Installing dependencies into .venv..." >&2
    mapfile -t deps < <("$venv/bin/python" - "$root/pyproject.toml" <<'PYEOF'
import sys, tomllib
project = tomllib.load(open(sys.argv[1], "rb"))["project"]
for dep in project["dependencies"] + project["optional-dependencies"]["test"]:
    print(dep)
PYEOF
)
    "$venv/bin/python" -m pip install -q --disable-pip-version-check "${deps[@]}"
    echo "$want" > "$stamp"
fi
PY="$venv/bin/python"
