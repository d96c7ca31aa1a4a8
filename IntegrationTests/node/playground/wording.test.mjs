// What the playground says (playground/wording.js), with no page and no server: the status lines for the answers
// openapi.yaml and docs/containers.md give as examples (an iPad's measured form sheet, an Android dialog and bottom
// sheet among them), a refusal as the service words it, the line naming who published the iPhone 15's numbers, and
// the note on what the catalogue lacks.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { IPHONE_15, MODULES } from "./catalogue.mjs";

const wording = await import(new URL("wording.js", MODULES).href);

const edges = (top, bottom) => ({ top, left: 0, bottom, right: 0 });

describe("the status line", () => {
  // openapi.yaml's stateless show: an iPhone 14's 336-pt keyboard over a 34-pt home indicator area.
  const show = {
    contentInset: edges(0, 302),
    adjustedContentInset: edges(47, 336),
    contentOffset: { x: 0, y: 246 },
    keyboardOverlap: 336,
    keyboardDocked: true,
  };

  test("a show: the overlap less the safe area UIKit adds is the inset", () => {
    assert.equal(
      wording.explain(show, "show"),
      "Overlap 336 pt minus the 34 pt of safe area UIKit already adds: contentInset.bottom 302; contentOffset.y 246.",
    );
  });

  test("a hide: the offset it leaves", () => {
    // openapi.yaml's stateless hide.
    const hide = {
      ...show,
      contentInset: edges(0, 0),
      adjustedContentInset: edges(47, 34),
      contentOffset: { x: 0, y: 309 },
    };
    assert.equal(wording.explain(hide, "hide"), "Hidden: the base insets come back, contentOffset.y 309.");
  });

  // docs/containers.md: an iPhone 17 Pro's 335-pt keyboard over its tab bar (49 pt) and home indicator (34 pt).
  const underTabBar = {
    contentInset: edges(0, 252),
    adjustedContentInset: edges(116, 335),
    contentOffset: { x: 0, y: 1415 },
    keyboardOverlap: 335,
    keyboardDocked: true,
    container: {
      scrollView: { frame: { x: 0, y: 0, width: 402, height: 874 }, safeAreaInsets: edges(116, 83) },
      viewSafeAreaInsets: edges(116, 83),
      navigationBar: { frame: { x: 0, y: 62, width: 402, height: 54 } },
      tabBar: { frame: { x: 0, y: 791, width: 402, height: 83 } },
    },
  };

  test("under a tab bar: the bar is part of the safe area the keyboard covers, counted once", () => {
    assert.equal(
      wording.explain(underTabBar, "show"),
      "Overlap 335 pt minus the 83 pt of safe area UIKit already adds (the tab bar's 83 pt to the screen's bottom, " +
        "under the keyboard): contentInset.bottom 252; contentOffset.y 1415.",
    );
  });

  test("the bars after a PATCH: each one's height or hidden, the safe area and the inset they make", () => {
    const { container } = underTabBar;
    const scrollView = { ...container.scrollView, safeAreaInsets: edges(116, 34) };
    const hidden = {
      containerLayout: { ...container, scrollView, tabBar: { frame: null } },
      target: { ...underTabBar, contentInset: edges(0, 301) },
    };
    assert.equal(
      wording.explainBars(hidden, true),
      "Navigation bar 54 pt, tab bar hidden: the scroll view's safe area 116/34, contentInset.bottom 301, " +
        "re-targeted at once.",
    );
    assert.equal(wording.explainBars({ target: underTabBar }, false), "No container in this session.");
  });

  test("a refused request: each error with its pointer, as the service words it", () => {
    // The service's answer to a Tab bar app's session on an iPhone in landscape (iOS 26.5), messages shortened.
    const problem = {
      type: "/problems/validation-failed",
      title: "Invalid request",
      status: 400,
      detail: "2 fields are invalid",
      errors: [
        { pointer: "/container/navigationBar/height", message: "is required: no height in landscape" },
        { pointer: "/container/tabBar/height", message: "is required: the sources disagree" },
      ],
    };
    assert.equal(
      wording.problemText(400, problem, "ignored"),
      "400 Invalid request: /container/navigationBar/height: is required: no height in landscape; " +
        "/container/tabBar/height: is required: the sources disagree",
    );
    // A text body's errors have a line and a column, not a pointer.
    const text = {
      ...problem,
      errors: [
        { line: 3, column: 7, message: "expected a number" },
        { line: 9, column: 1, message: "an unclosed brace" },
      ],
    };
    assert.equal(
      wording.problemText(400, text, ""),
      "400 Invalid request: line 3, column 7: expected a number; line 9, column 1: an unclosed brace",
    );
    // A single error, or none: the detail, which says it in full.
    const one = { ...problem, detail: "/container/tabBar/height: is required", errors: [problem.errors[1]] };
    assert.equal(wording.problemText(400, one, ""), "400 Invalid request: /container/tabBar/height: is required");
    const gone = { type: "/problems/session-not-found", title: "Session not found", status: 404, detail: "No such" };
    assert.equal(wording.problemText(404, gone, ""), "404 Session not found: No such");
  });

  test("an undocked keyboard makes no room", () => {
    assert.equal(
      wording.explain({ ...show, keyboardDocked: false }, "show"),
      "Undocked keyboard: nothing to make room for (followsUndockedKeyboard is off).",
    );
  });

  // openapi.yaml's Android show and hide: a 412 × 915 window, three-button navigation, adjustResize with the
  // callback, a 400-dp IME.
  const androidShow = {
    platform: "android",
    windowInsets: { ime: edges(0, 400) },
    layoutChange: "resize",
    scrollView: { frame: { x: 0, y: 80, width: 412, height: 435 } },
    contentPadding: { bottom: 0 },
    windowPan: { y: 0 },
    contentOffset: { x: 0, y: 241 },
    animation: { synced: true, interpolator: "PathInterpolator(0.2, 0, 0, 1)", cssDuration: 285, layout: "followsIme" },
  };

  test("an Android show: the list resized to the IME's top, the layout following the IME", () => {
    assert.equal(
      wording.explainAndroid(androidShow, true),
      "ime().bottom 400 dp: the list resized to 435 dp, scroll 241 " +
        "(the IME over 285 ms on PathInterpolator(0.2, 0, 0, 1), the layout following it).",
    );
  });

  test("an Android hide without the callback: the layout at once", () => {
    const hide = {
      ...androidShow,
      windowInsets: { ime: edges(0, 0) },
      scrollView: { frame: { x: 0, y: 80, width: 412, height: 787 } },
      animation: { synced: false, interpolator: "PathInterpolator(0.4, 0, 1, 1)", cssDuration: 200, layout: "atOnce" },
    };
    assert.equal(
      wording.explainAndroid(hide, false),
      "IME hidden: the list resized to 787 dp, scroll 241 (the IME over 200 ms on PathInterpolator(0.4, 0, 1, 1), " +
        "the layout at once).",
    );
  });

  test("an Android window that pans and pads says both", () => {
    const padding = { layoutChange: "padding", contentPadding: { bottom: 352 }, windowPan: { y: 120.5 } };
    const panned = { ...androidShow, ...padding };
    assert.equal(
      wording.explainAndroid(panned, true),
      "ime().bottom 400 dp: the list padded by 352 dp, the window panned up 120.5 dp, scroll 241 " +
        "(the IME over 285 ms on PathInterpolator(0.2, 0, 0, 1), the layout following it).",
    );
  });
});

