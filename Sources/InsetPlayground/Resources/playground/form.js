// @ts-check
// The form screen (#phone[data-screen="form"]): the table's scroll view holding five fields and a notes text view
// that grows as the user types, sent as `fields` (content coordinates). Focusing a field is a show with `focus`;
// the keyboard carries a 44-pt input accessory toolbar, so the frame the page reports includes it, as iOS's does.
// Its ‹ and › are `POST /sessions/{id}/focus` with `previous` / `next`, enabled as the answer's `navigation` says,
// and Done hides the keyboard; a tap on another field while the keyboard is up is a focus move to it. Each time
// the notes change height the page sends a PATCH with the fields, the content size and the caret's rect
// (`focusedRect`), which the service re-targets the offset for at once. The scroll-position select is a PATCH too.

import { frameTime } from "../client.js";
import { mirrorHide, mirrorShow } from "./android-phone.js";
import { NOTES_MIN_HEIGHT, round } from "./geometry.js";
import {
  applyPatched,
  keyboardKeyframe,
  keyboardWillHide,
  keyboardWillShow,
  play,
  setFocus,
  syncScroll,
} from "./ios-phone.js";
import { contentRect, contentSize, focusedControl, formFields, formMode, keyboardFrame } from "./scene.js";
import { enqueue, say } from "./status.js";
import { state } from "./state.js";
import { formControls, ui } from "./ui.js";

/**
 * @typedef {import("../client.js").Rect} Rect
 * @typedef {import("../client.js").Size} Size
 * @typedef {import("../client.js").FormField} FormField
 * @typedef {import("../client.js").ScrollPosition} ScrollPosition
 * @typedef {{ scrollView: { contentSize: Size }, fields: FormField[], focusedRect: Rect }} NotesLayout
 */

/**
 * Gives a field the DOM focus without sending anything (the service has already moved its focus there).
 * @param {string} id
 */
function focusControl(id) {
  const control = formControls.find((candidate) => candidate.dataset.field === id);
  if (!control || document.activeElement === control) return;
  state.movingFocus = true;
  try {
    // The page's offset is the service's: the browser must not scroll the field into view on its own.
    control.focus({ preventScroll: true });
  } finally {
    state.movingFocus = false;
  }
}

/**
 * A focus move while the keyboard is up, at `time`: `field` is `"next"`, `"previous"` (the toolbar's arrows) or
 * a field's id (a tap on it). The service scrolls to reveal it (easeInOut, 0.3 s); the keyboard stays.
 * @param {string} field
 * @param {number} time
 */
