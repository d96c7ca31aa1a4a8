/// One keyboard-driven animation of a scroll view, on a session clock in milliseconds.
/// Models UIKit's `.beginFromCurrentState`: an animation that interrupts another starts from the other's
/// on-screen value, so `from` is the interrupted animation's `presentation(atMilliseconds:)`, not its target.
public struct KeyboardAnimation: Equatable, Sendable {
    /// The state on screen when the animation starts.
    public var from: ScrollState
    /// The state the animation ends at (the model value).
    public var to: ScrollState
    /// The notification's animation curve.
    public var curve: AnimationCurve
    /// The notification's reported duration, in seconds; see `effectiveDuration` for how long it really runs.
    public var duration: Double
    /// Start, in milliseconds on the session's clock.
    public var startTime: Double

    /// Creates an animation.
    public init(from: ScrollState, to: ScrollState, curve: AnimationCurve, duration: Double, startTime: Double) {
        self.from = from
        self.to = to
        self.curve = curve
        self.duration = duration
        self.startTime = startTime
    }

    /// `UIView.AnimationOptions.beginFromCurrentState` (`1 << 2`).
    public static let beginFromCurrentStateOption = 4

    /// The `UIView.AnimationOptions` raw value a UIKit client passes: the curve in bits 16 and up, since the
    /// options have no named member for curve 7, plus begin-from-current-state.
    public var options: Int {
        curve.rawValue << 16 | Self.beginFromCurrentStateOption
    }

    /// How long the animation really runs, in seconds (0.5 s for the keyboard spring).
    public var effectiveDuration: Double {
        curve.effectiveDuration(reported: duration)
    }

    /// When the animation ends, in milliseconds on the session's clock.
    public var endTime: Double {
        startTime + effectiveDuration * 1000
    }

    /// The exact curve's progress at session time `t` (milliseconds): 0 before the start, 1 from `endTime` on.
    public func fraction(atMilliseconds t: Double) -> Double {
        // Compared against `endTime` itself so that `isFinished` and a fraction of exactly 1 always agree,
        // whatever rounding the seconds-to-milliseconds round trip does.
        if t >= endTime { return 1 }
        if t <= startTime { return 0 }
        return curve.progress(atSeconds: (t - startTime) / 1000, duration: duration)
    }

    /// Whether the animation has reached its target at session time `t` (milliseconds).
    public func isFinished(atMilliseconds t: Double) -> Bool {
        t >= endTime
    }

    /// What is on screen at session time `t` (milliseconds).
    public func presentation(atMilliseconds t: Double) -> ScrollState {
        ScrollState.interpolate(from: from, to: to, fraction: fraction(atMilliseconds: t))
    }

    /// The animation that interrupts this one at `t` (milliseconds) and heads for `target`, starting from what
    /// is on screen then, as `.beginFromCurrentState` does.
    public func interrupted(
        atMilliseconds t: Double, to target: ScrollState, curve: AnimationCurve, duration: Double
    ) -> KeyboardAnimation {
        KeyboardAnimation(
            from: presentation(atMilliseconds: t), to: target, curve: curve, duration: duration, startTime: t)
    }
}
