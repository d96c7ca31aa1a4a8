/// CSS `linear()` easings that follow a UIKit curve exactly enough for a web client to replay it,
/// including the keyboard spring that no `cubic-bezier()` matches.
public enum LinearEasing {
    /// One `linear()` stop: the output `progress` at input `fraction` of the effective duration.
    public struct Stop: Equatable, Sendable {
        /// Output value, at most 4 decimals.
        public var progress: Double
        /// Input position in 0...1, a whole number of hundredths of a percent.
        public var fraction: Double

        /// Creates a stop.
        public init(progress: Double, fraction: Double) {
            self.progress = progress
            self.fraction = fraction
        }
    }

    /// How far the default easings may stray from the exact curve: 0.15 %, half a point on a 336-pt keyboard,
    /// so that a page replaying two additive animations still shows the service's sum within a pixel. Bounds
    /// below about 0.0011 cannot hold for the keyboard: its spring snaps from 0.9989 to 1 at 0.5 s, and the
    /// stops then just get dense.
    public static let defaultMaxError = 0.0015

    /// The `linear(...)` string for `curve`, whose straight segments stay within `maxError` of the exact curve.
    public static func css(for curve: AnimationCurve, maxError: Double = defaultMaxError) -> String {
        css(ticks(for: curve, maxError: maxError))
    }

    /// The `linear(...)` string for a progress function over 0...1 (an Android interpolator), within `maxError`.
    public static func css(maxError: Double = defaultMaxError, progress: (Double) -> Double) -> String {
        css(ticks(maxError: maxError, progress))
    }

    private static func css(_ stops: [Tick]) -> String {
        var parts: [String] = []
        parts.reserveCapacity(stops.count)
        for (index, stop) in stops.enumerated() {
            let value = decimal(stop.value, decimals: 4)
            // CSS places the first stop at 0% and the last at 100% by itself.
            if index == 0 || index == stops.count - 1 {
                parts.append(value)
            } else {
                parts.append(value + " " + decimal(stop.position, decimals: 2) + "%")
            }
        }
        return "linear(" + parts.joined(separator: ", ") + ")"
    }

    /// The stops `css(for:maxError:)` writes, as the numbers a client parses back.
    public static func stops(for curve: AnimationCurve, maxError: Double = defaultMaxError) -> [Stop] {
        ticks(for: curve, maxError: maxError).map {
            Stop(
                progress: Double($0.value) / Double(valueScale),
                fraction: Double($0.position) / Double(positionScale))
        }
    }

    /// Output values are whole ten-thousandths, so the written number is the one checked.
    private static let valueScale = 10_000
    /// Positions are whole hundredths of a percent, the finest a 2-decimal percentage can say.
    private static let positionScale = 10_000
    /// Candidate stop positions are every 0.1%: fine enough for the steep start of the spring, coarse enough
    /// to keep the greedy search cheap.
    private static let candidateStep = 10

    /// A stop in integer units: `position` / `positionScale`, `value` / `valueScale`.
    private struct Tick {
        var position: Int
        var value: Int
    }

    /// Greedy fit: each segment grows candidate by candidate until its chord would stray more than `maxError`
    /// from a dense sample in between. Values are rounded before checking, so the bound holds for the printed
    /// numbers.
    private static func ticks(for curve: AnimationCurve, maxError: Double) -> [Tick] {
        // The exact curve over its effective duration; bezier curves run over a unit duration.
        let duration = curve.effectiveDuration(reported: 1)
        return ticks(maxError: maxError) { curve.progress(atSeconds: $0 * duration, duration: 1) }
    }

    private static func ticks(maxError: Double, _ progress: (Double) -> Double) -> [Tick] {
        let exact = (0...positionScale).map { position in progress(Double(position) / Double(positionScale)) }
        func rounded(_ position: Int) -> Int {
            Int((exact[position] * Double(valueScale)).rounded())
        }
        func fits(from start: Tick, to end: Tick) -> Bool {
            let startValue = Double(start.value) / Double(valueScale)
            let slope =
                (Double(end.value) - Double(start.value)) / Double(valueScale)
                / Double(end.position - start.position)
            for position in start.position...end.position {
                let chord = startValue + slope * Double(position - start.position)
                if abs(chord - exact[position]) > maxError { return false }
            }
            return true
        }

        var ticks = [Tick(position: 0, value: rounded(0))]
        while let last = ticks.last, last.position < positionScale {
            // Always advance one candidate, so an unreachable bound degrades to dense stops rather than a hang.
            var best = Tick(position: last.position + candidateStep, value: 0)
            best.value = rounded(best.position)
            var position = best.position + candidateStep
            while position <= positionScale {
                let candidate = Tick(position: position, value: rounded(position))
                guard fits(from: last, to: candidate) else { break }
                best = candidate
                position += candidateStep
            }
            ticks.append(best)
        }
        return ticks
    }

    /// `units / 10^decimals` written with at most `decimals` decimals and no trailing zeros ("0.5", "12.25", "1").
    static func decimal(_ units: Int, decimals: Int) -> String {
        var scale: UInt = 1
        for _ in 0..<decimals { scale *= 10 }
        let sign = units < 0 ? "-" : ""
        let whole = units.magnitude / scale
        var fraction = units.magnitude % scale
        guard fraction > 0 else { return sign + String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: decimals - digits.count) + digits
        while fraction % 10 == 0 {
            fraction /= 10
            digits.removeLast()
        }
        return sign + String(whole) + "." + digits
    }
}
