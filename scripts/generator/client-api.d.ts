// ---- client.js's own API: its calls, classes and options, and the views of the wire's types they name ----
// Kept by hand in scripts/generator/client-api.d.ts: scripts/generate writes client.d.ts as the wire's types from
// openapi.yaml (above), then this file. The types it names and does not declare are the wire's.

// -- Views of the wire's types that client.js's calls take and give --

/** The geometry every request body may carry besides its own members. */
export type GeometryMembers = Omit<KeyboardEventBody, "sessionId" | "keyboard">;

/**
 * The form members a show, a hide, `POST /sessions` and `PATCH /sessions/{id}` may carry; a session keeps them.
 * A PATCH sending any of them while the keyboard is shown re-targets the offset at once.
 */
export type FormMembers = Pick<GeometryMembers, "fields" | "focus" | "focusedRect" | "scrollPosition">;

/** The three properties a keyboard animation changes on a scroll view. */
export type ScrollState = Pick<AnimatedValues, "contentInset" | "scrollIndicatorInsets" | "contentOffset">;

/**
 * An event's or a PATCH's body on an Android session: the window's members (unchanged when absent), the IME's frame
 * on a show, the focused view; `platform` may be left out (the session's).
 */
export type AndroidSessionBody = Omit<AndroidKeyboardEventBody, "platform"> & { platform?: "android" };

/**
 * An event's or a PATCH's body on a web session: the page's members (unchanged when absent; while the keyboard is up
 * only the document, its bars, the focus and the caret may change), the keyboard's height on the first show, the
 * newly focused input's `focusedRect` on a show while it is up; `platform` may be left out (the session's).
 */
export type WebSessionBody = Partial<Omit<WebKeyboardEventBody, "platform">> & { platform?: "web" };

/** `POST /sessions`' body for a web page: the page without its keyboard, which the first show brings. */
export type WebSessionCreateBody = Omit<WebKeyboardEventBody, "keyboard">;

/** How `POST /sessions/{id}/notifications` reads a log, besides the log itself. */
export interface NotificationReplayOptions extends Omit<NotificationLogBody, "notifications"> {
  /** Adds the timeline drawn as SVG (`?plot=svg`). */
  plot?: boolean;
}

/** An iOS device as `GET /devices` lists it: one a request can name (openapi.yaml's `DeviceSummary`). */
export type DeviceSummary = Pick<DeviceEntry, "id" | "name" | "platform" | "family" | "systems">;

/** An Android device as `GET /devices` lists it: one an Android request (`platform: "android"`) may name. */
export type AndroidDeviceSummary = Pick<AndroidDeviceEntry, "id" | "name" | "platform" | "family">;

/**
 * One problem with a request body (openapi.yaml's `FieldError`): where it is (the JSON pointer of a JSON body's
 * value; the line and column of a text body's, both from 1) and what is wrong.
 */
export type ProblemError =
  | { pointer: string; message: string }
  | { line: number; column: number; message: string };

// -- The client --

/** One request and its answer, as `onExchange` sees it. */
export interface Exchange {
  method: string;
  path: string;
  /** The body sent: a JSON value, or a text body's string; null without one. */
  request: unknown;
  /** The body's Content-Type (`application/json`, `text/plain; charset=utf-8`); null without one. */
  contentType: string | null;
  status: number;
  response: unknown;
  milliseconds: number;
}

/** Options every call takes. */
export interface CallOptions {
  /**
   * The service's origin. Default: the page's own; where there is no page (Node, Deno without `--location`) a call
   * without it rejects with a TypeError and sends nothing.
   */
  baseURL?: string;
  /** Sent as `Authorization: Bearer`. */
  token?: string;
  onExchange?: (exchange: Exchange) => void;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** An event's timestamp (ms); default the frame time; `false` leaves it to the server. */
  timestamp?: number | false;
}

/** An answer outside 2xx, with the RFC 9457 problem the service sent. */
export class InsetError extends Error {
  constructor(status: number, problem: Problem | null);
  name: "InsetError";
  status: number;
  problem: Problem | null;
}

/** The timeline span: each in ms, each optional. */
export interface Span { from?: number; to?: number; step?: number }