async function moveFocus(field, time) {
  if (!state.session || !state.keyboardVisible) return;
  const { navigation } = state;
  const to = field === "next" ? navigation?.next : field === "previous" ? navigation?.previous : field;
  if (!to) return;
  await syncScroll(time);
  const answer = await state.session.focus(field, { timestamp: time });
  focusControl(to);
  setFocus(to);
  // A tap on a field is mirrored by its focus listener; the arrows' moves here.
  if (field !== to) mirrorShow(time, to);
  const during = ui.phone.dataset.keyboardState === "showing" ? "showing" : "shown";
  const frame = state.shownFrame ?? keyboardFrame();
  play(answer, frame ? keyboardKeyframe(frame, true) : undefined, during, "shown");
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
export function resizeNotes() {
  if (!formMode()) return false;
  const { height } = measureNotes();
  if (Math.abs(height - ui.notes.offsetHeight) < 0.5) return false;
  ui.notes.style.height = `${height}px`;
  return true;
}

/**
 * The notes as they are laid out now: the fields, the content's size and the caret's rect, for a PATCH.
 * @returns {NotesLayout}
 */
function notesLayout() {
  return { scrollView: { contentSize: contentSize() }, fields: formFields(), focusedRect: measureNotes().caretRect };
}

/**
 * The notes grew or shrank at `time`, to `layout` (read then): the fields, the content's new size and the caret's
 * rect, which the service reveals instead of the whole text view. While the keyboard is up it re-targets at once.
 * @param {number} time
 * @param {NotesLayout} layout
 */
async function notesResized(time, layout) {
  if (!state.session) return;
  await syncScroll(time);
  const patched = await state.session.patch(layout, { timestamp: time });
  applyPatched(patched);
  const notes = layout.fields.find((field) => field.id === "notes");
  say(
    `The notes are ${round(notes?.rect.height ?? 0)} pt tall: a PATCH with the fields, contentSize.height ` +
      `${round(layout.scrollView.contentSize.height)} and the caret at y ${round(layout.focusedRect.y)}; ` +
      `contentOffset.y ${round(patched.target.contentOffset.y)} at once.`,
  );
}

/**
 * The scroll-position select: a PATCH; while the keyboard is up the service re-targets the focused field at once.
 * @param {number} time
 */
async function changeScrollPosition(time) {
  if (!state.session) return;
  await syncScroll(time);
  const scrollPosition = /** @type {ScrollPosition} */ (ui.scrollPosition.value);
  const patched = await state.session.patch({ scrollPosition }, { timestamp: time });
  applyPatched(patched);
  say(
    state.keyboardVisible
      ? `scrollPosition ${scrollPosition}: the focused field re-targeted at once, contentOffset.y ` +
          `${round(patched.target.contentOffset.y)}.`
      : `scrollPosition ${scrollPosition}: the next show or focus move places the field so.`,
  );
}

/**
 * Whether `target` is one of the form's fields.
 * @param {EventTarget | null} target
 */
function isFormControl(target) {
  return formControls.some((control) => control === target);
}

/** The form's fields, toolbar, notes and scroll-position select. */
export function listenForForm() {
  for (const control of formControls) {
    control.addEventListener("focus", () => {
      if (state.movingFocus || state.resetting) return;
      const time = frameTime();
      const id = control.dataset.field ?? "";
      // Decided when the request goes: a tap while the keyboard is up moves the focus, else it is a show.
      enqueue(() => (state.keyboardVisible ? moveFocus(id, time) : keyboardWillShow(time, id)));
      mirrorShow(time, id);
    });
    control.addEventListener("blur", (event) => {
      // Focus going to another field is that field's focus move, not a hide.
      const to = event instanceof FocusEvent ? event.relatedTarget : null;
      if (state.resetting || isFormControl(to)) return;
      const time = frameTime();
      // Where the focus went is known once it has landed (a scripted focus() reports no relatedTarget).
      setTimeout(() => {
        if (isFormControl(document.activeElement)) return;
        if (document.activeElement === ui.scrollPosition) {
          // The select is the page's, not the phone's: the field keeps the keyboard and gets the focus back.
          state.keptFocus = control;
          return;
        }
        enqueue(() => keyboardWillHide(time));
        mirrorHide(time);
      });
    });
  }
  // A tap on the form's labels or background keeps the focus where it is, as a tap on a UIKit form does.
  ui.table.addEventListener("mousedown", (event) => {
    if (formMode() && focusedControl() && !isFormControl(event.target)) event.preventDefault();
  });
  for (const [button, move] of /** @type {const} */ ([
    [ui.previous, "previous"],
    [ui.next, "next"],
  ])) {
    button.addEventListener("click", () => {
      const time = frameTime();
      enqueue(() => moveFocus(move, time));
    });
  }
  ui.done.addEventListener("click", () => {
    const control = focusedControl();
    if (control) {
      control.blur();
    } else if (state.keyboardVisible) {
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
      if (!state.keptFocus) return;
      const control = state.keptFocus;
      state.keptFocus = null;
      focusControl(control.dataset.field ?? "");
    });
  });
  ui.scrollPosition.addEventListener("blur", () => {
    if (!state.keptFocus) return;
    state.keptFocus = null;
    const time = frameTime();
    setTimeout(() => {
      // To another field: its focus move. Anywhere else with the keyboard up: the field's blur, late.
      if (!isFormControl(document.activeElement)) {
        enqueue(() => keyboardWillHide(time));
        mirrorHide(time);
      }
    });
  });
}
