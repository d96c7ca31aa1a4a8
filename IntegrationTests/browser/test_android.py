"""The playground's Android phone in headless Chromium against a real inset-server: its numbers are the catalogue's
(`GET /devices/pixel-9`), its requests an Android session's (`platform: "android"`) shows and hides, and once an
answer has been replayed the DOM shows the answer's numbers.

DOM conventions (docs/playground.md): on #android, #android-list is the scroll container, its top the
request's `scrollView.frame.y` less the window's pan, its computed height the answer's `scrollView.frame.height`;
#android-content's padding-bottom is `contentPadding.bottom`; `scrollTop` is `contentOffset.y`; #android-window's
top is `-windowPan.y`; #ime's top is the window's height less `windowInsets.ime.bottom`.

Tolerances: lengths exactly (0.01 dp, the computed value's print precision), boxes read through the phone's scale
within 0.05 dp, `scrollTop` within 1 dp (scroll offsets land on whole device pixels, answers can be fractional).
"""

from __future__ import annotations

import pytest

from playground_page import (
    DEFAULT_ANDROID_DEVICE,
    use_form,
    Playground,
    android_attribute,
    android_seek,
    android_state,
    device_entry,
    newest,
    scroll_android_to_end,
    session_exchanges,
    use_android_settings,
    use_chat,
    use_platform,
    wait_for_ime,
)

EXACT = 0.01
BOX = 0.05


@pytest.fixture(scope="module")
def pixel(server) -> dict:
    """The Pixel 9 in portrait as the catalogue gives it: screen, status bar, both navigation bars, the IME."""
    entry = device_entry(server, DEFAULT_ANDROID_DEVICE)
    portrait = lambda items: [item for item in items if item["orientation"] == "portrait"]  # noqa: E731
    bars = {
        mode: newest([bar for bar in portrait(entry["navigationBars"]) if bar["mode"] == mode])["height"]
        for mode in ("gesture", "threeButton")
    }
    return {
        "entry": entry,
        "width": entry["screen"]["width"],
        "height": entry["screen"]["height"],
        "statusBar": newest(portrait(entry["statusBars"]))["height"],
        "navigationBars": bars,
        "ime": newest(portrait(entry["imes"]))["height"],
    }


def android_session(page: Playground) -> tuple:
    """The page's Android session replayed on one of the test's own (each answer the panel shows must be the
    service's): its creation, and its exchanges by path."""
    exchanges = page.replay(exchanges=session_exchanges(page, android=True))
    by_path: dict[str, list] = {}
    for exchange in exchanges[1:]:
        by_path.setdefault(exchange.path, []).append(exchange)
    return exchanges[0], by_path


def assert_settled_on(state: dict, request: dict, answer: dict, screen_height: float) -> None:
    """The Android phone shows `answer` (to the window `request` described), nothing running."""
    assert state["running"] == 0, state["animations"]
    frame = answer["scrollView"]["frame"]
    pan = answer["windowPan"]["y"]
    assert state["listHeight"] == pytest.approx(frame["height"], abs=EXACT), state
    assert state["list"]["height"] == pytest.approx(frame["height"], abs=BOX), state
    assert state["list"]["top"] == pytest.approx(request["scrollView"]["frame"]["y"] - pan, abs=BOX), state
    assert state["windowTop"] == pytest.approx(-pan, abs=EXACT), state
    assert state["paddingBottom"] == pytest.approx(answer["contentPadding"]["bottom"], abs=EXACT), state
    assert state["scrollTop"] == pytest.approx(answer["contentOffset"]["y"], abs=1), state
    assert state["ime"]["top"] == pytest.approx(screen_height - answer["windowInsets"]["ime"]["bottom"], abs=BOX)


def check_request(created: dict, show: dict, pixel: dict, mode: str = "gesture") -> None:
    """The session's window is the catalogue's Pixel 9 (the screen, the bars), the show's IME frame at the window's
    bottom, its height the catalogue's (`ime()` counts the navigation bar's area under it)."""
    navigation = pixel["navigationBars"][mode]
    assert created["platform"] == "android" and "platform" not in show
    assert created["screen"] == {"width": pixel["width"], "height": pixel["height"]}
    assert created["systemBars"] == {"top": pixel["statusBar"], "bottom": navigation}
    assert created["navigationMode"] == mode
    frame = created["scrollView"]["frame"]
    assert frame["y"] == pixel["statusBar"] + 64, "under the status bar and the 64-dp app bar"
    ime = pixel["ime"]
    assert show["keyboard"] == {
        "frameEnd": {"x": 0, "y": pixel["height"] - ime, "width": pixel["width"], "height": ime}
    }


