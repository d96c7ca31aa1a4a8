// The playground: a phone mock whose table makes room for a mock keyboard exactly as the service says UIKit
// would. Every number comes from the service through client.js; the page only measures and replays.
//
// The DOM is the scroll view: #table is its frame (the whole screen), #table-content's padding is
// `adjustedContentInset` (so padding-bottom = contentInset.bottom + the safe area UIKit adds), and
// `scrollTop = contentOffset.y + adjustedContentInset.top`. #phone[data-keyboard-state] says where the keyboard is.
//
// The chat screen (#phone[data-screen="chat"]) is the same scroll view full of messages, with #composer pinned
// to the keyboard layout guide: its top is the service's `pinnedViews[0].frame.y`, animated by the guide's
// delta. A pointer drag over the list while the keyboard is up is an interactive dismissal: each move is a
// `POST /keyboard/drag` whose answer the page shows at once, and the release is a `POST /keyboard/release`
// whose spring the page replays.
//
// The form screen (#phone[data-screen="form"]) is the same scroll view holding five fields and a notes text view
// that grows as the user types, sent as `fields` (content coordinates). Focusing a field is a show with `focus`;
// the keyboard carries a 44-pt input accessory toolbar, so the frame the page reports includes it, as iOS's does.
// Its ‹ and › are `POST /sessions/{id}/focus` with `previous` / `next`, enabled as the answer's `navigation` says,
// and Done hides the keyboard; a tap on another field while the keyboard is up is a focus move to it. Each time
// the notes change height the page sends a PATCH with the fields, the content size and the caret's rect
// (`focusedRect`), which the service re-targets the offset for at once.
//
// The devices are the service's catalogue: `GET /devices` fills the picker and `GET /devices/{id}` gives the phone
// its screen, safe area and keyboards, each the newest measurement for the orientation. Requests name the device
// (`device: {id, orientation}`, the keyboard by `predictive`, `type` and `mode`) and the service fills in its
// numbers; what the catalogue does not have is said under the phone and switched off, never made up.
//
// The Android phone (#android, Platform: Android or Both) shows the same screen in an Android window: the
// catalogue's Android device gives its screen, bars and IME height, and a session of its own (`platform:
// "android"`) its answers, replayed with applyAndroidAnimation: #android-list is the list (its height the answer's
// `scrollView.frame.height`, scrollTop `contentOffset.y`), #android-content's padding-bottom `contentPadding.bottom`,
// #android-window's top `-windowPan.y`, #ime's top the window's height less `windowInsets.ime.bottom`. With both
// phones the iPhone's fields drive both.
//
// The notification log panel (any screen) replays a pasted log through `POST /sessions/{id}/notifications`
// (`plot=svg`): the console text as Xcode printed it, sent as `text/plain` as it is, or a JSON log sent as JSON.
// It lists what each notification did and how the service read it, points at the line of a value it could not
// read, and shows the session the log leaves and its plot.

import {
  applyAndroidAnimation,
  applyAndroidState,
  applyAnimation,
  applyState,
  createSession,
  frameTime,
  getDevice,
  insetAdjustment,
  InsetError,
  listDevices,
} from "./client.js";

/** The device picked when the page opens, when the catalogue has it. */
const DEFAULT_DEVICE = "iphone-15";
/** The Android device picked when the page opens, when the catalogue has it. */
const DEFAULT_ANDROID_DEVICE = "pixel-9";
/** The Android app's top app bar under the status bar: Material 3's small top app bar, 64 dp. */
const APP_BAR_HEIGHT = 64;
/** The interruption fires this fraction of the reported duration into a show (125 ms of 0.25 s). */
const INTERRUPT_AFTER = 0.5;
const KEYBOARD_INFO = { animationDuration: 0.25, animationCurve: 7 };
const LOG_LIMIT = 200;
/** The chat's composer: a 50-pt bar pinned to the keyboard layout guide. */
const COMPOSER_HEIGHT = 50;
/** A release's velocity is measured over the pointer's last moves within this many ms. */
const VELOCITY_WINDOW = 100;
/** The form's input accessory view (previous, next, Done): part of the keyboard's frame as iOS reports it. */
const ACCESSORY_HEIGHT = 44;
/** The notes text view's height with its three empty lines. */
const NOTES_MIN_HEIGHT = 88;

const $ = (id) => document.getElementById(id);
const ui = {
  stage: $("stage"),
  box: $("device-box"),
  phone: $("phone"),
  table: $("table"),
  content: $("table-content"),
  rows: $("table-rows"),
  sections: $("sections"),
  field: $("field"),
  keyboard: $("keyboard"),
  keys: $("kb-keys"),
  summary: $("summary"),
  status: $("status"),
  log: $("log"),
  device: $("device"),
  deviceSources: $("device-sources"),
  deviceAbsent: $("device-absent"),
  deviceInfo: $("device-info"),
  landscape: $("landscape"),
  quicktype: $("quicktype"),
  hardware: $("hardware"),
  floating: $("floating"),
  interrupt: $("interrupt"),
  interruption: $("interruption"),
  screenKind: $("screen-kind"),
  lift: $("lift"),
  bottomSafeArea: $("bottom-safe-area"),
  messages: $("messages"),
  composer: $("composer"),
  chatField: $("chat-field"),
  screen: $("screen"),
  timeline: $("timeline"),
  plot: $("timeline-plot"),
  token: $("token"),
  form: $("form"),
  notes: $("form-notes"),
  notesMirror: $("notes-mirror"),
  previous: $("kb-previous"),
  next: $("kb-next"),
  done: $("kb-done"),
  scrollPosition: $("scroll-position"),
  timelineCaption: $("timeline-caption"),
  notifications: $("notifications"),
  notificationLog: $("notification-log"),
  replayLog: $("replay-log"),
  sampleLog: $("sample-log"),
  includeNonLocal: $("include-non-local"),
  logCoordinates: $("log-coordinates"),
  replaySummary: $("replay-summary"),
  replayResults: $("replay-results"),
  replayErrors: $("replay-errors"),
  platform: $("platform"),
  phones: $("phones"),
  android: $("android"),
  androidBox: $("android-box"),
  androidScreen: $("android-screen"),
  androidWindow: $("android-window"),
  androidList: $("android-list"),
  androidContent: $("android-content"),
  androidComposer: $("android-composer"),
  appBarTitle: $("app-bar-title"),
  ime: $("ime"),
  androidDevice: $("android-device"),
  androidSources: $("android-sources"),
  androidAbsent: $("android-absent"),
  androidSummary: $("android-summary"),
  androidStatus: $("android-status"),
  softInputMode: $("soft-input-mode"),
  edgeToEdge: $("edge-to-edge"),
  imeInsets: $("ime-insets"),
  insetsCallback: $("insets-callback"),
  navigationMode: $("navigation-mode"),
};
/** The form's fields in the page's order, which is the service's too (top to bottom, no `order` sent). */
const formControls = [...ui.form.querySelectorAll("[data-field]")];
const TIMELINE_CAPTION = ui.timelineCaption.innerHTML;

/** The catalogue's devices as `GET /devices` lists them; empty until it has answered. */
let devices = [];
/** Each device's entry as `GET /devices/{id}` answered it, by id. */
const entries = new Map();
/** The entry of the device picked: every number the phone shows comes from it. */
let entry = null;
let session = null;
/** The last target the service answered (an InsetResult): what the table shows once animations end. */
let model = null;
let adjustment = { top: 0, bottom: 0 };
/** The client.js playback running now, if any. */
let playback = null;
let keyboardVisible = false;
/** The keyboard frame last sent on a show, in screen coordinates. */
let shownFrame = null;
/** Requests go one after the other, so their timestamps reach the service in order. */
let queue = Promise.resolve();
let resetting = false;
let sequence = 0;
let scrollTimer = 0;
/** A pointer dragging over the chat's list: its recent samples, and whether a drag request is on its way. */
let dragging = null;
/** The navigation the service's last answer gave: where the toolbar's arrows go. */
let navigation = null;
/** Set while the page moves the DOM focus itself (after a focus move), so that the move sends nothing more. */
let movingFocus = false;
/** The field that had the focus when the scroll-position select took it: the keyboard stays up meanwhile. */
let keptFocus = null;
/** The sample log last put in the notification panel, replaced on a new session unless it was edited. */
let sampleText = "";
/**
 * The Android phone and its session: its catalogue entry, the window it lays out (`scene`, null when the catalogue
 * lacks its bars), the list's offset in the session's window at rest (`restOffset`), the IME's frame a show sends,
 * the last answer and its playback, whether the IME is up.
 */
const android = {
  entry: null,
  scene: null,
  session: null,
  restOffset: 0,
  imeFrame: null,
  answer: null,
  playback: null,
  visible: false,
  resetting: false,
};

function enqueue(task) {
  queue = queue.then(task).catch(report);
  return queue;
}

// ---- Geometry -----------------------------------------------------------------------------------------------

function orientation() {
  return ui.landscape.checked ? "landscape" : "portrait";
}

/** The screen in points as held; the catalogue holds it in portrait. */
function screenSize() {
  const { width, height } = entry.screen;
  return ui.landscape.checked ? { width: height, height: width } : { width, height };
}

/** `a` against `b`, releases as the catalogue spells them (`"26.5"`, `"18"`): negative when `a` is older. */
function compareSystems(a, b) {
  const [x, y] = [a, b].map((system) => system.split(".").map(Number));
  for (let index = 0; index < Math.max(x.length, y.length); index += 1) {
    const difference = (x[index] ?? 0) - (y[index] ?? 0);
    if (difference) return difference;
  }
  return 0;
}

/** Of `measurements`, the newest: the greatest `system`, those without one last, the first of equals. */
function newest(measurements) {
  let best = null;
  for (const measurement of measurements) {
    const { system } = measurement;
    const newer = system != null && (best?.system == null || compareSystems(best.system, system) < 0);
    if (!best || newer) best = measurement;
  }
  return best;
}

/** The newest safe area measurement for the orientation, null when the catalogue has none. */
function safeArea() {
  return newest(entry?.safeAreas.filter((area) => area.orientation === orientation()) ?? []);
}

/** The safe area's insets, null when the catalogue has none for the orientation. */
function safeInsets() {
  return safeArea()?.insets ?? null;
}

/** The keyboard the toggles ask for, as a request names it. */
function keyboardSetting() {
  const mode = ui.hardware.checked ? "hardware" : ui.floating.checked ? "floating" : "docked";
  return { predictive: ui.quicktype.checked, type: "standard", mode };
}

/**
 * The newest measurement of the keyboard `setting` describes for the orientation, null when the catalogue has
 * none. A keyboard measured with `predictive: null` (no bar to have) stands for either.
 */
function keyboardFor({ predictive, type, mode }) {
  const matching = (entry?.keyboards ?? []).filter(
    (keyboard) =>
      keyboard.orientation === orientation() &&
      keyboard.type === type &&
      keyboard.mode === mode &&
      (keyboard.predictive === null || keyboard.predictive === predictive),
  );
  return newest(matching);
}

/** The keyboard the toggles show, from the catalogue; null when it has none. */
function keyboardMeasurement() {
  return keyboardFor(keyboardSetting());
}

/** The current offset as UIKit would report it, read from the DOM. */
function domOffset() {
  return ui.table.scrollTop - parseFloat(getComputedStyle(ui.content).paddingTop);
}

function chatMode() {
  return ui.screenKind.value === "chat";
}

function formMode() {
  return ui.screenKind.value === "form";
}

/** The form field that has the DOM focus, if any. */
function focusedControl() {
  return formControls.find((control) => control === document.activeElement) ?? null;
}

/** The field that brings the keyboard up on this screen (on the form, the focused one). */
function activeField() {
  if (formMode()) return focusedControl() ?? formControls[0];
  return chatMode() ? ui.chatField : ui.field;
}

