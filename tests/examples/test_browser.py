"""The web example in a real headless Chromium: the rule book played by clicking.

Needs Debian's ``chromium`` and ``chromium-driver`` and the ``browser`` extra (selenium);
deselected by the README's test command (``-m "not browser"``) and run by a CI step of its
own: ``python -m pytest -m browser tests/examples/test_browser.py``. The server runs in this
process with a seed; positions with known cards are put on its tables (the test scripts the
server) and the page reloaded, which is itself a reload in the middle of a turn. Screenshots
are saved under each test's temporary directory.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from hellsrummy import GreedyBot, Phase, apply, view

from .web_app import classic_position, hand_by_position, load

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


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, Any]]:
    import uvicorn

    app = app_module.create_app(seed=11, call_window=30.0, tick=0.05)
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_until_complete, args=(running.serve(),), daemon=True)
    thread.start()
    for _ in range(200):
        if running.started:
            break
        time.sleep(0.05)
    app.state.loop = loop  # the tests drop a page's connection from the server's side
    yield f"http://127.0.0.1:{port}", app
    running.should_exit = True
    thread.join(timeout=10)


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


def open_table(driver: Any, base: str, app: Any, policy: str, friend: str = "") -> Any:
    """Create a three-seat, one-round table with the page's form; its server-side table."""
    from selenium.webdriver.support.ui import Select

    driver.get(base + "/")
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
    driver.find_element(By.ID, "start").click()
    ready(driver)
    ident = dict(p.split("=", 1) for p in driver.current_url.split("#", 1)[1].split("&"))["table"]
    return app.state.tables[ident]


def put(driver: Any, table: Any, state: Any) -> None:
    """Script the server: ``state`` is the table's game; the page reloads to see it."""
    table.state = state
    table.told = state.log
    table.offer_key = table.window_until = None
    driver.refresh()
    ready(driver)


def test_melds_by_hand_an_extension_a_swap_a_bad_discard_a_reload_and_leaving(
    server: tuple[str, Any], browser: Any, tmp_path: Path
) -> None:
    started = time.monotonic()
    base, app = server
    driver = browser
    viewport(driver, DESKTOP)
    table = open_table(driver, base, app, "penalize")
    put(driver, table, hand_by_position(list(table.state.names)))
    assert "Your turn: play" in text_of(driver, "status")
    assert in_view(driver, "#hand button.card") and in_view(driver, "#bar button:not([hidden])")
    ways = driver.find_elements(By.CSS_SELECTOR, "#ways button.meet")
    assert ways and "fewest wildcards first" in text_of(driver, "ways")

    # a grouping that does not meet the contract: the library's verdict and reason
    select(driver, "QH", "2C", "QD")
    driver.find_element(By.ID, "new-group").click()
    wait(lambda: "✗" in text_of(driver, "groups"), "the verdict on one set")
    assert "does not meet the round's contract" in text_of(driver, "groups")
    select(driver, "AC", "AC", "AH")
    driver.find_element(By.ID, "new-group").click()
    wait(lambda: "✓ The library accepts it." in text_of(driver, "groups"), "a good verdict")
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
    assert "3 (3 of it penalties)" in text_of(driver, "scores")
    driver.save_screenshot(str(tmp_path / "desktop-discard-error.png"))
    select(driver, "9D")
    click(driver, "#discard-selected")
    wait(lambda: last_update(driver)["view"]["current"] == 0, "the bots' turns")

    # leaving
    driver.find_element(By.ID, "leave").click()
    click(driver, "#leave-yes")
    wait(lambda: last_update(driver)["view"]["left"][0], "the seat to leave")
    assert "left" in text_of(driver, "scores")
    driver.save_screenshot(str(tmp_path / "desktop-left.png"))
    check_messages(driver)
    assert time.monotonic() - started < 60


def test_rummy_at_a_classic_table_and_the_phone_layout(
    server: tuple[str, Any], browser: Any, tmp_path: Path
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
    open_table(driver, base, app, "penalize", friend="Ann")  # an invitation, not yet opened
    assert "waiting for Ann" in text_of(driver, "scores")
    assert "/#table=" in text_of(driver, "links")
    table = open_table(driver, base, app, "classic")
    assert not driver.find_element(By.ID, "invite").is_displayed()  # the old link is gone
    put(driver, table, classic_position(list(table.state.names)))
    assert driver.find_element(By.ID, "take").get_attribute("disabled")  # the call window
    assert "Rummy! may be called" in text_of(driver, "message")
    assert in_view(driver, "#rummy") and in_view(driver, "#hand button.card")
    driver.find_element(By.ID, "rummy").click()
    click(driver, "#calls button.call-choice", "give 8H")
    assert "Rummy! You called 9S" in text_of(driver, "message")
    wait(lambda: not driver.find_element(By.ID, "take").get_attribute("disabled"), "the decision")
    click(driver, "#take")
    assert last_update(driver)["view"]["phase"] == "play"

    # the phone: four melds or more on the table, the hand and the actions still in view
    state = table.state
    bot = GreedyBot()
    from hellsrummy import new_game

    state = new_game(list(state.names), seed="phone", rules=table.rules)
    while not (len(state.melds) >= 4 and state.current == 0 and state.phase is Phase.DECIDE):
        if state.phase is not Phase.DECIDE and state.phase is not Phase.PLAY:
            state = new_game(list(state.names), seed=f"phone/{state.turns}", rules=table.rules)
        state = apply(state, bot(view(state, state.current)))
    put(driver, table, state)
    assert len(driver.find_elements(By.CSS_SELECTOR, ".meld")) >= 4
    assert in_view(driver, "#hand button.card") and in_view(driver, "#take")
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= PHONE[0], f"the page is {width}px wide on a phone"
    driver.save_screenshot(str(tmp_path / "phone.png"))
    check_messages(driver)


def check_messages(driver: Any) -> None:
    """Every message the page received validates and holds only seat 0's cards."""
    validator = jsonschema.Draft202012Validator(app_module.message_schema())
    for message in messages(driver):
        assert not list(validator.iter_errors(message))
        if message["type"] == "update":
            assert message["view"]["seat"] == 0
            assert "hands" not in message["view"] and "stock" not in message["view"]
