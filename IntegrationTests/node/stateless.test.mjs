// client.js under Node against a live inset-server: loading without a DOM, the clock, stateless shows and hides
// (README's "A first request"), the device catalogue, errors, and the options every call takes. Every expected
// number is one README.md, docs/reference.md or docs/examples.md shows.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { loadClient, startServer } from "./server.mjs";

const client = await loadClient();
const { show, hide, listDevices, getDevice, insetAdjustment, frameTime, InsetError } = client;

/** README's first request: an iPhone 15 in portrait, a 335-pt keyboard, a field near the content's bottom. */
const geometry = {
  scrollView: {
    frame: { x: 0, y: 0, width: 393, height: 852 },
    safeAreaInsets: { top: 59, left: 0, bottom: 34, right: 0 },
    contentSize: { width: 393, height: 2000 },
  },
  screen: { width: 393, height: 852 },
};
const firstRequest = {
  ...geometry,
  keyboard: { frameEnd: { x: 0, y: 517, width: 393, height: 335 }, animationDuration: 0.25, animationCurve: 7 },
  focusedRect: { x: 16, y: 700, width: 361, height: 44 },
};
const insets = (top, bottom) => ({ top, left: 0, bottom, right: 0 });
const README_LINEAR_EASING =
  "linear(0, 0.0056 1.2%, 0.0241 2.6%, 0.0572 4.2%, 0.1108 6.2%, 0.2089 9.3%, 0.4039 15.2%, 0.5089 18.7%, " +
  "0.5938 21.9%, 0.6671 25.1%, 0.7312 28.4%, 0.7888 32%, 0.8386 35.9%, 0.881 40.2%, 0.9166 45.1%, 0.9454 50.8%, " +
  "0.9682 57.9%, 0.9849 67.5%, 0.9954 82.4%, 1)";

let server;
let options;
before(async () => {
  server = await startServer();
  options = { baseURL: server.baseURL };
});
after(async () => server?.stop());

describe("loading under Node", () => {
  test("there is no DOM here, and the module loaded without one", () => {
    assert.equal(typeof globalThis.document, "undefined");
    assert.equal(typeof globalThis.window, "undefined");
    assert.equal(typeof show, "function");
  });

  test("frameTime() falls back to performance.now(), the same clock", () => {
    const before = performance.now();
    const time = frameTime();
    const after = performance.now();
    assert.equal(typeof time, "number");
    assert.ok(before <= time && time <= after, `${before} <= ${time} <= ${after}`);
  });

  test("without a page there is no default origin: no baseURL rejects, naming it, and sends nothing", async () => {
    let fetched = 0;
    const counting = async (...args) => {
      fetched += 1;
      return fetch(...args);
    };
    await assert.rejects(show(null, firstRequest, { fetch: counting }), (error) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, /baseURL/);
      assert.match(error.message, /\/keyboard\/show/);
      return true;
    });
    await assert.rejects(listDevices(), /baseURL/);
    assert.equal(fetched, 0);
  });
});

