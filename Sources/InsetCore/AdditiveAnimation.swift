/// One event's animation as Core Animation keeps an additive one: every animated value goes from `delta` to
/// zero along the curve, on top of the model value, so its contribution at time t is `delta × (1 − progress)`.
///
/// An animation another event replaced (`beginFromCurrentState`) stops contributing at `replacedAt`; its earlier
/// contribution is `delta × (progress(replacedAt) − progress(t))`, which is what the value on screen then was
/// relative to the model set later. That keeps the past answerable from the animations alone. Times are
/// milliseconds on the session's clock.
public struct AdditiveAnimation: Equatable, Sendable {
    /// The previous model value minus the new one (or, for a replacing animation, what was on screen minus it).
    public var delta: AnimatedValues
    /// The notification's curve.
    public var curve: AnimationCurve
    /// The notification's reported duration, in seconds.
    public var duration: Double
    /// When the event happened.
    public var startTime: Double
    /// When a later event replaced this animation; infinity while nothing has.
    public var replacedAt: Double
    /// When a later event carrying the user's scroll set the content offset outright, ending this animation's
    /// contribution to the offset; infinity while none has.
    public var offsetReplacedAt: Double

    /// Creates an animation that nothing has replaced yet.
    public init(delta: AnimatedValues, curve: AnimationCurve, duration: Double, startTime: Double) {
        self.init(
            delta: delta, curve: curve, duration: duration, startTime: startTime, replacedAt: .infinity,
            offsetReplacedAt: .infinity)
    }

    /// Creates an animation field by field, as a stored session reads one back.
    public init(
        delta: AnimatedValues, curve: AnimationCurve, duration: Double, startTime: Double, replacedAt: Double,
        offsetReplacedAt: Double
    ) {
        self.delta = delta
        self.curve = curve
        self.duration = duration
        self.startTime = startTime
        self.replacedAt = replacedAt
        self.offsetReplacedAt = offsetReplacedAt
    }

    /// When the curve reaches its end (the keyboard spring's 0.5 s, whatever the reported duration).
    public var endTime: Double {
        startTime + curve.effectiveDuration(reported: duration) * 1000
    }

    /// When the animation stops contributing to every value: its end, or an earlier replacement.
    public var stopTime: Double {
        min(endTime, replacedAt)
    }

    /// Whether it moves nothing but the content offset: a focus move's scroll, not a keyboard's animation. A
    /// double is zero (either sign) exactly when its bits other than the sign are, so the lanes are tested as
    /// integers: on doubles, the masked comparison took a branch on every lane.
    public var isScrollOnly: Bool {
        let magnitudes = unsafeBitCast(delta.lanes, to: SIMD16<UInt64>.self) & AnimatedValues.magnitudeBitsBesidesOffset
        return AnimatedValues.noBitSet(magnitudes)
    }

    /// The curve's progress at `t`: 0 up to the start, 1 from the end on.
    public func progress(at t: Double) -> Double {
        if t >= endTime { return 1 }
        if t <= startTime { return 0 }
        return curve.progress(atSeconds: (t - startTime) / 1000, duration: duration)
    }

    /// What the animation adds to the model value at `t`.
    public func contribution(at t: Double) -> AnimatedValues {
        let whole = progress(at: replacedAt) - progress(at: min(t, replacedAt))
        guard offsetReplacedAt < replacedAt else { return delta * whole }
        let offsetEnd = offsetReplacedAt
        let offset = progress(at: offsetEnd) - progress(at: min(t, offsetEnd))
        let lanes = SIMD16<Double>(repeating: whole).replacing(with: offset, where: AnimatedValues.contentOffsetLanes)
        return AnimatedValues(lanes: delta.lanes * lanes)
    }

    /// How fast the contribution changes at `t`, in points per second (0 once replaced or finished).
    public func velocity(at t: Double) -> AnimatedValues {
        guard t < replacedAt else { return .zero }
        let rate = -curve.progressRate(atSeconds: (t - startTime) / 1000, duration: duration)
        guard t >= offsetReplacedAt else { return delta * rate }
        let lanes = SIMD16<Double>(repeating: rate).replacing(with: 0, where: AnimatedValues.contentOffsetLanes)
        return AnimatedValues(lanes: delta.lanes * lanes)
    }
}
