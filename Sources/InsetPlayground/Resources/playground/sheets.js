// @ts-check
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

import { round } from "./geometry.js";
import { iPadMode, measuredFrame, safeInsets, sheetMode } from "./scene.js";
import { state } from "./state.js";
import { place, summaryValue, ui } from "./ui.js";
import { say } from "./status.js";
import { FRAME_MEASURED, FRAME_UNPUBLISHED, MEDIUM_UNPUBLISHED, problemText, sheetTag } from "./wording.js";

/**
 * @typedef {import("../client.js").ContainerLayout} ContainerLayout
 * @typedef {import("../client.js").PresentedView} PresentedView
 * @typedef {import("./wording.js").SheetScene} SheetScene
 * @typedef {import("../client.js").InsetError} InsetError
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
