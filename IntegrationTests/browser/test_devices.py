"""The playground's devices in headless Chromium against a real inset-server: the picker is the service's catalogue
(`GET /devices`), and the phone takes its screen, safe area and keyboard from the device's entry
(`GET /devices/{id}`); requests name the device and the service fills in its numbers.

Tolerances: sizes exactly (they are whole points), the scaled box within 0.5 px.
"""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from playground_page import DEFAULT_DEVICE, Playground, catalogue_scene, catalogue_value, device_entry, last, newest

# What the page shows of its device: the screen's layout size (points; the phone is scaled as a whole), its box on
# the page, the scale it was fitted with, the safe area it draws, the toggles and fields, and the line of sources.
PHONE = """
const phone = document.getElementById('phone');
const screen = document.getElementById('screen');
const style = getComputedStyle(phone);
const box = screen.getBoundingClientRect();
const flag = (id) => ({ disabled: document.getElementById(id).disabled, checked: document.getElementById(id).checked });
return {
  width: screen.offsetWidth,
  height: screen.offsetHeight,
  boxWidth: box.width,
  boxHeight: box.height,
  fit: parseFloat(style.getPropertyValue('--fit')),
  safe: Object.fromEntries(['top', 'left', 'bottom', 'right'].map(
    (edge) => [edge, parseFloat(style.getPropertyValue(`--safe-${edge}`))])),
  quicktype: flag('quicktype'),
  hardware: flag('hardware'),
  floating: flag('floating'),
  fields: [...document.querySelectorAll('#field, #chat-field, #form [data-field]')].map((field) => field.disabled),
  sources: [...document.querySelectorAll('#device-sources .source')].map((source) => source.dataset.source),
  sourcesText: document.getElementById('device-sources').textContent,
  absent: document.getElementById('device-absent').hidden ? null : document.getElementById('device-absent').textContent,
  missing: document.getElementById('device-absent').dataset.missing,
};
"""

PICKER = """
return {
  groups: [...document.querySelectorAll('#device optgroup')].map((group) => ({
    family: group.label,
    devices: [...group.children].map((option) => [option.value, option.textContent]),
  })),
  loose: document.querySelectorAll('#device > option').length,
  selected: document.getElementById('device').value,
};
"""


def phone_state(page: Playground) -> dict:
    return page.driver.execute_script(PHONE)


def page_log(page: Playground) -> list[dict]:
    """Every exchange in the page's panel, the ones before its session included, oldest first."""
    rows = page.driver.execute_script(
        "return [...document.querySelectorAll('#log li.exchange')].map((item) => "
        "({seq: Number(item.dataset.seq), method: item.dataset.method, path: item.dataset.path}));"
    )
    return sorted(rows, key=lambda row: row["seq"])


def assert_phone_is(page: Playground, device_id: str, orientation: str) -> dict:
    """The phone's screen is the catalogue's, as held, drawn at that size and scaled as a whole; its safe area is
    the newest published for the orientation; the session (when there is one) has the same numbers."""
    scene = catalogue_scene(page.server, device_id, orientation)
    shown = phone_state(page)
    assert (shown["width"], shown["height"]) == (scene.width, scene.height), (device_id, orientation, shown)
    assert shown["boxWidth"] == pytest.approx(scene.width * shown["fit"], abs=0.5), shown
    assert shown["boxHeight"] == pytest.approx(scene.height * shown["fit"], abs=0.5), shown
    assert page.phone("data-orientation") == orientation
    if scene.safe is None:
        assert page.phone("data-ready") == "unavailable"
        return shown
    assert shown["safe"] == scene.safe
    session_id = page.phone("data-session-id")
    status, _, state = page.server.call("GET", f"/sessions/{session_id}")
    assert status == 200, state
    assert state["device"]["id"] == device_id and state["device"]["orientation"] == orientation
    assert state["screen"] == {"width": scene.width, "height": scene.height}
    assert state["scrollView"]["frame"] == {"x": 0, "y": 0, "width": scene.width, "height": scene.height}
    assert state["scrollView"]["safeAreaInsets"] == scene.safe
    return shown


def test_the_picker_lists_every_device_of_the_catalogue(page: Playground) -> None:
    """Every iOS device `GET /devices` lists, in its order, grouped by family, the iPhone 15 picked."""
    status, _, listed = page.server.call("GET", "/devices")
    assert status == 200
    ios = [device for device in listed["devices"] if device["platform"] == "ios"]
    assert len(ios) < len(listed["devices"]), "the catalogue's Android devices are left out of the picker"
    expected = []
    for device in ios:
        if not expected or expected[-1]["family"] != device["family"]:
            expected.append({"family": device["family"], "devices": []})
        expected[-1]["devices"].append([device["id"], device["name"]])
    picker = page.driver.execute_script(PICKER)
    assert picker["groups"] == expected
    assert [group["family"] for group in picker["groups"]] == ["iPhone", "iPad"]
    assert picker["loose"] == 0
    assert sum(len(group["devices"]) for group in picker["groups"]) == len(ios) > 0
    assert picker["selected"] == DEFAULT_DEVICE
    # The page read them through client.js, as every other request: in its log.
    assert any(row["method"] == "GET" and row["path"] == "/devices" for row in page_log(page))


