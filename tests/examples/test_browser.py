"""The web example in a real headless Chromium: the rule book played by clicking.

Needs Debian's ``chromium`` and ``chromium-driver`` and the ``browser`` extra (selenium);
deselected by the README's test command (``-m "not browser"``) and run by a CI step of its
own: ``python -m pytest -m browser tests/examples/test_browser.py``. The server runs in this
process with a seed and a database; positions with known cards are put on its tables (the
test scripts the server) and the page reloaded, which is itself a reload in the middle of a
turn; the server is also stopped and started again on the same database, and the pages
reconnect by themselves. Screenshots are saved under each test's temporary directory, or
under ``$HELLSRUMMY_SCREENSHOTS`` when that is set.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from hellsrummy import GreedyBot, Leave, Phase, apply, new_game, next_round, view

from .web_app import classic_position, hand_by_position, load, meeting_position

pytestmark = pytest.mark.browser

app_module = load()
DESKTOP = (1366, 800)
PHONE = (390, 844)


class By:
    """selenium's locator strategies (selenium is imported only when the test runs)."""

    ID = "id"
    CSS_SELECTOR = "css selector"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """The example's server in a thread of this process, on a database it keeps: it restarts."""

    def __init__(self, database: Path) -> None:
        self.database = str(database)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.start()

    def start(self) -> None:
        import uvicorn

        self.app = app_module.create_app(
            seed=11, call_window=30.0, tick=0.05, database=self.database
        )
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning")
        self.running = uvicorn.Server(config)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(
            target=self.loop.run_until_complete, args=(self.running.serve(),), daemon=True
        )
        self.thread.start()
        wait(lambda: self.running.started, "the server to start")
        self.app.state.loop = self.loop  # the tests drop a page's connection from the server

    def stop(self) -> None:
        self.running.should_exit = True
        self.thread.join(timeout=20)
        self.app.state.store.close()

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("database") / "tables.sqlite3")
    yield running
    running.stop()


@pytest.fixture
def server(served: Server) -> tuple[str, Any]:
    return served.base, served.app


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where the screenshots go: ``$HELLSRUMMY_SCREENSHOTS``, else the test's directory."""
    where = Path(os.environ.get("HELLSRUMMY_SCREENSHOTS") or tmp_path)
    where.mkdir(parents=True, exist_ok=True)
    return where


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={tmp_path / 'chromium-profile'}",
        "--window-size=1366,900",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def viewport(driver: Any, size: tuple[int, int]) -> None:
    """The page's viewport is exactly ``size`` (a phone: a mobile viewport)."""
    width, height = size
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


def wait(condition: Callable[[], Any], what: str, timeout: float = 15) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = condition()
        except Exception:
            value = None
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def messages(driver: Any) -> list[dict[str, Any]]:
    return [json.loads(t) for t in driver.execute_script("return window.hellsrummyMessages || []")]


def last_update(driver: Any) -> dict[str, Any]:
    return next(m for m in reversed(messages(driver)) if m["type"] == "update")


def ready(driver: Any) -> None:
    wait(lambda: driver.execute_script("return document.body.dataset.ready") == "true", "table")


def click(driver: Any, css: str, text: str | None = None) -> None:
    """Click the (first) element matching ``css`` (and holding ``text``), wait for a reply."""
    count = len(messages(driver))
    found = [e for e in driver.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()]
    found = [e for e in found if text is None or text in e.text]
    assert found, f"nothing to click at {css} {text or ''}"
    found[0].click()
    wait(lambda: len(messages(driver)) > count, f"a reply to {css}")


def select(driver: Any, *names: str) -> None:
    """Click cards of the hand by name (a card held twice is clicked twice)."""

    def pick(name: str) -> bool:
        for button in driver.find_elements(By.CSS_SELECTOR, "#hand button.card"):
            if (
                button.get_attribute("data-card") == name
                and "selected" not in button.get_attribute("class")
                and button.is_enabled()
            ):
                button.click()
                return True
        return False

    for name in names:
        wait(lambda name=name: pick(name), f"{name} to select")


def text_of(driver: Any, element_id: str) -> str:
    return str(driver.find_element(By.ID, element_id).text)


