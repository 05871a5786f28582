"""Load test of the web example: many tables of scripted websocket clients playing whole games.

Run by hand (needs the ``web`` extra): ``python bench/web_load.py`` starts the server
(``examples/web/app.py``) in a subprocess on 127.0.0.1 with its limits raised by options, then
plays ``--tables`` tables (default 50) of four people each, every person a websocket client
that plays like ``GreedyBot`` on its own view (and calls Rummy! when it can, at the CLASSIC
tables: every other table, else answers "no call"). Every table is saved to a SQLite file in a
temporary folder as it changes, as the server does by default. Bounded: ``--rounds`` rounds a
game, ``--timeout`` seconds in all.

It reports the latency of each action (sent until the next update reaches the same client:
median and p99), the server's resident memory (start, peak, end), that no message was lost
(each socket's messages are numbered without gaps) and that no seat saw another's cards
(every view is the client's own seat, without other hands or the stock).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from hellsrummy import GreedyBot, from_dict, to_dict

ROOT = Path(__file__).resolve().parents[1]


class Totals:
    """What the clients saw, all together."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.messages = 0
        self.actions = 0
        self.errors: list[str] = []
        self.gaps = 0
        self.leaks = 0
        self.games = 0


def action_for(message: dict[str, Any], bot: GreedyBot) -> dict[str, Any] | None:
    """What a client playing greedily sends on ``message``, or ``None``."""
    seen = message["view"]
    seat = seen["seat"]
    light = {**seen, "events": []}  # GreedyBot reads the hand and the table, not the log
    if seen["phase"] == "round_over":
        return {"type": "next_round"} if seat == 0 else None
    if seen["phase"] == "game_over" or seen["left"][seat]:
        return None
    if message["calls"]:
        call = bot.call(from_dict(light))
        if call is not None:
            return {"type": "action", "action": to_dict(call)}
        if seat in message["call_waiting"]:
            return {"type": "no_call"}  # the window waits for every person's answer
    if seen["current"] != seat or message["call_window"]:
        return None
    return {"type": "action", "action": to_dict(bot(from_dict(light)))}


async def client(url: str, hello: dict[str, Any], totals: Totals, patience: float) -> None:
    bot = GreedyBot()
    sent_at: float | None = None
    expected = 1
    acted_on: tuple[int, int] | None = None  # the position last acted on (act once on each)
    async with connect(url, max_size=2**24) as socket:
        await socket.send(json.dumps(hello))
        while True:
            text = await asyncio.wait_for(socket.recv(), patience)
            now = time.perf_counter()
            message = json.loads(text)
            totals.messages += 1
            if message["seq"] != expected:
                totals.gaps += 1
            expected = message["seq"] + 1
            if message["type"] == "error":
                totals.errors.append(message["message"])
                sent_at = None
                continue
            if message["type"] != "update":
                continue
            seen = message["view"]
            if (
                seen["seat"] != hello["seat"]
                or "hands" in seen
                or "stock" in seen
                or len(seen["hand"]) != seen["hand_sizes"][hello["seat"]]
            ):
                totals.leaks += 1
            if sent_at is not None:
                totals.latencies.append(now - sent_at)
                sent_at = None
            if seen["phase"] == "game_over":
                if hello["seat"] == 0:
                    totals.games += 1
                return
            position = (len(seen["events"]), message["call_window"] is None)
            move = action_for(message, bot) if position != acted_on else None
            if move is not None:
                acted_on = position
                await socket.send(json.dumps({**move, "token": hello["token"]}))
                totals.actions += 1
                sent_at = time.perf_counter()