/** An element's rect in a scroll view's content coordinates (the box of `rows`, #table-rows' by default), in points. */
function contentRect(element, rows = ui.rows) {
  let x = 0;
  let y = 0;
  for (let node = element; node && node !== rows; node = node.offsetParent) {
    x += node.offsetLeft;
    y += node.offsetTop;
  }
  return { x, y, width: element.offsetWidth, height: element.offsetHeight };
}

/** The form's fields as the service takes them: ids and rects in content coordinates. */
function formFields() {
  return formControls.map((control) => ({ id: control.dataset.field, rect: contentRect(control) }));
}

function contentSize() {
  return { width: screenSize().width, height: ui.rows.offsetHeight };
}

/**
 * A session's scene by device: the service fills the screen, the full-screen frame and its safe area from the
 * catalogue; the page sends what only it knows.
 */
function geometry() {
  const { width, height } = screenSize();
  const body = {
    device: { id: entry.id, orientation: orientation() },
    scrollView: { contentSize: contentSize() },
  };
  if (chatMode()) {
    body.scrollView.keyboardDismissMode = "interactive";
    // Where it is laid out before any keyboard: only its size and horizontal place matter to the service.
    const y = height - safeInsets().bottom - COMPOSER_HEIGHT;
    body.pinnedViews = [{ id: "composer", frame: { x: 0, y, width, height: COMPOSER_HEIGHT } }];
    body.keyboardLiftBehavior = ui.lift.value;
    body.usesBottomSafeArea = ui.bottomSafeArea.checked;
  }
  if (formMode()) {
    // A form scrolls even when it fits (as a table view does), so the safe area insets it from the start.
    body.scrollView.alwaysBounceVertical = true;
    body.fields = formFields();
    body.scrollPosition = ui.scrollPosition.value;
  }
  return body;
}

/** The field in content coordinates (#table-rows is its offset parent). */
function focusedRect() {
  const field = ui.field;
  return { x: field.offsetLeft, y: field.offsetTop, width: field.offsetWidth, height: field.offsetHeight };
}

/**
 * The keyboard frame the toggles describe, in screen coordinates, as UIKeyboardFrameEndUserInfoKey gives it (the
 * catalogue's): on the form with the input accessory view on top, which iOS counts as part of the keyboard. Null
 * when the catalogue has no such keyboard.
 */
function keyboardFrame() {
  const frame = keyboardMeasurement()?.frame;
  if (!frame || !formMode()) return frame ?? null;
  return { ...frame, y: frame.y - ACCESSORY_HEIGHT, height: frame.height + ACCESSORY_HEIGHT };
}

/** Where the mock keyboard waits when there is none to show: below the screen, as wide. */
function parkedKeyboard() {
  const { width, height } = screenSize();
  return { x: 0, y: height, width, height: 0 };
}

function isFloating(frame) {
  return frame.y + frame.height < screenSize().height - 1;
}

/** Where a keyboard goes when it hides: below the screen, or (floating) where it is, faded out. */
function hiddenFrame(frame) {
  return isFloating(frame) ? frame : { ...frame, y: screenSize().height };
}

// ---- The phone ----------------------------------------------------------------------------------------------

function buildTable() {
  for (let section = 1; section <= 10; section += 1) {
    const element = document.createElement("section");
    element.className = "table-section";
    const header = document.createElement("h3");
    header.className = "table-header";
    header.textContent = `Section ${section}`;
    element.append(header);
    for (let row = 1; row <= section; row += 1) {
      const cell = document.createElement("div");
      cell.className = "table-row";
      cell.textContent = `${section}, ${row}`;
      element.append(cell);
    }
    ui.sections.append(element);
  }
}

function buildMessages() {
  const lines = [
    "Are we still on for Friday?", "Yes! 7 pm?", "Perfect.", "Should I bring anything?", "Just yourself 🙂",
    "Did you see the keyboard demo?", "The composer rides on the keyboard now", "And the list keeps the newest in sight",
    "Drag the list down to dismiss", "A flick sends it away", "A slow drag brings it back",
  ];
  for (let index = 0; index < 36; index += 1) {
    const bubble = document.createElement("p");
    bubble.className = index % 3 === 1 ? "bubble mine" : "bubble";
    bubble.textContent = lines[index % lines.length];
    ui.messages.append(bubble);
  }
}

function buildKeys() {
  const rows = [[..."qwertyuiop"], [..."asdfghjkl"], ["⇧", ..."zxcvbnm", "⌫"], ["123", "space", "return"]];
  for (const keys of rows) {
    const row = document.createElement("div");
    row.className = "kb-row";
    for (const key of keys) {
      const cap = document.createElement("span");
      cap.className = key.length > 1 ? `kb-key kb-${key === "space" ? "space" : "wide"}` : "kb-key";
      cap.textContent = key;
      row.append(cap);
    }
    ui.keys.append(row);
  }
}

function layoutScreen() {
  const { width, height } = screenSize();
  const safe = safeInsets();
  const style = ui.phone.style;
  style.setProperty("--w", `${width}px`);
  style.setProperty("--h", `${height}px`);
  // Without a published safe area the mock draws none (no bars), and the page sends none.
  for (const edge of ["top", "left", "bottom", "right"]) style.setProperty(`--safe-${edge}`, `${safe?.[edge] ?? 0}px`);
  // The bezel's look follows the portrait safe area: no bottom inset is a Home button; a top inset of 59 pt or
  // more is the Dynamic Island's status bar (the notch's is 44 to 50).
  const portrait = newest(entry.safeAreas.filter((area) => area.orientation === "portrait"))?.insets;
  Object.assign(ui.phone.dataset, {
    device: entry.id,
    family: entry.family,
    homeButton: portrait ? String(portrait.bottom === 0) : "",
    cutout: entry.family === "iPhone" && portrait?.top >= 59 ? "island" : "",
    safeArea: safe ? "published" : "absent",
    screen: ui.screenKind.value,
    orientation: orientation(),
  });
  document.body.dataset.screen = ui.screenKind.value;
  document.body.dataset.platform = ui.platform.value;
  const area = safe ? `safe area ${safe.top}/${safe.bottom}` : "no safe area published";
  ui.summary.querySelector('[data-key="screen"]').textContent = `${width}×${height}, ${area}`;
  syncToggles();
  showDeviceInfo();
  fit();
}

/**
 * The keyboard toggles as the catalogue allows for this device and orientation: a mode, or the predictive bar's
 * other state, is on offer only when that keyboard was published. The text fields need a keyboard to show and a
 * safe area to have a session.
 */
function syncToggles() {
  const missing = `not in the catalogue for the ${entry.name} in ${orientation()}`;
  for (const [mode, toggle] of [
    ["hardware", ui.hardware],
    ["floating", ui.floating],
  ]) {
    const published = [true, false].some((predictive) => keyboardFor({ predictive, type: "standard", mode }));
    toggle.disabled = !published;
    if (!published) toggle.checked = false;
    toggle.closest("label").title = published ? "" : `This keyboard is ${missing}`;
  }
  const { mode } = keyboardSetting();
  const withBar = keyboardFor({ predictive: true, type: "standard", mode });
  const withoutBar = keyboardFor({ predictive: false, type: "standard", mode });
  ui.quicktype.disabled = !withBar || !withoutBar || withBar === withoutBar;
  if (withBar && !withoutBar) ui.quicktype.checked = true;
  if (withoutBar && !withBar) ui.quicktype.checked = false;
  const other = ui.quicktype.checked ? "without" : "with";
  ui.quicktype.closest("label").title = ui.quicktype.disabled ? `The keyboard ${other} the bar is ${missing}` : "";
  const keyboard = keyboardMeasurement();
  for (const field of [ui.field, ui.chatField, ...formControls]) field.disabled = !keyboard || !safeInsets();
  ui.interrupt.disabled = !keyboard;
  ui.phone.dataset.keyboard = keyboard ? "published" : "absent";
}

/**
 * Under the phone, one line each: where the numbers the phone shows come from (each publisher, with the values and
 * the publication's title in its tooltip), and what the catalogue does not have for the device.
 */
function showDeviceInfo() {
  const { width, height } = screenSize();
  const area = safeArea();
  const keyboard = keyboardMeasurement();
  const shown = [["screen", `${width} × ${height} pt`, entry.screen]];
  if (area) {
    const { top, left, bottom, right } = area.insets;
    shown.push(["safe area", `${top}/${left}/${bottom}/${right}`, area]);
  }
  if (keyboard) shown.push(["keyboard", `${keyboard.frame.height} pt`, keyboard]);
  ui.deviceSources.replaceChildren(...sourceLine(entry, shown, "iOS"));
  const lacking = [!area && "safe area", !keyboard && "keyboard"].filter(Boolean);
  const consequence = !area ? "no session" : "the fields are off";
  showAbsent(ui.deviceAbsent, entry, lacking, consequence);
}

/**
 * The publishers of the numbers `shown` (`[what, value, measurement]`) as a line's parts, the values and each
 * publication's title in its tooltip; `systemName` names a measurement's release (`iOS 26.5`, `Android 16`).
 */
function sourceLine(device, shown, systemName) {
  const sources = new Map(device.sources.map((source) => [source.id, source]));
  // Values from the same publication, release and device read as one.
  const groups = new Map();
  for (const [what, value, { source, system, measuredOn }] of shown) {
    const key = JSON.stringify([source, system ?? null, measuredOn ?? null]);
    if (!groups.has(key)) groups.set(key, { source, system, measuredOn, items: [] });
    groups.get(key).items.push([what, value]);
  }
  const parts = [...groups.values()].map(({ source: id, system, measuredOn, items }, index) => {
    const source = sources.get(id);
    const said = [system && `${systemName} ${system}`, measuredOn && `measured on ${measuredOn}`].filter(Boolean);
    const values = items.map(([what, value]) => `${what} ${value}`).join(", ");
    const year = source?.year ? ` (${source.year})` : "";
    const tip = source ? `${values}. ${source.publisher}: ${source.title}${year}.` : values;
    const name = span("source", source?.publisher ?? id, tip);
    name.dataset.source = id;
    const what = items.map(([item]) => item).join(" and ");
    const label = `${index ? " · " : ""}${what[0].toUpperCase()}${what.slice(1)}: `;
    return [label, name, said.length ? `, ${said.join(", ")}` : ""];
  });
  return parts.flat();
}

/**
 * The note under a phone: what the catalogue lacks that this scene needs (`lacking`, and its `consequence`), and
 * what it does not have for the device at all (the entry's `absent`, their reasons in the tooltip).
 */
function showAbsent(element, device, lacking, consequence) {
  const absent = device.absent.map((text) => text.split(":")[0]);
  const note = [
    lacking.length ? `In ${orientation()} the catalogue has no ${lacking.join(" and no ")}: ${consequence}.` : "",
    absent.length ? `Not published for the ${device.name}: ${absent.join(", ")}.` : "",
  ];
  element.textContent = note.filter(Boolean).join(" ");
  element.title = device.absent.join("\n");
  element.dataset.missing = String(lacking.length > 0);
  element.hidden = !element.textContent;
}

/**
 * Scales the phones shown to the stage, alike (a point and a dp are both a CSS px), side by side; transforms
 * leave scrollTop, offsets and computed padding in points.
 */
function fit() {
  const bezel = 12;
  const phones = [
    [showsIOS() && entry, ui.phone, ui.box, () => screenSize()],
    [showsAndroid() && android.entry, ui.android, ui.androidBox, () => androidScreenSize()],
  ].filter(([shown]) => shown);
  if (!phones.length) return;
  const outers = phones.map(([, , , size]) => {
    const { width, height } = size();
    return { width: width + 2 * bezel, height: height + 2 * bezel };
  });
  const gaps = 24 * (phones.length - 1);
  const stage = ui.stage.getBoundingClientRect();
  const below = ui.timeline.getBoundingClientRect().height + ui.deviceInfo.getBoundingClientRect().height + 16;
  const width = outers.reduce((sum, outer) => sum + outer.width, 0);
  const height = Math.max(...outers.map((outer) => outer.height));
  const scale = Math.min(1, (stage.width - 32 - gaps) / width, (stage.height - 32 - below) / height);
  phones.forEach(([, phone, box], index) => {
    phone.style.setProperty("--fit", String(Math.max(scale, 0.2)));
    box.style.width = `${outers[index].width * scale}px`;
    box.style.height = `${outers[index].height * scale}px`;
  });
}