def in_view(driver: Any, css: str) -> bool:
    """Whether every element at ``css`` lies inside the viewport (from element positions)."""
    script = """
      const found = [...document.querySelectorAll(arguments[0])];
      const boxes = found.map((e) => e.getBoundingClientRect());
      return boxes.length > 0 && boxes.every((r) => r.top >= 0 && r.left >= 0
        && r.bottom <= window.innerHeight + 1 && r.right <= window.innerWidth + 1);
    """
    return bool(driver.execute_script(script, css))


def open_table(
    driver: Any,
    base: str,
    app: Any,
    policy: str,
    friend: str = "",
    shot: Path | None = None,
    turn_time: str = "0",
) -> Any:
    """Create a three-seat, one-round table with the page's form; its server-side table."""
    from selenium.webdriver.support.ui import Select

    driver.get(base + "/")
    wait(lambda: driver.find_element(By.ID, "setup").is_displayed(), "the set-up page")
    assert not driver.find_element(By.ID, "setup-error").is_displayed()  # no empty red bar
    players = driver.find_element(By.ID, "players")
    players.clear()
    players.send_keys("3")
    if friend:
        people = driver.find_element(By.ID, "humans")
        people.clear()
        people.send_keys("2")
        driver.find_element(By.ID, "friends").send_keys(friend)
    Select(driver.find_element(By.ID, "rounds")).select_by_value("1")
    Select(driver.find_element(By.ID, "policy")).select_by_value(policy)
    Select(driver.find_element(By.ID, "turn-time")).select_by_value(turn_time)
    if shot is not None:
        driver.save_screenshot(str(shot))
    driver.find_element(By.ID, "start").click()
    ready(driver)
    return app.state.tables[ident_of(driver)]


def ident_of(driver: Any) -> str:
    return dict(p.split("=", 1) for p in driver.current_url.split("#", 1)[1].split("&"))["table"]


def put(driver: Any, table: Any, state: Any, reload: bool = True) -> None:
    """Script the server: ``state`` is the table's game; the page reloads to see it."""
    table.state = state
    table.told = state.log
    table.offer_key = table.window_until = None
    if reload:
        driver.refresh()
        ready(driver)


def hand_cards_unclipped(driver: Any) -> bool:
    """Whether every card of the hand lies inside the panel that scrolls it (none cut off)."""
    script = """
      const panel = document.getElementById("panel").getBoundingClientRect();
      const right = panel.left + document.getElementById("panel").clientWidth;
      const cards = [...document.querySelectorAll("#hand button.card")];
      return cards.length > 0 && cards.every((c) => c.getBoundingClientRect().right <= right + 0.5);
    """
    return bool(driver.execute_script(script))


