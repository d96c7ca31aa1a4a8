import Testing

@testable import InsetCore

/// The curves a notification can carry, by raw value, plus the reported duration iPhones send.
let easingCurves: [Int] = [0, 1, 2, 3, 7]

/// The piecewise-linear function a browser draws through `stops`.
private func interpolate(_ stops: [LinearEasing.Stop], at x: Double) -> Double {
    for (a, b) in zip(stops, stops.dropFirst()) where x <= b.fraction {
        if b.fraction == a.fraction { return b.progress }
        return a.progress + (b.progress - a.progress) * (x - a.fraction) / (b.fraction - a.fraction)
    }
    return stops.last?.progress ?? 0
}

/// The worst gap between the stops and the exact curve, sampled every 1/20000 of the effective duration.
/// The keyboard is checked as a client replays it: reported 0.25 s, run over the effective 0.5 s.
private func worstError(_ stops: [LinearEasing.Stop], curve: AnimationCurve) -> Double {
    let reported = 0.25
    let duration = curve.effectiveDuration(reported: reported)
    var worst = 0.0
    for step in 0...20_000 {
        let x = Double(step) / 20_000
        let exact = curve.progress(atSeconds: x * duration, duration: reported)
        worst = max(worst, abs(interpolate(stops, at: x) - exact))
    }
    return worst
}

/// Parses `linear(0, 0.1234 5%, ..., 1)` back into stops, the way a browser reads it.
private func parse(_ css: String) throws -> [LinearEasing.Stop] {
    #expect(css.hasPrefix("linear(") && css.hasSuffix(")"))
    let body = css.dropFirst("linear(".count).dropLast()
    let tokens = body.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.hasPrefix(" ") ? $0.dropFirst() : $0
    }
    var stops: [LinearEasing.Stop] = []
    for (index, token) in tokens.enumerated() {
        let parts = token.split(separator: " ")
        let progress = try #require(Double(String(parts[0])))
        #expect(isDecimal(parts[0], maxDecimals: 4), "value \(parts[0])")
        if parts.count == 1 {
            #expect(index == 0 || index == tokens.count - 1, "only the first and last stops omit the percentage")
            stops.append(LinearEasing.Stop(progress: progress, fraction: index == 0 ? 0 : 1))
        } else {
            #expect(parts.count == 2 && parts[1].hasSuffix("%"))
            let percent = parts[1].dropLast()
            #expect(isDecimal(percent, maxDecimals: 2), "percentage \(parts[1])")
            stops.append(LinearEasing.Stop(progress: progress, fraction: try #require(Double(String(percent))) / 100))
        }
    }
    return stops
}

/// Digits, at most `maxDecimals` of them after an optional point, and no trailing zero after it.
private func isDecimal(_ text: Substring, maxDecimals: Int) -> Bool {
    let unsigned = text.hasPrefix("-") ? text.dropFirst() : text
    let pieces = unsigned.split(separator: ".", omittingEmptySubsequences: false)
    guard let whole = pieces.first, !whole.isEmpty, whole.allSatisfy(\.isNumber), pieces.count <= 2 else {
        return false
    }
    guard pieces.count == 2 else { return true }
    let fraction = pieces[1]
    return !fraction.isEmpty && fraction.count <= maxDecimals && fraction.allSatisfy(\.isNumber)
        && fraction.last != "0"
}

@Suite("CSS linear() easing")
struct LinearEasingTests {
    @Test(
        "Within the error bound of the exact curve everywhere",
        arguments: easingCurves, [0.01, 0.005, 0.002])
    func errorBound(rawValue: Int, maxError: Double) {
        let curve = AnimationCurve(rawValue: rawValue)
        let worst = worstError(LinearEasing.stops(for: curve, maxError: maxError), curve: curve)
        // 1e-6 covers the curve's bend between the fitter's own samples, 1/10000 apart.
        #expect(worst <= maxError + 1e-6)
        #expect(worst <= 0.01)
    }

    @Test("Default stops stay within 0.15 %: half a point on a 336-pt keyboard", arguments: easingCurves)
    func defaultBound(rawValue: Int) {
        let curve = AnimationCurve(rawValue: rawValue)
        #expect(worstError(LinearEasing.stops(for: curve), curve: curve) <= 0.0015 + 1e-6)
    }

    @Test("Starts at 0 at 0%, ends at exactly 1 at 100%, positions increasing", arguments: easingCurves)
    func shape(rawValue: Int) throws {
        let stops = LinearEasing.stops(for: AnimationCurve(rawValue: rawValue))
        #expect(stops.first == LinearEasing.Stop(progress: 0, fraction: 0))
        #expect(stops.last == LinearEasing.Stop(progress: 1, fraction: 1))
        for (a, b) in zip(stops, stops.dropFirst()) {
            #expect(a.fraction < b.fraction)
        }
    }

    @Test("The CSS string parses back to the same stops", arguments: easingCurves)
    func roundTrip(rawValue: Int) throws {
        let curve = AnimationCurve(rawValue: rawValue)
        let stops = LinearEasing.stops(for: curve)
        let parsed = try parse(LinearEasing.css(for: curve))
        try #require(parsed.count == stops.count)
        for (written, expected) in zip(parsed, stops) {
            #expect(written.progress == expected.progress)
            #expect(abs(written.fraction - expected.fraction) < 1e-12)
        }
    }

    @Test("The linear curve needs no stop in between")
    func linear() {
        #expect(LinearEasing.css(for: .linear) == "linear(0, 1)")
    }

    @Test("Few stops: a looser bound never needs more", arguments: easingCurves)
    func stopCount(rawValue: Int) {
        let curve = AnimationCurve(rawValue: rawValue)
        let loose = LinearEasing.stops(for: curve, maxError: 0.01).count
        let standard = LinearEasing.stops(for: curve).count
        let tight = LinearEasing.stops(for: curve, maxError: 0.0012).count
        #expect(loose <= standard && standard <= tight)
        // A smooth ease needs about sqrt(curvature / 8e) segments: about twenty at 0.15 %, never dozens.
        #expect(standard <= 24)
    }

    @Test("Deterministic", arguments: easingCurves)
    func deterministic(rawValue: Int) {
        let curve = AnimationCurve(rawValue: rawValue)
        #expect(LinearEasing.css(for: curve) == LinearEasing.css(for: curve))
    }

    @Test("Every keyboard raw value gets the same spring easing")
    func keyboardRawValues() {
        #expect(LinearEasing.css(for: .keyboard(rawValue: 7)) == LinearEasing.css(for: .keyboard(rawValue: 5)))
        #expect(LinearEasing.css(for: .keyboard(rawValue: 7)) != LinearEasing.css(for: .easeOut))
    }

    /// Android's curves have no UIKit raw value: the scroller's viscous fluid and the IME's interpolators.
    @Test("An Android interpolator's easing parses back and stays within the bound", arguments: [0, 1, 2, 3])
    func androidInterpolators(index: Int) throws {
        let curves: [(Double) -> Double] = [
            ViscousFluid.value, ImeAnimation.syncedCurve.value, ImeAnimation.unsyncedShowCurve.value,
            ImeAnimation.unsyncedHideCurve.value,
        ]
        let progress = curves[index]
        let stops = try parse(LinearEasing.css(progress: progress))
        #expect(stops.first?.progress == 0 && stops.last?.progress == 1)
        var worst = 0.0
        for step in 0...20_000 {
            let x = Double(step) / 20_000
            worst = max(worst, abs(interpolate(stops, at: x) - progress(x)))
        }
        #expect(worst <= LinearEasing.defaultMaxError)
    }
}
