// applyAndroidAnimation and applyAndroidState under Node, on the element-like objects of elements.mjs, replaying
// Android answers (`platform: "android"`): the IME on `animation`'s easing, the container's resize or padding
// following the IME's inset (`layout: "followsIme"`) or set at once (`"atOnce"`), the window's pan and the list's
// scroll on `animation.scroller`'s. First answers written out in the contract's shape (no server), then a live
// inset-server's stateless show and hide of the same window.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { element, eventually } from "./elements.mjs";
import { CEILING_MS, loadClient, startServer, within } from "./server.mjs";

const { applyAndroidAnimation, applyAndroidState, createSession, Playback, show, hide } = await loadClient();

const edges = (top, bottom) => ({ top, left: 0, bottom, right: 0 });
const SYNCED_EASING = "linear(0, 0.1 10%, 1)"; // stand-ins: the tests check where they go
const VISCOUS_EASING = "linear(0, 0.2 10%, 1)";

/**
 * The contract's example: a 412 × 915 window, a 24-dp status bar, three-button navigation (48 dp), adjustResize
 * with a WindowInsetsAnimation callback, a list from y 80, 787 tall, and a 400-dp IME: the list ends at the IME's
 * top (787 - (400 - 48) = 435) and scrolls from 0 to 321.
 */
function resizeShow({ layout = "followsIme", padding = false, pan = 0, scroll = [0, 321] } = {}) {
  const rest = {
    ime: edges(0, 0),
    scrollView: { frame: { x: 0, y: 80, width: 412, height: 787 } },
    contentPadding: { bottom: 0 },
    windowPan: { y: 0 },
    contentOffset: { x: 0, y: scroll[0] },
  };
  const shown = {
    ime: edges(0, 400),
    scrollView: { frame: { x: 0, y: 80, width: 412, height: padding ? 787 : 435 } },
    contentPadding: { bottom: padding ? 352 : 0 },
    windowPan: { y: pan },
    contentOffset: { x: 0, y: scroll[1] },
  };
  return {
    platform: "android",
    windowInsets: {
      ime: edges(0, 400),
      navigationBars: edges(0, 48),
      statusBars: edges(24, 0),
      systemBars: edges(24, 48),
    },
    layoutChange: padding ? "padding" : "resize",
    scrollView: shown.scrollView,
    contentPadding: shown.contentPadding,
    windowPan: shown.windowPan,
    contentOffset: shown.contentOffset,
    animation: {
      duration: 0.285,
      delay: 0,
      synced: layout === "followsIme",
      interpolator: "PathInterpolator(0.2, 0, 0, 1)",
      timingFunction: "cubic-bezier(0.2, 0, 0, 1)",
      cssDuration: 285,
      linearEasing: SYNCED_EASING,
      layout,
      from: rest,
      to: shown,
      scroller: {
        duration: 0.25,
        cssDuration: 250,
        interpolator: "Scroller.ViscousFluidInterpolator",
        linearEasing: VISCOUS_EASING,
        windowPan: { from: 0, to: pan },
        contentOffset: { from: scroll[0], to: scroll[1] },
      },
    },
  };
}

/** The same answer the other way: the hide back to rest. */
function reversed(answer) {
  const { from, to, scroller } = answer.animation;
  return {
    ...answer,
    windowInsets: { ...answer.windowInsets, ime: edges(0, 0) },
    scrollView: from.scrollView,
    contentPadding: from.contentPadding,
    windowPan: from.windowPan,
    contentOffset: from.contentOffset,
    animation: {
      ...answer.animation,
      from: to,
      to: from,
      scroller: {
        ...scroller,
        windowPan: { from: scroller.windowPan.to, to: scroller.windowPan.from },
        contentOffset: { from: scroller.contentOffset.to, to: scroller.contentOffset.from },
      },
    },
  };
}