def tap_outside(page: Playground) -> None:
    """Clicks the Android panel's heading, which takes no focus: the field blurs."""
    page.driver.find_element("css selector", "#android-panel h2").click()


def tap_field(page: Playground, key: str) -> dict:
    """Taps the Android phone's field `key` (a form field's id, or `field` at the table's end); answers the phone
    once the IME is up and everything has settled."""
    page.driver.find_element("css selector", f'#android-content [data-field="{key}"]').click()
    page.wait_for(lambda: android_attribute(page, "data-focus") == key, f"the show for {key}")
    return wait_for_ime(page, "shown")


def on_the_form(page: Playground, **settings) -> None:
    """The Android phone alone on the form screen (its fields within sight without a scroll), with `settings`."""
    use_platform(page, "android")
    use_form(page)
    page.wait_for(lambda: android_attribute(page, "data-screen") == "form"
                  and android_attribute(page, "data-ready") == "true", "the Android form")
    if settings:
        use_android_settings(page, **settings)


def box(artifacts, page: Playground, name: str) -> None:
    page.driver.find_element("id", "android-box").screenshot(str(artifacts / f"{name}.png"))


def test_the_android_phone_is_the_catalogues_pixel(page: Playground, artifacts, pixel: dict) -> None:
    use_platform(page, "android")
    state = android_state(page)
    assert state["visible"] and not state["iosVisible"]
    # offsetWidth and offsetHeight are whole px: the catalogue's dp to the nearest.
    assert state["screenWidth"] == pytest.approx(pixel["width"], abs=0.5)
    assert state["screenHeight"] == pytest.approx(pixel["height"], abs=0.5)
    assert state["statusBar"] == pytest.approx(pixel["statusBar"], abs=BOX)
    assert state["navigationBar"] == pytest.approx(pixel["navigationBars"]["gesture"], abs=BOX)
    # The list from under the app bar to the navigation bar; the IME waits below the window.
    top = pixel["statusBar"] + 64
    assert state["list"]["top"] == pytest.approx(top, abs=BOX)
    assert state["listHeight"] == pytest.approx(pixel["height"] - pixel["navigationBars"]["gesture"] - top, abs=EXACT)
    assert state["ime"]["top"] == pytest.approx(pixel["height"], abs=BOX)
    assert state["ime"]["height"] == pytest.approx(pixel["ime"], abs=BOX)
    assert android_attribute(page, "data-device") == DEFAULT_ANDROID_DEVICE
    # The Android picker lists the catalogue's Android devices, in its order.
    _, _, listed = page.server.call("GET", "/devices")
    androids = [device["id"] for device in listed["devices"] if device["platform"] == "android"]
    options = page.driver.execute_script(
        "return [...document.querySelectorAll('#android-device option')].map((option) => option.value);"
    )
    assert options == androids
    sources = page.driver.execute_script(
        "return [...document.querySelectorAll('#android-sources .source')].map((source) => source.dataset.source);"
    )
    assert set(sources) == {"device-preview-pixel-probe", "device-preview-ime-default"}
    box(artifacts, page, "android-1-rest")


