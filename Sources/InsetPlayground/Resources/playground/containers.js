// @ts-check
// The screens whose scroll view sits in a container the service lays out (iOS only): the Tab bar app, and the Sheet
// (sheets.js draws the sheet itself). The Tab bar app (#phone[data-screen="tabbar"]) is the table inside a navigation
// controller (a standard title, or none) and a tab bar controller (the bar shown, or hidden by
// hidesBottomBarWhenPushed), with an input accessory view on the field's keyboard when asked. The page sends the bars
// without heights as `container`; the service lays the scroll view out, takes each height from its catalogue and
// answers where each bar is. This module draws each bar at the frame the answer gives (a show's or hide's
// `container`, a session's `containerLayout`), names where the heights came from, says why these screens are not
// offered on Android (the service refuses UIKit's bars and `presentation` there) and why the Dialog and the Bottom
// sheet are not on iOS, and tells a refusal (a bar whose height the catalogue does not publish, a sheet no source
// places) from other failures.
//
// In the DOM: #nav-bar (#sheet-nav-bar on the Sheet) and #tab-bar are at their frames (hidden while the frame is
// null), #table at the scroll view's frame, #kb-input-accessory as tall as the accessory's frame, on top of the
// keyboard.

import { InsetError } from "../client.js";
import { round } from "./geometry.js";
import { containerMode, iosEntry, sheetMode, showsIOS } from "./scene.js";
import { clearSheet, drawSheet, SHEET_FRAME, showSheetNote } from "./sheets.js";
import { sourceLine } from "./stage.js";
import { state } from "./state.js";
import { place, summaryValue, ui } from "./ui.js";

/**
 * @typedef {import("../client.js").BarFrame} BarFrame
 * @typedef {import("../client.js").ContainerLayout} ContainerLayout
 * @typedef {import("../client.js").CatalogueAnswer} CatalogueAnswer
 * @typedef {import("../client.js").CatalogueValue} CatalogueValue
 * @typedef {import("./wording.js").Shown} Shown
 */

/**
 * The screens the iPhone alone shows: the Screen picker's value, the option that offers it, and why Android has none.
 * @type {{ value: string, option: HTMLOptionElement, iosOnly: string }[]}
 */
const IOS_SCREENS = [
  {
    value: "tabbar",
    option: ui.screenTabBar,
    iosOnly:
      "The Tab bar app is iOS only: the service refuses UIKit's bars (`navigationBar`, `tabBar`) in an Android " +
      "`container`",
  },
  {
    value: "sheet",
    option: ui.screenSheet,
    iosOnly:
      "The Sheet is iOS only: the service refuses an iOS `presentation` style in an Android `container` (Android's " +
      "are the Dialog and the Bottom sheet)",
  },
];

/**
 * The screens the Android phone alone shows: the Screen picker's value, the option that offers it, and why iOS has
 * none.
 * @type {{ value: string, option: HTMLOptionElement, androidOnly: string }[]}
 */
const ANDROID_SCREENS = [
  {
    value: "dialog",
    option: ui.screenDialog,
    androidOnly: "The Dialog is Android only: the service refuses the `dialog` presentation on iOS",
  },
  {
    value: "bottomsheet",
    option: ui.screenBottomSheet,
    androidOnly: "The Bottom sheet is Android only: the service refuses the `bottomSheet` presentation on iOS",
  },
];

/**
 * Said on an iOS-only screen, and in the tooltips of the platforms it turns off.
 * @param {(typeof IOS_SCREENS)[number]} screen
 */
const platformsOff = (screen) => `${screen.iosOnly}, so Platform offers iOS alone on this screen.`;
/**
 * Said while the Android phone is on the stage, and in the tooltip of the screen's option it turns off.
 * @param {(typeof IOS_SCREENS)[number]} screen
 */
const screenOff = (screen) => `${screen.iosOnly}, so Screen offers it with Platform iOS alone.`;

/** What the line under the phone names, by the pointer of the value the catalogue gave: bar heights, the sheet. */
const CONTAINER_NAMES = /** @type {Record<string, string>} */ ({
  "/container/navigationBar/height": "navigation bar",
  "/container/tabBar/height": "tab bar",
  "/container/toolbar/height": "toolbar",
  [SHEET_FRAME]: "sheet",
});

/** The summary rows this screen adds, each a bar of the layout. */
const ROWS = /** @type {const} */ (["navigationBar", "tabBar", "inputAccessoryView"]);

/**
 * A bar as the side panel says it: where it is and how tall, hidden (null frame), or not in the container.
 * @param {BarFrame | undefined} bar
 */
function barText(bar) {
  if (!bar) return "none";
  return bar.frame ? `y ${round(bar.frame.y)}, ${round(bar.frame.height)} pt` : "hidden";
}

/**
 * Draws the container as an answer lays it out: the scroll view at its frame, each bar at its frame (hidden when
 * null), the accessory view as tall as its frame while a keyboard shows (a hide's answer has none: the accessory
 * keeps its height and leaves with the keyboard), and on the Sheet the sheet. Nothing for an answer without a
 * container.
 * @param {ContainerLayout | undefined} layout
 */
