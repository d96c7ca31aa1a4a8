// @ts-check
// The page's mutable state, all of it: the iPhone's (`state`) and the Android phone's (`android`). No other module
// keeps a variable of its own that changes; each reads and sets these fields, so what the page knows at any moment
// is here to read.

/**
 * @typedef {import("../client.js").DeviceEntry} DeviceEntry
 * @typedef {import("../client.js").AndroidDeviceEntry} AndroidDeviceEntry
 * @typedef {import("../client.js").DeviceSummary} DeviceSummary
 * @typedef {import("../client.js").AndroidDeviceSummary} AndroidDeviceSummary
 * @typedef {import("../client.js").Session} Session
 * @typedef {import("../client.js").AndroidSession} AndroidSession
 * @typedef {import("../client.js").InsetResult} InsetResult
 * @typedef {import("../client.js").AndroidKeyboardEventAnswer} AndroidKeyboardEventAnswer
 * @typedef {import("../client.js").Playback} Playback
 * @typedef {import("../client.js").Navigation} Navigation
 * @typedef {import("../client.js").Point} Point
 * @typedef {import("../client.js").Rect} Rect
 * @typedef {import("../client.js").CatalogueValue} CatalogueValue
 * @typedef {import("./geometry.js").AndroidScene} AndroidScene
 * @typedef {HTMLInputElement | HTMLTextAreaElement} TextControl
 * @typedef {{
 *   samples: { time: number, y: number }[],
 *   pending: { touch: Point, time: number } | null,
 *   sending: boolean,
 *   released?: boolean,
 * }} Drag
 */

export const state = {
  /** @type {(DeviceSummary | AndroidDeviceSummary)[]} The catalogue's devices as `GET /devices` lists them. */
  devices: [],
  /** @type {Map<string, DeviceEntry | AndroidDeviceEntry>} Each device's entry as `GET /devices/{id}` gave it. */
  entries: new Map(),
  /** @type {DeviceEntry | null} The entry of the iOS device picked: every number the iPhone shows comes from it. */
  entry: null,
  /** @type {Session | null} */
  session: null,
  /** @type {InsetResult | null} The last target the service answered: what the table shows once animations end. */
  model: null,
  /** What the safe area adds on top of the model's `contentInset`. */
  adjustment: { top: 0, bottom: 0 },
  /** @type {Playback | null} The client.js playback running now, if any. */
  playback: null,
  keyboardVisible: false,
  /** @type {Rect | null} The keyboard frame last sent on a show, in screen coordinates. */
  shownFrame: null,
  /** @type {Promise<unknown>} Requests go one after the other, so their timestamps reach the service in order. */
  queue: Promise.resolve(),
  /** Set while the page blurs a field itself (a new session, a log that hid the keyboard): no hide is sent. */
  resetting: false,
  /** The request log's numbering. */
  sequence: 0,
  /** @type {ReturnType<typeof setTimeout> | undefined} The table's scroll waits for this timer to go quiet. */
  scrollTimer: undefined,
  /** @type {Drag | null} A pointer dragging over the chat's list: its recent samples, whether a request is out. */
  dragging: null,
  /** @type {Navigation | null} The navigation the service's last answer gave: where the toolbar's arrows go. */
  navigation: null,
  /** Set while the page moves the DOM focus itself (after a focus move), so that the move sends nothing more. */
  movingFocus: false,
  /** @type {TextControl | null} The field that had the focus when the scroll-position select took it. */
  keptFocus: null,
  /** The sample log last put in the notification panel, replaced on a new session unless it was edited. */
  sampleText: "",
  /** @type {Map<string, CatalogueValue>} The catalogue's values for the session's container, by pointer: bar heights,
   * the Sheet's frame. */
  barHeights: new Map(),
  /** Whether a focused field has expanded the Sheet's sheet in this session (the session keeps it there). */
  sheetExpanded: false,
};

/**
 * The Android phone and its session: its catalogue entry, the window it lays out (`scene`, null when the catalogue
 * lacks its bars), the list's offset in the session's window at rest (`restOffset`), the IME's frame a show sends,
 * the last answer and its playback, whether the IME is up, and whether the page is blurring its fields itself.
 */
export const android = {
  /** @type {AndroidDeviceEntry | null} */
  entry: null,
  /** @type {AndroidScene | null} */
  scene: null,
  /** @type {AndroidSession | null} */
  session: null,
  restOffset: 0,
  /** @type {Rect | null} */
  imeFrame: null,
  /** @type {AndroidKeyboardEventAnswer | null} */
  answer: null,
  /** @type {Playback | null} */
  playback: null,
  visible: false,
  resetting: false,
};

/**
 * The Web platform's page: the last answer drawn and whether it was a show, and the queue its requests wait in
 * (stateless, so apart from the sessions').
 */
export const web = {
  /** @type {import("../client.js").WebKeyboardEventAnswer | null} */
  answer: null,
  shown: false,
  /** How many answers the page has drawn: a test waits for the next. */
  answers: 0,
  /** @type {Promise<unknown>} */
  queue: Promise.resolve(),
};