def test_an_adjust_resize_show_and_hide(page: Playground, artifacts, pixel: dict) -> None:
    on_the_form(page)
    state = tap_field(page, "address")
    box(artifacts, page, "android-2-resize-shown")
    created, by_path = android_session(page)
    [shown] = by_path["/keyboard/show"]
    request, answer = created.request, shown.replayed
    check_request(request, shown.request, pixel)
    assert request["windowSoftInputMode"] == "adjustResize" and request["edgeToEdge"] is False
    assert "imeInsets" not in request and request["insetsAnimationCallback"] is False
    assert request["scrollView"]["contentOffset"] == {"x": 0, "y": 0}
    # Address, in window coordinates, below the IME's top once it is up.
    focused = shown.request["focusedRect"]
    frame = request["scrollView"]["frame"]
    assert focused["y"] + focused["height"] > pixel["height"] - pixel["ime"]
    # The service: the list ends at the IME's top, scrolled to keep the field in view; no pan; unsynced.
    assert answer["layoutChange"] == "resize" and answer["windowPan"] == {"y": 0}
    lift = pixel["ime"] - pixel["navigationBars"]["gesture"]
    assert answer["scrollView"]["frame"]["height"] == pytest.approx(frame["height"] - lift, abs=1e-6)
    assert answer["contentOffset"]["y"] > 0
    assert answer["animation"]["layout"] == "atOnce" and answer["animation"]["cssDuration"] == 200
    assert_settled_on(state, request, answer, pixel["height"])
    assert state["ime"]["top"] == pytest.approx(pixel["height"] - pixel["ime"], abs=BOX)

    tap_outside(page)
    state = wait_for_ime(page, "hidden")
    box(artifacts, page, "android-3-hidden")
    _, by_path = android_session(page)
    [hidden] = by_path["/keyboard/hide"]
    assert "keyboard" not in hidden.request
    assert_settled_on(state, request, hidden.replayed, pixel["height"])
    assert hidden.replayed["scrollView"]["frame"]["height"] == frame["height"]


def test_adjust_pan_with_the_callback_on_three_button_navigation(page: Playground, artifacts, pixel: dict) -> None:
    on_the_form(page, soft_input_mode="adjustPan", insets_callback=True, navigation_mode="threeButton")
    assert android_state(page)["navigationBar"] == pytest.approx(pixel["navigationBars"]["threeButton"], abs=BOX)
    page.driver.find_element("css selector", '#android-content [data-field="address"]').click()
    # While the show runs: the IME on the synced curve (285 ms, the answer's linear() easing), the pan on the
    # scroller's (250 ms).
    page.wait_for(lambda: android_state(page)["running"] > 0 or android_attribute(page, "data-ime-state") == "shown",
                  "the show's animations")
    running = android_state(page)["animations"]
    state = wait_for_ime(page, "shown")
    box(artifacts, page, "android-4-pan-shown")
    created, by_path = android_session(page)
    [shown] = by_path["/keyboard/show"]
    request, answer = created.request, shown.replayed
    check_request(request, shown.request, pixel, "threeButton")
    assert request["windowSoftInputMode"] == "adjustPan" and request["insetsAnimationCallback"] is True
    animation = answer["animation"]
    assert animation["synced"] and animation["layout"] == "followsIme" and animation["cssDuration"] == 285
    # adjustPan: the list keeps its frame, the window moves up by exactly what brings the field's bottom to the
    # IME's top (no margin).
    assert answer["layoutChange"] == "none"
    assert answer["scrollView"]["frame"] == request["scrollView"]["frame"]
    focused = shown.request["focusedRect"]
    pan = focused["y"] + focused["height"] - (pixel["height"] - pixel["ime"])
    assert pan > 0 and answer["windowPan"]["y"] == pytest.approx(pan, abs=1e-6)
    assert animation["scroller"]["windowPan"]["to"] == answer["windowPan"]["y"]
    assert_settled_on(state, request, answer, pixel["height"])
    by_target = {item["target"]: item for item in running}
    if "ime" in by_target:
        assert by_target["ime"]["duration"] == 285 and by_target["ime"]["easing"].startswith("linear(")
    if "android-window" in by_target:
        assert by_target["android-window"]["duration"] == 250

    # Email, with the IME up: another show with its rect; the IME stays, the pan goes back for a field in sight.
    state = tap_field(page, "email")
    box(artifacts, page, "android-5-pan-focus-moved")
    _, by_path = android_session(page)
    moved = by_path["/keyboard/show"][-1]
    assert moved.replayed["windowInsets"]["ime"]["bottom"] == pixel["ime"]
    assert moved.replayed["animation"]["from"]["ime"]["bottom"] == pixel["ime"], "the IME does not move"
    assert_settled_on(state, request, moved.replayed, pixel["height"])

    tap_outside(page)
    state = wait_for_ime(page, "hidden")
    _, by_path = android_session(page)
    [hidden] = by_path["/keyboard/hide"]
    assert_settled_on(state, request, hidden.replayed, pixel["height"])
    assert state["windowTop"] == pytest.approx(0, abs=EXACT)