def test_melds_by_hand_an_extension_a_swap_a_bad_discard_a_reload_and_leaving(
    server: tuple[str, Any], browser: Any, shots: Path
) -> None:
    base, app = server
    driver = browser
    viewport(driver, DESKTOP)
    table = open_table(driver, base, app, "penalize", turn_time="300")
    assert table.turn_time == 300
    put(driver, table, hand_by_position(list(table.state.names)))
    assert "Your turn: play" in text_of(driver, "status")
    wait(lambda: "Your turn: a bot plays it in" in text_of(driver, "message"), "the turn time")
    assert in_view(driver, "#hand button.card") and in_view(driver, "#bar button:not([hidden])")
    ways = driver.find_elements(By.CSS_SELECTOR, "#ways button.meet")
    assert ways and "fewest wildcards first" in text_of(driver, "ways")

    # a grouping that does not meet the contract: the library's verdict and reason
    select(driver, "QH", "2C", "QD")
    driver.find_element(By.ID, "new-group").click()
    wait(lambda: "✗" in text_of(driver, "groups"), "the verdict on one set")
    assert "does not meet the round's contract" in text_of(driver, "groups")
    click(driver, "#lay")  # laid anyway: refused, in red next to the action bar
    assert "does not meet the round's contract" in text_of(driver, "message")
    # cleared and grouped again: the red refusal goes, the new verdict alone is shown
    driver.find_element(By.ID, "clear-groups").click()
    assert not driver.find_elements(By.CSS_SELECTOR, "#message .error")
    for meld in (("QH", "2C", "QD"), ("AC", "AC", "AH")):
        select(driver, *meld)
        driver.find_element(By.ID, "new-group").click()
    wait(lambda: "✓ The library accepts it." in text_of(driver, "groups"), "a good verdict")
    assert not driver.find_elements(By.CSS_SELECTOR, "#message .error")
    assert "✗" not in text_of(driver, "groups")
    click(driver, "#lay")
    assert last_update(driver)["view"]["met"][0]
    assert not driver.find_elements(By.CSS_SELECTOR, "#ways button.meet")

    # a reload in the middle of the turn keeps the game
    before = table.state
    driver.refresh()
    ready(driver)
    assert table.state is before and "Your turn: play" in text_of(driver, "status")
    assert last_update(driver)["view"]["hand"] == ["3C", "9D", "QS", "AD"]

    # the connection drops: the page reconnects by itself and the seat is still its own
    dropped = table.seats[0].socket
    asyncio.run_coroutine_threadsafe(dropped.close(code=1012), app.state.loop).result(5)
    wait(lambda: "reconnecting" in text_of(driver, "message"), "the page to see the drop")
    wait(lambda: table.seats[0].socket not in (None, dropped), "the page to reconnect")
    ready(driver)
    assert table.state is before and "Your turn: play" in text_of(driver, "status")

    # the same link opened in another tab takes the seat; a button takes it back
    first = driver.current_window_handle
    link = driver.current_url
    driver.switch_to.new_window("tab")
    driver.get(link)
    ready(driver)
    driver.close()
    driver.switch_to.window(first)
    take_back = driver.find_element(By.ID, "take-back")
    wait(take_back.is_displayed, "the take-back button")
    assert "opened in another page" in text_of(driver, "message")
    take_back.click()
    ready(driver)
    assert not take_back.is_displayed() and "Your turn: play" in text_of(driver, "status")

    # an extension, then a swap: only the meld with a wildcard offers one, naming it
    select(driver, "AD")
    click(driver, ".meld .extend:not([disabled])")
    assert [len(m["cards"]) for m in last_update(driver)["view"]["melds"]] == [3, 4]
    swaps = driver.find_elements(By.CSS_SELECTOR, ".meld .swap")
    assert len(swaps) == 1 and swaps[0].text.endswith("for 2C")
    select(driver, "QS")
    assert driver.find_element(By.CSS_SELECTOR, ".meld .swap").text == "Swap QS for 2C"
    click(driver, ".meld .swap")
    assert last_update(driver)["view"]["hand"] == ["2C", "3C", "9D"]

    # a bad discard: the notice next to the action bar, the points in the score
    select(driver, "2C")
    click(driver, "#discard-selected")
    notice = driver.find_element(By.CSS_SELECTOR, "#message .notice")
    assert "Discard error" in notice.text and "3 points were charged" in notice.text
    assert in_view(driver, "#message .notice") and in_view(driver, "#hand button.card")
    assert "3 (incl. 3 penalty)" in text_of(driver, "scores")
    assert "Discard error by you: 3 points charged" in text_of(driver, "log")
    driver.save_screenshot(str(shots / "desktop-discard-error.png"))
    select(driver, "9D")
    click(driver, "#discard-selected")
    wait(lambda: last_update(driver)["view"]["current"] == 0, "the bots' turns")
    assert "passed" not in text_of(driver, "log") or "on to" in text_of(driver, "log")

    # leaving
    driver.find_element(By.ID, "leave").click()
    click(driver, "#leave-yes")
    wait(lambda: last_update(driver)["view"]["left"][0], "the seat to leave")
    assert "left" in text_of(driver, "scores")
    check_messages(driver, 0)


