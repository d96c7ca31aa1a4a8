// Sessions through client.js under Node against a live inset-server: created, shown, interrupted, sampled,
// rotated, deleted; a chat's interactive dismissal; a form's focus moves; notification logs as JSON and as text.
// The timestamps and the expected numbers are docs/examples.md's (scripts/examples runs the same requests).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { loadClient, repository, startServer } from "./server.mjs";

const client = await loadClient();
const { createSession, show, hide, patch, Session, InsetError } = client;

const insets = (top, bottom) => ({ top, left: 0, bottom, right: 0 });
/** docs/examples.md's phone: a 390 × 844 screen (the iPhone 14's), 47 pt on top and 34 below. */
const phone = {
  scrollView: {
    frame: { x: 0, y: 0, width: 390, height: 844 },
    safeAreaInsets: insets(47, 34),
    contentSize: { width: 390, height: 2000 },
  },
  screen: { width: 390, height: 844 },
};
const keyboard = { frameEnd: { x: 0, y: 508, width: 390, height: 336 }, animationDuration: 0.25, animationCurve: 7 };

let server;
let options;
before(async () => {
  server = await startServer();
  options = { baseURL: server.baseURL };
});
after(async () => server?.stop());

/** The options (once the server is up) with an `onExchange` that collects the requests sent. */
function recorded() {
  const exchanges = [];
  return {
    exchanges,
    get options() {
      return { ...options, onExchange: (exchange) => exchanges.push(exchange) };
    },
  };
}

