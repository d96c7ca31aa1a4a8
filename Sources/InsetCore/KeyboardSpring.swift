#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// UIKit's keyboard curve (animation curve 7) modelled as the spring react-native-keyboard-controller and
/// Flutter use: mass 3, stiffness 1000, critically damped.
public enum KeyboardSpring {
    /// The spring's mass.
    public static let mass = 3.0
    /// The spring's stiffness.
    public static let stiffness = 1000.0
    /// Natural angular frequency `sqrt(stiffness / mass)`, about 18.257 rad/s.
    public static let omega = (stiffness / mass).squareRoot()
    /// Seconds the keyboard takes to settle, whatever duration the notification reports.
    public static let settlingTime = 0.5

    /// What is left of the way when `settlingTime` snaps the plain spring to its end, about 0.0011: a spring
    /// started moving settles once what is left stays below this.
    public static let settledRemainder = exp(-omega * settlingTime) * (1 + omega * settlingTime)

    /// The same spring leaving 0 at `initialVelocity` (UIKit's `initialSpringVelocity`: velocity over
    /// distance, 1/s): `1 - (1 + (w - v) t) e^(-w t)`. A fast start overshoots 1 and comes back; a start
    /// against the way (v < 0) first moves back.
    public static func progress(atSeconds t: Double, initialVelocity v: Double) -> Double {
        guard t > 0 else { return 0 }
        return 1 - (1 + (omega - v) * t) * exp(-omega * t)
    }

    /// Seconds until what is left of the way stays within `settledRemainder`, in whole milliseconds: the plain
    /// spring's 0.5 s at rest, longer for a start fast enough to overshoot or against the way (at most 3 s).
    public static func settlingTime(initialVelocity v: Double) -> Double {
        // Past its one extremum, |(1 + (w - v) t) e^(-w t)| only decreases, so the first instant after both
        // the extremum and the plain settling time at which it is within the bound is the settling time.
        var milliseconds = Int(settlingTime * 1000)
        let extremum = abs(omega - v) > 1e-12 ? (2 * omega - v) / (omega * (omega - v)) : 0
        while milliseconds < 3000 {
            let t = Double(milliseconds) / 1000
            if t >= extremum, abs((1 + (omega - v) * t) * exp(-omega * t)) <= settledRemainder * (1 + 1e-9) { break }
            milliseconds += 1
        }
        return Double(milliseconds) / 1000
    }

    /// Critically damped step response `1 - e^(-w t) (1 + w t)` at `t` seconds; 0 for `t <= 0`.
    /// Never reaches 1 on its own (about 0.9989 at 0.5 s), so callers snap to 1 at `settlingTime`.
    public static func progress(atSeconds t: Double) -> Double {
        guard t > 0 else { return 0 }
        let wt = omega * t
        return 1 - exp(-wt) * (1 + wt)
    }
}
