import Testing

@testable import InsetCore

/// Where a revealed rect lands, on the iPhone 14 form: 390x844, safe area 47/34, content 2000 tall, the 336-pt
/// keyboard shown. The visible band is 47...498 of the frame (844 - 336 - 10 pt of keyboardDistance), the
/// area between the adjusted insets 461 pt, the offset range -47...1492.
struct PositionCase: Sendable, CustomTestStringConvertible {
    var name: String
    var rect: Rect
    var offset: Double = 0
    var expected: [ScrollPosition: Double]
    var testDescription: String { name }
}

private func rect(y: Double, height: Double = 44) -> Rect {
    Rect(x: 16, y: y, width: 358, height: height)
}

let positionCases: [PositionCase] = [
    PositionCase(
        // Middle, bottom and center would all go above the content: clamped to the top.
        name: "a field at the content's top", rect: rect(y: 20),
        expected: [.minimal: -27, .top: -27, .middle: -47, .bottom: -47, .center: -47]),
    PositionCase(
        // middle: 1022 - (47 + 498) / 2; center: 1000 - 208.5 - 47 with (461 - 44) / 2 of padding.
        name: "a field in the middle of the content", rect: rect(y: 1000),
        expected: [.minimal: 546, .top: 953, .middle: 749.5, .bottom: 546, .center: 744.5]),
    PositionCase(
        name: "a field at the content's end: everything clamps to the last offset", rect: rect(y: 1950),
        expected: [.minimal: 1492, .top: 1492, .middle: 1492, .bottom: 1492, .center: 1492]),
    PositionCase(
        // minimal does not move a visible rect; the others place it whatever the offset.
        name: "a visible field, scrolled to 500", rect: rect(y: 700), offset: 500,
        expected: [.minimal: 500, .top: 653, .middle: 449.5, .bottom: 246, .center: 444.5]),
    PositionCase(
        // Taller than the 451-pt band: minimal shows its top; center keeps keyboardDistance above it.
        name: "a text view taller than the visible band", rect: rect(y: 700, height: 600),
        expected: [.minimal: 653, .top: 653, .middle: 727.5, .bottom: 802, .center: 643]),
]

@Suite("Scroll positions")
struct ScrollPositionTests {
    static let space = ScreenSpace(
        window: Rect(x: 0, y: 0, width: 390, height: 844), screen: Size(width: 390, height: 844))
    static let keyboard = Rect(x: 0, y: 508, width: 390, height: 336)

    static func scrollView(offset: Double, contentHeight: Double = 2000) -> ScrollViewGeometry {
        ScrollViewGeometry(
            frame: Rect(x: 0, y: 0, width: 390, height: 844), safeAreaInsets: insets(top: 47, bottom: 34),
            contentSize: Size(width: 390, height: contentHeight), contentOffset: Point(x: 0, y: offset))
    }

    @Test("Each position at the top, middle and end of the content", arguments: positionCases)
    func position(_ testCase: PositionCase) {
        for position in ScrollPosition.allCases {
            let result = KeyboardAvoidance.shown(
                scrollView: Self.scrollView(offset: testCase.offset), space: Self.space,
                keyboardFrameEnd: Self.keyboard, focusedRect: testCase.rect,
                options: AvoidanceOptions(scrollPosition: position))
            #expect(result.contentOffset.y == testCase.expected[position], "\(position)")
        }
    }

    @Test func theKeyboardDistanceMovesTheBandsBottomAndCentersPadding() {
        // 30 pt of distance: the band ends at 478, so bottom puts 1044 there, and center's padding stays 208.5.
        let options = { (position: ScrollPosition) in AvoidanceOptions(keyboardDistance: 30, scrollPosition: position) }
        let shown = { (position: ScrollPosition) in
            KeyboardAvoidance.shown(
                scrollView: Self.scrollView(offset: 0), space: Self.space, keyboardFrameEnd: Self.keyboard,
                focusedRect: rect(y: 1000), options: options(position)
            ).contentOffset.y
        }
        #expect(shown(.bottom) == 566)
        #expect(shown(.middle) == 759.5)
        #expect(shown(.center) == 744.5)
        // A text view taller than the area keeps the 30 pt above it.
        let tall = KeyboardAvoidance.shown(
            scrollView: Self.scrollView(offset: 0), space: Self.space, keyboardFrameEnd: Self.keyboard,
            focusedRect: rect(y: 700, height: 600), options: options(.center))
        #expect(tall.contentOffset.y == 623)
    }

    /// A notes text view at content y 600 grows a 22-pt line at a time as the user types at its end; the caret
    /// (22 pt tall, 4 pt above the view's bottom) must stay `keyboardDistance` above the keyboard: its bottom at
    /// 498 in the frame once it would pass it. The content grows with the view.
    @Test(
        "A caret at the end of a growing text view stays above the keyboard",
        arguments: [
            (lines: 0, expected: 198.0), (lines: 1, expected: 220), (lines: 5, expected: 308),
            (lines: 20, expected: 638),
        ])
    func caretInAGrowingTextView(lines: Int, expected: Double) {
        var offset = 0.0
        for line in 0...lines {
            let height = 100 + 22 * Double(line)
            let caret = Rect(x: 40, y: 600 + height - 26, width: 2, height: 22)
            let result = KeyboardAvoidance.shown(
                scrollView: Self.scrollView(offset: offset, contentHeight: 1000 + height), space: Self.space,
                keyboardFrameEnd: Self.keyboard, focusedRect: caret)
            offset = result.contentOffset.y
            #expect(caret.maxY - offset <= 498 + 1e-9, "line \(line): the caret is under the keyboard")
        }
        #expect(offset == expected)
    }

    @Test func aCaretMovedBackUpIntoViewMovesNothing() {
        // After typing, the offset is 308; a tap on the view's second line (content y 622) is visible.
        let result = KeyboardAvoidance.shown(
            scrollView: Self.scrollView(offset: 308, contentHeight: 1210), space: Self.space,
            keyboardFrameEnd: Self.keyboard, focusedRect: Rect(x: 40, y: 622, width: 2, height: 22))
        #expect(result.contentOffset.y == 308)
        // A tap above the visible band (content y 300, band starts at 308 + 47) scrolls up to it.
        let above = KeyboardAvoidance.shown(
            scrollView: Self.scrollView(offset: 308, contentHeight: 1210), space: Self.space,
            keyboardFrameEnd: Self.keyboard, focusedRect: Rect(x: 40, y: 300, width: 2, height: 22))
        #expect(above.contentOffset.y == 253)
    }
}
