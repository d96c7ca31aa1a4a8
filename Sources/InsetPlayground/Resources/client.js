// client.js: the keyboard-inset service from a browser, Node 20+ or Deno. A dependency-free ES module served by
// inset-server at /client.js: sessions, keyboard events, and the Web Animations replay of the service's animation
// descriptors. It uses only fetch, performance and, where they exist, the DOM's document, CSS, getComputedStyle
// and requestAnimationFrame: importing it and calling the service touch no DOM, so it runs in a Node script, in
// Node's test runner or in Deno as it runs in a page.
//
//   import { createSession, applyAnimation, insetAdjustment } from "/client.js";
//   const session = await createSession({ scrollView: { frame, safeAreaInsets, contentSize }, screen });
//   const answer = await session.show({ keyboard: { frameEnd }, focusedRect });
//   await applyAnimation(answer.animation, { scrollView: table }, { adjustment: insetAdjustment(answer) });
//
// `listDevices()` and `getDevice(id)` read the device catalogue, for requests that name a device instead of its
// numbers (`device: { id, orientation }`). An Android window (`platform: "android"`) is asked the same way, and
// `applyAndroidAnimation(answer, { scrollView, content, window, ime }, { windowHeight })` replays its answers.
// A web page (`platform: "web"`) keeps its fixed bars in sight with `followVisualViewport({ composer: { element,
// edge: "bottom" } })`; `webLifts(answer)` gives the lifts an answer says.
//
// Options every call takes: `baseURL` (default: the page's own origin; required where there is no page, as in
// Node or Deno without `--location`), `token` (sent as `Authorization: Bearer`), `onExchange` (called with each
// request and answer), `fetch` (a replacement fetch). A session keeps the options it was created with. Times are
// milliseconds on the document timeline (the `performance.now()` clock, which is what they are where there is no
// document), so a session's `startTime`s line up with the page's animations.
//
// From Node (an ES module: `import`, or `require()` where Node loads ES modules with it, 20.19 and later):
//
//   import { createSession, show } from "./client.js"; // saved from GET /client.js, or from this repository
//   const options = { baseURL: origin }; // the address inset-server printed on its "listening on" line
//   const answer = await show(null, body, options);

/** An answer outside 2xx: its `status` and the RFC 9457 `problem` the service sent (null when not JSON). */
export class InsetError extends Error {
  constructor(status, problem) {
    super(problem?.detail ?? problem?.title ?? `HTTP ${status}`);
    this.name = "InsetError";
    this.status = status;
    this.problem = problem;
  }
}

/**
 * The current frame's time: what is on screen now, on the clock the Web Animations API runs on. Without a
 * document (Node, Deno, a worker) or while its timeline is inactive: `performance.now()`, the same clock.
 */
export function frameTime() {
  const documentTime = typeof document === "undefined" ? null : document.timeline?.currentTime;
  return documentTime ?? performance.now();
}

/** Whether there is a page whose URL a relative request resolves against (Deno without `--location` has none). */
function hasPage() {
  try {
    return globalThis.location?.href !== undefined;
  } catch {
    return false; // Deno releases that throw on `location` without `--location`
  }
}

function url(baseURL, path) {
  if (baseURL == null) {
    // In a page a relative path goes to the page's own origin; elsewhere the base must be given.
    if (hasPage()) return path;
    throw new TypeError(
      `client.js: no baseURL for ${path}: where there is no page (Node, Deno), options.baseURL names the service`,
    );
  }
  return String(baseURL).replace(/\/+$/, "") + path;
}

function spanQuery(span) {
  const query = ["from", "to", "step"]
    .filter((name) => span[name] !== undefined)
    .map((name) => `${name}=${encodeURIComponent(span[name])}`);
  return query.length ? `?${query.join("&")}` : "";
}

/** The Content-Type of a text body (a pasted console): a string is sent as it is, any other body as JSON. */
const TEXT_PLAIN = "text/plain; charset=utf-8";

async function call(method, path, body, options = {}) {
  const headers = { Accept: `${options.accept ?? "application/json"}, application/problem+json` };
  const contentType = body === undefined ? null : typeof body === "string" ? TEXT_PLAIN : "application/json";
  if (contentType) headers["Content-Type"] = contentType;
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const started = performance.now();
  const response = await (options.fetch ?? fetch)(url(options.baseURL, path), {
    method,
    headers,
    body: body === undefined || typeof body === "string" ? body : JSON.stringify(body),
    signal: options.signal,
  });
  const text = await response.text();
  let answer = null;
  try {
    answer = text ? JSON.parse(text) : null;
  } catch {
    answer = options.text && response.ok ? text : null;
  }
  options.onExchange?.({
    method,
    path,
    request: body ?? null,
    contentType,
    status: response.status,
    response: answer,
    milliseconds: performance.now() - started,
  });
  if (!response.ok) throw new InsetError(response.status, answer);
  return answer;
}

