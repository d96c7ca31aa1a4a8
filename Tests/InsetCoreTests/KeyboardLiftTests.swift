import Testing

@testable import InsetCore

/// A lift case on the iPhone 14's 390x844 table (safe area 47/34, content 2000 tall, a 336-pt keyboard): base
/// adjusted bottom 34, shown 336, so the offset range is -47...1190 hidden and -47...1492 shown.
struct LiftCase: Sendable, CustomTestStringConvertible {
    var name: String
    var behavior: KeyboardLiftBehavior
    var show: Bool
    var offset: Double
    var focusedRect: Rect? = nil
    var contentHeight: Double = 2000
    var expected: Double
    var testDescription: String { name }
}

let liftCases: [LiftCase] = [
    LiftCase(name: "never, at the end: stays", behavior: .never, show: true, offset: 1190, expected: 1190),
    LiftCase(name: "always, at the end: lifts by 302", behavior: .always, show: true, offset: 1190, expected: 1492),
    LiftCase(name: "whenAtEnd, at the end: lifts", behavior: .whenAtEnd, show: true, offset: 1190, expected: 1492),
    LiftCase(
        name: "whenAtEnd, within a point of the end: lifts", behavior: .whenAtEnd, show: true, offset: 1189.5,
        expected: 1491.5),
    LiftCase(name: "never, mid-list: stays", behavior: .never, show: true, offset: 500, expected: 500),
    LiftCase(name: "always, mid-list: lifts", behavior: .always, show: true, offset: 500, expected: 802),
    LiftCase(
        name: "whenAtEnd, two points from the end: stays", behavior: .whenAtEnd, show: true, offset: 1188,
        expected: 1188),
    LiftCase(name: "whenAtEnd, mid-list: stays", behavior: .whenAtEnd, show: true, offset: 500, expected: 500),
    LiftCase(
        // Content that fits does not scroll, so UIKit adds no safe area: the range is 0...0.
        name: "always, content that fits: clamped to its one offset", behavior: .always, show: true, offset: 0,
        contentHeight: 400, expected: 0),
    LiftCase(
        name: "always, then the focused field is revealed from the lifted offset", behavior: .always, show: true,
        offset: 500, focusedRect: Rect(x: 16, y: 700, width: 358, height: 44), expected: 653),
    LiftCase(
        name: "never, the focused field already visible: stays", behavior: .never, show: true, offset: 500,
        focusedRect: Rect(x: 16, y: 700, width: 358, height: 44), expected: 500),
    LiftCase(name: "hide, never, at the end: clamps", behavior: .never, show: false, offset: 1492, expected: 1190),
    LiftCase(
        name: "hide, always, at the end: comes down", behavior: .always, show: false, offset: 1492, expected: 1190),
    LiftCase(
        name: "hide, always, mid-list: comes down by 302", behavior: .always, show: false, offset: 600, expected: 298),
    LiftCase(name: "hide, whenAtEnd, mid-list: stays", behavior: .whenAtEnd, show: false, offset: 600, expected: 600),
    LiftCase(
        name: "hide, whenAtEnd, within a point of the end: comes down with it", behavior: .whenAtEnd, show: false,
        offset: 1491.5, expected: 1189.5),
    LiftCase(
        name: "hide, never, within a point of the end: clamps", behavior: .never, show: false, offset: 1491.5,
        expected: 1190),
]

@Suite("Keyboard lift behaviour")
struct KeyboardLiftTests {
    @Test("The offset a show or hide leaves", arguments: liftCases)
    func lift(_ testCase: LiftCase) {
        let scrollView = ScrollViewGeometry(
            frame: Rect(x: 0, y: 0, width: 390, height: 844), safeAreaInsets: insets(top: 47, bottom: 34),
            contentSize: Size(width: 390, height: testCase.contentHeight),
            contentOffset: Point(x: 0, y: testCase.offset))
        let space = ScreenSpace(
            window: Rect(x: 0, y: 0, width: 390, height: 844), screen: Size(width: 390, height: 844))
        let options = AvoidanceOptions(keyboardLiftBehavior: testCase.behavior)
        let result =
            testCase.show
            ? KeyboardAvoidance.shown(
                scrollView: scrollView, space: space, keyboardFrameEnd: Rect(x: 0, y: 508, width: 390, height: 336),
                focusedRect: testCase.focusedRect, options: options)
            : KeyboardAvoidance.hidden(
                scrollView: scrollView, space: space, options: options, previousAdjustedBottom: 336)
        #expect(result.contentOffset.y == testCase.expected)
    }
}
