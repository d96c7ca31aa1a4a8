extension AnimationCurve {
    /// A stable name for the curve: "easeInOut", "easeIn", "easeOut", "linear" or "keyboard".
    public var name: String {
        switch self {
        case .easeInOut: return "easeInOut"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .linear: return "linear"
        case .keyboard: return "keyboard"
        case .spring: return "spring"
        }
    }

    /// The closest CSS `transition-timing-function`. For the keyboard spring this is only the widely used
    /// bezier fit, meant to run over the effective (not the reported) duration; `LinearEasing` is exact.
    public var timingFunction: String {
        switch self {
        case .easeInOut: return "cubic-bezier(0.42, 0, 0.58, 1)"
        case .easeIn: return "cubic-bezier(0.42, 0, 1, 1)"
        case .easeOut: return "cubic-bezier(0, 0, 0.58, 1)"
        case .linear: return "linear"
        case .keyboard: return "cubic-bezier(0.38, 0.7, 0.125, 1)"
        case .spring(let velocity):
            // The keyboard's fit with its first control point moved so the curve leaves 0 at the initial
            // velocity (a slope of velocity × duration); only an approximation, as for the keyboard.
            let slope = velocity * effectiveDuration(reported: 1)
            let y1 = min(max(0.2 * slope, -2), 2)
            return "cubic-bezier(0.2, " + LinearEasing.decimal(Int((y1 * 10_000).rounded()), decimals: 4)
                + ", 0.125, 1)"
        }
    }

    /// The exact bezier of curves 0–2 (Core Animation's ease functions); nil for linear and for the keyboard
    /// spring, which no bezier matches exactly.
    public var bezier: CubicBezier? {
        switch self {
        case .easeInOut: return CubicBezier(p1x: 0.42, p1y: 0, p2x: 0.58, p2y: 1)
        case .easeIn: return CubicBezier(p1x: 0.42, p1y: 0, p2x: 1, p2y: 1)
        case .easeOut: return CubicBezier(p1x: 0, p1y: 0, p2x: 0.58, p2y: 1)
        case .linear, .keyboard, .spring: return nil
        }
    }

    /// How long, in seconds, the animation really runs for a reported duration.
    /// UIKit ignores the reported duration for the keyboard curve and runs the spring until it settles;
    /// a reported 0 (or less) still means no animation at all, and so does a timed curve's duration under
    /// `shortestDuration`.
    public func effectiveDuration(reported: Double) -> Double {
        guard reported > 0 else { return 0 }
        switch self {
        case .keyboard: return KeyboardSpring.settlingTime
        case .spring(let velocity): return KeyboardSpring.settlingTime(initialVelocity: velocity)
        case .easeInOut, .easeIn, .easeOut, .linear: return reported >= Self.shortestDuration ? reported : 0
        }
    }

    /// Seconds: a timed curve reported to run for less is a jump. A thousand times shorter than a frame of a
    /// 1000 Hz display, so no real animation is shorter; and a rate over it (a slope over the duration, times a
    /// delta of at most a few million points) stays finite, where over the shortest double (5e-324 s) it is
    /// infinite, which JSON cannot carry.
    public static let shortestDuration = 1e-6

    /// The exact progress (0...1) `t` seconds after the start, for a reported duration:
    /// 0 before the start, 1 from the effective duration on.
    public func progress(atSeconds t: Double, duration reported: Double) -> Double {
        let duration = effectiveDuration(reported: reported)
        // Checked before `t <= 0` so that a zero-duration animation is already finished at its start.
        guard t < duration else { return 1 }
        guard t > 0 else { return 0 }
        switch self {
        case .keyboard:
            // The spring runs in real time: stretching it to the duration would change its shape.
            return KeyboardSpring.progress(atSeconds: t)
        case .spring(let velocity):
            return KeyboardSpring.progress(atSeconds: t, initialVelocity: velocity)
        case .easeInOut, .easeIn, .easeOut, .linear:
            let x = t / duration
            return bezier?.value(at: x) ?? x  // linear has no bezier: progress is the time fraction itself
        }
    }
}
