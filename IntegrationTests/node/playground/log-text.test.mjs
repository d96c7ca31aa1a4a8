// The notification log's text (playground/log-text.js), with no page and no server: NSLog's prefixes and
// `userInfo` dictionaries as Xcode prints them, the sample console for the iPhone 15, how a pasted log is read and
// placed on the session's clock, and the excerpt under a refused line.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { MODULES } from "./catalogue.mjs";

const logText = await import(new URL("log-text.js", MODULES).href);

/** `actual` within a microsecond (in ms) of `expected`: printed times are decimal fractions of a second. */
function near(actual, expected) {
  assert.ok(Math.abs(actual - expected) < 1e-3, `${actual} is not ${expected}`);
}

const PROCESS = "+0100 Notes[4182:1204567]";
const SCREEN = { width: 393, height: 852 };
const IPHONE_15 = { keyboardHeight: 335, accessory: 0, screen: SCREEN, family: "iPhone", landscape: false };

describe("as NSLog prints", () => {
  test("the prefix: the sample's clock (09:41:02.117482) moved by the offset, to the microsecond", () => {
    assert.equal(logText.nslogPrefix(0), `2024-03-18 09:41:02.117482${PROCESS}`);
    assert.equal(logText.nslogPrefix(-214.93), `2024-03-18 09:41:01.902552${PROCESS}`);
    assert.equal(logText.nslogPrefix(3810.918), `2024-03-18 09:41:05.928400${PROCESS}`);
    // Past the minute: 2.117482 s + 58 s.
    assert.equal(logText.nslogPrefix(58000), `2024-03-18 09:42:00.117482${PROCESS}`);
  });

  test("NSStringFromCGRect, numbers to hundredths without trailing zeros", () => {
    assert.equal(logText.rectString({ x: 0, y: 517, width: 393, height: 335 }), "{{0, 517}, {393, 335}}");
    assert.equal(logText.rectString({ x: 0, y: 698.456, width: 390, height: 145.5 }), "{{0, 698.46}, {390, 145.5}}");
  });

  test("a show's userInfo: keys sorted, the legacy bounds and centres, a fractional duration quoted", () => {
    const lines = logText.userInfoLines({
      begin: { x: 0, y: 852, width: 393, height: 335 },
      end: { x: 0, y: 517, width: 393, height: 335 },
    });
    assert.deepEqual(lines, [
      "{",
      "    UIKeyboardAnimationCurveUserInfoKey = 7;",
      '    UIKeyboardAnimationDurationUserInfoKey = "0.25";',
      '    UIKeyboardBoundsUserInfoKey = "NSRect: {{0, 0}, {393, 335}}";',
      '    UIKeyboardCenterBeginUserInfoKey = "NSPoint: {196.5, 1019.5}";',
      '    UIKeyboardCenterEndUserInfoKey = "NSPoint: {196.5, 684.5}";',
      '    UIKeyboardFrameBeginUserInfoKey = "NSRect: {{0, 852}, {393, 335}}";',
      '    UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 517}, {393, 335}}";',
      "    UIKeyboardIsLocalUserInfoKey = 1;",
      "}",
    ]);
  });

  test("a zero end frame has no bounds or centres, a whole duration goes bare, `local: null` no key", () => {
    const lines = logText.userInfoLines({
      begin: { x: 0, y: 517, width: 393, height: 335 },
      end: { x: 0, y: 0, width: 0, height: 0 },
      duration: 0,
      local: null,
    });
    assert.deepEqual(lines, [
      "{",
      "    UIKeyboardAnimationCurveUserInfoKey = 7;",
      "    UIKeyboardAnimationDurationUserInfoKey = 0;",
      '    UIKeyboardFrameBeginUserInfoKey = "NSRect: {{0, 517}, {393, 335}}";',
      '    UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 0}, {0, 0}}";',
      "}",
    ]);
  });
});

