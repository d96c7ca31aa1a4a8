// @ts-check
// The notification log's text, without the DOM and without fetch: the sample console the panel offers (NSLog's
// prefixes and `userInfo` dictionaries as Xcode prints them), how a pasted log is read and placed on the session's
// clock, and the excerpt under a refused line. Node's test runner checks them
// (IntegrationTests/node/playground/log-text.test.mjs).

import { round } from "./geometry.js";

/**
 * @typedef {import("../client.js").Rect} Rect
 * @typedef {import("../client.js").Size} Size
 * @typedef {import("../client.js").LoggedNotification} LoggedNotification
 * @typedef {{ begin: Rect, end: Rect, duration?: number, local?: boolean | null }} UserInfo
 * @typedef {{ log: LoggedNotification[], text?: undefined } | { text: string, log?: undefined }} ReadLog
 */

/** Where the sample console's clock starts: `NSLog`'s prefix prints it to the microsecond, with the zone. */
export const SAMPLE_CLOCK = { date: "2024-03-18", hour: 9, minute: 41, seconds: 2.117482, zone: "+0100" };
export const SAMPLE_PROCESS = "Notes[4182:1204567]";

/**
 * `NSLog`'s line prefix for `offset` ms after the sample's first notification (microseconds, as Xcode prints).
 * @param {number} offset
 */
export function nslogPrefix(offset) {
  const micros = Math.round((SAMPLE_CLOCK.seconds * 1000 + offset) * 1000);
  const minute = SAMPLE_CLOCK.minute + Math.floor(micros / 60e6);
  const seconds = (micros % 60e6) / 1e6;
  const [whole, fraction] = seconds.toFixed(6).split(".");
  /** @param {number | string} value */
  const two = (value) => String(value).padStart(2, "0");
  const clock = `${two(SAMPLE_CLOCK.hour)}:${two(minute)}:${two(whole)}.${fraction}`;
  return `${SAMPLE_CLOCK.date} ${clock}${SAMPLE_CLOCK.zone} ${SAMPLE_PROCESS}`;
}

/**
 * A number as `NSLog` prints one in a geometry string: `195`, `698.5`.
 * @param {number} value
 */
export function printed(value) {
  return String(round(value));
}

/**
 * `NSStringFromCGRect`.
 * @param {Rect} rect
 */
export function rectString({ x, y, width, height }) {
  return `{{${printed(x)}, ${printed(y)}}, {${printed(width)}, ${printed(height)}}}`;
}

/**
 * A keyboard notification's `userInfo` as `NSLog(@"%@", userInfo)` prints it: keys sorted, geometry as
 * `NSValue` descriptions in quotes, a fractional duration in quotes, integers bare. What iOS sends today: the
 * legacy bounds and centre keys besides the frames (the replay ignores them). `local: null` leaves the key out.
 * @param {UserInfo} info
 */
