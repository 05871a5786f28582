"""Admission under a flood: can many addresses lock a fresh one out of the web example?

Run by hand (needs the ``web`` extra): ``python bench/web_admission.py`` starts the server
(``examples/web/app.py``) in a subprocess on 127.0.0.1 with ``--max-tables`` (default 200,
the server's own), then, for each of ``--addresses`` loopback addresses (default 60:
127.0.0.30 and on, each request sent from its own address), asks for ``--per-address`` new
tables (default 12, two over the per-address limit) that it never opens, and after each
flooding address asks once from a fresh address (127.0.1.30 and on). Every request goes to
127.0.0.1 and the run stops by itself.

It reports the replies by status (with the ``Retry-After`` of every 429 and 503), and whether
every fresh address got a table: the server ends the oldest table nobody has opened to make
room, so a flood of unopened tables never locks anyone out.
"""

from __future__ import annotations

import argparse
import collections
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]


def start(port: int, max_tables: int) -> Any:
    arguments = ["--port", str(port), "--max-tables", str(max_tables), "--database", ":memory:"]
    process = subprocess.Popen([sys.executable, str(ROOT / "examples/web/app.py"), *arguments])
    for _ in range(400):
        try:
            httpx.get(f"http://127.0.0.1:{port}/message.schema.json", timeout=2)
            return process
        except httpx.TransportError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit("the server did not start")


def post(port: int, address: str) -> httpx.Response:
    """One request for a new table, sent from the loopback ``address``."""
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(transport=transport, timeout=10) as client:
        return client.post(f"http://127.0.0.1:{port}/api/tables", json={"players": 3})


def flood(port: int, addresses: int, per_address: int) -> dict[str, Any]:
    """The flood and the fresh addresses' requests; what they got."""
    statuses: collections.Counter[str] = collections.Counter()
    retry_after: dict[int, set[str]] = collections.defaultdict(set)
    fresh_refused = []
    for k in range(addresses):
        for _ in range(per_address):
            reply = post(port, f"127.0.{k // 200}.{30 + k % 200}")
            statuses[f"flood {reply.status_code}"] += 1
            if reply.status_code in (429, 503):
                retry_after[reply.status_code].add(reply.headers.get("Retry-After", "none"))
        fresh = f"127.0.{1 + k // 200}.{30 + k % 200}"
        reply = post(port, fresh)
        statuses[f"fresh {reply.status_code}"] += 1
        if reply.status_code != 200:
            fresh_refused.append((fresh, reply.status_code, reply.text))
    return {
        "statuses": dict(sorted(statuses.items())),
        "retry_after": {code: sorted(values) for code, values in retry_after.items()},
        "fresh_refused": fresh_refused,
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--addresses", type=int, default=60)
    parser.add_argument("--per-address", type=int, default=12)
    parser.add_argument("--max-tables", type=int, default=200)
    parser.add_argument("--port", type=int, default=8765)
    arguments = parser.parse_args(argv)
    process = start(arguments.port, arguments.max_tables)
    try:
        began = time.perf_counter()
        found = flood(arguments.port, arguments.addresses, arguments.per_address)
        found["seconds"] = round(time.perf_counter() - began, 1)
    finally:
        process.terminate()
        process.wait(timeout=10)
    asked = arguments.addresses * (arguments.per_address + 1)
    print(
        f"{arguments.addresses} flooding addresses x {arguments.per_address} tables, each"
        f" followed by one fresh address: {asked} requests, --max-tables {arguments.max_tables}"
    )
    print(json.dumps(found, indent=2))
    verdict = "no fresh address was locked out" if not found["fresh_refused"] else "LOCKED OUT"
    print(verdict)
    return found


if __name__ == "__main__":
    main()