/** A session for one scroll view; `state` is the last representation fetched. */
export class Session {
  /** Wraps a session's representation (`GET /sessions/{id}`, or `POST /sessions`'s answer) with the options. */
  constructor(state: SessionState, options?: CallOptions);
  readonly id: string;
  state: SessionState;
  options: CallOptions;
  /** The last event's timestamp sent (or the log's last notification): the next is never stamped earlier. */
  lastTimestamp: number;
  show(body: KeyboardEventBody, options?: CallOptions): Promise<KeyboardEventAnswer>;
  hide(body?: KeyboardEventBody, options?: CallOptions): Promise<KeyboardEventAnswer>;
  /** `POST /keyboard/drag`: the touch in window coordinates. */
  drag(touch: Point, options?: CallOptions): Promise<KeyboardGestureAnswer>;
  /** `POST /keyboard/release`: the vertical velocity in pt/s, downward positive. */
  release(velocityY: number, options?: CallOptions): Promise<KeyboardGestureAnswer>;
  /**
   * `POST /sessions/{id}/focus`, stamped like the events: a field's id, or `"next"` / `"previous"`. 409
   * `keyboard-not-shown` while hidden; 400 (pointer `/field`) for an unknown id or a move past either end.
   */
  focus(field: string, options?: CallOptions): Promise<KeyboardEventAnswer>;
  /**
   * `POST /sessions/{id}/notifications` with a JSON log (`?plot=svg` with `plot: true`); timestamps on the
   * session's clock, the options in the body. Sets `state` to the answer's session; later events are stamped no
   * earlier than the log's last notification (the answer's last `results[].timestamp`).
   */
  replayNotifications(
    notifications: LoggedNotification[],
    replay?: NotificationReplayOptions,
    options?: CallOptions,
  ): Promise<NotificationLogAnswer & { format: "json" }>;
  /**
   * The same with the console's text as pasted, sent as `text/plain; charset=utf-8`, the options in the query.
   * 400 `no-notification` when it holds none; a value that cannot be read is a 400 whose errors have `line` and
   * `column`.
   */
  replayNotifications(
    consoleText: string,
    replay?: NotificationReplayOptions,
    options?: CallOptions,
  ): Promise<NotificationLogAnswer & { format: "text" }>;
  patch(body: SessionPatchBody, options?: CallOptions): Promise<SessionState>;
  get(at?: number, options?: CallOptions): Promise<SessionState>;
  timeline(span?: Span, options?: CallOptions): Promise<Timeline>;
  timelineSVG(span?: Span, options?: CallOptions): Promise<string>;
  delete(options?: CallOptions): Promise<void>;
}

/**
 * A `Session` created with `platform: "android"`, typed for its answers. Focus moves, drags, releases and
 * notification logs are iOS's: the service refuses them on Android.
 */
export interface AndroidSession {
  readonly id: string;
  state: AndroidSessionState;
  options: CallOptions;
  lastTimestamp: number;
  show(body: AndroidSessionBody, options?: CallOptions): Promise<AndroidKeyboardEventAnswer>;
  hide(body?: AndroidSessionBody, options?: CallOptions): Promise<AndroidKeyboardEventAnswer>;
  patch(body: AndroidSessionBody, options?: CallOptions): Promise<AndroidSessionState>;
  get(at?: number, options?: CallOptions): Promise<AndroidSessionState>;
  timeline(span?: Span, options?: CallOptions): Promise<AndroidTimeline>;
  timelineSVG(span?: Span, options?: CallOptions): Promise<string>;
  delete(options?: CallOptions): Promise<void>;
}

/**
 * A `Session` created with `platform: "web"`, typed for its answers: each show and hide starts from where the last
 * left the page, and a show while the keyboard is up moves the focus. Focus moves, drags, releases, notification logs
 * and timelines are iOS's: the service refuses them on the web.
 */
export interface WebSession {
  readonly id: string;
  state: WebSessionState;
  options: CallOptions;
  lastTimestamp: number;
  show(body: WebSessionBody, options?: CallOptions): Promise<WebKeyboardEventAnswer>;
  hide(body?: WebSessionBody, options?: CallOptions): Promise<WebKeyboardEventAnswer>;
  patch(body: WebSessionBody, options?: CallOptions): Promise<WebSessionState>;
  get(at?: number, options?: CallOptions): Promise<WebSessionState>;
  delete(options?: CallOptions): Promise<void>;
}

/** The current frame's time on the document timeline; without a document, `performance.now()` (the same clock). */
export function frameTime(): number;
/** `POST /sessions` for an Android window at rest: a session typed for Android's answers. */
export function createSession(
  geometry: AndroidKeyboardEventBody, options?: CallOptions): Promise<AndroidSession>;
