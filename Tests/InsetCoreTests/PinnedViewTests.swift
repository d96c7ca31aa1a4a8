import Testing

@testable import InsetCore

/// A chat on the iPhone 14 (window 390x844, safe area 47/34): a list over the whole window, 2000 pt of
/// messages, and a composer pinned to the keyboard layout guide. The 336-pt keyboard's top is at 508.
struct ComposerCase: Sendable, CustomTestStringConvertible {
    var name: String
    var composerHeight: Double
    var usesBottomSafeArea = true
    var keyboardShown: Bool
    /// Where the guide's top lands, worked by hand.
    var guideTop: Double
    /// The list's new `contentInset.bottom`, worked by hand: the covered height less the 34-pt safe area.
    var contentBottom: Double
    var testDescription: String { name }
}

let composerCases: [ComposerCase] = [
    // Hidden: the guide rests on the safe area (810), the 50-pt composer at 760 covers 84 pt, 50 past the 34.
    ComposerCase(
        name: "taller than the safe area, hidden", composerHeight: 50, keyboardShown: false, guideTop: 810,
        contentBottom: 50),
    // Shown: the composer rides at 458, covering 386 pt (more than the keyboard's 336).
    ComposerCase(
        name: "taller than the safe area, shown", composerHeight: 50, keyboardShown: true, guideTop: 508,
        contentBottom: 352),
    // A 20-pt bar: hidden at 790 it covers 54 pt, 20 past the safe area; shown at 488, 356 pt.
    ComposerCase(
        name: "shorter than the safe area, hidden", composerHeight: 20, keyboardShown: false, guideTop: 810,
        contentBottom: 20),
    ComposerCase(
        name: "shorter than the safe area, shown", composerHeight: 20, keyboardShown: true, guideTop: 508,
        contentBottom: 322),
    // Without usesBottomSafeArea the guide rests at the window's bottom: the composer at 794 covers 50 pt,
    // 16 past the safe area UIKit already pads.
    ComposerCase(
        name: "hidden, guide at the window's bottom", composerHeight: 50, usesBottomSafeArea: false,
        keyboardShown: false, guideTop: 844, contentBottom: 16),
    ComposerCase(
        name: "shown, guide at the window's bottom when hidden", composerHeight: 50, usesBottomSafeArea: false,
        keyboardShown: true, guideTop: 508, contentBottom: 352),
]

@Suite("Pinned views and the covered inset")
struct PinnedViewTests {
    static let space = ScreenSpace(
        window: Rect(x: 0, y: 0, width: 390, height: 844), screen: Size(width: 390, height: 844))
    static let keyboard = Rect(x: 0, y: 508, width: 390, height: 336)
    static func list(offset: Double = 0) -> ScrollViewGeometry {
        ScrollViewGeometry(
            frame: Rect(x: 0, y: 0, width: 390, height: 844),
            safeAreaInsets: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
            contentSize: Size(width: 390, height: 2000), contentOffset: Point(x: 0, y: offset))
    }

    @Test(arguments: composerCases)
    func theListClearsTheComposerAndTheKeyboard(_ c: ComposerCase) {
        // Sent where it sits before the event; only its size and horizontal place matter.
        let composer = PinnedView(id: "composer", frame: Rect(x: 0, y: 100, width: 390, height: c.composerHeight))
        let options = AvoidanceOptions(usesBottomSafeArea: c.usesBottomSafeArea)
        let result =
            c.keyboardShown
            ? KeyboardAvoidance.shown(
                scrollView: Self.list(), space: Self.space, keyboardFrameEnd: Self.keyboard, options: options,
                pinnedViews: [composer])
            : KeyboardAvoidance.hidden(
                scrollView: Self.list(), space: Self.space, options: options, pinnedViews: [composer])
        #expect(result.keyboardLayoutGuide.minY == c.guideTop)
        #expect(result.keyboardLayoutGuide.maxY == 844)
        #expect(result.pinnedViews == [composer.resting(on: c.guideTop)])
        #expect(result.pinnedViews[0].frame.maxY == c.guideTop)
        #expect(result.contentInset.bottom == c.contentBottom)
        #expect(result.adjustedContentInset.bottom == c.contentBottom + 34)
        // The last row, scrolled to the end, ends exactly at the composer's top.
        let end = KeyboardAvoidance.verticalRange(scrollView: Self.list(), adjusted: result.adjustedContentInset)
        #expect(2000 - end.upperBound == result.pinnedViews[0].frame.minY)
    }

