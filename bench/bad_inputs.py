"""Bad inputs at full size: time and peak memory of the command line refusing them (issue 14).

    python bench/bad_inputs.py [--json]

Builds, in a temporary folder: a 1 MB `.json.gz` whose one string expands to 1 GB (a decompression
bomb), a 600 MB file of NULs after a valid start, a 300 MB card name, a deck line of `1`, 100,000 spaces and `x (`, and
a deck of `999999999 Forest`; then runs `python -m cardsdb` on each in its own process and prints its
exit status, wall time and peak resident memory. Each should be refused (exit 2) at once, in little
memory: the limits in cardsdb/limits.py bound them by design.
"""
from __future__ import annotations

import argparse
import gzip
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build(folder: Path) -> dict[str, list[str]]:
    bomb = folder / "bomb.json.gz"
    with gzip.open(bomb, "wb", compresslevel=9) as fh:
        fh.write(b'{"data": {"code": "BAD", "name": "')
        block = b"a" * (16 << 20)
        for _ in range(64):   # 1 GB
            fh.write(block)
        fh.write(b'"}}')
    nuls = folder / "nuls.json"
    with nuls.open("wb") as fh:
        fh.write(b'{"data": {"code": "BAD", "name": "Bad", "cards": [{"name": "Forest", "type": "Land"')
        fh.truncate(600 << 20)
    one_string = folder / "one-string.json"
    with one_string.open("wb") as fh:
        fh.write(b'[{"object": "card", "name": "')
        for _ in range(300 // 16):   # about 300 MB, uncompressed: only the value limit stops it
            fh.write(b"a" * (16 << 20))
        fh.write(b'"}]')
    spaces = folder / "spaces.txt"
    spaces.write_text("1" + " " * 100_000 + "x (\n")
    forests = folder / "forests.txt"
    forests.write_text("999999999 Forest\n")
    db = str(folder / "cards.sqlite")
    return {
        f"import a 1 GB bomb in {bomb.stat().st_size >> 10} KB of gzip": ["import", str(bomb), "--db", db],
        "import 600 MB of NULs after a valid start": ["import", str(nuls), "--db", db],
        "import a 300 MB card name, uncompressed": ["import", str(one_string), "--db", db],
        "deck check: 1, 100,000 spaces, x (": ["deck", "check", str(spaces), "--db", db],
        "deck check: 999999999 Forest": ["deck", "check", str(forests), "--db", db],
    }


def run(argv: list[str]) -> dict[str, float]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "cardsdb", *argv], cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    return {"exit": done.returncode, "seconds": round(seconds, 2),
            "message": done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        cases = build(Path(tmp))
        subprocess.run([sys.executable, "-m", "cardsdb", "stats", "--db", cases["deck check: 999999999 Forest"][-1]],
                       cwd=ROOT, capture_output=True)   # the database exists before the runs
        for label, argv in cases.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            result = run(argv)
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            # ru_maxrss of children is the largest of any child so far: report it when this run raised it
            result["peak_mb"] = round(peak / 1024, 1) if peak > before else f"<= {round(before / 1024, 1)}"
            results[label] = result
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for label, r in results.items():
            print(f"{label}: exit {r['exit']}, {r['seconds']} s, peak {r['peak_mb']} MB\n    {r['message']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
