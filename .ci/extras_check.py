"""What an installed wheel gives, alone and with each extra: run by .ci/run's release step.

Each check runs in a fresh virtual environment that holds the built wheel and nothing else but
what pip installed with it, from outside the source tree (so that the installed hellsrummy is
the one imported; the examples and benchmarks are read from the checkout)::

    python .ci/extras_check.py bare        # pip install dist/hellsrummy-*.whl
    python .ci/extras_check.py rl          # pip install "dist/hellsrummy-*.whl[rl]"
    python .ci/extras_check.py openspiel   # pip install "dist/hellsrummy-*.whl[openspiel]"
    python .ci/extras_check.py web|cluster|examples|bench|docs

``bare`` checks that the wheel pulls in attrs and nothing else, plays a game, and that the modules
that need an extra (``hellsrummy.rl``, ``hellsrummy.openspiel``) say which one when it is
missing. Each other name imports and briefly runs what that extra serves. Exits non-zero, with
the reason, on the first failure.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = {"pip", "setuptools", "wheel"}  # what a fresh venv may hold besides the wheel


def fail(message: str) -> None:
    """Stop with ``message`` and a non-zero exit status."""
    sys.exit(f"extras_check: {message}")


def installed() -> set[str]:
    """The distributions installed in this interpreter, pip's own tools left out."""
    names = {dist.metadata["Name"].lower() for dist in importlib.metadata.distributions()}
    return names - TOOLS


def check_outside_the_tree() -> None:
    """Fail unless hellsrummy is imported from the installed wheel."""
    import hellsrummy

    where = Path(hellsrummy.__file__).resolve()
    if ROOT in where.parents and "site-packages" not in where.parts:
        fail(f"hellsrummy was imported from the source tree ({where}), not from the wheel")


def tiny_game() -> None:
    """Play a whole game of three seats."""
    from hellsrummy import GreedyBot, RandomBot, play_game

    result = play_game([GreedyBot(), RandomBot(1), RandomBot(2)], "extras check", 0)
    if len(result.totals) != 3:
        fail(f"a game of three seats gave {result!r}")


def bare() -> None:
    """The wheel alone: attrs only, a game, and the rl and openspiel extras named when missing."""
    extra = installed() - {"hellsrummy", "attrs"}
    if extra:
        fail(f"the wheel alone pulled in more than attrs: {sorted(extra)}")
    import hellsrummy

    tiny_game()
    if hellsrummy.COMPILED:
        fail("the pure wheel says it is compiled")
    for module in ("numpy", "gymnasium", "pettingzoo", "pyspiel"):
        if importlib.util.find_spec(module) is not None:
            fail(f"{module} is installed in the bare venv")
    for extra in ("rl", "openspiel"):
        try:
            importlib.import_module(f"hellsrummy.{extra}")
        except ImportError as error:
            if f'pip install "hellsrummy[{extra}]"' not in str(error):
                fail(f"import hellsrummy.{extra} without its extra does not name it: {error}")
            print(f"  without the {extra} extra: {error}")
        else:
            fail(f"import hellsrummy.{extra} worked without the {extra} extra")
    print(f"  hellsrummy {hellsrummy.__version__}, installed beside it: {sorted(installed())}")


def rl() -> None:
    """The rl extra: both environments reset and step once."""
    import gymnasium

    import hellsrummy.rl

    env = hellsrummy.rl.env(4, seed=1)
    env.reset(seed=1)
    observation, _, _, _, _ = env.last()
    step = int(observation["action_mask"].nonzero()[0][0])
    env.step(step)
    single = gymnasium.make("hellsrummy/HellsRummy-v0")
    _, info = single.reset(seed=1)
    single.step(int(info["action_mask"].nonzero()[0][0]))
    print(f"  PettingZoo env and {single.spec.id}: reset and one step each")


