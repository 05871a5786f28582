"""Write the JSON schemas of hellsrummy's data as files: ``python examples/write_schemas.py DIR``.

One ``KIND.schema.json`` per kind of document (view, state, action, event, rules, record), as
returned by :func:`hellsrummy.json_schema`; the directory defaults to ``schemas``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from hellsrummy import SCHEMA_KINDS, json_schema


def main(argv: list[str]) -> None:
    folder = Path(argv[0] if argv else "schemas")
    folder.mkdir(parents=True, exist_ok=True)
    for kind in SCHEMA_KINDS:
        path = folder / f"{kind}.schema.json"
        path.write_text(json.dumps(json_schema(kind), indent=2) + "\n", encoding="utf-8")
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
