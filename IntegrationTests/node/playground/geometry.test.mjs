// The playground's arithmetic (playground/geometry.js) with no page and no server: the catalogue's measurements a
// scene takes, where the mock keyboard goes, how the phones fit the stage, a release's velocity and the Android
// window's layout, each against numbers worked out by hand from the catalogue's iPhone 15, iPhone SE, iPad Air and
// Pixel 9.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { IPAD_AIR_11_M2, IPHONE_15, IPHONE_SE_3, MODULES, PIXEL_9 } from "./catalogue.mjs";

const geometry = await import(new URL("geometry.js", MODULES).href);

/** `actual` within a millionth of `expected`: sums of decimal dp such as 923.43 - 24 are not exact in binary. */
function near(actual, expected) {
  assert.ok(Math.abs(actual - expected) < 1e-6, `${actual} is not ${expected}`);
}

describe("numbers and releases", () => {
  test("round keeps hundredths, as every number on the page is printed", () => {
    assert.equal(geometry.round(301.3333), 301.33);
    assert.equal(geometry.round(2 / 3), 0.67);
    assert.equal(geometry.round(-12.5), -12.5);
    assert.equal(geometry.round(241), 241);
  });

  test("a screen held in landscape swaps its portrait width and height", () => {
    assert.deepEqual(geometry.heldSize(IPHONE_15.screen, "landscape"), { width: 852, height: 393 });
    assert.deepEqual(geometry.heldSize(IPHONE_15.screen, "portrait"), { width: 393, height: 852 });
  });

  test("releases compare part by part, a missing part being 0", () => {
    assert.ok(geometry.compareSystems("18", "26.5") < 0);
    assert.equal(geometry.compareSystems("26.5", "26"), 5);
    assert.equal(geometry.compareSystems("26.0", "26"), 0);
    assert.equal(geometry.compareSystems("27", "26.5"), 1);
  });

  test("the newest measurement has the greatest release; one naming none comes last; the first of equals wins", () => {
    const portrait = IPHONE_SE_3.safeAreas.filter((area) => area.orientation === "portrait");
    assert.equal(geometry.newest(portrait).source, "device-preview-probe");
    const unnamed = [{ system: null, id: "a" }, { system: null, id: "b" }];
    assert.equal(geometry.newest(unnamed).id, "a");
    const equals = [{ system: "16", id: "a" }, { system: "16", id: "b" }, { system: "15", id: "c" }];
    assert.equal(geometry.newest(equals).id, "a");
    assert.equal(geometry.newest([]), null);
  });
});

describe("the catalogue's measurements for a scene", () => {
  test("the safe area held each way", () => {
    assert.deepEqual(geometry.safeAreaFor(IPHONE_15, "portrait").insets, { top: 59, left: 0, bottom: 34, right: 0 });
    assert.deepEqual(geometry.safeAreaFor(IPHONE_15, "landscape").insets, { top: 0, left: 59, bottom: 20, right: 59 });
    assert.equal(geometry.safeAreaFor(IPAD_AIR_11_M2, "landscape"), null);
    assert.equal(geometry.safeAreaFor(null, "portrait"), null);
  });

  test("the keyboard the toggles ask for, or none where the catalogue has none", () => {
    const docked = { predictive: true, type: "standard", mode: "docked" };
    const portrait = geometry.keyboardFor(IPHONE_15, "portrait", docked);
    assert.deepEqual(portrait.frame, { x: 0, y: 517, width: 393, height: 335 });
    const landscape = geometry.keyboardFor(IPHONE_15, "landscape", docked);
    assert.deepEqual(landscape.frame, { x: 0, y: 185, width: 852, height: 208 });
    assert.equal(geometry.keyboardFor(IPHONE_15, "portrait", { ...docked, predictive: false }), null);
    assert.equal(geometry.keyboardFor(IPHONE_15, "portrait", { ...docked, mode: "hardware" }), null);
    assert.equal(geometry.keyboardFor(IPAD_AIR_11_M2, "portrait", docked), null);
  });

  test("a keyboard measured with predictive null stands for either state of the bar", () => {
    const bar = { x: 0, y: 1125, width: 820, height: 55 };
    const hardware = { orientation: "portrait", type: "standard", predictive: null, mode: "hardware", frame: bar };
    const entry = { ...IPAD_AIR_11_M2, keyboards: [hardware] };
    for (const predictive of [true, false]) {
      const setting = { predictive, type: "standard", mode: "hardware" };
      assert.equal(geometry.keyboardFor(entry, "portrait", setting), hardware);
    }
  });

  test("the bezel: a Dynamic Island from a 59-pt top inset, a Home button where the bottom inset is 0", () => {
    assert.deepEqual(geometry.bezelLook(IPHONE_15), { homeButton: "false", cutout: "island" });
    assert.deepEqual(geometry.bezelLook(IPHONE_SE_3), { homeButton: "true", cutout: "" });
    // An iPad's 32-pt status bar is no island, and its 25-pt home indicator no Home button.
    assert.deepEqual(geometry.bezelLook(IPAD_AIR_11_M2), { homeButton: "false", cutout: "" });
    // A notch's 47-pt top inset is no island either.
    const insets = { top: 47, left: 0, bottom: 34, right: 0 };
    const notch = { ...IPHONE_15, safeAreas: [{ ...IPHONE_15.safeAreas[0], insets }] };
    assert.deepEqual(geometry.bezelLook(notch), { homeButton: "false", cutout: "" });
    assert.deepEqual(geometry.bezelLook({ ...IPHONE_15, safeAreas: [] }), { homeButton: "", cutout: "" });
  });
});

