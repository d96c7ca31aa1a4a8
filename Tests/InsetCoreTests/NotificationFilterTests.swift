import Testing

@testable import InsetCore

/// A logged notification sequence as devices send it, and what each notification must do.
struct LogCase: Sendable, CustomTestStringConvertible {
    var name: String
    var shownBefore: Rect? = nil
    var includesNonLocal = false
    var log: [(KeyboardNotificationName, KeyboardInfo)]
    var expected: [NotificationDecision]
    var testDescription: String { name }
}

/// The iPhone 14's keyboard, with and without the QuickType bar, and where it rests hidden.
private let keyboard = Rect(x: 0, y: 508, width: 390, height: 336)
private let withQuickType = Rect(x: 0, y: 464, width: 390, height: 380)
private let belowScreen = Rect(x: 0, y: 844, width: 390, height: 336)

private func info(_ end: Rect, duration: Double = 0.25, local: Bool? = true) -> KeyboardInfo {
    KeyboardInfo(frameEnd: end, animationDuration: duration, animationCurve: 7, isLocal: local)
}

let logCases: [LogCase] = [
    LogCase(
        // iOS posts the change-frame first; the show that follows carries the same frame.
        name: "a show as iOS sends it",
        log: [
            (.willChangeFrame, info(keyboard)), (.willShow, info(keyboard)), (.didChangeFrame, info(keyboard)),
            (.didShow, info(keyboard)),
        ],
        expected: [.show, .ignore(.sameFrame), .ignore(.didNotification), .ignore(.didNotification)]),
    LogCase(
        name: "the QuickType bar appears while shown", shownBefore: keyboard,
        log: [(.willChangeFrame, info(withQuickType)), (.willShow, info(withQuickType))],
        expected: [.show, .ignore(.sameFrame)]),
    LogCase(
        // Third-party keyboards report a first height, then their own, then it again.
        name: "a third-party keyboard's double and triple show",
        log: [
            (.willShow, info(Rect(x: 0, y: 544, width: 390, height: 300))), (.willShow, info(keyboard)),
            (.willShow, info(keyboard)),
        ],
        expected: [.show, .show, .ignore(.sameFrame)]),
    LogCase(
        name: "another app's keyboard (Slide Over) is ignored",
        log: [(.willShow, info(keyboard, local: false)), (.willHide, info(belowScreen, local: false))],
        expected: [.ignore(.notLocal), .ignore(.notLocal)]),
    LogCase(
        name: "another app's keyboard applies when asked", includesNonLocal: true,
        log: [(.willShow, info(keyboard, local: false))], expected: [.show]),
    LogCase(
        name: "a log without UIKeyboardIsLocalUserInfoKey counts as local",
        log: [(.willShow, info(keyboard, local: nil))], expected: [.show]),
    LogCase(
        // React Native #29614: a (0, 0, 0, 0) end frame on close; a dragged keyboard sends empty ones too.
        name: "zero and empty change-frames are ignored", shownBefore: keyboard,
        log: [
            (.willChangeFrame, info(.zero)), (.willChangeFrame, info(Rect(x: 0, y: 508, width: 0, height: 336))),
            (.willChangeFrame, info(Rect(x: 0, y: 844, width: 390, height: 0))),
        ],
        expected: [.ignore(.emptyFrame), .ignore(.emptyFrame), .ignore(.emptyFrame)]),
    LogCase(
        // The password manager's sheet: a show, then at once a hide without an animation.
        name: "an autofill hide right after a show is a jump",
        log: [(.willShow, info(keyboard)), (.willHide, info(belowScreen, duration: 0)), (.didHide, info(belowScreen))],
        expected: [.show, .jump(hides: true, .zeroDurationHide), .ignore(.didNotification)]),
    LogCase(
        name: "a hide as iOS sends it", shownBefore: keyboard,
        log: [(.willChangeFrame, info(belowScreen)), (.willHide, info(belowScreen)), (.didHide, info(belowScreen))],
        expected: [.hide, .ignore(.alreadyHidden), .ignore(.didNotification)]),
    LogCase(
        name: "a hide while hidden changes nothing", log: [(.willHide, info(belowScreen))],
        expected: [.ignore(.alreadyHidden)]),
    LogCase(
        name: "show, hide and show again",
        log: [
            (.willShow, info(keyboard)), (.willHide, info(belowScreen)), (.willShow, info(withQuickType)),
        ], expected: [.show, .hide, .show]),
]

@Suite("Notification log filters")
struct NotificationFilterTests {
    @Test("What each notification of a real-looking log does", arguments: logCases)
    func log(_ testCase: LogCase) {
        var filter = NotificationFilter(
            keyboardVisible: testCase.shownBefore != nil, keyboardFrame: testCase.shownBefore,
            includesNonLocal: testCase.includesNonLocal, screenHeight: 844)
        let decisions = testCase.log.map { filter.decide($0.0, $0.1) }
        #expect(decisions == testCase.expected)
    }

