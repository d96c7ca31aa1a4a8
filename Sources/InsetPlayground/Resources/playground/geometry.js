// @ts-check
// The playground's arithmetic, without the DOM and without fetch: which of the catalogue's measurements a scene
// takes, where the mock keyboard goes, how the phones fit the stage, a release's velocity and the Android window's
// layout. Every number here comes from its arguments, so Node's test runner checks each function with no page and
// no server (IntegrationTests/node/playground/geometry.test.mjs).

/**
 * @typedef {import("../client.js").Rect} Rect
 * @typedef {import("../client.js").Size} Size
 * @typedef {import("../client.js").EdgeInsets} EdgeInsets
 * @typedef {import("../client.js").DeviceEntry} DeviceEntry
 * @typedef {import("../client.js").AndroidDeviceEntry} AndroidDeviceEntry
 * @typedef {import("../client.js").AndroidHeight} AndroidHeight
 * @typedef {import("../client.js").DeviceOrientation} DeviceOrientation
 * @typedef {import("../client.js").KeyboardSetting} KeyboardSetting
 * @typedef {import("../client.js").ContainerLayout} ContainerLayout
 * @typedef {DeviceEntry["safeAreas"][number]} SafeArea
 * @typedef {DeviceEntry["keyboards"][number]} KeyboardMeasurement
 * @typedef {{ statusBar: AndroidHeight | null, navigationBar: AndroidHeight | null, ime: AndroidHeight | null }}
 *   AndroidMeasurements
 * @typedef {{ width: number, height: number, statusBar: number, navigationBar: number, frame: Rect,
 *   imeFrame: Rect | null }} AndroidScene
 */

/** The chat's composer: a 50-pt bar pinned to the keyboard layout guide (a 50-dp one under the Android list). */
export const COMPOSER_HEIGHT = 50;
/** The input accessory view of the form (previous, next, Done) and of the Tab bar app's field: 44 pt on top of the
 * keyboard, part of its frame as iOS reports it. */
export const ACCESSORY_HEIGHT = 44;
/** The Android app's top app bar under the status bar: Material 3's small top app bar, 64 dp. */
export const APP_BAR_HEIGHT = 64;
/** The notes text view's height with its three empty lines. */
export const NOTES_MIN_HEIGHT = 88;
/** A release's velocity is measured over the pointer's last moves within this many ms. */
export const VELOCITY_WINDOW = 100;
/** The bezel around each phone on the stage, in CSS px. */
export const BEZEL = 12;

/**
 * A number as the page prints it: rounded to hundredths.
 * @param {number} value
 */
export function round(value) {
  return Math.round(value * 100) / 100;
}

/**
 * A screen held as `orientation`; the catalogue holds every screen in portrait.
 * @param {Size} screen
 * @param {DeviceOrientation} orientation
 * @returns {Size}
 */
export function heldSize({ width, height }, orientation) {
  return orientation === "landscape" ? { width: height, height: width } : { width, height };
}

/**
 * `a` against `b`, releases as the catalogue spells them (`"26.5"`, `"18"`): negative when `a` is older.
 * @param {string} a
 * @param {string} b
 */
export function compareSystems(a, b) {
  const [x, y] = [a, b].map((system) => system.split(".").map(Number));
  for (let index = 0; index < Math.max(x.length, y.length); index += 1) {
    const difference = (x[index] ?? 0) - (y[index] ?? 0);
    if (difference) return difference;
  }
  return 0;
}

/**
 * Of `measurements`, the newest: the greatest `system`, those without one last, the first of equals.
 * @template {{ system: string | null }} T
 * @param {T[]} measurements
 * @returns {T | null}
 */
export function newest(measurements) {
  /** @type {T | null} */
  let best = null;
  for (const measurement of measurements) {
    const { system } = measurement;
    const newer = system != null && (best?.system == null || compareSystems(best.system, system) < 0);
    if (!best || newer) best = measurement;
  }
  return best;
}

/**
 * The newest safe area measurement of `entry` for `orientation`, null when the catalogue has none.
 * @param {DeviceEntry | null} entry
 * @param {DeviceOrientation} orientation
 */