/**
 * `GET /devices`: the catalogue's devices, `{ devices: [{ id, name, family, systems }] }`, iPhones then iPads, each
 * family in the order the catalogue holds it.
 */
export function listDevices(options = {}) {
  return call("GET", "/devices", undefined, options);
}

/**
 * `GET /devices/{id}`: one device's whole entry (`screen`, `safeAreas`, `keyboards`, what is `absent`, the `sources`
 * its numbers name). An id the catalogue does not have is an InsetError with status 404.
 */
export function getDevice(id, options = {}) {
  return call("GET", `/devices/${encodeURIComponent(id)}`, undefined, options);
}

/** A session for one scroll view, as `createSession` answers it; `state` is the last session representation. */
export class Session {
  constructor(state, options = {}) {
    this.id = state.id;
    this.state = state;
    this.options = options;
    this.lastTimestamp = state.time;
  }

  /** `POST /keyboard/show` on this session. */
  show(body, options) {
    return show(this, body, options);
  }

  /** `POST /keyboard/hide` on this session. */
  hide(body = {}, options) {
    return hide(this, body, options);
  }

  /** `POST /keyboard/drag`: a touch at `touch` (window coordinates) dragging over the scroll view. */
  drag(touch, options) {
    return keyboardEvent("drag", this, { touch }, options);
  }

  /** `POST /keyboard/release`: the touch lifted, moving at `velocityY` pt/s (downward positive). */
  release(velocityY, options) {
    return keyboardEvent("release", this, { velocity: { y: velocityY } }, options);
  }

  /**
   * `POST /sessions/{id}/focus`: while the keyboard is shown, the focus moves to `field` (one of the session's
   * `fields` by id, or `"next"` / `"previous"` in navigation order) and the offset scrolls to reveal it. The answer
   * is a show's, with the `navigation` a toolbar's arrows enable next.
   */
  focus(field, options) {
    return sessionEvent("focus", this, { field }, options);
  }

  /**
   * `POST /sessions/{id}/notifications`: replays a logged sequence in order. `notifications` is the log as JSON
   * (`[{ name, userInfo, timestamp? }]`, timestamps on the session's clock, never before its last event; an
   * untimed one is timed by the service's rule) or the console text as pasted, sent as `text/plain` (`NSLog`
   * prefixes give its times, only their differences count). `includeNonLocal` applies other apps' keyboards
   * too; `coordinates` (`auto`, `screen`, `portrait`) says which coordinates the frames are in (`auto`: iOS 7's
   * portrait frames are detected); `start` (ms) is where the log starts on the session's clock when its first
   * notification has no time on it (default: the session's present). They go in the body for JSON, in the query
   * for text. `plot: true` adds the timeline drawn as SVG (`?plot=svg`). The answer has each notification's
   * outcome and how it was read, the session after the log (kept as `state`) and the log's timeline.
   */
  async replayNotifications(notifications, { includeNonLocal, coordinates, start, plot } = {}, options) {
    const merged = { ...this.options, ...options };
    const replay = { includeNonLocal, coordinates, start };
    const given = Object.entries(replay).filter(([, value]) => value !== undefined);
    const text = typeof notifications === "string";
    const query = (text ? given : []).map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
    if (plot) query.push("plot=svg");
    const body = text ? notifications : { notifications, ...Object.fromEntries(given) };
    const path = `/sessions/${this.id}/notifications${query.length ? `?${query.join("&")}` : ""}`;
    const answer = await call("POST", path, body, merged);
    // The log moved the session's clock to its last notification: later events are never stamped before it.
    // The answer's instants are the ones that count (a text log has no times on the session's clock).
    const last = answer.results.reduce((latest, { timestamp }) => Math.max(latest, timestamp), -Infinity);
    if (Number.isFinite(last) && !(this.lastTimestamp >= last)) this.lastTimestamp = last;
    this.state = answer.session;
    return answer;
  }

  /** `PATCH /sessions/{id}`: rotation, a new content size, the user's scroll. */
  patch(body, options) {
    return patch(this, body, options);
  }

  /** `GET /sessions/{id}`, at `at` (ms) when given. */
  async get(at, options) {
    const query = at === undefined ? "" : `?at=${encodeURIComponent(at)}`;
    this.state = await call("GET", `/sessions/${this.id}${query}`, undefined, { ...this.options, ...options });
    return this.state;
  }

  /** `GET /sessions/{id}/timeline`: `{ from, to, step }` in ms, each optional; the sampled values as JSON. */
  timeline(span = {}, options) {
    return call("GET", `/sessions/${this.id}/timeline${spanQuery(span)}`, undefined, { ...this.options, ...options });
  }