describe("a session: created, shown, interrupted, sampled, rotated, deleted", () => {
  let session;
  const log = recorded();

  test("createSession at 0: a Session holding the state the service answered", async () => {
    session = await createSession(phone, { ...log.options, timestamp: 0 });
    assert.ok(session instanceof Session);
    assert.match(session.id, /^[A-Za-z0-9_-]{10,}$/);
    assert.equal(session.state.id, session.id);
    assert.equal(session.state.keyboardState, "hidden");
    assert.equal(session.state.time, 0);
    assert.equal(session.lastTimestamp, 0);
    assert.deepEqual(session.state.target.adjustedContentInset, insets(47, 34));
    assert.deepEqual(session.state.presentation.keyboardLayoutGuide, { x: 0, y: 810, width: 390, height: 34 });
    assert.equal(session.options.baseURL, server.baseURL, "the session keeps its options");
    assert.equal(session.options.timestamp, undefined, "but not the creation's timestamp");
    const created = log.exchanges.at(-1);
    assert.equal(created.method, "POST");
    assert.equal(created.path, "/sessions");
    assert.equal(created.status, 201);
    assert.deepEqual(created.request, { ...phone, timestamp: 0 });
  });

  test("session.show at 1000: inset 302, additive from delta -302, on the session's clock", async () => {
    const answer = await session.show({ keyboard }, { timestamp: 1000 });
    assert.deepEqual(answer.contentInset, insets(0, 302));
    assert.deepEqual(answer.adjustedContentInset, insets(47, 336));
    assert.equal(answer.keyboardOverlap, 336);
    assert.deepEqual(answer.session, { id: session.id, keyboardState: "showing", time: 1000 });
    assert.equal(answer.animation.startTime, 1000);
    assert.equal(answer.animation.endTime, 1500);
    assert.equal(answer.animation.composition, "additive");
    assert.deepEqual(answer.animation.delta.contentInset, insets(0, -302));
    assert.deepEqual(answer.animation.delta.keyboardFrame, { x: 0, y: 336, width: 0, height: 0 });
    assert.deepEqual(answer.animation.inFlight, []);
    assert.deepEqual(log.exchanges.at(-1).request, { sessionId: session.id, timestamp: 1000, keyboard });
    assert.equal(session.lastTimestamp, 1000);
  });

  test("session.get(1100): still showing, 100 ms into the spring", async () => {
    const state = await session.get(1100);
    assert.equal(log.exchanges.at(-1).path, `/sessions/${session.id}?at=1100`);
    assert.equal(state.keyboardState, "showing");
    assert.equal(state.time, 1100);
    assert.equal(state.lastEventTime, 1000);
    assert.equal(session.state, state, "get() keeps the state");
    // The spring 100 ms in, as the hide below starts from it.
    assert.equal(state.presentation.contentInset.bottom, 164.52307375827635);
  });

  test("hide at 1100 interrupts: added on top of the show (from 164.52, delta 302, the show in flight)", async () => {
    const answer = await hide(session, {}, { timestamp: 1100 });
    assert.deepEqual(answer.contentInset, insets(0, 0));
    assert.deepEqual(answer.adjustedContentInset, insets(47, 34));
    assert.deepEqual(answer.session, { id: session.id, keyboardState: "hiding", time: 1100 });
    const animation = answer.animation;
    assert.equal(animation.composition, "additive");
    assert.equal(animation.from.contentInset.bottom, 164.52307375827635);
    assert.deepEqual(animation.delta.contentInset, insets(0, 302));
    assert.equal(animation.velocity.contentInset.bottom, 1621.721);
    assert.equal(animation.inFlight.length, 1);
    assert.equal(animation.inFlight[0].startTime, 1000);
    assert.equal(animation.inFlight[0].endTime, 1500);
    assert.deepEqual(animation.inFlight[0].delta.contentInset, insets(0, -302));
  });

  test("timeline({from: 1000, to: 1300, step: 20}): the inset keeps rising after the hide, then falls", async () => {
    const timeline = await session.timeline({ from: 1000, to: 1300, step: 20 });
    assert.equal(log.exchanges.at(-1).path, `/sessions/${session.id}/timeline?from=1000&to=1300&step=20`);
    assert.equal(timeline.id, session.id);
    assert.equal(timeline.interruption, "additive");
    assert.deepEqual(timeline.times, Array.from({ length: 16 }, (_, index) => 1000 + 20 * index));
    const bottom = timeline.values.find((series) => series.name === "contentInset.bottom");
    assert.deepEqual(
      bottom.presentation.map((value) => Math.round(value)),
      [0, 16, 50, 90, 130, 165, 178, 168, 148, 124, 101, 80, 63, 49, 37, 28],
    );
    assert.deepEqual(
      timeline.events.map(({ time, endTime }) => [time, endTime]),
      [
        [1000, 1500],
        [1100, 1600],
      ],
    );
  });

  test("timeline() without a span asks for the default one", async () => {
    const timeline = await session.timeline();
    assert.equal(log.exchanges.at(-1).path, `/sessions/${session.id}/timeline`);
    assert.ok(timeline.times.length > 1);
    assert.ok(timeline.times[0] <= 1000 && timeline.times.at(-1) >= 1600, `${timeline.from}..${timeline.to}`);
  });

  test("timelineSVG(): the same drawn, as SVG text", async () => {
    const svg = await session.timelineSVG();
    assert.equal(typeof svg, "string");
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="800" height="400"/);
    assert.ok(svg.includes(`<title>Session ${session.id} timeline (additive)</title>`));
    assert.ok(svg.trimEnd().endsWith("</svg>"));
    assert.equal(log.exchanges.at(-1).path, `/sessions/${session.id}/timeline.svg`);
    const spanned = await session.timelineSVG({ from: 1000, to: 1200 });
    assert.equal(log.exchanges.at(-1).path, `/sessions/${session.id}/timeline.svg?from=1000&to=1200`);
    assert.notEqual(spanned, svg);
  });

  test("session.patch at 2000 (rotation): recomputed at once, the state kept", async () => {
    const state = await session.patch(
      {
        scrollView: {
          frame: { x: 0, y: 0, width: 844, height: 390 },
          safeAreaInsets: { top: 0, left: 47, bottom: 21, right: 47 },
        },
        screen: { width: 844, height: 390 },
      },
      { timestamp: 2000 },
    );
    assert.equal(state.time, 2000);
    assert.equal(state.keyboardState, "hidden");
    assert.deepEqual(state.screen, { width: 844, height: 390 });
    assert.deepEqual(state.target.adjustedContentInset, insets(0, 21));
    assert.deepEqual(state.target.keyboardLayoutGuide.frame, { x: 0, y: 369, width: 844, height: 21 });
    assert.equal(session.state, state);
    assert.equal(session.lastTimestamp, 2000);
  });

  test("an event stamped before the last: a Session sends it at the last instant, a bare id gets 409", async () => {
    const answer = await session.show({ keyboard }, { timestamp: 500 });
    assert.equal(log.exchanges.at(-1).request.timestamp, 2000, "never older than the last one sent");
    assert.equal(answer.session.time, 2000);
    await assert.rejects(show(session.id, { keyboard }, { ...options, timestamp: 500 }), (error) => {
      assert.ok(error instanceof InsetError);
      assert.equal(error.status, 409);
      assert.equal(error.problem.type, "/problems/stale-timestamp");
      return true;
    });
  });

  test("delete(): 204, and the session is gone (404)", async () => {
    await session.delete();
    assert.equal(log.exchanges.at(-1).method, "DELETE");
    assert.equal(log.exchanges.at(-1).status, 204);
    await assert.rejects(session.get(), { name: "InsetError", status: 404 });
  });
});

