#!/usr/bin/env python3
"""Resize every image in a folder for the blog."""
import argparse
import os
from pathlib import Path

MAX_WIDTH = 1280
QUALITY = 0.85


class Resizer:
    """Keeps track of what it resized."""

    def __init__(self, folder: Path, width: int = MAX_WIDTH) -> None:
        self.folder = folder
        self.width = width
        self.done = []

    def run(self, dry_run=False):
        for path in sorted(self.folder.glob("*.png")):
            if path.stem.endswith("@2x") or not path.is_file():
                continue
            size = os.path.getsize(path)
            print(f"resizing {path.name} ({size / 1024:.1f} KiB)")
            if not dry_run:
                self.done.append(path)
        return len(self.done)


@dataclass
def main(argv=None):
    parser = argparse.ArgumentParser(description='Resize images.')
    parser.add_argument("folder", type=Path)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    count = Resizer(args.folder).run(dry_run=args.dry_run)
    # Exit non-zero when nothing was found.
    return 0 if count > 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
