import InsetCore

/// An Android session's values sampled over a span of its clock: what the IME, the container, the window's pan
/// and the list's scroll do from the last IME event on (the session keeps no earlier one).
public struct AndroidTimeline: Sendable {
    /// The series' names, in the order of `AndroidTimeline.series(_:)`.
    public static let names = [
        "ime.bottom", "scrollView.frame.height", "contentPadding.bottom", "windowPan.y", "contentOffset.y",
    ]
    /// The half-width of the central difference a velocity is taken over, ms: short beside the 200-ms and
    /// 250-ms motions, long beside a Double's rounding.
    public static let velocitySpan = 0.5

    /// The sampled session's id.
    public let sessionId: String
    /// The first sampled instant, ms on the session's clock.
    public let from: Double
    /// The last instant the samples reach.
    public let to: Double
    /// The spacing of the samples, ms.
    public let step: Double
    /// The sampled instants.
    public let times: [Double]
    /// What was on screen at each instant.
    public let values: [AndroidValues]
    /// How fast each moved, dp per second, to a thousandth: a central difference over `velocitySpan` either side
    /// (from the event on at the event itself).
    public let velocity: [AndroidValues]
    /// The last IME event.
    public let transition: AndroidTransition

    /// `transition` sampled from `from` to `to` every `step`; the caller checked the span.
    public init(sessionId: String, transition: AndroidTransition, from: Double, to: Double, step: Double) {
        self.sessionId = sessionId
        self.transition = transition
        self.from = from
        self.to = to
        self.step = step
        let count = Int(Timeline.sampleCount(from: from, to: to, step: step))
        times = (0..<count).map { from + Double($0) * step }
        values = times.map { transition.values(atMilliseconds: $0) }
        let h = Self.velocitySpan
        velocity = times.map { time in
            // One-sided at the event: before it the values are not the transition's.
            let early = max(time - h, transition.startTime)
            let before = Self.series(transition.values(atMilliseconds: early))
            let after = Self.series(transition.values(atMilliseconds: time + h))
            let span = time + h - early
            let rates = zip(before, after).map { (($1 - $0) / span * 1000 * 1000).rounded() / 1000 }
            return AndroidValues(
                ime: rates[0], containerHeight: rates[1], contentPaddingBottom: rates[2], windowPanY: rates[3],
                contentOffsetY: rates[4])
        }
    }

    /// The values of a moment in `names`' order.
    public static func series(_ values: AndroidValues) -> [Double] {
        [values.ime, values.containerHeight, values.contentPaddingBottom, values.windowPanY, values.contentOffsetY]
    }
}

extension Session {
    /// An Android session sampled from `from` to `to` every `step`, as `timeline` samples an iOS one; its history
    /// starts at the last IME event, before which the IME's inset is not known. Nil on iOS.
    public func androidTimeline(from: Double?, to: Double?, step: Double?) throws(TimelineRefusal) -> AndroidTimeline? {
        guard let android else { return nil }
        let history = android.startTime
        if let early = from ?? to, early < history { throw .historyUnavailable(early, since: history) }
        let start = from ?? history
        let end = to ?? max(android.endTime, start + Timeline.restingSpan)
        let step = step ?? Timeline.step(from: start, to: end)
        let count = Timeline.sampleCount(from: start, to: end, step: step)
        guard count <= Double(Timeline.maxSamples) else { throw .tooManySamples(count) }
        return AndroidTimeline(sessionId: id, transition: android, from: start, to: end, step: step)
    }
}
