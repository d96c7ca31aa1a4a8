import Testing

@testable import InsetCore

/// One guide case: the view (window coordinates), its bottom safe area, the keyboard (nil: hidden) and the frame
/// worked out by hand from UIKit's rules.
struct GuideCase: Sendable, CustomTestStringConvertible {
    var name: String
    var view: Rect
    var safeBottom: Double
    var keyboard: Rect?
    var docked: Bool
    var follows: Bool
    var usesBottomSafeArea: Bool
    var expected: Rect
    var testDescription: String { name }
}

private let phone = Rect(x: 0, y: 0, width: 390, height: 844)
private let pad = Rect(x: 0, y: 0, width: 820, height: 1180)
private let floating = Rect(x: 250, y: 824, width: 320, height: 260)

let guideCases: [GuideCase] = [
    GuideCase(
        name: "docked keyboard, safe area used: the keyboard's top", view: phone, safeBottom: 34,
        keyboard: Rect(x: 0, y: 508, width: 390, height: 336), docked: true, follows: false, usesBottomSafeArea: true,
        expected: Rect(x: 0, y: 508, width: 390, height: 336)),
    GuideCase(
        name: "docked keyboard, safe area not used: the same", view: phone, safeBottom: 34,
        keyboard: Rect(x: 0, y: 508, width: 390, height: 336), docked: true, follows: false, usesBottomSafeArea: false,
        expected: Rect(x: 0, y: 508, width: 390, height: 336)),
    GuideCase(
        name: "hidden, safe area used: rests on the safe area's bottom", view: phone, safeBottom: 34, keyboard: nil,
        docked: false, follows: false, usesBottomSafeArea: true, expected: Rect(x: 0, y: 810, width: 390, height: 34)),
    GuideCase(
        name: "hidden, safe area not used: the view's bottom, no height", view: phone, safeBottom: 34, keyboard: nil,
        docked: false, follows: false, usesBottomSafeArea: false, expected: Rect(x: 0, y: 844, width: 390, height: 0)),
    GuideCase(
        name: "hidden and following undocked keyboards changes nothing", view: phone, safeBottom: 34, keyboard: nil,
        docked: false, follows: true, usesBottomSafeArea: true, expected: Rect(x: 0, y: 810, width: 390, height: 34)),
    GuideCase(
        name: "hardware keyboard bar taller than the safe area: its top", view: phone, safeBottom: 34,
        keyboard: Rect(x: 0, y: 789, width: 390, height: 55), docked: true, follows: false, usesBottomSafeArea: true,
        expected: Rect(x: 0, y: 789, width: 390, height: 55)),
    GuideCase(
        name: "a bar shorter than the safe area, safe area used: never below the safe area", view: phone,
        safeBottom: 34, keyboard: Rect(x: 0, y: 824, width: 390, height: 20), docked: true, follows: false,
        usesBottomSafeArea: true, expected: Rect(x: 0, y: 810, width: 390, height: 34)),
    GuideCase(
        name: "a bar shorter than the safe area, safe area not used: its top", view: phone, safeBottom: 34,
        keyboard: Rect(x: 0, y: 824, width: 390, height: 20), docked: true, follows: false,
        usesBottomSafeArea: false, expected: Rect(x: 0, y: 824, width: 390, height: 20)),
    GuideCase(
        name: "undocked iPad keyboard, not followed, safe area used: resting", view: pad, safeBottom: 20,
        keyboard: floating, docked: false, follows: false, usesBottomSafeArea: true,
        expected: Rect(x: 0, y: 1160, width: 820, height: 20)),
    GuideCase(
        name: "undocked iPad keyboard, not followed, safe area not used: the view's bottom", view: pad,
        safeBottom: 20, keyboard: floating, docked: false, follows: false, usesBottomSafeArea: false,
        expected: Rect(x: 0, y: 1180, width: 820, height: 0)),
    GuideCase(
        name: "undocked iPad keyboard, followed: the keyboard's frame", view: pad, safeBottom: 20, keyboard: floating,
        docked: false, follows: true, usesBottomSafeArea: true, expected: floating),
    GuideCase(
        name: "undocked iPad keyboard, followed, safe area not used: the keyboard's frame", view: pad,
        safeBottom: 20, keyboard: floating, docked: false, follows: true, usesBottomSafeArea: false,
        expected: floating),
    GuideCase(
        name: "docked keyboard wider than the view (Slide Over): spans the view",
        view: Rect(
            x: 0, y: 0, width: 320, height: 1180), safeBottom: 20,
        keyboard: Rect(x: -250, y: 782, width: 820, height: 398), docked: true, follows: false,
        usesBottomSafeArea: true, expected: Rect(x: 0, y: 782, width: 320, height: 398)),
    GuideCase(
        name: "followed undocked keyboard half outside the view: clipped to it",
        view: Rect(
            x: 0, y: 0, width: 400, height: 1180), safeBottom: 20, keyboard: floating, docked: false, follows: true,
        usesBottomSafeArea: true, expected: Rect(x: 250, y: 824, width: 150, height: 260)),
]

@Suite("keyboardLayoutGuide")
struct KeyboardLayoutGuideTests {
    @Test("The guide's frame", arguments: guideCases)
    func frame(_ testCase: GuideCase) {
        let frame = KeyboardLayoutGuide.frame(
            view: testCase.view, viewSafeAreaBottom: testCase.safeBottom, keyboard: testCase.keyboard,
            docked: testCase.docked, followsUndockedKeyboard: testCase.follows,
            usesBottomSafeArea: testCase.usesBottomSafeArea)
        #expect(frame == testCase.expected)
    }
}
