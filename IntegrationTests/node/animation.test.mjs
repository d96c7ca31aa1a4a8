// applyAnimation, applyState and Playback under Node, on element-like objects that record what client.js does
// to them (inline styles, custom properties, scrollTop, Web Animations calls), replaying real answers from a
// live inset-server: README's first show (inset 301 + 34 of safe area, offset 237 + 59 of safe area) and a
// session's show interrupted by a hide. No DOM: no CSS.registerProperty, no getComputedStyle, no
// requestAnimationFrame, which client.js does without.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { element, eventually, padding } from "./elements.mjs";
import { CEILING_MS, loadClient, startServer, within } from "./server.mjs";

const client = await loadClient();
const { applyAnimation, applyState, insetAdjustment, createSession, show, Playback } = client;

const readme = {
  scrollView: {
    frame: { x: 0, y: 0, width: 393, height: 852 },
    safeAreaInsets: { top: 59, left: 0, bottom: 34, right: 0 },
    contentSize: { width: 393, height: 2000 },
  },
  screen: { width: 393, height: 852 },
  keyboard: { frameEnd: { x: 0, y: 517, width: 393, height: 335 }, animationDuration: 0.25, animationCurve: 7 },
  focusedRect: { x: 16, y: 700, width: 361, height: 44 },
};

let server;
let options;
let first; // README's first show
before(async () => {
  server = await startServer();
  options = { baseURL: server.baseURL };
  first = await show(null, readme, options);
});
after(async () => server?.stop());

describe("applyState", () => {
  test("sets README's answer at once: padding 59 / 335 (inset plus safe area), scrollTop 296 (237 + 59)", async () => {
    const table = element("table");
    const content = element("content");
    const playback = applyState(first, { scrollView: table, content }, { adjustment: insetAdjustment(first) });
    assert.ok(playback instanceof Playback);
    assert.deepEqual(playback.animations, []);
    assert.equal(await playback, true);
    assert.equal(padding(content, "top"), "59px");
    assert.equal(padding(content, "bottom"), "335px");
    assert.equal(table.scrollTop, 296);
    assert.equal(content.animations.length + table.animations.length, 0);
  });

  test("without an adjustment the padding is the inset alone; content defaults to the scroll view", async () => {
    const table = element("table");
    assert.equal(await applyState(first.animation.from, { scrollView: table }), true);
    assert.equal(padding(table, "top"), "0px");
    assert.equal(padding(table, "bottom"), "0px");
    assert.equal(table.scrollTop, 0);
    await applyState(first, { scrollView: table });
    assert.equal(padding(table, "bottom"), "301px");
    assert.equal(table.scrollTop, 237);
  });
});