    @Test func aPinnedViewBesideTheListCoversNothing() {
        let sidebar = PinnedView(id: "side", frame: Rect(x: 400, y: 700, width: 100, height: 50))
        let result = KeyboardAvoidance.hidden(scrollView: Self.list(), space: Self.space, pinnedViews: [sidebar])
        #expect(result.contentInset.bottom == 0)
        #expect(result.pinnedViews[0].frame.maxY == 810)
    }

    @Test func theTopmostOfSeveralPinnedViewsCounts() {
        let composer = PinnedView(id: "composer", frame: Rect(x: 0, y: 0, width: 390, height: 50))
        let toolbar = PinnedView(id: "toolbar", frame: Rect(x: 0, y: 0, width: 390, height: 90))
        let result = KeyboardAvoidance.shown(
            scrollView: Self.list(), space: Self.space, keyboardFrameEnd: Self.keyboard,
            pinnedViews: [composer, toolbar])
        #expect(result.pinnedViews.map(\.frame.minY) == [458, 418])
        #expect(result.contentInset.bottom == 844 - 418 - 34)
    }

    @Test func withoutPinnedViewsNothingChanges() {
        let result = KeyboardAvoidance.shown(
            scrollView: Self.list(), space: Self.space, keyboardFrameEnd: Self.keyboard)
        #expect(result.contentInset.bottom == 302)
        #expect(result.keyboardLayoutGuide == Rect(x: 0, y: 508, width: 390, height: 336))
        #expect(result.pinnedViews.isEmpty)
        let hidden = KeyboardAvoidance.hidden(scrollView: Self.list(), space: Self.space)
        #expect(hidden.contentInset.bottom == 0)
        #expect(hidden.keyboardLayoutGuide == Rect(x: 0, y: 810, width: 390, height: 34))
    }

    @Test func aListThatStopsAboveTheSafeAreaLeavesTheGuideAtTheWindowsBottom() {
        var list = Self.list()
        list.frame.height = 760
        list.safeAreaInsets.bottom = 0
        let result = KeyboardAvoidance.hidden(scrollView: list, space: Self.space)
        #expect(result.keyboardLayoutGuide.minY == 844)
    }

    @Test func aComposerThatGrowsWhileShownLiftsAListAtItsEnd() {
        // At the end with the keyboard and a 50-pt composer shown: adjusted bottom 386, offset range top 1542.
        let options = AvoidanceOptions(keyboardLiftBehavior: .whenAtEnd)
        let composer = PinnedView(id: "composer", frame: Rect(x: 0, y: 0, width: 390, height: 50))
        let before = KeyboardAvoidance.shown(
            scrollView: Self.list(), space: Self.space, keyboardFrameEnd: Self.keyboard, options: options,
            pinnedViews: [composer])
        #expect(before.adjustedContentInset.bottom == 386)
        var grown = composer
        grown.frame.height = 70
        let after = KeyboardAvoidance.shown(
            scrollView: Self.list(offset: 1542), space: Self.space, keyboardFrameEnd: Self.keyboard,
            options: options, previousAdjustedBottom: before.adjustedContentInset.bottom, pinnedViews: [grown])
        #expect(after.adjustedContentInset.bottom == 406)
        #expect(after.contentOffset.y == 1562)
    }
}

/// An inverted chat list (`scaleX: 1, y: -1`): its own top faces the keyboard, so its `safeAreaInsets.top` is
/// the home-indicator side (34) and `bottom` the status-bar side (47).
struct InvertedCase: Sendable, CustomTestStringConvertible {
    var name: String
    var behavior: KeyboardLiftBehavior
    var show: Bool
    var offset: Double
    /// The answer worked by hand in the list's own coordinates.
    var contentTop: Double
    var adjustedTop: Double
    var expectedOffset: Double
    var testDescription: String { name }
}

