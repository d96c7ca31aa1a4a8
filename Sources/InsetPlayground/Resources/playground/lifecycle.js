// @ts-check
// The iPhone's session from start to rotation: the catalogue read and the device's entry fetched, a new session
// for the device and settings (none when the catalogue has no safe area for it, or the service refuses the Tab bar
// app's bars or the Sheet's presentation), the device turned (a PATCH naming the orientation), a keyboard toggle while
// the keyboard is up (another show with the new frame), and a control of the Tab bar app or the Sheet (a PATCH of the
// container).

import { applyState, createSession, frameTime } from "../client.js";
import { enqueueAndroid, resetAndroid } from "./android-phone.js";
import { loadDevices, loadIOSEntry } from "./catalogue.js";
import { clearContainer, drawContainer, noteBarHeights, refusesContainer } from "./containers.js";
import { resizeNotes } from "./form.js";
import { contentEndOffset, parkedKeyboard } from "./geometry.js";
import { layoutScreen, showDeviceInfo, syncToggles } from "./ios-layout.js";
import {
  adoptModel,
  applyPatched,
  elements,
  keyboardKeyframe,
  keyboardMode,
  keyboardWillShow,
  setState,
  showNavigation,
  showSummary,
  syncScroll,
} from "./ios-phone.js";
import { putSample } from "./notification-panel.js";
import {
  activeField,
  chatMode,
  containerMembers,
  containerMode,
  domOffset,
  formMode,
  geometry,
  iosEntry,
  keyboardFrame,
  keyboardMeasurement,
  orientation,
  safeInsets,
  screenSize,
  sheetContainer,
  sheetMode,
  showsAndroid,
  tabBarMode,
} from "./scene.js";
import { sheetScene, showSheetRefusal } from "./sheets.js";
import { clientOptions, enqueue, say } from "./status.js";
import { state } from "./state.js";
import { clearPanels } from "./timeline.js";
import { formControls, summaryValue, ui } from "./ui.js";
import { explainBars, explainSheet, problemText } from "./wording.js";

/**
 * @typedef {import("../client.js").ScrollState} ScrollState
 * @typedef {import("../client.js").Interruption} Interruption
 */

/** On load, and when the device or the token changes: the catalogue (once), the device's entry, a new session. */
export async function start() {
  if (!state.devices.length) await loadDevices();
  try {
    state.entry = await loadIOSEntry(ui.device.value);
  } catch (error) {
    // The picker goes back to the device the phone still shows.
    if (state.entry) ui.device.value = state.entry.id;
    throw error;
  }
  await resetSession();
  if (showsAndroid()) enqueueAndroid(resetAndroid);
}

/** A new session for the current device and settings (none when the catalogue has no safe area for it). */
export async function resetSession() {
  if (!state.entry) return start();
  const entry = state.entry;
  state.resetting = true;
  for (const field of [ui.field, ui.chatField, ...formControls]) if (document.activeElement === field) field.blur();
  state.resetting = false;
  state.dragging = null;
  state.playback?.cancel();
  state.playback = null;
  state.keyboardVisible = false;
  state.shownFrame = null;
  ui.phone.dataset.ready = "false";
  delete ui.phone.dataset.focus;
  showNavigation(null);
  const old = state.session;
  state.session = null;
  if (old) await old.delete().catch(() => {});
  layoutScreen();
  clearContainer();
  resizeNotes();
  const frame = keyboardFrame() ?? parkedKeyboard(screenSize());
  keyboardMode(frame);
  Object.assign(ui.keyboard.style, keyboardKeyframe(frame, false));
  ui.table.scrollTop = 0;
  const safe = safeInsets();
  if (!safe) {
    // The service lays out no scroll view on a device without its safe area, and the page invents none.
    showRest(
      `The catalogue has no safe area for the ${entry.name} in ${orientation()}: nothing to ask the service ` +
        `(GET /devices/${entry.id} lists what it has).`,
    );
    return;
  }
  const body = geometry();
  // UIKit starts a scroll view at the top of its content: contentOffset.y = -adjustedContentInset.top.
  body.scrollView.contentOffset = { x: 0, y: -safe.top };
  body.interruption = /** @type {Interruption} */ (ui.interruption.value);
  let created;
  try {
    created = await createSession(body, clientOptions());
  } catch (error) {
    if (!refusesContainer(error)) throw error;
    // A bar the catalogue has no height for, a sheet no source places: the page says the service's reasons and draws
    // no number of its own.
    const refusal = problemText(error.status, error.problem, error.message);
    showRest(refusal);
    showSheetRefusal(refusal);
    return;
  }
  state.session = created;
  state.model = created.state.target;
  noteBarHeights(created.state.catalogue);
  // A chat opens on its newest message (the end of the content, clear of the composer); the Tab bar app and the Sheet
  // at the top of their content, under the bars the answer added to the safe area.
  const { height } = body.scrollView.contentSize;
  const opening = chatMode()
    ? contentEndOffset(height, state.model.adjustedContentInset.bottom, screenSize().height)
    : containerMode()
      ? -state.model.adjustedContentInset.top
      : null;
  if (opening !== null) {
    const opened = await created.patch({ scrollView: { contentOffset: { x: 0, y: opening } } });
    state.model = opened.target;
    created.state = opened;
  }
  adoptModel(state.model);
  applyState(created.state.presentation, elements(), { adjustment: state.adjustment });
  showSummary(state.model);
  drawContainer(created.state.containerLayout);
  setState("hidden");
  ui.phone.dataset.sessionId = created.id;
  ui.phone.dataset.interruption = created.state.interruption;
  ui.phone.dataset.ready = "true";
  clearPanels();
  if (ui.notificationLog.value === state.sampleText || !ui.notificationLog.value.trim()) putSample();
  ui.replayLog.disabled = false;
  say(firstHint());
}

