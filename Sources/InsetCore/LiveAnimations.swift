/// The animations of one scroll view (and its keyboard) that still shape what is on screen, and the sum that
/// gives the presentation value:
///
///     presentation(t) = model + Σ contribution_i(t),   contribution_i(t) = delta_i × (1 − progress_i(t))
///
/// Additive composition (iOS 8 and later) adds each event's animation, with delta = previous model − new model,
/// and leaves the running ones alone; `beginFromCurrentState` replaces them with one animation from what is on
/// screen. The list is bounded: see `capacity`.
public struct LiveAnimations: Equatable, Sendable {
    /// The most animations kept. Events that would keep more within one animation's lifetime (a flood, or many
    /// long custom durations) make the next event begin from the current state instead: what is on screen stays
    /// continuous, its velocity restarts from zero, and the oldest animations, which no longer contribute, go.
    public static let capacity = 8
    /// An additive animation whose remaining contribution is below this on every value (points) is dropped.
    public static let settledBelow = 0.01

    /// The kept animations, oldest first.
    public private(set) var animations: [AdditiveAnimation]
    /// The earliest instant the kept animations describe exactly: before it, animations no longer kept were
    /// moving too.
    public private(set) var historyStart: Double

    /// No animation, with history exact from `time` on.
    public init(since time: Double) {
        animations = []
        historyStart = time
    }

    /// A list exactly as stored.
    public init(animations: [AdditiveAnimation], historyStart: Double) {
        self.animations = animations
        self.historyStart = historyStart
    }

    /// The sum of the kept animations' contributions at `t`.
    public func contribution(at t: Double) -> AnimatedValues {
        var sum = AnimatedValues.zero
        for animation in animations { sum = sum + animation.contribution(at: t) }
        return sum
    }

    /// What is on screen at `t` for the model value `model`.
    public func presentation(model: AnimatedValues, at t: Double) -> AnimatedValues {
        model + contribution(at: t)
    }

    /// The presentation's velocity at `t`, in points per second.
    public func velocity(at t: Double) -> AnimatedValues {
        var sum = AnimatedValues.zero
        for animation in animations { sum = sum + animation.velocity(at: t) }
        return sum
    }

    /// Whether any kept animation still moves at `t`.
    public func isMoving(at t: Double) -> Bool {
        animations.contains { t < $0.stopTime && t >= $0.startTime }
    }

    /// Whether a keyboard's animation (anything but a scroll of the offset alone) still runs at `t`.
    public func keyboardIsMoving(at t: Double) -> Bool {
        animations.contains { t < $0.stopTime && t >= $0.startTime && !$0.isScrollOnly }
    }

    /// The animations still contributing at `t`; `startedBefore` keeps only those that began before it.
    public func inFlight(at t: Double, startedBefore: Bool = false) -> [AdditiveAnimation] {
        animations.filter { t < $0.stopTime && (startedBefore ? t > $0.startTime : t >= $0.startTime) }
    }

    /// The newest animation, if it still moves at `t`.
    public func newest(movingAt t: Double) -> AdditiveAnimation? {
        guard let last = animations.last, t >= last.startTime, t < last.stopTime else { return nil }
        return last
    }

    /// Forgets every animation: the values jump to the model (a geometry change applied at once).
    public mutating func removeAll(at time: Double) {
        animations.removeAll()
        historyStart = time
    }

    /// Adds the animation of an event at `time` that moves the model from `previous` to `model`, composed as
    /// `interruption` says; `scrolledOffset` is the user's scroll the event carries, on screen at `time`
    /// whatever was animating the offset. Answers the composition used (an event beyond `capacity` is
    /// composed as `beginFromCurrentState`) and the new animation (with a zero delta when nothing moves).
    public mutating func add(
        from previous: AnimatedValues, to model: AnimatedValues, curve: AnimationCurve, duration: Double,
        at time: Double, interruption: Interruption, scrolledOffset: Point? = nil
    ) -> (composition: Interruption, animation: AdditiveAnimation) {
        drop(settledAt: time)
        var composition = interruption
        if composition == .additive, animations.count >= Self.capacity,
            !animations.contains(where: { canMerge($0, curve: curve, duration: duration, time: time) })
        {
            composition = .beginFromCurrentState
        }
        var start = previous
        switch composition {
        case .additive:
            if let scrolledOffset {
                start.lanes[8] = scrolledOffset.x
                start.lanes[9] = scrolledOffset.y
                for index in animations.indices where animations[index].offsetReplacedAt > time {
                    animations[index].offsetReplacedAt = time
                }
            }
        case .beginFromCurrentState:
            start = presentation(model: previous, at: time)
            if let scrolledOffset {
                start.lanes[8] = scrolledOffset.x
                start.lanes[9] = scrolledOffset.y
            }
            for index in animations.indices where animations[index].replacedAt > time {
                animations[index].replacedAt = time
            }
            // Replaced animations contribute nothing from now on; they are kept for the past until they end,
            // unless room is needed.
            while animations.count >= Self.capacity { forgetOldest() }
        }
        let animation = AdditiveAnimation(delta: start - model, curve: curve, duration: duration, startTime: time)
        guard !animation.delta.isZero, animation.endTime > time else {
            return (composition, animation)
        }
        if let index = animations.firstIndex(where: { canMerge($0, curve: curve, duration: duration, time: time) }) {
            // Same start, curve and duration: the two contributions are one curve times the summed deltas.
            animations[index].delta = animations[index].delta + animation.delta
        } else {
            animations.append(animation)
        }
        return (composition, animation)
    }

    /// Whether `animation` can absorb a new one with these parameters exactly.
    private func canMerge(_ animation: AdditiveAnimation, curve: AnimationCurve, duration: Double, time: Double)
        -> Bool
    {
        animation.startTime == time && animation.curve == curve && animation.duration == duration
            && animation.replacedAt == .infinity && animation.offsetReplacedAt == .infinity
    }

    /// Drops the animations that no longer contribute at `time`: finished or replaced ones that have reached
    /// their end, and additive ones whose remaining contribution is below `settledBelow` on every value.
    private mutating func drop(settledAt time: Double) {
        // One pass, each animation asked once: those kept move down over the dropped ones, in order. An event
        // that drops nothing writes nothing.
        var kept = 0
        for index in animations.indices {
            if Self.isSettled(animations[index], at: time) {
                historyStart = max(historyStart, min(animations[index].stopTime, time))
            } else {
                if kept != index { animations[kept] = animations[index] }
                kept += 1
            }
        }
        if kept != animations.count { animations.removeSubrange(kept...) }
    }

    private static func isSettled(_ animation: AdditiveAnimation, at time: Double) -> Bool {
        time >= animation.endTime
            || (animation.replacedAt == .infinity && animation.offsetReplacedAt == .infinity
                && animation.contribution(at: time).largestMagnitude < Self.settledBelow)
    }

    /// Forgets the oldest animation, which must contribute nothing from now on.
    private mutating func forgetOldest() {
        let oldest = animations.removeFirst()
        historyStart = max(historyStart, oldest.stopTime)
    }
}
