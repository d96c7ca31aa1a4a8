// @ts-check
// What the page says in words, made from answers and catalogue entries alone (no DOM, no fetch): the status lines
// that explain an iOS or Android answer, the note on what the catalogue lacks, and the line naming who published
// the numbers a phone shows. Node's test runner checks them (IntegrationTests/node/playground/wording.test.mjs).

import { round } from "./geometry.js";

/**
 * @typedef {import("../client.js").InsetResult} InsetResult
 * @typedef {import("../client.js").AndroidKeyboardEventAnswer} AndroidKeyboardEventAnswer
 * @typedef {import("../client.js").CatalogueSource} CatalogueSource
 * @typedef {import("../client.js").DeviceOrientation} DeviceOrientation
 * @typedef {import("../client.js").Problem} Problem
 * @typedef {import("../client.js").SessionState} SessionState
 * @typedef {import("../client.js").BarFrame} BarFrame
 * @typedef {import("../client.js").ContainerLayout} ContainerLayout
 * @typedef {{ source: string, system?: string | null, measuredOn?: string }} Measured
 * @typedef {[what: string, value: string, measured: Measured]} Shown
 * @typedef {{ label: string, id: string, publisher: string, tip: string, said: string }} SourcePart
 */

/**
 * One line on what the service answered and why, for the status line: `kind` is `"show"` or `"hide"`. Under a tab
 * bar (the answer's `container`) it says the bar is part of the safe area the keyboard covers.
 * @param {InsetResult & { container?: ContainerLayout }} answer
 * @param {"show" | "hide"} kind
 */
export function explain(answer, kind) {
  const inset = round(answer.contentInset.bottom);
  const offset = round(answer.contentOffset.y);
  if (kind === "hide") return `Hidden: the base insets come back, contentOffset.y ${offset}.`;
  if (!answer.keyboardDocked) return "Undocked keyboard: nothing to make room for (followsUndockedKeyboard is off).";
  const safe = round(answer.adjustedContentInset.bottom - answer.contentInset.bottom);
  const tabBar = answer.container?.tabBar?.frame;
  // Under a tab bar the safe area is the bar and the home indicator's area: the keyboard covers both, counted once.
  const why = tabBar ? ` (the tab bar's ${round(tabBar.height)} pt to the screen's bottom, under the keyboard)` : "";
  return (
    `Overlap ${round(answer.keyboardOverlap)} pt minus the ${safe} pt of safe area UIKit already adds${why}: ` +
    `contentInset.bottom ${inset}; contentOffset.y ${offset}.`
  );
}

/**
 * One line on the Tab bar app's bars after a PATCH (`session`): each bar's height or that it is hidden, the scroll
 * view's safe area top and bottom they make, and the inset (re-targeted at once while `keyboardUp`).
 * @param {SessionState} session
 * @param {boolean} keyboardUp
 */
export function explainBars(session, keyboardUp) {
  const layout = session.containerLayout;
  if (!layout) return "No container in this session.";
  /** @param {BarFrame | undefined} bar */
  const said = (bar) => (bar?.frame ? `${round(bar.frame.height)} pt` : "hidden");
  const { top, bottom } = layout.scrollView.safeAreaInsets;
  const inset = round(session.target.contentInset.bottom);
  return (
    `Navigation bar ${said(layout.navigationBar)}, tab bar ${said(layout.tabBar)}: the scroll view's safe area ` +
    `${round(top)}/${round(bottom)}, contentInset.bottom ${inset}${keyboardUp ? ", re-targeted at once" : ""}.`
  );
}

/**
 * A problem the service answered, for the status line: its status and title, then its detail, which says a single
 * error in full; with several (the detail only counts them), each with its pointer, or its line and column in a text
 * body: a container refused in landscape says why each bar's height is not published.
 * @param {number} status
 * @param {Problem | null | undefined} problem
 * @param {string} fallback what to say without a problem (the error's message)
 */
