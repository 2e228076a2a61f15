"""Build the frozen corpus snapshot of Chapter 4 from the prose of the preface and Chapters 1-3.

Usage (from the repository root): ``python code/corpus/build_snapshot.py``

It writes ``data/corpus/book-prose-v1.txt`` once and prints the length and SHA-256 to pin in
``code/dlbook/corpus.py`` (``EXPECTED_LENGTH``, ``EXPECTED_SHA256``) and ``data/README.md``.
It refuses to overwrite an existing snapshot. ``--force`` exists only for the first build:
never use it once result records trained on the snapshot exist, because they would no longer
match the corpus. A changed snapshot is restored from git, not rebuilt.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "code"))

from dlbook.corpus import SOURCES, build_snapshot, snapshot_path  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=snapshot_path(),
                        help="where to write the snapshot (default: %(default)s)")
    parser.add_argument("--force", action="store_true",
                        help="overwrite an existing snapshot; NEVER after records exist")
    args = parser.parse_args(argv)
    try:
        length, digest = build_snapshot([ROOT / s for s in SOURCES], args.output,
                                        force=args.force)
    except (FileExistsError, FileNotFoundError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(f"wrote {args.output}")
    print(f"length: {length} characters")
    print(f"sha256: {digest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