export function userInfoLines({ begin, end, duration = 0.25, local = true }) {
  /** @param {Rect} frame */
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
 * A realistic console for a scene, as Xcode shows it after a session with the app's keyboard handlers logging
 * their `userInfo` (`NSLog(@"%s %@", __func__, note.userInfo)`): the show of the docked keyboard (`keyboardHeight`
 * tall, `accessory` more on the form), a third-party keyboard picked (a change-frame to its short first frame and
 * a repeated show), its real height, the system keyboard picked again and a repeat, Did notifications, another
 * app's keyboard (logged by a handler that does not say which notification), a zero frame, and the password
 * manager's hide with duration 0, then its Did. Two lines of the system's own output between them; `family`
 * (`iPhone`, `iPad`) and `orientation` name its keyplane.
 * @param {{ keyboardHeight: number, accessory: number, screen: Size, family: string, landscape: boolean }} scene
 */
export function sampleConsole({ keyboardHeight, accessory, screen, family, landscape }) {
  const { width, height } = screen;
  /** @type {(h: number, y?: number) => Rect} */
  const frame = (h, y = height - h) => ({ x: 0, y, width, height: h });
  const system = frame(keyboardHeight + accessory);
  // The third-party keyboard's heights are the sample's own, in proportion to the system keyboard's.
  const short = frame(Math.round(keyboardHeight * 0.74) + accessory);
  const thirdParty = frame(Math.round(keyboardHeight * 0.9) + accessory);
  /** @param {Rect} shown */
  const below = (shown) => ({ ...shown, y: height });
  const zero = { x: 0, y: 0, width: 0, height: 0 };
  /** @param {string} name */
  const handler = (name) => `-[ComposeViewController keyboard${name}:]`;
  /** @type {[number, string, UserInfo][]} */
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
  const side = landscape ? "Landscape" : "Portrait";
  const lines = [
    `${nslogPrefix(-214.93)} Can't find keyplane that supports type 4 for keyboard ${family}-${side}Choco-NumberPad; ` +
      `using 27303_${side}Choco_${family}-Simple-Pad_Default`,
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

/**
 * The pasted log as it goes: a JSON log (an array of `{name, userInfo, timestamp?}`, or `{notifications}`) as
 * JSON, anything else as the console text it is.
 * @param {string} text
 * @returns {ReadLog}
 */
export function readLog(text) {
  if (/^\s*[[{]/.test(text)) {
    try {
      const parsed = JSON.parse(text);
      const log = Array.isArray(parsed) ? parsed : parsed?.notifications;
      // The service checks each notification; the page only shifts their timestamps.
      if (Array.isArray(log)) return { log };
    } catch {
      // Not JSON: an Objective-C dictionary or Swift's print of one, read by the service.
    }
  }
  return { text };
}

/**
 * The span of the times `NSLog` printed in `text` (ms; 0 with fewer than two): where a text log is placed.
 * @param {string} text
 */
export function printedSpan(text) {
  const prefix = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d(?:\.\d+)?)(?:([+-])(\d\d)(\d\d))? [^[\n]+\[\d+:\w+\]/gm;
  const times = [...text.matchAll(prefix)].map(([, year, month, day, hour, minute, second, sign, zh, zm]) => {
    const zone = sign ? (sign === "-" ? -1 : 1) * (Number(zh) * 60 + Number(zm)) : 0;
    return Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute) - zone) +
      Number(second) * 1000;
  });
  return times.length < 2 ? 0 : Math.max(...times) - Math.min(...times);
}

/**
 * Where a log goes on the session's clock, and what is sent. A JSON log whose notifications all carry timestamps
 * is shifted onto it (relative, ms from the first): to end `now` or, when the session's `last` event is more
 * recent than that allows, to start right after it. Console text goes as it was pasted, with `start` placing it
 * the same way (by the span its `NSLog` prefixes print; without them, it starts now and the service's timing rule
 * spaces it); an untimed JSON log likewise, any timestamps it has keeping their distances. `base` is where the
 * log starts.
 * @param {ReadLog} read
 * @param {number} last the session's last event's timestamp
 * @param {number} now
 * @returns {{ sent: string | LoggedNotification[], base: number, start: number | undefined }}
 */
export function placeLog({ log, text }, last, now) {
  const timed = log?.filter((entry) => Number.isFinite(entry?.timestamp)) ?? [];
  /** @param {LoggedNotification} entry */
  const stamp = (entry) => /** @type {number} */ (entry.timestamp);
  if (log && timed.length === log.length && log.length > 0) {
    const first = Math.min(...timed.map(stamp));
    const extent = Math.max(...timed.map(stamp)) - first;
    const base = Math.max(last, now - extent);
    return { sent: log.map((entry) => ({ ...entry, timestamp: stamp(entry) - first + base })), base, start: undefined };
  }
  // No earlier than the session's last event: the service places a text log's first printed time exactly at
  // `start`.
  const base = Math.max(last, now - (text === undefined ? 0 : printedSpan(text)));
  if (!log) return { sent: text ?? "", base, start: base };
  const first = timed.length ? Math.min(...timed.map(stamp)) : 0;
  const sent = log.map((entry) =>
    Number.isFinite(entry?.timestamp) ? { ...entry, timestamp: stamp(entry) - first + base } : entry,
  );
  return { sent, base, start: base };
}

/**
 * `3 lines`, `1 line`.
 * @param {number} count
 */
export function lines(count) {
  return `${count} line${count === 1 ? "" : "s"}`;
}

/**
 * `UIKeyboardCenterEndUserInfoKey` as `CenterEnd`: the part that tells the keys apart.
 * @param {string} key
 */
export function shortKey(key) {
  return key.replace(/^UIKeyboard/, "").replace(/UserInfoKey$/, "");
}

/**
 * Where lines `first`…`last` (from 1) of `text` are, as a selection's start and end (UTF-16 offsets).
 * @param {string} text
 * @param {number} first
 * @param {number} [last]
 */
export function lineRange(text, first, last = first) {
  const all = text.split("\n");
  const from = all.slice(0, first - 1).reduce((sum, line) => sum + line.length + 1, 0);
  return { from, to: from + all.slice(first - 1, last).join("\n").length };
}

/**
 * Line `number` of a text with a caret under `column` (characters, from 1), cut to keep the caret in view.
 * @param {string} line
 * @param {number} number
 * @param {number} column
 */
export function excerptText(line, number, column) {
  const characters = Array.from(line.replace(/\r$/, "").replace(/\t/g, " "));
  const cut = column > 40 ? column - 30 : 0;
  const shown = (cut ? "…" : "") + characters.slice(cut).join("");
  const gutter = `${number} | `;
  const caret = `${" ".repeat(gutter.length - 2)}| ${" ".repeat(column - 1 - cut + (cut ? 1 : 0))}^`;
  return `${gutter}${shown}\n${caret}`;
}
