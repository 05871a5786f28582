"""Write the JSON schemas of hellsrummy's data as files, one KIND.schema.json per kind of
document (view, state, action, event, rules, record...), as hellsrummy.json_schema(KIND) returns
them.

Run it with: python examples/write_schemas.py [FOLDER]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from hellsrummy import SCHEMA_KINDS, json_schema


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "folder",
        nargs="?",
        type=Path,
        default=Path("schemas"),
        help="where to write (default: schemas)",
    )
    args = parser.parse_args()
    folder: Path = args.folder
    if folder.exists() and not folder.is_dir():
        parser.error(f"{folder} is not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for kind in SCHEMA_KINDS:
            path = folder / f"{kind}.schema.json"
            path.write_text(json.dumps(json_schema(kind), indent=2) + "\n", encoding="utf-8")
            print(path)
    except OSError as error:  # a folder that cannot be made or written to: say so, no traceback
        parser.exit(
            2, f"{parser.prog}: error: cannot write to {folder}: {error.strerror or error}\n"
        )


if __name__ == "__main__":
    main()
