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
    /// Where everything settles.
    public var result: AndroidInsetResult

    /// The outcome of `transition`, which started at `time`.
    public init(_ transition: AndroidTransition, at time: Double, result: AndroidInsetResult) {
        self.transition = transition
        self.from = transition.values(atMilliseconds: time)
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
            return AndroidOutcome(transition, at: 0, result: result)
        }
        let shown = keyboard.frameBegin.map { rest.next(imeFrame: $0, layout: layout, at: 0).0 } ?? rest
        // Reported from the hide's own start.
        var (transition, result) = shown.next(imeFrame: nil, layout: layout, at: Self.settledAfterShow)
        transition.shift(by: -Self.settledAfterShow)
        return AndroidOutcome(transition, at: 0, result: result)
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