export function safeAreaFor(entry, orientation) {
  return newest(entry?.safeAreas.filter((area) => area.orientation === orientation) ?? []);
}

/**
 * The newest measurement of the keyboard `setting` describes for `orientation`, null when the catalogue has none.
 * A keyboard measured with `predictive: null` (no bar to have) stands for either.
 * @param {DeviceEntry | null} entry
 * @param {DeviceOrientation} orientation
 * @param {KeyboardSetting} setting
 */
export function keyboardFor(entry, orientation, { predictive, type, mode }) {
  const matching = (entry?.keyboards ?? []).filter(
    (keyboard) =>
      keyboard.orientation === orientation &&
      keyboard.type === type &&
      keyboard.mode === mode &&
      (keyboard.predictive === null || keyboard.predictive === predictive),
  );
  return newest(matching);
}

/**
 * The bezel's look, from the portrait safe area: no bottom inset is a Home button; on an iPhone a top inset of
 * 59 pt or more is the Dynamic Island's status bar (the notch's is 44 to 50). Empty strings where the catalogue
 * has no portrait safe area.
 * @param {DeviceEntry} entry
 */
export function bezelLook(entry) {
  const portrait = safeAreaFor(entry, "portrait")?.insets;
  return {
    homeButton: portrait ? String(portrait.bottom === 0) : "",
    cutout: entry.family === "iPhone" && portrait && portrait.top >= 59 ? "island" : "",
  };
}

/**
 * A keyboard frame with the form's input accessory view on top, which iOS counts as part of the keyboard.
 * @param {Rect} frame
 * @param {number} [accessory]
 * @returns {Rect}
 */
export function withAccessory(frame, accessory = ACCESSORY_HEIGHT) {
  return { ...frame, y: frame.y - accessory, height: frame.height + accessory };
}

/**
 * The keyboard as drawn with the accessory view the service put on top of it (`layout.inputAccessoryView.frame`,
 * from the keyboard's top to its bottom); `frame` itself when the answer has no accessory view on screen.
 * @param {Rect} frame the keyboard's frame, as the catalogue gives it
 * @param {ContainerLayout | undefined} layout the answer's `container`
 * @returns {Rect}
 */
export function keyboardWithAccessory(frame, layout) {
  const accessory = layout?.inputAccessoryView?.frame;
  if (!accessory) return frame;
  return { ...frame, y: accessory.y, height: frame.y + frame.height - accessory.y };
}

/**
 * Where the mock keyboard waits when there is none to show: below the screen, as wide.
 * @param {Size} screen
 * @returns {Rect}
 */
export function parkedKeyboard({ width, height }) {
  return { x: 0, y: height, width, height: 0 };
}

/**
 * Whether a keyboard frame floats: its bottom more than a point above the screen's bottom edge.
 * @param {Rect} frame
 * @param {number} screenHeight
 */
export function isFloating(frame, screenHeight) {
  return frame.y + frame.height < screenHeight - 1;
}

/**
 * Where a keyboard goes when it hides: below the screen, or (floating) where it is, faded out.
 * @param {Rect} frame
 * @param {number} screenHeight
 * @returns {Rect}
 */
export function hiddenFrame(frame, screenHeight) {
  return isFloating(frame, screenHeight) ? frame : { ...frame, y: screenHeight };
}

/**
 * The mock keyboard's CSS for `frame`: shown, or hidden (below the screen, or a floating one faded out in place).
 * @param {Rect} frame
 * @param {boolean} visible
 * @param {number} screenHeight
 * @returns {Record<string, string>}
 */
export function keyboardKeyframe(frame, visible, screenHeight) {
  const shown = { left: `${frame.x}px`, top: `${frame.y}px`, width: `${frame.width}px`, height: `${frame.height}px` };
  if (visible) return { ...shown, opacity: "1" };
  if (isFloating(frame, screenHeight)) return { ...shown, opacity: "0" };
  return { ...shown, top: `${screenHeight}px`, opacity: "1" };
}