describe("the module's functions on a Session or on its id; the default clock", () => {
  test("show, hide and patch take a Session or an id; without timestamps they stamp performance.now()", async () => {
    const log = recorded();
    const before = performance.now();
    const session = await createSession(phone, log.options);
    const stamped = log.exchanges.at(-1).request.timestamp;
    assert.ok(before <= stamped && stamped <= performance.now(), "createSession stamps the frame time");
    assert.equal(session.state.time, stamped);

    const shown = await show(session, { keyboard });
    const showStamp = log.exchanges.at(-1).request.timestamp;
    assert.ok(showStamp >= stamped);
    assert.equal(shown.animation.startTime, showStamp, "the animation starts at the stamp, on this clock");
    assert.deepEqual(shown.contentInset, insets(0, 302));

    const byId = await patch(session.id, { scrollView: { contentOffset: { x: 0, y: 100 } } }, log.options);
    assert.equal(log.exchanges.at(-1).method, "PATCH");
    assert.equal(log.exchanges.at(-1).path, `/sessions/${session.id}`);
    assert.equal(byId.scrollView.contentOffset.y, 100);
    assert.ok(log.exchanges.at(-1).request.timestamp >= showStamp);

    const patched = await patch(session, { keyboardDistance: 20 });
    assert.equal(patched.keyboardDistance, 20);
    assert.equal(session.state, patched, "patch() on a Session keeps the state");

    const hidden = await hide(session.id, {}, log.options);
    assert.deepEqual(hidden.contentInset, insets(0, 0));
    assert.equal(hidden.session.id, session.id);
    assert.equal(log.exchanges.at(-1).request.sessionId, session.id);
    await session.delete();
  });

  test("timestamp: false leaves the time to the server's clock", async () => {
    const log = recorded();
    const session = await createSession(phone, { ...log.options, timestamp: false });
    assert.equal("timestamp" in log.exchanges.at(-1).request, false);
    await session.show({ keyboard }, { timestamp: false });
    assert.deepEqual(Object.keys(log.exchanges.at(-1).request).sort(), ["keyboard", "sessionId"]);
    await session.delete();
  });

  test("new Session(state, options) wraps a state fetched elsewhere", async () => {
    const created = await createSession(phone, { ...options, timestamp: 0 });
    const wrapped = new Session(created.state, options);
    assert.equal(wrapped.id, created.id);
    assert.equal(wrapped.lastTimestamp, 0);
    const answer = await wrapped.show({ keyboard }, { timestamp: 1000 });
    assert.equal(answer.session.id, created.id);
    assert.deepEqual(answer.contentInset, insets(0, 302));
    await wrapped.delete();
  });
});

describe("a chat dismissed interactively: drag and release", () => {
  test("a finger drags the keyboard down to 644, then lets go at 800 pt/s: dismissed with a spring", async () => {
    const log = recorded();
    const chat = await createSession(
      {
        scrollView: { ...phone.scrollView, keyboardDismissMode: "interactive" },
        screen: phone.screen,
        pinnedViews: [{ id: "composer", frame: { x: 0, y: 760, width: 390, height: 50 } }],
      },
      { ...log.options, timestamp: 0 },
    );
    await chat.show({ keyboard }, { timestamp: 1000 });
    const dragged = await chat.drag({ x: 200, y: 644 }, { timestamp: 2000 });
    assert.deepEqual(log.exchanges.at(-1).request, { sessionId: chat.id, timestamp: 2000, touch: { x: 200, y: 644 } });
    assert.equal(log.exchanges.at(-1).path, "/keyboard/drag");
    assert.deepEqual(dragged.keyboardFrame, { x: 0, y: 644, width: 390, height: 336 });
    assert.deepEqual(dragged.contentInset, insets(0, 216));
    assert.deepEqual(dragged.pinnedViews, [{ id: "composer", frame: { x: 0, y: 594, width: 390, height: 50 } }]);
    assert.equal(dragged.animation, null);

    const released = await chat.release(800, { timestamp: 2050 });
    assert.deepEqual(log.exchanges.at(-1).request, { sessionId: chat.id, timestamp: 2050, velocity: { y: 800 } });
    assert.equal(log.exchanges.at(-1).path, "/keyboard/release");
    assert.deepEqual(released.keyboardFrame, { x: 0, y: 844, width: 390, height: 336 });
    assert.deepEqual(released.contentInset, insets(0, 50));
    assert.equal(released.animation.curveName, "spring");
    assert.deepEqual(released.animation.spring, { dampingRatio: 1, initialVelocity: 4 });
    assert.equal(released.animation.cssDuration, 500);
    assert.equal(released.session.keyboardState, "hiding");
    await chat.delete();
  });
});

