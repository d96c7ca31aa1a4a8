import InsetCore

/// What an IME show or hide does to an Android window: where everything settles, what was on screen when it
/// began, and what moves it there (the IME's animation, the window's pan and the list's scroll).
public struct AndroidOutcome: Equatable, Sendable {
    /// What the event set moving, from its start.
    public var transition: AndroidTransition
    /// What was on screen when it began.
    public var from: AndroidValues
    /// Where everything settles.
    public var result: AndroidInsetResult

    /// An outcome from its parts.
    public init(transition: AndroidTransition, from: AndroidValues, result: AndroidInsetResult) {
        self.transition = transition
        self.from = from
        self.result = result
    }

    /// The container's frame when the values are `values`: the layout's, its height theirs (its top stays).
    public func containerFrame(_ values: AndroidValues) -> Rect {
        var frame = transition.layout.container.frame
        frame.height = values.containerHeight
        return frame
    }
}

extension KeyboardEvent {
    /// How long after a stateless show its hide is taken to come, milliseconds: later than anything the show
    /// set moving ends, so the hide starts from the shown window at rest.
    @usableFromInline static var settledAfterShow: Double { 10_000 }

    /// The event on an Android `scene` (the window at rest) with nothing before it: a show from the IME hidden to
    /// `keyboard.frameEnd`; a hide from the IME at `keyboard.frameBegin` (nothing moves without it), at rest.
    /// Times are from the event, at 0.
    public func androidStateless(_ kind: Kind, in scene: Scene) -> AndroidOutcome {
        let layout = scene.androidLayout
        let rest = AndroidTransition.rest(layout, at: 0)
        if kind == .show {
            let (transition, result) = rest.next(imeFrame: keyboard.frameEnd, layout: layout, at: 0)
            return AndroidOutcome(transition: transition, from: rest.values(atMilliseconds: 0), result: result)
        }
        let shown = keyboard.frameBegin.map { rest.next(imeFrame: $0, layout: layout, at: 0).0 } ?? rest
        let t = Self.settledAfterShow
        let (transition, result) = shown.next(imeFrame: nil, layout: layout, at: t)
        var outcome = AndroidOutcome(transition: transition, from: shown.values(atMilliseconds: t), result: result)
        // Reported from the hide's own start.
        outcome.transition.shift(by: -t)
        return outcome
    }
}

extension AndroidTransition {
    /// The same transition on a clock `delta` milliseconds later.
    public mutating func shift(by delta: Double) {
        startTime += delta
        pan.startTime += delta
        scroll.startTime += delta
        lastSmoothScroll = lastSmoothScroll.map { $0 + delta }
    }
}