def openspiel() -> None:
    """The openspiel extra: the game loads by name, passes OpenSpiel's check, ISMCTS plays."""
    import pyspiel

    import hellsrummy.openspiel

    game = pyspiel.load_game("python_hellsrummy(players=3,difficulty=6,max_turns=30)")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    bot = hellsrummy.openspiel.ismcts_bot(game, seed=1, simulations=5)
    if int(bot.step(state)) not in state.legal_actions():
        fail("ISMCTSBot chose an illegal step")
    print(f"  {game}: random_sim_test and an ISMCTS step")


def web() -> None:
    """The web extra: the web example serves its page, makes a table and shows a seat."""
    from starlette.testclient import TestClient

    sys.path.insert(0, str(ROOT / "examples" / "web"))
    spec = importlib.util.spec_from_file_location("web_app", ROOT / "examples/web/app.py")
    if spec is None or spec.loader is None:
        fail("examples/web/app.py cannot be loaded")
        return
    app = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(app)
    with TestClient(app.create_app(seed=1)) as client:
        if client.get("/").status_code != 200:
            fail("the web example's page is not served")
        reply = client.post("/api/tables", json={"players": 3})
        if reply.status_code != 200:
            fail(f"the web example made no table: {reply.text}")
        link = reply.json()["links"][0]
        fields = dict(part.split("=", 1) for part in link[2:].split("&"))  # /#table=..&seat=..
        hello = {"table": fields["table"], "seat": int(fields["seat"]), "token": fields["token"]}
        with client.websocket_connect("/ws") as socket:
            socket.send_json(hello)
            message = socket.receive_json()
        if message.get("type") != "update":
            fail(f"the web example's first message is {message!r}")
    print("  examples/web/app.py: the page, a new table and a seat's first view")


def cluster() -> None:
    """The cluster extra: a study on a local Dask cluster equals one in this process."""
    from dask.distributed import Client, LocalCluster

    from hellsrummy import GreedyBot, simulate

    bots = [GreedyBot()] * 3
    with (
        LocalCluster(n_workers=1, threads_per_worker=1, processes=True) as local,
        Client(local) as client,
    ):
        far = simulate(bots, games=2, seed="x", executor=client.get_executor())
    if far != simulate(bots, games=2, seed="x"):
        fail("a study on a local Dask cluster differs from one in this process")
    print("  simulate on a local Dask cluster: the same results as in one process")


def run(script: str, *arguments: str, cwd: str) -> None:
    """Run a script of the checkout with this interpreter; fail if it fails."""
    done = subprocess.run(
        [sys.executable, str(ROOT / script), *arguments],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "MPLBACKEND": "Agg"},
    )
    if done.returncode != 0:
        fail(f"{script} {' '.join(arguments)} failed:\n{done.stdout}\n{done.stderr}")
    print(f"  {script} {' '.join(arguments)}: ok")


def examples() -> None:
    """The examples extra: the Monte-Carlo study with its progress bar and plot."""
    with tempfile.TemporaryDirectory() as folder:
        plot = str(Path(folder) / "plot.png")
        run("examples/analysis.py", "--games", "1", "--tables", "3", "--out", plot, cwd=folder)


def bench() -> None:
    """The bench extra: the side-by-side benchmark against RLCard and OpenSpiel, briefly."""
    with tempfile.TemporaryDirectory() as folder:
        run("bench/side_by_side.py", "--rounds", "1", "--chunk", "0.2", cwd=folder)


def docs() -> None:
    """The docs extra: what the documentation's build imports."""
    import furo  # noqa: F401
    import jsonschema  # noqa: F401
    import myst_parser  # noqa: F401
    import sphinx

    import hellsrummy.openspiel  # (the API reference documents it)
    import hellsrummy.rl  # noqa: F401  (the API reference documents it)

    print(
        f"  sphinx {sphinx.__version__}, furo, myst-parser, jsonschema, hellsrummy.rl and"
        " hellsrummy.openspiel import"
    )


CHECKS = {f.__name__: f for f in (bare, rl, openspiel, web, cluster, examples, bench, docs)}

if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in CHECKS:
        sys.exit(f"usage: extras_check.py {{{','.join(CHECKS)}}}")
    check_outside_the_tree()
    CHECKS[sys.argv[1]]()
