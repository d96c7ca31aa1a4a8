// @ts-check
// The Android phone's session and its IME: a new session for the device and settings, a show and a hide at an
// instant (alone, from its own fields; beside the iPhone, mirroring the iPhone's), each answer replayed with
// applyAndroidAnimation, and the user's own scroll of the list sent before the next show.
//
// In the DOM (#android, Platform: Android or Both): #android-list is the list (its height the answer's
// `scrollView.frame.height`, scrollTop `contentOffset.y`), #android-content's padding-bottom `contentPadding.bottom`,
// #android-window's top `-windowPan.y`, #ime's top the window's height less `windowInsets.ime.bottom`. With both
// phones the iPhone's fields drive both. The Dialog and the Bottom sheet (sheets.js draws it) each have a session of
// their own.

import { applyAndroidAnimation, applyAndroidState, createSession, frameTime, InsetError } from "../client.js";
import {
  androidControl,
  androidControls,
  androidElements,
  androidGeometry,
  androidKey,
  androidReplayOptions,
  androidRestState,
  androidSay,
  androidSummary,
  clearDialog,
  dialogElements,
  dialogFocusedRect,
  dialogGeometry,
  drawDialog,
  iosControl,
  layoutAndroid,
  restDialog,
  sceneNow,
  setAndroidState,
} from "./android-layout.js";
import { loadAndroidEntry } from "./catalogue.js";
import { bottomSheetMode, chatMode, contentRect, dialogMode, orientation, showsAndroid, showsIOS } from "./scene.js";
import { android } from "./state.js";
import {
  bottomSheetElements,
  bottomSheetFocusedRect,
  bottomSheetGeometry,
  clearBottomSheet,
  drawBottomSheet,
  markBottomSheetField,
  restBottomSheet,
} from "./sheets.js";
import { clientOptions, enqueue } from "./status.js";
import { clearPanels, drawAndroidTimeline } from "./timeline.js";
import { ui } from "./ui.js";
import { explainAndroid, explainBottomSheet, explainDialog, problemText } from "./wording.js";

/**
 * @typedef {import("../client.js").Rect} Rect
 * @typedef {import("../client.js").KeyboardState} KeyboardState
 * @typedef {import("../client.js").AndroidKeyboardEventAnswer} AndroidKeyboardEventAnswer
 * @typedef {import("./geometry.js").AndroidScene} AndroidScene
 */

/**
 * A new Android session for the device, the orientation, the screen and the Android settings, the IME hidden (none
 * when the catalogue lacks the bars): the window at rest, the chat opened on its newest message.
 */
export async function resetAndroid() {
  if (!showsAndroid()) return;
  if (!android.entry) android.entry = await loadAndroidEntry(ui.androidDevice.value);
  const entry = android.entry;
  android.resetting = true;
  for (const control of [...androidControls(), ui.dialogField, ui.bottomSheetField]) {
    if (document.activeElement === control) control.blur();
  }
  android.resetting = false;
  android.playback?.cancel();
  Object.assign(android, { playback: null, answer: null, visible: false });
  delete ui.android.dataset.focus;
  ui.android.dataset.ready = "false";
  const old = android.session;
  android.session = null;
  if (old) await old.delete().catch(() => {});
  ui.imeInsets.disabled = !ui.edgeToEdge.checked;
  clearDialog();
  clearBottomSheet();
  layoutAndroid();
  const scene = sceneNow();
  android.scene = scene;
  android.imeFrame = scene?.imeFrame ?? null;
  setAndroidState("hidden");
  if (!scene) {
    ui.android.dataset.ready = "unavailable";
    delete ui.android.dataset.sessionId;
    const none = "—";
    androidSummary({ ime: none, layout: none, height: none, padding: none, pan: none, offset: none, animation: none });
    androidSay(
      `The catalogue has no status bar or ${ui.navigationMode.value} navigation bar for the ${entry.name} ` +
        `in ${orientation()}: nothing to ask the service (GET /devices/${entry.id} lists what it has).`,
      "error",
    );
    if (ui.platform.value === "android") clearPanels();
    return;
  }
  if (dialogMode() || bottomSheetMode()) {
    await startPresented(scene);
    if (ui.platform.value === "android") clearPanels();
    return;
  }
  // A chat opens on its newest message: the end of the content.
  const offset = chatMode() ? androidContentEnd(scene) : 0;
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
      : `The catalogue has no IME height for the ${entry.name} in ${orientation()}: the fields are off.`,
  );
}

