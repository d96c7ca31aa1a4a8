// @ts-check
// The sheets: the iOS Sheet, and below it Android's Bottom sheet.
//
// The Sheet (#phone[data-screen="sheet"], iOS only): the table in a navigation controller presented as a sheet. The
// page sends the style and the detents as `container.presentation`, with no frame and no heights; the service places
// the sheet from its sources for the device and release (docs/containers.md, "Presentations") and answers where it
// stands while the keyboard shows, `container.presentation` (a session's `containerLayout.presentation`), with the
// navigation bar and the scroll view laid out inside it. This module draws the sheet at that frame over the dimmed
// presenting screen (rounded top corners, the grabber), the tag saying its detent and why it is there, and the note
// on what is not published: the medium detent's height, so a sheet resting there is drawn where the service places
// it, at large, and the tag says so.
//
// In the DOM: #sheet is at the presented view's frame (data-frame "none" without one); #phone[data-presentation] is
// the style shown, [data-sheet-detent] and [data-sheet-expanded-from] the answer's, [data-sheet-state] what the tag
// says (`resting`, `expanded`, `kept`, `placed`, `fullScreen`, `measured`, `refused`, `none`); #sheet-tag is the tag.
// On an iPad the service places no sheet: the user types in the frame measured on the device (#sheet-frame-*, sent
// as `container.presentation.frame`; #phone[data-frame-sent] says whether one is), and the answer's form sheet, page
// sheet or popover is drawn at it, tagged `measured`.
//
// The Bottom sheet (#android[data-screen="bottomsheet"], Android only): a list in Material's `BottomSheetDialog` over
// the dimmed activity. The page sends the sheet content's height, its state and edge to edge as
// `container.presentation`; the service places the sheet as `BottomSheetBehavior` does (docs/containers.md, "Android
// bottom sheets") and answers its frames on the screen. This module makes the session's request and the field's rect,
// and draws what an answer says: the sheet at its frame (what lies below the screen clipped), its content at the
// content frame, the sheet's move between them on the IME's curve, the tag, and the mark over a field the answer says
// does not show, or shows in part. In the DOM: #bottom-sheet-window covers the screen (its top `-windowPan.y`),
// #android-bottom-sheet is at `frame`, #bottom-sheet-content at `contentFrame` inside it, #bottom-sheet-list at the
// answer's `scrollView.frame` in the content (its height and scroll the answer's; the user does not scroll it),
// #bottom-sheet-mark over the field's place on the screen when `focusedRectShown` is `part` or `none` (`data-mark`);
// #android[data-bottom-sheet-state] is `resting`, `shown`, `refused` or `none`.

import { applyAndroidState } from "../client.js";
import { androidReplayOptions, androidSummary } from "./android-layout.js";
import { round } from "./geometry.js";
import { androidScreenSize, iPadMode, measuredFrame, safeInsets, sheetMode } from "./scene.js";
import { state } from "./state.js";
import { place, summaryValue, ui } from "./ui.js";
import { say } from "./status.js";
import {
  bottomSheetTag,
  FRAME_MEASURED,
  FRAME_UNPUBLISHED,
  MEDIUM_UNPUBLISHED,
  problemText,
  sheetFieldMark,
  sheetTag,
} from "./wording.js";

/**
 * @typedef {import("../client.js").ContainerLayout} ContainerLayout
 * @typedef {import("../client.js").PresentedView} PresentedView
 * @typedef {import("./wording.js").SheetScene} SheetScene
 * @typedef {import("../client.js").InsetError} InsetError
 * @typedef {import("../client.js").AndroidKeyboardEventBody} AndroidKeyboardEventBody
 * @typedef {import("../client.js").AndroidKeyboardEventAnswer} AndroidKeyboardEventAnswer
 * @typedef {import("../client.js").AndroidNavigationMode} AndroidNavigationMode
 * @typedef {import("../client.js").AndroidBottomSheetFrames} AndroidBottomSheetFrames
 * @typedef {import("../client.js").AndroidDialogFrames} AndroidDialogFrames
 * @typedef {import("../client.js").AndroidSessionState} AndroidSessionState
 * @typedef {import("../client.js").Container} Container
 * @typedef {import("../client.js").Playback} Playback
 * @typedef {import("../client.js").Rect} Rect
 * @typedef {import("./geometry.js").AndroidScene} AndroidScene
 */

/** The pointer under which an answer's `catalogue` names the sheet's placement: its source and release. */
export const SHEET_FRAME = "/container/presentation/frame";

/** The tag sits this far below the top of the scroll view's safe area (under the navigation bar), in points. */
const TAG_GAP = 8;
/** A refusal is said this far below the top safe area, over the presenting screen's rows, in points. */
const REFUSAL_TOP = 200;