function keyboardKeyframe(frame, visible) {
  const shown = { left: `${frame.x}px`, top: `${frame.y}px`, width: `${frame.width}px`, height: `${frame.height}px` };
  if (visible) return { ...shown, opacity: "1" };
  return isFloating(frame) ? { ...shown, opacity: "0" } : { ...shown, top: `${screenSize().height}px`, opacity: "1" };
}

function keyboardMode(frame) {
  const mode = ui.hardware.checked ? "hardware" : isFloating(frame) ? "floating" : "docked";
  ui.keyboard.dataset.mode = mode;
  ui.keyboard.dataset.quicktype = String(ui.quicktype.checked);
}

function setState(state) {
  ui.phone.dataset.keyboardState = state;
  ui.summary.querySelector('[data-key="state"]').textContent = state;
}

function showSummary(result) {
  const values = {
    overlap: result.keyboardOverlap,
    docked: String(result.keyboardDocked),
    inset: result.contentInset.bottom,
    adjusted: result.adjustedContentInset.bottom,
    offset: result.contentOffset.y,
  };
  for (const [key, value] of Object.entries(values)) {
    const shown = typeof value === "number" ? String(round(value)) : value;
    ui.summary.querySelector(`[data-key="${key}"]`).textContent = shown;
  }
}

/** One line on what the service answered and why, for the status line. */
function explain(answer, kind) {
  const inset = round(answer.contentInset.bottom);
  const offset = round(answer.contentOffset.y);
  if (kind === "hide") return `Hidden: the base insets come back, contentOffset.y ${offset}.`;
  if (!answer.keyboardDocked) return "Undocked keyboard: nothing to make room for (followsUndockedKeyboard is off).";
  const safe = round(answer.adjustedContentInset.bottom - answer.contentInset.bottom);
  return (
    `Overlap ${round(answer.keyboardOverlap)} pt minus the ${safe} pt of safe area UIKit already adds: ` +
    `contentInset.bottom ${inset}; contentOffset.y ${offset}.`
  );
}

function round(value) {
  return Math.round(value * 100) / 100;
}

function say(message, kind = "info") {
  ui.status.textContent = message;
  ui.status.dataset.kind = kind;
}

function report(error) {
  if (error instanceof InsetError && error.status === 401) {
    say("This server needs an API token: paste it in the Token field.", "error");
  } else if (error instanceof InsetError) {
    say(`${error.status} ${error.problem?.title ?? ""}: ${error.message}`, "error");
  } else {
    say(`Could not reach the service: ${error.message}`, "error");
  }
  ui.phone.dataset.ready = session ? "true" : "error";
}

// ---- Requests and animations --------------------------------------------------------------------------------

function logExchange(exchange) {
  sequence += 1;
  const item = document.createElement("li");
  item.className = "exchange";
  Object.assign(item.dataset, {
    seq: String(sequence),
    method: exchange.method,
    path: exchange.path,
    status: String(exchange.status),
    contentType: exchange.contentType ?? "",
  });
  const details = document.createElement("details");
  details.open = true;
  const summary = document.createElement("summary");
  const title = document.createElement("span");
  title.textContent = `${exchange.method} ${exchange.path}`;
  const status = document.createElement("span");
  status.className = exchange.status < 400 ? "code ok" : "code failed";
  status.textContent = `${exchange.status} · ${exchange.milliseconds.toFixed(0)} ms`;
  summary.append(title, status);
  details.append(summary);
  for (const [name, value] of [
    ["request", exchange.request],
    ["response", exchange.response],
  ]) {
    const block = document.createElement("pre");
    // A text body (a pasted console) is shown as it went.
    const text = typeof value === "string";
    block.className = `json ${name}${text ? " text" : ""}`;
    block.textContent = value == null ? "" : text ? value : JSON.stringify(value, null, 2);
    details.append(block);
  }
  item.append(details);
  for (const older of ui.log.querySelectorAll("details[open]")) older.open = false;
  ui.log.prepend(item);
  while (ui.log.children.length > LOG_LIMIT) ui.log.lastElementChild.remove();
}

/**
 * The table, the keyboard when it moves (to `keyboardTo`, by the descriptor's delta of the keyboard frame) and,
 * on the chat screen, the composer: to where the model puts it, by the delta of the guide's top.
 */
function elements(keyboardTo, descriptor) {
  const extra = [];
  if (keyboardTo) {
    const d = descriptor?.delta?.keyboardFrame;
    const delta = d ? { left: d.x, top: d.y, width: d.width, height: d.height } : undefined;
    extra.push({ element: ui.keyboard, to: keyboardTo, delta });
  }
  const composer = chatMode() ? model?.pinnedViews?.find((view) => view.id === "composer") : undefined;
  if (composer) {
    const guide = descriptor?.delta?.keyboardLayoutGuide;
    extra.push({
      element: ui.composer,
      to: { top: `${composer.frame.y}px` },
      delta: guide ? { top: guide.y } : undefined,
    });
    ui.phone.dataset.composerTop = String(composer.frame.y);
  }
  return { scrollView: ui.table, content: ui.content, extra };
}

/** Replays an answer's descriptor on the table and the keyboard; `during` and `after` are the states to show. */
function play(answer, keyboardTo, during, after) {
  model = answer;
  adjustment = insetAdjustment(answer);
  ui.phone.style.setProperty("--adjusted-top", `${answer.adjustedContentInset.top}px`);
  showSummary(answer);
  if (answer.navigation) showNavigation(answer.navigation);
  setState(during);
  const current = applyAnimation(answer.animation, elements(keyboardTo, answer.animation), { adjustment });
  drawTimeline();
  playback = current;
  current.then((completed) => {
    // An additive show goes on under the hide that interrupted it: only the newest playback sets the state.
    if (playback !== current) return;
    playback = null;
    if (completed) setState(after);
  });
  return current;
}

/** Redraws the timeline plot from the service, without logging the fetch. */
async function drawTimeline() {
  if (!session) return;
  const current = session;
  try {
    const svg = await current.timelineSVG({}, { onExchange: undefined });
    if (session !== current) return;
    ui.plot.innerHTML = svg;
    ui.timelineCaption.innerHTML = TIMELINE_CAPTION;
    ui.timeline.dataset.source = "session";
    ui.timeline.dataset.ready = "true";
    ui.timeline.dataset.events = String(ui.plot.querySelectorAll("line.event").length);
  } catch (error) {
    ui.timeline.dataset.ready = "error";
  }
}

/** Tells the session about the user's own scroll (PATCH), at `time`: a show or hide begins from it. */
async function syncScroll(time) {
  if (!session || playback || !model) return;
  const offset = domOffset();
  if (Math.abs(offset - model.contentOffset.y) <= 1) return;
  const state = await session.patch({ scrollView: { contentOffset: { x: 0, y: offset } } }, { timestamp: time });
  model = state.target;
}

/**
 * A show at `time`. On the form, `focus` is the field that took the focus (sent with the fields as laid out now);
 * without one (a new keyboard frame) the session keeps revealing what it has, the caret included.
 */
async function keyboardWillShow(time, focus) {
  const frame = keyboardFrame();
  if (!session || !frame) return;
  await syncScroll(time);
  keyboardMode(frame);
  // The keyboard by its configuration: the service takes its frame from the catalogue (the same `frame`). The
  // form's is sent, the toolbar on top of the catalogue's.
  const keyboard = formMode() ? { frameEnd: frame } : {};
  // A chat has no field in its content: the lift behaviour keeps the newest message in sight.
  const body = { keyboard: Object.assign(keyboard, keyboardSetting(), KEYBOARD_INFO) };
  if (formMode()) {
    if (focus) Object.assign(body, { fields: formFields(), focus });
  } else if (!chatMode()) {
    body.focusedRect = focusedRect();
  }
  const answer = await session.show(body, { timestamp: time });
  keyboardVisible = true;
  shownFrame = frame;
  if (focus) setFocus(focus);
  play(answer, keyboardKeyframe(frame, true), "showing", "shown");
  say(explain(answer, "show"));
  if (ui.interrupt.checked) interruptHalfway(answer.animation);
}

async function keyboardWillHide(time) {
  if (!session || !keyboardVisible) return;
  await syncScroll(time);
  const frame = shownFrame ?? keyboardFrame();
  const answer = await session.hide(
    { keyboard: { frameBegin: frame, frameEnd: hiddenFrame(frame), ...KEYBOARD_INFO } },
    { timestamp: time },
  );
  keyboardVisible = false;
  play(answer, keyboardKeyframe(frame, false), "hiding", "hidden");
  say(explain(answer, "hide"));
  const interrupted = ui.phone.dataset.interruptedAt;
  if (interrupted && Number(interrupted) === time) {
    // The DOM values the page read in the interrupting frame, in UIKit terms, beside the service's `from`.
    const from = answer.animation.from;
    const inset = parseFloat(ui.phone.dataset.interruptedPadding) - adjustment.bottom;
    const offset = Number(ui.phone.dataset.interruptedScrollTop) - answer.adjustedContentInset.top;
    const since = time - Number(ui.phone.dataset.showStartedAt);
    say(
      `Hidden ${since.toFixed(0)} ms into the show. On screen then: contentInset.bottom ${inset.toFixed(1)}, ` +
        `contentOffset.y ${offset.toFixed(1)}; the hide begins from ${from.contentInset.bottom.toFixed(1)} and ` +
        `${from.contentOffset.y.toFixed(1)} (the exact spring; the page's linear() easing is within 0.15 %).`,
    );
  }
}

/** Dismisses the keyboard halfway through the show's reported duration, in the frame that gets there. */
function interruptHalfway(animation) {
  const at = animation.startTime + animation.duration * 1000 * INTERRUPT_AFTER;
  ui.phone.dataset.showStartedAt = String(animation.startTime);
  const tick = () => {
    if (ui.phone.dataset.keyboardState !== "showing" || document.activeElement !== activeField()) return;
    if (frameTime() < at) {
      requestAnimationFrame(tick);
      return;
    }
    // What this frame shows, read from the DOM: the hide is stamped with this frame's time.
    Object.assign(ui.phone.dataset, {
      interruptedAt: String(frameTime()),
      interruptedPadding: getComputedStyle(ui.content).paddingBottom,
      interruptedScrollTop: String(ui.table.scrollTop),
    });
    activeField().blur();
  };
  requestAnimationFrame(tick);
}

/** A keyboard toggle: what the catalogue offers then, and while shown another show with the new frame. */
function keyboardToggled() {
  if (!entry) return;
  syncToggles();
  showDeviceInfo();
  if (ui.notificationLog.value === sampleText) putSample();
  keyboardChanged();
}

/** Keyboard toggles while shown: iOS sends another show with the new frame (keyboardWillChangeFrame). */
function keyboardChanged() {
  if (!keyboardVisible || document.activeElement !== activeField()) return;
  const time = frameTime();
  enqueue(() => keyboardWillShow(time));
}

/** A rotation: the session's device turned (a PATCH naming the orientation), then a new show if the keyboard is up. */
async function rotate() {
  if (!entry) return start();
  if (showsAndroid()) enqueueAndroid(resetAndroid);
  const offset = session ? domOffset() : 0;
  layoutScreen();
  resizeNotes();
  if (ui.notificationLog.value === sampleText) putSample();
  // No session to turn (none could be made held the other way), or no safe area held this way: start afresh.
  if (!session || !safeInsets()) return resetSession();
  const changes = geometry();
  changes.scrollView.contentOffset = { x: 0, y: offset };
  const state = await session.patch(changes);
  model = state.target;
  adjustment = insetAdjustment(state.target);
  ui.phone.style.setProperty("--adjusted-top", `${state.target.adjustedContentInset.top}px`);
  applyState(state.presentation, elements(), { adjustment });
  showSummary(state.target);
  if (keyboardVisible) {
    const frame = keyboardFrame();
    if (!frame) {
      // No keyboard held this way in the catalogue: the field resigns, a hide.
      activeField().blur();
      return;
    }
    keyboardMode(frame);
    Object.assign(ui.keyboard.style, keyboardKeyframe(frame, true));
    await keyboardWillShow(frameTime());
  }
}

