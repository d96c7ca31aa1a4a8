// @ts-check
// The stage the phones stand on: their scale to fit it, and under each phone the line naming who published its
// numbers and the note on what the catalogue lacks.

import { stageFit } from "./geometry.js";
import { androidScreenSize, orientation, screenSize, showsAndroid, showsIOS } from "./scene.js";
import { android, state } from "./state.js";
import { span, ui } from "./ui.js";
import { absentNote, sourceParts } from "./wording.js";

/**
 * @typedef {import("../client.js").CatalogueSource} CatalogueSource
 * @typedef {import("./wording.js").Shown} Shown
 */

/**
 * Scales the phones shown to the stage, alike (a point and a dp are both a CSS px), side by side; transforms
 * leave scrollTop, offsets and computed padding in points.
 */
export function fit() {
  const phones = [
    { shown: showsIOS() && state.entry, phone: ui.phone, box: ui.box, size: screenSize },
    { shown: showsAndroid() && android.entry, phone: ui.android, box: ui.androidBox, size: androidScreenSize },
  ].filter(({ shown }) => shown);
  if (!phones.length) return;
  const screens = phones.map(({ size }) => size());
  const stage = ui.stage.getBoundingClientRect();
  const below = ui.timeline.getBoundingClientRect().height + ui.deviceInfo.getBoundingClientRect().height + 16;
  const { scale, drawn, outers } = stageFit(screens, stage, below);
  phones.forEach(({ phone, box }, index) => {
    phone.style.setProperty("--fit", String(drawn));
    box.style.width = `${outers[index].width * scale}px`;
    box.style.height = `${outers[index].height * scale}px`;
  });
}

/**
 * The line under a phone naming the publishers of the numbers `shown` (`[what, value, measurement]`), as its parts:
 * each publisher a span with the values and the publication's title in its tooltip; `systemName` names a
 * measurement's release (`iOS 26.5`, `Android 16`).
 * @param {{ sources: CatalogueSource[] }} device
 * @param {Shown[]} shown
 * @param {string} systemName
 * @returns {(string | HTMLElement)[]}
 */
export function sourceLine(device, shown, systemName) {
  return sourceParts(device.sources, shown, systemName).flatMap(({ label, id, publisher, tip, said }) => {
    const name = span("source", publisher, tip);
    name.dataset.source = id;
    return [label, name, said];
  });
}

/**
 * Shows in `element` the note under a phone: what the catalogue lacks that this scene needs (`lacking`, and its
 * `consequence`), and what it does not have for the device at all (the entry's `absent`, their reasons in the
 * tooltip); hidden when there is nothing to say.
 * @param {HTMLElement} element
 * @param {{ name: string, absent: string[] }} device
 * @param {string[]} lacking
 * @param {string} consequence
 */
export function showAbsent(element, device, lacking, consequence) {
  element.textContent = absentNote(device, lacking, consequence, orientation());
  element.title = device.absent.join("\n");
  element.dataset.missing = String(lacking.length > 0);
  element.hidden = !element.textContent;
}
