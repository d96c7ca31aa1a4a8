// @ts-check
// The Android phone as laid out for its device, orientation and settings: its content copied from the iPhone's
// once, its size, bars, app bar and list, the line under it on where its numbers come from, the side panel's
// Android numbers, and the window's members a request sends. On the Dialog: the dialog's window drawn at the frame an
// answer gives it on the screen (#android-dialog; its pane #dialog-pane panned by `windowPan`, its list #dialog-list),
// the IME on the screen, the tag saying where the window is, and the members of its session's request. The Bottom
// sheet's own drawing is sheets.js's.

import { applyAndroidState } from "../client.js";
import { androidScene, APP_BAR_HEIGHT, COMPOSER_HEIGHT, round } from "./geometry.js";
import {
  androidEntry,
  androidMeasurements,
  androidScreenSize,
  bottomSheetMode,
  chatMode,
  dialogMode,
  formMode,
  orientation,
} from "./scene.js";
import { fit, showAbsent, sourceLine } from "./stage.js";
import { android } from "./state.js";
import { formControls, isTextControl, place, span, summaryValue, ui } from "./ui.js";
import { dialogTag } from "./wording.js";

/**
 * @typedef {import("../client.js").AndroidKeyboardEventBody} AndroidKeyboardEventBody
 * @typedef {import("../client.js").AndroidNavigationMode} AndroidNavigationMode
 * @typedef {import("../client.js").SoftInputMode} SoftInputMode
 * @typedef {import("../client.js").ImeInsetsHandling} ImeInsetsHandling
 * @typedef {import("../client.js").AndroidState} AndroidState
 * @typedef {import("../client.js").AndroidElements} AndroidElements
 * @typedef {import("../client.js").KeyboardState} KeyboardState
 * @typedef {import("../client.js").Rect} Rect
 * @typedef {import("../client.js").Size} Size
 * @typedef {import("../client.js").Container} Container
 * @typedef {import("../client.js").AndroidDialogFrames} AndroidDialogFrames
 * @typedef {import("../client.js").AndroidBottomSheetFrames} AndroidBottomSheetFrames
 * @typedef {import("../client.js").AndroidSessionState} AndroidSessionState
 * @typedef {import("./geometry.js").AndroidScene} AndroidScene
 * @typedef {import("./wording.js").Shown} Shown
 * @typedef {HTMLInputElement | HTMLTextAreaElement} TextControl
 */

/**
 * The Android field that stands for the iPhone's `key` (`field`, `chat` or a form field's id).
 * @param {string} key
 */
export function androidControl(key) {
  const found =
    key === "chat"
      ? ui.androidComposer.querySelector("input")
      : ui.androidContent.querySelector(`[data-field="${key}"]`);
  return isTextControl(found) ? found : null;
}

/**
 * The key an Android field stands for: the iPhone's field of the same `data-field`.
 * @param {HTMLElement} control
 */
export function androidKey(control) {
  return control.dataset.field ?? "";
}

/**
 * The iPhone's field for `key`.
 * @param {string} key
 */
export function iosControl(key) {
  if (key === "chat") return ui.chatField;
  if (key === "field") return ui.field;
  return formControls.find((control) => control.dataset.field === key) ?? null;
}

/**
 * The Android phone's content: the iPhone's rows copied (the table, the messages, the form; ids become data
 * attributes), and the chat's composer. Built once; the phone's CSS shows the screen's part.
 */
export function buildAndroid() {
  const rows = /** @type {HTMLElement} */ (ui.rows.cloneNode(true));
  rows.querySelector("#notes-mirror")?.remove();
  for (const element of rows.querySelectorAll("[id]")) {
    if (element.id === "sections") element.classList.add("sections");
    if (element.id === "field" && element instanceof HTMLElement) element.dataset.field = "field";
    element.removeAttribute("id");
  }
  rows.removeAttribute("id");
  hint(rows, ".table-hint").textContent = "Scroll to the end and tap the field: the IME shows, the window makes room.";
  hint(rows, ".form-hint").textContent = "Tap a field: the IME comes up, and the window makes room for it.";
  ui.androidContent.append(rows);
  const field = document.createElement("input");
  Object.assign(field, { type: "text", placeholder: "Message", autocomplete: "off", spellcheck: false });
  field.dataset.field = "chat";
  ui.androidComposer.append(field, span("send", "➤"));
  for (const control of androidControls()) control.tabIndex = -1;
}

/**
 * A hint of the copied rows (index.html has each), to be reworded for Android.
 * @param {HTMLElement} rows
 * @param {string} selector
 */
function hint(rows, selector) {
  return /** @type {HTMLElement} */ (rows.querySelector(selector));
}

/**
 * The Android phone's text fields, the composer's included.
 * @returns {TextControl[]}
 */
export function androidControls() {
  const fields = [...ui.androidContent.querySelectorAll("input, textarea"), ui.androidComposer.querySelector("input")];
  return fields.filter(isTextControl);
}

/** The window as laid out with the IME hidden, for the device, orientation and screen; null without the bars. */
export function sceneNow() {
  return androidScene(androidMeasurements(), androidScreenSize(), chatMode() ? COMPOSER_HEIGHT : 0);
}

