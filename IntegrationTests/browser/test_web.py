"""The playground's Web platform in headless Chromium against a real inset-server.

With **Platform: Web** the stage shows a page in a phone's browser (docs/playground.md, "Web"): a chat whose fixed
composer has the focus, or a form with an input low on the page, each under a fixed header. Tapping the input sends a
stateless `POST /keyboard/show` with `platform: "web"`, the browser picked, the meta's `interactive-widget` and the
VirtualKeyboard API's `overlaysContent`; Hide keyboard a hide of the same page. The page draws the answer: the layout
viewport at `-offsetTop`, the visual viewport from the screen's top, the keyboard over the viewport's bottom, each
fixed bar at its answered `top` (plus its `lift` with **Apply the lift**), and lists `ignored`, the events in order and
the code that keeps the bottom bar in sight.

Every number checked is the service's: the bars drawn where the answer says (0.5 px, read through the phone's scale),
and the page's requests sent again by the test give the answers the panel and the side show.
"""

from __future__ import annotations

import pytest

from playground_page import Playground

PX = 0.5

# What the Web stage shows, in CSS px of the page on the phone (rects relative to the screen, through the scale).
WEB_STATE = """
const screen = document.getElementById('web-screen').getBoundingClientRect();
const phone = document.getElementById('web-phone');
const fit = parseFloat(getComputedStyle(phone).getPropertyValue('--web-fit')) || 1;
const box = (id) => {
  const element = document.getElementById(id);
  if (element.hidden || getComputedStyle(element).display === 'none') return null;
  const r = element.getBoundingClientRect();
  return { top: (r.top - screen.top) / fit, bottom: (r.bottom - screen.top) / fit, height: r.height / fit };
};
const summary = Object.fromEntries(
  [...document.querySelectorAll('#web-summary dd')].map((dd) => [dd.dataset.key, dd.textContent]));
return {
  fit,
  keyboard: phone.dataset.keyboard,
  mode: phone.dataset.mode,
  scroll: phone.dataset.scroll,
  answers: Number(phone.dataset.answers || 0),
  header: box('web-header'),
  bar: box('web-bottom-bar'),
  layout: box('web-layout'),
  visual: box('web-visual'),
  keyboardBox: box('web-keyboard'),
  covered: {
    header: document.getElementById('web-header').dataset.covered,
    bar: document.getElementById('web-bottom-bar').dataset.covered,
  },
  code: document.getElementById('web-code').textContent,
  codeKind: document.getElementById('web-code').dataset.kind,
  note: document.getElementById('web-keyboard-note').textContent,
  ignored: [...document.querySelectorAll('#web-ignored li')].map((li) => li.dataset.member),
  events: [...document.querySelectorAll('#web-events li')].map((li) => `${li.dataset.target} ${li.dataset.type}`),
  summary,
  status: document.getElementById('web-status').textContent,
  running: document.getAnimations().length,
};
"""


def web_state(page: Playground) -> dict:
    return page.driver.execute_script(WEB_STATE)


def use_web(playground: Playground, **controls) -> None:
    """Platform: Web, then each control (`web-browser`, `web-page`, `web-widget` by value; `web-overlays`,
    `web-lift` by checked), each change answered (a hide of the page at rest) before the next."""
    page = playground
    page.select("platform", "web")
    page.wait_for(lambda: web_state(page)["answers"] >= 1, "the Web page's first answer")
    for name, value in controls.items():
        element_id = f"web-{name}"
        before = web_state(page)["answers"]
        if isinstance(value, bool):
            box = page.driver.find_element("id", element_id)
            if box.is_selected() == value:
                continue
            box.click()
        elif page.driver.find_element("id", element_id).get_attribute("value") != value:
            page.select(element_id, value)
        else:
            continue  # already so: no change, no request
        page.wait_for(lambda: web_state(page)["answers"] > before, f"the answer after {element_id}")


def tap_input(page: Playground) -> dict:
    """Taps the page's input (the composer's, or the form's); waits for the show's answer and the scroll's end."""
    before = web_state(page)["answers"]
    chat = page.driver.find_element("id", "web-composer-input")
    (chat if chat.is_displayed() else page.driver.find_element("id", "web-form-input")).click()
    page.wait_for(lambda: (s := web_state(page))["answers"] > before and s["keyboard"] == "shown", "the web show")
    page.wait_for(lambda: web_state(page)["running"] == 0, "the scroll to end")
    return web_state(page)


def web_exchanges(page: Playground) -> list:
    """The page's web requests (stateless shows and hides with `platform: "web"`), oldest first."""
    return [
        exchange
        for exchange in page.logged()
        if exchange.path in ("/keyboard/show", "/keyboard/hide")
        and isinstance(exchange.request, dict)
        and exchange.request.get("platform") == "web"
    ]


