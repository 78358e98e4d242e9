"""Oracle-compiler benchmark: the time of `python -m engine.cards report FILE --json` and the cards it
compiles per second.

    python bench/compiler.py [FILE] [--runs N] [--json]

FILE defaults to the training half of all cards (`../shared/cards/mtgjson/training-half.json.xz`). Each
run is a fresh process, so that nothing the compiler remembers carries over from one run to the next;
it reads the file as the report does (cardsdb's card source), then compiles every Oracle card once
(`engine.oracle.report.report`). The figures are CPU seconds of that process (one core: other work on a
shared machine doesn't skew them) and, beside them, wall-clock seconds; with --runs N, the median and
range of N runs. The report's own figures (cards, compiled, hand-written) are printed too, so a speed
change that changed what is read shows.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

WALL_START = time.perf_counter()
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardsdb.source import open_card_source  # noqa: E402
from engine.oracle.report import report  # noqa: E402

DEFAULT_FILE = ROOT.parent / "shared" / "cards" / "mtgjson" / "training-half.json.xz"


def one_run(path: str) -> dict[str, float | int]:
    """Times one report in this process: importing the compiler, reading the cards, compiling them."""
    t_import = time.process_time()
    source = open_card_source(None, [path], use_database=False)
    records = [r for r in (source.card_record(n) for n in source.names()) if r is not None]
    t_read = time.process_time()
    out = report(records)
    t_end, wall = time.process_time(), time.perf_counter() - WALL_START
    return {"cards": out["cards"], "compiled": out["compiled"], "hand_written": out["hand_written"],
            "import_cpu_s": round(t_import, 2), "read_cpu_s": round(t_read - t_import, 2),
            "compile_cpu_s": round(t_end - t_read, 2), "total_cpu_s": round(t_end, 2),
            "wall_s": round(wall, 2), "cards_per_cpu_s": round(out["cards"] / (t_end - t_read), 1)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", nargs="?", default=str(DEFAULT_FILE), help="card file (default: the training half)")
    ap.add_argument("--runs", type=int, default=1, help="fresh processes to time (median and range)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--one", action="store_true", help=argparse.SUPPRESS)     # a run's own process
    args = ap.parse_args()
    if args.one:
        print(json.dumps(one_run(args.file)))
        return 0
    runs = []
    for _ in range(args.runs):
        done = subprocess.run([sys.executable, __file__, args.file, "--one"], capture_output=True, text=True)
        if done.returncode != 0:
            print(done.stderr, file=sys.stderr)
            return done.returncode
        runs.append(json.loads(done.stdout))
    figures: dict[str, object] = {k: runs[0][k] for k in ("cards", "compiled", "hand_written")}
    for k in ("total_cpu_s", "compile_cpu_s", "read_cpu_s", "import_cpu_s", "wall_s", "cards_per_cpu_s"):
        values = [r[k] for r in runs]
        figures[k] = round(statistics.median(values), 2)
        if len(runs) > 1:
            figures[k + "_range"] = [min(values), max(values)]
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"{figures['cards']} cards: {figures['compiled']} compile fully, {figures['hand_written']} hand-written")
    print(f"report: {figures['total_cpu_s']} s CPU in all (import {figures['import_cpu_s']} s, reading "
          f"{figures['read_cpu_s']} s, compiling {figures['compile_cpu_s']} s), {figures['wall_s']} s wall clock"
          + (f" (median of {len(runs)} runs)" if len(runs) > 1 else ""))
    print(f"cards compiled per CPU second: {figures['cards_per_cpu_s']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
