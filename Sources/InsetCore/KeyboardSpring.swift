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

    /// Critically damped step response `1 - e^(-w t) (1 + w t)` at `t` seconds; 0 for `t <= 0`.
    /// Never reaches 1 on its own (about 0.9989 at 0.5 s), so callers snap to 1 at `settlingTime`.
    public static func progress(atSeconds t: Double) -> Double {
        guard t > 0 else { return 0 }
        let wt = omega * t
        return 1 - exp(-wt) * (1 + wt)
    }
}