/**
 * No session to show (no safe area, or bars the service refused): the table at rest with no insets, the summary
 * empty, the fields off, and `message` on the status line as an error.
 * @param {string} message
 */
function showRest(message) {
  clearPanels();
  if (ui.notificationLog.value === state.sampleText) putSample();
  ui.replayLog.disabled = true;
  delete ui.phone.dataset.sessionId;
  // applyState sets the insets and the offset it is given; the rest has no indicator insets to set.
  const rest = /** @type {ScrollState} */ ({
    contentInset: { top: 0, left: 0, bottom: 0, right: 0 },
    contentOffset: { x: 0, y: 0 },
  });
  state.model = null;
  state.adjustment = { top: 0, bottom: 0 };
  ui.phone.style.setProperty("--adjusted-top", "0px");
  applyState(rest, elements(), { adjustment: state.adjustment });
  for (const key of ["overlap", "docked", "inset", "adjusted", "offset"]) {
    summaryValue(ui.summary, key).textContent = "—";
  }
  for (const field of [ui.field, ui.chatField, ...formControls]) field.disabled = true;
  setState("hidden");
  ui.phone.dataset.ready = "unavailable";
  say(message, "error");
}

/** What to do first on a new session, or why there is nothing to tap. */
function firstHint() {
  if (!keyboardMeasurement()) {
    return (
      `The catalogue has no keyboard for the ${iosEntry().name} in ${orientation()}: the fields are off, the ` +
      "scroll view keeps its safe area."
    );
  }
  if (chatMode()) return "Tap the message field; then drag the list down to move the keyboard, and let go.";
  if (formMode()) {
    return "Tap a field: the keyboard comes up with its toolbar; ‹ and › move the focus, Done hides it.";
  }
  if (tabBarMode()) {
    return "Scroll to the end of the list and tap the field: the keyboard covers the tab bar, counted once.";
  }
  if (sheetMode()) {
    return (
      "Scroll to the end of the list in the sheet and tap the field: the keyboard covers the sheet's bottom, and on " +
      "iOS 26 a sheet below its largest detent goes to it."
    );
  }
  return "Scroll to the end of the table and tap the field.";
}

/**
 * A rotation: the session's device turned (a PATCH naming the orientation), then a new show if the keyboard is up.
 * @returns {Promise<void>}
 */
export async function rotate() {
  if (!state.entry) return start();
  if (showsAndroid()) enqueueAndroid(resetAndroid);
  const offset = state.session ? domOffset() : 0;
  layoutScreen();
  resizeNotes();
  if (ui.notificationLog.value === state.sampleText) putSample();
  // No session to turn (none could be made held the other way), or no safe area held this way: start afresh.
  if (!state.session || !safeInsets()) return resetSession();
  const changes = geometry();
  changes.scrollView.contentOffset = { x: 0, y: offset };
  let turned;
  try {
    turned = await state.session.patch(changes);
  } catch (error) {
    // Turned, a bar may have no published height: a new session, which the service refuses saying why.
    if (refusesContainer(error)) return resetSession();
    throw error;
  }
  adoptModel(turned.target);
  applyState(turned.presentation, elements(), { adjustment: state.adjustment });
  showSummary(turned.target);
  noteBarHeights(turned.catalogue);
  drawContainer(turned.containerLayout);
  if (state.keyboardVisible) {
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

/** A keyboard toggle: what the catalogue offers then, and while shown another show with the new frame. */
export function keyboardToggled() {
  if (!state.entry) return;
  syncToggles();
  showDeviceInfo();
  if (ui.notificationLog.value === state.sampleText) putSample();
  keyboardChanged();
}

/** Keyboard toggles while shown: iOS sends another show with the new frame (keyboardWillChangeFrame). */
function keyboardChanged() {
  if (!state.keyboardVisible || document.activeElement !== activeField()) return;
  const time = frameTime();
  enqueue(() => keyboardWillShow(time));
}

/**
 * A bar toggled on the Tab bar app, or the Sheet's style, detents or navigation bar changed: the session's container
 * replaced by a PATCH (while the keyboard shows, the service re-targets the insets at once). Without a session (the
 * service refused the container before), or when it refuses this one, a new session, which says why.
 * @returns {Promise<void>}
 */
export async function containerToggled() {
  if (!containerMode()) return;
  if (!state.session) return resetSession();
  const time = frameTime();
  await syncScroll(time);
  const container = sheetMode() ? sheetContainer() : containerMembers(false);
  let patched;
  try {
    patched = await state.session.patch({ container }, { timestamp: time });
  } catch (error) {
    if (refusesContainer(error)) return resetSession();
    throw error;
  }
  // The catalogue's values first: the sheet's tag names the release they give.
  noteBarHeights(patched.catalogue);
  applyPatched(patched);
  say(
    sheetMode()
      ? explainSheet(patched, state.keyboardVisible, sheetScene())
      : explainBars(patched, state.keyboardVisible),
  );
}