// Hidden, the offset runs -34 (the newest message, at the screen's bottom) ... 2000 + 47 - 844 = 1203; with
// the keyboard, the top inset is 336 - 34 = 302, adjusted 336, and the range -336 ... 1203.
let invertedCases: [InvertedCase] = [
    InvertedCase(
        name: "whenAtEnd at the newest message: lifts to the new lower bound", behavior: .whenAtEnd, show: true,
        offset: -34, contentTop: 302, adjustedTop: 336, expectedOffset: -336),
    InvertedCase(
        name: "whenAtEnd away from the end: stays", behavior: .whenAtEnd, show: true, offset: 400,
        contentTop: 302, adjustedTop: 336, expectedOffset: 400),
    InvertedCase(
        name: "always away from the end: moves by the 302", behavior: .always, show: true, offset: 400,
        contentTop: 302, adjustedTop: 336, expectedOffset: 98),
    InvertedCase(
        name: "never at the end: the offset stays, now inside the range", behavior: .never, show: true,
        offset: -34, contentTop: 302, adjustedTop: 336, expectedOffset: -34),
    InvertedCase(
        name: "hide, whenAtEnd at the end: back to the newest message", behavior: .whenAtEnd, show: false,
        offset: -336, contentTop: 0, adjustedTop: 34, expectedOffset: -34),
    InvertedCase(
        name: "hide, never at the end: clamped to the new lower bound", behavior: .never, show: false,
        offset: -336, contentTop: 0, adjustedTop: 34, expectedOffset: -34),
]

@Suite("Inverted lists")
struct InvertedListTests {
    static func list(offset: Double) -> ScrollViewGeometry {
        ScrollViewGeometry(
            frame: Rect(x: 0, y: 0, width: 390, height: 844),
            safeAreaInsets: EdgeInsets(top: 34, left: 0, bottom: 47, right: 0),
            contentSize: Size(width: 390, height: 2000), contentOffset: Point(x: 0, y: offset), inverted: true)
    }

    @Test(arguments: invertedCases)
    func answersMatchTheFlippedGeometryWorkedByHand(_ c: InvertedCase) {
        let options = AvoidanceOptions(keyboardLiftBehavior: c.behavior)
        let space = PinnedViewTests.space
        let result =
            c.show
            ? KeyboardAvoidance.shown(
                scrollView: Self.list(offset: c.offset), space: space, keyboardFrameEnd: PinnedViewTests.keyboard,
                options: options, previousAdjustedBottom: 34)
            : KeyboardAvoidance.hidden(
                scrollView: Self.list(offset: c.offset), space: space, options: options, previousAdjustedBottom: 336)
        #expect(result.contentInset == EdgeInsets(top: c.contentTop, left: 0, bottom: 0, right: 0))
        #expect(result.adjustedContentInset == EdgeInsets(top: c.adjustedTop, left: 0, bottom: 47, right: 0))
        #expect(result.contentOffset.y == c.expectedOffset)
        #expect(result.keyboardSideAdjustedInset(inverted: true) == c.adjustedTop)
        // The same answer through the ordinary list it looks like: the offset read from the other end.
        var plain = Self.list(offset: 2000 - 844 - c.offset)
        plain.inverted = false
        plain.safeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        let flipped =
            c.show
            ? KeyboardAvoidance.shown(
                scrollView: plain, space: space, keyboardFrameEnd: PinnedViewTests.keyboard, options: options,
                previousAdjustedBottom: 34)
            : KeyboardAvoidance.hidden(scrollView: plain, space: space, options: options, previousAdjustedBottom: 336)
        #expect(flipped.contentInset.bottom == result.contentInset.top)
        #expect(2000 - 844 - flipped.contentOffset.y == result.contentOffset.y)
        #expect(flipped.keyboardLayoutGuide == result.keyboardLayoutGuide)
    }

    @Test func aFocusedMessageIsRevealedInTheListsOwnCoordinates() {
        // The message at content y 0...44 is the newest, at the screen's bottom. Unflipped it sits at
        // 1956...2000, and showing it 10 pt above the keyboard needs 2000 + 10 + 336 - 844 = 1502, past the
        // range's end 1492: clamped there, which is -336 in the list's own coordinates.
        let result = KeyboardAvoidance.shown(
            scrollView: Self.list(offset: 600), space: PinnedViewTests.space,
            keyboardFrameEnd: PinnedViewTests.keyboard, focusedRect: Rect(x: 0, y: 0, width: 390, height: 44))
        #expect(result.contentOffset.y == -336)
    }
}