describe("the sample console", () => {
  const sample = logText.sampleConsole(IPHONE_15);
  const lines = sample.trimEnd().split("\n");

  test("opens with the system's keyplane line, 214.93 ms before the first notification", () => {
    assert.equal(
      lines[0],
      `2024-03-18 09:41:01.902552${PROCESS} Can't find keyplane that supports type 4 for keyboard ` +
        "iPhone-PortraitChoco-NumberPad; using 27303_PortraitChoco_iPhone-Simple-Pad_Default",
    );
    assert.equal(lines[1], `2024-03-18 09:41:02.117482${PROCESS} -[ComposeViewController keyboardWillShow:] {`);
    assert.ok(sample.endsWith("}\n"));
  });

  test("thirteen notifications: twelve of ten lines, the zero frame's of six, and two lines of the system's", () => {
    const opened = lines.filter((line) => line.endsWith(" {"));
    assert.equal(opened.length, 13);
    assert.equal(lines.length, 2 + 12 * 10 + 6);
    assert.ok(lines.some((line) => line.includes("userInfo: {")), "the handler that names no notification");
    assert.ok(lines.some((line) => line.includes("perform input operation requires a valid sessionID")));
  });

  test("the keyboards: the catalogue's 335 pt at y 517, the third-party 248 pt (74 %) and 302 pt (90 %)", () => {
    assert.ok(sample.includes('UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 517}, {393, 335}}";'));
    assert.ok(sample.includes('UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 604}, {393, 248}}";'));
    assert.ok(sample.includes('UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 550}, {393, 302}}";'));
    // The password manager's hide: below the screen, at once, and its Did.
    assert.equal(sample.split('UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 852}, {393, 335}}";').length - 1, 2);
    assert.equal(sample.split("UIKeyboardAnimationDurationUserInfoKey = 0;").length - 1, 2);
    // Another app's keyboard, not local.
    assert.equal(sample.split("UIKeyboardIsLocalUserInfoKey = 0;").length - 1, 1);
  });

  test("on the form the toolbar is part of each frame; in landscape the keyplane says so", () => {
    const form = logText.sampleConsole({ ...IPHONE_15, accessory: 44 });
    assert.ok(form.includes('UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 473}, {393, 379}}";'));
    assert.ok(form.includes('UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 560}, {393, 292}}";'));
    const landscape = logText.sampleConsole({
      keyboardHeight: 208,
      accessory: 0,
      screen: { width: 852, height: 393 },
      family: "iPhone",
      landscape: true,
    });
    assert.ok(landscape.includes("keyboard iPhone-LandscapeChoco-NumberPad; using 27303_LandscapeChoco_iPhone-"));
    assert.ok(landscape.includes('UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 185}, {852, 208}}";'));
  });

  test("its printed times span 214.93 + 3810.918 ms", () => {
    near(logText.printedSpan(sample), 4025.848);
  });
});