/** `POST /sessions` for a web page: a session typed for the web's answers. */
export function createSession(page: WebSessionCreateBody, options?: CallOptions): Promise<WebSession>;
/** `POST /sessions` with the geometry (and `interruption`, when given). */
export function createSession(geometry: SessionCreateBody, options?: CallOptions): Promise<Session>;
/** `POST /keyboard/show` for an Android window, stateless. */
export function show(
  session: null, body: AndroidKeyboardEventBody, options?: CallOptions): Promise<AndroidKeyboardEventAnswer>;
/** `POST /keyboard/show` for a web page (`platform: "web"`), stateless. */
export function show(session: null, body: WebKeyboardEventBody, options?: CallOptions): Promise<WebKeyboardEventAnswer>;
/** `POST /keyboard/show`: on a Session, a session id, or null for a stateless call. */
export function show(
  session: Session | string | null, body: KeyboardEventBody, options?: CallOptions): Promise<KeyboardEventAnswer>;
/** `POST /keyboard/hide` for an Android window, stateless (`keyboard.frameBegin`: where the IME leaves from). */
export function hide(
  session: null, body: AndroidKeyboardEventBody, options?: CallOptions): Promise<AndroidKeyboardEventAnswer>;
/** `POST /keyboard/hide` for a web page: the hide of the keyboard a show of the same body brought up. */
export function hide(session: null, body: WebKeyboardEventBody, options?: CallOptions): Promise<WebKeyboardEventAnswer>;
/** `POST /keyboard/hide`. */
export function hide(
  session: Session | string | null, body?: KeyboardEventBody, options?: CallOptions): Promise<KeyboardEventAnswer>;
/** `PATCH /sessions/{id}`. */
export function patch(
  session: Session | string, body: SessionPatchBody, options?: CallOptions): Promise<SessionState>;
/** `GET /devices`: the devices a request may name. */
export function listDevices(options?: CallOptions): Promise<DeviceList>;
/** `GET /devices/{id}`; an unknown id rejects with an `InsetError` (404 `device-not-found`). */
export function getDevice(id: string, options?: CallOptions): Promise<DeviceEntry | AndroidDeviceEntry>;
/** What the safe area adds on top of `contentInset`. */
export function insetAdjustment(result: InsetResult): { top: number; bottom: number };