  /** `GET /sessions/{id}/timeline.svg`: the same span drawn, as SVG text. */
  timelineSVG(span = {}, options) {
    const merged = { ...this.options, ...options, accept: "image/svg+xml", text: true };
    return call("GET", `/sessions/${this.id}/timeline.svg${spanQuery(span)}`, undefined, merged);
  }

  /** `DELETE /sessions/{id}`. */
  async delete(options) {
    await call("DELETE", `/sessions/${this.id}`, undefined, { ...this.options, ...options });
  }
}

/** The timestamp of the next event: `options.timestamp`, else the frame time, never older than the last one sent. */
function stamp(session, options) {
  if (options.timestamp === false) return undefined;
  let time = options.timestamp ?? frameTime();
  if (session instanceof Session) {
    if (session.lastTimestamp != null && time < session.lastTimestamp) time = session.lastTimestamp;
    session.lastTimestamp = time;
  }
  return time;
}

function sessionIdOf(session) {
  return typeof session === "string" ? session : session.id;
}

function optionsOf(session, options) {
  return session instanceof Session ? { ...session.options, ...options } : { ...options };
}

/**
 * `POST /sessions` with `geometry` (`scrollView` with its `frame`, `screen`, `window`, ...). The session's clock
 * starts at `options.timestamp` (default: the frame time; `false` leaves it to the server).
 */
export async function createSession(geometry, options = {}) {
  const body = { ...geometry };
  const timestamp = options.timestamp === false ? undefined : (options.timestamp ?? frameTime());
  if (timestamp !== undefined) body.timestamp = timestamp;
  return new Session(await call("POST", "/sessions", body, options), { ...options, timestamp: undefined });
}

async function keyboardEvent(kind, session, body, options) {
  const merged = optionsOf(session, options);
  let request = { ...body };
  if (session) {
    const timestamp = stamp(session, merged);
    request = { sessionId: sessionIdOf(session), ...(timestamp === undefined ? {} : { timestamp }), ...body };
  }
  return call("POST", `/keyboard/${kind}`, request, merged);
}

/** A `POST /sessions/{id}/<route>` event on a session, stamped as the keyboard events are. */
function sessionEvent(route, session, body, options) {
  const merged = optionsOf(session, options);
  const timestamp = stamp(session, merged);
  const request = { ...(timestamp === undefined ? {} : { timestamp }), ...body };
  return call("POST", `/sessions/${sessionIdOf(session)}/${route}`, request, merged);
}

/** `POST /keyboard/show`: `session` is a Session, a session id, or null for a stateless call with the whole geometry. */
export function show(session, body, options = {}) {
  return keyboardEvent("show", session, body, options);
}

/** `POST /keyboard/hide`: `session` is a Session, a session id, or null for a stateless call. */
export function hide(session, body = {}, options = {}) {
  return keyboardEvent("hide", session, body, options);
}

/** `PATCH /sessions/{id}`: merges the geometry changes in `body` and answers the session. */
export async function patch(session, body, options = {}) {
  const merged = optionsOf(session, options);
  const timestamp = stamp(session, merged);
  const request = { ...(timestamp === undefined ? {} : { timestamp }), ...body };
  const state = await call("PATCH", `/sessions/${sessionIdOf(session)}`, request, merged);
  if (session instanceof Session) session.state = state;
  return state;
}

/**
 * What UIKit adds from the safe area on top of `contentInset` (`adjustedContentInset - contentInset`), from a
 * keyboard answer or a session's `target`: the part of the DOM padding that is not the scroll view's own inset.
 */
export function insetAdjustment(result) {
  return {
    top: result.adjustedContentInset.top - result.contentInset.top,
    bottom: result.adjustedContentInset.bottom - result.contentInset.bottom,
  };
}

/** Elements → the playbacks animating them: a replacing one cancels them, an additive one runs beside them. */
const running = new WeakMap();

/**
 * Scroll views → their offset: WAAPI cannot animate `scrollTop`, so each frame sets it to the model value plus
 * every live playback's share, `delta × (1 − progress)`, as Core Animation sums additive animations.
 */
const offsets = new WeakMap();

const px = (value) => `${value}px`;

/**
 * Lengths are animated through registered custom properties (`--inset-padding-bottom`, `--inset-top`, ...) that
 * the real property reads with `var()`: an additive animation's delta is often negative, which `padding` or
 * `height` cannot hold even for an instant, while a `<length>` custom property can, and it adds under
 * `composite: "add"`. The element's own property then shows the sum.
 */
const registered = new Set();

