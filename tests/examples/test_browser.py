"""The web example in a real headless Chromium: a whole round played by clicking.

Needs Debian's ``chromium`` and ``chromium-driver`` and the ``browser`` extra (selenium);
deselected by the README's test command (``-m "not browser"``) and run by a CI step of its
own: ``python -m pytest -m browser tests/examples/test_browser.py``. Screenshots are saved under the
test's temporary directory.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from .web_app import load

pytestmark = pytest.mark.browser

app_module = load()


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

    app = app_module.create_app(seed=11)
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    for _ in range(100):
        if running.started:
            break
        time.sleep(0.05)
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
        "--window-size=1280,900",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        yield driver
    finally:
        driver.quit()


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


def messages(driver: Any) -> list[str]:
    return list(driver.execute_script("return window.hellsrummyMessages || []"))


def last_update(driver: Any) -> dict[str, Any]:
    for text in reversed(messages(driver)):
        data = json.loads(text)
        if data["type"] == "update":
            return dict(data)
    raise AssertionError("no update yet")


def click_and_wait(driver: Any, element: Any) -> None:
    count = len(messages(driver))
    element.click()
    wait(lambda: len(messages(driver)) > count, "a reply from the server")


def hand_buttons(driver: Any) -> list[Any]:
    return list(driver.find_elements(By.CSS_SELECTOR, "#hand button.card"))


def test_a_person_plays_a_round_in_chromium(
    server: tuple[str, Any], browser: Any, tmp_path: Path
) -> None:
    started = time.monotonic()
    base, app = server
    driver = browser
    driver.get(base + "/")
    driver.find_element(By.ID, "start").click()
    wait(lambda: driver.execute_script("return document.body.dataset.ready") == "true", "the table")
    link = driver.current_url
    assert "token=" in link
    table = next(iter(app.state.tables.values()))
    provoked = False
    for _ in range(400):
        update = last_update(driver)
        seen = update["view"]
        if seen["phase"] in ("round_over", "game_over"):
            break
        if seen["current"] != 0:
            wait(
                lambda: (
                    last_update(driver)["view"]["current"] == 0
                    or last_update(driver)["view"]["phase"] in ("round_over", "game_over")
                ),
                "my turn",
            )
            continue
        if seen["phase"] == "decide":
            click_and_wait(driver, driver.find_element(By.ID, "take"))
            continue
        meets = driver.find_elements(By.CSS_SELECTOR, "#minimum button.meet")
        if provoked and meets:
            click_and_wait(driver, meets[0])
            continue
        buttons = hand_buttons(driver)
        legal = sorted(
            b.get_attribute("data-card") for b in buttons if b.get_attribute("data-legal-discard")
        )
        wild = [
            b
            for b in buttons
            if b.get_attribute("data-card").startswith("2")
            and len(b.get_attribute("data-card")) == 2
            and not b.get_attribute("data-legal-discard")
        ]
        if not provoked and wild and legal:
            wild[0].click()
            click_and_wait(driver, driver.find_element(By.ID, "discard-selected"))
            notice = driver.find_element(By.ID, "message")
            assert "Discard error" in notice.text and "notice" in notice.get_attribute("class")
            driver.save_screenshot(str(tmp_path / "discard-error.png"))
            provoked = True
            continue
        choice = next(b for b in hand_buttons(driver) if b.get_attribute("data-card") == legal[0])
        choice.click()
        click_and_wait(driver, driver.find_element(By.ID, "discard-selected"))
    final = last_update(driver)
    assert final["view"]["phase"] in ("round_over", "game_over"), "the round did not end"
    assert provoked, "no discard error was provoked"
    assert "Round over" in driver.find_element(By.ID, "status").text
    driver.save_screenshot(str(tmp_path / "desktop.png"))
    driver.set_window_size(390, 844)
    driver.save_screenshot(str(tmp_path / "phone.png"))
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 400, f"the page is {width}px wide on a phone"

    # nothing the page received holds another seat's cards
    validator = jsonschema.Draft202012Validator(app_module.message_schema())
    received = [json.loads(text) for text in messages(driver)]
    assert len(received) >= 4
    for message in received:
        assert not list(validator.iter_errors(message))
        if message["type"] == "update":
            assert message["view"]["seat"] == 0
            assert "hands" not in message["view"] and "stock" not in message["view"]
    assert final["view"]["hand"] == [str(c) for c in table.state.hands[0]]
    assert len(hand_buttons(driver)) == len(table.state.hands[0])

    # the page closes: a bot plays the seat; the link brings the person back
    driver.set_window_size(1280, 900)
    page = driver.current_window_handle
    driver.switch_to.new_window("tab")
    spare = driver.current_window_handle
    driver.switch_to.window(page)
    driver.close()
    driver.switch_to.window(spare)
    wait(lambda: table.seats[0].socket is None, "the server to see the page close")
    assert table.seats[0].bot_played
    driver.get(link)
    wait(
        lambda: driver.execute_script("return document.body.dataset.ready") == "true",
        "reconnection",
    )
    assert last_update(driver)["connected"][0]
    assert table.seats[0].socket is not None
    driver.save_screenshot(str(tmp_path / "reconnected.png"))
    assert all((tmp_path / name).stat().st_size > 1000 for name in ("desktop.png", "phone.png"))
    assert time.monotonic() - started < 120