/** A running replay: resolves `true` when it completes, `false` when something cancelled it. */
export class Playback implements PromiseLike<boolean> {
  constructor(animations: Animation[], finished: Promise<boolean>, cancel: () => void);
  animations: Animation[];
  finished: Promise<boolean>;
  cancel(): void;
  then<A = boolean, B = never>(
    onFulfilled?: ((value: boolean) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): PromiseLike<A | B>;
}

export interface AnimatedElements {
  /** The scroll container: its `scrollTop` follows `contentOffset.y` plus the top inset. */
  scrollView: HTMLElement;
  /** The element whose padding carries the insets (default `scrollView`). */
  content?: HTMLElement;
  /** Anything else that moves with the keyboard: keyframes, or a model `to` with an additive `delta` (px). */
  extra?: (
    | { element: HTMLElement; keyframes: Keyframe[] }
    | { element: HTMLElement; to: Record<string, string>; delta?: Record<string, number> }
  )[];
}

export interface ApplyOptions {
  adjustment?: { top?: number; bottom?: number };
  startTime?: number;
  easing?: string;
}

/**
 * Replays a descriptor with the Web Animations API: an additive one on top of the playbacks still running
 * (`composite: "add"`, from `delta` to zero), any other cancelling them and starting from `from`.
 */
export function applyAnimation(
  descriptor: AnimationDescriptor, elements: AnimatedElements, options?: ApplyOptions): Playback;
/** Sets a state at once, cancelling any playback. */
export function applyState(state: ScrollState, elements: AnimatedElements, options?: ApplyOptions): Playback;

/** The Android phone's parts an answer moves (window coordinates in CSS px, one per dp). */
export interface AndroidElements {
  /** The scroll container: its `height` is the list's, its `scrollTop` the offset. */
  scrollView: HTMLElement;
  /** The element whose `padding-bottom` is `contentPadding.bottom` (default `scrollView`). */
  content?: HTMLElement;
  /** Everything in the window but its bars: its `top` is `-windowPan.y`. */
  window?: HTMLElement;
  /** The IME panel: its `top` is the window's height less the IME's inset (give `windowHeight`). */
  ime?: HTMLElement;
  /** Elements whose `top` stays on the list's bottom edge (a composer under it). */
  attached?: HTMLElement[];
}

export interface AndroidApplyOptions {
  /** The window's height, from which the IME's top is measured; required with `elements.ime`. */
  windowHeight?: number;
  /** Document-timeline ms the animations start at; default the descriptor's `startTime` on this clock, else now. */
  startTime?: number;
  /** Replaces both easings. */
  easing?: string;
}

/** What `applyAndroidAnimation` reads of an answer. */
export type AndroidReplayable = Pick<AndroidKeyboardEventAnswer, "windowInsets" | "animation">;

/**
 * Replays an Android answer with the Web Animations API: the IME on `animation`'s easing, the list's resize or
 * padding with it (`followsIme`) or at once (`atOnce`), the window's pan and the list's scroll on the scroller's.
 * Cancels the playbacks running on the same elements.
 */
export function applyAndroidAnimation(
  answer: AndroidReplayable,
  elements: AndroidElements & { ime: HTMLElement },
  options: AndroidApplyOptions & { windowHeight: number },
): Playback;
export function applyAndroidAnimation(
  answer: AndroidReplayable, elements: AndroidElements & { ime?: undefined }, options?: AndroidApplyOptions): Playback;
/** Sets an Android state (an answer's `animation.from` or `.to`) at once, cancelling any playback. */
export function applyAndroidState(
  state: AndroidState,
  elements: AndroidElements & { ime: HTMLElement },
  options: AndroidApplyOptions & { windowHeight: number },
): Playback;
export function applyAndroidState(
  state: AndroidState, elements: AndroidElements & { ime?: undefined }, options?: AndroidApplyOptions): Playback;

// -- The web: a page's fixed bars kept in sight --

/** What `followVisualViewport` moves: anything with an inline style (an `HTMLElement`). */
export interface StyledElement {
  style: { transform: string };
}

/** A fixed bar by name: its element and the layout viewport's edge it is held to. */
export interface FollowedBar {
  element: StyledElement;
  edge: "top" | "bottom";
}

/** A bar as the request's `fixedElements` has it, with its element: its edge `edge`, else `top` if it has one. */
export interface FollowedFixedElement {
  id?: string;
  element: StyledElement;
  edge?: "top" | "bottom";
  top?: number;
  bottom?: number;
  height?: number;
}

/** The parts of a `VisualViewport` (or a stand-in) followed. */
export interface FollowedViewport {
  height: number;
  offsetTop: number;
  addEventListener(type: "resize" | "scroll", listener: () => void): void;
  removeEventListener(type: "resize" | "scroll", listener: () => void): void;
}

/** The parts of `navigator.virtualKeyboard` (Chromium's VirtualKeyboard API) followed. */
export interface FollowedVirtualKeyboard {
  boundingRect: { height: number };
  addEventListener(type: "geometrychange", listener: () => void): void;
  removeEventListener(type: "geometrychange", listener: () => void): void;
}

export interface FollowOptions {
  /** Default `globalThis.visualViewport`. */
  visualViewport?: FollowedViewport;
  /** The layout viewport's height now; default `() => globalThis.innerHeight`. */
  innerHeight?: () => number;
  /** The service's answer for this page: when it overlays through the VirtualKeyboard API, that API is followed. */
  answer?: Pick<WebKeyboardEventAnswer, "mode" | "keyboardInsets">;
  /** Default `navigator.virtualKeyboard`; used only when `answer` says the keyboard overlays the page. */
  virtualKeyboard?: FollowedVirtualKeyboard;
}

/** The `translateY` (px) each of the answer's fixed bars needs to stay in sight, by id. */
export function webLifts(answer: Pick<WebKeyboardEventAnswer, "fixedElements">): Record<string, number>;
/** Whether the keyboard overlays the page through the VirtualKeyboard API (`overlays-content`, a height above 0). */
export function followsVirtualKeyboard(answer: Pick<WebKeyboardEventAnswer, "mode" | "keyboardInsets">): boolean;
/**
 * Applies each bar's lift as `transform: translateY(…px)` on every `resize` and `scroll` of the visual viewport (or,
 * under the VirtualKeyboard API, `geometrychange`), and once now; returns a function that stops and clears them.
 */
export function followVisualViewport(
  elements: Record<string, FollowedBar> | FollowedFixedElement[], options?: FollowOptions): () => void;
