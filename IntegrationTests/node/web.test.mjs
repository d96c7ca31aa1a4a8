// client.js's web helpers under Node: `webLifts` and `followsVirtualKeyboard` on answers written out and on a live
// inset-server's (`platform: "web"`), and `followVisualViewport` on a fake `visualViewport` (an EventTarget with a
// height and an offsetTop), a fake `navigator.virtualKeyboard` and fake elements (objects with a style), its
// transforms read after each dispatched `resize`, `scroll` or `geometrychange`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { loadClient, startServer } from "./server.mjs";

const { followVisualViewport, followsVirtualKeyboard, webLifts, show, hide, createSession } = await loadClient();

/** A `VisualViewport` as a page reads it: its height and its top in the layout viewport, and its events. */
class FakeViewport extends EventTarget {
  constructor(height, offsetTop = 0) {
    super();
    Object.assign(this, { height, offsetTop });
  }

  /** Moves it and fires `type` (`resize` or `scroll`), as the browser does. */
  move(type, changes) {
    Object.assign(this, changes);
    this.dispatchEvent(new Event(type));
  }
}

/** `navigator.virtualKeyboard`: its bounding rect and `geometrychange`. */
class FakeVirtualKeyboard extends EventTarget {
  boundingRect = { x: 0, y: 0, width: 0, height: 0 };

  show(height) {
    this.boundingRect = { ...this.boundingRect, height };
    this.dispatchEvent(new Event("geometrychange"));
  }
}

/** An element as followVisualViewport uses it: an inline style. */
const fakeElement = () => ({ style: { transform: "" } });

/** The chat page of docs/examples.md: a 390 × 664 viewport, a 44-px header, a 56-px composer, its input focused. */
const chatPage = (browser, extra = {}) => ({
  platform: "web",
  browser,
  viewport: { width: 390, height: 664 },
  documentHeight: 2400,
  scroll: { x: 0, y: 1736 },
  focusedRect: { x: 12, y: 2348, width: 366, height: 40 },
  focusedIn: "composer",
  fixedElements: [
    { id: "header", top: 0, height: 44 },
    { id: "composer", bottom: 0, height: 56 },
  ],
  keyboard: { height: 336 },
  ...extra,
});
const CHROME_131 = { engine: "blink", os: "android", version: "131" };
const SAFARI_18_4 = { engine: "webkit", os: "ios", version: "18.4" };
const FIREFOX_140 = { engine: "gecko", os: "android", version: "140" };

describe("webLifts and followsVirtualKeyboard", () => {
  const answer = {
    mode: "resizes-visual",
    keyboardInsets: { top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0 },
    fixedElements: [
      { id: "header", top: 0, height: 44, covered: false, hidden: 0, lift: 0 },
      { id: "composer", top: 608, height: 56, covered: true, hidden: 56, lift: -336 },
    ],
  };

  test("the lifts by id, as the answer gives them", () => {
    assert.deepEqual(webLifts(answer), { header: 0, composer: -336 });
    assert.deepEqual(webLifts({ fixedElements: [] }), {});
  });

  test("only overlays-content with keyboard insets follows the VirtualKeyboard API", () => {
    assert.equal(followsVirtualKeyboard(answer), false);
    const insets = { top: null, left: 0, bottom: null, right: 390, width: 390, height: 336 };
    assert.equal(followsVirtualKeyboard({ mode: "overlays-content", keyboardInsets: insets }), true);
    // Firefox's overlays-content has no API: the insets stay 0 and nothing tells the page the keyboard's height.
    assert.equal(followsVirtualKeyboard({ mode: "overlays-content", keyboardInsets: answer.keyboardInsets }), false);
  });
});

