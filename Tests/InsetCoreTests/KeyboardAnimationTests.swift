import Testing

@testable import InsetCore

/// The resting iPhone 14 long list, and what the 336-pt keyboard makes of it with a focused field.
private let resting = ScrollState(contentInset: .zero, scrollIndicatorInsets: .zero, contentOffset: Point(x: 0, y: -47))
private let avoiding = ScrollState(
    contentInset: insets(bottom: 302), scrollIndicatorInsets: insets(bottom: 302), contentOffset: Point(x: 0, y: 146))

@Suite("Keyboard animation")
struct KeyboardAnimationTests {
    @Test(
        "UIView.AnimationOptions raw value: curve << 16 | beginFromCurrentState",
        arguments: [(7, 458_756), (0, 4), (1, 65_540), (2, 131_076), (3, 196_612)])
    func options(rawValue: Int, expected: Int) {
        let animation = KeyboardAnimation(
            from: resting, to: avoiding, curve: AnimationCurve(rawValue: rawValue), duration: 0.25, startTime: 0)
        #expect(animation.options == expected)
        #expect(KeyboardAnimation.beginFromCurrentStateOption == 1 << 2)
    }

    @Test("Effective duration and end time: the keyboard runs 0.5 s whatever is reported")
    func timing() {
        let keyboard = KeyboardAnimation(
            from: resting, to: avoiding, curve: .keyboard(rawValue: 7), duration: 0.25, startTime: 1000)
        #expect(keyboard.effectiveDuration == 0.5)
        #expect(keyboard.endTime == 1500)
        let ease = KeyboardAnimation(from: resting, to: avoiding, curve: .easeInOut, duration: 0.25, startTime: 1000)
        #expect(ease.effectiveDuration == 0.25)
        #expect(ease.endTime == 1250)
    }

    @Test(
        "Fraction on the session clock (ms)",
        arguments: [
            (0, 900.0, 0.0), (0, 1000, 0), (0, 1125, 0.5), (0, 1250, 1), (0, 1300, 1),
            (3, 1050, 0.2),  // linear: 50 of 250 ms
            (7, 1100, 0.5447783899280674),  // spring at 0.1 s
            (7, 1250, 0.9420383465481865),  // the reported end is not the end
            (7, 1500, 1), (7, 2000, 1),
        ])
    func fraction(rawValue: Int, time: Double, expected: Double) {
        let animation = KeyboardAnimation(
            from: resting, to: avoiding, curve: AnimationCurve(rawValue: rawValue), duration: 0.25, startTime: 1000)
        #expect(abs(animation.fraction(atMilliseconds: time) - expected) < 1e-9)
    }

    @Test("Finished exactly from the end time on, with the fraction at 1", arguments: [0, 1, 2, 3, 7])
    func finished(rawValue: Int) {
        // 0.3 s does not survive seconds -> ms -> seconds exactly for every start time.
        let animation = KeyboardAnimation(
            from: resting, to: avoiding, curve: AnimationCurve(rawValue: rawValue), duration: 0.3, startTime: 12_345.678
        )
        #expect(!animation.isFinished(atMilliseconds: animation.endTime - 1))
        #expect(animation.fraction(atMilliseconds: animation.endTime - 1) < 1)
        #expect(animation.isFinished(atMilliseconds: animation.endTime))
        #expect(animation.fraction(atMilliseconds: animation.endTime) == 1)
        #expect(animation.presentation(atMilliseconds: animation.endTime) == avoiding)
    }

    @Test("Presentation interpolates every animated property")
    func presentation() {
        // Linear, halfway: insets 302 / 2 = 151, offset -47 + (146 + 47) / 2 = 49.5.
        let animation = KeyboardAnimation(from: resting, to: avoiding, curve: .linear, duration: 0.2, startTime: 0)
        let halfway = ScrollState(
            contentInset: insets(bottom: 151), scrollIndicatorInsets: insets(bottom: 151),
            contentOffset: Point(x: 0, y: 49.5))
        #expect(animation.presentation(atMilliseconds: 100) == halfway)
        #expect(animation.presentation(atMilliseconds: 0) == resting)
        #expect(animation.presentation(atMilliseconds: -5) == resting)
        #expect(animation.presentation(atMilliseconds: 200) == avoiding)
    }

    @Test("A hide interrupting a show at 100 ms starts from what is on screen, not from the show's target")
    func interruptedShow() {
        let show = KeyboardAnimation(
            from: resting, to: avoiding, curve: .keyboard(rawValue: 7), duration: 0.25, startTime: 0)
        let hide = show.interrupted(atMilliseconds: 100, to: resting, curve: .keyboard(rawValue: 7), duration: 0.25)
        let onScreen = show.presentation(atMilliseconds: 100)

        #expect(hide.from == onScreen)
        #expect(hide.from != show.to)
        // Spring at 0.1 s: s = 1 - e^-1.8257 * 2.8257 = 0.544778; inset 302 s, offset -47 + 193 s.
        #expect(abs(hide.from.contentInset.bottom - 164.52307375827635) < 1e-9)
        #expect(abs(hide.from.scrollIndicatorInsets.bottom - 164.52307375827635) < 1e-9)
        #expect(abs(hide.from.contentOffset.y - 58.142229256117005) < 1e-9)
        #expect(hide.startTime == 100)
        #expect(hide.endTime == 600)
        // No jump at the hand-over, and the hide lands on the resting state.
        #expect(hide.presentation(atMilliseconds: 100) == onScreen)
        #expect(hide.presentation(atMilliseconds: 600) == resting)
        #expect(
            hide
                == KeyboardAnimation(
                    from: onScreen, to: resting, curve: .keyboard(rawValue: 7), duration: 0.25, startTime: 100))
    }

    @Test("A show interrupting a hide mid-way reverses from the on-screen value")
    func interruptedHide() {
        let hide = KeyboardAnimation(from: avoiding, to: resting, curve: .easeInOut, duration: 0.25, startTime: 0)
        let show = hide.interrupted(atMilliseconds: 125, to: avoiding, curve: .easeInOut, duration: 0.25)
        // easeInOut is at 0.5 halfway: inset 151, offset (146 - 47) / 2 = 49.5.
        #expect(abs(show.from.contentInset.bottom - 151) < 1e-9)
        #expect(abs(show.from.contentOffset.y - 49.5) < 1e-9)
        #expect(show.endTime == 375)
    }

    @Test("Zero duration finishes at once", arguments: [0, 3, 7])
    func zeroDuration(rawValue: Int) {
        let animation = KeyboardAnimation(
            from: resting, to: avoiding, curve: AnimationCurve(rawValue: rawValue), duration: 0, startTime: 500)
        #expect(animation.effectiveDuration == 0)
        #expect(animation.endTime == 500)
        #expect(animation.isFinished(atMilliseconds: 500))
        #expect(animation.fraction(atMilliseconds: 500) == 1)
        #expect(animation.presentation(atMilliseconds: 500) == avoiding)
        #expect(!animation.isFinished(atMilliseconds: 499))
        #expect(animation.fraction(atMilliseconds: 499) == 0)
    }
}