def test_edge_to_edge_with_ime_padding(page: Playground, artifacts, pixel: dict) -> None:
    on_the_form(page, edge_to_edge=True, ime_insets="padding", insets_callback=True)
    state = tap_field(page, "address")
    box(artifacts, page, "android-6-padding-shown")
    created, by_path = android_session(page)
    [shown] = by_path["/keyboard/show"]
    request, answer = created.request, shown.replayed
    assert request["edgeToEdge"] is True and request["imeInsets"] == "padding"
    assert answer["layoutChange"] == "padding"
    lift = pixel["ime"] - pixel["navigationBars"]["gesture"]
    assert answer["contentPadding"]["bottom"] == pytest.approx(lift, abs=1e-6)
    assert answer["scrollView"]["frame"] == request["scrollView"]["frame"]
    assert_settled_on(state, request, answer, pixel["height"])


def test_a_synced_resize_follows_the_ime_each_frame(page: Playground, artifacts, pixel: dict) -> None:
    """With the callback (`layout: "followsIme"`) the list's height at every instant is the rest height less
    `max(0, ime - navigationBar)` of the IME's inset the page shows then: frozen mid-show and sought through it."""
    on_the_form(page, insets_callback=True)
    rest = android_state(page)["listHeight"]
    navigation = pixel["navigationBars"]["gesture"]
    page.driver.find_element("css selector", '#android-content [data-field="address"]').click()
    page.wait_for(lambda: android_state(page)["running"] >= 3, "the show's animations")
    assert page.freeze() >= 3
    starts = page.driver.execute_script("return window.__frozen.map(([animation, start]) => start);")
    start = min(starts)
    samples = []
    for step in range(8):
        shown = android_seek(page, start + step * 285 / 7)
        ime = pixel["height"] - shown["ime"]["top"]
        samples.append((ime, shown["listHeight"]))
        assert shown["listHeight"] == pytest.approx(rest - max(0.0, ime - navigation), abs=0.05), (step, shown)
        if step == 2:
            box(artifacts, page, "android-9-synced-mid-show")
    # The IME rose through the navigation bar's height and on to its end; the list started shrinking past it.
    assert samples[0][0] == pytest.approx(0, abs=0.05) and samples[-1][0] == pytest.approx(pixel["ime"], abs=0.05)
    assert any(0 < ime < pixel["ime"] for ime, _ in samples)
    page.driver.execute_script("for (const [animation] of window.__frozen) animation.play();")
    wait_for_ime(page, "shown")


def test_a_scroll_of_the_list_is_the_windows_before_the_show(page: Playground, artifacts, pixel: dict) -> None:
    use_platform(page, "android")
    scroll_android_to_end(page)
    state = tap_field(page, "field")
    box(artifacts, page, "android-7-scrolled-shown")
    created, by_path = android_session(page)
    [patched] = by_path[f"/sessions/{created.shown['id']}"]
    offset = patched.request["scrollView"]["contentOffset"]["y"]
    assert offset > 0
    [shown] = by_path["/keyboard/show"]
    assert_settled_on(state, created.request, shown.replayed, pixel["height"])
    assert patched.replayed["target"]["contentOffset"]["y"] == offset, "the PATCH's offset is the window's"
    assert shown.replayed["contentOffset"]["y"] >= offset, "the list stays at its end, the field in sight"