describe("followVisualViewport on a fake visualViewport", () => {
  test("a bottom bar rides on the visual viewport's bottom, a top bar on its top, at each resize and scroll", () => {
    const viewport = new FakeViewport(664);
    const composer = fakeElement();
    const header = fakeElement();
    const stop = followVisualViewport(
      { composer: { element: composer, edge: "bottom" }, header: { element: header, edge: "top" } },
      { visualViewport: viewport, innerHeight: () => 664 },
    );
    assert.equal(composer.style.transform, "translateY(0px)", "applied once at the start");
    assert.equal(header.style.transform, "translateY(0px)");

    viewport.move("resize", { height: 328 }); // the keyboard: 336 px of a 664-px viewport
    assert.equal(composer.style.transform, "translateY(-336px)");
    assert.equal(header.style.transform, "translateY(0px)");

    viewport.move("scroll", { offsetTop: 200 }); // the browser scrolls the visual viewport down the layout one
    assert.equal(composer.style.transform, "translateY(-136px)");
    assert.equal(header.style.transform, "translateY(200px)");

    viewport.move("scroll", { offsetTop: 336 }); // at the layout viewport's bottom: the bar is where it was
    assert.equal(composer.style.transform, "translateY(0px)");
    assert.equal(header.style.transform, "translateY(336px)");

    stop();
    assert.equal(composer.style.transform, "", "stopping clears the transforms");
    viewport.move("resize", { height: 664, offsetTop: 0 });
    assert.equal(composer.style.transform, "", "and no event moves them after");
    assert.equal(header.style.transform, "");
  });

  test("a layout viewport that shrinks too (resizes-content) leaves the bars where they are", () => {
    const viewport = new FakeViewport(664);
    let innerHeight = 664;
    const composer = fakeElement();
    followVisualViewport([{ id: "composer", bottom: 0, height: 56, element: composer }], {
      visualViewport: viewport,
      innerHeight: () => innerHeight,
    });
    innerHeight = 328;
    viewport.move("resize", { height: 328 });
    assert.equal(composer.style.transform, "translateY(0px)");
  });

  test("the request's fixedElements with their elements: the edge from top or bottom", () => {
    const viewport = new FakeViewport(664);
    const header = fakeElement();
    const composer = fakeElement();
    followVisualViewport(
      [
        { id: "header", top: 0, height: 44, element: header },
        { id: "composer", bottom: 0, height: 56, element: composer },
      ],
      { visualViewport: viewport, innerHeight: () => 664 },
    );
    viewport.move("resize", { height: 328, offsetTop: 100 });
    assert.equal(header.style.transform, "translateY(100px)");
    assert.equal(composer.style.transform, "translateY(-236px)");
  });

  test("under the VirtualKeyboard API the bottom bar follows boundingRect on geometrychange", () => {
    const viewport = new FakeViewport(664);
    const keyboard = new FakeVirtualKeyboard();
    const composer = fakeElement();
    const answer = {
      mode: "overlays-content",
      keyboardInsets: { top: null, left: 0, bottom: null, right: 390, width: 390, height: 336 },
    };
    const stop = followVisualViewport(
      { composer: { element: composer, edge: "bottom" } },
      { visualViewport: viewport, innerHeight: () => 664, answer, virtualKeyboard: keyboard },
    );
    assert.equal(composer.style.transform, "translateY(0px)");
    keyboard.show(336);
    assert.equal(composer.style.transform, "translateY(-336px)");
    keyboard.show(0);
    assert.equal(composer.style.transform, "translateY(0px)");
    stop();
    keyboard.show(336);
    assert.equal(composer.style.transform, "");
  });

  test("wrong use is refused", () => {
    assert.throws(() => followVisualViewport({}, { innerHeight: () => 0 }), TypeError, "no visualViewport here");
    const viewport = new FakeViewport(664);
    assert.throws(
      () => followVisualViewport({ bar: { element: fakeElement(), edge: "left" } }, { visualViewport: viewport }),
      TypeError,
    );
  });
});

