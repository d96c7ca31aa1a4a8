// @ts-check
// The iPhone's keyboard and scroll view as the service answers them: a show and a hide at an instant, each answer's
// descriptor replayed on the table, the mock keyboard and the chat's composer, the interruption halfway through a
// show, the user's own scroll sent before an event, and a session's state shown at once (a PATCH's answer, a log's
// end).
//
// The DOM is the scroll view: #table is its frame (the whole screen), #table-content's padding is
// `adjustedContentInset` (so padding-bottom = contentInset.bottom + the safe area UIKit adds), and
// `scrollTop = contentOffset.y + adjustedContentInset.top`. #phone[data-keyboard-state] says where the keyboard is.
// On the chat screen #composer is pinned to the keyboard layout guide: its top is the service's
// `pinnedViews[0].frame.y`, animated by the guide's delta. On the Tab bar app and the Sheet each answer's container
// is drawn (containers.js, sheets.js), and the keyboard with the accessory view the service put on top of it.

import { applyAnimation, applyState, frameTime, insetAdjustment } from "../client.js";
import { drawContainer, refusesContainer } from "./containers.js";
import {
  hiddenFrame,
  isFloating,
  keyboardKeyframe as keyframeFor,
  keyboardWithAccessory,
  round,
} from "./geometry.js";
import {
  activeField,
  chatMode,
  domOffset,
  focusedControl,
  focusedRect,
  formFields,
  formMode,
  keyboardFrame,
  keyboardSetting,
  screenSize,
  sheetMode,
} from "./scene.js";
import { refuseShow, sheetScene } from "./sheets.js";
import { say } from "./status.js";
import { state } from "./state.js";
import { drawTimeline } from "./timeline.js";
import { summaryValue, ui } from "./ui.js";
import { explain } from "./wording.js";

/**
 * @typedef {import("../client.js").Rect} Rect
 * @typedef {import("../client.js").InsetResult} InsetResult
 * @typedef {import("../client.js").AnimationDescriptor} AnimationDescriptor
 * @typedef {import("../client.js").AnimatedElements} AnimatedElements
 * @typedef {import("../client.js").Navigation} Navigation
 * @typedef {import("../client.js").KeyboardState} KeyboardState
 * @typedef {import("../client.js").KeyboardEventBody} KeyboardEventBody
 * @typedef {import("../client.js").KeyboardFields} KeyboardFields
 * @typedef {import("../client.js").SessionState} SessionState
 * @typedef {import("../client.js").ContainerLayout} ContainerLayout
 * @typedef {InsetResult & { animation: AnimationDescriptor, navigation?: Navigation, container?: ContainerLayout }}
 *   Animated
 */

/** The interruption fires this fraction of the reported duration into a show (125 ms of 0.25 s). */
const INTERRUPT_AFTER = 0.5;
/** The notification's duration and curve, as iOS sends them for the keyboard. */
const KEYBOARD_INFO = { animationDuration: 0.25, animationCurve: 7 };

/**
 * The mock keyboard's CSS for `frame` on this screen: shown, or hidden below it (a floating one faded out).
 * @param {Rect} frame
 * @param {boolean} visible
 */
export function keyboardKeyframe(frame, visible) {
  return keyframeFor(frame, visible, screenSize().height);
}

/**
 * Draws the mock keyboard as the toggles and `frame` say: hardware (the shortcut bar), floating or docked.
 * @param {Rect} frame
 */
export function keyboardMode(frame) {
  const mode = ui.hardware.checked ? "hardware" : isFloating(frame, screenSize().height) ? "floating" : "docked";
  ui.keyboard.dataset.mode = mode;
  ui.keyboard.dataset.quicktype = String(ui.quicktype.checked);
}

/** @param {KeyboardState} keyboardState */
export function setState(keyboardState) {
  ui.phone.dataset.keyboardState = keyboardState;
  summaryValue(ui.summary, "state").textContent = keyboardState;
}

/**
 * The side panel's scroll view numbers, from an answer.
 * @param {InsetResult} result
 */
export function showSummary(result) {
  const values = {
    overlap: result.keyboardOverlap,
    docked: String(result.keyboardDocked),
    inset: result.contentInset.bottom,
    adjusted: result.adjustedContentInset.bottom,
    offset: result.contentOffset.y,
  };
  for (const [key, value] of Object.entries(values)) {
    const shown = typeof value === "number" ? String(round(value)) : value;
    summaryValue(ui.summary, key).textContent = shown;
  }
}

/**
 * Takes `result` as the page's model: its insets, and the safe area's share of them on the table's top.
 * @param {InsetResult} result
 */