describe("applyAnimation of a stateless answer (replaces whatever runs)", () => {
  test("the model at once, one animation from `from` to `to` with its timing, scrollTop set per frame", async () => {
    const table = element("table");
    const content = element("content");
    const elements = { scrollView: table, content };
    const adjustment = insetAdjustment(first);
    const playback = applyAnimation(first.animation, elements, { adjustment });
    assert.ok(playback instanceof Playback);
    // The model: the final values, set at once.
    assert.equal(padding(content, "top"), "59px");
    assert.equal(padding(content, "bottom"), "335px");
    // One animation, on the content, over the custom properties, from 34 (the safe area alone) to 335.
    assert.equal(content.animations.length, 1);
    assert.equal(table.animations.length, 0);
    const [animation] = content.animations;
    assert.deepEqual(playback.animations, [animation]);
    assert.deepEqual(animation.keyframes, [
      { "--inset-padding-top": "59px", "--inset-padding-bottom": "34px" },
      { "--inset-padding-top": "59px", "--inset-padding-bottom": "335px" },
    ]);
    // No CSS.supports here, so the cubic-bézier stands in for linear(); 500 ms as the descriptor says.
    assert.deepEqual(animation.timing, { duration: 500, easing: "cubic-bezier(0.38, 0.7, 0.125, 1)", fill: "none" });
    assert.equal(animation.startTime, null, "a stateless answer has no startTime: it starts now");
    // scrollTop: the model (296) plus the delta (59 - 296) times what is left, each frame.
    assert.equal(table.scrollTop, 59);
    animation.seek(0.5);
    await eventually("scrollTop halfway", () => table.scrollTop === 296 - 237 / 2);
    animation.seek(0.75);
    await eventually("scrollTop three quarters in", () => table.scrollTop === 296 - 237 / 4);
    animation.seek(1);
    assert.equal(await within(CEILING_MS, "the playback", playback), true);
    assert.equal(table.scrollTop, 296);
  });

  test("options: startTime and easing as given", async () => {
    const content = element("content");
    const playback = applyAnimation(first.animation, { scrollView: element("table"), content }, {
      startTime: 1234.5,
      easing: "linear",
    });
    const [animation] = content.animations;
    assert.equal(animation.startTime, 1234.5);
    assert.equal(animation.timing.easing, "linear");
    playback.cancel();
    assert.equal(await playback, false);
  });

  test("a second replacing descriptor cancels the first: the first resolves false, the second true", async () => {
    const table = element("table");
    const content = element("content");
    const elements = { scrollView: table, content };
    const shown = applyAnimation(first.animation, elements);
    const hiding = { ...first.animation, from: first.animation.to, to: first.animation.from };
    const hidden = applyAnimation(hiding, elements);
    assert.equal(content.animations[0].playState, "idle", "cancelled");
    assert.equal(await within(CEILING_MS, "the cancelled playback", shown), false);
    assert.deepEqual(content.animations[1].keyframes, [
      { "--inset-padding-top": "0px", "--inset-padding-bottom": "301px" },
      { "--inset-padding-top": "0px", "--inset-padding-bottom": "0px" },
    ]);
    assert.equal(table.scrollTop, 237);
    content.animations[1].seek(1);
    assert.equal(await within(CEILING_MS, "the second playback", hidden), true);
    assert.equal(table.scrollTop, 0);
    assert.equal(padding(content, "bottom"), "0px");
  });

  test("extra elements: a model with its delta starts at to + delta; keyframes run as given", async () => {
    const keyboard = element("keyboard");
    const badge = element("badge");
    const frame = first.keyboardLayoutGuide.frame;
    const playback = applyAnimation(first.animation, {
      scrollView: element("table"),
      extra: [
        { element: keyboard, to: { top: `${frame.y}px`, opacity: "1" }, delta: { top: 335 } },
        { element: badge, keyframes: [{ opacity: "0" }, { opacity: "1" }] },
      ],
    });
    assert.equal(keyboard.style.top, "var(--inset-top)");
    assert.equal(keyboard.custom.get("--inset-top"), "517px");
    assert.equal(keyboard.style.opacity, "1");
    assert.deepEqual(
      keyboard.animations.map(({ keyframes }) => keyframes),
      [
        [{ "--inset-top": "852px" }, { "--inset-top": "517px" }],
        // Without a computed style (no DOM), where it is now is its inline style before the model was set.
        [{ opacity: undefined }, { opacity: "1" }],
      ],
    );
    assert.deepEqual(badge.animations[0].keyframes, [{ opacity: "0" }, { opacity: "1" }]);
    assert.equal(badge.style.opacity, "1", "a keyframes extra gets its last keyframe as the model");
    for (const animation of playback.animations) animation.seek(1);
    assert.equal(await within(CEILING_MS, "the playback", playback), true);
    assert.equal(playback.animations.length, 4);
  });
});