def replayed(page: Playground) -> dict:
    """Sends every web request of the page again and checks each answer is the one its panel shows; answers the
    last one."""
    exchanges = web_exchanges(page)
    assert exchanges, "the page sent no web request"
    for exchange in exchanges:
        status, _, answer = page.server.call("POST", exchange.path, exchange.request)
        assert status == exchange.status == 200, (exchange.path, status, answer)
        assert answer == exchange.shown, exchange.path
    return exchanges[-1].shown


def bar_answer(answer: dict, bar_id: str) -> dict:
    return next(bar for bar in answer["fixedElements"] if bar["id"] == bar_id)


def assert_drawn(state: dict, answer: dict, bottom_id: str = "composer", lifted: bool = False) -> None:
    """The header and the bottom bar drawn at the answer's tops (plus their lifts), the visual viewport from the
    screen's top, the layout viewport at `-offsetTop`, and the side's numbers the answer's."""
    vv = answer["visualViewport"]
    for drawn, bar_id in ((state["header"], "header"), (state["bar"], bottom_id)):
        bar = bar_answer(answer, bar_id)
        assert drawn["top"] == pytest.approx(bar["top"] + (bar["lift"] if lifted else 0), abs=PX), bar_id
        assert drawn["height"] == pytest.approx(bar["height"], abs=PX)
    assert state["visual"]["top"] == pytest.approx(0, abs=PX)
    assert state["visual"]["height"] == pytest.approx(vv["height"], abs=PX)
    assert state["layout"]["top"] == pytest.approx(-vv["offsetTop"], abs=PX)
    assert state["layout"]["height"] == pytest.approx(answer["layoutViewport"]["height"], abs=PX)
    assert state["mode"] == answer["mode"]
    assert state["ignored"] == ([item["member"] for item in answer["ignored"]] or ["nothing"])
    assert state["events"] == [f"{event['target']} {event['type']}" for event in answer["events"]]
    summary = state["summary"]
    assert summary["innerHeight"] == str(answer["layoutViewport"]["height"])
    assert summary["offsetTop"] == str(vv["offsetTop"])
    assert summary["pageTop"] == str(vv["pageTop"])
    assert summary["keyboard-inset-height"] == str(answer["keyboardInsets"]["height"])


def test_safari_default_ignores_the_meta(page, artifacts):
    use_web(page)
    state = web_state(page)
    assert state["keyboard"] == "hidden"
    assert "form bar" in state["note"], state["note"]  # Safari's 336 is the keyboard and the form bar
    shown = tap_input(page)
    answer = replayed(page)
    request = web_exchanges(page)[-1].request
    assert request["browser"] == {"engine": "webkit", "os": "ios", "version": "18.4"}
    assert request["interactiveWidget"] == "resizes-content"
    assert request["keyboard"] == {"height": 336}
    assert_drawn(shown, answer)
    # Safari 18.4 does not read interactive-widget: the answer says so and the page lists it.
    assert shown["ignored"] == ["/interactiveWidget"]
    assert answer["mode"] == "resizes-visual"
    # The visual viewport shrank to the keyboard's top; the layout viewport did not.
    assert shown["keyboardBox"]["top"] == pytest.approx(664 - 336, abs=PX)
    assert shown["visual"]["bottom"] == pytest.approx(shown["keyboardBox"]["top"], abs=PX)
    assert shown["layout"]["height"] == pytest.approx(664, abs=PX)
    # Safari scrolled the composer into view: the service puts it on the keyboard and the header out of sight.
    header, composer = bar_answer(answer, "header"), bar_answer(answer, "composer")
    assert shown["covered"] == {"header": str(header["covered"]).lower(), "bar": str(composer["covered"]).lower()}
    if composer["covered"]:
        assert shown["bar"]["bottom"] > shown["keyboardBox"]["top"] + PX
    else:
        assert shown["bar"]["bottom"] <= shown["keyboardBox"]["top"] + PX
    assert header["covered"] and shown["header"]["bottom"] <= PX
    # A visualViewport listener is the code that keeps the composer in sight; the scroll animated (0.25 s).
    assert shown["codeKind"] == "listener"
    assert "visualViewport.addEventListener" in shown["code"]
    assert shown["scroll"] == "animated"
    page.screenshot(artifacts, "web-1-safari-shown")
    page.click("web-hide")
    page.wait_for(lambda: web_state(page)["keyboard"] == "hidden", "the web hide")
    hidden = web_state(page)
    assert hidden["keyboardBox"] is None
    assert_drawn(hidden, replayed(page))