/**
 * The scene the service placed the sheet in: the release its catalogue names for the sheet's frame (kept from the
 * session's answers) and the window's top safe area, the catalogue's.
 * @returns {SheetScene}
 */
export function sheetScene() {
  return { release: state.barHeights.get(SHEET_FRAME)?.system ?? null, windowTop: safeInsets()?.top ?? 0 };
}

/**
 * What the tag says, as a word the DOM and the style sheet read.
 * @param {PresentedView} presented
 * @param {boolean} keyboardUp
 */
function tagState(presented, keyboardUp) {
  if (presented.style === "fullScreen") return "fullScreen";
  if (presented.style !== "sheet" || presented.detent === undefined) return "measured";
  if (presented.expandedFrom === undefined) return "placed";
  return keyboardUp ? "expanded" : state.sheetExpanded ? "kept" : "resting";
}

/**
 * The presented view as the side panel says it.
 * @param {PresentedView} presented
 */
function presentationText({ style, frame, detent, expandedFrom }) {
  const at = detent === undefined ? "" : `, ${detent}${expandedFrom === undefined ? "" : ` (from ${expandedFrom})`}`;
  return `${style}, y ${round(frame.y)}, ${round(frame.height)} pt${at}`;
}

/**
 * Draws the sheet as an answer places it (a show's or hide's `container`, a session's `containerLayout`): the sheet
 * at `presentation.frame` in the window, the tag under the navigation bar, the side panel's row. A layout without a
 * presentation, or another screen, takes the sheet off.
 * @param {ContainerLayout | undefined} layout
 */
export function drawSheet(layout) {
  const presented = sheetMode() ? layout?.presentation : undefined;
  if (!layout || !presented) {
    clearSheet();
    return;
  }
  const keyboardUp = state.keyboardVisible;
  // The session keeps the sheet where the focused field put it: after the hide the tag says so.
  if (keyboardUp && presented.expandedFrom !== undefined) state.sheetExpanded = true;
  place(ui.sheet, presented.frame);
  delete ui.phone.dataset.showRefused;
  Object.assign(ui.phone.dataset, {
    presentation: presented.style,
    sheetDetent: presented.detent === undefined ? "" : String(presented.detent),
    sheetExpandedFrom: presented.expandedFrom === undefined ? "" : String(presented.expandedFrom),
    sheetState: tagState(presented, keyboardUp),
  });
  ui.sheetTag.textContent = sheetTag(presented, { ...sheetScene(), keyboardUp, expanded: state.sheetExpanded });
  const { frame, safeAreaInsets } = layout.scrollView;
  ui.sheetTag.style.top = `${frame.y + safeAreaInsets.top + TAG_GAP}px`;
  summaryValue(ui.summary, "presentation").textContent = presentationText(presented);
  showSheetNote();
}

/** Takes the sheet off the phone (a new session, another screen, a refusal): no sheet, no tag, no row. */
export function clearSheet() {
  place(ui.sheet, null);
  delete ui.phone.dataset.showRefused;
  state.sheetExpanded = false;
  Object.assign(ui.phone.dataset, { presentation: "none", sheetDetent: "", sheetExpandedFrom: "", sheetState: "none" });
  ui.sheetTag.textContent = "";
  summaryValue(ui.summary, "presentation").textContent = "—";
  showSheetNote();
}

/**
 * On the phone, where no sheet is drawn because the service refused it: its own words (`message`, as the status line
 * has them), over the presenting screen.
 * @param {string} message
 */
export function showSheetRefusal(message) {
  if (!sheetMode()) return;
  ui.phone.dataset.sheetState = "refused";
  ui.sheetTag.textContent = `No sheet: the service refused it. ${message}`;
  ui.sheetTag.style.top = `${(safeInsets()?.top ?? 0) + REFUSAL_TOP}px`;
}

/**
 * A show the service refused on the Sheet (an iPad's popover whose frame the keyboard would cover): its words on the
 * status line and on the phone; the keyboard stays down and the presented view where the session has it.
 * @param {InsetError} error
 */
export function refuseShow(error) {
  const refusal = problemText(error.status, error.problem, error.message);
  say(refusal, "error");
  showSheetRefusal(refusal);
  ui.sheetTag.textContent = `No keyboard: the service refused the show. ${refusal}`;
  ui.phone.dataset.showRefused = "true";
}

/**
 * Under the phone, on the Sheet. On an iPad: Apple publishes no frame for its form and page sheets and popovers, so
 * the user enters the one measured on the device (the page fills in none), and the note says so or that the frame
 * drawn is theirs. On an iPhone with a medium detent: its height is not published, so the page draws no sheet at it
 * (the service places the sheet at large, where a focused field puts it on iOS 26, or refuses it, saying why).
 */