describe("a pasted log", () => {
  const notification = {
    name: "UIKeyboardWillShowNotification",
    userInfo: { UIKeyboardFrameEndUserInfoKey: "NSRect: {{0, 517}, {393, 335}}" },
  };

  test("JSON (an array, or {notifications}) goes as JSON; anything else as the text it is", () => {
    assert.deepEqual(logText.readLog(JSON.stringify([notification])), { log: [notification] });
    const wrapped = `  ${JSON.stringify({ notifications: [notification] })}`;
    assert.deepEqual(logText.readLog(wrapped), { log: [notification] });
    const dictionary = "{\n    UIKeyboardAnimationCurveUserInfoKey = 7;\n}";
    for (const text of ['{"notifications": 3}', dictionary, "[broken", "hello"]) {
      assert.deepEqual(logText.readLog(text), { text });
    }
  });

  test("the span NSLog's prefixes print, across time zones; none or one prefix is no span", () => {
    const text = "2024-03-18 09:41:02.000000+0100 App[1:2] a\nnoise\n2024-03-18 08:41:03.500000+0000 App[1:2] b\n";
    near(logText.printedSpan(text), 1500);
    assert.equal(logText.printedSpan("2024-03-18 09:41:02.000000+0100 App[1:2] a\n"), 0);
    assert.equal(logText.printedSpan("no prefix here\n"), 0);
  });

  test("a timed JSON log ends now, its distances kept; or starts right after a later last event", () => {
    const log = [
      { ...notification, timestamp: 1000 },
      { ...notification, timestamp: 1250 },
    ];
    const now = logText.placeLog({ log }, 0, 5000);
    assert.deepEqual([now.base, now.start, now.sent.map((entry) => entry.timestamp)], [4750, undefined, [4750, 5000]]);
    const later = logText.placeLog({ log }, 4900, 5000);
    assert.deepEqual([later.base, later.sent.map((entry) => entry.timestamp)], [4900, [4900, 5150]]);
    assert.equal(log[0].timestamp, 1000, "the pasted log is left as it was");
  });

  test("a partly timed JSON log starts now, with `start`; its timestamps keep their distances", () => {
    const log = [{ ...notification, timestamp: 200 }, notification, { ...notification, timestamp: 300 }];
    const placed = logText.placeLog({ log }, 0, 5000);
    assert.deepEqual([placed.base, placed.start], [5000, 5000]);
    assert.deepEqual(
      placed.sent.map((entry) => entry.timestamp),
      [5000, undefined, 5100],
    );
  });

  test("console text goes as pasted, `start` placing its printed span to end now, or after the last event", () => {
    const text = logText.sampleConsole(IPHONE_15);
    const placed = logText.placeLog({ text }, 0, 10000);
    assert.equal(placed.sent, text);
    near(placed.base, 10000 - 4025.848);
    assert.equal(placed.start, placed.base);
    assert.deepEqual(logText.placeLog({ text }, 8000, 10000), { sent: text, base: 8000, start: 8000 });
  });
});

describe("words and excerpts", () => {
  test("counts of lines, and short key names", () => {
    assert.equal(logText.lines(1), "1 line");
    assert.equal(logText.lines(0), "0 lines");
    assert.equal(logText.lines(12), "12 lines");
    assert.equal(logText.shortKey("UIKeyboardCenterEndUserInfoKey"), "CenterEnd");
    assert.equal(logText.shortKey("UIKeyboardFrameBeginUserInfoKey"), "FrameBegin");
  });

  test("the selection of lines: from the first's start to the last's end", () => {
    const text = "a\nbb\nccc\n";
    assert.deepEqual(logText.lineRange(text, 2), { from: 2, to: 4 });
    assert.deepEqual(logText.lineRange(text, 2, 3), { from: 2, to: 8 });
    assert.deepEqual(logText.lineRange(text, 1), { from: 0, to: 1 });
  });

  test("a refused line with a caret under its column", () => {
    const line = '\tUIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 517}}";';
    // The tab shows as one space after the gutter `12 | `; column 2 is the key's first letter.
    const excerpt = logText.excerptText(line, 12, 2);
    assert.equal(excerpt, '12 |  UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 517}}";\n   |  ^');
    const [shown, caret] = excerpt.split("\n");
    assert.equal(shown[caret.indexOf("^")], "U");
  });

  test("a column past 40 cuts the line 30 characters before it, an ellipsis in their place", () => {
    const line = "0123456789".repeat(6);
    const [shown, caret] = logText.excerptText(line, 7, 50).split("\n");
    assert.equal(shown, `7 | …${line.slice(20)}`);
    // Column 50 is the character "9" at index 49, shown after the gutter and the ellipsis at position 4 + 1 + 29.
    assert.equal(caret, `  | ${" ".repeat(30)}^`);
    assert.equal(shown[caret.indexOf("^")], "9");
  });
});
