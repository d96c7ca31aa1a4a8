// The playground's Web platform without a page (playground/web-scene.js and wording.js's web line): the body a show
// of each page sends, where an answer puts each part on the screen, the code that keeps the bottom bar in sight for
// each mode, and the scroll's motion. The answers are docs/examples.md's two web examples, written out.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { MODULES } from "./catalogue.mjs";

const scene = await import(new URL("web-scene.js", MODULES).href);
const wording = await import(new URL("wording.js", MODULES).href);

const browser = (id) => scene.WEB_BROWSERS.find((each) => each.id === id);
const chat = scene.WEB_PAGES.find(({ id }) => id === "chat");
const form = scene.WEB_PAGES.find(({ id }) => id === "form");
const settings = (extra = {}) => ({
  browser: browser("safari-18.4"),
  page: chat,
  keyboardHeight: 336,
  interactiveWidget: "resizes-content",
  overlaysContent: false,
  ...extra,
});
const noInsets = { top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0 };

/** docs/examples.md: the chat page in Safari 18.4, the meta asking resizes-content (ignored). */
const safari = {
  mode: "resizes-visual",
  ignored: [{ member: "/interactiveWidget", why: "this version does not read the viewport meta's interactive-widget" }],
  layoutViewport: { width: 390, height: 664 },
  visualViewport: { width: 390, height: 328, offsetTop: 336, offsetLeft: 0, pageTop: 2072, pageLeft: 0 },
  keyboardInsets: noInsets,
  scroll: { x: 0, y: 2072 },
  scrolledToFocus: true,
  fixedElements: [
    { id: "header", top: -336, height: 44, covered: true, hidden: 44, lift: 336 },
    { id: "composer", top: 272, height: 56, covered: false, hidden: 0, lift: 0 },
  ],
  animation: { viewports: "step", scroll: { duration: 0.25, timingFunction: null } },
};
/** The same page in Chrome 131: both viewports shrink. */
const chrome = {
  ...safari,
  mode: "resizes-content",
  ignored: [],
  layoutViewport: { width: 390, height: 328 },
  visualViewport: { ...safari.visualViewport, offsetTop: 0 },
  fixedElements: [
    { id: "header", top: 0, height: 44, covered: false, hidden: 0, lift: 0 },
    { id: "composer", top: 272, height: 56, covered: false, hidden: 0, lift: 0 },
  ],
  animation: { viewports: "step", scroll: { duration: 0.2, timingFunction: "cubic-bezier(0.8, 0, 0.3, 0.9)" } },
};

describe("the Web platform's scene", () => {
  test("the browsers offered: Safari 18.4 and 26, Chrome 107 and 131, Firefox 140", () => {
    assert.deepEqual(
      scene.WEB_BROWSERS.map(({ engine, version }) => `${engine} ${version}`),
      ["webkit 18.4", "webkit 26", "blink 107", "blink 131", "gecko 140"],
    );
  });

  test("the chat's show is docs/examples.md's body", () => {
    assert.deepEqual(scene.webBody(settings()), {
      platform: "web",
      browser: { engine: "webkit", os: "ios", version: "18.4" },
      viewport: { width: 390, height: 664 },
      keyboard: { height: 336 },
      documentHeight: 2400,
      scroll: { x: 0, y: 1736 },
      focusedRect: { x: 12, y: 2348, width: 366, height: 40 },
      fixedElements: [
        { id: "header", top: 0, height: 44 },
        { id: "composer", bottom: 0, height: 56 },
      ],
      focusedIn: "composer",
      interactiveWidget: "resizes-content",
    });
  });

  test("the form's: no focusedIn, no meta key with none, the API when set", () => {
    const body = scene.webBody(settings({ page: form, interactiveWidget: "none", overlaysContent: true }));
    assert.equal(body.focusedIn, undefined);
    assert.equal(body.interactiveWidget, undefined);
    assert.deepEqual(body.virtualKeyboard, { overlaysContent: true });
    assert.deepEqual(body.fixedElements[1], { id: "savebar", bottom: 0, height: 56 });
  });

  test("the layout on the screen: the layout viewport at -offsetTop, the bars at their tops, lifted on request", () => {
    const drawn = scene.webLayout(safari, { keyboardHeight: 336, shown: true, lifted: false });
    assert.deepEqual(drawn.layout, { top: -336, height: 664 });
    assert.equal(drawn.documentTop, -2072);
    assert.deepEqual(drawn.keyboard, { top: 328, height: 336 });
    assert.deepEqual(
      drawn.bars.map(({ id, top }) => [id, top]),
      [
        ["header", -336],
        ["composer", 272],
      ],
    );
    const lifted = scene.webLayout(safari, { keyboardHeight: 336, shown: true, lifted: true });
    assert.deepEqual(
      lifted.bars.map(({ id, top }) => [id, top]),
      [
        ["header", 0],
        ["composer", 272],
      ],
    );
    assert.equal(scene.webLayout(safari, { keyboardHeight: 336, shown: false, lifted: false }).keyboard, null);
  });

  test("the code: a listener where only the visual viewport shrinks, the meta where the layout one does", () => {
    const listener = scene.keepVisibleCode(safari, settings());
    assert.equal(listener.kind, "listener");
    assert.match(listener.code, /interactive-widget=resizes-content/);
    assert.match(listener.code, /vv\.height \+ vv\.offsetTop - innerHeight/);
    assert.equal(scene.keepVisibleCode(chrome, settings()).kind, "meta");
  });

  test("the code under the VirtualKeyboard API is env(keyboard-inset-height); Firefox's overlay has none", () => {
    const overlay = { ...chrome, mode: "overlays-content", keyboardInsets: { ...noInsets, width: 390, height: 336 } };
    const env = scene.keepVisibleCode(overlay, settings({ overlaysContent: true }));
    assert.equal(env.kind, "env");
    assert.match(env.code, /navigator\.virtualKeyboard\.overlaysContent = true/);
    assert.match(env.code, /env\(keyboard-inset-height, 0px\)/);
    const firefox = { ...overlay, keyboardInsets: noInsets };
    assert.equal(scene.keepVisibleCode(firefox, settings({ interactiveWidget: "overlays-content" })).kind, "none");
  });

  test("the scroll's motion: the answer's, WebKit's curve drawn ease, a jump when null", () => {
    assert.deepEqual(scene.scrollMotion(safari), { duration: 250, easing: "ease", curveKnown: false });
    assert.deepEqual(scene.scrollMotion(chrome), {
      duration: 200,
      easing: "cubic-bezier(0.8, 0, 0.3, 0.9)",
      curveKnown: true,
    });
    assert.equal(scene.scrollMotion({ ...chrome, animation: { viewports: "step", scroll: null } }), null);
  });

  test("the status line", () => {
    assert.equal(
      wording.explainWeb(safari, true),
      "resizes-visual: visual viewport 328 px at offsetTop 336, innerHeight 664; scrolled to the input " +
        "(scrollY 2072); out of sight: header (44 px).",
    );
    assert.match(wording.explainWeb(chrome, false), /^Hidden \(resizes-content\)/);
  });
});
