import InsetCore

/// A session's animated values sampled over a span of its clock, with the events (kept animations) that shaped
/// them: what a timeline of the session answers and draws.
public struct Timeline: Sendable {
    /// The most samples one timeline may have.
    public static let maxSamples = 2_000
    /// The spacing used when none is asked for, in milliseconds.
    public static let defaultStep = 10.0
    /// How far a timeline reaches when nothing is animating, in milliseconds.
    public static let restingSpan = 500.0

    /// The sampled session's id.
    public let sessionId: String
    /// How the session composes its animations.
    public let interruption: Interruption
    /// The first sampled instant, in ms on the session's clock.
    public let from: Double
    /// The last instant the samples reach.
    public let to: Double
    /// The spacing of the samples, in ms.
    public let step: Double
    /// The sampled instants, `from` then every `step` up to `to`.
    public let times: [Double]
    /// Per instant, every value on screen.
    public let presentation: [AnimatedValues]
    /// Per instant, every value's velocity (points per second).
    public let velocity: [AnimatedValues]
    /// The kept animations that move some value within the span, oldest first.
    public let events: [AdditiveAnimation]
    /// Whether the keyboard's frame is known (its lanes are zeros otherwise).
    public let keyboardPlaced: Bool
    /// The session's pinned views, each a series of its own: its top rides on the guide's (`y` lane less its
    /// height), so it moves exactly as the guide does.
    public let pinnedViews: [PinnedView]

    /// A pinned view's series name.
    public static func seriesName(_ view: PinnedView) -> String { "pinnedViews." + view.id + ".y" }

    /// A pinned view's top at each instant: the guide's less its height.
    public func presentation(of view: PinnedView) -> [Double] {
        presentation.map { $0.lanes[AnimatedValues.guideTopLane] - view.frame.height }
    }

    /// How many samples a span gives.
    public static func sampleCount(from: Double, to: Double, step: Double) -> Double {
        ((to - from) / step).rounded(.down) + 1
    }

    /// The default step, or a coarser whole number of milliseconds when the span would pass `maxSamples`.
    public static func step(from: Double, to: Double) -> Double {
        let step = defaultStep
        guard sampleCount(from: from, to: to, step: step) > Double(maxSamples) else { return step }
        return ((to - from) / Double(maxSamples - 1)).rounded(.up)
    }

    /// The session sampled from `from` to `to` every `step`; the caller checked the span against the limits
    /// and the session's history.
    public init(_ session: Session, from: Double, to: Double, step: Double) {
        self.init(states: [(session, from)], from: from, to: to, step: step)
    }

    /// States a session went through, each sampled from its instant to the next one's: a replayed log. The
    /// last state names the session, its composition and its pinned views; `jumps` are events no state keeps
    /// (values set at once), shown among the others.
    public init(
        states: [(session: Session, from: Double)], jumps: [AdditiveAnimation] = [], from: Double, to: Double,
        step: Double
    ) {
        let last = states[states.count - 1].session
        sessionId = last.id
        interruption = last.scene.interruption
        self.from = from
        self.to = to
        self.step = step
        let count = Int(Self.sampleCount(from: from, to: to, step: step))
        var times: [Double] = []
        var presentation: [AnimatedValues] = []
        var velocity: [AnimatedValues] = []
        times.reserveCapacity(count)
        presentation.reserveCapacity(count)
        velocity.reserveCapacity(count)
        var state = 0
        for index in 0..<count {
            // Multiplied, not accumulated, so that no rounding builds up over two thousand steps.
            let time = from + Double(index) * step
            while state + 1 < states.count, states[state + 1].from <= time { state += 1 }
            let session = states[state].session
            times.append(time)
            presentation.append(session.presentationValues(at: time))
            velocity.append(session.velocity(at: time))
        }
        self.times = times
        self.presentation = presentation
        self.velocity = velocity
        // Each animation as the latest state that kept it knows it (a later event may have replaced it).
        var events: [AdditiveAnimation] = []
        for (session, _) in states {
            for animation in session.animations.animations where animation.startTime <= to && animation.stopTime >= from
            {
                if let index = events.firstIndex(where: { Self.sameEvent($0, animation) }) {
                    events[index] = animation
                } else {
                    events.append(animation)
                }
            }
        }
        events += jumps.filter { $0.startTime <= to && $0.startTime >= from }
        self.events = events.sorted { $0.startTime < $1.startTime }
        keyboardPlaced = states.contains { $0.session.keyboardFrame != nil }
        pinnedViews = last.scene.pinnedViews
    }

    /// Whether two kept animations are one event's, seen in two states.
    private static func sameEvent(_ a: AdditiveAnimation, _ b: AdditiveAnimation) -> Bool {
        a.startTime == b.startTime && a.curve == b.curve && a.duration == b.duration
    }

    /// The span sampled when `from` or `to` is left out: from the earliest instant the session
    /// still describes exactly to the end of its last animation (or a short resting span).
    public static func defaultSpan(_ session: Session) -> (from: Double, to: Double) {
        let from = session.animations.historyStart
        let end = session.animations.animations.map(\.endTime).max() ?? from
        return (from, max(end, from + restingSpan))
    }
}

/// Why a session cannot be sampled over a span.
public enum TimelineRefusal: Error, Equatable {
    /// The span begins (or, without a start, ends) at this instant, before the session's history (`since`):
    /// the animations a session keeps describe what was on screen exactly from `historyStart` on only.
    case historyUnavailable(Double, since: Double)
    /// The span at the step would take this many samples, more than `Timeline.maxSamples`.
    case tooManySamples(Double)
}

extension Session {
    /// The session sampled from `from` to `to` every `step`, each defaulting as `Timeline.defaultSpan` and
    /// `Timeline.step` say. The caller checked that a given step is positive and that `to` is not before `from`.
    public func timeline(from: Double?, to: Double?, step: Double?) throws(TimelineRefusal) -> Timeline {
        let span = Timeline.defaultSpan(self)
        let history = animations.historyStart
        if let early = from ?? to, early < history { throw .historyUnavailable(early, since: history) }
        let start = from ?? span.from
        let end = to ?? max(span.to, start)
        // Without a step, one that fits the span: a fixed default refused a span longer than its samples could
        // cover, although the client asked for no step at all.
        let step = step ?? Timeline.step(from: start, to: end)
        let count = Timeline.sampleCount(from: start, to: end, step: step)
        guard count <= Double(Timeline.maxSamples) else { throw .tooManySamples(count) }
        return Timeline(self, from: start, to: end, step: step)
    }
}