describe("the mock keyboard", () => {
  const docked = { x: 0, y: 517, width: 393, height: 335 };
  // An iPad's floating keyboard, its bottom 330 pt above the screen's.
  const floating = { x: 250, y: 600, width: 320, height: 250 };

  test("the form's toolbar on top: the iPhone 15's 335-pt keyboard becomes y 473, 379 pt tall", () => {
    assert.deepEqual(geometry.withAccessory(docked), { x: 0, y: 473, width: 393, height: 379 });
    assert.equal(geometry.ACCESSORY_HEIGHT, 44);
  });

  test("the Tab bar app's accessory view where the answer puts it: the keyboard drawn from its top down", () => {
    // docs/containers.md's iPhone 17 Pro: the 335-pt keyboard at y 539, the 44-pt accessory the service put on it.
    const keyboard = { x: 0, y: 539, width: 402, height: 335 };
    const layout = { inputAccessoryView: { frame: { x: 0, y: 495, width: 402, height: 44 } } };
    assert.deepEqual(geometry.keyboardWithAccessory(keyboard, layout), { x: 0, y: 495, width: 402, height: 379 });
    // A hide's answer (no frame), an answer without an accessory or without a container: the keyboard alone.
    assert.deepEqual(geometry.keyboardWithAccessory(keyboard, { inputAccessoryView: { frame: null } }), keyboard);
    assert.deepEqual(geometry.keyboardWithAccessory(keyboard, {}), keyboard);
    assert.deepEqual(geometry.keyboardWithAccessory(keyboard, undefined), keyboard);
  });

  test("with no keyboard to show it waits below the screen, as wide and 0 tall", () => {
    assert.deepEqual(geometry.parkedKeyboard({ width: 393, height: 852 }), { x: 0, y: 852, width: 393, height: 0 });
  });

  test("a keyboard floats when its bottom is more than a point above the screen's", () => {
    assert.equal(geometry.isFloating(docked, 852), false);
    assert.equal(geometry.isFloating({ ...docked, y: 516.5 }, 852), false);
    assert.equal(geometry.isFloating({ ...docked, y: 515 }, 852), true);
    assert.equal(geometry.isFloating(floating, 1180), true);
  });

  test("a docked keyboard hides below the screen; a floating one where it is", () => {
    assert.deepEqual(geometry.hiddenFrame(docked, 852), { x: 0, y: 852, width: 393, height: 335 });
    assert.deepEqual(geometry.hiddenFrame(floating, 1180), floating);
  });

  test("its CSS: shown at its frame; hidden below the screen, or faded out in place when floating", () => {
    const shown = { left: "0px", top: "517px", width: "393px", height: "335px" };
    assert.deepEqual(geometry.keyboardKeyframe(docked, true, 852), { ...shown, opacity: "1" });
    assert.deepEqual(geometry.keyboardKeyframe(docked, false, 852), { ...shown, top: "852px", opacity: "1" });
    assert.deepEqual(geometry.keyboardKeyframe(floating, false, 1180), {
      left: "250px",
      top: "600px",
      width: "320px",
      height: "250px",
      opacity: "0",
    });
  });
});

