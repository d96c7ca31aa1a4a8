"""Browser suite: a real inset-server, a headless Chromium driven by chromedriver, screenshots as artifacts.

Environment: INSET_SERVER_BIN (a built binary; otherwise a release build), CHROMIUM_BIN and CHROMEDRIVER_BIN
(default: found on PATH), BROWSER_ARTIFACTS (where screenshots go, default IntegrationTests/browser/artifacts).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, os.path.dirname(__file__))
# The process helpers the three black-box suites share (IntegrationTests/common/inset_process.py).
sys.path.insert(0, os.path.join(os.path.dirname(__file__), os.pardir, "common"))

# Selenium must use the chromedriver given below and never fetch a driver or a browser itself.
os.environ.setdefault("SE_OFFLINE", "true")

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service as DriverService  # noqa: E402

from browser_server import TOKEN, Server  # noqa: E402
from playground_page import Playground  # noqa: E402

WINDOW = (1280, 900)


def _executable(variable: str, names: list[str]) -> str:
    configured = os.environ.get(variable)
    found = configured or next((path for name in names if (path := shutil.which(name))), None)
    if not found or not os.access(found, os.X_OK):
        pytest.fail(f"no {names[0]} found: install it (scripts/check-browser does) or set {variable}")
    return found


@pytest.fixture(scope="session")
def artifacts() -> Path:
    path = Path(os.environ.get("BROWSER_ARTIFACTS") or Path(__file__).parent / "artifacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def server():
    server = Server()
    yield server
    assert server.proc.poll() is None, "inset-server died during the browser tests"
    assert server.stop() == 0


@pytest.fixture(scope="module")
def token_server():
    server = Server("--api-token", TOKEN)
    yield server
    assert server.stop() == 0


@pytest.fixture(scope="module")
def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = _executable("CHROMIUM_BIN", ["chromium", "chromium-browser", "google-chrome"])
    options.add_argument("--headless=new")
    options.add_argument("--disable-dev-shm-usage")
    if os.geteuid() == 0:
        options.add_argument("--no-sandbox")  # Chromium refuses to run as root with its sandbox.
    options.add_argument(f"--window-size={WINDOW[0]},{WINDOW[1]}")
    options.add_argument("--force-device-scale-factor=1")
    options.add_argument("--hide-scrollbars")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = DriverService(executable_path=_executable("CHROMEDRIVER_BIN", ["chromedriver"]))
    browser = webdriver.Chrome(options=options, service=service)
    # The viewport itself, not the window around it: screenshots are exactly this size.
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": WINDOW[0], "height": WINDOW[1], "deviceScaleFactor": 1, "mobile": False},
    )
    browser.set_page_load_timeout(30)
    browser.set_script_timeout(30)
    yield browser
    browser.quit()


@pytest.fixture
def page(driver, server, artifacts):
    """The playground opened and ready; after the test, the browser console must be free of errors."""
    page = Playground(driver, server)
    page.open()
    assert page.phone("data-ready") == "true", driver.find_element("id", "status").text
    yield page
    errors = page.console_errors()
    assert not errors, f"the browser console reported errors: {errors}"