export function drawContainer(layout) {
  if (!layout || !containerMode()) return;
  const { frame } = layout.scrollView;
  Object.assign(ui.table.style, {
    left: `${frame.x}px`,
    top: `${frame.y}px`,
    width: `${frame.width}px`,
    height: `${frame.height}px`,
  });
  const navigationBar = layout.navigationBar?.frame;
  place(ui.navBar, sheetMode() ? null : navigationBar);
  place(ui.sheetNavBar, sheetMode() ? navigationBar : null);
  place(ui.tabBar, layout.tabBar?.frame);
  const accessory = layout.inputAccessoryView?.frame;
  if (accessory) ui.accessoryView.style.height = `${accessory.height}px`;
  ui.phone.dataset.accessory = layout.inputAccessoryView ? "on" : "off";
  ui.phone.dataset.container = "drawn";
  for (const key of ROWS) summaryValue(ui.summary, key).textContent = barText(layout[key]);
  drawSheet(layout);
}

/**
 * Takes the container off the phone (a new session, another screen, a refusal): no bars, the scroll view the whole
 * screen as the stylesheet has it, no heights named.
 */
export function clearContainer() {
  for (const property of ["left", "top", "width", "height"]) ui.table.style.removeProperty(property);
  place(ui.navBar, null);
  place(ui.sheetNavBar, null);
  place(ui.tabBar, null);
  clearSheet();
  ui.phone.dataset.accessory = "off";
  ui.phone.dataset.container = "none";
  for (const key of ROWS) summaryValue(ui.summary, key).textContent = "—";
  state.barHeights.clear();
  showContainerInfo();
}

/**
 * Keeps the values the catalogue gave the answer to a request that sent the container (its `catalogue.values`
 * under `/container/`: a height for each bar that shows, none for a hidden one, and the sheet's placement) and names
 * their publishers under the phone.
 * @param {CatalogueAnswer | undefined} catalogue
 */
export function noteBarHeights(catalogue) {
  state.barHeights.clear();
  for (const value of catalogue?.values ?? []) {
    if (value.pointer in CONTAINER_NAMES) state.barHeights.set(value.pointer, value);
  }
  showContainerInfo();
}

/**
 * A value of the catalogue as the line under the phone says it: a bar's height, or where the sheet stands.
 * @param {CatalogueValue["value"]} value
 */
function valueText(value) {
  if (typeof value === "number") return `${round(value)} pt`;
  if ("y" in value) return `y ${round(value.y)}, ${round(value.height)} pt tall`;
  return "?";
}

/** The iOS-only screen picked, if any. */
function pickedScreen() {
  return IOS_SCREENS.find((screen) => screen.value === ui.screenKind.value);
}

/**
 * Under the phones: on an iOS-only screen, who published the bar heights and the sheet's placement in use and why
 * Android is not offered; with the Android phone on the stage, why those screens are not offered.
 */
export function showContainerInfo() {
  const picked = pickedScreen();
  const shown = picked !== undefined && showsIOS() && state.entry !== null;
  const offStage = showsIOSAlone() ? "" : IOS_SCREENS.map(screenOff).join(" ");
  ui.containerNote.textContent = shown ? platformsOff(picked) : offStage;
  /** @type {Shown[]} */
  const values = [...state.barHeights.values()].map(({ pointer, value, source, system }) => [
    CONTAINER_NAMES[pointer],
    valueText(value),
    { source, system },
  ]);
  ui.containerSources.replaceChildren(...(shown && values.length ? sourceLine(iosEntry(), values, "iOS") : []));
  showSheetNote();
}

/**
 * The iOS-only screens and the Android phone exclude each other: their options are off while Android is on the
 * stage, and Android's platforms while one is picked, each saying why in its tooltip. A page restored with both (a
 * reload keeps the controls) goes back to the table.
 */
export function syncOffers() {
  if (containerMode() && !showsIOSAlone()) ui.screenKind.value = "table";
  const androidAlone = ui.platform.value === "android";
  const androidScreen = () => ANDROID_SCREENS.find((screen) => screen.value === ui.screenKind.value);
  if (androidScreen() && !androidAlone) ui.screenKind.value = "table";
  for (const screen of ANDROID_SCREENS) {
    screen.option.disabled = !androidAlone;
    screen.option.title = androidAlone ? "" : `${screen.androidOnly}, so Screen offers it with Platform Android alone.`;
  }
  for (const screen of IOS_SCREENS) {
    screen.option.disabled = !showsIOSAlone();
    screen.option.title = showsIOSAlone() ? "" : screenOff(screen);
  }
  const picked = pickedScreen();
  const android = androidScreen();
  for (const option of ui.platform.options) {
    if (android) {
      option.disabled = option.value !== "android";
      option.title = option.disabled ? `${android.androidOnly}, so Platform offers Android alone on this screen.` : "";
      continue;
    }
    if (option.value === "ios") continue;
    option.disabled = picked !== undefined;
    option.title = picked ? platformsOff(picked) : "";
  }
  showContainerInfo();
}

/** Whether the iPhone is alone on the stage (Platform: iOS). */
function showsIOSAlone() {
  return ui.platform.value === "ios";
}

/**
 * Whether `error` is the service refusing the container the scene sends: a 400 naming a `/container` member (a bar
 * whose height the catalogue does not publish for this device, orientation and release, a sheet no source places).
 * @param {unknown} error
 * @returns {error is InsetError}
 */
export function refusesContainer(error) {
  if (!(error instanceof InsetError) || error.status !== 400) return false;
  return (error.problem?.errors ?? []).some((item) => "pointer" in item && item.pointer.startsWith("/container"));
}