/**
 * The chat's composer where it is laid out before any keyboard: on the bottom safe area, as wide as the screen.
 * Only its size and horizontal place matter to the service.
 * @param {Size} screen
 * @param {number} safeBottom
 * @returns {Rect}
 */
export function composerFrame({ width, height }, safeBottom) {
  return { x: 0, y: height - safeBottom - COMPOSER_HEIGHT, width, height: COMPOSER_HEIGHT };
}

/**
 * The offset that shows the end of the content, clear of the bottom inset: where a chat opens.
 * @param {number} contentHeight
 * @param {number} adjustedBottom `adjustedContentInset.bottom`
 * @param {number} screenHeight
 */
export function contentEndOffset(contentHeight, adjustedBottom, screenHeight) {
  return contentHeight + adjustedBottom - screenHeight;
}

/**
 * A release's vertical velocity in pt/s, downward positive: over the samples of the last `window` ms before the
 * newest, 0 when they span no time.
 * @param {{ time: number, y: number }[]} samples in time order
 * @param {number} [window]
 */
export function releaseVelocity(samples, window = VELOCITY_WINDOW) {
  if (!samples.length) return 0;
  const recent = samples.filter((sample) => sample.time >= samples[samples.length - 1].time - window);
  const first = recent[0];
  const last = recent[recent.length - 1];
  return last.time > first.time ? ((last.y - first.y) / (last.time - first.time)) * 1000 : 0;
}

/**
 * The scale that fits the phones (`screens`, each in points or dp, drawn with a bezel) side by side on a stage of
 * `stage` px, 24 px apart, leaving `below` px under them and 16 px around; never above 1, nor below 0.2.
 * @param {Size[]} screens
 * @param {Size} stage
 * @param {number} below
 */
export function stageFit(screens, stage, below) {
  const outers = screens.map(({ width, height }) => ({ width: width + 2 * BEZEL, height: height + 2 * BEZEL }));
  const gaps = 24 * (screens.length - 1);
  const width = outers.reduce((sum, outer) => sum + outer.width, 0);
  const height = Math.max(...outers.map((outer) => outer.height));
  const scale = Math.min(1, (stage.width - 32 - gaps) / width, (stage.height - 32 - below) / height);
  return { scale, drawn: Math.max(scale, 0.2), outers };
}

/**
 * The Android numbers a scene needs from `entry`, each the newest for the orientation (and the navigation mode):
 * the status bar, the navigation bar and the IME; null where the catalogue has none.
 * @param {AndroidDeviceEntry} entry
 * @param {DeviceOrientation} orientation
 * @param {string} navigationMode
 * @returns {AndroidMeasurements}
 */
export function androidMeasurementsFor(entry, orientation, navigationMode) {
  /** @type {<T extends AndroidHeight>(list: T[]) => T | null} */
  const held = (list) => newest(list.filter((item) => item.orientation === orientation));
  return {
    statusBar: held(entry.statusBars),
    navigationBar: held(entry.navigationBars.filter((bar) => bar.mode === navigationMode)),
    ime: held(entry.imes),
  };
}

/**
 * The Android window as laid out with the IME hidden, in dp and window coordinates: the app bar under the status
 * bar, the list from there to the navigation bar (less `composer`, the chat's composer above it), and the IME's
 * frame at the window's bottom. Null without the bars.
 * @param {AndroidMeasurements} measurements
 * @param {Size} screen held as the scene is
 * @param {number} composer the composer's height under the list, 0 without one
 * @returns {AndroidScene | null}
 */
export function androidScene({ statusBar, navigationBar, ime }, { width, height }, composer) {
  if (!statusBar || !navigationBar) return null;
  const top = statusBar.height + APP_BAR_HEIGHT;
  const bottom = height - navigationBar.height - composer;
  const frame = { x: 0, y: top, width, height: bottom - top };
  const imeFrame = ime ? { x: 0, y: height - ime.height, width, height: ime.height } : null;
  return { width, height, statusBar: statusBar.height, navigationBar: navigationBar.height, frame, imeFrame };
}
