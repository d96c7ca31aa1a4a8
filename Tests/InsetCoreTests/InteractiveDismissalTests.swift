import Testing

@testable import InsetCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Drags on the iPhone 14: the keyboard shown at 508, the screen's bottom at 844.
struct DragCase: Sendable, CustomTestStringConvertible {
    var name: String
    var touchY: Double
    var padding: Double = 0
    var expectedTop: Double
    var testDescription: String { name }
}

let dragCases: [DragCase] = [
    DragCase(name: "above the keyboard: nothing moves", touchY: 300, expectedTop: 508),
    DragCase(name: "at the keyboard's top: still shown", touchY: 508, expectedTop: 508),
    DragCase(name: "inside the keyboard: the top follows the touch", touchY: 600, expectedTop: 600),
    DragCase(name: "below the screen: clamped to its bottom", touchY: 900, expectedTop: 844),
    DragCase(name: "padding 20, a touch 30 above: nothing moves", touchY: 478, padding: 20, expectedTop: 508),
    DragCase(name: "padding 20, a touch 10 above: already engaged", touchY: 498, padding: 20, expectedTop: 518),
    DragCase(name: "padding 20, inside: 20 below the touch", touchY: 600, padding: 20, expectedTop: 620),
]

/// Releases: projected by 0.499 s of the velocity (UIScrollView's normal rate, 0.998/ms), against the middle
/// of 508...844, 676.
struct ReleaseCase: Sendable, CustomTestStringConvertible {
    var name: String
    var top: Double
    var velocity: Double
    var dismisses: Bool
    var testDescription: String { name }
}

let releaseCases: [ReleaseCase] = [
    ReleaseCase(name: "held above the middle: restores", top: 670, velocity: 0, dismisses: false),
    ReleaseCase(name: "held below the middle: dismisses", top: 680, velocity: 0, dismisses: true),
    // 600 + 0.499 × 160 = 679.8: past the middle.
    ReleaseCase(name: "a gentle flick down from 600: dismisses", top: 600, velocity: 160, dismisses: true),
    // 600 + 0.499 × 150 = 674.9: short of it.
    ReleaseCase(name: "a gentler one: restores", top: 600, velocity: 150, dismisses: false),
    // 760 - 0.499 × 200 = 660.2: the flick up brings it back.
    ReleaseCase(name: "low, flicked up: restores", top: 760, velocity: -200, dismisses: false),
]

@Suite("Interactive dismissal")
struct InteractiveDismissalTests {
    @Test(arguments: dragCases)
    func theKeyboardFollowsTheTouchWithinItsRange(_ c: DragCase) {
        #expect(
            InteractiveDismissal.draggedTop(touchY: c.touchY, shownTop: 508, screenBottom: 844, padding: c.padding)
                == c.expectedTop)
    }

    @Test(arguments: releaseCases)
    func aReleaseDismissesPastTheMiddleOfItsProjection(_ c: ReleaseCase) {
        #expect(
            InteractiveDismissal.dismisses(top: c.top, velocity: c.velocity, shownTop: 508, screenBottom: 844)
                == c.dismisses)
    }

    @Test func theProjectionIsTheDecelerationsSum() {
        // Σ v/1000 × 0.998^n for n ≥ 1: 0.499 s of the velocity.
        #expect(abs(InteractiveDismissal.projectedDistance(velocity: 1000) - 499) < 1e-9)
    }

    @Test func theInitialSpringVelocityIsTheVelocityOverTheDistanceLeft() {
        // 800 pt/s with 200 pt to go: four times the distance per second.
        #expect(InteractiveDismissal.initialSpringVelocity(velocity: 800, from: 644, to: 844) == 4)
        // Restoring upwards against a downward flick: negative, the spring first keeps going down.
        #expect(InteractiveDismissal.initialSpringVelocity(velocity: 300, from: 608, to: 508) == -3)
        #expect(InteractiveDismissal.initialSpringVelocity(velocity: 300, from: 508, to: 508) == 0)
    }

    @Test(arguments: [0.0, 4, 18, 40, -3])
    func theReleaseSpringStartsAtItsVelocityAndSettles(_ velocity: Double) {
        let curve = AnimationCurve.spring(initialVelocity: velocity)
        #expect(curve.progressRate(atSeconds: 0, duration: 0.25) == velocity)
        // The rate is the progress's derivative (central differences, 1 µs apart).
        for t in [0.01, 0.05, 0.1, 0.2, 0.4] {
            let h = 1e-6
            let slope =
                (curve.progress(atSeconds: t + h, duration: 0.25) - curve.progress(atSeconds: t - h, duration: 0.25))
                / (2 * h)
            #expect(abs(slope - curve.progressRate(atSeconds: t, duration: 0.25)) < 1e-4)
        }
        // Settled: within the plain spring's remainder at its own settling time, and done after it.
        let settle = curve.effectiveDuration(reported: 0.25)
        let left = 1 - KeyboardSpring.progress(atSeconds: settle, initialVelocity: velocity)
        #expect(abs(left) <= KeyboardSpring.settledRemainder * (1 + 1e-9))
        #expect(curve.progress(atSeconds: settle, duration: 0.25) == 1)
        #expect(settle >= KeyboardSpring.settlingTime)
    }

    @Test func withoutVelocityItIsTheKeyboardsSpring() {
        let spring = AnimationCurve.spring(initialVelocity: 0)
        let keyboard = AnimationCurve(rawValue: 7)
        #expect(spring.effectiveDuration(reported: 0.25) == 0.5)
        for t in stride(from: 0.0, through: 0.6, by: 0.05) {
            #expect(
                abs(spring.progress(atSeconds: t, duration: 0.25) - keyboard.progress(atSeconds: t, duration: 0.25))
                    < 1e-12)
        }
    }

    @Test func aFastStartOvershootsAndItsEasingSaysSo() {
        // 40/s is more than twice the spring's 18.3 rad/s: the keyboard overshoots its end, then comes back.
        let curve = AnimationCurve.spring(initialVelocity: 40)
        let peak = stride(from: 0.0, through: 0.5, by: 0.001).map { curve.progress(atSeconds: $0, duration: 0.25) }
            .max()
        #expect((peak ?? 0) > 1.05)
        let stops = LinearEasing.stops(for: curve)
        #expect(stops.contains { $0.progress > 1.05 })
        // The easing's first segment leaves 0 at the start's slope (progress per fraction of the duration).
        let duration = curve.effectiveDuration(reported: 1)
        let first = stops[1]
        let chordSlope = first.progress / first.fraction / duration
        #expect(abs(chordSlope - 40) / 40 < 0.1)
    }
}