    @Test func aChangeFrameBelowTheScreenHidesOnlyWhenTheScreenIsKnown() {
        var known = NotificationFilter(keyboardVisible: true, keyboardFrame: keyboard, screenHeight: 844)
        #expect(known.decide(.willChangeFrame, info(belowScreen)) == .hide)
        var unknown = NotificationFilter(keyboardVisible: true, keyboardFrame: keyboard, screenHeight: nil)
        #expect(unknown.decide(.willChangeFrame, info(belowScreen)) == .show)
    }

    @Test func everyNameHasItsUIKitSpelling() {
        #expect(KeyboardNotificationName.allCases.count == 6)
        for name in KeyboardNotificationName.allCases {
            #expect(name.rawValue.hasPrefix("UIKeyboard") && name.rawValue.hasSuffix("Notification"))
            #expect(name.isDid == name.rawValue.hasPrefix("UIKeyboardDid"))
        }
    }
}

@Suite("Did-only logs, missing end frames, portrait frames")
struct NotificationToleranceTests {
    @Test func aLogOfDidNotificationsOnlyJumpsUntilAWillComes() {
        var filter = NotificationFilter(keyboardVisible: false, keyboardFrame: nil, screenHeight: 844)
        #expect(filter.decide(.didChangeFrame, info(keyboard)) == .jump(hides: false, .didWithoutWill))
        #expect(filter.decide(.didShow, info(keyboard)) == .ignore(.sameFrame))
        #expect(filter.decide(.didChangeFrame, info(belowScreen)) == .jump(hides: true, .didWithoutWill))
        #expect(filter.decide(.didHide, info(belowScreen)) == .ignore(.alreadyHidden))
        #expect(filter.decide(.willShow, info(keyboard)) == .show)
        // From the first Will on, every Did repeats one.
        #expect(filter.decide(.didChangeFrame, info(withQuickType)) == .ignore(.didNotification))
    }

    @Test func aNotificationWithoutAnEndFrameIsIgnored() {
        var filter = NotificationFilter(keyboardVisible: true, keyboardFrame: keyboard, screenHeight: 844)
        let beginOnly = KeyboardInfo(frameEnd: nil, frameBegin: keyboard)
        #expect(filter.decide(.willChangeFrame, beginOnly) == .ignore(.noEndFrame))
        #expect(filter.decide(.willHide, beginOnly) == .ignore(.noEndFrame))
        #expect(filter.keyboardVisible)
    }

    /// iOS 7 on a 568 × 320 landscape screen: the same keyboard, Home button right (left strip) and left (right
    /// strip), and hidden beyond either side.
    @Test(
        arguments: [
            (Rect(x: 0, y: 0, width: 162, height: 568), Rect(x: 0, y: 158, width: 568, height: 162)),
            (Rect(x: 158, y: 0, width: 162, height: 568), Rect(x: 0, y: 158, width: 568, height: 162)),
            (Rect(x: -162, y: 0, width: 162, height: 568), Rect(x: 0, y: 320, width: 568, height: 162)),
            (Rect(x: 320, y: 0, width: 162, height: 568), Rect(x: 0, y: 320, width: 568, height: 162)),
        ])
    func portraitFramesTurnIntoTheLandscapeScreens(portrait: Rect, landscape: Rect) {
        let screen = Size(width: 568, height: 320)
        #expect(PortraitCoordinates.fits(portrait, in: screen))
        #expect(PortraitCoordinates.converted(portrait, in: screen) == landscape)
        // Already in the screen's coordinates, nothing fits portrait: no landscape frame is 568 tall.
        #expect(!PortraitCoordinates.fits(landscape, in: screen))
        #expect(!PortraitCoordinates.fits(portrait, in: Size(width: 320, height: 568)))
    }

    @Test func autoConvertsOnlyWhatFitsPortraitAndScreenNever() {
        let landscape = Size(width: 568, height: 320)
        let strip = KeyboardInfo(frameEnd: Rect(x: 0, y: 0, width: 162, height: 568))
        let docked = KeyboardInfo(frameEnd: Rect(x: 0, y: 158, width: 568, height: 162))
        #expect(strip.inScreenCoordinates(.auto, screen: landscape).1)
        #expect(!docked.inScreenCoordinates(.auto, screen: landscape).1)
        #expect(!strip.inScreenCoordinates(.screen, screen: landscape).1)
        #expect(docked.inScreenCoordinates(.portrait, screen: landscape).1)
        #expect(!strip.inScreenCoordinates(.auto, screen: nil).1)
    }
}
