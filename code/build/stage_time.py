"""How long each stage of ``make test`` took, printed as it ends and summed up at the end.

``stage_time.py done NAME START RC`` prints ``stage NAME: 12.3 s`` (and the exit status when
it failed) and appends the line to ``_build-timings.tsv``; ``stage_time.py summary`` prints
every stage of this run and the total, so a slow stage is visible in every CI log.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

TIMINGS = Path(__file__).resolve().parents[2] / "_build-timings.tsv"


def done(name: str, start: float, rc: int, timings: Path = TIMINGS) -> str:
    seconds = time.time() - start
    line = f"stage {name}: {seconds:.1f} s" + ("" if rc == 0 else f" (failed, exit {rc})")
    with timings.open("a", encoding="utf-8") as out:
        out.write(f"{name}\t{seconds:.1f}\t{rc}\n")
    return line


def summary(timings: Path = TIMINGS) -> str:
    rows = [line.split("\t") for line in timings.read_text(encoding="utf-8").splitlines()
            ] if timings.exists() else []
    width = max((len(name) for name, *_ in rows), default=5)
    lines = ["Time per stage of make test:"]
    lines += [f"  {name:<{width}}  {float(seconds):7.1f} s" for name, seconds, _ in rows]
    total = sum(float(seconds) for _, seconds, _ in rows)
    lines.append(f"  {'total':<{width}}  {total:7.1f} s ({total / 60:.1f} min)")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if argv[:1] == ["done"] and len(argv) == 4:
        print(done(argv[1], float(argv[2]), int(argv[3])))
    elif argv == ["summary"]:
        print(summary())
    else:
        print("usage: stage_time.py done NAME START RC | summary", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