export function showSheetNote() {
  ui.phone.dataset.frameSent = measuredFrame() ? "measured" : "none";
  if (!sheetMode()) {
    ui.sheetNote.textContent = "";
    return;
  }
  if (iPadMode()) {
    ui.sheetNote.textContent = measuredFrame() ? FRAME_MEASURED : FRAME_UNPUBLISHED;
    return;
  }
  const medium = ui.sheetDetents.value.split(",").includes("medium");
  ui.sheetNote.textContent = medium ? MEDIUM_UNPUBLISHED : "";
}

// ---- The Bottom sheet (Android) ----

/** The list's content, dp (the stylesheet's #bottom-sheet-rows): taller than any sheet, so the list scrolls in each. */
const SHEET_LIST_HEIGHT = 1400;
/** Material's widest bottom sheet, dp (`material_bottom_sheet_max_width`): the list's content is as wide. */
const SHEET_MAX_WIDTH = 640;
/** The list's rows, dp, below the title; the field takes one's place. */
const ROW_HEIGHT = 56;
const FIRST_ROW = 128;

/**
 * The field's top in the list's content, dp: 500 (the service's example), or 100 above the content's bottom when
 * that is higher, so that the field shows in the sheet at rest.
 * @param {number} contentHeight
 */
function sheetFieldTop(contentHeight) {
  return Math.min(500, contentHeight - 100);
}

/**
 * The list's rows and its field, for a content `contentHeight` tall: the field at sheetFieldTop, a row every 56 dp
 * where the field is not.
 * @param {number} contentHeight
 */
function layoutRows(contentHeight) {
  const top = sheetFieldTop(contentHeight);
  ui.bottomSheetField.style.top = `${top}px`;
  for (const row of ui.bottomSheetRows.querySelectorAll(".bottom-sheet-row")) row.remove();
  let number = 1;
  for (let y = FIRST_ROW; y + ROW_HEIGHT <= SHEET_LIST_HEIGHT; y += ROW_HEIGHT) {
    if (y + ROW_HEIGHT > top - 8 && y < top + ROW_HEIGHT + 8) continue;
    const row = document.createElement("p");
    row.className = "bottom-sheet-row";
    row.style.top = `${y}px`;
    row.textContent = `Contact ${number++}`;
    ui.bottomSheetRows.append(row);
  }
}

/**
 * The members of a bottom sheet session's request: the screen and bars the Android phone has, edge to edge or not,
 * the sheet's content height and state (no soft-input mode: the sheet's themes' adjustResize), the list's content;
 * the list's rows and field laid out for that content height.
 * @param {AndroidScene} scene
 * @returns {AndroidKeyboardEventBody & { container: Container }}
 */
export function bottomSheetGeometry(scene) {
  const contentHeight = Number(ui.bottomSheetHeight.value);
  layoutRows(contentHeight);
  const state = ui.bottomSheetState.value === "expanded" ? "expanded" : "collapsed";
  return {
    platform: "android",
    screen: { width: scene.width, height: scene.height },
    systemBars: { top: scene.statusBar, bottom: scene.navigationBar },
    navigationMode: /** @type {AndroidNavigationMode} */ (ui.navigationMode.value),
    edgeToEdge: ui.edgeToEdge.checked,
    container: { presentation: { style: "bottomSheet", contentHeight, state } },
    scrollView: {
      contentSize: { width: Math.min(scene.width, SHEET_MAX_WIDTH), height: SHEET_LIST_HEIGHT },
    },
  };
}

/** The sheet's moving parts, as applyAndroidAnimation takes them: the list, the window's pane, the IME. */
export function bottomSheetElements() {
  return { scrollView: ui.bottomSheetList, content: ui.bottomSheetRows, window: ui.bottomSheetWindow, ime: ui.ime };
}

/**
 * The field in the sheet content's coordinates, at rest: the list at its frame there, scrolled to `offset`.
 * @param {number} offset
 * @returns {Rect}
 */
export function bottomSheetFocusedRect(offset) {
  const { offsetLeft: x, offsetTop: y, offsetWidth: width, offsetHeight: height } = ui.bottomSheetField;
  const list = ui.bottomSheetList;
  return { x: list.offsetLeft + x, y: list.offsetTop + y - offset, width, height };
}

/**
 * The field's rect on the screen once `answer` settles: the content's frame, the list's frame in it and its
 * scroll, the window's pan.
 * @param {AndroidKeyboardEventAnswer} answer
 * @param {AndroidBottomSheetFrames} presented
 * @returns {Rect}
 */
function fieldOnScreen(answer, presented) {
  const { contentFrame } = presented;
  const list = answer.scrollView.frame;
  const field = ui.bottomSheetField;
  return {
    x: contentFrame.x + list.x + field.offsetLeft,
    y: contentFrame.y + list.y + field.offsetTop - answer.contentOffset.y - answer.windowPan.y,
    width: field.offsetWidth,
    height: field.offsetHeight,
  };
}

