import Testing

@testable import InsetCore

/// One keyboard event against one scroll view, with the result worked out by hand from the rules.
struct GeometryCase: Sendable, CustomTestStringConvertible {
    var name: String
    var scrollView: ScrollViewGeometry
    var space: ScreenSpace
    /// The notification's end frame, in screen coordinates; a hide may carry none.
    var keyboard: Rect?
    var focusedRect: Rect? = nil
    var options = AvoidanceOptions()
    var expected: InsetResult

    var testDescription: String { name }
}

/// Insets with zero on every edge not named, so a case spells out only the edges that matter.
func insets(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) -> EdgeInsets {
    EdgeInsets(top: top, left: left, bottom: bottom, right: right)
}

/// The expected result; indicator insets default to zero and the keyboard to docked, as in most cases.
func expect(
    inset: EdgeInsets, indicators: EdgeInsets = .zero, adjusted: EdgeInsets, offsetY: Double,
    offsetX: Double = 0, overlap: Double, docked: Bool = true
) -> InsetResult {
    InsetResult(
        contentInset: inset, scrollIndicatorInsets: indicators, adjustedContentInset: adjusted,
        contentOffset: Point(x: offsetX, y: offsetY), keyboardOverlap: overlap, keyboardDocked: docked)
}

/// Field by field, so a failure names the property that is wrong as well as the case.
func check(_ result: InsetResult, against expected: InsetResult, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.contentInset == expected.contentInset, "contentInset", sourceLocation: sourceLocation)
    #expect(
        result.scrollIndicatorInsets == expected.scrollIndicatorInsets, "scrollIndicatorInsets",
        sourceLocation: sourceLocation)
    #expect(
        result.adjustedContentInset == expected.adjustedContentInset, "adjustedContentInset",
        sourceLocation: sourceLocation)
    #expect(result.contentOffset == expected.contentOffset, "contentOffset", sourceLocation: sourceLocation)
    #expect(result.keyboardOverlap == expected.keyboardOverlap, "keyboardOverlap", sourceLocation: sourceLocation)
    #expect(result.keyboardDocked == expected.keyboardDocked, "keyboardDocked", sourceLocation: sourceLocation)
}

/// iPhone 14 portrait: 390 x 844, safe area top 47 (the notch) and bottom 34 (home indicator).
enum IPhone15 {
    static let space = ScreenSpace(screen: Size(width: 390, height: 844))
    static let safeArea = insets(top: 47, bottom: 34)
    static let frame = Rect(x: 0, y: 0, width: 390, height: 844)
    /// The 336-pt keyboard docked at the bottom: y = 844 - 336 = 508.
    static let keyboard = Rect(x: 0, y: 508, width: 390, height: 336)
    /// With the QuickType bar: 380 pt, y = 844 - 380 = 464.
    static let quickTypeKeyboard = Rect(x: 0, y: 464, width: 390, height: 380)
    /// Long content, resting at its top (offset -47, below the status bar).
    static func longList(offsetY: Double = -47) -> ScrollViewGeometry {
        ScrollViewGeometry(
            frame: frame, safeAreaInsets: safeArea, contentSize: Size(width: 390, height: 2000),
            contentOffset: Point(x: 0, y: offsetY))
    }
}

/// iPhone 14 landscape: 844 x 390, safe area left and right 47, bottom 21.
enum IPhone15Landscape {
    static let space = ScreenSpace(screen: Size(width: 844, height: 390))
    static let safeArea = insets(left: 47, bottom: 21, right: 47)
    static let frame = Rect(x: 0, y: 0, width: 844, height: 390)
    /// A 209-pt keyboard: y = 390 - 209 = 181.
    static let keyboard = Rect(x: 0, y: 181, width: 844, height: 209)
}

/// iPhone SE (2nd/3rd gen): 375 x 667, no safe area at the bottom.
enum IPhoneSE {
    static let space = ScreenSpace(screen: Size(width: 375, height: 667))
    static let frame = Rect(x: 0, y: 0, width: 375, height: 667)
    /// 216 pt: y = 667 - 216 = 451.
    static let keyboard = Rect(x: 0, y: 451, width: 375, height: 216)
    /// 260 pt with the QuickType bar: y = 667 - 260 = 407.
    static let quickTypeKeyboard = Rect(x: 0, y: 407, width: 375, height: 260)
}

/// iPad Pro 12.9" portrait: 1024 x 1366, safe area top 24 and bottom 20.
enum IPadPortrait {
    static let space = ScreenSpace(screen: Size(width: 1024, height: 1366))
    static let safeArea = insets(top: 24, bottom: 20)
    static let frame = Rect(x: 0, y: 0, width: 1024, height: 1366)
    /// Docked, 375 pt: y = 1366 - 375 = 991.
    static let keyboard = Rect(x: 0, y: 991, width: 1024, height: 375)
    /// A floating keyboard in the middle of the screen; its bottom (1050) is far above the screen's.
    static let floatingKeyboard = Rect(x: 352, y: 800, width: 320, height: 250)
    static func longList() -> ScrollViewGeometry {
        ScrollViewGeometry(
            frame: frame, safeAreaInsets: safeArea, contentSize: Size(width: 1024, height: 3000),
            contentOffset: Point(x: 0, y: -24))
    }
}

/// iPad Pro 12.9" landscape: 1366 x 1024, where Split View, Slide Over and Stage Manager live.
enum IPadLandscape {
    static let screen = Size(width: 1366, height: 1024)
    static let safeArea = insets(top: 24, bottom: 20)
    /// Docked, 423 pt: y = 1024 - 423 = 601.
    static let keyboard = Rect(x: 0, y: 601, width: 1366, height: 423)
    /// A floating keyboard over the right half of the screen.
    static let floatingKeyboard = Rect(x: 900, y: 500, width: 320, height: 250)
}