describe("the chat", () => {
  test("the 50-pt composer sits on the bottom safe area: y 852 - 34 - 50 = 768 on the iPhone 15", () => {
    assert.deepEqual(geometry.composerFrame({ width: 393, height: 852 }, 34), { x: 0, y: 768, width: 393, height: 50 });
  });

  test("a chat opens at the end of its content, clear of the bottom inset", () => {
    // 2000 pt of messages, 84 pt of adjusted inset (the composer and the home indicator) on an 852-pt screen.
    assert.equal(geometry.contentEndOffset(2000, 84, 852), 1232);
  });

  test("a release's velocity is measured over the last 100 ms of the drag, in pt/s", () => {
    const samples = [
      { time: 0, y: 100 },
      { time: 50, y: 110 },
      { time: 150, y: 200 },
      { time: 200, y: 300 },
    ];
    // From 150 ms (200 - 100 is 100; the sample at 150 is the first in the window) to 200 ms: 100 pt in 50 ms.
    assert.equal(geometry.releaseVelocity(samples), 2000);
    // A wider window reaches back to the sample at 50 ms: 190 pt in 150 ms.
    near(geometry.releaseVelocity(samples, 150), (190 / 150) * 1000);
    // Upward is negative.
    assert.equal(geometry.releaseVelocity([{ time: 0, y: 300 }, { time: 40, y: 280 }]), -500);
    assert.equal(geometry.releaseVelocity([{ time: 10, y: 300 }]), 0);
    assert.equal(geometry.releaseVelocity([]), 0);
  });
});

describe("the stage", () => {
  test("one iPhone 15 on a 1200 × 1000 stage with 100 px under it: the height decides, 868 / 876", () => {
    const fit = geometry.stageFit([{ width: 393, height: 852 }], { width: 1200, height: 1000 }, 100);
    assert.deepEqual(fit.outers, [{ width: 417, height: 876 }]);
    near(fit.scale, 868 / 876);
    assert.equal(fit.drawn, fit.scale);
  });

  test("two phones side by side, 24 px apart: the taller Pixel 9 decides", () => {
    const screens = [
      { width: 393, height: 852 },
      { width: 411.43, height: 923.43 },
    ];
    const fit = geometry.stageFit(screens, { width: 1000, height: 800 }, 150);
    near(fit.outers[1].height, 947.43);
    // Widths: (1000 - 32 - 24) / (417 + 435.43) = 1.107; heights: (800 - 32 - 150) / 947.43 = 0.652.
    near(fit.scale, 618 / 947.43);
  });

  test("a large stage never scales up, and a tiny one draws no smaller than a fifth", () => {
    assert.equal(geometry.stageFit([{ width: 393, height: 852 }], { width: 4000, height: 4000 }, 0).scale, 1);
    const tiny = geometry.stageFit([{ width: 393, height: 852 }], { width: 100, height: 100 }, 0);
    near(tiny.scale, 68 / 876);
    assert.equal(tiny.drawn, 0.2);
  });
});

describe("the Android window", () => {
  test("the Pixel 9's bars and IME, held each way and by navigation mode", () => {
    const gesture = geometry.androidMeasurementsFor(PIXEL_9, "portrait", "gesture");
    assert.deepEqual([gesture.statusBar.height, gesture.navigationBar.height, gesture.ime.height], [54, 24, 336]);
    const buttons = geometry.androidMeasurementsFor(PIXEL_9, "portrait", "threeButton");
    assert.equal(buttons.navigationBar.height, 48);
    const landscape = geometry.androidMeasurementsFor(PIXEL_9, "landscape", "threeButton");
    assert.equal(landscape.navigationBar, null);
    assert.deepEqual([landscape.statusBar.height, landscape.ime.height], [52, 252]);
  });

  test("the list runs from under the 64-dp app bar to the navigation bar; the IME sits at the window's bottom", () => {
    const measurements = geometry.androidMeasurementsFor(PIXEL_9, "portrait", "gesture");
    const scene = geometry.androidScene(measurements, { width: 411.43, height: 923.43 }, 0);
    assert.equal(scene.statusBar, 54);
    assert.equal(scene.navigationBar, 24);
    // 54 + 64 = 118 down; 923.43 - 24 - 118 = 781.43 tall.
    assert.equal(scene.frame.y, 118);
    near(scene.frame.height, 781.43);
    assert.equal(scene.imeFrame.height, 336);
    near(scene.imeFrame.y, 587.43);
    // On the chat the 50-dp composer takes the list's bottom.
    near(geometry.androidScene(measurements, { width: 411.43, height: 923.43 }, 50).frame.height, 731.43);
  });

  test("without a bar there is no window to lay out, without the IME's height no IME frame", () => {
    const none = geometry.androidMeasurementsFor(PIXEL_9, "landscape", "threeButton");
    assert.equal(geometry.androidScene(none, { width: 923.43, height: 411.43 }, 0), null);
    const gesture = geometry.androidMeasurementsFor(PIXEL_9, "portrait", "gesture");
    const noIme = geometry.androidScene({ ...gesture, ime: null }, { width: 411.43, height: 923.43 }, 0);
    assert.equal(noIme.imeFrame, null);
  });
});
