// @ts-check
// The service's device catalogue as the page reads it: `GET /devices` fills the two pickers once, and
// `GET /devices/{id}` gives a device's entry the first time it is picked: its screen, safe areas and keyboards (an
// Android device's bars and IME), of which the page takes the newest measurement for the orientation. Requests name
// the device (`device: {id, orientation}`, the keyboard by `predictive`, `type` and `mode`) and the service fills in
// its numbers; what the catalogue does not have is said under the phone and switched off, never made up.

import { getDevice, listDevices } from "../client.js";
import { state } from "./state.js";
import { clientOptions } from "./status.js";
import { ui } from "./ui.js";

/** The device picked when the page opens, when the catalogue has it. */
const DEFAULT_DEVICE = "iphone-15";
/** The Android device picked when the page opens, when the catalogue has it. */
const DEFAULT_ANDROID_DEVICE = "pixel-9";

/**
 * @typedef {import("../client.js").DeviceEntry} DeviceEntry
 * @typedef {import("../client.js").AndroidDeviceEntry} AndroidDeviceEntry
 */

/**
 * Fills the pickers from `GET /devices`, a group per family, the devices in the catalogue's order: the iOS devices
 * in the iPhone's, the Android ones in the Android phone's.
 */
export async function loadDevices() {
  const listed = await listDevices(clientOptions());
  state.devices = listed.devices;
  /** @type {[HTMLSelectElement, string, string][]} */
  const pickers = [
    [ui.device, "ios", DEFAULT_DEVICE],
    [ui.androidDevice, "android", DEFAULT_ANDROID_DEVICE],
  ];
  for (const [picker, platform, preferred] of pickers) {
    /** @type {Map<string, HTMLOptGroupElement>} */
    const groups = new Map();
    const listedHere = state.devices.filter((device) => device.platform === platform);
    for (const { id, name, family } of listedHere) {
      const group = groups.get(family) ?? document.createElement("optgroup");
      if (!groups.has(family)) {
        group.label = family;
        groups.set(family, group);
      }
      const option = document.createElement("option");
      option.value = id;
      option.textContent = name;
      group.append(option);
    }
    picker.replaceChildren(...groups.values());
    picker.value = listedHere.some(({ id }) => id === preferred) ? preferred : (listedHere[0]?.id ?? "");
  }
}

/**
 * The device's entry, from `GET /devices/{id}` the first time it is picked.
 * @param {string} id
 */
async function loadEntry(id) {
  const known = state.entries.get(id);
  if (known) return known;
  const entry = await getDevice(id, clientOptions());
  state.entries.set(id, entry);
  return entry;
}

/**
 * The entry of the iOS device `id` (the iPhone's picker lists only those).
 * @param {string} id
 */
export async function loadIOSEntry(id) {
  return /** @type {DeviceEntry} */ (await loadEntry(id));
}

/**
 * The entry of the Android device `id` (the Android phone's picker lists only those).
 * @param {string} id
 */
export async function loadAndroidEntry(id) {
  return /** @type {AndroidDeviceEntry} */ (await loadEntry(id));
}
