@testable import InsetCore

/// Keyboard-shown cases on iPhones. Unless said otherwise: behaviour automatic, indicators auto-adjusted,
/// additive base insets, 10-pt keyboard distance.
let iPhoneShowCases: [GeometryCase] = [
    // MARK: Safe area (rules 4, 6, 7; bug class 1)
    GeometryCase(
        name: "iPhone 14 long list: inset is the overlap minus the safe bottom UIKit already adds",
        // overlap 844 - 508 = 336; content scrolls, so UIKit adds 34: 336 - 34 = 302; adjusted 302 + 34 = 336.
        scrollView: IPhone15.longList(), space: IPhone15.space, keyboard: IPhone15.keyboard,
        expected: expect(
            inset: insets(bottom: 302), indicators: insets(bottom: 302), adjusted: insets(top: 47, bottom: 336),
            offsetY: -47, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 content fits (automatic): no safe area added, so the full overlap",
        // 600 < 844 and no bounce: UIKit adds nothing, inset 336; indicators still lose the 34 safe bottom: 302.
        // Range [0, max(0, 600 + 336 - 844 = 92)]: offset 0 stays.
        scrollView: ScrollViewGeometry(
            frame: IPhone15.frame, safeAreaInsets: IPhone15.safeArea, contentSize: Size(width: 390, height: 600)),
        space: IPhone15.space, keyboard: IPhone15.keyboard,
        expected: expect(
            inset: insets(bottom: 336), indicators: insets(bottom: 302), adjusted: insets(bottom: 336),
            offsetY: 0, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 content fits but alwaysBounceVertical: scrollable, safe area added",
        scrollView: ScrollViewGeometry(
            frame: IPhone15.frame, safeAreaInsets: IPhone15.safeArea, contentSize: Size(width: 390, height: 600),
            contentOffset: Point(x: 0, y: -47), alwaysBounceVertical: true),
        space: IPhone15.space, keyboard: IPhone15.keyboard,
        expected: expect(
            inset: insets(bottom: 302), indicators: insets(bottom: 302), adjusted: insets(top: 47, bottom: 336),
            offsetY: -47, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 behaviour never: full overlap in the inset, nothing added",
        scrollView: ScrollViewGeometry(
            frame: IPhone15.frame, safeAreaInsets: IPhone15.safeArea, contentInsetAdjustmentBehavior: .never,
            contentSize: Size(width: 390, height: 2000)),
        space: IPhone15.space, keyboard: IPhone15.keyboard,
        expected: expect(
            inset: insets(bottom: 336), indicators: insets(bottom: 302), adjusted: insets(bottom: 336),
            offsetY: 0, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 behaviour always with content that fits: safe area added anyway",
        scrollView: ScrollViewGeometry(
            frame: IPhone15.frame, safeAreaInsets: IPhone15.safeArea, contentInsetAdjustmentBehavior: .always,
            contentSize: Size(width: 390, height: 600), contentOffset: Point(x: 0, y: -47)),
        space: IPhone15.space, keyboard: IPhone15.keyboard,
        expected: expect(
            inset: insets(bottom: 302), indicators: insets(bottom: 302), adjusted: insets(top: 47, bottom: 336),
            offsetY: -47, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 behaviour never, indicators not auto-adjusted: both get the full overlap",
        scrollView: ScrollViewGeometry(
            frame: IPhone15.frame, safeAreaInsets: IPhone15.safeArea, contentInsetAdjustmentBehavior: .never,
            automaticallyAdjustsScrollIndicatorInsets: false, contentSize: Size(width: 390, height: 2000)),
        space: IPhone15.space, keyboard: IPhone15.keyboard,
        expected: expect(
            inset: insets(bottom: 336), indicators: insets(bottom: 336), adjusted: insets(bottom: 336),
            offsetY: 0, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 automatic, indicators not auto-adjusted: only the content inset loses the safe bottom",
        scrollView: ScrollViewGeometry(
            frame: IPhone15.frame, safeAreaInsets: IPhone15.safeArea,
            automaticallyAdjustsScrollIndicatorInsets: false, contentSize: Size(width: 390, height: 2000),
            contentOffset: Point(x: 0, y: -47)),
        space: IPhone15.space, keyboard: IPhone15.keyboard,
        expected: expect(
            inset: insets(bottom: 302), indicators: insets(bottom: 336), adjusted: insets(top: 47, bottom: 336),
            offsetY: -47, overlap: 336)),

    // MARK: Base insets (rule 5; bug class 9)
    GeometryCase(
        name: "iPhone 14 base bottom 20, additive: 20 + 302",
        scrollView: ScrollViewGeometry(
            frame: IPhone15.frame, contentInset: insets(bottom: 20), scrollIndicatorInsets: insets(bottom: 20),
            safeAreaInsets: IPhone15.safeArea, contentSize: Size(width: 390, height: 2000),
            contentOffset: Point(x: 0, y: -47)),
        space: IPhone15.space, keyboard: IPhone15.keyboard,
        expected: expect(
            inset: insets(bottom: 322), indicators: insets(bottom: 322), adjusted: insets(top: 47, bottom: 356),
            offsetY: -47, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 base bottom 20, max mode: max(20, 302)",
        scrollView: ScrollViewGeometry(
            frame: IPhone15.frame, contentInset: insets(bottom: 20), scrollIndicatorInsets: insets(bottom: 20),
            safeAreaInsets: IPhone15.safeArea, contentSize: Size(width: 390, height: 2000),
            contentOffset: Point(x: 0, y: -47)),
        space: IPhone15.space, keyboard: IPhone15.keyboard, options: AvoidanceOptions(baseInsetMode: .max),
        expected: expect(
            inset: insets(bottom: 302), indicators: insets(bottom: 302), adjusted: insets(top: 47, bottom: 336),
            offsetY: -47, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 base bottom 400, max mode: the base wins",
        // max(400, 302) = 400; adjusted 400 + 34 = 434.
        scrollView: ScrollViewGeometry(
            frame: IPhone15.frame, contentInset: insets(bottom: 400), scrollIndicatorInsets: insets(bottom: 400),
            safeAreaInsets: IPhone15.safeArea, contentSize: Size(width: 390, height: 2000),
            contentOffset: Point(x: 0, y: -47)),
        space: IPhone15.space, keyboard: IPhone15.keyboard, options: AvoidanceOptions(baseInsetMode: .max),
        expected: expect(
            inset: insets(bottom: 400), indicators: insets(bottom: 400), adjusted: insets(top: 47, bottom: 434),
            offsetY: -47, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 base top, left and right insets are kept",
        // Adjusted top 10 + 47 = 57; left/right 5 + 0 (the content does not scroll sideways).
        scrollView: ScrollViewGeometry(
            frame: IPhone15.frame, contentInset: insets(top: 10, left: 5, right: 5),
            safeAreaInsets: IPhone15.safeArea, contentSize: Size(width: 390, height: 2000),
            contentOffset: Point(x: 0, y: -57)),
        space: IPhone15.space, keyboard: IPhone15.keyboard,
        expected: expect(
            inset: insets(top: 10, left: 5, bottom: 302, right: 5), indicators: insets(bottom: 302),
            adjusted: insets(top: 57, left: 5, bottom: 336, right: 5), offsetY: -57, overlap: 336)),

    // MARK: Scroll view not at the screen's bottom (rule 3; bug class 2)
    GeometryCase(
        name: "iPhone 14 scroll view above a 49-pt tab bar: the overlap, not the keyboard height",
        // Frame ends at 844 - 49 - 34 = 761; overlap 761 - 508 = 253; no safe bottom inside this frame.
        scrollView: ScrollViewGeometry(
            frame: Rect(x: 0, y: 0, width: 390, height: 761), safeAreaInsets: insets(top: 47),
            contentSize: Size(width: 390, height: 2000), contentOffset: Point(x: 0, y: -47)),
        space: IPhone15.space, keyboard: IPhone15.keyboard,
        expected: expect(
            inset: insets(bottom: 253), indicators: insets(bottom: 253), adjusted: insets(top: 47, bottom: 253),
            offsetY: -47, overlap: 253)),
    GeometryCase(
        name: "iPhone 14 scroll view under a translucent tab bar: safe bottom 83 already added",
        // overlap 336; UIKit adds 49 + 34 = 83: 336 - 83 = 253; adjusted 253 + 83 = 336.
        scrollView: ScrollViewGeometry(
            frame: IPhone15.frame, safeAreaInsets: insets(top: 47, bottom: 83),
            contentSize: Size(width: 390, height: 2000), contentOffset: Point(x: 0, y: -47)),
        space: IPhone15.space, keyboard: IPhone15.keyboard,
        expected: expect(
            inset: insets(bottom: 253), indicators: insets(bottom: 253), adjusted: insets(top: 47, bottom: 336),
            offsetY: -47, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 card from y 200 to 600: overlap 600 - 508 = 92",
        scrollView: ScrollViewGeometry(
            frame: Rect(x: 16, y: 200, width: 358, height: 400), contentSize: Size(width: 358, height: 900)),
        space: IPhone15.space, keyboard: IPhone15.keyboard,
        expected: expect(
            inset: insets(bottom: 92), indicators: insets(bottom: 92), adjusted: insets(bottom: 92), offsetY: 0,
            overlap: 92)),
    GeometryCase(
        name: "iPhone 14 card above the keyboard: no overlap, offset untouched",
        // Card 100...400, keyboard from 508. Range [0, 900 - 300 = 600] keeps 120.
        scrollView: ScrollViewGeometry(
            frame: Rect(x: 16, y: 100, width: 358, height: 300), contentSize: Size(width: 358, height: 900),
            contentOffset: Point(x: 0, y: 120)),
        space: IPhone15.space, keyboard: IPhone15.keyboard,
        expected: expect(inset: .zero, adjusted: .zero, offsetY: 120, overlap: 0)),
    GeometryCase(
        name: "iPhone 14 scroll view ending exactly at the keyboard's top: touching is not overlapping",
        scrollView: ScrollViewGeometry(
            frame: Rect(x: 0, y: 0, width: 390, height: 508), safeAreaInsets: insets(top: 47),
            contentSize: Size(width: 390, height: 2000), contentOffset: Point(x: 0, y: -47)),
        space: IPhone15.space, keyboard: IPhone15.keyboard,
        expected: expect(inset: .zero, adjusted: insets(top: 47), offsetY: -47, overlap: 0)),
    GeometryCase(
        name: "iPhone 14 keyboard frame entirely below the screen: docked, overlap 0",
        // 844...1180 against 0...844: nothing in common; maxY 1180 >= 843, so docked.
        scrollView: IPhone15.longList(), space: IPhone15.space,
        keyboard: Rect(x: 0, y: 844, width: 390, height: 336),
        expected: expect(inset: .zero, adjusted: insets(top: 47, bottom: 34), offsetY: -47, overlap: 0)),

    // MARK: Height change while shown (bug class 6)
    GeometryCase(
        name: "iPhone 14 QuickType grows the keyboard 336 -> 380 while shown",
        // 380 - 34 = 346; range upper 2000 + 380 - 844 = 1536 keeps 146.
        scrollView: IPhone15.longList(offsetY: 146), space: IPhone15.space, keyboard: IPhone15.quickTypeKeyboard,
        expected: expect(
            inset: insets(bottom: 346), indicators: insets(bottom: 346), adjusted: insets(top: 47, bottom: 380),
            offsetY: 146, overlap: 380)),
    GeometryCase(
        name: "iPhone 14 keyboard shrinks 380 -> 336 at the bottom of the content: offset clamped",
        // Was at 1536, the maximum with 380; now 2000 + 336 - 844 = 1492.
        scrollView: IPhone15.longList(offsetY: 1536), space: IPhone15.space, keyboard: IPhone15.keyboard,
        expected: expect(
            inset: insets(bottom: 302), indicators: insets(bottom: 302), adjusted: insets(top: 47, bottom: 336),
            offsetY: 1492, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 QuickType growth re-targets the focused field",
        // Visible bottom 146 + 844 - 380 - 10 = 600 < field bottom 644: 644 + 10 + 380 - 844 = 190.
        scrollView: IPhone15.longList(offsetY: 146), space: IPhone15.space, keyboard: IPhone15.quickTypeKeyboard,
        focusedRect: Rect(x: 16, y: 600, width: 358, height: 44),
        expected: expect(
            inset: insets(bottom: 346), indicators: insets(bottom: 346), adjusted: insets(top: 47, bottom: 380),
            offsetY: 190, overlap: 380)),

    // MARK: Focused rect (rule 8). Long list at -47: visible 0...451 (= -47 + 844 - 336 - 10).
    GeometryCase(
        name: "iPhone 14 focused field under the keyboard scrolls just enough",
        // 644 + 10 + 336 - 844 = 146.
        scrollView: IPhone15.longList(), space: IPhone15.space, keyboard: IPhone15.keyboard,
        focusedRect: Rect(x: 16, y: 600, width: 358, height: 44),
        expected: expect(
            inset: insets(bottom: 302), indicators: insets(bottom: 302), adjusted: insets(top: 47, bottom: 336),
            offsetY: 146, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 focused field already visible: no scroll",
        scrollView: IPhone15.longList(), space: IPhone15.space, keyboard: IPhone15.keyboard,
        focusedRect: Rect(x: 16, y: 300, width: 358, height: 44),
        expected: expect(
            inset: insets(bottom: 302), indicators: insets(bottom: 302), adjusted: insets(top: 47, bottom: 336),
            offsetY: -47, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 focused field ending exactly at the keyboard distance: no scroll",
        scrollView: IPhone15.longList(), space: IPhone15.space, keyboard: IPhone15.keyboard,
        focusedRect: Rect(x: 16, y: 407, width: 358, height: 44),
        expected: expect(
            inset: insets(bottom: 302), indicators: insets(bottom: 302), adjusted: insets(top: 47, bottom: 336),
            offsetY: -47, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 focused field 1 pt into the keyboard distance scrolls 1 pt",
        // Bottom 452: 452 + 10 + 336 - 844 = -46.
        scrollView: IPhone15.longList(), space: IPhone15.space, keyboard: IPhone15.keyboard,
        focusedRect: Rect(x: 16, y: 408, width: 358, height: 44),
        expected: expect(
            inset: insets(bottom: 302), indicators: insets(bottom: 302), adjusted: insets(top: 47, bottom: 336),
            offsetY: -46, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 focused field above the visible area scrolls up to it",
        // At 500 the visible top is 547 > 300: align 300 - 47 = 253.
        scrollView: IPhone15.longList(offsetY: 500), space: IPhone15.space, keyboard: IPhone15.keyboard,
        focusedRect: Rect(x: 16, y: 300, width: 358, height: 44),
        expected: expect(
            inset: insets(bottom: 302), indicators: insets(bottom: 302), adjusted: insets(top: 47, bottom: 336),
            offsetY: 253, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 focused text view taller than the visible area: its top aligned",
        // 600 > visible height 451: 700 - 47 = 653.
        scrollView: IPhone15.longList(), space: IPhone15.space, keyboard: IPhone15.keyboard,
        focusedRect: Rect(x: 16, y: 700, width: 358, height: 600),
        expected: expect(
            inset: insets(bottom: 302), indicators: insets(bottom: 302), adjusted: insets(top: 47, bottom: 336),
            offsetY: 653, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 focused field at the end of the content: clamped to the new maximum",
        // 1994 + 10 + 336 - 844 = 1496 > 2000 + 336 - 844 = 1492.
        scrollView: IPhone15.longList(), space: IPhone15.space, keyboard: IPhone15.keyboard,
        focusedRect: Rect(x: 16, y: 1950, width: 358, height: 44),
        expected: expect(
            inset: insets(bottom: 302), indicators: insets(bottom: 302), adjusted: insets(top: 47, bottom: 336),
            offsetY: 1492, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 keyboard distance 30",
        // 644 + 30 + 336 - 844 = 166.
        scrollView: IPhone15.longList(), space: IPhone15.space, keyboard: IPhone15.keyboard,
        focusedRect: Rect(x: 16, y: 600, width: 358, height: 44), options: AvoidanceOptions(keyboardDistance: 30),
        expected: expect(
            inset: insets(bottom: 302), indicators: insets(bottom: 302), adjusted: insets(top: 47, bottom: 336),
            offsetY: 166, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 additive base bottom 20 keeps the focused field above the base inset too",
        // Adjusted bottom 356: visible bottom -47 + 844 - 356 - 10 = 431 < 464: 464 + 10 + 356 - 844 = -14.
        scrollView: ScrollViewGeometry(
            frame: IPhone15.frame, contentInset: insets(bottom: 20), safeAreaInsets: IPhone15.safeArea,
            contentSize: Size(width: 390, height: 2000), contentOffset: Point(x: 0, y: -47)),
        space: IPhone15.space, keyboard: IPhone15.keyboard, focusedRect: Rect(x: 16, y: 420, width: 358, height: 44),
        expected: expect(
            inset: insets(bottom: 322), indicators: insets(bottom: 302), adjusted: insets(top: 47, bottom: 356),
            offsetY: -14, overlap: 336)),
    GeometryCase(
        name: "iPhone 14 card above the keyboard: a focused field needs no keyboard distance",
        // No overlap, so no margin: bottom 310 > 300 visible: 310 - 300 = 10.
        scrollView: ScrollViewGeometry(
            frame: Rect(x: 16, y: 100, width: 358, height: 300), contentSize: Size(width: 358, height: 900)),
        space: IPhone15.space, keyboard: IPhone15.keyboard, focusedRect: Rect(x: 0, y: 280, width: 358, height: 30),
        expected: expect(inset: .zero, adjusted: .zero, offsetY: 10, overlap: 0)),

    // MARK: iPhone SE (no bottom safe area)
    GeometryCase(
        name: "iPhone SE 216-pt keyboard",
        scrollView: ScrollViewGeometry(frame: IPhoneSE.frame, contentSize: Size(width: 375, height: 1500)),
        space: IPhoneSE.space, keyboard: IPhoneSE.keyboard,
        expected: expect(
            inset: insets(bottom: 216), indicators: insets(bottom: 216), adjusted: insets(bottom: 216), offsetY: 0,
            overlap: 216)),
    GeometryCase(
        name: "iPhone SE 260-pt keyboard with QuickType",
        scrollView: ScrollViewGeometry(frame: IPhoneSE.frame, contentSize: Size(width: 375, height: 1500)),
        space: IPhoneSE.space, keyboard: IPhoneSE.quickTypeKeyboard,
        expected: expect(
            inset: insets(bottom: 260), indicators: insets(bottom: 260), adjusted: insets(bottom: 260), offsetY: 0,
            overlap: 260)),
    GeometryCase(
        name: "iPhone SE focused field under the 260-pt keyboard",
        // Visible bottom 667 - 260 - 10 = 397 < 540: 540 + 10 + 260 - 667 = 143.
        scrollView: ScrollViewGeometry(frame: IPhoneSE.frame, contentSize: Size(width: 375, height: 1500)),
        space: IPhoneSE.space, keyboard: IPhoneSE.quickTypeKeyboard,
        focusedRect: Rect(x: 20, y: 500, width: 335, height: 40),
        expected: expect(
            inset: insets(bottom: 260), indicators: insets(bottom: 260), adjusted: insets(bottom: 260),
            offsetY: 143, overlap: 260)),
    GeometryCase(
        name: "iPhone SE short form: the focused field's scroll is clamped to the new range",
        // Wants 500 + 10 + 216 - 667 = 59; range [0, 500 + 216 - 667 = 49].
        scrollView: ScrollViewGeometry(frame: IPhoneSE.frame, contentSize: Size(width: 375, height: 500)),
        space: IPhoneSE.space, keyboard: IPhoneSE.keyboard, focusedRect: Rect(x: 20, y: 460, width: 335, height: 40),
        expected: expect(
            inset: insets(bottom: 216), indicators: insets(bottom: 216), adjusted: insets(bottom: 216), offsetY: 49,
            overlap: 216)),

    // MARK: Rotation (bug class 8)
    GeometryCase(
        name: "iPhone 14 rotated to landscape: recomputed, offset clamped",
        // overlap 209; safe bottom 21: 188. Sides not added (no horizontal scroll).
        // Range [0, 1200 + 209 - 390 = 1019]: the portrait offset 1492 clamps to 1019.
        scrollView: ScrollViewGeometry(
            frame: IPhone15Landscape.frame, safeAreaInsets: IPhone15Landscape.safeArea,
            contentSize: Size(width: 844, height: 1200), contentOffset: Point(x: 0, y: 1492)),
        space: IPhone15Landscape.space, keyboard: IPhone15Landscape.keyboard,
        expected: expect(
            inset: insets(bottom: 188), indicators: insets(bottom: 188), adjusted: insets(bottom: 209),
            offsetY: 1019, overlap: 209)),
    GeometryCase(
        name: "iPhone 14 landscape, behaviour always: side safe area in adjustedContentInset",
        scrollView: ScrollViewGeometry(
            frame: IPhone15Landscape.frame, safeAreaInsets: IPhone15Landscape.safeArea,
            contentInsetAdjustmentBehavior: .always, contentSize: Size(width: 844, height: 1200)),
        space: IPhone15Landscape.space, keyboard: IPhone15Landscape.keyboard,
        expected: expect(
            inset: insets(bottom: 188), indicators: insets(bottom: 188),
            adjusted: insets(left: 47, bottom: 209, right: 47), offsetY: 0, overlap: 209)),
    GeometryCase(
        name: "iPhone 14 landscape, content wider than the frame: sides added on the scrolling axis",
        scrollView: ScrollViewGeometry(
            frame: IPhone15Landscape.frame, safeAreaInsets: IPhone15Landscape.safeArea,
            contentSize: Size(width: 1600, height: 1200)),
        space: IPhone15Landscape.space, keyboard: IPhone15Landscape.keyboard,
        expected: expect(
            inset: insets(bottom: 188), indicators: insets(bottom: 188),
            adjusted: insets(left: 47, bottom: 209, right: 47), offsetY: 0, overlap: 209)),
    GeometryCase(
        name: "iPhone 14 rotated back to portrait: offset clamped to the new range",
        // Range [-47, 900 + 336 - 844 = 392]: 800 clamps to 392.
        scrollView: ScrollViewGeometry(
            frame: IPhone15.frame, safeAreaInsets: IPhone15.safeArea, contentSize: Size(width: 390, height: 900),
            contentOffset: Point(x: 0, y: 800)),
        space: IPhone15.space, keyboard: IPhone15.keyboard,
        expected: expect(
            inset: insets(bottom: 302), indicators: insets(bottom: 302), adjusted: insets(top: 47, bottom: 336),
            offsetY: 392, overlap: 336)),
]