describe("stateless show and hide", () => {
  test("README's first request: contentInset 301, adjusted 335, offset 237, the keyboard's spring", async () => {
    const answer = await show(null, firstRequest, options);
    assert.deepEqual(answer.contentInset, insets(0, 301));
    assert.deepEqual(answer.scrollIndicatorInsets, insets(0, 301));
    assert.deepEqual(answer.adjustedContentInset, insets(59, 335));
    assert.deepEqual(answer.contentOffset, { x: 0, y: 237 });
    assert.equal(answer.keyboardOverlap, 335);
    assert.equal(answer.keyboardDocked, true);
    assert.deepEqual(answer.keyboardLayoutGuide, { frame: { x: 0, y: 517, width: 393, height: 335 } });
    assert.deepEqual(answer.pinnedViews, []);
    assert.equal("session" in answer, false, "a stateless show is on no session");
    const animation = answer.animation;
    assert.equal(animation.duration, 0.25);
    assert.equal(animation.delay, 0);
    assert.equal(animation.curve, 7);
    assert.equal(animation.curveName, "keyboard");
    assert.equal(animation.options, 458756);
    assert.equal(animation.beginFromCurrentState, true);
    assert.deepEqual(animation.from, {
      contentInset: insets(0, 0),
      scrollIndicatorInsets: insets(0, 0),
      contentOffset: { x: 0, y: 0 },
      keyboardLayoutGuide: { x: 0, y: 818, width: 393, height: 34 },
      pinnedViews: [],
    });
    assert.deepEqual(animation.to, {
      contentInset: insets(0, 301),
      scrollIndicatorInsets: insets(0, 301),
      contentOffset: { x: 0, y: 237 },
      keyboardLayoutGuide: { x: 0, y: 517, width: 393, height: 335 },
      pinnedViews: [],
    });
    assert.equal(animation.timingFunction, "cubic-bezier(0.38, 0.7, 0.125, 1)");
    assert.equal(animation.cssDuration, 500);
    assert.equal(animation.linearEasing, README_LINEAR_EASING);
    assert.equal(animation.startTime, undefined, "no session, no clock");
  });

  test("insetAdjustment: what the safe area adds, 59 on top and 34 below", async () => {
    const answer = await show(null, firstRequest, options);
    assert.deepEqual(insetAdjustment(answer), { top: 59, bottom: 34 });
    // From a hand-made result too: adjusted minus own, per edge.
    assert.deepEqual(
      insetAdjustment({ contentInset: insets(10, 100), adjustedContentInset: insets(57, 120) }),
      { top: 47, bottom: 20 },
    );
  });

  test("a stateless hide from the keyboard that was up: the insets back to the safe area's", async () => {
    const answer = await hide(
      null,
      {
        ...geometry,
        keyboard: {
          frameBegin: { x: 0, y: 517, width: 393, height: 335 },
          frameEnd: { x: 0, y: 852, width: 393, height: 335 },
        },
      },
      options,
    );
    assert.deepEqual(answer.contentInset, insets(0, 0));
    assert.deepEqual(answer.adjustedContentInset, insets(59, 34));
    assert.deepEqual(answer.contentOffset, { x: 0, y: 0 });
    assert.equal(answer.keyboardOverlap, 0);
    assert.deepEqual(answer.keyboardLayoutGuide.frame, { x: 0, y: 818, width: 393, height: 34 });
    assert.deepEqual(answer.animation.to.contentInset, insets(0, 0));
    assert.deepEqual(insetAdjustment(answer), { top: 59, bottom: 34 });
  });

  test("onExchange sees the request and the answer; a baseURL's trailing slash is dropped", async () => {
    const exchanges = [];
    const answer = await show(null, firstRequest, {
      baseURL: `${server.baseURL}//`,
      onExchange: (exchange) => exchanges.push(exchange),
    });
    assert.equal(exchanges.length, 1);
    const [exchange] = exchanges;
    assert.equal(exchange.method, "POST");
    assert.equal(exchange.path, "/keyboard/show");
    assert.equal(exchange.contentType, "application/json");
    assert.equal(exchange.status, 200);
    assert.deepEqual(exchange.request, firstRequest, "a stateless call sends the body as given, no timestamp");
    assert.deepEqual(exchange.response, answer);
    assert.ok(exchange.milliseconds >= 0 && exchange.milliseconds < 10000);
  });

  test("a replacement fetch is used, with the URL, the method, the headers and the JSON body", async () => {
    const seen = [];
    const recording = async (url, init) => {
      seen.push({ url, init });
      return fetch(url, init);
    };
    const answer = await show(null, firstRequest, { ...options, fetch: recording, token: "not-checked-here" });
    assert.equal(answer.contentOffset.y, 237);
    assert.equal(seen.length, 1);
    assert.equal(seen[0].url, `${server.baseURL}/keyboard/show`);
    assert.equal(seen[0].init.method, "POST");
    assert.equal(seen[0].init.headers["Content-Type"], "application/json");
    assert.equal(seen[0].init.headers.Accept, "application/json, application/problem+json");
    assert.equal(seen[0].init.headers.Authorization, "Bearer not-checked-here");
    assert.deepEqual(JSON.parse(seen[0].init.body), firstRequest);
  });

  test("an aborted signal rejects the call", async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(show(null, firstRequest, { ...options, signal: controller.signal }), { name: "AbortError" });
  });
});

describe("errors", () => {
  test("a 400 is an InsetError with the RFC 9457 problem and its pointers", async () => {
    const bad = {
      scrollView: { frame: { x: 0, y: 0, width: 390, height: -1 } },
      keyboard: { animationDuration: 20 },
    };
    await assert.rejects(show(null, bad, options), (error) => {
      assert.ok(error instanceof InsetError);
      assert.ok(error instanceof Error);
      assert.equal(error.name, "InsetError");
      assert.equal(error.status, 400);
      assert.equal(error.problem.type, "/problems/validation-failed");
      assert.equal(error.problem.status, 400);
      assert.equal(error.message, "2 fields are invalid");
      assert.deepEqual(error.problem.errors, [
        { pointer: "/scrollView/frame/height", message: "must be between 0 and 1000000" },
        { pointer: "/keyboard/animationDuration", message: "must be between 0 and 10" },
      ]);
      return true;
    });
  });

  test("InsetError's message: the problem's detail, else its title, else the status", () => {
    const detailed = new InsetError(409, { title: "Conflict", detail: "stale" });
    assert.equal(detailed.message, "stale");
    assert.equal(detailed.status, 409);
    assert.deepEqual(detailed.problem, { title: "Conflict", detail: "stale" });
    assert.equal(new InsetError(404, { title: "Not found" }).message, "Not found");
    const bare = new InsetError(502, null);
    assert.equal(bare.message, "HTTP 502");
    assert.equal(bare.problem, null);
  });
});