describe("applyAnimation of a session's answers (additive)", () => {
  test("a hide 80 ms into a show: added from its delta to zero, the show left running, on this clock", async () => {
    // Stamped with performance.now(), this clock.
    const session = await createSession({ scrollView: readme.scrollView, screen: readme.screen }, options);
    const table = element("table");
    const content = element("content");
    const keyboardView = element("keyboard");
    const elements = { scrollView: table, content, extra: [] };
    const adjustment = insetAdjustment(session.state.target);
    assert.deepEqual(adjustment, { top: 59, bottom: 34 });
    applyState(session.state.presentation, elements, { adjustment });
    assert.equal(table.scrollTop, 59);

    const shown = await session.show({ keyboard: readme.keyboard, focusedRect: readme.focusedRect });
    assert.equal(shown.animation.composition, "additive");
    const keyboardTo = { top: `${shown.keyboardLayoutGuide.frame.y}px` };
    const showing = applyAnimation(
      shown.animation,
      {
        ...elements,
        extra: [{ element: keyboardView, to: keyboardTo, delta: { top: shown.animation.delta.keyboardFrame.y } }],
      },
      { adjustment: insetAdjustment(shown) },
    );
    const [showDriver] = content.animations;
    assert.deepEqual(showDriver.keyframes, [
      { "--inset-padding-top": "0px", "--inset-padding-bottom": "-301px" },
      { "--inset-padding-top": "0px", "--inset-padding-bottom": "0px" },
    ]);
    assert.deepEqual(showDriver.timing, {
      duration: 500,
      easing: "cubic-bezier(0.38, 0.7, 0.125, 1)",
      fill: "backwards",
      composite: "add",
    });
    assert.deepEqual(keyboardView.animations[0].keyframes, [{ "--inset-top": "335px" }, { "--inset-top": "0px" }]);
    assert.equal(keyboardView.animations[0].timing.composite, "add");
    // The descriptor's startTime is on this page's clock (performance.now()): the animations start there.
    assert.equal(showDriver.startTime, shown.animation.startTime);
    assert.equal(padding(content, "bottom"), "335px");
    assert.equal(table.scrollTop, 59, "model 296 plus the delta, -237, all of it still to go");

    showDriver.seek(0.4);
    await eventually("scrollTop 40 % into the show", () => Math.abs(table.scrollTop - (296 - 237 * 0.6)) < 1e-9);

    const hidden = await session.hide({}, { timestamp: shown.animation.startTime + 80 });
    assert.equal(hidden.animation.composition, "additive");
    assert.equal(hidden.animation.inFlight.length, 1);
    // The hide gives the inset back and keeps the offset (237 is still inside the 2000-pt content).
    assert.deepEqual(hidden.contentInset, { top: 0, left: 0, bottom: 0, right: 0 });
    assert.deepEqual(hidden.contentOffset, { x: 0, y: 237 });
    assert.equal(hidden.animation.delta.contentInset.bottom, 301);
    assert.equal(hidden.animation.delta.contentOffset.y, 0);
    const hiding = applyAnimation(hidden.animation, elements, { adjustment: insetAdjustment(hidden) });
    assert.equal(showDriver.playState, "running", "an additive descriptor leaves the show running");
    const hideDriver = content.animations[1];
    assert.deepEqual(hideDriver.keyframes, [
      { "--inset-padding-top": "0px", "--inset-padding-bottom": "301px" },
      { "--inset-padding-top": "0px", "--inset-padding-bottom": "0px" },
    ]);
    assert.equal(hideDriver.timing.composite, "add");
    assert.equal(hideDriver.startTime, hidden.animation.startTime);
    assert.equal(padding(content, "bottom"), "34px", "the model is the hidden state");
    // scrollTop: the model (237 + 59 = 296) plus each live playback's delta times what is left: the show's
    // -237 × 0.6, still running, and the hide's 0.
    hideDriver.seek(0.5);
    await eventually("scrollTop with both playbacks", () => Math.abs(table.scrollTop - (296 - 237 * 0.6)) < 1e-9);
    showDriver.seek(0.9);
    await eventually("scrollTop as the show runs on", () => Math.abs(table.scrollTop - (296 - 237 * 0.1)) < 1e-9);
    assert.equal(showing.animations.length, 2, "the padding's and the keyboard's");
    for (const animation of showing.animations) animation.seek(1);
    assert.equal(await within(CEILING_MS, "the show's playback", showing), true);
    assert.equal(table.scrollTop, 296);
    assert.equal(hideDriver.playState, "running", "the hide runs on alone");
    hideDriver.seek(1);
    assert.equal(await within(CEILING_MS, "the hide's playback", hiding), true);
    assert.equal(table.scrollTop, 296);
    await session.delete();
  });

  test("a descriptor without a duration sets everything at once and resolves true", async () => {
    const table = element("table");
    const playback = applyAnimation({ ...first.animation, cssDuration: 0 }, { scrollView: table });
    assert.equal(await playback, true);
    assert.equal(table.animations.length, 0);
    assert.equal(padding(table, "bottom"), "301px");
    assert.equal(table.scrollTop, 237);
  });
});

describe("Playback", () => {
  test("is awaitable: then() follows finished; cancel() is what it was given", async () => {
    let cancelled = 0;
    const finished = Promise.resolve(true);
    const playback = new Playback(["an animation"], finished, () => (cancelled += 1));
    assert.deepEqual(playback.animations, ["an animation"]);
    assert.equal(playback.finished, finished);
    assert.equal(await playback, true);
    assert.equal(await playback.then((done) => (done ? "done" : "cut")), "done");
    playback.cancel();
    assert.equal(cancelled, 1);
    const interrupted = new Playback([], Promise.resolve(false), () => {});
    assert.equal(await interrupted, false);
  });
});