def test_the_phone_takes_its_screen_from_the_catalogue(page: Playground, artifacts) -> None:
    """The iPhone SE (3rd generation) and the iPhone 16 Pro Max, each in portrait and landscape: the phone is the
    catalogue's screen, created by device (`POST /sessions` names it) and turned by device (a `PATCH` naming the
    orientation)."""
    steps = [
        ("iphone-se-3", "portrait"),
        ("iphone-se-3", "landscape"),
        ("iphone-16-pro-max", "landscape"),
        ("iphone-16-pro-max", "portrait"),
    ]
    for device_id, orientation in steps:
        if page.phone("data-device") != device_id:
            page.use_device(device_id)
            page.wait_for(lambda: page.phone("data-ready") == "true", f"a session on the {device_id}")
            created = last(page.exchanges(), "POST", "/sessions")
            assert created.request["device"] == {"id": device_id, "orientation": page.phone("data-orientation")}
            assert "screen" not in created.request and "frame" not in created.request["scrollView"]
        if page.phone("data-orientation") != orientation:
            patches = len([e for e in page.exchanges() if e.method == "PATCH"])
            page.use_orientation(orientation)
            page.wait_for(lambda: len([e for e in page.exchanges() if e.method == "PATCH"]) > patches, "the rotation")
            turned = [e for e in page.exchanges() if e.method == "PATCH"][-1]
            assert turned.request["device"] == {"id": device_id, "orientation": orientation}
            assert "screen" not in turned.request
        shown = assert_phone_is(page, device_id, orientation)
        entry = device_entry(page.server, device_id)
        area = newest([a for a in entry["safeAreas"] if a["orientation"] == orientation])
        keyboard = newest([k for k in entry["keyboards"] if k["orientation"] == orientation
                           and (k["type"], k["mode"], k["predictive"]) == ("standard", "docked", True)])
        # The sources line names the publication of each number shown.
        assert set(shown["sources"]) == {entry["screen"]["source"], area["source"], keyboard["source"]}
        publishers = {source["id"]: source["publisher"] for source in entry["sources"]}
        assert all(publishers[source] in shown["sourcesText"] for source in shown["sources"]), shown
        page.screenshot(artifacts, f"device-{device_id}-{orientation}")
    page.replay()


def test_a_show_takes_the_keyboard_from_the_catalogue(page: Playground) -> None:
    """On the iPhone SE (3rd generation) the show names the keyboard; the service's frame is the catalogue's, and
    the mock keyboard sits there."""
    page.use_device("iphone-se-3")
    scene = catalogue_scene(page.server, "iphone-se-3")
    page.scroll_to_end()
    page.click("field")
    page.wait_for_state("shown")
    show = last(page.replay(), "POST", "/keyboard/show")
    assert "frameEnd" not in show.request["keyboard"]
    frame = catalogue_value(show.replayed, "/keyboard/frameEnd")
    assert frame == scene.keyboard
    dom = page.dom()
    assert dom["keyboardTop"] == pytest.approx(frame["y"], abs=0.01)
    assert dom["keyboardHeight"] == pytest.approx(frame["height"], abs=0.01)
    # No home indicator on the SE: the whole keyboard covers the scroll view.
    assert show.replayed["contentInset"]["bottom"] == frame["height"]


def entries(page: Playground) -> list[dict]:
    status, _, listed = page.server.call("GET", "/devices")
    assert status == 200
    return [device_entry(page.server, device["id"]) for device in listed["devices"] if device["platform"] == "ios"]


def test_what_the_catalogue_lacks_is_off_and_said(page: Playground, artifacts) -> None:
    """A keyboard the catalogue lacks cannot be picked (the predictive bar's other state, floating, hardware); a
    device without a keyboard has its fields off; one without a safe area gets no session. The note under the
    phone says what is not published."""
    catalogue = entries(page)
    ipad = next(entry for entry in catalogue if entry["family"] == "iPad" and entry["keyboards"])
    page.use_device(ipad["id"])
    assert page.phone("data-ready") == "true"
    shown = phone_state(page)
    modes = {(k["mode"], k["predictive"]) for k in ipad["keyboards"] if k["orientation"] == "portrait"}
    assert shown["quicktype"]["disabled"] == (("docked", False) not in modes or ("docked", True) not in modes)
    assert shown["floating"]["disabled"] == (not any(mode == "floating" for mode, _ in modes))
    assert shown["hardware"]["disabled"] == (not any(mode == "hardware" for mode, _ in modes))
    assert not any(shown["fields"])
    for absent in ipad["absent"]:
        assert absent.split(":")[0] in shown["absent"], shown["absent"]
    page.screenshot(artifacts, "device-ipad")

    no_keyboard = next(e for e in catalogue if e["safeAreas"] and not e["keyboards"])
    page.use_device(no_keyboard["id"])
    assert page.phone("data-ready") == "true"
    shown = phone_state(page)
    assert all(shown["fields"]) and shown["missing"] == "true"
    assert "no keyboard" in shown["absent"]
    assert "no keyboard" in page.driver.find_element(By.ID, "status").text
    assert_phone_is(page, no_keyboard["id"], "portrait")

    nothing = next(e for e in catalogue if not e["safeAreas"])
    page.use_device(nothing["id"])
    shown = phone_state(page)
    assert page.phone("data-ready") == "unavailable" and page.phone("data-session-id") is None
    assert all(shown["fields"]) and shown["missing"] == "true" and "no safe area" in shown["absent"]
    assert_phone_is(page, nothing["id"], "portrait")
    # Nothing was asked of the service after the device's entry.
    rows = page_log(page)
    fetched = max(index for index, row in enumerate(rows) if row["path"] == f"/devices/{nothing['id']}")
    assert not any(row["method"] == "POST" for row in rows[fetched:])
    page.screenshot(artifacts, "device-unavailable")

    # And back: a session again.
    page.use_device(DEFAULT_DEVICE)
    page.wait_for(lambda: page.phone("data-ready") == "true", "a session on the iPhone 15")
    assert_phone_is(page, DEFAULT_DEVICE, "portrait")
