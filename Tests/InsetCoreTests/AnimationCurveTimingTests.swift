import Testing

@testable import InsetCore

/// What each UIKit raw value must map to.
struct CurveFacts: Sendable, CustomTestStringConvertible {
    var rawValue: Int
    var name: String
    var timingFunction: String
    var bezier: CubicBezier?
    var testDescription: String { "raw \(rawValue)" }
}

let curveFacts: [CurveFacts] = [
    CurveFacts(
        rawValue: 0, name: "easeInOut", timingFunction: "cubic-bezier(0.42, 0, 0.58, 1)",
        bezier: CubicBezier(p1x: 0.42, p1y: 0, p2x: 0.58, p2y: 1)),
    CurveFacts(
        rawValue: 1, name: "easeIn", timingFunction: "cubic-bezier(0.42, 0, 1, 1)",
        bezier: CubicBezier(p1x: 0.42, p1y: 0, p2x: 1, p2y: 1)),
    CurveFacts(
        rawValue: 2, name: "easeOut", timingFunction: "cubic-bezier(0, 0, 0.58, 1)",
        bezier: CubicBezier(p1x: 0, p1y: 0, p2x: 0.58, p2y: 1)),
    CurveFacts(rawValue: 3, name: "linear", timingFunction: "linear", bezier: nil),
    CurveFacts(rawValue: 7, name: "keyboard", timingFunction: "cubic-bezier(0.38, 0.7, 0.125, 1)", bezier: nil),
    CurveFacts(rawValue: 5, name: "keyboard", timingFunction: "cubic-bezier(0.38, 0.7, 0.125, 1)", bezier: nil),
]

@Suite("Animation curve timing")
struct AnimationCurveTimingTests {
    @Test("Name, CSS timing function and bezier per raw value", arguments: curveFacts)
    func facts(_ facts: CurveFacts) {
        let curve = AnimationCurve(rawValue: facts.rawValue)
        #expect(curve.rawValue == facts.rawValue)
        #expect(curve.name == facts.name)
        #expect(curve.timingFunction == facts.timingFunction)
        #expect(curve.bezier == facts.bezier)
    }

    @Test(
        "Effective duration: the reported one, except the keyboard's 0.5 s; 0 stays 0",
        arguments: [
            (0, 0.25, 0.25), (1, 0.3, 0.3), (2, 0.4, 0.4), (3, 0.35, 0.35), (0, 0, 0),
            (7, 0.25, 0.5), (7, 0.35, 0.5), (7, 1, 0.5), (7, 0, 0), (5, 0.25, 0.5),
        ])
    func effectiveDuration(rawValue: Int, reported: Double, expected: Double) {
        #expect(AnimationCurve(rawValue: rawValue).effectiveDuration(reported: reported) == expected)
    }

    @Test(
        "Exact progress: 0 before the start, 1 from the effective duration",
        arguments: [
            (0, 0.25, -0.01, 0.0), (0, 0.25, 0, 0), (0, 0.25, 0.125, 0.5),  // easeInOut is symmetric
            (0, 0.25, 0.25, 1), (0, 0.25, 0.3, 1),
            (3, 0.4, 0.1, 0.25), (3, 0.4, 0.4, 1), (3, 0, 0, 1), (3, 0, -0.01, 0),
            (7, 0.25, 0.1, 0.5447783899280674),  // spring in real time: 1 - e^-1.8257 * 2.8257
            (7, 0.25, 0.25, 0.9420383465481865),  // not 1 at the reported duration
            (7, 0.25, 0.4999, 0.998899168994209),  // still the spring just before 0.5 s
            (7, 0.25, 0.5, 1), (7, 0.25, 0.8, 1), (7, 0, 0, 1), (7, 0, -0.01, 0),
        ])
    func progress(rawValue: Int, reported: Double, seconds: Double, expected: Double) {
        let value = AnimationCurve(rawValue: rawValue).progress(atSeconds: seconds, duration: reported)
        #expect(abs(value - expected) < 1e-9)
    }

    @Test("Bezier curves evaluate the bezier at t / duration", arguments: [0, 1, 2])
    func bezierProgress(rawValue: Int) throws {
        let curve = AnimationCurve(rawValue: rawValue)
        let bezier = try #require(curve.bezier)
        for step in 1..<30 {
            let t = Double(step) / 100
            #expect(curve.progress(atSeconds: t, duration: 0.3) == bezier.value(at: t / 0.3))
        }
    }

    @Test("The keyboard spring runs in real time whatever duration is reported")
    func keyboardIgnoresReportedDuration() {
        let keyboard = AnimationCurve(rawValue: 7)
        for step in 1..<50 {
            let t = Double(step) / 100
            #expect(keyboard.progress(atSeconds: t, duration: 0.25) == KeyboardSpring.progress(atSeconds: t))
            #expect(keyboard.progress(atSeconds: t, duration: 0.4) == KeyboardSpring.progress(atSeconds: t))
        }
    }
}

@Suite("Durations shorter than anything a display shows")
struct ShortestDurationTests {
    @Test(arguments: [AnimationCurve.linear, .easeInOut, .easeIn, .easeOut])
    func aTimedCurveUnderAMicrosecondIsAJumpWithAFiniteRate(curve: AnimationCurve) {
        for reported in [Double.leastNonzeroMagnitude, 1e-300, 1e-7] {
            #expect(curve.effectiveDuration(reported: reported) == 0)
            #expect(curve.progress(atSeconds: 0, duration: reported) == 1)
            #expect(curve.progressRate(atSeconds: 0, duration: reported) == 0)
        }
        // From a microsecond on, the curve runs, and its rate is large but finite.
        let rate = curve.progressRate(atSeconds: 0.5e-6, duration: AnimationCurve.shortestDuration)
        #expect(rate.isFinite && rate > 0)
    }

    @Test func theKeyboardSpringIgnoresTheReportedDurationAsUIKitDoes() {
        #expect(
            AnimationCurve(rawValue: 7).effectiveDuration(reported: .leastNonzeroMagnitude)
                == KeyboardSpring.settlingTime)
    }
}