describe("a form: focus moves, a growing text view, notification logs", () => {
  const fields = [
    { id: "name", rect: { x: 16, y: 100, width: 358, height: 44 } },
    { id: "email", rect: { x: 16, y: 400, width: 358, height: 44 } },
    { id: "phone", rect: { x: 16, y: 700, width: 358, height: 44 } },
    { id: "notes", rect: { x: 16, y: 900, width: 358, height: 120 } },
  ];
  let form;
  const log = recorded();

  test("focus('next') twice: email needs no scroll, phone scrolls to 290 with a 0.3 s easeInOut", async () => {
    form = await createSession(
      {
        scrollView: { ...phone.scrollView, contentSize: { width: 390, height: 1200 } },
        screen: phone.screen,
        fields,
        focus: "name",
      },
      { ...log.options, timestamp: 0 },
    );
    await form.show({ keyboard: { frameEnd: { x: 0, y: 464, width: 390, height: 380 } } }, { timestamp: 1000 });
    const email = await form.focus("next", { timestamp: 2000 });
    assert.equal(log.exchanges.at(-1).path, `/sessions/${form.id}/focus`);
    assert.deepEqual(log.exchanges.at(-1).request, { timestamp: 2000, field: "next" });
    assert.deepEqual(email.contentOffset, { x: 0, y: 0 });
    assert.deepEqual(email.navigation, { previous: "name", next: "phone" });
    assert.equal(email.animation.curve, 0);
    assert.equal(email.animation.duration, 0.3);
    assert.equal(email.animation.composition, "additive");
    const phoneField = await form.focus("next", { timestamp: 3000 });
    assert.deepEqual(phoneField.contentOffset, { x: 0, y: 290 });
    assert.deepEqual(phoneField.navigation, { previous: "email", next: "notes" });
    assert.equal(phoneField.animation.duration, 0.3);
    const back = await form.focus("email", { timestamp: 3500 });
    assert.deepEqual(back.navigation, { previous: "name", next: "phone" });
    await form.focus("phone", { timestamp: 3600 });
  });

  test("a PATCH growing the notes re-targets the caret at once; next past the last is a 400 at /field", async () => {
    const state = await form.patch(
      {
        focus: "notes",
        focusedRect: { x: 20, y: 1038, width: 2, height: 22 },
        scrollView: { contentSize: { width: 390, height: 1244 } },
      },
      { timestamp: 4000 },
    );
    assert.equal(state.focus, "notes");
    assert.deepEqual(state.focusedRect, { x: 20, y: 1038, width: 2, height: 22 });
    assert.deepEqual(state.navigation, { previous: "phone", next: null });
    assert.deepEqual(state.target.contentOffset, { x: 0, y: 606 });
    await assert.rejects(form.focus("next", { timestamp: 5000 }), (error) => {
      assert.ok(error instanceof InsetError);
      assert.equal(error.status, 400);
      assert.deepEqual(error.problem.errors, [
        { pointer: "/field", message: "cannot be 'next': 'notes' is the last field" },
      ]);
      return true;
    });
  });

  test("replayNotifications with a JSON log: outcomes, the session after it, its plot, next events after", async () => {
    const frame = (y, height, extra = {}) => ({
      UIKeyboardFrameEndUserInfoKey: `{{0, ${y}}, {390, ${height}}}`,
      ...extra,
    });
    const animated = { UIKeyboardAnimationDurationUserInfoKey: 0.25, UIKeyboardAnimationCurveUserInfoKey: 7 };
    const local = { ...animated, UIKeyboardIsLocalUserInfoKey: 1 };
    const zero = { UIKeyboardFrameEndUserInfoKey: "{{0, 0}, {0, 0}}" };
    const [willShow, willHide] = ["UIKeyboardWillShowNotification", "UIKeyboardWillHideNotification"];
    // docs/examples.md's log: a show sent twice by a third-party keyboard, its Did, a zero change-frame, and the
    // password manager's hide.
    const notifications = [
      { name: willHide, timestamp: 6000, userInfo: frame(844, 380, animated) },
      { name: willShow, timestamp: 7000, userInfo: frame(544, 300, local) },
      { name: willShow, timestamp: 7040, userInfo: frame(464, 380, local) },
      { name: willShow, timestamp: 7045, userInfo: frame(464, 380, local) },
      { name: "UIKeyboardDidShowNotification", timestamp: 7300, userInfo: frame(464, 380) },
      { name: "UIKeyboardWillChangeFrameNotification", timestamp: 7400, userInfo: zero },
      { name: willHide, timestamp: 7420, userInfo: frame(844, 380, { UIKeyboardAnimationDurationUserInfoKey: 0 }) },
    ];
    const answer = await form.replayNotifications(notifications, { includeNonLocal: false, plot: true });
    const sent = log.exchanges.at(-1);
    assert.equal(sent.path, `/sessions/${form.id}/notifications?plot=svg`);
    assert.equal(sent.contentType, "application/json");
    assert.deepEqual(sent.request, { notifications, includeNonLocal: false });
    assert.equal(answer.format, "json");
    assert.equal(answer.skippedLines, 0);
    assert.deepEqual(
      answer.results.map(({ index, outcome, reason }) => [index, outcome, reason]),
      [
        [0, "applied", null],
        [1, "applied", null],
        [2, "applied", null],
        [3, "ignored", "same-frame"],
        [4, "ignored", "did-notification"],
        [5, "ignored", "empty-frame"],
        [6, "jumped", "zero-duration-hide"],
      ],
    );
    assert.equal(answer.session.keyboardState, "hidden");
    assert.deepEqual(answer.session.presentation.contentInset, insets(0, 0));
    assert.equal(answer.timeline.from, 6000);
    assert.equal(answer.timeline.to, 7920);
    assert.equal(answer.timeline.times.length, 193);
    assert.match(answer.plot, /^<svg /);
    assert.equal(form.state, answer.session, "the session after the log is kept");
    assert.equal(form.lastTimestamp, 7420, "the log's last notification");
    await form.patch({ keyboardDistance: 10 }, { timestamp: 10 });
    assert.equal(log.exchanges.at(-1).request.timestamp, 7420, "a later event is stamped no earlier than the log");
  });

  test("replayNotifications with the console's text: text/plain, the options in the query, read by line", async () => {
    const text = await readFile(join(repository, "Tests/InsetServiceTests/ConsoleLogs/noisy-console.txt"), "utf8");
    const answer = await form.replayNotifications(text, { start: 9000 });
    const sent = log.exchanges.at(-1);
    assert.equal(sent.path, `/sessions/${form.id}/notifications?start=9000`);
    assert.equal(sent.contentType, "text/plain; charset=utf-8");
    assert.equal(sent.request, text, "the text goes unchanged");
    assert.equal(answer.format, "text");
    assert.equal(answer.skippedLines, 10);
    assert.equal(answer.plot, undefined);
    assert.deepEqual(
      answer.results.map(({ timestamp, outcome, reason, read }) => [timestamp, outcome, reason, read.form, read.lines]),
      [
        [9000, "applied", null, "objc-userinfo", { first: 10, last: 16 }],
        [9100.928, "jumped", "zero-duration-hide", "objc-userinfo", { first: 18, last: 24 }],
      ],
    );
    assert.deepEqual(answer.results[0].read.userInfo.frameEnd, { x: 0, y: 508, width: 390, height: 336 });
    assert.equal(form.lastTimestamp, 9100.928);
    const replay = { start: 20000, coordinates: "screen", includeNonLocal: true, plot: true };
    const withPlot = await form.replayNotifications(text, replay);
    assert.equal(
      log.exchanges.at(-1).path,
      `/sessions/${form.id}/notifications?includeNonLocal=true&coordinates=screen&start=20000&plot=svg`,
    );
    assert.match(withPlot.plot, /^<svg /);
    assert.deepEqual(withPlot.results.map(({ timestamp }) => timestamp), [20000, 20100.928]);
  });

  test("a text with no notification: 400 no-notification", async () => {
    await assert.rejects(form.replayNotifications("nothing to see\n", { start: 30000 }), (error) => {
      assert.ok(error instanceof InsetError);
      assert.equal(error.status, 400);
      assert.equal(error.problem.type, "/problems/no-notification");
      return true;
    });
    await form.delete();
  });
});