function lengthProperty(name) {
  const property = `--inset-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  if (!registered.has(property)) {
    registered.add(property);
    try {
      // Without CSS (no DOM), the property is a plain custom property on the element's style.
      if (typeof CSS !== "undefined" && typeof CSS.registerProperty === "function") {
        CSS.registerProperty({ name: property, syntax: "<length>", inherits: false, initialValue: "0px" });
      }
    } catch {
      // Already registered (a second copy of this module): the same definition.
    }
  }
  return property;
}

/** Whether a keyframe value is a length in px, which goes through a custom property. */
const isLength = (value) => typeof value === "number" || /^-?[\d.]+(e-?\d+)?px$/.test(String(value));
const asLength = (value) => (typeof value === "number" ? px(value) : value);

/** Sets `model` (property → value) as the element's resting values: lengths through their custom property. */
function setModel(element, model) {
  for (const [name, value] of Object.entries(model)) {
    if (isLength(value)) {
      const property = lengthProperty(name);
      element.style.setProperty(property, asLength(value));
      element.style[name] = `var(${property})`;
    } else {
      element.style[name] = value;
    }
  }
}

/** Keyframes over `from` → `to` with lengths renamed to their custom properties. */
function lengthKeyframes(frames) {
  return frames.map((frame) =>
    Object.fromEntries(
      Object.entries(frame).map(([name, value]) =>
        isLength(value) ? [lengthProperty(name), asLength(value)] : [name, value],
      ),
    ),
  );
}

function paddings(state, adjustment) {
  return {
    paddingTop: px(state.contentInset.top + adjustment.top),
    paddingBottom: px(state.contentInset.bottom + adjustment.bottom),
  };
}

function scrollTopOf(state, adjustment) {
  return state.contentOffset.y + state.contentInset.top + adjustment.top;
}

/** The computed values of the properties `keyframe` names, as a keyframe: where the element is now. */
function currentKeyframe(element, keyframe) {
  // Without a DOM (an element-like object under Node) its inline style is what there is.
  const style = typeof getComputedStyle === "function" ? getComputedStyle(element) : element.style;
  return Object.fromEntries(Object.keys(keyframe).map((name) => [name, style[name]]));
}

function supportsEasing(easing) {
  return typeof CSS !== "undefined" && CSS.supports("animation-timing-function", easing);
}

/** An animation's eased progress now: 0 before it starts, 1 once it has ended. */
function progressOf(animation) {
  const timing = animation.effect?.getComputedTiming();
  if (!timing) return 1;
  if (timing.progress != null && (timing.localTime ?? 0) >= 0 && (timing.localTime ?? 0) < timing.duration) {
    return timing.progress;
  }
  return (timing.localTime ?? 0) >= timing.duration ? 1 : 0;
}

function offsetOf(scrollView) {
  let offset = offsets.get(scrollView);
  if (!offset) {
    offset = { model: scrollView.scrollTop, parts: new Set(), frame: null };
    offsets.set(scrollView, offset);
  }
  return offset;
}

/**
 * The next frame: `requestAnimationFrame` where there is one, else a 16-ms timer that does not keep a Node or
 * Deno process alive. `cancelFrame` takes either handle.
 */
function nextFrame(callback) {
  if (typeof requestAnimationFrame === "function") return { frame: requestAnimationFrame(callback) };
  const timer = setTimeout(() => callback(performance.now()), 16);
  if (typeof timer === "object") timer.unref?.();
  else if (typeof Deno !== "undefined") Deno.unrefTimer?.(timer);
  return { timer };
}

function cancelFrame(handle) {
  if (!handle) return;
  if (handle.frame !== undefined) cancelAnimationFrame(handle.frame);
  else clearTimeout(handle.timer);
}

/** Sets `scrollTop` from the model and the live parts, and keeps doing so each frame while any is live. */
function syncOffset(scrollView) {
  const offset = offsetOf(scrollView);
  let top = offset.model;
  for (const part of offset.parts) top += part.delta * (1 - progressOf(part.driver));
  scrollView.scrollTop = top;
  cancelFrame(offset.frame);
  offset.frame = offset.parts.size > 0 ? nextFrame(() => syncOffset(scrollView)) : null;
}

/** A running replay: awaitable (resolves `true` when it completes, `false` when a newer one interrupted it). */
export class Playback {
  constructor(animations, finished, cancel) {
    this.animations = animations;
    this.finished = finished;
    this.cancel = cancel;
  }

  then(onFulfilled, onRejected) {
    return this.finished.then(onFulfilled, onRejected);
  }
}

/** Additive keyframes for `extra`'s `delta` (px by property): from the delta down to zero, added to the model. */
function deltaKeyframes(delta) {
  const from = {};
  const to = {};
  for (const [name, value] of Object.entries(delta)) {
    from[name] = px(value);
    to[name] = "0px";
  }
  return [from, to];
}

/**
 * Replays an animation descriptor with the Web Animations API, as UIKit would animate the scroll view.
 *
 * elements:
 *   scrollView  the scroll container; its `scrollTop` follows `contentOffset.y` (plus the top inset)
 *   content     the element whose padding carries the insets (default: `scrollView`): `padding-bottom` is
 *               `contentInset.bottom + adjustment.bottom`, `padding-top` likewise
 *   extra       `[{ element, to, delta }]` or `[{ element, keyframes }]`: anything else that moves with the
 *               keyboard (the keyboard itself). `to` is the model (px lengths or other values); `delta` (px by
 *               property, say the descriptor's `delta.keyboardFrame` as `{ top: delta.y }`) is what the
 *               descriptor moves it by: added from the delta to zero when additive, else from `to + delta`.
 *               Properties without a delta start from the computed style now
 * options:
 *   adjustment  `{ top, bottom }` the safe area adds to the insets, see `insetAdjustment` (default zero)
 *   startTime   document-timeline ms the animation starts at; default the descriptor's `startTime` when it is on
 *               this page's clock (a session created here), so the page runs in step with the service
 *   easing      default the descriptor's exact `linearEasing`, or its `timingFunction` where `linear()` is unknown
 *
 * The final values are set at once as inline styles (the model values, as in Core Animation) and the animations
 * run over them. An `additive` descriptor (a session's, by default) leaves the playbacks still running alone and
 * adds one from `delta` to zero with `composite: "add"`: the page then shows the same sum as Core Animation and
 * the service. Any other descriptor cancels them and runs from its `from`, the state the service computed to be
 * on screen (`beginFromCurrentState`).
 */
export function applyAnimation(descriptor, elements, options = {}) {
  const { scrollView, content = scrollView, extra = [] } = elements;
  const adjustment = { top: 0, bottom: 0, ...options.adjustment };
  const additive = descriptor.composition === "additive" && descriptor.delta != null;
  const touched = [scrollView, content, ...extra.map(({ element }) => element)];
  if (!additive) for (const element of touched) for (const playback of running.get(element) ?? []) playback.cancel();
  const extras = extra.map(({ element, keyframes, to, delta }) => {
    if (keyframes) return { element, keyframes, legacy: true };
    const lengths = Object.fromEntries(Object.entries(to).filter(([, value]) => isLength(value)));
    const others = Object.fromEntries(Object.entries(to).filter(([, value]) => !isLength(value)));
    return { element, to, delta, lengths, others };
  });

  const from = paddings(descriptor.from, adjustment);
  const to = paddings(descriptor.to, adjustment);
  setModel(content, to);
  for (const extraItem of extras) {
    if (extraItem.legacy) {
      const { offset, easing, composite, ...last } = extraItem.keyframes[extraItem.keyframes.length - 1];
      Object.assign(extraItem.element.style, last);
    }
  }
  // Where each extra is now, read before its model changes.
  for (const extraItem of extras) {
    if (!extraItem.legacy) extraItem.now = currentKeyframe(extraItem.element, extraItem.to);
  }
  for (const extraItem of extras) if (!extraItem.legacy) setModel(extraItem.element, extraItem.to);
  const fromY = scrollTopOf(descriptor.from, adjustment);
  const toY = scrollTopOf(descriptor.to, adjustment);
  const offset = offsetOf(scrollView);
  offset.model = toY;
  if (!additive) offset.parts.clear();

  if (!(descriptor.cssDuration > 0)) {
    syncOffset(scrollView);
    return new Playback([], Promise.resolve(true), () => {});
  }

  const easing =
    options.easing ?? (supportsEasing(descriptor.linearEasing) ? descriptor.linearEasing : descriptor.timingFunction);
  const timing = { duration: descriptor.cssDuration, easing, fill: "none" };
  // Additive parts hold their delta until they start, as Core Animation's do (the model is already set).
  const added = { ...timing, composite: "add", fill: "backwards" };
  let driver;
  const animations = [];
  if (additive) {
    const d = descriptor.delta;
    driver = content.animate(
      lengthKeyframes([
        { paddingTop: px(d.contentInset.top), paddingBottom: px(d.contentInset.bottom) },
        { paddingTop: "0px", paddingBottom: "0px" },
      ]),
      added,
    );
  } else {
    driver = content.animate(lengthKeyframes([from, to]), timing);
  }
  animations.push(driver);
  for (const { element, keyframes, legacy, delta, lengths, others, now } of extras) {
    if (legacy) {
      animations.push(element.animate(keyframes, timing));
      continue;
    }
    const moved = delta ?? {};
    if (additive && delta) {
      const zero = Object.fromEntries(Object.keys(delta).map((name) => [name, 0]));
      animations.push(element.animate(lengthKeyframes([delta, zero]), added));
    }
    // Without composition, a length the descriptor moves starts where the service says it was on screen
    // (`to + delta`); any other starts where the page shows it now.
    const replaced = Object.keys(lengths).filter((name) => !(additive && name in moved));
    if (replaced.length) {
      const start = Object.fromEntries(
        replaced.map((name) => [name, name in moved ? px(parseFloat(lengths[name]) + moved[name]) : now[name]]),
      );
      const end = Object.fromEntries(replaced.map((name) => [name, lengths[name]]));
      animations.push(element.animate(lengthKeyframes([start, end]), timing));
    }
    if (Object.keys(others).length) {
      const start = Object.fromEntries(Object.keys(others).map((name) => [name, now[name]]));
      animations.push(element.animate([start, others], timing));
    }
  }
  startAt(animations, descriptor, descriptor.cssDuration, options);

  const delta = additive ? descriptor.delta.contentOffset.y + descriptor.delta.contentInset.top : fromY - toY;
  return track(animations, touched, scrollView, { driver, delta });
}

/**
 * Starts `animations` at `options.startTime`, else at the descriptor's `startTime` when it is on this page's clock
 * (within `duration` and a second of now), else now.
 */
function startAt(animations, descriptor, duration, options) {
  let startTime = options.startTime;
  if (startTime === undefined && typeof descriptor.startTime === "number") {
    const now = frameTime();
    // A session on another clock (Date.now() timestamps, say) would start far away: then start now.
    if (Math.abs(descriptor.startTime - now) < duration + 1000) startTime = descriptor.startTime;
  }
  if (startTime != null) for (const animation of animations) animation.startTime = startTime;
}

/**
 * The Playback of `animations` on the `touched` elements, registered as running on each; `part` (when not null)
 * is the share of `scrollView`'s offset they drive, live until they finish or are cancelled.
 */
function track(animations, touched, scrollView, part) {
  const offset = offsetOf(scrollView);
  if (part) offset.parts.add(part);
  syncOffset(scrollView);
  let playback;
  const release = () => {
    if (part) offset.parts.delete(part);
    for (const element of touched) running.get(element)?.delete(playback);
  };
  const finished = Promise.all(animations.map((animation) => animation.finished)).then(
    () => {
      release();
      syncOffset(scrollView);
      return true;
    },
    () => {
      release();
      return false;
    },
  );
  playback = new Playback(animations, finished, () => {
    release();
    for (const animation of animations) animation.cancel();
  });
  for (const element of touched) {
    if (!running.has(element)) running.set(element, new Set());
    running.get(element).add(playback);
  }
  return playback;
}

/** Sets a scroll state at once (a session's `presentation` after a PATCH, say), cancelling any playback. */
export function applyState(state, elements, options = {}) {
  return applyAnimation({ from: state, to: state, cssDuration: 0 }, elements, options);
}

// ---- Android ----------------------------------------------------------------------------------------------------

/**
 * Keyframes for a length that follows the IME's inset from `from` to `to` while the inset runs from `imeFrom` to
 * `imeTo` (`layout: "followsIme"`): at each frame it is `from` moved by the share of the lift done so far, the lift
 * being `max(0, ime - kept)`, `kept` what the layout keeps clear below the list whatever the IME (the navigation bar
 * less what of it the list's frame covers: docs/android.md, `AndroidAvoidance.lift`). The length moves by the lift
 * beyond `kept`, so `kept` is the larger inset less how far the length moves. The lift has a corner where the inset
 * crosses `kept`, so there is a keyframe there; keyframe offsets are the IME's eased progress (the effect's easing
 * applies first), so the length moves with the inset exactly.
 */
function followingKeyframes(name, from, to, ime) {
  const frames = [{ [name]: px(from), offset: 0 }];
  const kept = Math.max(ime.from, ime.to) - Math.abs(to - from);
  const corner = (kept - ime.from) / (ime.to - ime.from);
  if (corner > 0 && corner < 1) {
    // Up to the corner the inset is under `kept`: the lift has not started (a show) or has ended (a hide).
    const value = ime.from < ime.to ? from : to;
    frames.push({ [name]: px(value), offset: corner });
  }
  frames.push({ [name]: px(to), offset: 1 });
  return frames.map(({ offset, ...frame }) => ({ ...lengthKeyframes([frame])[0], offset }));
}

/** The easing of an Android timing (`animation` or `scroller`): its `linearEasing`, else its `timingFunction`. */
function androidEasing(timing, options) {
  if (options.easing) return options.easing;
  if (!timing.timingFunction || supportsEasing(timing.linearEasing)) return timing.linearEasing;
  return timing.timingFunction;
}

/**
 * Replays an Android answer (`platform: "android"`) with the Web Animations API, as the window would move:
 *
 * - the IME (`elements.ime`): its `top` is `options.windowHeight - ime`, from `from.ime.bottom` to `to.ime.bottom` on
 *   the answer's `animation` (its `linearEasing` over `cssDuration`);
 * - the container (`elements.scrollView`): its `height` is the answer's `scrollView.frame.height`, and the bottom
 *   padding of `elements.content` (default the container) its `contentPadding.bottom`; with `layout: "followsIme"`
 *   they move with the IME's inset each frame (`max(0, ime - kept)` applied to the rest layout, `kept` the part of
 *   the navigation bar the list's frame leaves clear), with `"atOnce"` they take `to`'s values at the start.
 *   `elements.attached` (a composer under the list) keep their `top` on the container's bottom edge;
 * - the window's pan (`elements.window`, everything in the window but its bars): `top` is `-windowPan.y`, and the
 *   list's `scrollTop` is `contentOffset.y`, both on `animation.scroller`'s easing over its `cssDuration`.
 *
 * The final values are set at once (the model) and the animations run over them, as `applyAnimation` does; a
 * replay cancels the playbacks running on the same elements (Android starts each animation from an end state).
 * The answer's instant is `options.startTime` (default: the descriptor's `startTime` when it is on this page's
 * clock, else now); each animation starts its `delay` after it (`animation.delay`, and the scroller's
 * `windowPan.delay` and `contentOffset.delay`, in seconds: negative for a scroll already running). `options.easing`
 * replaces both easings. Returns a Playback: `true` when it completed, `false` when something cancelled it.
 */
export function applyAndroidAnimation(answer, elements, options = {}) {
  const descriptor = answer.animation;
  const { scrollView, content = scrollView, window: pane, ime, attached = [] } = elements;
  const { from, to, scroller } = descriptor;
  const touched = [scrollView, content, pane, ime, ...attached].filter(Boolean);
  for (const element of touched) for (const playback of running.get(element) ?? []) playback.cancel();
  const offset = offsetOf(scrollView);
  offset.parts.clear();

  const top = (state) => state.scrollView.frame.y;
  const height = (state) => state.scrollView.frame.height;
  const imeTop = (state) => options.windowHeight - state.ime.bottom;
  setModel(scrollView, { height: px(height(to)) });
  setModel(content, { paddingBottom: px(to.contentPadding.bottom) });
  for (const element of attached) setModel(element, { top: px(top(to) + height(to)) });
  if (pane) setModel(pane, { top: px(-to.windowPan.y) });
  if (ime) setModel(ime, { top: px(imeTop(to)) });
  offset.model = to.contentOffset.y;

  const animations = [];
  // Each animation's start after the answer's instant, ms.
  const delays = new Map();
  const seconds = (delay) => (delay ?? 0) * 1000;
  const imeTiming = { duration: descriptor.cssDuration, easing: androidEasing(descriptor, options), fill: "none" };
  const imeAnimation = (element, keyframes) => {
    const animation = element.animate(keyframes, imeTiming);
    delays.set(animation, seconds(descriptor.delay));
    animations.push(animation);
  };
  if (descriptor.cssDuration > 0) {
    const inset = { from: from.ime.bottom, to: to.ime.bottom };
    if (ime && inset.from !== inset.to) {
      imeAnimation(ime, lengthKeyframes([{ top: px(imeTop(from)) }, { top: px(imeTop(to)) }]));
    }
    if (descriptor.layout === "followsIme") {
      const follow = (element, name, a, b) => {
        if (a !== b) imeAnimation(element, followingKeyframes(name, a, b, inset));
      };
      follow(scrollView, "height", height(from), height(to));
      follow(content, "paddingBottom", from.contentPadding.bottom, to.contentPadding.bottom);
      for (const element of attached) follow(element, "top", top(from) + height(from), top(to) + height(to));
    }
  }
  let driver = null;
  if (scroller?.cssDuration > 0) {
    const scrollTiming = { duration: scroller.cssDuration, easing: androidEasing(scroller, options), fill: "none" };
    const pan = scroller.windowPan;
    if (pane && pan.from !== pan.to) {
      const animation = pane.animate(lengthKeyframes([{ top: px(-pan.from) }, { top: px(-pan.to) }]), scrollTiming);
      delays.set(animation, seconds(pan.delay));
      animations.push(animation);
    }
    const scroll = scroller.contentOffset;
    if (scroll.from !== scroll.to) {
      // WAAPI cannot animate scrollTop: a length of its own carries the scroller's progress, which each frame's
      // scrollTop follows (`syncOffset`), as for iOS.
      const keyframes = lengthKeyframes([{ scroll: px(scroll.from) }, { scroll: px(scroll.to) }]);
      driver = scrollView.animate(keyframes, scrollTiming);
      delays.set(driver, seconds(scroll.delay));
      animations.push(driver);
    }
  }
  if (animations.length) {
    startAt(animations, descriptor, Math.max(descriptor.cssDuration, scroller?.cssDuration ?? 0), options);
    const instant = animations[0].startTime ?? frameTime();
    for (const animation of animations) animation.startTime = instant + delays.get(animation);
  }
  if (!animations.length) {
    syncOffset(scrollView);
    return new Playback([], Promise.resolve(true), () => {});
  }
  const part = driver ? { driver, delta: scroller.contentOffset.from - scroller.contentOffset.to } : null;
  return track(animations, touched, scrollView, part);
}

/**
 * Sets an Android state at once (an answer's `animation.from` or `.to`: `ime`, `scrollView.frame`,
 * `contentPadding`, `windowPan`, `contentOffset`), cancelling any playback on the elements.
 */
export function applyAndroidState(state, elements, options = {}) {
  const still = { ...state, ime: state.ime ?? { top: 0, left: 0, bottom: 0, right: 0 } };
  const answer = {
    animation: { from: still, to: still, cssDuration: 0, layout: "atOnce", scroller: null },
  };
  return applyAndroidAnimation(answer, elements, options);
}

// ---- The web (`platform: "web"`): keeping a page's fixed bars in sight while the keyboard shows ----

/**
 * The lifts a web answer says, by bar id: the `translateY` (px) that puts each of its `fixedElements` back in
 * sight, a bottom bar's bottom on the keyboard's top, a top bar's top on the visual viewport's top (docs/web.md,
 * "Fixed bars"). Pure: no DOM, no listener.
 */
export function webLifts(answer) {
  return Object.fromEntries(answer.fixedElements.map(({ id, lift }) => [id, lift]));
}

/**
 * Whether the answer says the keyboard overlays the page through the VirtualKeyboard API (mode `overlays-content`
 * and `keyboardInsets.height` above 0): there a page lifts a bottom bar by `navigator.virtualKeyboard.boundingRect`
 * (or `env(keyboard-inset-height)`), the visual viewport being left as it was.
 */
export function followsVirtualKeyboard(answer) {
  return answer.mode === "overlays-content" && answer.keyboardInsets.height > 0;
}

/**
 * The lift of a bar held to `edge`, from the live values a page reads: a top bar follows the visual viewport's top
 * (`offsetTop`); a bottom bar puts its bottom on the keyboard's top, the visual viewport's bottom
 * (`height + offsetTop - innerHeight`), or under the VirtualKeyboard API `-boundingRect.height`.
 */
function liftOf(edge, viewport, innerHeight, keyboardHeight) {
  if (edge === "top") return viewport.offsetTop;
  if (keyboardHeight !== null) return -keyboardHeight;
  return viewport.height + viewport.offsetTop - innerHeight;
}

/** The bars `elements` names, as `[element, edge]`: a map of `{element, edge}` or a list of fixed elements. */
function followedBars(elements) {
  const bars = Array.isArray(elements) ? elements : Object.values(elements);
  return bars.map((bar) => {
    const edge = bar.edge ?? (bar.top !== undefined ? "top" : "bottom");
    if (edge !== "top" && edge !== "bottom") throw new TypeError(`A bar's edge is "top" or "bottom", not ${edge}`);
    return [bar.element, edge];
  });
}