/**
 * A new session of the Dialog's or the Bottom sheet's window on the Android phone laid out as `scene`, drawn at rest
 * where the session places it; a refusal (a dialog larger than the screen less its bars) is said in the service's
 * words, on the status line and the phone.
 * @param {AndroidScene} scene
 */
async function startPresented(scene) {
  const dialog = dialogMode();
  ui.ime.style.top = `${scene.height}px`;
  let created;
  try {
    created = await createSession(dialog ? dialogGeometry(scene) : bottomSheetGeometry(scene), clientOptions());
  } catch (error) {
    if (!(error instanceof InsetError) || error.status !== 400) throw error;
    const refusal = problemText(error.status, error.problem, error.message);
    (dialog ? clearDialog : clearBottomSheet)(refusal);
    ui.android.dataset.ready = "unavailable";
    androidSay(refusal, "error");
    return;
  }
  const restOffset = dialog ? restDialog(created.state) : restBottomSheet(created.state);
  Object.assign(android, { session: created, restOffset });
  ui.android.dataset.sessionId = created.id;
  ui.android.dataset.ready = "true";
  const tap = dialog
    ? "the dialog's field: the window manager places the dialog's window for the IME"
    : "the sheet's field: the IME comes up, and the sheet moves as Material's BottomSheetBehavior moves it";
  androidSay(android.imeFrame ? `Tap ${tap}.` : "The catalogue has no IME height for this device: the field is off.");
}

/**
 * The Dialog's or the Bottom sheet's field focused (`up`) or blurred at `time`: a show with the catalogue's IME frame
 * and the field's rect in the window's (the sheet content's) coordinates, or a hide; the window drawn where the
 * answer puts it (the sheet moving there on the IME's curve), its list and pan replayed, and once a show settles the
 * sheet's field marked if the answer says it does not show whole.
 * @param {number} time
 * @param {boolean} up
 */
async function presentedEvent(time, up) {
  const { session, imeFrame } = android;
  if (!session || !imeFrame || up === android.visible) return;
  const focusedRect = dialogMode() ? dialogFocusedRect() : bottomSheetFocusedRect(android.restOffset);
  const answer = up
    ? await session.show({ keyboard: { frameEnd: imeFrame }, focusedRect }, { timestamp: time })
    : await session.hide({}, { timestamp: time });
  // The list keeps its scroll after a hide: the next show's field is where that leaves it.
  Object.assign(android, { visible: up, restOffset: up ? android.restOffset : answer.contentOffset.y });
  drawDialog(answer.container?.presentation, up);
  const playback = androidPlay(answer, up ? "showing" : "hiding", up ? "shown" : "hidden");
  drawBottomSheet(answer.container?.presentation, answer.scrollView.frame, up, playback);
  playback.then((completed) => {
    if (completed && up && android.answer === answer) markBottomSheetField(answer);
  });
}

/**
 * The list's last offset: its content's end. The DOM's scrollTop is whole px, so at the end of a list whose height
 * is not it passes that end by the fraction, which the window cannot have.
 * @param {AndroidScene} scene
 */
function androidContentEnd(scene) {
  return Math.max(0, ui.androidContent.offsetHeight - scene.frame.height);
}

/**
 * The focused view's rect in window coordinates, the window at rest (not panned) and the list at `offset` (the
 * session's): the composer's field below the list, or a field in it.
 * @param {HTMLElement} control
 * @param {number} offset
 * @param {AndroidScene} scene
 * @returns {Rect}
 */
