// @ts-check
// The iPhone as laid out for its device, orientation and screen: its content built once (the table's sections, the
// chat's messages, the mock keyboard's keys), its size, safe area and bezel, the toggles the catalogue allows, and
// the line under it on where its numbers come from.

import { bezelLook } from "./geometry.js";
import {
  iosEntry,
  keyboardMeasurement,
  keyboardOf,
  keyboardSetting,
  orientation,
  safeArea,
  safeInsets,
  screenSize,
} from "./scene.js";
import { fit, showAbsent, sourceLine } from "./stage.js";
import { formControls, summaryValue, ui } from "./ui.js";

/**
 * @typedef {import("../client.js").KeyboardMode} KeyboardMode
 * @typedef {import("./wording.js").Shown} Shown
 */

/** The table: 10 sections, section n with n rows, under sticky headers. */
export function buildTable() {
  for (let section = 1; section <= 10; section += 1) {
    const element = document.createElement("section");
    element.className = "table-section";
    const header = document.createElement("h3");
    header.className = "table-header";
    header.textContent = `Section ${section}`;
    element.append(header);
    for (let row = 1; row <= section; row += 1) {
      const cell = document.createElement("div");
      cell.className = "table-row";
      cell.textContent = `${section}, ${row}`;
      element.append(cell);
    }
    ui.sections.append(element);
  }
}

/** The chat's messages: 36 bubbles, every third one the user's. */
export function buildMessages() {
  const lines = [
    "Are we still on for Friday?", "Yes! 7 pm?", "Perfect.", "Should I bring anything?", "Just yourself 🙂",
    "Did you see the keyboard demo?", "The composer rides on the keyboard now",
    "And the list keeps the newest in sight", "Drag the list down to dismiss", "A flick sends it away",
    "A slow drag brings it back",
  ];
  for (let index = 0; index < 36; index += 1) {
    const bubble = document.createElement("p");
    bubble.className = index % 3 === 1 ? "bubble mine" : "bubble";
    bubble.textContent = lines[index % lines.length];
    ui.messages.append(bubble);
  }
}

/** The mock keyboard's keys, QWERTY. */
export function buildKeys() {
  const rows = [[..."qwertyuiop"], [..."asdfghjkl"], ["⇧", ..."zxcvbnm", "⌫"], ["123", "space", "return"]];
  for (const keys of rows) {
    const row = document.createElement("div");
    row.className = "kb-row";
    for (const key of keys) {
      const cap = document.createElement("span");
      cap.className = key.length > 1 ? `kb-key kb-${key === "space" ? "space" : "wide"}` : "kb-key";
      cap.textContent = key;
      row.append(cap);
    }
    ui.keys.append(row);
  }
}

/** Lays the iPhone out for the device, orientation and screen: its size, safe area, bezel and toggles. */
export function layoutScreen() {
  const entry = iosEntry();
  const { width, height } = screenSize();
  const safe = safeInsets();
  const style = ui.phone.style;
  style.setProperty("--w", `${width}px`);
  style.setProperty("--h", `${height}px`);
  // Without a published safe area the mock draws none (no bars), and the page sends none.
  for (const edge of /** @type {const} */ (["top", "left", "bottom", "right"])) {
    style.setProperty(`--safe-${edge}`, `${safe?.[edge] ?? 0}px`);
  }
  Object.assign(ui.phone.dataset, {
    device: entry.id,
    family: entry.family,
    ...bezelLook(entry),
    safeArea: safe ? "published" : "absent",
    screen: ui.screenKind.value,
    orientation: orientation(),
  });
  document.body.dataset.screen = ui.screenKind.value;
  document.body.dataset.platform = ui.platform.value;
  const area = safe ? `safe area ${safe.top}/${safe.bottom}` : "no safe area published";
  summaryValue(ui.summary, "screen").textContent = `${width}×${height}, ${area}`;
  syncToggles();
  showDeviceInfo();
  fit();
}

/**
 * The keyboard toggles as the catalogue allows for this device and orientation: a mode, or the predictive bar's
 * other state, is on offer only when that keyboard was published. The text fields need a keyboard to show and a
 * safe area to have a session.
 */
export function syncToggles() {
  const missing = `not in the catalogue for the ${iosEntry().name} in ${orientation()}`;
  /** @type {[KeyboardMode, HTMLInputElement][]} */
  const modes = [
    ["hardware", ui.hardware],
    ["floating", ui.floating],
  ];
  for (const [mode, toggle] of modes) {
    const published = [true, false].some((predictive) => keyboardOf({ predictive, type: "standard", mode }));
    toggle.disabled = !published;
    if (!published) toggle.checked = false;
    label(toggle).title = published ? "" : `This keyboard is ${missing}`;
  }
  const { mode } = keyboardSetting();
  const withBar = keyboardOf({ predictive: true, type: "standard", mode });
  const withoutBar = keyboardOf({ predictive: false, type: "standard", mode });
  ui.quicktype.disabled = !withBar || !withoutBar || withBar === withoutBar;
  if (withBar && !withoutBar) ui.quicktype.checked = true;
  if (withoutBar && !withBar) ui.quicktype.checked = false;
  const other = ui.quicktype.checked ? "without" : "with";
  label(ui.quicktype).title = ui.quicktype.disabled ? `The keyboard ${other} the bar is ${missing}` : "";
  const keyboard = keyboardMeasurement();
  for (const field of [ui.field, ui.chatField, ...formControls]) field.disabled = !keyboard || !safeInsets();
  ui.interrupt.disabled = !keyboard;
  ui.phone.dataset.keyboard = keyboard ? "published" : "absent";
}

/**
 * The label a toggle sits in (index.html wraps each), whose tooltip says why it is off.
 * @param {HTMLElement} toggle
 */
function label(toggle) {
  return /** @type {HTMLLabelElement} */ (toggle.closest("label"));
}

/**
 * Under the phone, one line each: where the numbers the phone shows come from (each publisher, with the values and
 * the publication's title in its tooltip), and what the catalogue does not have for the device.
 */
export function showDeviceInfo() {
  const entry = iosEntry();
  const { width, height } = screenSize();
  const area = safeArea();
  const keyboard = keyboardMeasurement();
  /** @type {Shown[]} */
  const shown = [["screen", `${width} × ${height} pt`, entry.screen]];
  if (area) {
    const { top, left, bottom, right } = area.insets;
    shown.push(["safe area", `${top}/${left}/${bottom}/${right}`, area]);
  }
  if (keyboard) shown.push(["keyboard", `${keyboard.frame.height} pt`, keyboard]);
  ui.deviceSources.replaceChildren(...sourceLine(entry, shown, "iOS"));
  const lacking = /** @type {string[]} */ ([!area && "safe area", !keyboard && "keyboard"].filter(Boolean));
  const consequence = !area ? "no session" : "the fields are off";
  showAbsent(ui.deviceAbsent, entry, lacking, consequence);
}