/**
 * Keeps a page's fixed bars in sight while the keyboard shows: on every `resize` and `scroll` of the page's
 * `visualViewport` (and once now) each bar gets the lift `webLifts` describes, as `transform: translateY(…px)`.
 * `elements` is `{ name: { element, edge: "top" | "bottom" } }`, or a list like the request's `fixedElements` with
 * each one's `element` (its edge from `edge`, else `top` when it has one, else `bottom`). When `options.answer` says
 * the keyboard overlays the page through the VirtualKeyboard API (`followsVirtualKeyboard`), a bottom bar follows
 * `navigator.virtualKeyboard.boundingRect.height` on `geometrychange` instead. Options: `visualViewport` (default
 * `globalThis.visualViewport`), `innerHeight` (a getter, default `() => globalThis.innerHeight`), `virtualKeyboard`
 * (default `navigator.virtualKeyboard`). Returns a function that stops following and clears the transforms.
 */
export function followVisualViewport(elements, options = {}) {
  const viewport = options.visualViewport ?? globalThis.visualViewport;
  if (!viewport) throw new TypeError("followVisualViewport needs a visualViewport (options.visualViewport)");
  const innerHeight = options.innerHeight ?? (() => globalThis.innerHeight);
  const overlay = options.answer !== undefined && followsVirtualKeyboard(options.answer);
  const keyboard = overlay ? (options.virtualKeyboard ?? globalThis.navigator?.virtualKeyboard) : null;
  if (overlay && !keyboard) throw new TypeError("The keyboard overlays the page, but there is no virtualKeyboard");
  const bars = followedBars(elements);
  const apply = () => {
    const keyboardHeight = keyboard ? keyboard.boundingRect.height : null;
    for (const [element, edge] of bars) {
      element.style.transform = `translateY(${liftOf(edge, viewport, innerHeight(), keyboardHeight)}px)`;
    }
  };
  viewport.addEventListener("resize", apply);
  viewport.addEventListener("scroll", apply);
  keyboard?.addEventListener("geometrychange", apply);
  apply();
  return () => {
    viewport.removeEventListener("resize", apply);
    viewport.removeEventListener("scroll", apply);
    keyboard?.removeEventListener("geometrychange", apply);
    for (const [element] of bars) element.style.transform = "";
  };
}