/** Options for the requests that are not a session's: the token, and the log panel. */
function clientOptions() {
  return { token: ui.token.value || undefined, onExchange: logExchange };
}

/**
 * Fills the pickers from `GET /devices`, a group per family, the devices in the catalogue's order: the iOS devices
 * in the iPhone's, the Android ones in the Android phone's.
 */
async function loadDevices() {
  const listed = await listDevices(clientOptions());
  devices = listed.devices;
  for (const [picker, platform, preferred] of [
    [ui.device, "ios", DEFAULT_DEVICE],
    [ui.androidDevice, "android", DEFAULT_ANDROID_DEVICE],
  ]) {
    const groups = new Map();
    const listedHere = devices.filter((device) => device.platform === platform);
    for (const { id, name, family } of listedHere) {
      if (!groups.has(family)) {
        const group = document.createElement("optgroup");
        group.label = family;
        groups.set(family, group);
      }
      const option = document.createElement("option");
      option.value = id;
      option.textContent = name;
      groups.get(family).append(option);
    }
    picker.replaceChildren(...groups.values());
    picker.value = listedHere.some(({ id }) => id === preferred) ? preferred : (listedHere[0]?.id ?? "");
  }
}

/** The device's entry, from `GET /devices/{id}` the first time it is picked. */
async function loadEntry(id) {
  if (!entries.has(id)) entries.set(id, await getDevice(id, clientOptions()));
  return entries.get(id);
}

/** On load, and when the device or the token changes: the catalogue (once), the device's entry, a new session. */
async function start() {
  if (!devices.length) await loadDevices();
  try {
    entry = await loadEntry(ui.device.value);
  } catch (error) {
    // The picker goes back to the device the phone still shows.
    if (entry) ui.device.value = entry.id;
    throw error;
  }
  await resetSession();
  if (showsAndroid()) enqueueAndroid(resetAndroid);
}

/** The timeline and the log panel's results, emptied for a new session. */
function clearPanels() {
  ui.plot.replaceChildren();
  ui.timelineCaption.innerHTML = TIMELINE_CAPTION;
  ui.timeline.dataset.ready = "false";
  ui.replayResults.replaceChildren();
  ui.replayErrors.replaceChildren();
  ui.replaySummary.textContent = "";
  ui.notifications.dataset.ready = "false";
}

/** A new session for the current device and settings (none when the catalogue has no safe area for it). */
async function resetSession() {
  if (!entry) return start();
  resetting = true;
  for (const field of [ui.field, ui.chatField, ...formControls]) if (document.activeElement === field) field.blur();
  resetting = false;
  dragging = null;
  playback?.cancel();
  playback = null;
  keyboardVisible = false;
  shownFrame = null;
  ui.phone.dataset.ready = "false";
  delete ui.phone.dataset.focus;
  showNavigation(null);
  const old = session;
  session = null;
  if (old) await old.delete().catch(() => {});
  layoutScreen();
  resizeNotes();
  const frame = keyboardFrame() ?? parkedKeyboard();
  keyboardMode(frame);
  Object.assign(ui.keyboard.style, keyboardKeyframe(frame, false));
  ui.table.scrollTop = 0;
  if (!safeInsets()) {
    // The service lays out no scroll view on a device without its safe area, and the page invents none.
    clearPanels();
    if (ui.notificationLog.value === sampleText) putSample();
    ui.replayLog.disabled = true;
    delete ui.phone.dataset.sessionId;
    // The table at rest with no insets, the summary empty: no answer to show.
    const rest = { contentInset: { top: 0, left: 0, bottom: 0, right: 0 }, contentOffset: { x: 0, y: 0 } };
    model = null;
    adjustment = { top: 0, bottom: 0 };
    ui.phone.style.setProperty("--adjusted-top", "0px");
    applyState(rest, elements(), { adjustment });
    for (const key of ["overlap", "docked", "inset", "adjusted", "offset"]) {
      ui.summary.querySelector(`[data-key="${key}"]`).textContent = "—";
    }
    setState("hidden");
    ui.phone.dataset.ready = "unavailable";
    say(
      `The catalogue has no safe area for the ${entry.name} in ${orientation()}: nothing to ask the service ` +
        `(GET /devices/${entry.id} lists what it has).`,
      "error",
    );
    return;
  }
  const body = geometry();
  // UIKit starts a scroll view at the top of its content: contentOffset.y = -adjustedContentInset.top.
  body.scrollView.contentOffset = { x: 0, y: -safeInsets().top };
  body.interruption = ui.interruption.value;
  const created = await createSession(body, clientOptions());
  session = created;
  model = created.state.target;
  if (chatMode()) {
    // A chat opens on its newest message: the end of the content, clear of the composer.
    const end = body.scrollView.contentSize.height + model.adjustedContentInset.bottom - screenSize().height;
    const state = await created.patch({ scrollView: { contentOffset: { x: 0, y: end } } });
    model = state.target;
    created.state = state;
  }
  adjustment = insetAdjustment(model);
  ui.phone.style.setProperty("--adjusted-top", `${model.adjustedContentInset.top}px`);
  applyState(created.state.presentation, elements(), { adjustment });
  showSummary(model);
  setState("hidden");
  ui.phone.dataset.sessionId = created.id;
  ui.phone.dataset.interruption = created.state.interruption;
  ui.phone.dataset.ready = "true";
  clearPanels();
  if (ui.notificationLog.value === sampleText || !ui.notificationLog.value.trim()) putSample();
  ui.replayLog.disabled = false;
  say(firstHint());
}

/** What to do first on a new session, or why there is nothing to tap. */
function firstHint() {
  if (!keyboardMeasurement()) {
    return (
      `The catalogue has no keyboard for the ${entry.name} in ${orientation()}: the fields are off, the ` +
      "scroll view keeps its safe area."
    );
  }
  if (chatMode()) return "Tap the message field; then drag the list down to move the keyboard, and let go.";
  if (formMode()) {
    return "Tap a field: the keyboard comes up with its toolbar; ‹ and › move the focus, Done hides it.";
  }
  return "Scroll to the end of the table and tap the field.";
}

// ---- Interactive dismissal (the chat screen) ----------------------------------------------------------------

/** A pointer event's position on the phone's screen, in points (the phone is scaled to fit the stage). */
function screenPoint(event) {
  const box = ui.screen.getBoundingClientRect();
  const scale = box.width / screenSize().width;
  return { x: (event.clientX - box.left) / scale, y: (event.clientY - box.top) / scale };
}

/** Shows a drag's answer at once, as UIKit moves everything under the finger. */
function showDrag(answer) {
  model = answer;
  adjustment = insetAdjustment(answer);
  showSummary(answer);
  playback?.cancel();
  playback = null;
  const frame = answer.keyboardFrame;
  applyState(answer, elements(frame ? keyboardKeyframe(frame, true) : undefined), { adjustment });
  say(
    `Dragging: the keyboard's top at ${round(frame?.y ?? 0)}, the composer on it, ` +
      `contentInset.bottom ${round(answer.contentInset.bottom)} (no animation: everything follows the finger).`,
  );
  ui.phone.dataset.drags = String(Number(ui.phone.dataset.drags ?? 0) + 1);
}

/** Sends the pointer's newest position, one request at a time: moves made meanwhile coalesce into the next. */
function sendDrag() {
  if (!dragging || dragging.sending || !dragging.pending) return;
  const { touch, time } = dragging.pending;
  dragging.pending = null;
  dragging.sending = true;
  const current = dragging;
  enqueue(async () => {
    const answer = await session.drag(touch, { timestamp: time });
    current.sending = false;
    if (dragging === current || current.released) showDrag(answer);
    sendDrag();
  });
}

function releaseDrag(event) {
  const current = dragging;
  if (!current) return;
  dragging = null;
  current.released = true;
  const recent = current.samples.filter((sample) => sample.time >= current.samples.at(-1).time - VELOCITY_WINDOW);
  const first = recent[0];
  const last = recent.at(-1);
  const velocity = last.time > first.time ? ((last.y - first.y) / (last.time - first.time)) * 1000 : 0;
  const time = frameTime();
  ui.table.releasePointerCapture?.(event.pointerId);
  enqueue(async () => {
    // Whatever drag is still on its way goes first (the queue keeps the order).
    const answer = await session.release(velocity, { timestamp: time });
    if (!answer.animation) return;
    const dismissed = answer.session.keyboardState === "hiding";
    if (dismissed) {
      keyboardVisible = false;
      // The page's own field loses the focus without another hide: the release already dismissed.
      ui.chatField.blur();
    }
    const frame = answer.keyboardFrame;
    play(answer, keyboardKeyframe(frame, true), dismissed ? "hiding" : "showing", dismissed ? "hidden" : "shown");
    say(
      dismissed
        ? `Released at ${round(velocity)} pt/s: dismissed (the projected top passed the keyboard's middle).`
        : `Released at ${round(velocity)} pt/s: the keyboard comes back.`,
    );
  });
}

function listenForDrags() {
  // The field keeps the focus while the list is dragged, as a scroll view's pan does not resign it.
  ui.table.addEventListener("mousedown", (event) => {
    if (chatMode() && keyboardVisible) event.preventDefault();
  });
  ui.table.addEventListener("pointerdown", (event) => {
    if (!chatMode() || !keyboardVisible || !session || event.button !== 0) return;
    event.preventDefault();
    ui.table.setPointerCapture?.(event.pointerId);
    const point = screenPoint(event);
    dragging = { samples: [{ time: frameTime(), y: point.y }], pending: null, sending: false };
  });
  ui.table.addEventListener("pointermove", (event) => {
    if (!dragging) return;
    const point = screenPoint(event);
    const time = frameTime();
    dragging.samples.push({ time, y: point.y });
    if (dragging.samples.length > 64) dragging.samples.shift();
    dragging.pending = { touch: { x: round(point.x), y: round(point.y) }, time };
    sendDrag();
  });
  ui.table.addEventListener("pointerup", releaseDrag);
  ui.table.addEventListener("pointercancel", releaseDrag);
}

// ---- The form screen --------------------------------------------------------------------------------------

/** The toolbar's arrows as the service's `navigation` says (both off without one). */
function showNavigation(next) {
  navigation = next;
  ui.previous.disabled = !next?.previous;
  ui.next.disabled = !next?.next;
}

/** The field the service has the focus on, for the DOM's readers (#phone[data-focus]). */
function setFocus(id) {
  ui.phone.dataset.focus = id;
}

/** Gives a field the DOM focus without sending anything (the service has already moved its focus there). */
function focusControl(id) {
  const control = formControls.find((candidate) => candidate.dataset.field === id);
  if (!control || document.activeElement === control) return;
  movingFocus = true;
  try {
    // The page's offset is the service's: the browser must not scroll the field into view on its own.
    control.focus({ preventScroll: true });
  } finally {
    movingFocus = false;
  }
}

/**
 * A focus move while the keyboard is up, at `time`: `field` is `"next"`, `"previous"` (the toolbar's arrows) or
 * a field's id (a tap on it). The service scrolls to reveal it (easeInOut, 0.3 s); the keyboard stays.
 */
async function moveFocus(field, time) {
  if (!session || !keyboardVisible) return;
  const to = field === "next" ? navigation?.next : field === "previous" ? navigation?.previous : field;
  if (!to) return;
  await syncScroll(time);
  const answer = await session.focus(field, { timestamp: time });
  focusControl(to);
  setFocus(to);
  // A tap on a field is mirrored by its focus listener; the arrows' moves here.
  if (field !== to) mirrorShow(time, to);
  const during = ui.phone.dataset.keyboardState === "showing" ? "showing" : "shown";
  play(answer, keyboardKeyframe(shownFrame ?? keyboardFrame(), true), during, "shown");
  const { previous, next } = answer.navigation ?? {};
  say(
    `Focus on ${to} (${field === to ? "tapped" : field}): UIScrollView's scroll to reveal it, easeInOut over ` +
      `0.3 s, to contentOffset.y ${round(answer.contentOffset.y)}. ‹ ${previous ?? "off"}, › ${next ?? "off"}.`,
  );
}