def test_a_classic_table_of_two_people_a_call_a_reload_a_restart_and_a_leave(
    served: Server, browser: Any, shots: Path
) -> None:
    driver = browser
    viewport(driver, DESKTOP)
    driver.get(served.base + "/")
    wait(lambda: driver.find_element(By.ID, "setup").is_displayed(), "the set-up page")
    table = open_table(
        driver, served.base, served.app, "classic", "Ann", shots / "desktop-setup.png"
    )
    ident = table.ident
    # the invitation, with a copy button, at the table
    field = wait(lambda: driver.find_element(By.CSS_SELECTOR, "#links input.link"), "the link")
    link = field.get_attribute("value")
    assert "/#table=" in link and "Ann" in text_of(driver, "links")
    copy = driver.find_element(By.CSS_SELECTOR, "#links button.copy")
    copy.click()
    wait(lambda: copy.text in ("Copied", "Select and copy"), "the copy button to answer")

    # Ann opens her link in a page of her own
    mine = driver.current_window_handle
    driver.switch_to.new_window("tab")
    viewport(driver, DESKTOP)
    driver.get(link)
    ready(driver)
    ann = driver.current_window_handle
    assert not driver.find_element(By.ID, "invite").is_displayed()  # nobody left to invite
    put(driver, table, classic_position(list(table.state.names)), reload=False)

    # both may call: Ann answers "No call", then it is up to me
    wait(lambda: driver.find_element(By.ID, "no-call").is_displayed(), "Ann's No call button")
    assert "Rummy! may be called on 9S" in text_of(driver, "message")
    driver.find_element(By.ID, "no-call").click()
    wait(lambda: not driver.find_element(By.ID, "no-call").is_displayed(), "Ann's answer")
    driver.switch_to.window(mine)
    wait(lambda: "(waiting for you)" in text_of(driver, "message"), "my countdown")
    assert driver.find_element(By.ID, "take").get_attribute("disabled")
    assert in_view(driver, "#rummy") and in_view(driver, "#message .countdown")
    driver.save_screenshot(str(shots / "desktop-call-window.png"))
    driver.find_element(By.ID, "rummy").click()
    click(driver, "#calls button.call-choice", "give 8H")
    wait(lambda: "Rummy! You called 9S" in text_of(driver, "message"), "my call")
    wait(lambda: not driver.find_element(By.ID, "take").get_attribute("disabled"), "my decision")

    # a reload, then the server stops and starts again: the pages come back by themselves
    driver.refresh()
    ready(driver)
    assert "Your turn: take or pass" in text_of(driver, "status")
    before = last_update(driver)["view"]
    assert before["discard"] == "8H"
    counts = {mine: len(messages(driver))}
    driver.switch_to.window(ann)
    counts[ann] = len(messages(driver))
    served.restart()
    for handle in (ann, mine):
        driver.switch_to.window(handle)
        wait(
            lambda handle=handle: any(
                m["type"] == "update" and m["seq"] == 1 for m in messages(driver)[counts[handle] :]
            ),
            "the page to reconnect to the restarted server",
            timeout=40,
        )
        ready(driver)
    assert last_update(driver)["view"] == before
    assert "Connection lost" not in text_of(driver, "message")  # gone once back
    table = served.app.state.tables[ident]
    click(driver, "#take")
    assert last_update(driver)["view"]["phase"] == "play"

    # Ann leaves; the game goes on without her, to its score sheet
    driver.switch_to.window(ann)
    driver.find_element(By.ID, "leave").click()
    click(driver, "#leave-yes")
    wait(lambda: last_update(driver)["view"]["left"][1], "Ann to leave")
    check_messages(driver, 1)
    driver.close()
    driver.switch_to.window(mine)
    wait(lambda: "left" in text_of(driver, "scores"), "Ann's seat to show she left")
    put(driver, table, finished(table.state))
    assert "Game over" in text_of(driver, "status")
    sheet = text_of(driver, "sheet")
    assert "left" in sheet and "(left)" in sheet and "✗" not in sheet.split("\n")[1].split()[-1]
    assert driver.find_element(By.ID, "new-game").is_displayed()
    driver.save_screenshot(str(shots / "desktop-score-sheet.png"))
    click(driver, "#new-game")
    wait(lambda: last_update(driver)["view"]["results"] == [], "a new game")
    check_messages(driver, 0)


def finished(state: Any) -> Any:
    """``state`` played on by ``GreedyBot`` to the game's end."""
    bot = GreedyBot()
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ROUND_OVER:
            state = next_round(state)
        else:
            state = apply(state, bot(view(state, state.current)))
    return state