function androidFocusedRect(control, offset, { frame }) {
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
 * @param {HTMLElement} control
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
 * @param {number} time
 */
async function androidSyncScroll(time) {
  if (!android.session || !android.scene || android.visible || android.playback) return;
  const offset = Math.min(ui.androidList.scrollTop, androidContentEnd(android.scene));
  if (Math.abs(offset - android.restOffset) < 0.5) return;
  await android.session.patch({ scrollView: { contentOffset: { x: 0, y: offset } } }, { timestamp: time });
  android.restOffset = offset;
}

/**
 * An IME show at `time` for the field `key` names: the IME's frame from the catalogue and the focused view's rect
 * (at the session's offset at rest). With the IME up it is another field's focus: the service keeps the IME where
 * it is and moves the pan and the scroll for the new rect.
 * @param {number} time
 * @param {string} key
 */
async function androidShow(time, key) {
  const control = androidControl(key);
  const { session, scene, imeFrame } = android;
  if (!session || !scene || !imeFrame || !control) return;
  if (showsIOS() && !android.visible) revealInList(control);
  await androidSyncScroll(time);
  const focusedRect = androidFocusedRect(control, android.restOffset, scene);
  const body = { keyboard: { frameEnd: imeFrame }, focusedRect };
  const during = android.visible && ui.android.dataset.imeState === "shown" ? "shown" : "showing";
  const answer = await session.show(body, { timestamp: time });
  android.visible = true;
  ui.android.dataset.focus = key;
  androidPlay(answer, during, "shown");
}

/**
 * An IME hide at `time`.
 * @param {number} time
 */
async function androidHide(time) {
  if (!android.session || !android.visible) return;
  const answer = await android.session.hide({}, { timestamp: time });
  android.visible = false;
  delete ui.android.dataset.focus;
  androidPlay(answer, "hiding", "hidden");
}

/**
 * Replays an Android answer on the phone from its session's instant (the event's frame: the answer's delays count
 * from it); `during` and `after` are the IME's states to show.
 * @param {AndroidKeyboardEventAnswer} answer
 * @param {KeyboardState} during
 * @param {KeyboardState} after
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
  const startTime = answer.session?.time;
  const elements = bottomSheetMode() ? bottomSheetElements() : androidElements();
  const current = dialogMode()
    ? applyAndroidAnimation(answer, dialogElements(), { startTime })
    : applyAndroidAnimation(answer, elements, { ...androidReplayOptions(), startTime });
  drawAndroidTimeline();
  android.playback = current;
  current.then((completed) => {
    if (android.playback !== current) return;
    android.playback = null;
    if (completed) setAndroidState(after);
  });
  const imeUp = during !== "hiding";
  const explain = dialogMode() ? explainDialog : bottomSheetMode() ? explainBottomSheet : null;
  androidSay(explain ? explain(answer, imeUp) : explainAndroid(answer, answer.windowInsets.ime.bottom > 0));
  return current;
}

/**
 * Beside the iPhone, a focus on one of its fields (`key`) at `time` is the Android phone's too: its IME shows.
 * @param {number} time
 * @param {string} key
 */
export function mirrorShow(time, key) {
  if (showsAndroid()) enqueueAndroid(() => androidShow(time, key));
}

/**
 * Beside the iPhone, its keyboard's hide at `time` is the Android IME's too.
 * @param {number} time
 */
export function mirrorHide(time) {
  if (showsAndroid()) enqueueAndroid(() => androidHide(time));
}

/**
 * Runs an Android task in the page's queue; a failure is said on the Android status line.
 * @param {() => Promise<unknown>} task
 */
export function enqueueAndroid(task) {
  return enqueue(async () => {
    try {
      await task();
    } catch (error) {
      ui.android.dataset.ready = android.session ? "true" : "error";
      if (error instanceof InsetError) {
        androidSay(`${error.status} ${error.problem?.title ?? ""}: ${error.message}`, "error");
      } else {
        androidSay(error instanceof Error ? error.message : String(error), "error");
      }
    }
  });
}

/**
 * The Android phone's own fields and settings. Alone on the stage, a focus is an IME show and a blur a hide (a
 * focus moving to another field is that field's show). Beside the iPhone, a tap on one gives the iPhone's field the
 * focus, which drives both phones.
 */
export function listenForAndroid() {
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
      const to = event instanceof FocusEvent ? event.relatedTarget : null;
      if (android.resetting || showsIOS() || androidControls().some((other) => other === to)) return;
      const time = frameTime();
      enqueueAndroid(() => androidHide(time));
    });
  }
  // A tap on the IME keeps the focus in the field.
  ui.ime.addEventListener("mousedown", (event) => event.preventDefault());
  ui.androidDevice.addEventListener("change", () =>
    enqueueAndroid(async () => {
      android.entry = await loadAndroidEntry(ui.androidDevice.value);
      await resetAndroid();
    }),
  );
  for (const field of [ui.dialogField, ui.bottomSheetField]) {
    field.addEventListener("focus", () => {
      const time = frameTime();
      enqueueAndroid(() => presentedEvent(time, true));
    });
    field.addEventListener("blur", () => {
      if (android.resetting) return;
      const time = frameTime();
      enqueueAndroid(() => presentedEvent(time, false));
    });
  }
  const settings = [ui.softInputMode, ui.edgeToEdge, ui.imeInsets, ui.insetsCallback, ui.navigationMode];
  for (const control of [...settings, ui.dialogHeight, ui.dialogSoftInput, ui.bottomSheetHeight, ui.bottomSheetState]) {
    control.addEventListener("change", () => enqueueAndroid(resetAndroid));
  }
}