/**
 * The sheet at `frame` and its content at `contentFrame` (screen coordinates), the sheet's top moving there from
 * where it is drawn now on the IME's animation in `playback` (Material's callback translates the sheet by the IME's
 * interpolated fraction; the frame's size and the content are laid out for the end at once), or at once without one.
 * @param {AndroidBottomSheetFrames} presented
 * @param {Playback | null} playback
 */
function moveSheet({ frame, contentFrame }, playback) {
  const sheet = ui.bottomSheet;
  const drawnTop = sheet.dataset.frame === "shown" ? parseFloat(getComputedStyle(sheet).top) : frame.y;
  for (const animation of sheet.getAnimations()) animation.cancel();
  place(sheet, frame);
  place(ui.bottomSheetContent, { ...contentFrame, x: contentFrame.x - frame.x, y: contentFrame.y - frame.y });
  const ime = playback?.animations.find(
    (animation) => animation.effect instanceof KeyframeEffect && animation.effect.target === ui.ime,
  );
  if (!ime?.effect || Math.abs(drawnTop - frame.y) < 0.0005) return;
  const move = sheet.animate([{ top: `${drawnTop}px` }, { top: `${frame.y}px` }], ime.effect.getTiming());
  move.startTime = ime.startTime;
}

/**
 * Draws the sheet as a session or an answer places it: at rest (`playback` null) at the session's frames, else
 * moving to the answer's on the IME's curve (`playback`, the answer's replay); the list at `list` in the content (its
 * height and scroll are the replay's), the tag, the side panel's rows, and no mark until markBottomSheetField.
 * @param {AndroidDialogFrames | AndroidBottomSheetFrames | undefined} presented the answer's: a bottom sheet's is drawn
 * @param {Rect} list the answer's `scrollView.frame`
 * @param {boolean} imeUp
 * @param {Playback | null} playback
 */
export function drawBottomSheet(presented, list, imeUp, playback) {
  if (presented?.style !== "bottomSheet") return;
  moveSheet(presented, playback);
  Object.assign(ui.bottomSheetList.style, { left: `${list.x}px`, top: `${list.y}px`, width: `${list.width}px` });
  ui.bottomSheetMark.dataset.mark = "off";
  ui.android.dataset.bottomSheetState = imeUp ? "shown" : "resting";
  ui.bottomSheetTag.textContent = bottomSheetTag(presented, imeUp);
  const { x, y, width, height } = presented.frame;
  androidSummary({
    bottomSheet: `x ${round(x)}, y ${round(y)}, ${round(width)} × ${round(height)}`,
    focusedRectShown: presented.focusedRectShown ?? "—",
  });
}

/**
 * The sheet at rest as a new session (`session`) places it, its list at the session's frame and offset, the IME off
 * the screen; answers the list's offset.
 * @param {AndroidSessionState} session
 */
export function restBottomSheet({ scrollView: { frame, contentOffset }, containerLayout }) {
  const ime = { top: 0, left: 0, bottom: 0, right: 0 };
  const rest = { ime, scrollView: { frame }, contentPadding: { bottom: 0 }, windowPan: { y: 0 }, contentOffset };
  applyAndroidState(rest, bottomSheetElements(), androidReplayOptions());
  drawBottomSheet(containerLayout?.presentation, frame, false, null);
  return contentOffset.y;
}

/**
 * Once `answer` has settled: a mark over the field where it stands on the screen when the answer says it shows only
 * in part, or not at all, saying so (over the IME, which covers the field).
 * @param {AndroidKeyboardEventAnswer} answer
 */
export function markBottomSheetField(answer) {
  const presented = answer.container?.presentation;
  if (presented?.style !== "bottomSheet") return;
  const field = fieldOnScreen(answer, presented);
  const ime = answer.windowInsets.ime.bottom;
  const imeTop = ime > 0 ? androidScreenSize().height - ime : null;
  const words = sheetFieldMark(presented.focusedRectShown, field, imeTop);
  ui.bottomSheetMarkText.textContent = words;
  if (!words) return;
  place(ui.bottomSheetMark, field);
  ui.bottomSheetMark.dataset.mark = presented.focusedRectShown ?? "none";
}

/**
 * Takes the sheet off the phone (another screen, a new session), or says on it that the service refused it.
 * @param {string} [refusal] the service's words
 */
export function clearBottomSheet(refusal) {
  for (const animation of ui.bottomSheet.getAnimations()) animation.cancel();
  place(ui.bottomSheet, null);
  ui.bottomSheetMark.dataset.mark = "off";
  ui.android.dataset.bottomSheetState = refusal ? "refused" : "none";
  ui.bottomSheetTag.textContent = refusal ? `No bottom sheet: the service refused it. ${refusal}` : "";
  androidSummary({ bottomSheet: "—", focusedRectShown: "—" });
}