def test_a_covered_composer_and_the_lift(page, artifacts):
    """Firefox 140 on the chat: its scroll leaves 12 px of the composer under the keyboard; the lift puts the
    composer's bottom on the keyboard's top and the header's top on the visual viewport's."""
    use_web(page, browser="firefox-140", widget="none")
    shown = tap_input(page)
    answer = replayed(page)
    composer = bar_answer(answer, "composer")
    assert composer["covered"] and composer["hidden"] > 0
    assert shown["covered"]["bar"] == "true"
    assert_drawn(shown, answer)
    assert shown["bar"]["bottom"] == pytest.approx(shown["keyboardBox"]["top"] + composer["hidden"], abs=PX)
    assert shown["scroll"] == "jump"  # Gecko's scroll is instant: animation.scroll is null
    page.click("web-lift")
    page.wait_for(lambda: web_state(page)["bar"]["bottom"] <= web_state(page)["keyboardBox"]["top"] + PX, "the lift")
    lifted = web_state(page)
    assert_drawn(lifted, answer, lifted=True)
    assert lifted["bar"]["bottom"] == pytest.approx(lifted["keyboardBox"]["top"], abs=PX)
    assert lifted["header"]["top"] == pytest.approx(0, abs=PX)
    page.screenshot(artifacts, "web-2-firefox-lifted")


def test_chrome_131_resizes_content(page, artifacts):
    use_web(page, browser="chrome-131", widget="resizes-content")
    shown = tap_input(page)
    answer = replayed(page)
    assert answer["mode"] == "resizes-content" and answer["ignored"] == []
    assert_drawn(shown, answer)
    # Both viewports end at the keyboard's top, and the composer with them, above the keyboard.
    assert shown["layout"]["bottom"] == pytest.approx(shown["keyboardBox"]["top"], abs=PX)
    assert shown["bar"]["bottom"] == pytest.approx(shown["keyboardBox"]["top"], abs=PX)
    assert shown["covered"]["bar"] == "false"
    assert "window resize" in shown["events"]
    assert shown["events"].index("visualViewport resize") < shown["events"].index("window resize")
    assert shown["codeKind"] == "meta"
    assert "interactive-widget=resizes-content" in shown["code"]
    assert "form bar" not in shown["note"]
    page.screenshot(artifacts, "web-3-chrome-resizes-content")


def test_overlays_content_with_the_virtual_keyboard_api(page, artifacts):
    use_web(page, browser="chrome-131", widget="overlays-content", overlays=True)
    shown = tap_input(page)
    answer = replayed(page)
    assert web_exchanges(page)[-1].request["virtualKeyboard"] == {"overlaysContent": True}
    assert answer["mode"] == "overlays-content"
    assert answer["keyboardInsets"]["height"] == 336
    assert_drawn(shown, answer)
    assert shown["summary"]["keyboard-inset-height"] == "336"
    assert shown["codeKind"] == "env"
    assert "env(keyboard-inset-height, 0px)" in shown["code"]
    assert "navigator.virtualKeyboard.overlaysContent = true" in shown["code"]
    assert shown["events"] == ["virtualKeyboard geometrychange"]
    # Nothing resizes: the composer stays on the layout viewport's bottom, under the keyboard, until lifted.
    assert shown["covered"]["bar"] == "true"
    assert shown["bar"]["bottom"] == pytest.approx(664, abs=PX)
    page.click("web-lift")
    page.wait_for(lambda: web_state(page)["bar"]["bottom"] < 664 - PX, "the lift")
    lifted = web_state(page)
    assert lifted["bar"]["bottom"] == pytest.approx(lifted["keyboardBox"]["top"], abs=PX)
    page.screenshot(artifacts, "web-4-overlays-content-lifted")


def test_the_form_and_its_settings_resend(page):
    """The form's input low on the page, then the keyboard's height typed in: each change while shown is a new show."""
    use_web(page, **{"page": "form", "browser": "safari-26", "widget": "none"})
    shown = tap_input(page)
    answer = replayed(page)
    request = web_exchanges(page)[-1].request
    assert "interactiveWidget" not in request and "focusedIn" not in request
    assert request["focusedRect"]["y"] == 540
    assert answer["scrolledToFocus"]
    assert_drawn(shown, answer, bottom_id="savebar")
    before = shown["answers"]
    field = page.driver.find_element("id", "web-keyboard-height")
    field.clear()
    field.send_keys("300\n")
    page.driver.execute_script("arguments[0].dispatchEvent(new Event('change'))", field)
    page.wait_for(lambda: web_state(page)["answers"] > before and web_state(page)["running"] == 0, "the new show")
    resent = web_state(page)
    answer = replayed(page)
    assert web_exchanges(page)[-1].request["keyboard"] == {"height": 300}
    assert resent["keyboardBox"]["height"] == pytest.approx(300, abs=PX)
    assert_drawn(resent, answer, bottom_id="savebar")


@pytest.mark.parametrize("browser", ["safari-18.4", "safari-26", "chrome-107", "chrome-131", "firefox-140"])
def test_every_browser_offered_is_answered(page, browser):
    use_web(page, browser=browser)
    shown = tap_input(page)
    assert_drawn(shown, replayed(page))
