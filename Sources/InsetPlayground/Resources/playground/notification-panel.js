// @ts-check
// The notification log panel (any screen): a pasted log replayed through `POST /sessions/{id}/notifications`
// (`plot=svg`), the console text as Xcode printed it sent as `text/plain` as it is, or a JSON log sent as JSON. It
// lists what each notification did and how the service read it, points at the line of a value it could not read,
// and shows the session the log leaves and its plot. **Sample** puts back a realistic console for the scene.

import { frameTime, InsetError } from "../client.js";
import { ACCESSORY_HEIGHT, round } from "./geometry.js";
import { applySession } from "./ios-phone.js";
import {
  excerptText,
  lineRange,
  lines,
  placeLog,
  readLog,
  rectString,
  sampleConsole,
  shortKey,
} from "./log-text.js";
import { formMode, iosEntry, keyboardOf, keyboardSetting, orientation, screenSize } from "./scene.js";
import { say } from "./status.js";
import { state } from "./state.js";
import { showPlot } from "./timeline.js";
import { span, ui } from "./ui.js";

/**
 * @typedef {import("../client.js").NotificationLogAnswer} NotificationLogAnswer
 * @typedef {import("../client.js").NotificationReplayOptions} NotificationReplayOptions
 * @typedef {import("../client.js").Problem} Problem
 * @typedef {{ message: string, pointer?: string, line?: number, column?: number }} ShownError
 */

/** Where a notification's name came from, in words, by the answer's `read.name`. */
const NAME_SOURCES = {
  logged: "printed as the notification's own name",
  nearby: "mentioned on its first line or the two before (a handler's name)",
  assumed: "nothing named it: a userInfo alone is read as a will-change-frame",
};

/** The sample console for this scene (the catalogue's docked keyboard), empty when the catalogue has none. */
function sceneSample() {
  const docked = keyboardOf({ ...keyboardSetting(), mode: "docked" });
  if (!docked) return "";
  return sampleConsole({
    keyboardHeight: docked.frame.height,
    accessory: formMode() ? ACCESSORY_HEIGHT : 0,
    screen: screenSize(),
    family: iosEntry().family,
    landscape: orientation() === "landscape",
  });
}

/** Puts the sample console for this scene in the panel (none without a device or a keyboard). */
export function putSample() {
  state.sampleText = state.entry ? sceneSample() : "";
  ui.notificationLog.value = state.sampleText;
  ui.sampleLog.disabled = !state.sampleText;
}

/**
 * Replays the pasted log, placed on the session's clock to end now (or right after the session's last event), and
 * shows the answer: each notification, the plot, the session the log leaves. The page's next events wait until
 * what the log left animating has settled.
 */
export async function replayNotifications() {
  const session = state.session;
  if (!session) return;
  const read = readLog(ui.notificationLog.value);
  ui.notifications.dataset.ready = "false";
  ui.replayErrors.replaceChildren();
  const { sent, base, start } = placeLog(read, session.lastTimestamp ?? 0, frameTime());
  /** @type {NotificationReplayOptions} */
  const replay = {
    includeNonLocal: ui.includeNonLocal.checked || undefined,
    coordinates:
      ui.logCoordinates.value === "auto"
        ? undefined
        : /** @type {NotificationReplayOptions["coordinates"]} */ (ui.logCoordinates.value),
    start,
    plot: true,
  };
  /** @type {NotificationLogAnswer} */
  let answer;
  try {
    answer =
      typeof sent === "string"
        ? await session.replayNotifications(sent, replay)
        : await session.replayNotifications(sent, replay);
  } catch (failure) {
    ui.notifications.dataset.ready = "error";
    ui.replayResults.replaceChildren();
    ui.replaySummary.textContent = "";
    if (failure instanceof InsetError && failure.problem) showProblem(failure.problem, read.text);
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

/**
 * A `<div>` of `className` holding `parts`.
 * @param {string} className
 * @param {(string | Node)[]} parts
 */
function row(className, ...parts) {
  const element = document.createElement("div");
  element.className = className;
  element.append(...parts);
  return element;
}

/**
 * `parts` with `separator` between them: a row that reads, and copies, as one line.
 * @param {(string | Node)[]} parts
 * @param {string} [separator]
 */
function joined(parts, separator = " · ") {
  return parts.flatMap((part, position) => (position ? [separator, part] : [part]));
}

/**
 * Selects lines `first`…`last` of the log in the textarea and scrolls them into its view.
 * @param {number} first
 * @param {number} [last]
 */
function selectLines(first, last = first) {
  const { from, to } = lineRange(ui.notificationLog.value, first, last);
  ui.notificationLog.focus({ preventScroll: true });
  ui.notificationLog.setSelectionRange(from, to);
  const lineHeight = parseFloat(getComputedStyle(ui.notificationLog).lineHeight) || 15;
  ui.notificationLog.scrollTop = Math.max(0, (first - 2) * lineHeight);
  ui.notificationLog.scrollLeft = 0;
}

/**
 * A link to lines of the log: the text's `L12–21`, which selects them.
 * @param {number} first
 * @param {number} last
 * @param {string} className
 */
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
 * @param {NotificationLogAnswer} answer
 * @param {number} base where the log starts on the session's clock
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
    /** @type {HTMLElement[]} */
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

/**
 * A refused log: each error where it is, a text's with its line shown and a caret under the column (a click
 * selects the line in the log), a JSON body's with its pointer; else the problem's detail.
 * @param {Problem} problem
 * @param {string | undefined} text the console text sent, if it was text
 */
function showProblem(problem, text) {
  const textLines = text?.split("\n") ?? [];
  /** @type {ShownError[]} */
  const errors = problem.errors?.length ? problem.errors : [{ message: problem.detail ?? problem.title }];
  const items = errors.map((error) => {
    const item = document.createElement("li");
    const { line, column = 1 } = error;
    if (typeof line === "number" && Number.isInteger(line)) {
      Object.assign(item.dataset, { line: String(line), column: String(error.column) });
      const where = lineLink(line, line, "lines");
      where.textContent = `line ${line}, column ${error.column}`;
      item.append(row("error-head", where, span("message", `: ${error.message}`)));
      item.append(span("excerpt", excerptText(textLines[line - 1] ?? "", line, column)));
    } else {
      if (error.pointer !== undefined) item.dataset.pointer = error.pointer;
      const where = error.pointer === undefined ? [] : [span("pointer", error.pointer || "(the body)"), ": "];
      item.append(row("error-head", ...where, span("message", error.message)));
    }
    return item;
  });
  ui.replayErrors.dataset.problem = problem.type ?? "";
  ui.replayErrors.replaceChildren(...items);
}