/** Lays the Android phone out for the device, orientation and settings: its size, bars, app bar and list. */
export function layoutAndroid() {
  const { width, height } = androidScreenSize();
  const { statusBar, navigationBar, ime } = androidMeasurements();
  const scene = sceneNow();
  const style = ui.android.style;
  style.setProperty("--w", `${width}px`);
  style.setProperty("--h", `${height}px`);
  style.setProperty("--status-bar", `${statusBar?.height ?? 0}px`);
  style.setProperty("--navigation-bar", `${navigationBar?.height ?? 0}px`);
  style.setProperty("--app-bar", `${APP_BAR_HEIGHT}px`);
  Object.assign(ui.android.dataset, {
    device: androidEntry().id,
    screen: ui.screenKind.value,
    orientation: orientation(),
    navigation: ui.navigationMode.value,
    edgeToEdge: String(ui.edgeToEdge.checked),
    bars: scene ? "published" : "absent",
    ime: ime ? "published" : "absent",
  });
  const lists = dialogMode() || bottomSheetMode();
  ui.appBarTitle.textContent = chatMode() ? "Messages" : formMode() ? "New contact" : lists ? "Lists" : "Table";
  if (scene) {
    Object.assign(ui.androidList.style, { top: `${scene.frame.y}px`, left: `${scene.frame.x}px` });
    ui.ime.style.height = `${scene.imeFrame?.height ?? 0}px`;
  }
  const area = scene ? `bars ${scene.statusBar}/${scene.navigationBar}` : "no bars published";
  androidSummary({ screen: `${width}×${height}, ${area}` });
  for (const control of [...androidControls(), ui.dialogField, ui.bottomSheetField]) {
    control.disabled = !scene?.imeFrame;
  }
  showAndroidInfo();
  fit();
}

/** Under the Android phone: who published its numbers, and what the catalogue lacks. */
function showAndroidInfo() {
  const entry = androidEntry();
  const { width, height } = androidScreenSize();
  const { statusBar, navigationBar, ime } = androidMeasurements();
  /** @type {Shown[]} */
  const shown = [["screen", `${width} × ${height} dp`, entry.screen]];
  if (statusBar) shown.push(["status bar", `${statusBar.height} dp`, statusBar]);
  const mode = ui.navigationMode.value === "gesture" ? "gesture" : "three-button";
  if (navigationBar) shown.push([`${mode} navigation bar`, `${navigationBar.height} dp`, navigationBar]);
  if (ime) shown.push(["IME", `${ime.height} dp`, ime]);
  ui.androidSources.replaceChildren(...sourceLine(entry, shown, "Android"));
  const lacking = /** @type {string[]} */ (
    [!statusBar && "status bar", !navigationBar && `${mode} navigation bar`, !ime && "IME height"].filter(Boolean)
  );
  const consequence = !statusBar || !navigationBar ? "no session" : "the fields are off";
  showAbsent(ui.androidAbsent, entry, lacking, consequence);
}

/**
 * The Android summary in the side panel: the values given, by key.
 * @param {Record<string, string | number>} values
 */
export function androidSummary(values) {
  for (const [key, value] of Object.entries(values)) {
    const shown = typeof value === "number" ? String(round(value)) : value;
    summaryValue(ui.androidSummary, key).textContent = shown;
  }
}

/**
 * Puts `message` on the Android status line; `kind` is `info` or `error`.
 * @param {string} message
 * @param {string} [kind]
 */
export function androidSay(message, kind = "info") {
  ui.androidStatus.textContent = message;
  ui.androidStatus.dataset.kind = kind;
}

/** @param {KeyboardState} imeState */
export function setAndroidState(imeState) {
  ui.android.dataset.imeState = imeState;
  androidSummary({ state: imeState });
}

/**
 * The Android phone's moving parts, as applyAndroidAnimation takes them; the chat's composer rides on the list.
 * @returns {AndroidElements & { ime: HTMLElement }}
 */
export function androidElements() {
  const attached = chatMode() ? [ui.androidComposer] : [];
  return { scrollView: ui.androidList, content: ui.androidContent, window: ui.androidWindow, ime: ui.ime, attached };
}

/**
 * The window's members of an Android request: the bars, the modes, the list at rest.
 * @param {AndroidScene} scene
 * @param {number} contentOffsetY
 * @returns {AndroidKeyboardEventBody}
 */
export function androidGeometry(scene, contentOffsetY) {
  /** @type {AndroidKeyboardEventBody} */
  const body = {
    platform: "android",
    screen: { width: scene.width, height: scene.height },
    systemBars: { top: scene.statusBar, bottom: scene.navigationBar },
    navigationMode: /** @type {AndroidNavigationMode} */ (ui.navigationMode.value),
    windowSoftInputMode: /** @type {SoftInputMode} */ (ui.softInputMode.value),
    edgeToEdge: ui.edgeToEdge.checked,
    insetsAnimationCallback: ui.insetsCallback.checked,
    scrollView: {
      frame: scene.frame,
      contentSize: { width: scene.width, height: ui.androidContent.offsetHeight },
      contentOffset: { x: 0, y: contentOffsetY },
    },
  };
  if (ui.edgeToEdge.checked) body.imeInsets = /** @type {ImeInsetsHandling} */ (ui.imeInsets.value);
  return body;
}