describe("the sheet", () => {
  // docs/containers.md's worked example: an iPhone 17 Pro (iOS 26.5, top safe area 62) with a sheet of detents
  // medium and large and a navigation bar; the service's show answer, shortened.
  const sheetFrame = { x: 0, y: 62, width: 402, height: 812 };
  const expanded = { style: "sheet", frame: sheetFrame, detent: "large", expandedFrom: "medium" };
  const iOS26 = { release: "26.5", windowTop: 62 };
  const inSheet = {
    contentInset: edges(0, 301),
    adjustedContentInset: edges(70, 335),
    contentOffset: { x: 0, y: 1477 },
    keyboardOverlap: 335,
    keyboardDocked: true,
    container: {
      scrollView: { frame: sheetFrame, safeAreaInsets: edges(70, 34) },
      viewSafeAreaInsets: edges(70, 34),
      navigationBar: { frame: { x: 0, y: 62, width: 402, height: 70 } },
      presentation: expanded,
    },
  };
  // The same sheet with `large` alone on an iPhone XS (iOS 18, top safe area 44): 10 pt below it, 56-pt bar.
  const iOS18 = { release: "18", windowTop: 44 };
  const placed = { style: "sheet", frame: { x: 0, y: 54, width: 375, height: 758 }, detent: "large" };

  test("a show in a sheet: where the sheet is and the report that puts it there, then the inset", () => {
    assert.equal(
      wording.explain(inSheet, "show", iOS26),
      "Sheet at large, y 62, 812 pt tall, where a focused field expands it from medium (iOS 26, FB17890661). " +
        "Overlap 335 pt minus the 34 pt of safe area UIKit already adds (the home indicator's area, which the " +
        "sheet covers): contentInset.bottom 301; contentOffset.y 1477.",
    );
    // Without the scene the line is the insets' alone.
    assert.match(wording.explain(inSheet, "show"), /^Overlap 335 pt/);
  });

  test("a sheet the keyboard did not move: its top against the top safe area, which the release sets", () => {
    assert.equal(
      wording.sheetSentence(placed, iOS18),
      "Sheet at large, y 54, 758 pt tall, 10 pt below the top safe area (iOS 18)",
    );
    assert.equal(
      wording.sheetSentence({ ...expanded, expandedFrom: undefined }, iOS26),
      "Sheet at large, y 62, 812 pt tall, at the top safe area (iOS 26)",
    );
    const landscape = { style: "fullScreen", frame: { x: 0, y: 0, width: 874, height: 402 } };
    assert.equal(
      wording.sheetSentence(landscape, { release: null, windowTop: 0 }),
      "Full screen, 874 × 402 pt: an iPhone in landscape has a compact height, where a sheet is full screen",
    );
  });

  test("the tag: resting at an unpublished height, expanded with the keyboard, kept after the hide", () => {
    const at = (keyboardUp, expanded) => ({ ...iOS26, keyboardUp, expanded });
    const resting = "rests at medium (height unpublished) · drawn at large";
    assert.equal(wording.sheetTag(expanded, at(false, false)), resting);
    assert.equal(wording.sheetTag(expanded, at(true, true)), "large · expanded from medium (iOS 26, FB17890661)");
    assert.equal(
      wording.sheetTag(expanded, at(false, true)),
      "large · kept after the hide (no source says it returns to medium)",
    );
    assert.equal(
      wording.sheetTag(placed, { ...iOS18, keyboardUp: false, expanded: false }),
      "large · 10 pt below the top safe area (iOS 18)",
    );
    assert.equal(
      wording.sheetTag({ style: "fullScreen", frame: sheetFrame }, at(false, false)),
      "fullScreen · compact height (landscape)",
    );
    // The medium detent's height is said to be unpublished, in Apple's words, and never given as a number.
    assert.match(wording.MEDIUM_UNPUBLISHED, /not published \(Apple: “approximately half the height of the screen/);
    assert.doesNotMatch(wording.MEDIUM_UNPUBLISHED, /\d+(\.\d+)? ?(pt|points)/);
  });

  test("after a PATCH: the sheet, the navigation bar, the safe area and the inset", () => {
    const session = { containerLayout: inSheet.container, target: inSheet };
    assert.equal(
      wording.explainSheet(session, true, iOS26),
      "Sheet at large, y 62, 812 pt tall, where a focused field expands it from medium (iOS 26, FB17890661); " +
        "navigation bar 70 pt: the scroll view's safe area 70/34, contentInset.bottom 301, re-targeted at once.",
    );
    const scrollView = { frame: sheetFrame, safeAreaInsets: edges(0, 34) };
    const bare = { ...inSheet.container, navigationBar: { frame: null }, scrollView };
    assert.equal(
      wording.explainSheet({ containerLayout: bare, target: { ...inSheet, contentInset: edges(0, 0) } }, false, iOS26),
      "Sheet at large, y 62, 812 pt tall, where a focused field expands it from medium (iOS 26, FB17890661); " +
        "navigation bar none: the scroll view's safe area 0/34, contentInset.bottom 0.",
    );
    assert.equal(wording.explainSheet({ target: inSheet }, false, iOS26), "No presentation in this session.");
  });
});

describe("an iPad's presented view and an Android dialog", () => {
  test("a form sheet or popover at the frame the user measured: said as theirs, and the note gives no number", () => {
    const formSheet = { style: "formSheet", frame: { x: 222, y: 300, width: 580, height: 800 } };
    const scene = { release: "26.5", windowTop: 32, keyboardUp: true, expanded: false };
    assert.equal(wording.sheetTag(formSheet, scene), "formSheet · at the frame measured on the device");
    assert.equal(
      wording.sheetSentence(formSheet, scene),
      "formSheet at the frame measured on the device, x 222, y 300, 580 × 800 pt",
    );
    // An iPhone's sheet with a frame sent: the service gives no detent, and the page says the frame is the user's.
    const measuredSheet = { style: "sheet", frame: { x: 0, y: 100, width: 402, height: 774 } };
    assert.equal(wording.sheetTag(measuredSheet, scene), "sheet · at the frame measured on the device");
    assert.match(wording.FRAME_UNPUBLISHED, /^Enter the frame you measured on the device: Apple publishes none/);
    assert.doesNotMatch(wording.FRAME_UNPUBLISHED, /\d/);
  });

  // docs/containers.md, "Android dialogs": a Pixel 9 (status bar 54, IME 336) with a 400-dp and a 700-dp dialog.
  const dialog = (frame, restingFrame, ime, pan, height, offset) => ({
    container: { presentation: { style: "dialog", frame, restingFrame } },
    windowInsets: { ime: edges(0, ime) },
    windowPan: { y: pan },
    scrollView: { frame: { x: 0, y: 0, width: 360, height } },
    contentOffset: { x: 0, y: offset },
  });
  const at = (y, height) => ({ x: 25.715, y, width: 360, height });

  test("a dialog that fits: moved up above the IME, nothing covered", () => {
    const fits = dialog(at(120.715, 400), at(276.715, 400), 0, 0, 400, 0);
    // round() works in binary floating point: 276.715 is a hair under, so it shows as 276.71.
    assert.equal(
      wording.explainDialog(fits, true),
      "Dialog window at y 120.72, 400 dp tall (at rest y 276.71): above the IME, nothing of it covered, nothing in " +
        "it moves.",
    );
    assert.equal(
      wording.dialogTag(fits.container.presentation, true),
      "dialog at y 120.72, 400 dp tall · moved from y 276.71 for the IME",
    );
    const resting = { style: "dialog", frame: at(276.715, 400), restingFrame: at(276.715, 400) };
    assert.equal(wording.dialogTag(resting, false), "dialog at y 276.71, 400 dp tall · at rest");
  });

  test("a dialog too tall: the IME covers its bottom and its content pans", () => {
    const tall = dialog(at(54, 700), at(126.715, 700), 166.57000000000005, 122.57000000000005, 700, 0);
    assert.equal(
      wording.explainDialog(tall, true),
      "Dialog window at y 54, 700 dp tall (at rest y 126.72): the IME covers 166.57 dp of it, its content panned up " +
        "122.57 dp; the list 700 dp tall, scroll 0.",
    );
    assert.equal(
      wording.explainDialog(tall, false),
      "Dialog window at y 54, 700 dp tall (at rest y 126.72): IME hidden, the window back at rest.",
    );
  });
});

describe("an Android bottom sheet", () => {
  // docs/containers.md, "Android bottom sheets": a Pixel 9 (status bar 54, gesture bar 24, IME 336), the field at
  // content y 500 (or 200 in a 300-dp content).
  const rect = (y, height) => ({ x: 0, y, width: 411.43, height });
  const presentation = (state, frame, contentFrame, restingFrame, shown) => ({
    style: "bottomSheet",
    state,
    frame,
    contentFrame,
    restingFrame,
    restingContentFrame: restingFrame,
    ...(shown ? { focusedRectShown: shown } : {}),
  });
  const sheet = (presented, listHeight, offset) => ({
    container: { presentation: presented },
    windowInsets: { ime: edges(0, 336) },
    windowPan: { y: 0 },
    scrollView: { frame: { x: 0, y: 0, width: 411.43, height: listHeight } },
    contentOffset: { x: 0, y: offset },
  });
  const field = (y) => ({ x: 16, y, width: 300, height: 56 });
  const imeTop = 587.43;

  test("a 300-dp sheet rises above the IME and shows the field whole: no mark", () => {
    const risen = presentation("collapsed", rect(287.43, 300), rect(287.43, 300), rect(599.43, 300), "whole");
    assert.equal(
      wording.bottomSheetTag(risen, true),
      "bottom sheet collapsed at y 287.43 · moved from y 599.43 for the IME",
    );
    const resting = presentation("collapsed", rect(599.43, 300), rect(599.43, 300), rect(599.43, 300));
    assert.equal(wording.bottomSheetTag(resting, false), "bottom sheet collapsed at y 599.43 · at rest");
    assert.equal(
      wording.explainBottomSheet(sheet(risen, 300, 0), true),
      "Bottom sheet collapsed at y 287.43, 300 dp tall (at rest y 599.43), its content 300 dp from y 287.43: " +
        "ime().bottom 336 dp; the list 300 dp tall, scroll 0; the field shows whole (focusedRectShown whole).",
    );
    assert.equal(wording.sheetFieldMark("whole", field(287.43 + 200), imeTop), "");
    assert.equal(wording.sheetFieldMark(undefined, field(287.43 + 200), imeTop), "");
  });

  test("a collapsed 800-dp sheet stays put: the field ends under the IME, and the mark says so", () => {
    const stays = presentation("collapsed", rect(285.429, 533.43), rect(285.429, 533.43), rect(285.429, 800), "none");
    assert.equal(wording.bottomSheetTag(stays, true), "bottom sheet collapsed at y 285.43 · not moved for the IME");
    assert.equal(
      wording.explainBottomSheet(sheet(stays, 533.43, 22.57), true),
      "Bottom sheet collapsed at y 285.43, 533.43 dp tall (at rest y 285.43), its content 533.43 dp from y 285.43: " +
        "ime().bottom 336 dp; the list 533.43 dp tall, scroll 22.57; none of the field shows (focusedRectShown none).",
    );
    const back = { ...stays, frame: rect(285.429, 800), contentFrame: rect(285.429, 800) };
    assert.equal(
      wording.explainBottomSheet(sheet(back, 800, 22.57), false),
      "Bottom sheet collapsed at y 285.43, 800 dp tall (at rest y 285.43), its content 800 dp from y 285.43: IME " +
        "hidden, the sheet back at rest.",
    );
    // The field's rect on the screen: the content's top, 500 down the list, less the list's scroll.
    const under = field(285.429 + 500 - 22.57);
    assert.equal(wording.sheetFieldMark("none", under, imeTop), "field under the IME · focusedRectShown: none");
    assert.equal(wording.sheetFieldMark("none", under, null), "field not shown · focusedRectShown: none");
    assert.equal(wording.sheetFieldMark("none", field(20), imeTop), "field not shown · focusedRectShown: none");
    assert.equal(
      wording.sheetFieldMark("part", field(imeTop - 20), imeTop),
      "field partly under the IME · focusedRectShown: part",
    );
    assert.equal(wording.sheetFieldMark("part", field(40), imeTop), "field partly shown · focusedRectShown: part");
  });

  test("edge to edge: the sheet at the screen's top, its content from the status bar", () => {
    const top = presentation("collapsed", rect(0, 923.43), rect(54, 533.43), rect(207.429, 824), "whole");
    assert.equal(
      wording.bottomSheetTag(top, true),
      "bottom sheet collapsed at y 0, content from y 54 · moved from y 207.43 for the IME",
    );
    const none = { ...sheet(top, 533.43, 22.57), container: {} };
    assert.equal(wording.explainBottomSheet(none, true), "No bottom sheet in this answer.");
  });
});

describe("where the numbers come from", () => {
  const [screenArea, keyboard] = [IPHONE_15.safeAreas[0], IPHONE_15.keyboards[0]];
  const shown = [
    ["screen", "393 × 852 pt", IPHONE_15.screen],
    ["safe area", "59/0/34/0", screenArea],
    ["keyboard", "335 pt", keyboard],
  ];

  test("one part per publication, release and device, in the order first shown", () => {
    const parts = wording.sourceParts(IPHONE_15.sources, shown, "iOS");
    assert.deepEqual(parts, [
      {
        label: "Screen: ",
        id: "apple-hig-layout",
        publisher: "Apple",
        tip: "screen 393 × 852 pt. Apple: Layout — Human Interface Guidelines.",
        said: "",
      },
      {
        label: " · Safe area and keyboard: ",
        id: "device-preview-probe",
        publisher: "Aloïs Deniel (flutter_device_preview)",
        tip:
          "safe area 59/0/34/0, keyboard 335 pt. Aloïs Deniel (flutter_device_preview): device_specs/apple-*.json, " +
          "probed on the iOS 26.5 Simulator (2026).",
        said: ", iOS 26.5, measured on iPhone 16",
      },
    ]);
  });

  test("a value measured on another release is a part of its own; an unknown source is named by its id", () => {
    const older = { ...keyboard, system: "18", source: "someone-else", measuredOn: undefined };
    const parts = wording.sourceParts(IPHONE_15.sources, [shown[1], ["keyboard", "336 pt", older]], "iOS");
    assert.deepEqual(
      parts.map(({ label, publisher, tip, said }) => [label, publisher, tip, said]),
      [
        [
          "Safe area: ",
          "Aloïs Deniel (flutter_device_preview)",
          "safe area 59/0/34/0. Aloïs Deniel (flutter_device_preview): device_specs/apple-*.json, probed on the " +
            "iOS 26.5 Simulator (2026).",
          ", iOS 26.5, measured on iPhone 16",
        ],
        [" · Keyboard: ", "someone-else", "keyboard 336 pt", ", iOS 18"],
      ],
    );
  });
});

describe("what the catalogue lacks", () => {
  test("only what it does not have for the device at all, by the words before each colon", () => {
    assert.equal(
      wording.absentNote(IPHONE_15, [], "the fields are off", "portrait"),
      "Not published for the iPhone 15: the keyboard without the predictive bar, the emoji keyboard.",
    );
  });

  test("what this scene needs and lacks first, with what follows from it", () => {
    const pixel8 = { name: "Pixel 8", absent: [] };
    assert.equal(
      wording.absentNote(pixel8, ["status bar", "gesture navigation bar"], "no session", "portrait"),
      "In portrait the catalogue has no status bar and no gesture navigation bar: no session.",
    );
    assert.equal(
      wording.absentNote(IPHONE_15, ["keyboard"], "the fields are off", "landscape"),
      "In landscape the catalogue has no keyboard: the fields are off. Not published for the iPhone 15: the " +
        "keyboard without the predictive bar, the emoji keyboard.",
    );
    assert.equal(wording.absentNote({ name: "Pixel 9", absent: [] }, [], "no session", "portrait"), "");
  });
});