/** The notes text view's height for its text and its caret's rect in content coordinates, read from the mirror. */
function measureNotes() {
  const text = ui.notes.value;
  const caret = ui.notes.selectionEnd ?? text.length;
  const marker = document.createElement("span");
  marker.textContent = "\u200b";
  // The zero-width space at the end keeps a trailing line break's empty line, as the text view shows it.
  ui.notesMirror.replaceChildren(text.slice(0, caret), marker, `${text.slice(caret)}\u200b`);
  const height = Math.max(NOTES_MIN_HEIGHT, ui.notesMirror.offsetHeight);
  const box = contentRect(ui.notes);
  // Offsets in the mirror start inside its border (as wide as the text view's).
  const caretRect = {
    x: box.x + ui.notesMirror.clientLeft + marker.offsetLeft,
    y: box.y + ui.notesMirror.clientTop + marker.offsetTop,
    width: 2,
    height: marker.offsetHeight,
  };
  return { height, caretRect };
}

/** Sets the notes' height for their text (on the form screen, where they are laid out); true when it changed. */
function resizeNotes() {
  if (!formMode()) return false;
  const { height } = measureNotes();
  if (Math.abs(height - ui.notes.offsetHeight) < 0.5) return false;
  ui.notes.style.height = `${height}px`;
  return true;
}

/** The notes as they are laid out now: the fields, the content's size and the caret's rect, for a PATCH. */
function notesLayout() {
  return { scrollView: { contentSize: contentSize() }, fields: formFields(), focusedRect: measureNotes().caretRect };
}

/**
 * The notes grew or shrank at `time`, to `layout` (read then): the fields, the content's new size and the caret's
 * rect, which the service reveals instead of the whole text view. While the keyboard is up it re-targets at once.
 */
async function notesResized(time, layout) {
  if (!session) return;
  await syncScroll(time);
  const state = await session.patch(layout, { timestamp: time });
  applyPatched(state);
  const notes = layout.fields.find((field) => field.id === "notes");
  say(
    `The notes are ${round(notes.rect.height)} pt tall: a PATCH with the fields, contentSize.height ` +
      `${round(layout.scrollView.contentSize.height)} and the caret at y ${round(layout.focusedRect.y)}; ` +
      `contentOffset.y ${round(state.target.contentOffset.y)} at once.`,
  );
}

/** The scroll-position select: a PATCH; while the keyboard is up the service re-targets the focused field at once. */
async function changeScrollPosition(time) {
  if (!session) return;
  await syncScroll(time);
  const scrollPosition = ui.scrollPosition.value;
  const state = await session.patch({ scrollPosition }, { timestamp: time });
  applyPatched(state);
  say(
    keyboardVisible
      ? `scrollPosition ${scrollPosition}: the focused field re-targeted at once, contentOffset.y ` +
          `${round(state.target.contentOffset.y)}.`
      : `scrollPosition ${scrollPosition}: the next show or focus move places the field so.`,
  );
}

/** Takes a session's target as the page's model, with what is running on screen stopped. */
function adoptTarget(target) {
  model = target;
  adjustment = insetAdjustment(target);
  ui.phone.style.setProperty("--adjusted-top", `${target.adjustedContentInset.top}px`);
  playback?.cancel();
  playback = null;
}

/**
 * Shows a PATCH's answer at once. The service stops every running animation on a PATCH, so the page does too:
 * the table at the session's values, the keyboard (when up) at its frame.
 */
function applyPatched(state) {
  adoptTarget(state.target);
  const keyboardTo = keyboardVisible && shownFrame ? keyboardKeyframe(shownFrame, true) : undefined;
  applyState(state.presentation, elements(keyboardTo), { adjustment });
  showSummary(state.target);
  if (state.navigation) showNavigation(state.navigation);
  setState(state.keyboardState);
}

// ---- The notification log ---------------------------------------------------------------------------------

/** Where the sample console's clock starts: `NSLog`'s prefix prints it to the microsecond, with the zone. */
const SAMPLE_CLOCK = { date: "2024-03-18", hour: 9, minute: 41, seconds: 2.117482, zone: "+0100" };
const SAMPLE_PROCESS = "Notes[4182:1204567]";

/** `NSLog`'s line prefix for `offset` ms after the sample's first notification (microseconds, as Xcode prints). */
function nslogPrefix(offset) {
  const micros = Math.round((SAMPLE_CLOCK.seconds * 1000 + offset) * 1000);
  const minute = SAMPLE_CLOCK.minute + Math.floor(micros / 60e6);
  const seconds = (micros % 60e6) / 1e6;
  const [whole, fraction] = seconds.toFixed(6).split(".");
  const two = (value) => String(value).padStart(2, "0");
  const clock = `${two(SAMPLE_CLOCK.hour)}:${two(minute)}:${two(whole)}.${fraction}`;
  return `${SAMPLE_CLOCK.date} ${clock}${SAMPLE_CLOCK.zone} ${SAMPLE_PROCESS}`;
}

/** A number as `NSLog` prints one in a geometry string: `195`, `698.5`. */
function printed(value) {
  return String(round(value));
}

/** `NSStringFromCGRect`. */
function rectString({ x, y, width, height }) {
  return `{{${printed(x)}, ${printed(y)}}, {${printed(width)}, ${printed(height)}}}`;
}

/**
 * A keyboard notification's `userInfo` as `NSLog(@"%@", userInfo)` prints it: keys sorted, geometry as
 * `NSValue` descriptions in quotes, a fractional duration in quotes, integers bare. What iOS sends today: the
 * legacy bounds and centre keys besides the frames (the replay ignores them).
 */
function userInfoLines({ begin, end, duration = 0.25, local = true }) {
  const center = (frame) => `NSPoint: {${printed(frame.x + frame.width / 2)}, ${printed(frame.y + frame.height / 2)}}`;
  const entries = [
    ["UIKeyboardAnimationCurveUserInfoKey", "7"],
    ["UIKeyboardAnimationDurationUserInfoKey", Number.isInteger(duration) ? String(duration) : `"${duration}"`],
  ];
  if (end.width > 0) {
    entries.push(
      ["UIKeyboardBoundsUserInfoKey", `"NSRect: ${rectString({ x: 0, y: 0, width: end.width, height: end.height })}"`],
      ["UIKeyboardCenterBeginUserInfoKey", `"${center(begin)}"`],
      ["UIKeyboardCenterEndUserInfoKey", `"${center(end)}"`],
    );
  }
  entries.push(
    ["UIKeyboardFrameBeginUserInfoKey", `"NSRect: ${rectString(begin)}"`],
    ["UIKeyboardFrameEndUserInfoKey", `"NSRect: ${rectString(end)}"`],
  );
  if (local !== null) entries.push(["UIKeyboardIsLocalUserInfoKey", local ? "1" : "0"]);
  return ["{", ...entries.map(([key, value]) => `    ${key} = ${value};`), "}"];
}

/**
 * A realistic console for this scene, as Xcode shows it after a session with the app's keyboard handlers
 * logging their `userInfo` (`NSLog(@"%s %@", __func__, note.userInfo)`): the show of the catalogue's docked
 * keyboard, a third-party keyboard picked (a change-frame to its short first frame and a repeated show), its real
 * height, the system keyboard picked again and a repeat, Did notifications, another app's keyboard (logged by a
 * handler that does not say which notification), a zero frame, and the password manager's hide with duration 0,
 * then its Did. Two lines of the system's own output between them. Empty when the catalogue has no keyboard.
 */
function sampleConsole() {
  const docked = keyboardFor({ ...keyboardSetting(), mode: "docked" });
  if (!docked) return "";
  const { width, height } = screenSize();
  const extra = formMode() ? ACCESSORY_HEIGHT : 0;
  const frame = (h, y = height - h) => ({ x: 0, y, width, height: h });
  const system = frame(docked.frame.height + extra);
  // The third-party keyboard's heights are the sample's own, in proportion to the system keyboard's.
  const short = frame(Math.round(docked.frame.height * 0.74) + extra);
  const thirdParty = frame(Math.round(docked.frame.height * 0.9) + extra);
  const below = (shown) => ({ ...shown, y: height });
  const zero = { x: 0, y: 0, width: 0, height: 0 };
  const handler = (name) => `-[ComposeViewController keyboard${name}:]`;
  const notifications = [
    [0, handler("WillShow"), { begin: below(system), end: system }],
    [500.52, handler("DidShow"), { begin: below(system), end: system }],
    [900.188, handler("WillChangeFrame"), { begin: system, end: short }],
    [900.411, handler("WillShow"), { begin: system, end: short }],
    [1401.007, handler("DidChangeFrame"), { begin: system, end: short }],
    [2000.3, handler("WillShow"), { begin: short, end: thirdParty }],
    [2040.126, handler("WillShow"), { begin: thirdParty, end: system }],
    [2045.872, handler("WillShow"), { begin: system, end: system }],
    [2500.64, handler("DidShow"), { begin: thirdParty, end: system }],
    [3000.05, "userInfo:", { begin: system, end: thirdParty, local: false }],
    [3400.733, handler("WillChangeFrame"), { begin: system, end: zero, local: null }],
    [3800.207, handler("WillHide"), { begin: system, end: below(system), duration: 0 }],
    [3810.918, handler("DidHide"), { begin: system, end: below(system), duration: 0 }],
  ];
  const kind = entry.family;
  const side = orientation() === "landscape" ? "Landscape" : "Portrait";
  const lines = [
    `${nslogPrefix(-214.93)} Can't find keyplane that supports type 4 for keyboard ${kind}-${side}Choco-NumberPad; ` +
      `using 27303_${side}Choco_${kind}-Simple-Pad_Default`,
  ];
  for (const [offset, label, info] of notifications) {
    if (offset === 3000.05) {
      lines.push(
        `${nslogPrefix(2987.402)} -[RTIInputSystemClient remoteTextInputSessionWithID:performInputOperation:]  ` +
          "perform input operation requires a valid sessionID",
      );
    }
    const [open, ...rest] = userInfoLines(info);
    lines.push(`${nslogPrefix(offset)} ${label} ${open}`, ...rest);
  }
  return `${lines.join("\n")}\n`;
}

function putSample() {
  sampleText = entry ? sampleConsole() : "";
  ui.notificationLog.value = sampleText;
  ui.sampleLog.disabled = !sampleText;
}

/**
 * The pasted log as it goes: a JSON log (an array of `{name, userInfo, timestamp?}`, or `{notifications}`) as
 * JSON, anything else as the console text it is.
 */