/**
 * The rest state the page laid out, in the shape of an answer's `animation.from`.
 * @param {AndroidScene} scene
 * @param {number} contentOffsetY
 * @returns {AndroidState}
 */
export function androidRestState(scene, contentOffsetY) {
  return {
    ime: { top: 0, left: 0, bottom: 0, right: 0 },
    scrollView: { frame: scene.frame },
    contentPadding: { bottom: 0 },
    windowPan: { y: 0 },
    contentOffset: { x: 0, y: contentOffsetY },
  };
}

/** Options for the Android replay: the IME's top is measured from the window's bottom. */
export function androidReplayOptions() {
  return { windowHeight: androidScreenSize().height };
}

/** The dialog window's width, dp: the page's choice of content, sent in its `size` (the service places the window). */
export const DIALOG_WIDTH = 360;

/**
 * The dialog's size as its controls set it, dp: what its content measures with the IME hidden (WRAP_CONTENT).
 * @returns {Size}
 */
export function dialogSize() {
  return { width: DIALOG_WIDTH, height: Number(ui.dialogHeight.value) };
}

/** The dialog window's moving parts, as applyAndroidAnimation takes them (the IME is the screen's: drawDialog's). */
export function dialogElements() {
  return { scrollView: ui.dialogList, content: ui.dialogContent, window: ui.dialogPane };
}

/**
 * The dialog's field in its window's coordinates, at rest (no pan, the list at its top, filling the window).
 * @returns {Rect}
 */
export function dialogFocusedRect() {
  const { offsetLeft: x, offsetTop: y, offsetWidth: width, offsetHeight: height } = ui.dialogField;
  return { x, y, width, height };
}

/**
 * The members of a dialog session's request: the screen and bars the Android phone has, the window's size and its
 * soft-input mode when one is picked (left out, the dialog theme's), the list's content (it fills the window).
 * @param {AndroidScene} scene
 * @returns {AndroidKeyboardEventBody & { container: Container }}
 */
export function dialogGeometry(scene) {
  const size = dialogSize();
  ui.dialog.style.setProperty("--dialog-content-height", `${size.height}px`);
  /** @type {AndroidKeyboardEventBody & { container: Container }} */
  const body = {
    platform: "android",
    screen: { width: scene.width, height: scene.height },
    systemBars: { top: scene.statusBar, bottom: scene.navigationBar },
    navigationMode: /** @type {AndroidNavigationMode} */ (ui.navigationMode.value),
    container: { presentation: { style: "dialog", size } },
    scrollView: { contentSize: { width: size.width, height: ui.dialogContent.offsetHeight } },
  };
  if (ui.dialogSoftInput.value) body.windowSoftInputMode = /** @type {SoftInputMode} */ (ui.dialogSoftInput.value);
  return body;
}

/**
 * The dialog at rest as a new session (`session`) places it, its list at the session's frame and offset, its field
 * on when the catalogue has an IME; answers the list's offset.
 * @param {AndroidSessionState} session
 */
export function restDialog({ scrollView: { frame, contentOffset }, containerLayout }) {
  drawDialog(containerLayout?.presentation, false);
  const rest = { scrollView: { frame }, contentPadding: { bottom: 0 }, windowPan: { y: 0 }, contentOffset };
  applyAndroidState({ ...rest, ime: { top: 0, left: 0, bottom: 0, right: 0 } }, dialogElements());
  ui.dialogList.style.top = `${frame.y}px`;
  ui.dialogField.disabled = !android.imeFrame;
  return 0;
}

/**
 * Draws the dialog's window where an answer puts it on the screen (the window manager's move to it is not modelled:
 * drawn at once), the IME on the screen up or down, the tag and the side panel's row.
 * @param {AndroidDialogFrames | AndroidBottomSheetFrames | undefined} presented the answer's: a dialog's is drawn
 * @param {boolean} imeUp
 */
export function drawDialog(presented, imeUp) {
  if (presented?.style !== "dialog") return;
  place(ui.dialog, presented.frame);
  const ime = android.imeFrame;
  ui.ime.style.top = `${imeUp && ime ? ime.y : androidScreenSize().height}px`;
  ui.android.dataset.dialogState = imeUp ? "shown" : "resting";
  ui.dialogTag.textContent = dialogTag(presented, imeUp);
  const { x, y, width, height } = presented.frame;
  androidSummary({ dialog: `x ${round(x)}, y ${round(y)}, ${round(width)} × ${round(height)}` });
}

/**
 * Takes the dialog off the phone (another screen, a new session), or says on it that the service refused it.
 * @param {string} [refusal] the service's words
 */
export function clearDialog(refusal) {
  place(ui.dialog, null);
  ui.android.dataset.dialogState = refusal ? "refused" : "none";
  ui.dialogTag.textContent = refusal ? `No dialog: the service refused it. ${refusal}` : "";
  androidSummary({ dialog: "—" });
}
