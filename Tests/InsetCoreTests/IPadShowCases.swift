@testable import InsetCore

/// Keyboard-shown cases on iPads: docking, undocked/split/floating and hardware keyboards, and windows
/// away from the screen's origin.
let iPadShowCases: [GeometryCase] = [
    // MARK: Docked
    GeometryCase(
        name: "iPad portrait docked keyboard",
        // 375 - 20 = 355; adjusted 355 + 20 = 375.
        scrollView: IPadPortrait.longList(), space: IPadPortrait.space, keyboard: IPadPortrait.keyboard,
        expected: expect(
            inset: insets(bottom: 355), indicators: insets(bottom: 355), adjusted: insets(top: 24, bottom: 375),
            offsetY: -24, overlap: 375)),
    GeometryCase(
        name: "iPad landscape docked keyboard",
        // 423 - 20 = 403.
        scrollView: ScrollViewGeometry(
            frame: Rect(x: 0, y: 0, width: 1366, height: 1024), safeAreaInsets: IPadLandscape.safeArea,
            contentSize: Size(width: 1366, height: 3000), contentOffset: Point(x: 0, y: -24)),
        space: ScreenSpace(screen: IPadLandscape.screen), keyboard: IPadLandscape.keyboard,
        expected: expect(
            inset: insets(bottom: 403), indicators: insets(bottom: 403), adjusted: insets(top: 24, bottom: 423),
            offsetY: -24, overlap: 423)),
    GeometryCase(
        name: "iPad keyboard bottom 0.5 pt short of the screen's: docked within the 1-pt tolerance",
        // maxY 990.5 + 375 = 1365.5 >= 1365; overlap min(1366, 1365.5) - 990.5 = 375; 375 - 20 = 355.
        scrollView: IPadPortrait.longList(), space: IPadPortrait.space,
        keyboard: Rect(x: 0, y: 990.5, width: 1024, height: 375),
        expected: expect(
            inset: insets(bottom: 355), indicators: insets(bottom: 355), adjusted: insets(top: 24, bottom: 375),
            offsetY: -24, overlap: 375)),
    GeometryCase(
        name: "iPad keyboard bottom 1.5 pt short of the screen's: undocked",
        // maxY 989.5 + 375 = 1364.5 < 1365.
        scrollView: IPadPortrait.longList(), space: IPadPortrait.space,
        keyboard: Rect(x: 0, y: 989.5, width: 1024, height: 375),
        expected: expect(
            inset: .zero, adjusted: insets(top: 24, bottom: 20), offsetY: -24, overlap: 0, docked: false)),

    // MARK: Undocked, split, floating (rule 2; bug class 4)
    GeometryCase(
        name: "iPad floating keyboard mid-screen: ignored",
        scrollView: IPadPortrait.longList(), space: IPadPortrait.space, keyboard: IPadPortrait.floatingKeyboard,
        expected: expect(
            inset: .zero, adjusted: insets(top: 24, bottom: 20), offsetY: -24, overlap: 0, docked: false)),
    GeometryCase(
        name: "iPad floating keyboard followed (followsUndockedKeyboard)",
        // Covers 800...1050 of 0...1366 and 352...672 of 0...1024: 250; 250 - 20 = 230.
        scrollView: IPadPortrait.longList(), space: IPadPortrait.space, keyboard: IPadPortrait.floatingKeyboard,
        options: AvoidanceOptions(followsUndockedKeyboard: true),
        expected: expect(
            inset: insets(bottom: 230), indicators: insets(bottom: 230), adjusted: insets(top: 24, bottom: 250),
            offsetY: -24, overlap: 250, docked: false)),
    GeometryCase(
        name: "iPad undocked full-width keyboard raised to mid-screen: ignored",
        // maxY 600 + 375 = 975.
        scrollView: IPadPortrait.longList(), space: IPadPortrait.space,
        keyboard: Rect(x: 0, y: 600, width: 1024, height: 375),
        expected: expect(
            inset: .zero, adjusted: insets(top: 24, bottom: 20), offsetY: -24, overlap: 0, docked: false)),
    GeometryCase(
        name: "iPad split keyboard: ignored",
        // maxY 650 + 300 = 950.
        scrollView: IPadPortrait.longList(), space: IPadPortrait.space,
        keyboard: Rect(x: 0, y: 650, width: 1024, height: 300),
        expected: expect(
            inset: .zero, adjusted: insets(top: 24, bottom: 20), offsetY: -24, overlap: 0, docked: false)),
    GeometryCase(
        name: "iPad split keyboard reported as a zero rect: ignored",
        scrollView: IPadPortrait.longList(), space: IPadPortrait.space, keyboard: .zero,
        expected: expect(
            inset: .zero, adjusted: insets(top: 24, bottom: 20), offsetY: -24, overlap: 0, docked: false)),
    GeometryCase(
        name: "screen unknown: a floating keyboard counts as docked",
        scrollView: IPadPortrait.longList(), space: ScreenSpace(), keyboard: IPadPortrait.floatingKeyboard,
        expected: expect(
            inset: insets(bottom: 230), indicators: insets(bottom: 230), adjusted: insets(top: 24, bottom: 250),
            offsetY: -24, overlap: 250)),

    // MARK: Hardware keyboard (bug class 5)
    GeometryCase(
        name: "iPad hardware keyboard: only the 55-pt shortcut bar",
        // 1366 - 55 = 1311; 55 - 20 = 35.
        scrollView: IPadPortrait.longList(), space: IPadPortrait.space,
        keyboard: Rect(x: 0, y: 1311, width: 1024, height: 55),
        expected: expect(
            inset: insets(bottom: 35), indicators: insets(bottom: 35), adjusted: insets(top: 24, bottom: 55),
            offsetY: -24, overlap: 55)),
    GeometryCase(
        name: "iPad hardware keyboard reported as a full frame mostly below the screen",
        // 1311...1686 against 0...1366: only the 55 on screen count.
        scrollView: IPadPortrait.longList(), space: IPadPortrait.space,
        keyboard: Rect(x: 0, y: 1311, width: 1024, height: 375),
        expected: expect(
            inset: insets(bottom: 35), indicators: insets(bottom: 35), adjusted: insets(top: 24, bottom: 55),
            offsetY: -24, overlap: 55)),

    // MARK: Window not at the screen's origin (rule 1; bug class 3)
    GeometryCase(
        name: "iPad Split View right pane, window at x 678",
        // Keyboard in window space: x -678...688, still across the whole pane; 423 - 20 = 403.
        scrollView: ScrollViewGeometry(
            frame: Rect(x: 0, y: 0, width: 688, height: 1024), safeAreaInsets: IPadLandscape.safeArea,
            contentSize: Size(width: 688, height: 3000), contentOffset: Point(x: 0, y: -24)),
        space: ScreenSpace(window: Rect(x: 678, y: 0, width: 688, height: 1024), screen: IPadLandscape.screen),
        keyboard: IPadLandscape.keyboard,
        expected: expect(
            inset: insets(bottom: 403), indicators: insets(bottom: 403), adjusted: insets(top: 24, bottom: 423),
            offsetY: -24, overlap: 423)),
    GeometryCase(
        name: "iPad Slide Over window at (981, 24): keyboard converted before intersecting",
        // Keyboard top 601 - 24 = 577 in the window: overlap 976 - 577 = 399 (375 without converting).
        scrollView: ScrollViewGeometry(
            frame: Rect(x: 0, y: 0, width: 375, height: 976), contentSize: Size(width: 375, height: 2000)),
        space: ScreenSpace(window: Rect(x: 981, y: 24, width: 375, height: 976), screen: IPadLandscape.screen),
        keyboard: IPadLandscape.keyboard,
        expected: expect(
            inset: insets(bottom: 399), indicators: insets(bottom: 399), adjusted: insets(bottom: 399), offsetY: 0,
            overlap: 399)),
    GeometryCase(
        name: "iPad Stage Manager window at (100, 150)",
        // Keyboard top 601 - 150 = 451: overlap 700 - 451 = 249 (99 without converting).
        scrollView: ScrollViewGeometry(
            frame: Rect(x: 0, y: 0, width: 800, height: 700), contentSize: Size(width: 800, height: 2000)),
        space: ScreenSpace(window: Rect(x: 100, y: 150, width: 800, height: 700), screen: IPadLandscape.screen),
        keyboard: IPadLandscape.keyboard,
        expected: expect(
            inset: insets(bottom: 249), indicators: insets(bottom: 249), adjusted: insets(bottom: 249), offsetY: 0,
            overlap: 249)),
    GeometryCase(
        name: "iPad Split View left pane: a followed floating keyboard over the other pane",
        // Keyboard x 900...1220, pane 0...678: apart horizontally.
        scrollView: ScrollViewGeometry(
            frame: Rect(x: 0, y: 0, width: 678, height: 1024), safeAreaInsets: IPadLandscape.safeArea,
            contentSize: Size(width: 678, height: 3000), contentOffset: Point(x: 0, y: -24)),
        space: ScreenSpace(window: Rect(x: 0, y: 0, width: 678, height: 1024), screen: IPadLandscape.screen),
        keyboard: IPadLandscape.floatingKeyboard, options: AvoidanceOptions(followsUndockedKeyboard: true),
        expected: expect(
            inset: .zero, adjusted: insets(top: 24, bottom: 20), offsetY: -24, overlap: 0, docked: false)),
    GeometryCase(
        name: "iPad Split View right pane at x 688: a followed floating keyboard over it once converted",
        // Keyboard x 900 - 688 = 212...532 in the window (apart without converting); y 500...750: 250 - 20 = 230.
        scrollView: ScrollViewGeometry(
            frame: Rect(x: 0, y: 0, width: 678, height: 1024), safeAreaInsets: IPadLandscape.safeArea,
            contentSize: Size(width: 678, height: 3000), contentOffset: Point(x: 0, y: -24)),
        space: ScreenSpace(window: Rect(x: 688, y: 0, width: 678, height: 1024), screen: IPadLandscape.screen),
        keyboard: IPadLandscape.floatingKeyboard, options: AvoidanceOptions(followsUndockedKeyboard: true),
        expected: expect(
            inset: insets(bottom: 230), indicators: insets(bottom: 230), adjusted: insets(top: 24, bottom: 250),
            offsetY: -24, overlap: 250, docked: false)),
]
