@testable import InsetCore

/// Keyboard-hidden cases (rule 9): base values back whatever end frame the hide carries.
let hideCases: [GeometryCase] = [
    GeometryCase(
        name: "iPhone 14 hide without a frame: base insets, offset kept",
        // Base range [-47, 2000 + 34 - 844 = 1190] keeps 146.
        scrollView: IPhone15.longList(offsetY: 146), space: IPhone15.space, keyboard: nil,
        expected: expect(
            inset: .zero, adjusted: insets(top: 47, bottom: 34), offsetY: 146, overlap: 0, docked: false)),
    GeometryCase(
        name: "iPhone 14 hide still reporting the 55-pt accessory bar (iOS 26): ignored",
        scrollView: IPhone15.longList(offsetY: 146), space: IPhone15.space,
        keyboard: Rect(x: 0, y: 789, width: 390, height: 55),
        expected: expect(inset: .zero, adjusted: insets(top: 47, bottom: 34), offsetY: 146, overlap: 0)),
    GeometryCase(
        name: "iPhone 14 hide reporting the full keyboard still docked: ignored",
        scrollView: IPhone15.longList(offsetY: 146), space: IPhone15.space, keyboard: IPhone15.keyboard,
        expected: expect(inset: .zero, adjusted: insets(top: 47, bottom: 34), offsetY: 146, overlap: 0)),
    GeometryCase(
        name: "iPhone 14 hide restores the designer's own insets",
        // Adjusted 10 + 47 = 57 and 20 + 34 = 54.
        scrollView: ScrollViewGeometry(
            frame: IPhone15.frame, contentInset: insets(top: 10, bottom: 20),
            scrollIndicatorInsets: insets(bottom: 20), safeAreaInsets: IPhone15.safeArea,
            contentSize: Size(width: 390, height: 2000), contentOffset: Point(x: 0, y: -57)),
        space: IPhone15.space, keyboard: Rect(x: 0, y: 844, width: 390, height: 336),
        expected: expect(
            inset: insets(top: 10, bottom: 20), indicators: insets(bottom: 20), adjusted: insets(top: 57, bottom: 54),
            offsetY: -57, overlap: 0)),
    GeometryCase(
        name: "iPhone 14 hide at the keyboard-time maximum: clamped to the base range",
        // 1492 > 2000 + 34 - 844 = 1190.
        scrollView: IPhone15.longList(offsetY: 1492), space: IPhone15.space, keyboard: nil,
        expected: expect(
            inset: .zero, adjusted: insets(top: 47, bottom: 34), offsetY: 1190, overlap: 0, docked: false)),
    GeometryCase(
        name: "iPhone 14 hide with content that fits: back to the top",
        // Not scrollable without the keyboard: range [0, max(0, 600 - 844)] = 0...0.
        scrollView: ScrollViewGeometry(
            frame: IPhone15.frame, safeAreaInsets: IPhone15.safeArea, contentSize: Size(width: 390, height: 600),
            contentOffset: Point(x: 0, y: 92)),
        space: IPhone15.space, keyboard: nil,
        expected: expect(inset: .zero, adjusted: .zero, offsetY: 0, overlap: 0, docked: false)),
    GeometryCase(
        name: "iPhone SE hide to below the screen: offset clamped",
        // Range [0, 1500 - 667 = 833].
        scrollView: ScrollViewGeometry(
            frame: IPhoneSE.frame, contentSize: Size(width: 375, height: 1500), contentOffset: Point(x: 0, y: 900)),
        space: IPhoneSE.space, keyboard: Rect(x: 0, y: 667, width: 375, height: 216),
        expected: expect(inset: .zero, adjusted: .zero, offsetY: 833, overlap: 0)),
    GeometryCase(
        name: "iPad Split View hide of a floating keyboard",
        scrollView: ScrollViewGeometry(
            frame: Rect(x: 0, y: 0, width: 678, height: 1024), safeAreaInsets: IPadLandscape.safeArea,
            contentSize: Size(width: 678, height: 3000), contentOffset: Point(x: 0, y: 400)),
        space: ScreenSpace(window: Rect(x: 688, y: 0, width: 678, height: 1024), screen: IPadLandscape.screen),
        keyboard: IPadLandscape.floatingKeyboard,
        expected: expect(
            inset: .zero, adjusted: insets(top: 24, bottom: 20), offsetY: 400, overlap: 0, docked: false)),
]
