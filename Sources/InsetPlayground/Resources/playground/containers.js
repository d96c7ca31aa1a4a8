// @ts-check
// The Tab bar app (#phone[data-screen="tabbar"], iOS only): the table inside a navigation controller (a standard
// title, or none) and a tab bar controller (the bar shown, or hidden by hidesBottomBarWhenPushed), with an input
// accessory view on the field's keyboard when asked. The page sends the bars without heights as `container`; the
// service lays the scroll view out, takes each height from its catalogue and answers where each bar is. This module
// draws each bar at the frame the answer gives (a show's or hide's `container`, a session's `containerLayout`), names
// where the heights came from, says why the screen is not offered on Android (the service refuses UIKit's bars
// there), and tells a refusal (a bar whose height the catalogue does not publish) from other failures.
//
// In the DOM: #nav-bar and #tab-bar are at their frames (hidden while the frame is null), #table at the scroll
// view's frame, #kb-input-accessory as tall as the accessory's frame, on top of the keyboard.

import { InsetError } from "../client.js";
import { round } from "./geometry.js";
import { iosEntry, showsIOS, tabBarMode } from "./scene.js";
import { sourceLine } from "./stage.js";
import { state } from "./state.js";
import { summaryValue, ui } from "./ui.js";

/**
 * @typedef {import("../client.js").Rect} Rect
 * @typedef {import("../client.js").BarFrame} BarFrame
 * @typedef {import("../client.js").ContainerLayout} ContainerLayout
 * @typedef {import("../client.js").CatalogueAnswer} CatalogueAnswer
 * @typedef {import("./wording.js").Shown} Shown
 */

/** Why the Tab bar app is an iPhone screen alone. */
const IOS_ONLY =
  "The Tab bar app is iOS only: the service refuses UIKit's bars (`navigationBar`, `tabBar`) in an Android `container`";
/** Said on the Tab bar app, and in the tooltips of the platforms it turns off. */
const PLATFORMS_OFF = `${IOS_ONLY}, so Platform offers iOS alone on this screen.`;
/** Said while the Android phone is on the stage, and in the tooltip of the screen's option it turns off. */
const SCREEN_OFF = `${IOS_ONLY}, so Screen offers it with Platform iOS alone.`;

/** The bars' names as the line under the phone says them, by the pointer of the height the catalogue gave. */
const BAR_NAMES = /** @type {Record<string, string>} */ ({
  "/container/navigationBar/height": "navigation bar",
  "/container/tabBar/height": "tab bar",
  "/container/toolbar/height": "toolbar",
});

/** The summary rows this screen adds, each a bar of the layout. */
const ROWS = /** @type {const} */ (["navigationBar", "tabBar", "inputAccessoryView"]);

/**
 * Puts `element` at `frame` (window coordinates, the screen's here), or hides it when there is none.
 * @param {HTMLElement} element
 * @param {Rect | null | undefined} frame
 */
function place(element, frame) {
  element.dataset.frame = frame ? "shown" : "none";
  if (!frame) return;
  Object.assign(element.style, {
    left: `${frame.x}px`,
    top: `${frame.y}px`,
    width: `${frame.width}px`,
    height: `${frame.height}px`,
  });
}

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
 * keeps its height and leaves with the keyboard). Nothing for an answer without a container.
 * @param {ContainerLayout | undefined} layout
 */
export function drawContainer(layout) {
  if (!layout || !tabBarMode()) return;
  const { frame } = layout.scrollView;
  Object.assign(ui.table.style, {
    left: `${frame.x}px`,
    top: `${frame.y}px`,
    width: `${frame.width}px`,
    height: `${frame.height}px`,
  });
  place(ui.navBar, layout.navigationBar?.frame);
  place(ui.tabBar, layout.tabBar?.frame);
  const accessory = layout.inputAccessoryView?.frame;
  if (accessory) ui.accessoryView.style.height = `${accessory.height}px`;
  ui.phone.dataset.accessory = layout.inputAccessoryView ? "on" : "off";
  ui.phone.dataset.container = "drawn";
  for (const key of ROWS) summaryValue(ui.summary, key).textContent = barText(layout[key]);
}

/**
 * Takes the container off the phone (a new session, another screen, a refusal): no bars, the scroll view the whole
 * screen as the stylesheet has it, no heights named.
 */
export function clearContainer() {
  for (const property of ["left", "top", "width", "height"]) ui.table.style.removeProperty(property);
  place(ui.navBar, null);
  place(ui.tabBar, null);
  ui.phone.dataset.accessory = "off";
  ui.phone.dataset.container = "none";
  for (const key of ROWS) summaryValue(ui.summary, key).textContent = "—";
  state.barHeights.clear();
  showContainerInfo();
}

/**
 * Keeps the bar heights the catalogue gave the answer to a request that sent the container (its `catalogue.values`
 * under `/container/`: one for each bar that shows, none for a hidden one) and names their publishers under the phone.
 * @param {CatalogueAnswer | undefined} catalogue
 */
export function noteBarHeights(catalogue) {
  state.barHeights.clear();
  for (const value of catalogue?.values ?? []) {
    if (value.pointer in BAR_NAMES) state.barHeights.set(value.pointer, value);
  }
  showContainerInfo();
}

/**
 * Under the phones: on the Tab bar app, who published the bar heights in use and why Android is not offered; with
 * the Android phone on the stage, why the Tab bar app is not offered.
 */
export function showContainerInfo() {
  const shown = tabBarMode() && showsIOS() && state.entry !== null;
  ui.containerNote.textContent = shown ? PLATFORMS_OFF : showsIOSAlone() ? "" : SCREEN_OFF;
  /** @type {Shown[]} */
  const bars = [...state.barHeights.values()].map(({ pointer, value, source, system }) => [
    BAR_NAMES[pointer],
    `${typeof value === "number" ? value : "?"} pt`,
    { source, system },
  ]);
  ui.containerSources.replaceChildren(...(shown && bars.length ? sourceLine(iosEntry(), bars, "iOS") : []));
}

/**
 * The Tab bar app and the Android phone exclude each other: the screen's option is off while Android is on the
 * stage, and Android's platforms while the screen is picked, each saying why in its tooltip. A page restored with
 * both (a reload keeps the controls) goes back to the table.
 */
export function syncOffers() {
  if (tabBarMode() && !showsIOSAlone()) ui.screenKind.value = "table";
  ui.screenTabBar.disabled = !showsIOSAlone();
  ui.screenTabBar.title = showsIOSAlone() ? "" : SCREEN_OFF;
  for (const option of ui.platform.options) {
    if (option.value === "ios") continue;
    option.disabled = tabBarMode();
    option.title = tabBarMode() ? PLATFORMS_OFF : "";
  }
  showContainerInfo();
}

/** Whether the iPhone is alone on the stage (Platform: iOS). */
function showsIOSAlone() {
  return ui.platform.value === "ios";
}

/**
 * Whether `error` is the service refusing the container the scene sends: a 400 naming a `/container` member (a bar
 * whose height the catalogue does not publish for this device, orientation and release).
 * @param {unknown} error
 * @returns {error is InsetError}
 */
export function refusesContainer(error) {
  if (!(error instanceof InsetError) || error.status !== 400) return false;
  return (error.problem?.errors ?? []).some((item) => "pointer" in item && item.pointer.startsWith("/container"));
}