export function adoptModel(result) {
  state.model = result;
  state.adjustment = insetAdjustment(result);
  ui.phone.style.setProperty("--adjusted-top", `${result.adjustedContentInset.top}px`);
}

/**
 * The table, the keyboard when it moves (to `keyboardTo`, by the descriptor's delta of the keyboard frame) and,
 * on the chat screen, the composer: to where the model puts it, by the delta of the guide's top.
 * @param {Record<string, string>} [keyboardTo]
 * @param {AnimationDescriptor | null} [descriptor]
 * @returns {AnimatedElements}
 */
export function elements(keyboardTo, descriptor) {
  /** @type {NonNullable<AnimatedElements["extra"]>} */
  const extra = [];
  if (keyboardTo) {
    const d = descriptor?.delta?.keyboardFrame;
    const delta = d ? { left: d.x, top: d.y, width: d.width, height: d.height } : undefined;
    extra.push({ element: ui.keyboard, to: keyboardTo, delta });
  }
  const composer = chatMode() ? state.model?.pinnedViews?.find((view) => view.id === "composer") : undefined;
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

/**
 * Replays an answer's descriptor on the table and the keyboard; `during` and `after` are the states to show.
 * @param {Animated} answer
 * @param {Record<string, string> | undefined} keyboardTo
 * @param {KeyboardState} during
 * @param {KeyboardState} after
 */
export function play(answer, keyboardTo, during, after) {
  adoptModel(answer);
  showSummary(answer);
  drawContainer(answer.container);
  if (answer.navigation) showNavigation(answer.navigation);
  setState(during);
  const current = applyAnimation(answer.animation, elements(keyboardTo, answer.animation), {
    adjustment: state.adjustment,
  });
  drawTimeline();
  state.playback = current;
  current.then((completed) => {
    // An additive show goes on under the hide that interrupted it: only the newest playback sets the state.
    if (state.playback !== current) return;
    state.playback = null;
    if (completed) setState(after);
  });
  return current;
}

/**
 * Tells the session about the user's own scroll (PATCH), at `time`: a show or hide begins from it.
 * @param {number} time
 */
export async function syncScroll(time) {
  if (!state.session || state.playback || !state.model) return;
  const offset = domOffset();
  if (Math.abs(offset - state.model.contentOffset.y) <= 1) return;
  const patched = await state.session.patch(
    { scrollView: { contentOffset: { x: 0, y: offset } } },
    { timestamp: time },
  );
  state.model = patched.target;
}

/**
 * A show at `time`. On the form, `focus` is the field that took the focus (sent with the fields as laid out now);
 * without one (a new keyboard frame) the session keeps revealing what it has, the caret included.
 * @param {number} time
 * @param {string} [focus]
 */
export async function keyboardWillShow(time, focus) {
  const frame = keyboardFrame();
  if (!state.session || !frame) return;
  await syncScroll(time);
  keyboardMode(frame);
  // The keyboard by its configuration: the service takes its frame from the catalogue (the same `frame`). The
  // form's is sent, the toolbar on top of the catalogue's.
  /** @type {KeyboardFields} */
  const keyboard = formMode() ? { frameEnd: frame } : {};
  // A chat has no field in its content: the lift behaviour keeps the newest message in sight.
  /** @type {KeyboardEventBody} */
  const body = { keyboard: Object.assign(keyboard, keyboardSetting(), KEYBOARD_INFO) };
  if (formMode()) {
    if (focus) Object.assign(body, { fields: formFields(), focus });
  } else if (!chatMode()) {
    body.focusedRect = focusedRect();
  }
  let answer;
  try {
    answer = await state.session.show(body, { timestamp: time });
  } catch (error) {
    // A popover frame the keyboard would cover: the service refuses the show, saying why, and the page says it.
    if (!refusesContainer(error)) throw error;
    refuseShow(error);
    return;
  }
  state.keyboardVisible = true;
  // With an accessory view the keyboard is drawn (and hidden later) with it, as iOS reports the two in one frame.
  const shown = keyboardWithAccessory(frame, answer.container);
  state.shownFrame = shown;
  if (focus) setFocus(focus);
  play(answer, keyboardKeyframe(shown, true), "showing", "shown");
  say(explain(answer, "show", sheetMode() ? sheetScene() : undefined));
  if (ui.interrupt.checked) interruptHalfway(answer.animation);
}

/**
 * A hide at `time`, from the frame last shown.
 * @param {number} time
 */
export async function keyboardWillHide(time) {
  if (!state.session || !state.keyboardVisible) return;
  await syncScroll(time);
  const frame = state.shownFrame ?? keyboardFrame();
  if (!frame) return;
  const answer = await state.session.hide(
    { keyboard: { frameBegin: frame, frameEnd: hiddenFrame(frame, screenSize().height), ...KEYBOARD_INFO } },
    { timestamp: time },
  );
  state.keyboardVisible = false;
  play(answer, keyboardKeyframe(frame, false), "hiding", "hidden");
  say(explain(answer, "hide", sheetMode() ? sheetScene() : undefined));
  const interrupted = ui.phone.dataset.interruptedAt;
  if (interrupted && Number(interrupted) === time) {
    // The DOM values the page read in the interrupting frame, in UIKit terms, beside the service's `from`.
    const from = answer.animation.from;
    const inset = parseFloat(ui.phone.dataset.interruptedPadding ?? "") - state.adjustment.bottom;
    const offset = Number(ui.phone.dataset.interruptedScrollTop) - answer.adjustedContentInset.top;
    const since = time - Number(ui.phone.dataset.showStartedAt);
    say(
      `Hidden ${since.toFixed(0)} ms into the show. On screen then: contentInset.bottom ${inset.toFixed(1)}, ` +
        `contentOffset.y ${offset.toFixed(1)}; the hide begins from ${from.contentInset.bottom.toFixed(1)} and ` +
        `${from.contentOffset.y.toFixed(1)} (the exact spring; the page's linear() easing is within 0.15 %).`,
    );
  }
}

/**
 * Dismisses the keyboard halfway through the show's reported duration, in the frame that gets there.
 * @param {AnimationDescriptor} animation
 */
function interruptHalfway(animation) {
  const at = (animation.startTime ?? 0) + animation.duration * 1000 * INTERRUPT_AFTER;
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

/**
 * The toolbar's arrows as the service's `navigation` says (both off without one).
 * @param {Navigation | null} next
 */
export function showNavigation(next) {
  state.navigation = next;
  ui.previous.disabled = !next?.previous;
  ui.next.disabled = !next?.next;
}

/**
 * The field the service has the focus on, for the DOM's readers (#phone[data-focus]).
 * @param {string} id
 */
export function setFocus(id) {
  ui.phone.dataset.focus = id;
}

/**
 * Takes a session's target as the page's model, with what is running on screen stopped.
 * @param {InsetResult} target
 */
export function adoptTarget(target) {
  adoptModel(target);
  state.playback?.cancel();
  state.playback = null;
}

/**
 * Shows a PATCH's answer at once. The service stops every running animation on a PATCH, so the page does too:
 * the table at the session's values, the keyboard (when up) at its frame.
 * @param {SessionState} patched
 */
export function applyPatched(patched) {
  adoptTarget(patched.target);
  const shown = state.shownFrame;
  const keyboardTo = state.keyboardVisible && shown ? keyboardKeyframe(shown, true) : undefined;
  applyState(patched.presentation, elements(keyboardTo), { adjustment: state.adjustment });
  showSummary(patched.target);
  drawContainer(patched.containerLayout);
  if (patched.navigation) showNavigation(patched.navigation);
  setState(patched.keyboardState);
}

/**
 * Shows a session as `GET /sessions/{id}` answers it (after a log): the table at its presentation, the keyboard
 * at its frame, the page's own state (the field's focus, the toolbar) brought in line with it.
 * @param {SessionState} session
 */
export function applySession(session) {
  adoptTarget(session.target);
  const visible = session.keyboardState === "showing" || session.keyboardState === "shown";
  const sent = /** @type {Rect | undefined} */ (session.keyboard?.frameEnd);
  const frame = session.presentation.keyboardFrame ?? sent;
  state.keyboardVisible = visible;
  if (visible) state.shownFrame = sent ?? frame ?? null;
  let keyboardTo;
  if (frame) {
    keyboardMode(frame);
    keyboardTo = keyboardKeyframe(frame, visible || !isFloating(frame, screenSize().height));
  }
  applyState(session.presentation, elements(keyboardTo), { adjustment: state.adjustment });
  showSummary(session.target);
  drawContainer(session.containerLayout);
  showNavigation(session.navigation ?? null);
  setState(session.keyboardState);
  if (!visible) {
    // The log dismissed the keyboard: the field resigns without another hide.
    const control = formMode() ? focusedControl() : [ui.field, ui.chatField].find((f) => f === document.activeElement);
    if (control) {
      state.resetting = true;
      control.blur();
      state.resetting = false;
    }
  }
}