/** The phone's moving parts: the list, its content, the window that pans, the IME, a composer under the list. */
function phone() {
  const parts = {
    scrollView: element("list"),
    content: element("content"),
    window: element("window"),
    ime: element("ime"),
    composer: element("composer"),
  };
  const { composer, ...elements } = parts;
  return { parts, elements: { ...elements, attached: [composer] } };
}

/** A length as the element shows it: its inline style reads the custom property, which holds the value. */
function length(node, name) {
  const property = `--inset-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  assert.equal(node.style[name], `var(${property})`, `${node.name}.${name} reads ${property}`);
  return node.custom.get(property);
}

const finish = async (playback) => {
  for (const animation of playback.animations) animation.seek(1);
  return within(CEILING_MS, "the playback", playback);
};

describe("applyAndroidAnimation", () => {
  test("a synced adjustResize show: the model at once, the IME and the list's height on the IME's easing", async () => {
    const { parts, elements } = phone();
    const answer = resizeShow();
    const playback = applyAndroidAnimation(answer, elements, { windowHeight: 915 });
    assert.ok(playback instanceof Playback);
    // The model: the answer's values, set at once.
    assert.equal(length(parts.scrollView, "height"), "435px");
    assert.equal(length(parts.content, "paddingBottom"), "0px");
    assert.equal(length(parts.ime, "top"), "515px");
    assert.equal(length(parts.window, "top"), "0px");
    assert.equal(length(parts.composer, "top"), "515px", "the composer on the list's bottom edge, 80 + 435");
    // The IME slides from the window's bottom to 915 - 400, over 285 ms on the synced curve (its cubic-bézier here,
    // where no CSS says linear() works; the scroller has no cubic-bézier, so its linear() goes as it is).
    const imeTiming = { duration: 285, easing: "cubic-bezier(0.2, 0, 0, 1)", fill: "none" };
    assert.deepEqual(parts.ime.animations.map(({ keyframes, timing }) => ({ keyframes, timing })), [
      { keyframes: [{ "--inset-top": "915px" }, { "--inset-top": "515px" }], timing: imeTiming },
    ]);
    // The list's height follows the inset: it starts once the inset passes the 48-dp bar (0.12 of the way).
    const [height, scroll] = parts.scrollView.animations;
    assert.deepEqual(height.keyframes, [
      { "--inset-height": "787px", offset: 0 },
      { "--inset-height": "787px", offset: 0.12 },
      { "--inset-height": "435px", offset: 1 },
    ]);
    assert.deepEqual(height.timing, imeTiming);
    assert.deepEqual(parts.composer.animations[0].keyframes, [
      { "--inset-top": "867px", offset: 0 },
      { "--inset-top": "867px", offset: 0.12 },
      { "--inset-top": "515px", offset: 1 },
    ]);
    // The scroll runs on the scroller's easing over 250 ms; scrollTop is set each frame from its progress.
    assert.deepEqual(scroll.keyframes, [{ "--inset-scroll": "0px" }, { "--inset-scroll": "321px" }]);
    assert.deepEqual(scroll.timing, { duration: 250, easing: VISCOUS_EASING, fill: "none" });
    assert.equal(parts.content.animations.length, 0, "no padding change");
    assert.equal(parts.window.animations.length, 0, "no pan");
    assert.equal(parts.scrollView.scrollTop, 0);
    scroll.seek(0.5);
    await eventually("scrollTop halfway", () => parts.scrollView.scrollTop === 160.5);
    assert.equal(await finish(playback), true);
    assert.equal(parts.scrollView.scrollTop, 321);
  });

  test("the hide: the height's corner where the inset drops under the bar (0.88 of the way)", async () => {
    const { parts, elements } = phone();
    const playback = applyAndroidAnimation(reversed(resizeShow()), elements, { windowHeight: 915 });
    assert.equal(length(parts.scrollView, "height"), "787px");
    assert.equal(length(parts.ime, "top"), "915px");
    assert.deepEqual(parts.scrollView.animations[0].keyframes, [
      { "--inset-height": "435px", offset: 0 },
      { "--inset-height": "787px", offset: 0.88 },
      { "--inset-height": "787px", offset: 1 },
    ]);
    assert.equal(parts.scrollView.scrollTop, 321);
    assert.equal(await finish(playback), true);
    assert.equal(parts.scrollView.scrollTop, 0);
  });

  test("a full-screen edge-to-edge list (issue 45): its height and padding follow the IME from its first frame", async () => {
    // The list covers the 915-dp window, bar included: it ends at the IME's top (328 dp, three buttons), 587 tall,
    // or is padded by the whole 328. No corner: nothing keeps the bar clear, so it moves with the inset from 0 (it
    // waited until the inset passed the 48-dp bar, 0.146 of the way, and lagged behind the IME's top by 48 dp).
    const answer = resizeShow();
    answer.windowInsets.ime = edges(0, 328);
    const { from, to } = answer.animation;
    from.scrollView.frame = { x: 0, y: 0, width: 412, height: 915 };
    to.ime = edges(0, 328);
    to.scrollView.frame = { x: 0, y: 0, width: 412, height: 587 };
    answer.scrollView = to.scrollView;
    const { parts, elements } = phone();
    const playback = applyAndroidAnimation(answer, elements, { windowHeight: 915 });
    assert.deepEqual(parts.scrollView.animations[0].keyframes, [
      { "--inset-height": "915px", offset: 0 },
      { "--inset-height": "587px", offset: 1 },
    ]);
    assert.equal(await finish(playback), true);
    const padded = resizeShow({ padding: true });
    padded.windowInsets.ime = edges(0, 328);
    padded.animation.from.scrollView.frame = { x: 0, y: 0, width: 412, height: 915 };
    padded.animation.to = {
      ...padded.animation.to,
      ime: edges(0, 328),
      scrollView: { frame: { x: 0, y: 0, width: 412, height: 915 } },
      contentPadding: { bottom: 328 },
    };
    const other = phone();
    const hide = applyAndroidAnimation(reversed(padded), other.elements, { windowHeight: 915 });
    assert.deepEqual(other.parts.content.animations[0].keyframes, [
      { "--inset-padding-bottom": "328px", offset: 0 },
      { "--inset-padding-bottom": "0px", offset: 1 },
    ]);
    assert.equal(await finish(hide), true);
  });

  test("atOnce (no callback): the padding is the answer's from the start, only the IME and the scroll move", async () => {
    const { parts, elements } = phone();
    const answer = resizeShow({ layout: "atOnce", padding: true, scroll: [0, 0] });
    const playback = applyAndroidAnimation(answer, elements, { windowHeight: 915 });
    assert.equal(length(parts.content, "paddingBottom"), "352px");
    assert.equal(length(parts.scrollView, "height"), "787px");
    assert.equal(parts.content.animations.length + parts.scrollView.animations.length, 0);
    assert.equal(parts.ime.animations.length, 1);
    assert.equal(await finish(playback), true);
  });

  test("adjustPan: the window's top runs from 0 to -pan on the scroller's easing", async () => {
    const { parts, elements } = phone();
    const answer = resizeShow({ layout: "atOnce", padding: true, pan: 97, scroll: [0, 0] });
    answer.animation.to.contentPadding.bottom = 0;
    answer.contentPadding.bottom = 0;
    const playback = applyAndroidAnimation(answer, elements, { windowHeight: 915, startTime: 1000 });
    assert.equal(length(parts.window, "top"), "-97px");
    const [pan] = parts.window.animations;
    assert.deepEqual(pan.keyframes, [{ "--inset-top": "0px" }, { "--inset-top": "-97px" }]);
    assert.deepEqual(pan.timing, { duration: 250, easing: VISCOUS_EASING, fill: "none" });
    assert.ok(playback.animations.every((animation) => animation.startTime === 1000));
    assert.equal(await finish(playback), true);
  });

  test("delays: each animation starts its delay after the answer's instant (a scroll already running, earlier)", async () => {
    const { parts, elements } = phone();
    const answer = resizeShow({ pan: 40 });
    answer.animation.scroller.contentOffset.delay = -0.1;
    answer.animation.scroller.windowPan.delay = 0.02;
    const playback = applyAndroidAnimation(answer, elements, { windowHeight: 915, startTime: 5000 });
    assert.equal(parts.ime.animations[0].startTime, 5000);
    assert.equal(parts.scrollView.animations[1].startTime, 4900);
    assert.equal(parts.window.animations[0].startTime, 5020);
    assert.equal(await finish(playback), true);
  });

  test("a second replay cancels the first (Android starts each animation from an end state)", async () => {
    const { parts, elements } = phone();
    const shown = applyAndroidAnimation(resizeShow(), elements, { windowHeight: 915 });
    const hidden = applyAndroidAnimation(reversed(resizeShow()), elements, { windowHeight: 915 });
    assert.equal(await within(CEILING_MS, "the cancelled show", shown), false);
    assert.ok(shown.animations.every((animation) => animation.playState === "idle"));
    assert.equal(await finish(hidden), true);
    assert.equal(parts.scrollView.scrollTop, 0);
    assert.equal(length(parts.scrollView, "height"), "787px");
  });

  test("without a duration everything is set at once; applyAndroidState likewise", async () => {
    const { parts, elements } = phone();
    const answer = resizeShow();
    answer.animation.cssDuration = 0;
    answer.animation.scroller.cssDuration = 0;
    const playback = applyAndroidAnimation(answer, elements, { windowHeight: 915 });
    assert.deepEqual(playback.animations, []);
    assert.equal(await playback, true);
    assert.equal(parts.scrollView.scrollTop, 321);
    assert.equal(length(parts.ime, "top"), "515px");
    const rest = applyAndroidState(resizeShow().animation.from, elements, { windowHeight: 915 });
    assert.equal(await rest, true);
    assert.equal(length(parts.scrollView, "height"), "787px");
    assert.equal(length(parts.ime, "top"), "915px");
    assert.equal(length(parts.composer, "top"), "867px");
    assert.equal(parts.scrollView.scrollTop, 0);
  });
});

describe("a live server's stateless Android show and hide, replayed", () => {
  let server;
  let options;
  before(async () => {
    server = await startServer();
    options = { baseURL: server.baseURL };
  });
  after(async () => server?.stop());

  /** The contract's window at rest: three-button navigation, adjustResize with the callback, a field at y 700. */
  const window = {
    platform: "android",
    screen: { width: 412, height: 915 },
    systemBars: { top: 24, bottom: 48 },
    navigationMode: "threeButton",
    windowSoftInputMode: "adjustResize",
    insetsAnimationCallback: true,
    scrollView: {
      frame: { x: 0, y: 80, width: 412, height: 787 },
      contentSize: { width: 412, height: 2000 },
      contentOffset: { x: 0, y: 0 },
    },
    focusedRect: { x: 16, y: 700, width: 380, height: 56 },
  };
  const imeFrame = { x: 0, y: 515, width: 412, height: 400 };

  test("the show: the list ends at the IME's top, scrolls the field to its bottom; the replay ends there", async () => {
    const answer = await show(null, { ...window, keyboard: { frameEnd: imeFrame } }, options);
    assert.equal(answer.platform, "android");
    assert.deepEqual(answer.windowInsets.ime, edges(0, 400));
    assert.equal(answer.layoutChange, "resize");
    // 787 - (400 - 48); the field's bottom (700 + 56 - 80 = 676 in the content) at the list's new bottom.
    assert.deepEqual(answer.scrollView.frame, { x: 0, y: 80, width: 412, height: 435 });
    assert.deepEqual(answer.contentOffset, { x: 0, y: 676 - 435 });
    const { animation } = answer;
    assert.equal(animation.layout, "followsIme");
    assert.equal(animation.cssDuration, 285);
    assert.equal(animation.timingFunction, "cubic-bezier(0.2, 0, 0, 1)");
    assert.deepEqual(animation.scroller.contentOffset, { from: 0, to: 241, delay: 0 });
    const { parts, elements } = phone();
    const playback = applyAndroidAnimation(answer, elements, { windowHeight: 915 });
    assert.deepEqual(parts.scrollView.animations[0].keyframes, [
      { "--inset-height": "787px", offset: 0 },
      { "--inset-height": "787px", offset: 0.12 },
      { "--inset-height": "435px", offset: 1 },
    ]);
    assert.equal(parts.scrollView.animations[1].timing.easing, animation.scroller.linearEasing);
    assert.equal(await finish(playback), true);
    assert.equal(length(parts.scrollView, "height"), "435px");
    assert.equal(length(parts.ime, "top"), "515px");
    assert.equal(length(parts.composer, "top"), "515px");
    assert.equal(parts.scrollView.scrollTop, 241);
  });

  test("on a session: a show, a hide 100 ms in (the IME snaps to shown first), the timeline", async () => {
    const session = await createSession(window, { ...options, timestamp: 1000 });
    assert.equal(session.state.keyboardState, "hidden");
    const shown = await session.show({ keyboard: { frameEnd: imeFrame }, focusedRect: window.focusedRect }, {
      timestamp: 2000,
    });
    assert.equal(shown.session.time, 2000);
    assert.equal(shown.animation.delay, 0);
    assert.deepEqual(shown.scrollView.frame.height, 435);
    const { parts, elements } = phone();
    const showing = applyAndroidAnimation(shown, elements, { windowHeight: 915, startTime: shown.session.time });
    assert.ok(showing.animations.every((animation) => animation.startTime === 2000));
    const hidden = await session.hide({}, { timestamp: 2100 });
    // InsetsController cancels the running show, which snaps the IME to shown: the hide runs whole from 400.
    assert.deepEqual(hidden.animation.from.ime, edges(0, 400));
    assert.deepEqual(hidden.windowInsets.ime, edges(0, 0));
    const hiding = applyAndroidAnimation(hidden, elements, { windowHeight: 915, startTime: hidden.session.time });
    assert.equal(await within(CEILING_MS, "the cancelled show", showing), false);
    assert.deepEqual(parts.ime.animations.at(-1).keyframes, [{ "--inset-top": "515px" }, { "--inset-top": "915px" }]);
    // The list's scroll that the show started is still running at the hide: it goes on from its own start.
    const scroll = hidden.animation.scroller.contentOffset;
    if (scroll.from !== scroll.to && scroll.delay < 0) {
      assert.equal(parts.scrollView.animations.at(-1).startTime, 2100 + scroll.delay * 1000);
    }
    assert.equal(await finish(hiding), true);
    assert.equal(length(parts.scrollView, "height"), "787px");
    // The session keeps the last IME event only: its timeline starts there.
    const timeline = await session.timeline({ from: 2100, to: 2500, step: 50 });
    assert.equal(timeline.platform, "android");
    assert.ok(timeline.values.some(({ name }) => /ime/i.test(name)), timeline.values.map(({ name }) => name));
    assert.match(await session.timelineSVG({ from: 2100, to: 2500 }), /<svg/);
    await session.delete();
  });

  test("the hide from the IME's frame (frameBegin): from where the show settles back to rest", async () => {
    const answer = await hide(null, { ...window, keyboard: { frameBegin: imeFrame } }, options);
    assert.deepEqual(answer.windowInsets.ime, edges(0, 0));
    const { from, to } = answer.animation;
    assert.deepEqual(from.ime, edges(0, 400));
    assert.equal(from.scrollView.frame.height, 435);
    assert.equal(to.scrollView.frame.height, 787);
    const { parts, elements } = phone();
    const playback = applyAndroidAnimation(answer, elements, { windowHeight: 915 });
    assert.deepEqual(parts.ime.animations[0].keyframes, [{ "--inset-top": "515px" }, { "--inset-top": "915px" }]);
    assert.equal(await finish(playback), true);
    assert.equal(length(parts.scrollView, "height"), "787px");
    assert.equal(parts.scrollView.scrollTop, answer.contentOffset.y);
  });
});