export function problemText(status, problem, fallback) {
  const errors = problem?.errors ?? [];
  /** @param {(typeof errors)[number]} error */
  const where = (error) => ("pointer" in error ? error.pointer : `line ${error.line}, column ${error.column}`);
  const said =
    errors.length > 1
      ? errors.map((error) => `${where(error)}: ${error.message}`).join("; ")
      : (problem?.detail ?? fallback);
  return `${status} ${problem?.title ?? ""}: ${said}`;
}

/**
 * One line on what the Android window did, in Android's terms; `showing` when the IME's inset is up.
 * @param {AndroidKeyboardEventAnswer} answer
 * @param {boolean} showing
 */
export function explainAndroid(answer, showing) {
  const { animation } = answer;
  const how = animation.synced
    ? `the IME over ${animation.cssDuration} ms on ${animation.interpolator}, the layout following it`
    : `the IME over ${animation.cssDuration} ms on ${animation.interpolator}, the layout at once`;
  const moved = {
    resize: `the list resized to ${round(answer.scrollView.frame.height)} dp`,
    padding: `the list padded by ${round(answer.contentPadding.bottom)} dp`,
    none: "the list unchanged",
  }[answer.layoutChange];
  const pan = answer.windowPan.y ? `, the window panned up ${round(answer.windowPan.y)} dp` : "";
  const verb = showing ? `ime().bottom ${round(answer.windowInsets.ime.bottom)} dp` : "IME hidden";
  return `${verb}: ${moved}${pan}, scroll ${round(answer.contentOffset.y)} (${how}).`;
}

/**
 * The parts of the line naming who published the numbers `shown` (`[what, value, measurement]`): one part per
 * publication, release and device, in the order first shown, each with its label (`Screen and safe area: `, a
 * ` · ` before all but the first), the publisher's name and id, a tooltip with the values and the publication's
 * title, and what it says of the release and device (`, iOS 26.5, measured on …`); `systemName` names a
 * release (`iOS`, `Android`).
 * @param {CatalogueSource[]} sources the entry's
 * @param {Shown[]} shown
 * @param {string} systemName
 * @returns {SourcePart[]}
 */
export function sourceParts(sources, shown, systemName) {
  const byId = new Map(sources.map((source) => [source.id, source]));
  // Values from the same publication, release and device read as one.
  /** @type {Map<string, Measured & { items: [string, string][] }>} */
  const groups = new Map();
  for (const [what, value, { source, system, measuredOn }] of shown) {
    const key = JSON.stringify([source, system ?? null, measuredOn ?? null]);
    const group = groups.get(key) ?? { source, system, measuredOn, items: [] };
    groups.set(key, group);
    group.items.push([what, value]);
  }
  return [...groups.values()].map(({ source: id, system, measuredOn, items }, index) => {
    const source = byId.get(id);
    const said = [system && `${systemName} ${system}`, measuredOn && `measured on ${measuredOn}`].filter(Boolean);
    const values = items.map(([what, value]) => `${what} ${value}`).join(", ");
    const year = source?.year ? ` (${source.year})` : "";
    const tip = source ? `${values}. ${source.publisher}: ${source.title}${year}.` : values;
    const what = items.map(([item]) => item).join(" and ");
    const label = `${index ? " · " : ""}${what[0].toUpperCase()}${what.slice(1)}: `;
    return { label, id, publisher: source?.publisher ?? id, tip, said: said.length ? `, ${said.join(", ")}` : "" };
  });
}

/**
 * The note under a phone: what the catalogue lacks that this scene needs (`lacking`, and its `consequence`), and
 * what it does not have for the device at all (the entry's `absent`, by the words before each colon).
 * @param {{ name: string, absent: string[] }} device
 * @param {string[]} lacking
 * @param {string} consequence
 * @param {DeviceOrientation} orientation
 */
export function absentNote(device, lacking, consequence, orientation) {
  const absent = device.absent.map((text) => text.split(":")[0]);
  const note = [
    lacking.length ? `In ${orientation} the catalogue has no ${lacking.join(" and no ")}: ${consequence}.` : "",
    absent.length ? `Not published for the ${device.name}: ${absent.join(", ")}.` : "",
  ];
  return note.filter(Boolean).join(" ");
}
