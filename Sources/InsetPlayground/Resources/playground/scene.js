// @ts-check
// The scene as the page's controls and the catalogue describe it now, read fresh on each call: the device held one
// way, its safe area and the keyboard the toggles ask for, the screen shown, the form's fields as laid out, and the
// body a session is made from. Nothing here changes the page.

import {
  ACCESSORY_HEIGHT,
  androidMeasurementsFor,
  composerFrame,
  heldSize,
  keyboardFor,
  safeAreaFor,
  withAccessory,
} from "./geometry.js";
import { android, state } from "./state.js";
import { formControls, ui } from "./ui.js";

/**
 * @typedef {import("../client.js").Rect} Rect
 * @typedef {import("../client.js").Size} Size
 * @typedef {import("../client.js").DeviceEntry} DeviceEntry
 * @typedef {import("../client.js").AndroidDeviceEntry} AndroidDeviceEntry
 * @typedef {import("../client.js").DeviceOrientation} DeviceOrientation
 * @typedef {import("../client.js").KeyboardSetting} KeyboardSetting
 * @typedef {import("../client.js").FormField} FormField
 * @typedef {import("../client.js").ScrollViewMembers} ScrollViewMembers
 * @typedef {import("../client.js").SessionCreateMembers} SessionCreateMembers
 * @typedef {import("../client.js").DeviceMember} DeviceMember
 * @typedef {import("../client.js").KeyboardLiftBehavior} KeyboardLiftBehavior
 * @typedef {import("../client.js").ScrollPosition} ScrollPosition
 * @typedef {import("../client.js").Container} Container
 * @typedef {NonNullable<import("../client.js").ContainerPresentation["detents"]>[number]} SheetDetent
 * @typedef {import("../client.js").ContainerPresentation["style"]} PresentationStyle
 * @typedef {SessionCreateMembers & { device: DeviceMember & { id: string },
 *   scrollView: ScrollViewMembers & { contentSize: Size } }} SceneBody
 */

/** @returns {DeviceOrientation} */
export function orientation() {
  return ui.landscape.checked ? "landscape" : "portrait";
}

/** The iOS device's entry; only called once the page has one (the phone shows nothing before). */
export function iosEntry() {
  if (!state.entry) throw new Error("No device has been picked yet");
  return state.entry;
}

/** The Android device's entry; only called once the Android phone has one. */
export function androidEntry() {
  if (!android.entry) throw new Error("No Android device has been picked yet");
  return android.entry;
}

/** The screen in points as held; the catalogue holds it in portrait. */
export function screenSize() {
  return heldSize(iosEntry().screen, orientation());
}

/** The newest safe area measurement for the orientation, null when the catalogue has none. */
export function safeArea() {
  return safeAreaFor(state.entry, orientation());
}

/** The safe area's insets, null when the catalogue has none for the orientation. */
export function safeInsets() {
  return safeArea()?.insets ?? null;
}

/**
 * The keyboard the toggles ask for, as a request names it.
 * @returns {KeyboardSetting}
 */
export function keyboardSetting() {
  const mode = ui.hardware.checked ? "hardware" : ui.floating.checked ? "floating" : "docked";
  return { predictive: ui.quicktype.checked, type: "standard", mode };
}

/**
 * The newest measurement of the keyboard `setting` describes for the orientation, null when the catalogue has none.
 * @param {KeyboardSetting} setting
 */
export function keyboardOf(setting) {
  return keyboardFor(state.entry, orientation(), setting);
}

/** The keyboard the toggles show, from the catalogue; null when it has none. */
export function keyboardMeasurement() {
  return keyboardOf(keyboardSetting());
}

/** The current offset as UIKit would report it, read from the DOM. */
export function domOffset() {
  return ui.table.scrollTop - parseFloat(getComputedStyle(ui.content).paddingTop);
}

export function chatMode() {
  return ui.screenKind.value === "chat";
}

export function formMode() {
  return ui.screenKind.value === "form";
}

/** The Tab bar app: the table inside a navigation controller and a tab bar controller (iOS only). */
export function tabBarMode() {
  return ui.screenKind.value === "tabbar";
}

/** The Sheet: the table in a navigation controller presented as a sheet (iOS only). */
export function sheetMode() {
  return ui.screenKind.value === "sheet";
}

/** The Dialog: a list in an Android `Dialog`'s floating window over the dimmed activity (Android only). */
export function dialogMode() {
  return ui.screenKind.value === "dialog";
}

/** The Bottom sheet: a list in Material's `BottomSheetDialog` over the dimmed activity (Android only). */
export function bottomSheetMode() {
  return ui.screenKind.value === "bottomsheet";
}

/** Whether this screen sends a `container` the service lays the scroll view out in (the Tab bar app, the Sheet). */
export function containerMode() {
  return tabBarMode() || sheetMode();
}

/** Whether the iOS device picked is an iPad, where form and page sheets and popovers need a measured frame. */
export function iPadMode() {
  return state.entry?.family === "iPad";
}

/**
 * The presented view's frame the user typed in (window points, with the keyboard up, measured on the device), or
 * null unless all four fields hold a number and the size is positive: the page never makes one up.
 * @returns {Rect | null}
 */
export function measuredFrame() {
  const { x, y, width, height } = ui.sheetFrame;
  const [fx, fy, fw, fh] = [x, y, width, height].map((field) => (field.value.trim() ? Number(field.value) : NaN));
  if (![fx, fy, fw, fh].every(Number.isFinite) || fw <= 0 || fh <= 0) return null;
  return { x: fx, y: fy, width: fw, height: fh };
}

