// @ts-check
// The chat screen (#phone[data-screen="chat"]) is the table's scroll view full of messages, with #composer pinned
// to the keyboard layout guide. This module is its interactive dismissal: a pointer drag over the list while the
// keyboard is up is a drag (`Session.drag`) per move (moves made while one is out coalesce into the next), each
// answer shown at once, and the release (`Session.release`) with the pointer's velocity, whose spring the page
// replays.

import { applyState, frameTime, insetAdjustment } from "../client.js";
import { releaseVelocity, round } from "./geometry.js";
import { elements, keyboardKeyframe, play, showSummary } from "./ios-phone.js";
import { chatMode, screenSize } from "./scene.js";
import { enqueue, say } from "./status.js";
import { state } from "./state.js";
import { ui } from "./ui.js";

/**
 * @typedef {import("../client.js").Point} Point
 * @typedef {import("../client.js").KeyboardGestureAnswer} KeyboardGestureAnswer
 * @typedef {import("./ios-phone.js").Animated} Animated
 */

/**
 * A pointer event's position on the phone's screen, in points (the phone is scaled to fit the stage).
 * @param {PointerEvent} event
 * @returns {Point}
 */
function screenPoint(event) {
  const box = ui.screen.getBoundingClientRect();
  const scale = box.width / screenSize().width;
  return { x: (event.clientX - box.left) / scale, y: (event.clientY - box.top) / scale };
}

/**
 * Shows a drag's answer at once, as UIKit moves everything under the finger.
 * @param {KeyboardGestureAnswer} answer
 */
function showDrag(answer) {
  state.model = answer;
  state.adjustment = insetAdjustment(answer);
  showSummary(answer);
  state.playback?.cancel();
  state.playback = null;
  const frame = answer.keyboardFrame;
  applyState(answer, elements(frame ? keyboardKeyframe(frame, true) : undefined), { adjustment: state.adjustment });
  say(
    `Dragging: the keyboard's top at ${round(frame?.y ?? 0)}, the composer on it, ` +
      `contentInset.bottom ${round(answer.contentInset.bottom)} (no animation: everything follows the finger).`,
  );
  ui.phone.dataset.drags = String(Number(ui.phone.dataset.drags ?? 0) + 1);
}

/** Sends the pointer's newest position, one request at a time: moves made meanwhile coalesce into the next. */
function sendDrag() {
  const current = state.dragging;
  if (!current || current.sending || !current.pending) return;
  const { touch, time } = current.pending;
  current.pending = null;
  current.sending = true;
  enqueue(async () => {
    const answer = await state.session?.drag(touch, { timestamp: time });
    current.sending = false;
    if (answer && (state.dragging === current || current.released)) showDrag(answer);
    sendDrag();
  });
}

/**
 * The pointer let go (or lost): the release at the velocity of its last moves, after any drag still on its way.
 * @param {PointerEvent} event
 */
function releaseDrag(event) {
  const current = state.dragging;
  if (!current) return;
  state.dragging = null;
  current.released = true;
  const velocity = releaseVelocity(current.samples);
  const time = frameTime();
  ui.table.releasePointerCapture?.(event.pointerId);
  enqueue(async () => {
    // Whatever drag is still on its way goes first (the queue keeps the order).
    const answer = await state.session?.release(velocity, { timestamp: time });
    if (!answer?.animation) return;
    const dismissed = answer.session.keyboardState === "hiding";
    if (dismissed) {
      state.keyboardVisible = false;
      // The page's own field loses the focus without another hide: the release already dismissed.
      ui.chatField.blur();
    }
    const frame = answer.keyboardFrame;
    const keyboardTo = frame ? keyboardKeyframe(frame, true) : undefined;
    // The answer has an animation (checked above), which is what `play` replays.
    const animated = /** @type {Animated} */ (answer);
    play(animated, keyboardTo, dismissed ? "hiding" : "showing", dismissed ? "hidden" : "shown");
    say(
      dismissed
        ? `Released at ${round(velocity)} pt/s: dismissed (the projected top passed the keyboard's middle).`
        : `Released at ${round(velocity)} pt/s: the keyboard comes back.`,
    );
  });
}

/** The list's pointer events on the chat screen: a drag while the keyboard is up, and its release. */
export function listenForDrags() {
  // The field keeps the focus while the list is dragged, as a scroll view's pan does not resign it.
  ui.table.addEventListener("mousedown", (event) => {
    if (chatMode() && state.keyboardVisible) event.preventDefault();
  });
  ui.table.addEventListener("pointerdown", (event) => {
    if (!chatMode() || !state.keyboardVisible || !state.session || event.button !== 0) return;
    event.preventDefault();
    ui.table.setPointerCapture?.(event.pointerId);
    const point = screenPoint(event);
    state.dragging = { samples: [{ time: frameTime(), y: point.y }], pending: null, sending: false };
  });
  ui.table.addEventListener("pointermove", (event) => {
    const dragging = state.dragging;
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