describe("the device catalogue", () => {
  test("listDevices: iPhones, iPads, then Android devices, the iPhone XS first, the iPhone 15 among them", async () => {
    const { devices } = await listDevices(options);
    assert.ok(devices.length > 10, `${devices.length} devices`);
    assert.deepEqual(devices.slice(0, 3), [
      { id: "iphone-xs", name: "iPhone XS", platform: "ios", family: "iPhone", systems: ["18"] },
      { id: "iphone-xs-max", name: "iPhone XS Max", platform: "ios", family: "iPhone", systems: ["18"] },
      { id: "iphone-xr", name: "iPhone XR", platform: "ios", family: "iPhone", systems: ["18"] },
    ]);
    const ios = devices.filter((device) => device.platform === "ios");
    assert.deepEqual(devices.slice(0, ios.length), ios, "the iOS devices, then the Android ones");
    const families = ios.map((device) => device.family);
    const firstPad = families.indexOf("iPad");
    assert.ok(firstPad > 0, "the catalogue has iPads");
    assert.ok(families.slice(firstPad).every((family) => family === "iPad"), "iPhones, then iPads");
    assert.deepEqual(devices.find((device) => device.id === "pixel-9"), {
      id: "pixel-9", name: "Pixel 9", platform: "android", family: "Pixel",
    });
    const iphone15 = devices.find((device) => device.id === "iphone-15");
    assert.equal(iphone15.name, "iPhone 15");
    assert.ok(iphone15.systems.includes("26"));
  });

  test("getDevice: the iPhone 15's screen, safe area and keyboard, the numbers README uses", async () => {
    const device = await getDevice("iphone-15", options);
    assert.equal(device.id, "iphone-15");
    assert.equal(device.name, "iPhone 15");
    assert.equal(device.family, "iPhone");
    assert.deepEqual(device.screen, { width: 393, height: 852, scale: 3, source: "apple-hig-layout" });
    const portrait = device.safeAreas.find((area) => area.orientation === "portrait");
    assert.deepEqual(portrait.insets, insets(59, 34));
    const keyboard = device.keyboards.find(
      (entry) => entry.orientation === "portrait" && entry.predictive === true && entry.type === "standard",
    );
    assert.deepEqual(keyboard.frame, { x: 0, y: 517, width: 393, height: 335 });
    assert.ok(device.sources.some((source) => source.id === keyboard.source));
  });

  test("getDevice with an unknown id: InsetError 404 device-not-found", async () => {
    await assert.rejects(getDevice("iphone-99", options), (error) => {
      assert.ok(error instanceof InsetError);
      assert.equal(error.status, 404);
      assert.equal(error.problem.type, "/problems/device-not-found");
      assert.equal(error.message, "The catalogue has no device 'iphone-99'; GET /devices lists those it has.");
      return true;
    });
  });

  test("getDevice escapes the id into the path", async () => {
    const paths = [];
    await assert.rejects(getDevice("a/b c", { ...options, onExchange: ({ path }) => paths.push(path) }), {
      status: 404,
    });
    assert.deepEqual(paths, ["/devices/a%2Fb%20c"]);
  });

  test("a show by device: the same insets and offset, and the catalogue's numbers with their sources", async () => {
    const answer = await show(
      null,
      {
        device: { id: "iphone-15" },
        scrollView: { contentSize: { width: 393, height: 2000 } },
        focusedRect: { x: 16, y: 700, width: 361, height: 44 },
      },
      options,
    );
    assert.deepEqual(answer.contentInset, insets(0, 301));
    assert.deepEqual(answer.contentOffset, { x: 0, y: 237 });
    assert.equal(answer.catalogue.device, "iphone-15");
    assert.equal(answer.catalogue.orientation, "portrait");
    assert.deepEqual(answer.catalogue.keyboard, { predictive: true, type: "standard", mode: "docked" });
    assert.deepEqual(
      answer.catalogue.values.map(({ pointer, value }) => [pointer, value]),
      [
        ["/screen", { width: 393, height: 852 }],
        ["/scrollView/frame", { x: 0, y: 0, width: 393, height: 852 }],
        ["/scrollView/safeAreaInsets", insets(59, 34)],
        ["/keyboard/frameEnd", { x: 0, y: 517, width: 393, height: 335 }],
      ],
    );
  });
});