def test_the_chat_composer_rides_on_the_resized_list(page: Playground, artifacts, pixel: dict) -> None:
    use_platform(page, "android")
    use_chat(page)
    page.wait_for(lambda: android_attribute(page, "data-screen") == "chat"
                  and android_attribute(page, "data-ready") == "true", "the Android chat")
    rest = android_state(page)
    assert rest["composer"]["top"] == pytest.approx(rest["list"]["bottom"], abs=BOX)
    assert rest["scrollTop"] == pytest.approx(rest["maxScrollTop"], abs=1), "opened on the newest message"
    page.driver.find_element("css selector", '#android-composer input').click()
    state = wait_for_ime(page, "shown")
    box(artifacts, page, "android-8-chat-shown")
    created, by_path = android_session(page)
    [shown] = by_path["/keyboard/show"]
    request, answer = created.request, shown.replayed
    # The composer's field is below the list, in window coordinates: not the list's to scroll.
    frame = request["scrollView"]["frame"]
    assert shown.request["focusedRect"]["y"] >= frame["y"] + frame["height"]
    assert_settled_on(state, request, answer, pixel["height"])
    assert state["composer"]["top"] == pytest.approx(frame["y"] + answer["scrollView"]["frame"]["height"], abs=BOX)
    assert state["composer"]["bottom"] == pytest.approx(pixel["height"] - pixel["ime"], abs=BOX)


def test_both_phones_show_the_same_scene(page: Playground, artifacts, pixel: dict) -> None:
    use_platform(page, "both")
    use_form(page)
    page.wait_for(lambda: android_attribute(page, "data-screen") == "form"
                  and android_attribute(page, "data-ready") == "true", "the Android form")
    state = android_state(page)
    assert state["visible"] and state["iosVisible"]
    ios_fit = float(page.driver.execute_script(
        "return getComputedStyle(document.getElementById('phone')).getPropertyValue('--fit');"
    ))
    assert state["fit"] == pytest.approx(ios_fit), "the phones are scaled alike"
    boxes = page.driver.execute_script(
        "return ['device-box', 'android-box'].map((id) => document.getElementById(id).getBoundingClientRect())"
        ".map((box) => ({left: box.left, right: box.right, top: box.top}));"
    )
    assert boxes[0]["right"] <= boxes[1]["left"], "side by side, the iPhone first"
    page.screenshot(artifacts, "both-1-rest")
    page.click("form-email")
    page.wait_for_state("shown")
    state = wait_for_ime(page, "shown")
    page.screenshot(artifacts, "both-2-shown")
    page.driver.find_element("id", "phones").screenshot(str(artifacts / "both-2-shown-phones.png"))
    # One tap, two shows, each phone's on its own session, stamped with the same instant.
    [ios] = [e for e in page.replay(exchanges=session_exchanges(page, android=False)) if e.path == "/keyboard/show"]
    created, by_path = android_session(page)
    [shown] = by_path["/keyboard/show"]
    assert ios.request["focus"] == "email" and android_attribute(page, "data-focus") == "email"
    assert ios.request["sessionId"] != shown.request["sessionId"]
    assert ios.request["timestamp"] == shown.request["timestamp"]
    assert_settled_on(state, created.request, shown.replayed, pixel["height"])
    dom = page.dom()
    adjusted = ios.replayed["adjustedContentInset"]
    assert dom["paddingBottom"] == pytest.approx(adjusted["bottom"], abs=0.01)
    assert dom["scrollTop"] == pytest.approx(ios.replayed["contentOffset"]["y"] + adjusted["top"], abs=1)
    page.tap_outside()
    page.wait_for_state("hidden")
    wait_for_ime(page, "hidden")
    page.screenshot(artifacts, "both-3-hidden")


def test_devices_without_the_numbers_say_so(page: Playground, server) -> None:
    use_platform(page, "android")
    # The Pixel 8: no status bar or gesture navigation bar published: no window to ask about.
    page.select("android-device", "pixel-8")
    page.wait_for(lambda: android_attribute(page, "data-device") == "pixel-8"
                  and android_attribute(page, "data-ready") == "unavailable", "the Pixel 8, unavailable")
    note = page.driver.find_element("id", "android-absent").text
    assert "no status bar" in note and "no gesture navigation bar" in note
    # The Pixel 9 Pro XL: bars, but no IME height: the fields are off.
    page.select("android-device", "pixel-9-pro-xl")
    page.wait_for(lambda: android_attribute(page, "data-device") == "pixel-9-pro-xl"
                  and android_attribute(page, "data-ready") == "true", "the Pixel 9 Pro XL")
    assert android_attribute(page, "data-ime") == "absent"
    disabled = page.driver.execute_script(
        "return [...document.querySelectorAll('#android input, #android textarea')].every((field) => field.disabled);"
    )
    assert disabled
    assert "no IME height" in page.driver.find_element("id", "android-absent").text