function readLog() {
  const text = ui.notificationLog.value;
  if (/^\s*[[{]/.test(text)) {
    try {
      const parsed = JSON.parse(text);
      const log = Array.isArray(parsed) ? parsed : parsed?.notifications;
      if (Array.isArray(log)) return { log };
    } catch {
      // Not JSON: an Objective-C dictionary or Swift's print of one, read by the service.
    }
  }
  return { text };
}

/** The span of the times `NSLog` printed in `text` (ms; 0 with fewer than two): where a text log is placed. */
function printedSpan(text) {
  const prefix = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d(?:\.\d+)?)(?:([+-])(\d\d)(\d\d))? [^[\n]+\[\d+:\w+\]/gm;
  const times = [...text.matchAll(prefix)].map(([, year, month, day, hour, minute, second, sign, zh, zm]) => {
    const zone = sign ? (sign === "-" ? -1 : 1) * (Number(zh) * 60 + Number(zm)) : 0;
    return Date.UTC(year, month - 1, day, hour, minute - zone) + Number(second) * 1000;
  });
  return times.length < 2 ? 0 : Math.max(...times) - Math.min(...times);
}

/**
 * Replay. A JSON log whose notifications all carry timestamps is shifted onto the session's clock as before
 * (relative, ms from the first): to end now or, when the session's last event is more recent than that allows,
 * to start right after it. Console text goes as it was pasted, with `start` placing it the same way (by the
 * span its `NSLog` prefixes print; without them, it starts now and the service's timing rule spaces it); an
 * untimed JSON log likewise. The answer's session is then shown.
 */
async function replayNotifications() {
  if (!session) return;
  const { log, text } = readLog();
  ui.notifications.dataset.ready = "false";
  ui.replayErrors.replaceChildren();
  const last = session.lastTimestamp ?? 0;
  const timed = log?.filter((entry) => Number.isFinite(entry?.timestamp)) ?? [];
  let sent = text;
  let base;
  let start;
  if (log && timed.length === log.length && log.length > 0) {
    const first = Math.min(...timed.map((entry) => entry.timestamp));
    const extent = Math.max(...timed.map((entry) => entry.timestamp)) - first;
    base = Math.max(last, frameTime() - extent);
    sent = log.map((entry) => ({ ...entry, timestamp: entry.timestamp - first + base }));
  } else {
    // No earlier than the session's last event: the service places a text log's first printed time exactly at
    // `start`.
    base = Math.max(last, frameTime() - (text === undefined ? 0 : printedSpan(text)));
    start = base;
    if (log) {
      // Any timestamps the log has keep their distances, the first of them at the log's start.
      const first = timed.length ? Math.min(...timed.map((entry) => entry.timestamp)) : 0;
      sent = log.map((entry) =>
        Number.isFinite(entry?.timestamp) ? { ...entry, timestamp: entry.timestamp - first + base } : entry,
      );
    }
  }
  const replay = {
    includeNonLocal: ui.includeNonLocal.checked || undefined,
    coordinates: ui.logCoordinates.value === "auto" ? undefined : ui.logCoordinates.value,
    start,
    plot: true,
  };
  let answer;
  try {
    answer = await session.replayNotifications(sent, replay);
  } catch (failure) {
    ui.notifications.dataset.ready = "error";
    ui.replayResults.replaceChildren();
    ui.replaySummary.textContent = "";
    if (failure instanceof InsetError && failure.problem) showProblem(failure.problem, text);
    throw failure;
  }
  showResults(answer, base);
  showPlot(answer.plot, answer.results);
  applySession(answer.session);
  const counts = { applied: 0, jumped: 0, ignored: 0 };
  for (const { outcome } of answer.results) counts[outcome] += 1;
  const skipped = answer.format === "text" ? ` (${lines(answer.skippedLines)} skipped)` : "";
  say(
    `Replayed ${answer.results.length} notifications${skipped} from ${round(base)} ms on the session's clock: ` +
      `${counts.applied} applied, ${counts.jumped} jumped, ${counts.ignored} ignored; ` +
      `the keyboard is ${answer.session.keyboardState}.`,
  );
  ui.notifications.dataset.ready = "true";
  ui.notifications.dataset.base = String(base);
  // The page's next events come after the log's last one (client.js stamps them so) and after what it still
  // animates: until then the phone shows the log's last state, then the session settled.
  const end = answer.results.at(-1)?.timestamp ?? base;
  const settle = Math.max(end, ...answer.session.animations.map((a) => a.endTime));
  if (settle > frameTime()) {
    await new Promise((resolve) => setTimeout(resolve, settle - frameTime() + 16));
    if (answer.session.animations.length) applySession(await session.get(settle));
  }
}

function lines(count) {
  return `${count} line${count === 1 ? "" : "s"}`;
}

/** `UIKeyboardCenterEndUserInfoKey` as `CenterEnd`: the part that tells the keys apart. */
function shortKey(key) {
  return key.replace(/^UIKeyboard/, "").replace(/UserInfoKey$/, "");
}

function span(className, text, title) {
  const element = document.createElement("span");
  element.className = className;
  element.textContent = text;
  if (title) element.title = title;
  return element;
}

function row(className, ...parts) {
  const element = document.createElement("div");
  element.className = className;
  element.append(...parts);
  return element;
}

/** `parts` with `separator` between them: a row that reads, and copies, as one line. */
function joined(parts, separator = " · ") {
  return parts.flatMap((part, position) => (position ? [separator, part] : [part]));
}

/** Selects lines `first`…`last` of the log in the textarea and scrolls them into its view. */
function selectLines(first, last = first) {
  const all = ui.notificationLog.value.split("\n");
  const from = all.slice(0, first - 1).reduce((sum, line) => sum + line.length + 1, 0);
  const to = from + all.slice(first - 1, last).join("\n").length;
  ui.notificationLog.focus({ preventScroll: true });
  ui.notificationLog.setSelectionRange(from, to);
  const lineHeight = parseFloat(getComputedStyle(ui.notificationLog).lineHeight) || 15;
  ui.notificationLog.scrollTop = Math.max(0, (first - 2) * lineHeight);
  ui.notificationLog.scrollLeft = 0;
}

/** A link to lines of the log: the text's `L12–21`, which selects them. */
function lineLink(first, last, className) {
  const link = document.createElement("button");
  link.type = "button";
  link.className = className;
  link.textContent = first === last ? `L${first}` : `L${first}–${last}`;
  link.title = "Select in the log";
  link.addEventListener("click", () => selectLines(first, last));
  return link;
}

/**
 * Each notification: what it did (the outcome and its reason, its instant after the log's start), then how it
 * was read: the lines it came from, the printed form, where its name and time came from, the values replayed
 * (end frame, duration, curve, isLocal), the keys ignored, and a portrait frame converted.
 */
function showResults(answer, base) {
  const text = answer.format === "text";
  const items = answer.results.map(({ index, name, timestamp, outcome, reason, read }) => {
    const item = document.createElement("li");
    Object.assign(item.dataset, {
      index: String(index),
      name,
      outcome,
      reason: reason ?? "",
      form: read.form,
      nameSource: read.name,
      timeSource: read.timestamp,
      coordinates: read.coordinates,
      lines: read.lines ? `${read.lines.first}-${read.lines.last}` : "",
      ignoredKeys: read.ignoredKeys.join(" "),
    });
    const short = name.replace(/^UIKeyboard|Notification$/g, "");
    const head = [
      span("outcome", outcome),
      span("when", `+${round(timestamp - base)} ms`, `${round(timestamp)} ms on the session's clock`),
      span("name", short, name),
    ];
    if (reason) head.push(span("reason", reason));
    const source = [
      span("read-form", read.form),
      span("name-source", `name ${read.name}`, NAME_SOURCES[read.name]),
      span("time-source", read.timestamp === "rule" ? "time by rule" : "time logged"),
    ];
    if (read.lines) source.unshift(lineLink(read.lines.first, read.lines.last, "lines"));
    const info = read.userInfo;
    const values = [
      span("frame-end", info.frameEnd ? `end ${rectString(info.frameEnd)}` : "no end frame"),
      span("duration", `${round(info.animationDuration)} s`),
      span("curve", `curve ${info.animationCurve}`),
    ];
    if (info.isLocal !== null) values.push(span("local", info.isLocal ? "local" : "not local"));
    item.append(
      row("result-head", ...joined(head, " ")),
      row("reading read-source", ...joined(source)),
      row("reading read-values", ...joined(values)),
    );
    if (read.coordinates === "portrait") {
      item.append(row("reading read-converted", "frames converted from the portrait screen's coordinates (iOS 7)"));
    }
    if (read.ignoredKeys.length) {
      const keys = read.ignoredKeys.map((key) => span("key", shortKey(key), key));
      item.append(row("reading read-ignored", "ignored ", ...joined(keys, ", ")));
    }
    return item;
  });
  ui.replayResults.replaceChildren(...items);
  ui.replaySummary.dataset.format = answer.format;
  ui.replaySummary.dataset.skippedLines = String(answer.skippedLines);
  const count = `${answer.results.length} notification${answer.results.length === 1 ? "" : "s"}`;
  ui.replaySummary.textContent = text
    ? `Console text: ${count} read, ${lines(answer.skippedLines)} skipped (not part of a notification).`
    : `JSON: ${count}.`;
}

const NAME_SOURCES = {
  logged: "printed as the notification's own name",
  nearby: "mentioned on its first line or the two before (a handler's name)",
  assumed: "nothing named it: a userInfo alone is read as a will-change-frame",
};

/**
 * A refused log: each error where it is, a text's with its line shown and a caret under the column (a click
 * selects the line in the log), a JSON body's with its pointer; else the problem's detail.
 */
function showProblem(problem, text) {
  const textLines = text?.split("\n") ?? [];
  const items = (problem.errors?.length ? problem.errors : [{ message: problem.detail ?? problem.title }]).map(
    (error) => {
      const item = document.createElement("li");
      if (Number.isInteger(error.line)) {
        Object.assign(item.dataset, { line: String(error.line), column: String(error.column) });
        const where = lineLink(error.line, error.line, "lines");
        where.textContent = `line ${error.line}, column ${error.column}`;
        item.append(row("error-head", where, span("message", `: ${error.message}`)));
        item.append(excerpt(textLines[error.line - 1] ?? "", error.line, error.column));
      } else {
        if (error.pointer !== undefined) item.dataset.pointer = error.pointer;
        const where = error.pointer === undefined ? [] : [span("pointer", error.pointer || "(the body)"), ": "];
        item.append(row("error-head", ...where, span("message", error.message)));
      }
      return item;
    },
  );
  ui.replayErrors.dataset.problem = problem.type ?? "";
  ui.replayErrors.replaceChildren(...items);
}

/** Line `number` of the text with a caret under `column` (characters, from 1), cut to keep the caret in view. */
function excerpt(line, number, column) {
  const characters = Array.from(line.replace(/\r$/, "").replace(/\t/g, " "));
  const cut = column > 40 ? column - 30 : 0;
  const shown = (cut ? "…" : "") + characters.slice(cut).join("");
  const gutter = `${number} | `;
  const caret = `${" ".repeat(gutter.length - 2)}| ${" ".repeat(column - 1 - cut + (cut ? 1 : 0))}^`;
  return span("excerpt", `${gutter}${shown}\n${caret}`);
}

function showPlot(svg, results) {
  if (!svg) return;
  ui.plot.innerHTML = svg;
  ui.timeline.dataset.source = "notifications";
  ui.timeline.dataset.ready = "true";
  ui.timeline.dataset.events = String(ui.plot.querySelectorAll("line.event").length);
  ui.timelineCaption.textContent =
    `The replayed log (${results.length} notifications), as POST /sessions/{id}/notifications?plot=svg drew ` +
    "it; the next event redraws the session's timeline.";
}

/**
 * Shows a session as `GET /sessions/{id}` answers it (after a log): the table at its presentation, the keyboard
 * at its frame, the page's own state (the field's focus, the toolbar) brought in line with it.
 */
function applySession(state) {
  adoptTarget(state.target);
  const visible = state.keyboardState === "showing" || state.keyboardState === "shown";
  const frame = state.presentation.keyboardFrame ?? state.keyboard?.frameEnd;
  keyboardVisible = visible;
  if (visible) shownFrame = state.keyboard?.frameEnd ?? frame;
  let keyboardTo;
  if (frame) {
    keyboardMode(frame);
    keyboardTo = keyboardKeyframe(frame, visible || !isFloating(frame));
  }
  applyState(state.presentation, elements(keyboardTo), { adjustment });
  showSummary(state.target);
  showNavigation(state.navigation ?? null);
  setState(state.keyboardState);
  if (!visible) {
    // The log dismissed the keyboard: the field resigns without another hide.
    const control = formMode() ? focusedControl() : [ui.field, ui.chatField].find((f) => f === document.activeElement);
    if (control) {
      resetting = true;
      control.blur();
      resetting = false;
    }
  }
}

// ---- The Android phone ----------------------------------------------------------------------------------------

function showsIOS() {
  return ui.platform.value !== "android";
}

function showsAndroid() {
  return ui.platform.value !== "ios";
}

/** The Android screen in dp as held; the catalogue holds it in portrait. */
function androidScreenSize() {
  const { width, height } = android.entry.screen;
  return ui.landscape.checked ? { width: height, height: width } : { width, height };
}

/**
 * The Android numbers this scene needs, from the catalogue, each the newest for the orientation (and the
 * navigation mode): the status bar, the navigation bar and the IME; null where the catalogue has none.
 */
function androidMeasurements() {
  const held = (list) => newest(list.filter((item) => item.orientation === orientation()));
  const mode = ui.navigationMode.value;
  return {
    statusBar: held(android.entry.statusBars),
    navigationBar: held(android.entry.navigationBars.filter((bar) => bar.mode === mode)),
    ime: held(android.entry.imes),
  };
}

/** The Android field that stands for the iPhone's `key` (`field`, `chat` or a form field's id), and back. */
function androidControl(key) {
  if (key === "chat") return ui.androidComposer.querySelector("input");
  return ui.androidContent.querySelector(`[data-field="${key}"]`);
}

function androidKey(control) {
  return control.dataset.field;
}

/** The iPhone's field for `key`. */
function iosControl(key) {
  if (key === "chat") return ui.chatField;
  if (key === "field") return ui.field;
  return formControls.find((control) => control.dataset.field === key) ?? null;
}

/**
 * The Android phone's content: the iPhone's rows copied (the table, the messages, the form; ids become data
 * attributes), and the chat's composer. Built once; the phone's CSS shows the screen's part.
 */
function buildAndroid() {
  const rows = ui.rows.cloneNode(true);
  rows.querySelector("#notes-mirror")?.remove();
  for (const element of rows.querySelectorAll("[id]")) {
    if (element.id === "sections") element.classList.add("sections");
    if (element.id === "field") element.dataset.field = "field";
    element.removeAttribute("id");
  }
  rows.removeAttribute("id");
  rows.querySelector(".table-hint").textContent =
    "Scroll to the end and tap the field: the IME shows, the window makes room.";
  rows.querySelector(".form-hint").textContent = "Tap a field: the IME comes up, and the window makes room for it.";
  ui.androidContent.append(rows);
  const field = document.createElement("input");
  Object.assign(field, { type: "text", placeholder: "Message", autocomplete: "off", spellcheck: false });
  field.dataset.field = "chat";
  ui.androidComposer.append(field, span("send", "➤"));
  for (const control of androidControls()) control.tabIndex = -1;
}

/** The Android phone's text fields, the composer's included. */
function androidControls() {
  return [...ui.androidContent.querySelectorAll("input, textarea"), ui.androidComposer.querySelector("input")];
}

/**
 * The window as laid out with the IME hidden, in dp and window coordinates: the app bar under the status bar, the
 * list from there to the navigation bar (on the chat, to the composer above it). Null without the bars.
 */
function androidScene() {
  const { statusBar, navigationBar, ime } = androidMeasurements();
  if (!statusBar || !navigationBar) return null;
  const { width, height } = androidScreenSize();
  const top = statusBar.height + APP_BAR_HEIGHT;
  const bottom = height - navigationBar.height - (chatMode() ? COMPOSER_HEIGHT : 0);
  const frame = { x: 0, y: top, width, height: bottom - top };
  const imeFrame = ime ? { x: 0, y: height - ime.height, width, height: ime.height } : null;
  return { width, height, statusBar: statusBar.height, navigationBar: navigationBar.height, frame, imeFrame };
}

/** Lays the Android phone out for the device, orientation and settings: its size, bars, app bar and list. */
function layoutAndroid() {
  const { width, height } = androidScreenSize();
  const { statusBar, navigationBar, ime } = androidMeasurements();
  const scene = androidScene();
  const style = ui.android.style;
  style.setProperty("--w", `${width}px`);
  style.setProperty("--h", `${height}px`);
  style.setProperty("--status-bar", `${statusBar?.height ?? 0}px`);
  style.setProperty("--navigation-bar", `${navigationBar?.height ?? 0}px`);
  style.setProperty("--app-bar", `${APP_BAR_HEIGHT}px`);
  Object.assign(ui.android.dataset, {
    device: android.entry.id,
    screen: ui.screenKind.value,
    orientation: orientation(),
    navigation: ui.navigationMode.value,
    edgeToEdge: String(ui.edgeToEdge.checked),
    bars: scene ? "published" : "absent",
    ime: ime ? "published" : "absent",
  });
  ui.appBarTitle.textContent = chatMode() ? "Messages" : formMode() ? "New contact" : "Table";
  if (scene) {
    Object.assign(ui.androidList.style, { top: `${scene.frame.y}px`, left: `${scene.frame.x}px` });
    ui.ime.style.height = `${scene.imeFrame?.height ?? 0}px`;
  }
  const area = scene ? `bars ${scene.statusBar}/${scene.navigationBar}` : "no bars published";
  androidSummary({ screen: `${width}×${height}, ${area}` });
  for (const control of androidControls()) control.disabled = !scene?.imeFrame;
  showAndroidInfo();
  fit();
}

/** Under the Android phone: who published its numbers, and what the catalogue lacks. */
function showAndroidInfo() {
  const { width, height } = androidScreenSize();
  const { statusBar, navigationBar, ime } = androidMeasurements();
  const shown = [["screen", `${width} × ${height} dp`, android.entry.screen]];
  if (statusBar) shown.push(["status bar", `${statusBar.height} dp`, statusBar]);
  const mode = ui.navigationMode.value === "gesture" ? "gesture" : "three-button";
  if (navigationBar) shown.push([`${mode} navigation bar`, `${navigationBar.height} dp`, navigationBar]);
  if (ime) shown.push(["IME", `${ime.height} dp`, ime]);
  ui.androidSources.replaceChildren(...sourceLine(android.entry, shown, "Android"));
  const lacking = [
    !statusBar && "status bar",
    !navigationBar && `${mode} navigation bar`,
    !ime && "IME height",
  ].filter(Boolean);
  const consequence = !statusBar || !navigationBar ? "no session" : "the fields are off";
  showAbsent(ui.androidAbsent, android.entry, lacking, consequence);
}

/** The Android summary in the side panel: the values given, by key. */
function androidSummary(values) {
  for (const [key, value] of Object.entries(values)) {
    const shown = typeof value === "number" ? String(round(value)) : value;
    ui.androidSummary.querySelector(`[data-key="${key}"]`).textContent = shown;
  }
}

function androidSay(message, kind = "info") {
  ui.androidStatus.textContent = message;
  ui.androidStatus.dataset.kind = kind;
}

function setAndroidState(state) {
  ui.android.dataset.imeState = state;
  androidSummary({ state });
}

/** The Android phone's moving parts, as applyAndroidAnimation takes them; the chat's composer rides on the list. */
function androidElements() {
  const attached = chatMode() ? [ui.androidComposer] : [];
  return { scrollView: ui.androidList, content: ui.androidContent, window: ui.androidWindow, ime: ui.ime, attached };
}

/** The window's members of an Android request: the bars, the modes, the list at rest. */
function androidGeometry(scene, contentOffsetY) {
  const body = {
    platform: "android",
    screen: { width: scene.width, height: scene.height },
    systemBars: { top: scene.statusBar, bottom: scene.navigationBar },
    navigationMode: ui.navigationMode.value,
    windowSoftInputMode: ui.softInputMode.value,
    edgeToEdge: ui.edgeToEdge.checked,
    insetsAnimationCallback: ui.insetsCallback.checked,
    scrollView: {
      frame: scene.frame,
      contentSize: { width: scene.width, height: ui.androidContent.offsetHeight },
      contentOffset: { x: 0, y: contentOffsetY },
    },
  };
  if (ui.edgeToEdge.checked) body.imeInsets = ui.imeInsets.value;
  return body;
}

/** The rest state the page laid out, in the shape of an answer's `animation.from`. */
function androidRestState(scene, contentOffsetY) {
  return {
    ime: { top: 0, left: 0, bottom: 0, right: 0 },
    scrollView: { frame: scene.frame },
    contentPadding: { bottom: 0 },
    windowPan: { y: 0 },
    contentOffset: { x: 0, y: contentOffsetY },
  };
}

/** Options for the Android replay: the IME's top is measured from the window's bottom. */
function androidReplayOptions() {
  return { windowHeight: androidScreenSize().height };
}

/**
 * A new Android session for the device, the orientation, the screen and the Android settings, the IME hidden (none
 * when the catalogue lacks the bars): the window at rest, the chat opened on its newest message.
 */
async function resetAndroid() {
  if (!showsAndroid()) return;
  if (!android.entry) android.entry = await loadEntry(ui.androidDevice.value);
  android.resetting = true;
  for (const control of androidControls()) if (document.activeElement === control) control.blur();
  android.resetting = false;
  android.playback?.cancel();
  Object.assign(android, { playback: null, answer: null, visible: false });
  delete ui.android.dataset.focus;
  ui.android.dataset.ready = "false";
  const old = android.session;
  android.session = null;
  if (old) await old.delete().catch(() => {});
  ui.imeInsets.disabled = !ui.edgeToEdge.checked;
  layoutAndroid();
  const scene = androidScene();
  android.scene = scene;
  android.imeFrame = scene?.imeFrame ?? null;
  setAndroidState("hidden");
  if (!scene) {
    ui.android.dataset.ready = "unavailable";
    delete ui.android.dataset.sessionId;
    const none = "—";
    androidSummary({ ime: none, layout: none, height: none, padding: none, pan: none, offset: none, animation: none });
    androidSay(
      `The catalogue has no status bar or ${ui.navigationMode.value} navigation bar for the ${android.entry.name} ` +
        `in ${orientation()}: nothing to ask the service (GET /devices/${android.entry.id} lists what it has).`,
      "error",
    );
    if (ui.platform.value === "android") clearPanels();
    return;
  }
  // A chat opens on its newest message: the end of the content.
  const offset = chatMode() ? androidContentEnd() : 0;
  applyAndroidState(androidRestState(scene, offset), androidElements(), androidReplayOptions());
  const created = await createSession(androidGeometry(scene, offset), clientOptions());
  Object.assign(android, { session: created, restOffset: offset });
  androidSummary({ ime: 0, layout: "—", height: scene.frame.height, padding: 0, pan: 0, offset, animation: "—" });
  ui.android.dataset.sessionId = created.id;
  ui.android.dataset.ready = "true";
  if (ui.platform.value === "android") clearPanels();
  androidSay(
    android.imeFrame
      ? "Tap a field: the IME comes up, and the window moves as the settings say."
      : `The catalogue has no IME height for the ${android.entry.name} in ${orientation()}: the fields are off.`,
  );
}

/**
 * The list's last offset: its content's end. The DOM's scrollTop is whole px, so at the end of a list whose height
 * is not it passes that end by the fraction, which the window cannot have.
 */
function androidContentEnd() {
  return Math.max(0, ui.androidContent.offsetHeight - android.scene.frame.height);
}

/**
 * The focused view's rect in window coordinates, the window at rest (not panned) and the list at `offset` (the
 * session's): the composer's field below the list, or a field in it.
 */
function androidFocusedRect(control, offset) {
  const { frame } = android.scene;
  if (androidKey(control) === "chat") {
    const { offsetLeft: x, offsetTop: y, offsetWidth: width, offsetHeight: height } = control;
    return { x, y: frame.y + frame.height + y, width, height };
  }
  const rect = contentRect(control, ui.androidContent.firstElementChild);
  return { ...rect, x: rect.x + frame.x, y: rect.y + frame.y - offset };
}

/**
 * Scrolls the Android list, before a show the iPhone's field started, just enough that the same field shows whole
 * (bottom edge at the list's bottom, or top at its top), as the user would have scrolled to tap it there.
 */
function revealInList(control) {
  if (androidKey(control) === "chat") return;
  const rect = contentRect(control, ui.androidContent.firstElementChild);
  const list = ui.androidList;
  const top = list.scrollTop;
  if (rect.y >= top && rect.y + rect.height <= top + list.clientHeight) return;
  list.scrollTop = rect.y < top ? rect.y : rect.y + rect.height - list.clientHeight;
}

/**
 * The user's own scroll of the list while the IME is down, sent at `time` as the window's new offset at rest
 * (`PATCH`): the next show starts from it.
 */
async function androidSyncScroll(time) {
  if (!android.session || android.visible || android.playback) return;
  const offset = Math.min(ui.androidList.scrollTop, androidContentEnd());
  if (Math.abs(offset - android.restOffset) < 0.5) return;
  await android.session.patch({ scrollView: { contentOffset: { x: 0, y: offset } } }, { timestamp: time });
  android.restOffset = offset;
}

/**
 * An IME show at `time` for the field `key` names: the IME's frame from the catalogue and the focused view's rect
 * (at the session's offset at rest). With the IME up it is another field's focus: the service keeps the IME where
 * it is and moves the pan and the scroll for the new rect.
 */
async function androidShow(time, key) {
  const control = androidControl(key);
  if (!android.session || !android.imeFrame || !control) return;
  if (showsIOS() && !android.visible) revealInList(control);
  await androidSyncScroll(time);
  const focusedRect = androidFocusedRect(control, android.restOffset);
  const body = { keyboard: { frameEnd: android.imeFrame }, focusedRect };
  const during = android.visible && ui.android.dataset.imeState === "shown" ? "shown" : "showing";
  const answer = await android.session.show(body, { timestamp: time });
  android.visible = true;
  ui.android.dataset.focus = key;
  androidPlay(answer, during, "shown");
}

/** An IME hide at `time`. */
async function androidHide(time) {
  if (!android.session || !android.visible) return;
  const answer = await android.session.hide({}, { timestamp: time });
  android.visible = false;
  delete ui.android.dataset.focus;
  androidPlay(answer, "hiding", "hidden");
}

/** With the Android phone alone, the timeline under it is its session's (`GET /sessions/{id}/timeline.svg`). */
async function drawAndroidTimeline() {
  if (ui.platform.value !== "android" || !android.session) return;
  const current = android.session;
  try {
    const svg = await current.timelineSVG({}, { onExchange: undefined });
    if (android.session !== current || ui.platform.value !== "android") return;
    ui.plot.innerHTML = svg;
    ui.timeline.dataset.source = "android";
    ui.timeline.dataset.ready = "true";
  } catch (error) {
    ui.timeline.dataset.ready = "error";
  }
}

/**
 * Replays an Android answer on the phone from its session's instant (the event's frame: the answer's delays count
 * from it); `during` and `after` are the IME's states to show.
 */
function androidPlay(answer, during, after) {
  android.answer = answer;
  const { animation } = answer;
  androidSummary({
    ime: answer.windowInsets.ime.bottom,
    layout: answer.layoutChange,
    height: answer.scrollView.frame.height,
    padding: answer.contentPadding.bottom,
    pan: answer.windowPan.y,
    offset: answer.contentOffset.y,
    animation: `${animation.cssDuration} ms, ${animation.synced ? "synced" : "not synced"}, ${animation.layout}`,
  });
  Object.assign(ui.android.dataset, { layoutChange: answer.layoutChange, layout: animation.layout });
  setAndroidState(during);
  const startTime = answer.session.time;
  const current = applyAndroidAnimation(answer, androidElements(), { ...androidReplayOptions(), startTime });
  drawAndroidTimeline();
  android.playback = current;
  current.then((completed) => {
    if (android.playback !== current) return;
    android.playback = null;
    if (completed) setAndroidState(after);
  });
  androidSay(explainAndroid(answer, answer.windowInsets.ime.bottom > 0));
  return current;
}

/** One line on what the Android window did, in Android's terms. */
function explainAndroid(answer, showing) {
  const { animation } = answer;
  const how = animation.synced
    ? `the IME over ${animation.cssDuration} ms on ${animation.interpolator}, the layout following it`
    : `the IME over ${animation.cssDuration} ms on ${animation.interpolator}, the layout at once`;
  const moved = {
    resize: `the list resized to ${round(answer.scrollView.frame.height)} dp`,
    padding: `the list padded by ${round(answer.contentPadding.bottom)} dp`,
    none: "the list unchanged",
  }[answer.layoutChange];
  const pan = answer.windowPan.y ? `, the window panned up ${round(answer.windowPan.y)} dp` : "";
  const verb = showing ? `ime().bottom ${round(answer.windowInsets.ime.bottom)} dp` : "IME hidden";
  return `${verb}: ${moved}${pan}, scroll ${round(answer.contentOffset.y)} (${how}).`;
}

/** Beside the iPhone, a focus on one of its fields (`key`) at `time` is the Android phone's too: its IME shows. */
function mirrorShow(time, key) {
  if (showsAndroid()) enqueueAndroid(() => androidShow(time, key));
}

/** Beside the iPhone, its keyboard's hide at `time` is the Android IME's too. */
function mirrorHide(time) {
  if (showsAndroid()) enqueueAndroid(() => androidHide(time));
}

/** Runs an Android task in the page's queue; a failure is said on the Android status line. */
function enqueueAndroid(task) {
  return enqueue(async () => {
    try {
      await task();
    } catch (error) {
      ui.android.dataset.ready = android.session ? "true" : "error";
      const { status, problem, message } = error;
      androidSay(error instanceof InsetError ? `${status} ${problem?.title ?? ""}: ${message}` : message, "error");
    }
  });
}

/**
 * The Android phone's own fields. Alone on the stage, a focus is an IME show and a blur a hide (a focus moving to
 * another field is that field's show). Beside the iPhone, a tap on one gives the iPhone's field the focus, which
 * drives both phones.
 */
function listenForAndroid() {
  for (const control of androidControls()) {
    control.addEventListener("focus", () => {
      if (android.resetting) return;
      const key = androidKey(control);
      if (showsIOS()) {
        iosControl(key)?.focus({ preventScroll: true });
        return;
      }
      const time = frameTime();
      enqueueAndroid(() => androidShow(time, key));
    });
    control.addEventListener("blur", (event) => {
      if (android.resetting || showsIOS() || androidControls().includes(event.relatedTarget)) return;
      const time = frameTime();
      enqueueAndroid(() => androidHide(time));
    });
  }
  // A tap on the IME keeps the focus in the field.
  ui.ime.addEventListener("mousedown", (event) => event.preventDefault());
  ui.androidDevice.addEventListener("change", () =>
    enqueueAndroid(async () => {
      android.entry = await loadEntry(ui.androidDevice.value);
      await resetAndroid();
    }),
  );
  for (const control of [ui.softInputMode, ui.edgeToEdge, ui.imeInsets, ui.insetsCallback, ui.navigationMode]) {
    control.addEventListener("change", () => enqueueAndroid(resetAndroid));
  }
  ui.platform.addEventListener("change", () => {
    document.body.dataset.platform = ui.platform.value;
    enqueue(resetSession);
    enqueueAndroid(resetAndroid);
    enqueue(async () => fit());
  });
}

// ---- Events -------------------------------------------------------------------------------------------------

function listenForForm() {
  for (const control of formControls) {
    control.addEventListener("focus", () => {
      if (movingFocus || resetting) return;
      const time = frameTime();
      const id = control.dataset.field;
      // Decided when the request goes: a tap while the keyboard is up moves the focus, else it is a show.
      enqueue(() => (keyboardVisible ? moveFocus(id, time) : keyboardWillShow(time, id)));
      mirrorShow(time, id);
    });
    control.addEventListener("blur", (event) => {
      // Focus going to another field is that field's focus move, not a hide.
      if (resetting || formControls.includes(event.relatedTarget)) return;
      const time = frameTime();
      // Where the focus went is known once it has landed (a scripted focus() reports no relatedTarget).
      setTimeout(() => {
        if (formControls.includes(document.activeElement)) return;
        if (document.activeElement === ui.scrollPosition) {
          // The select is the page's, not the phone's: the field keeps the keyboard and gets the focus back.
          keptFocus = control;
          return;
        }
        enqueue(() => keyboardWillHide(time));
        mirrorHide(time);
      });
    });
  }
  // A tap on the form's labels or background keeps the focus where it is, as a tap on a UIKit form does.
  ui.table.addEventListener("mousedown", (event) => {
    if (formMode() && focusedControl() && !formControls.includes(event.target)) event.preventDefault();
  });
  for (const [button, move] of [
    [ui.previous, "previous"],
    [ui.next, "next"],
  ]) {
    button.addEventListener("click", () => {
      const time = frameTime();
      enqueue(() => moveFocus(move, time));
    });
  }
  ui.done.addEventListener("click", () => {
    const control = focusedControl();
    if (control) {
      control.blur();
    } else if (keyboardVisible) {
      const time = frameTime();
      enqueue(() => keyboardWillHide(time));
    }
  });
  ui.notes.addEventListener("input", () => {
    if (!resizeNotes()) return;
    const time = frameTime();
    const layout = notesLayout();
    enqueue(() => notesResized(time, layout));
  });
  ui.scrollPosition.addEventListener("change", () => {
    const time = frameTime();
    enqueue(() => changeScrollPosition(time));
    // After the field's blur has been sorted out (its check runs first): the field gets its focus back.
    setTimeout(() => {
      if (!keptFocus) return;
      const control = keptFocus;
      keptFocus = null;
      focusControl(control.dataset.field);
    });
  });
  ui.scrollPosition.addEventListener("blur", () => {
    if (!keptFocus) return;
    keptFocus = null;
    const time = frameTime();
    setTimeout(() => {
      // To another field: its focus move. Anywhere else with the keyboard up: the field's blur, late.
      if (!formControls.includes(document.activeElement)) {
        enqueue(() => keyboardWillHide(time));
        mirrorHide(time);
      }
    });
  });
}

function listen() {
  for (const field of [ui.field, ui.chatField]) {
    field.addEventListener("focus", () => {
      const time = frameTime();
      enqueue(() => keyboardWillShow(time));
      mirrorShow(time, field === ui.chatField ? "chat" : "field");
    });
    field.addEventListener("blur", () => {
      if (resetting) return;
      const time = frameTime();
      enqueue(() => keyboardWillHide(time));
      mirrorHide(time);
    });
  }
  listenForForm();
  listenForDrags();
  // Tapping the keyboard or a toggle must not take the focus from the field.
  for (const keep of [ui.keyboard, ...document.querySelectorAll(".toggle")]) {
    keep.addEventListener("mousedown", (event) => event.preventDefault());
  }
  ui.quicktype.addEventListener("change", keyboardToggled);
  ui.hardware.addEventListener("change", () => {
    if (ui.hardware.checked) ui.floating.checked = false;
    keyboardToggled();
  });
  ui.floating.addEventListener("change", () => {
    if (ui.floating.checked) ui.hardware.checked = false;
    keyboardToggled();
  });
  ui.landscape.addEventListener("change", () => enqueue(rotate));
  ui.device.addEventListener("change", () => enqueue(start));
  ui.interruption.addEventListener("change", () => enqueue(resetSession));
  for (const control of [ui.screenKind, ui.lift, ui.bottomSafeArea]) {
    control.addEventListener("change", () => enqueue(resetSession));
  }
  ui.screenKind.addEventListener("change", () => enqueueAndroid(resetAndroid));
  ui.token.addEventListener("change", () => enqueue(start));
  $("token-form").addEventListener("submit", (event) => event.preventDefault());
  ui.table.addEventListener("scroll", () => {
    if (playback) return;
    clearTimeout(scrollTimer);
    scrollTimer = setTimeout(() => {
      const time = frameTime();
      enqueue(() => syncScroll(time));
    }, 150);
  });
  $("clear-log").addEventListener("click", () => ui.log.replaceChildren());
  ui.replayLog.addEventListener("click", () => enqueue(replayNotifications));
  ui.sampleLog.addEventListener("click", putSample);
  addEventListener("resize", fit);
}

buildTable();
buildMessages();
buildKeys();
buildAndroid();
listen();
listenForAndroid();
document.body.dataset.platform = ui.platform.value;
enqueue(start);