describe("against a live inset-server", () => {
  let server;
  let options;
  before(async () => {
    server = await startServer();
    options = { baseURL: server.baseURL };
  });
  after(async () => server?.stop());

  /**
   * Follows the page's bars on a fake visual viewport moved to where the answer says it ends, and checks each bar's
   * transform is the answer's lift.
   */
  function followAnswer(answer, extra = {}) {
    const viewport = new FakeViewport(664);
    let innerHeight = 664;
    const elements = { header: fakeElement(), composer: fakeElement() };
    const stop = followVisualViewport(
      [
        { id: "header", top: 0, element: elements.header },
        { id: "composer", bottom: 0, element: elements.composer },
      ],
      { visualViewport: viewport, innerHeight: () => innerHeight, answer, ...extra },
    );
    innerHeight = answer.layoutViewport.height;
    viewport.move("resize", { height: answer.visualViewport.height });
    viewport.move("scroll", { offsetTop: answer.visualViewport.offsetTop });
    return { elements, stop };
  }

  test("Chrome 131 by default: the composer is scrolled into view, the header out of it", async () => {
    const answer = await show(null, chatPage(CHROME_131), options);
    assert.equal(answer.mode, "resizes-visual");
    assert.deepEqual(webLifts(answer), { header: 336, composer: 0 });
    const { elements, stop } = followAnswer(answer);
    assert.equal(elements.header.style.transform, "translateY(336px)");
    assert.equal(elements.composer.style.transform, "translateY(0px)");
    stop();
  });

  test("Firefox 140, an input low on a form: the composer under the keyboard, lifted by -336", async () => {
    const form = chatPage(FIREFOX_140, {
      documentHeight: 1400,
      scroll: { x: 0, y: 0 },
      focusedRect: { x: 16, y: 540, width: 358, height: 44 },
      focusedIn: undefined,
    });
    const answer = await show(null, form, options);
    const composer = answer.fixedElements.find(({ id }) => id === "composer");
    assert.equal(composer.covered, true);
    assert.equal(composer.lift, -336);
    const { elements, stop } = followAnswer(answer);
    for (const [id, lift] of Object.entries(webLifts(answer))) {
      assert.equal(elements[id].style.transform, `translateY(${lift}px)`, id);
    }
    stop();
  });

  test("Safari 18.4 ignores the meta; the visual viewport's listener gives the answer's lifts", async () => {
    const answer = await show(null, chatPage(SAFARI_18_4, { interactiveWidget: "resizes-content" }), options);
    assert.equal(answer.mode, "resizes-visual");
    assert.deepEqual(
      answer.ignored.map(({ member }) => member),
      ["/interactiveWidget"],
    );
    const { elements, stop } = followAnswer(answer);
    for (const [id, lift] of Object.entries(webLifts(answer))) {
      assert.equal(elements[id].style.transform, `translateY(${lift}px)`, id);
    }
    stop();
  });

  test("Chrome 131 with overlaysContent: env(keyboard-inset-height) is 336 and boundingRect gives the lift", async () => {
    const answer = await show(null, chatPage(CHROME_131, { virtualKeyboard: { overlaysContent: true } }), options);
    assert.equal(answer.mode, "overlays-content");
    assert.equal(answer.keyboardInsets.height, 336);
    assert.equal(followsVirtualKeyboard(answer), true);
    const keyboard = new FakeVirtualKeyboard();
    const { elements, stop } = followAnswer(answer, { virtualKeyboard: keyboard });
    keyboard.show(answer.keyboardInsets.height);
    assert.equal(elements.composer.style.transform, `translateY(${webLifts(answer).composer}px)`);
    assert.equal(webLifts(answer).composer, -336);
    stop();
  });

  test("the hide of the same page: nothing to lift", async () => {
    const answer = await hide(null, chatPage(CHROME_131), options);
    assert.deepEqual(webLifts(answer), { header: 0, composer: 0 });
    assert.equal(followsVirtualKeyboard(answer), false);
  });

  test("a web session: the show is the stateless one, the hide starts from where it left the page", async () => {
    const { keyboard, focusedRect, ...page } = chatPage(SAFARI_18_4, { focusedIn: undefined });
    const session = await createSession(page, { ...options, timestamp: 0 });
    assert.equal(session.state.platform, "web");
    assert.equal(session.state.keyboard, null);
    const shown = await session.show({ keyboard, focusedRect }, { timestamp: 10 });
    const { session: reference, ...answer } = shown;
    assert.deepEqual(answer, await show(null, chatPage(SAFARI_18_4, { focusedIn: undefined }), options));
    assert.equal(reference.keyboardState, "shown");
    const seen = await session.get();
    assert.deepEqual(seen.page.visualViewport, shown.visualViewport);
    const hidden = await session.hide({}, { timestamp: 20 });
    assert.equal(hidden.visualViewport.height, 664);
    // Safari's scroll is the visual viewport's, which grows back to 664 px at the document's end: 2 400 − 664.
    assert.equal(shown.visualViewport.pageTop, 2072);
    assert.equal(hidden.scroll.y, 1736);
    await session.delete();
  });
});