def create_table(base: str, number: int, rounds: int) -> list[dict[str, Any]]:
    options = {
        "players": 4,
        "humans": 4,
        "rounds": rounds,
        "discard_policy": "classic" if number % 2 else "penalize",
    }
    request = urllib.request.Request(
        base + "/api/tables",
        data=json.dumps(options).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as reply:
        links = json.load(reply)["links"]
    hellos = []
    for link in links:
        fields = dict(part.split("=", 1) for part in link[2:].split("&"))
        hellos.append(
            {"table": fields["table"], "seat": int(fields["seat"]), "token": fields["token"]}
        )
    return hellos


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user and system), in seconds (Linux /proc)."""
    import os

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory(pid: int) -> dict[str, int]:
    """The process's resident memory now and at its peak, in KiB (Linux /proc)."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found[key] = int(value.split()[0])
    return found


async def run(base: str, tables: int, rounds: int, patience: float) -> Totals:
    totals = Totals()
    hellos = [
        await asyncio.to_thread(create_table, base, number, rounds) for number in range(tables)
    ]
    url = base.replace("http://", "ws://") + "/ws"
    await asyncio.gather(
        *(client(url, hello, totals, patience) for seats in hellos for hello in seats)
    )
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=50, help="tables of four clients")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of each game (1 to 5)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--timeout", type=float, default=900, help="seconds for everything")
    parser.add_argument("--patience", type=float, default=120, help="seconds a client waits")
    args = parser.parse_args()
    base = f"http://127.0.0.1:{args.port}"
    folder = tempfile.TemporaryDirectory()
    database = Path(folder.name) / "tables.sqlite3"  # every table saved as it changes
    sockets = 4 * args.tables + 10
    command = [
        sys.executable,
        str(ROOT / "examples" / "web" / "app.py"),
        f"--port={args.port}",
        f"--max-tables={args.tables + 10}",
        f"--tables-per-minute={args.tables + 10}",
        f"--sockets-per-client={sockets}",
        "--messages-per-second=1000",
        "--call-window=5",
        f"--database={database}",
    ]
    # The server's log goes to a file: a pipe nobody reads would block a server that logs.
    log = (Path(folder.name) / "server.log").open("w")
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)
    try:
        assert server.stdout is not None
        print(server.stdout.readline().strip())
        time.sleep(1.0)
        start_memory = memory(server.pid)
        started = time.perf_counter()
        totals = asyncio.run(
            asyncio.wait_for(run(base, args.tables, args.rounds, args.patience), args.timeout)
        )
        elapsed = time.perf_counter() - started
        end_memory = memory(server.pid)
        server_cpu = cpu_seconds(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=10)
        saved = database.stat().st_size if database.exists() else 0
        log.close()
        logged = (Path(folder.name) / "server.log").read_text()
        folder.cleanup()
    if logged:
        print(f"the server's log:\n{logged[-2000:]}")
    latencies = sorted(totals.latencies)
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    print(f"tables {args.tables} x 4 clients, {args.rounds} rounds a game, {elapsed:.1f} s")
    print(f"games finished {totals.games} of {args.tables}")
    print(f"actions {totals.actions}, messages received {totals.messages}")
    print(
        f"latency of an action until the next update: median"
        f" {1000 * statistics.median(latencies):.1f} ms, p99 {1000 * p99:.1f} ms"
    )
    print(
        f"server memory (RSS): start {start_memory['VmRSS'] / 1024:.1f} MiB,"
        f" peak {end_memory['VmHWM'] / 1024:.1f} MiB, end {end_memory['VmRSS'] / 1024:.1f} MiB"
    )
    print(
        f"server CPU time {server_cpu:.1f} s in {elapsed:.1f} s"
        f" ({1000 * server_cpu / max(1, totals.messages):.2f} ms a message sent)"
    )
    print(
        f"database at the end: {saved / 1024:.0f} KiB (finished tables are kept until they expire)"
    )
    print(f"messages lost (gaps in a socket's numbering): {totals.gaps}")
    print(f"views showing another seat's cards: {totals.leaks}")
    kinds: dict[str, int] = {}
    for text in totals.errors:
        kinds[text.split(":")[0]] = kinds.get(text.split(":")[0], 0) + 1
    print(f"error replies: {len(totals.errors)} {kinds}")
    ok = totals.games == args.tables and totals.gaps == 0 and totals.leaks == 0
    print("OK" if ok else "FAILED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
