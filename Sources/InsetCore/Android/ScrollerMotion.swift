/// One scroll run by `Scroller` or `OverScroller` with their defaults: from `from` to `to` over 250 ms on the
/// viscous-fluid curve, on a clock in milliseconds.
public struct ScrollerMotion: Equatable, Sendable {
    /// The position when the scroll starts.
    public var from: Double
    /// Where it ends.
    public var to: Double
    /// Its start, milliseconds.
    public var startTime: Double

    /// Creates a scroll.
    public init(from: Double, to: Double, startTime: Double) {
        self.from = from
        self.to = to
        self.startTime = startTime
    }

    /// A position that does not move.
    public static func still(at value: Double, since time: Double) -> ScrollerMotion {
        ScrollerMotion(from: value, to: value, startTime: time)
    }

    /// When it ends, milliseconds.
    public var endTime: Double { startTime + ViscousFluid.duration * 1000 }

    /// The position at `t` (milliseconds).
    public func value(atMilliseconds t: Double) -> Double {
        if from == to || t >= endTime { return to }
        if t <= startTime { return from }
        return from + (to - from) * ViscousFluid.value(at: (t - startTime) / (ViscousFluid.duration * 1000))
    }

    /// Whether it is still moving at `t`.
    public func isRunning(atMilliseconds t: Double) -> Bool {
        from != to && t < endTime
    }
}