/**
 * The Sheet's container as its controls set it, as a request sends it: the navigation bar (no height: the
 * catalogue's in a sheet) and the presentation's style and detents, and the frame only when the user typed one in
 * (on an iPad the service needs it; without it the service places the sheet from its sources for the device and
 * release, or refuses, saying why).
 * @returns {Container}
 */
export function sheetContainer() {
  const detents = /** @type {SheetDetent[]} */ (ui.sheetDetents.value.split(","));
  /** @type {NonNullable<Container["presentation"]>} */
  const presentation = { style: /** @type {PresentationStyle} */ (ui.sheetStyle.value), detents };
  const frame = measuredFrame();
  if (frame) presentation.frame = frame;
  return { navigationBar: { style: ui.sheetNavigationBar.checked ? "standard" : "none" }, presentation };
}

/**
 * The Tab bar app's bars as the toggles set them, as a request sends them: no height, so the service takes each
 * from its catalogue (or refuses, saying why). With `accessory`, the field's input accessory view too.
 * @param {boolean} [accessory]
 * @returns {Container}
 */
export function containerMembers(accessory = true) {
  /** @type {Container} */
  const container = {
    navigationBar: { style: ui.navigationBarStandard.checked ? "standard" : "none" },
    tabBar: { hidden: ui.tabBarHidden.checked },
  };
  if (accessory && ui.inputAccessory.checked) container.inputAccessoryView = { height: ACCESSORY_HEIGHT };
  return container;
}

/** Whether the iPhone is on the stage (Platform: iOS or Both). */
export function showsIOS() {
  return ui.platform.value === "ios" || ui.platform.value === "both";
}

/** Whether the Android phone is on the stage (Platform: Android or Both). */
export function showsAndroid() {
  return ui.platform.value === "android" || ui.platform.value === "both";
}

/** The form field that has the DOM focus, if any. */
export function focusedControl() {
  return formControls.find((control) => control === document.activeElement) ?? null;
}

/** The field that brings the keyboard up on this screen (on the form, the focused one). */
export function activeField() {
  if (formMode()) return focusedControl() ?? formControls[0];
  return chatMode() ? ui.chatField : ui.field;
}

/**
 * An element's rect in a scroll view's content coordinates (the box of `rows`, #table-rows' by default), in
 * points.
 * @param {HTMLElement} element
 * @param {Element | null} [rows]
 * @returns {Rect}
 */
export function contentRect(element, rows = ui.rows) {
  let x = 0;
  let y = 0;
  /** @type {Element | null} */
  let node = element;
  while (node instanceof HTMLElement && node !== rows) {
    x += node.offsetLeft;
    y += node.offsetTop;
    node = node.offsetParent;
  }
  return { x, y, width: element.offsetWidth, height: element.offsetHeight };
}

/**
 * The form's fields as the service takes them: ids and rects in content coordinates.
 * @returns {FormField[]}
 */
export function formFields() {
  return formControls.map((control) => ({ id: control.dataset.field ?? "", rect: contentRect(control) }));
}

/** @returns {Size} */
export function contentSize() {
  return { width: screenSize().width, height: ui.rows.offsetHeight };
}

/**
 * A session's scene by device: the service fills the screen, the full-screen frame and its safe area from the
 * catalogue; the page sends what only it knows.
 * @returns {SceneBody}
 */
export function geometry() {
  /** @type {SceneBody} */
  const body = {
    device: { id: iosEntry().id, orientation: orientation() },
    scrollView: { contentSize: contentSize() },
  };
  if (chatMode()) {
    body.scrollView.keyboardDismissMode = "interactive";
    body.pinnedViews = [{ id: "composer", frame: composerFrame(screenSize(), safeInsets()?.bottom ?? 0) }];
    body.keyboardLiftBehavior = /** @type {KeyboardLiftBehavior} */ (ui.lift.value);
    body.usesBottomSafeArea = ui.bottomSafeArea.checked;
  }
  if (formMode()) {
    // A form scrolls even when it fits (as a table view does), so the safe area insets it from the start.
    body.scrollView.alwaysBounceVertical = true;
    body.fields = formFields();
    body.scrollPosition = /** @type {ScrollPosition} */ (ui.scrollPosition.value);
  }
  if (tabBarMode()) body.container = containerMembers();
  if (sheetMode()) body.container = sheetContainer();
  return body;
}

/**
 * The table's field in content coordinates (#table-rows is its offset parent).
 * @returns {Rect}
 */
export function focusedRect() {
  const field = ui.field;
  return { x: field.offsetLeft, y: field.offsetTop, width: field.offsetWidth, height: field.offsetHeight };
}

/**
 * The keyboard frame the toggles describe, in screen coordinates, as UIKeyboardFrameEndUserInfoKey gives it (the
 * catalogue's): on the form with the input accessory view on top, which iOS counts as part of the keyboard. Null
 * when the catalogue has no such keyboard.
 * @returns {Rect | null}
 */
export function keyboardFrame() {
  const frame = keyboardMeasurement()?.frame;
  if (!frame || !formMode()) return frame ?? null;
  return withAccessory(frame, ACCESSORY_HEIGHT);
}

/** The Android screen in dp as held; the catalogue holds it in portrait. */
export function androidScreenSize() {
  return heldSize(androidEntry().screen, orientation());
}

/**
 * The Android numbers this scene needs, from the catalogue, each the newest for the orientation (and the
 * navigation mode): the status bar, the navigation bar and the IME; null where the catalogue has none.
 */
export function androidMeasurements() {
  return androidMeasurementsFor(androidEntry(), orientation(), ui.navigationMode.value);
}
