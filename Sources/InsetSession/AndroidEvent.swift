import InsetCore

/// What an IME show or hide does to an Android window: where everything settles, where it starts, and what
/// moves it there (the IME's animation, the window's pan and the list's scroll).
public struct AndroidOutcome: Equatable, Sendable {
    /// What the event set moving, from its start.
    public var transition: AndroidTransition
    /// What is on screen as the event takes effect: the IME at its animation's start (a running one snapped to
    /// its end first, as `InsetsController` cancels it), the layout as drawn for it, the pan and the scroll
    /// where their scrollers start.
    public var from: AndroidValues
    /// What is on screen once everything has stopped (`settledValues`).
    public var to: AndroidValues

    /// Where everything settles: the transition's target, as `AndroidTransition.next` returns it.
    public var result: AndroidInsetResult { transition.target }

    /// The outcome of `transition`, which started at `time`.
    public init(_ transition: AndroidTransition, at time: Double) {
        self.transition = transition
        self.from = transition.values(atMilliseconds: time)
        self.to = transition.settledValues
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
    /// Times are from the event, at 0. Mutating only so that the event and its scene are read where they lie
    /// (borrowed, both were copied for the call); it changes nothing.
    public mutating func androidStateless(_ kind: Kind) -> AndroidOutcome {
        let layout = scene.values.androidLayout
        if kind == .show {
            return AndroidOutcome(AndroidTransition.fromRest(layout, imeFrame: keyboard.frameEnd, at: 0), at: 0)
        }
        let rest = AndroidTransition.rest(layout, at: 0)
        let shown = keyboard.frameBegin.map { rest.following(imeFrame: $0, layout: layout, at: 0) } ?? rest
        // Reported from the hide's own start.
        var transition = shown.following(imeFrame: nil, layout: layout, at: Self.settledAfterShow)
        transition.shift(by: -Self.settledAfterShow)
        return AndroidOutcome(transition, at: 0)
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
