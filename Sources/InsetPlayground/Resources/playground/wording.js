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
 * @typedef {import("../client.js").PresentedView} PresentedView
 * @typedef {import("../client.js").AndroidDialogFrames} AndroidDialogFrames
 * @typedef {import("../client.js").AndroidBottomSheetFrames} AndroidBottomSheetFrames
 * @typedef {import("../client.js").Rect} Rect
 * @typedef {{ release: string | null, windowTop: number }} SheetScene the iOS release the service placed the sheet
 *   for (its catalogue's `system` for `/container/presentation/frame`) and the window's top safe area
 * @typedef {{ source: string, system?: string | null, measuredOn?: string }} Measured
 * @typedef {[what: string, value: string, measured: Measured]} Shown
 * @typedef {{ label: string, id: string, publisher: string, tip: string, said: string }} SourcePart
 */

/**
 * One line on what the service answered and why, for the status line: `kind` is `"show"` or `"hide"`. Under a tab
 * bar (the answer's `container`) it says the bar is part of the safe area the keyboard covers; in a sheet (`sheet`,
 * the scene it was placed in) it says first where the sheet is and why.
 * @param {InsetResult & { container?: ContainerLayout }} answer
 * @param {"show" | "hide"} kind
 * @param {SheetScene} [sheet]
 */
export function explain(answer, kind, sheet) {
  const presented = answer.container?.presentation;
  const where = presented && sheet ? `${sheetSentence(presented, sheet)}. ` : "";
  return where + explainInsets(answer, kind);
}

/**
 * The part of `explain` on the insets.
 * @param {InsetResult & { container?: ContainerLayout }} answer
 * @param {"show" | "hide"} kind
 */
function explainInsets(answer, kind) {
  const inset = round(answer.contentInset.bottom);
  const offset = round(answer.contentOffset.y);
  if (kind === "hide") return `Hidden: the base insets come back, contentOffset.y ${offset}.`;
  if (!answer.keyboardDocked) return "Undocked keyboard: nothing to make room for (followsUndockedKeyboard is off).";
  const safe = round(answer.adjustedContentInset.bottom - answer.contentInset.bottom);
  const tabBar = answer.container?.tabBar?.frame;
  // Under a tab bar the safe area is the bar and the home indicator's area: the keyboard covers both, counted once.
  const inSheet = answer.container?.presentation?.style === "sheet";
  const why = tabBar
    ? ` (the tab bar's ${round(tabBar.height)} pt to the screen's bottom, under the keyboard)`
    : inSheet && safe
      ? " (the home indicator's area, which the sheet covers)"
      : "";
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

/** Apple's Feedback report on iOS 26 expanding a sheet to its largest detent when a field in it takes focus. */
export const SHEET_EXPANSION_REPORT = "FB17890661";

/** Why the page draws no sheet at `medium`: Apple gives its height in words only. */
export const MEDIUM_UNPUBLISHED =
  "The medium detent's height is not published (Apple: “approximately half the height of the screen”): the " +
  "sheet is drawn only where the service places it, never at medium.";

/** Why an iPad's presented view needs its frame typed in, and that the page fills in none. */
export const FRAME_UNPUBLISHED =
  "Enter the frame you measured on the device: Apple publishes none (no form or page sheet size, nor where UIKit " +
  "moves it or a popover for the keyboard), so the page fills in no numbers and the service refuses the iPad's " +
  "presentation without one.";

/** Said while a typed-in frame is sent. */
export const FRAME_MEASURED =
  "The presented view is drawn at the frame you entered, as the service answers it; a popover's frame must not be " +
  "under the keyboard, or the service refuses it.";

/**
 * A detent as the page says it: `medium`, `large`, or a custom one's height.
 * @param {PresentedView["detent"]} detent
 */
function detentName(detent) {
  return typeof detent === "number" ? `${round(detent)} pt` : (detent ?? "no detent");
}

/**
 * The release as the page names it beside a source: `iOS 26` for `"26.5"`; empty when the answer names none.
 * @param {string | null} release
 */
function releaseName(release) {
  return release ? `iOS ${release.split(".")[0]}` : "";
}

/**
 * Where a sheet stands, in one sentence for the status line: its detent and frame, and why it is there (expanded
 * from its resting detent by a focused field, with the report that says so; or its top against the window's safe
 * area, which the release sets), or full screen in a compact height.
 * @param {PresentedView} presented
 * @param {SheetScene} scene
 */
export function sheetSentence(presented, { release, windowTop }) {
  const { frame } = presented;
  if (presented.style === "fullScreen") {
    return (
      `Full screen, ${round(frame.width)} × ${round(frame.height)} pt: an iPhone in landscape has a compact height, ` +
      "where a sheet is full screen"
    );
  }
  if (presented.style !== "sheet" || presented.detent === undefined) {
    return (
      `${presented.style} at the frame measured on the device, x ${round(frame.x)}, y ${round(frame.y)}, ` +
      `${round(frame.width)} × ${round(frame.height)} pt`
    );
  }
  const placed = `Sheet at ${detentName(presented.detent)}, y ${round(frame.y)}, ${round(frame.height)} pt tall`;
  const system = releaseName(release);
  if (presented.expandedFrom !== undefined) {
    const cited = [system, SHEET_EXPANSION_REPORT].filter(Boolean).join(", ");
    return `${placed}, where a focused field expands it from ${detentName(presented.expandedFrom)} (${cited})`;
  }
  const gap = round(frame.y - windowTop);
  const top = gap ? `${gap} pt below the top safe area` : "at the top safe area";
  return `${placed}, ${top}${system ? ` (${system})` : ""}`;
}

/**
 * The tag on the sheet, short: where it is now and why. `keyboardUp`: a keyboard shows; `expanded`: a focused field
 * has already expanded this session's sheet (the session keeps it there after the hide). At rest before any focus,
 * a sheet the keyboard will expand rests at a detent whose height is not published: the page says so and draws it
 * where the service places it.
 * @param {PresentedView} presented
 * @param {SheetScene & { keyboardUp: boolean, expanded: boolean }} scene
 */
export function sheetTag(presented, scene) {
  if (presented.style === "fullScreen") return "fullScreen · compact height (landscape)";
  // A frame sent: the service places nothing and gives no detent (an iPad's view, or an iPhone's sheet measured).
  if (presented.style !== "sheet" || presented.detent === undefined) {
    return `${presented.style} · at the frame measured on the device`;
  }
  const detent = detentName(presented.detent);
  const from = presented.expandedFrom;
  const system = releaseName(scene.release);
  if (from !== undefined) {
    const cited = [system, SHEET_EXPANSION_REPORT].filter(Boolean).join(", ");
    if (scene.keyboardUp) return `${detent} · expanded from ${detentName(from)} (${cited})`;
    if (scene.expanded) return `${detent} · kept after the hide (no source says it returns to ${detentName(from)})`;
    return `rests at ${detentName(from)} (height unpublished) · drawn at ${detent}`;
  }
  const gap = round(presented.frame.y - scene.windowTop);
  const top = gap ? `${gap} pt below the top safe area` : "at the top safe area";
  return `${detent} · ${top}${system ? ` (${system})` : ""}`;
}

/**
 * One line on the Sheet after a PATCH (`session`): where the sheet is, the navigation bar's height or none, the
 * scroll view's safe area they make, and the inset (re-targeted at once while `keyboardUp`).
 * @param {SessionState} session
 * @param {boolean} keyboardUp
 * @param {SheetScene} scene
 */
export function explainSheet(session, keyboardUp, scene) {
  const layout = session.containerLayout;
  if (!layout?.presentation) return "No presentation in this session.";
  const bar = layout.navigationBar?.frame;
  const { top, bottom } = layout.scrollView.safeAreaInsets;
  const inset = round(session.target.contentInset.bottom);
  return (
    `${sheetSentence(layout.presentation, scene)}; navigation bar ${bar ? `${round(bar.height)} pt` : "none"}: ` +
    `the scroll view's safe area ${round(top)}/${round(bottom)}, contentInset.bottom ${inset}` +
    `${keyboardUp ? ", re-targeted at once" : ""}.`
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
 * The tag on the Android dialog: where its window stands on the screen (from the answer) and whether the IME moved it.
 * @param {AndroidDialogFrames} presented
 * @param {boolean} imeUp
 */
export function dialogTag({ frame, restingFrame }, imeUp) {
  const at = `dialog at y ${round(frame.y)}, ${round(frame.height)} dp tall`;
  if (!imeUp) return `${at} · at rest`;
  const moved = frame.y === restingFrame.y ? "not moved" : `moved from y ${round(restingFrame.y)}`;
  return `${at} · ${moved} for the IME`;
}

/**
 * One line on an Android dialog's answer: where the window manager put the window, how much of it the IME covers
 * (its inset in the window's coordinates), and what the window did about it.
 * @param {AndroidKeyboardEventAnswer} answer
 * @param {boolean} showing
 */
export function explainDialog(answer, showing) {
  const presented = answer.container?.presentation;
  const where = presented
    ? `Dialog window at y ${round(presented.frame.y)}, ${round(presented.frame.height)} dp tall` +
      ` (at rest y ${round(presented.restingFrame.y)})`
    : "Dialog window";
  if (!showing) return `${where}: IME hidden, the window back at rest.`;
  const covered = round(answer.windowInsets.ime.bottom);
  if (!covered) return `${where}: above the IME, nothing of it covered, nothing in it moves.`;
  const pan = answer.windowPan.y ? `, its content panned up ${round(answer.windowPan.y)} dp` : "";
  return (
    `${where}: the IME covers ${covered} dp of it${pan}; the list ${round(answer.scrollView.frame.height)} dp ` +
    `tall, scroll ${round(answer.contentOffset.y)}.`
  );
}

/**
 * The tag on the Android bottom sheet: its state, where it stands on the screen (from the answer; its content's top
 * when the sheet's padding moves it) and whether the IME moved it.
 * @param {AndroidBottomSheetFrames} presented
 * @param {boolean} imeUp
 */
export function bottomSheetTag({ state, frame, contentFrame, restingFrame }, imeUp) {
  const content = contentFrame.y === frame.y ? "" : `, content from y ${round(contentFrame.y)}`;
  const at = `bottom sheet ${state} at y ${round(frame.y)}${content}`;
  if (!imeUp) return `${at} · at rest`;
  const moved = frame.y === restingFrame.y ? "not moved" : `moved from y ${round(restingFrame.y)}`;
  return `${at} · ${moved} for the IME`;
}

/**
 * The words on the mark over the bottom sheet's field, `""` when the answer says it shows whole (or says nothing):
 * `focusedRectShown` as the service says it, and, when the field's rect on the screen (`field`) lies below the IME's
 * top (`imeTop`, null with no IME), that the IME is over it.
 * @param {AndroidBottomSheetFrames["focusedRectShown"]} shown
 * @param {Rect} field
 * @param {number | null} imeTop
 */
export function sheetFieldMark(shown, field, imeTop) {
  if (shown === "none") {
    const under = imeTop !== null && field.y >= imeTop;
    return `${under ? "field under the IME" : "field not shown"} · focusedRectShown: none`;
  }
  if (shown !== "part") return "";
  const straddles = imeTop !== null && field.y < imeTop && field.y + field.height > imeTop;
  return `${straddles ? "field partly under the IME" : "field partly shown"} · focusedRectShown: part`;
}

/**
 * One line on an Android bottom sheet's answer: where the sheet stands and its content, the IME's inset, the list's
 * height and scroll in the content, and how much of the field shows (`focusedRectShown`).
 * @param {AndroidKeyboardEventAnswer} answer
 * @param {boolean} showing
 */
export function explainBottomSheet(answer, showing) {
  const presented = answer.container?.presentation;
  if (presented?.style !== "bottomSheet") return "No bottom sheet in this answer.";
  const { state, frame, contentFrame, restingFrame, focusedRectShown: shown } = presented;
  const where =
    `Bottom sheet ${state} at y ${round(frame.y)}, ${round(frame.height)} dp tall (at rest y ` +
    `${round(restingFrame.y)}), its content ${round(contentFrame.height)} dp from y ${round(contentFrame.y)}`;
  if (!showing) return `${where}: IME hidden, the sheet back at rest.`;
  const pan = answer.windowPan.y ? `, the window panned up ${round(answer.windowPan.y)} dp` : "";
  const field = {
    whole: "the field shows whole",
    part: "the field shows in part",
    none: "none of the field shows",
  };
  return (
    `${where}: ime().bottom ${round(answer.windowInsets.ime.bottom)} dp${pan}; the list ` +
    `${round(answer.scrollView.frame.height)} dp tall, scroll ${round(answer.contentOffset.y)}` +
    `${shown ? `; ${field[shown]} (focusedRectShown ${shown})` : ""}.`
  );
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

/**
 * One line on a web answer (`platform: "web"`): what the keyboard resized, the browser's scroll, the bars out of sight.
 * @param {import("../client.js").WebKeyboardEventAnswer} answer
 * @param {boolean} shown
 */
export function explainWeb(answer, shown) {
  const { mode, visualViewport: vv, layoutViewport, scroll, scrolledToFocus, fixedElements } = answer;
  const viewport = `visual viewport ${vv.height} px at offsetTop ${vv.offsetTop}, innerHeight ${layoutViewport.height}`;
  if (!shown) return `Hidden (${mode}): ${viewport}, scrollY ${round(scroll.y)}.`;
  const out = fixedElements.filter((bar) => bar.covered).map((bar) => `${bar.id} (${round(bar.hidden)} px)`);
  const moved = scrolledToFocus ? `scrolled to the input (scrollY ${round(scroll.y)})` : "no scroll";
  return `${mode}: ${viewport}; ${moved}; ${out.length ? `out of sight: ${out.join(", ")}` : "every bar in sight"}.`;
}

/** Said beside the keyboard's height on Safari: what the number is there. */
export const SAFARI_KEYBOARD_NOTE = "On Safari this is the keyboard plus the form bar above it, as you enter it.";