def test_the_phone_a_classic_call_a_long_game_and_its_score_sheet(
    server: tuple[str, Any], browser: Any, shots: Path
) -> None:
    base, app = server
    driver = browser
    viewport(driver, PHONE)
    driver.get(base + "/#table=nothing&seat=0&token=wrong")  # an invalid link: no actions
    wait(lambda: text_of(driver, "status") == "Invalid link", "the invalid-link page")
    assert "Start a new table" in text_of(driver, "message")
    assert not [
        b for b in driver.find_elements(By.CSS_SELECTOR, "#panel button") if b.is_displayed()
    ]
    driver.get(base + "/")
    table = open_table(driver, base, app, "classic", shot=shots / "phone-setup.png")
    put(driver, table, classic_position(list(table.state.names)))
    assert driver.find_element(By.ID, "take").get_attribute("disabled")  # the call window
    wait(lambda: "Rummy! may be called on 9S" in text_of(driver, "message"), "the countdown")
    assert in_view(driver, "#rummy") and in_view(driver, "#hand button.card")
    assert in_view(driver, "#message .countdown")
    driver.save_screenshot(str(shots / "phone-call-window.png"))
    driver.find_element(By.ID, "rummy").click()
    click(driver, "#calls button.call-choice", "give 8H")
    assert "Rummy! You called 9S" in text_of(driver, "message")
    wait(lambda: not driver.find_element(By.ID, "take").get_attribute("disabled"), "the decision")

    # no swap button where no card in hand could swap the wildcard out
    put(driver, table, meeting_position(list(table.state.names)))
    click(driver, "#ways button.meet")  # 2C QD QH / AC AC AH: no natural queen left in hand
    assert last_update(driver)["view"]["met"][0]
    assert [m["swap_out"] for m in last_update(driver)["arranged"]].count("2C") == 1
    assert not driver.find_elements(By.CSS_SELECTOR, ".meld .swap")

    # a long game: four melds or more, past 200 events; the hand and actions in view
    bot = GreedyBot()
    state = new_game(list(table.state.names), seed="phone")
    while not (
        len(state.melds) >= 4
        and len(state.log) > 210
        and state.current == 0
        and state.phase is Phase.DECIDE
    ):
        if state.phase is Phase.ROUND_OVER:
            state = next_round(state)
        elif state.phase is Phase.GAME_OVER:
            state = new_game(list(state.names), seed=f"phone/{state.turns}")
        else:
            state = apply(state, bot(view(state, state.current)))
    put(driver, table, state)
    assert len(driver.find_elements(By.CSS_SELECTOR, ".meld")) >= 4
    assert in_view(driver, "#hand button.card") and in_view(driver, "#take")
    assert hand_cards_unclipped(driver), "a card of the hand is cut off at the edge"
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= PHONE[0], f"the page is {width}px wide on a phone"
    events = len(last_update(driver)["view"]["events"])
    numbers = driver.execute_script(
        "const log = document.getElementById('log'); return [log.start, log.children.length];"
    )
    assert numbers[0] > 1 and numbers[0] + numbers[1] - 1 == events  # numbered from the start
    lines = driver.execute_script(
        "return [...document.querySelectorAll('#log li')].map((li) => li.textContent);"
    )
    passes = [line for line in lines if " passed " in line]
    assert passes and all(" on to " in line for line in passes)  # the discard and a stock card
    assert not [line for line in lines if "to You" in line or "by You" in line]
    driver.save_screenshot(str(shots / "phone-long-game.png"))

    # seat 1 leaves, the game ends: the score sheet
    state = finished(apply(state, Leave(1)))
    put(driver, table, state)
    sheet = driver.execute_script(
        "return [...document.querySelectorAll('#sheet tr')]"
        ".map((tr) => [...tr.children].map((cell) => cell.textContent));"
    )
    gone = next(k for k, cells in enumerate(sheet) if cells[2] == "left")
    assert all(cells[2] == "left" for cells in sheet[gone:-1])  # no "0 ✗" once gone
    assert sheet[-1][2].endswith("(left)") and "winner" not in sheet[-1][2]
    driver.execute_script("document.getElementById('sheet-box').scrollIntoView()")
    driver.save_screenshot(str(shots / "phone-score-sheet.png"))
    check_messages(driver, 0)


def check_messages(driver: Any, seat: int) -> None:
    """Every message the page received validates and holds only ``seat``'s cards."""
    validator = jsonschema.Draft202012Validator(app_module.message_schema())
    for message in messages(driver):
        assert not list(validator.iter_errors(message))
        if message["type"] == "update":
            assert message["view"]["seat"] == seat
            assert "hands" not in message["view"] and "stock" not in message["view"]
