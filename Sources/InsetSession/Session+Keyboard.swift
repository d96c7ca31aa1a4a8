import InsetCore

extension Session {
    /// The instant an event at `timestamp` (nil: now on the session's clock) happens at, with the session's
    /// clock moved there; an event older than the last one is refused before anything changes.
    @inlinable mutating func begin(at timestamp: Double?, serverTime: Double) throws(SessionError) -> Double {
        let time = instant(timestamp: timestamp, serverTime: serverTime)
        try advance(to: time, serverTime: serverTime)
        return time
    }

    /// A keyboard notification at `serverTime` (the server's clock, in ms): the scene takes the event's values
    /// and the event's animation composes with those still running. Answers the composition and the instant on
    /// the session's clock. Refused, before anything changes, when the event is older than the last one or
    /// sets a focus that is none of the fields.
    @inlinable public mutating func receive(
        _ kind: KeyboardEvent.Kind, _ event: borrowing KeyboardEvent, serverTime: Double
    ) throws(SessionError) -> (animation: EventAnimation, time: Double) {
        // Asked only when a focus was sent: asking copied the event's patch and the scene on every event.
        if event.scene.given.contains(.focus), let focus = event.scene.strayFocus(over: scene) {
            throw .strayFocus(focus)
        }
        let time = try begin(at: event.timestamp, serverTime: serverTime)
        // Assigned, not chosen by `?:`, which copies the animation.
        let composed: EventAnimation
        if kind == .show {
            composed = show(event, at: time)
        } else {
            composed = hide(event, at: time)
        }
        return (composed, time)
    }

    /// The scene changes at `timestamp` (nil: now), recomputed at once (`patch(_:at:keyboardFrame:)`); answers
    /// the instant. Refused, before anything changes, as `receive` refuses an event.
    public mutating func change(
        _ patch: borrowing ScenePatch, timestamp: Double?, serverTime: Double, keyboardFrame: Rect? = nil
    ) throws(SessionError) -> Double {
        if let focus = patch.strayFocus(over: scene) { throw .strayFocus(focus) }
        let time = try begin(at: timestamp, serverTime: serverTime)
        self.patch(patch, at: time, keyboardFrame: keyboardFrame)
        return time
    }

    /// The instant a look at `at` (nil: now on the session's clock) describes. No history is kept, so an instant
    /// before the last event cannot be answered truthfully, and is refused.
    public func instant(lookingAt at: Double?, serverTime: Double) throws(SessionError) -> Double {
        if let at, clockFixed, at < lastTime { throw .staleTimestamp(at, last: lastTime) }
        return at ?? instant(timestamp: nil, serverTime: serverTime)
    }

    /// A show (or, while shown, a frame change) at `time`, to the event's `frameEnd` (zero when it has none).
    public mutating func show(_ event: KeyboardEvent, at time: Double) -> EventAnimation {
        let frameEnd = event.keyboard.frameEnd ?? .zero
        scene.apply(event.scene)
        let result = KeyboardAvoidance.shown(
            scrollView: scene.scrollView, space: scene.space, keyboardFrameEnd: frameEnd,
            focusedRect: scene.revealRect, options: scene.options, previousAdjustedBottom: keyboardSideInset,
            pinnedViews: scene.pinnedViews)
        let from = keyboardFrame ?? event.keyboard.frameBegin ?? hiddenFrame(frameEnd)
        return finish(result, event, keyboardFrom: from, keyboardTo: frameEnd, visible: true, at: time)
    }

    /// A hide at `time`.
    public mutating func hide(_ event: KeyboardEvent, at time: Double) -> EventAnimation {
        scene.apply(event.scene)
        let result = KeyboardAvoidance.hidden(
            scrollView: scene.scrollView, space: scene.space, keyboardFrameEnd: event.keyboard.frameEnd,
            options: scene.options, previousAdjustedBottom: keyboardSideInset, pinnedViews: scene.pinnedViews)
        let from = keyboardFrame ?? event.keyboard.frameBegin
        let to = event.keyboard.frameEnd ?? from.map(hiddenFrame)
        return finish(result, event, keyboardFrom: from, keyboardTo: to, visible: false, at: time)
    }

    /// Geometry changes (rotation, content size, the user's scroll): recomputed and applied at once, no animation.
    /// The lift behaviour applies to the inset's change, so a composer that grows lifts a list at its end. A
    /// patch that changes what the form reveals (the focus, the caret, the fields, the scroll position)
    /// re-targets it at once while the keyboard is shown; any other leaves the user's scroll alone. A change
    /// that moves a shown keyboard (a rotation) gives its new frame, `keyboardFrame` (screen coordinates).
    public mutating func patch(_ patch: ScenePatch, at time: Double, keyboardFrame moved: Rect? = nil) {
        if scene.platform == .android { return androidPatch(patch, at: time, keyboardFrame: moved) }
        if scene.platform == .web { return webPatch(patch) }
        let previous = keyboardSideInset
        scene.apply(patch)
        if keyboardVisible, let moved {
            keyboard?.frameEnd = moved
            keyboardFrame = moved
        }
        if keyboardVisible, let frameEnd = keyboard?.frameEnd {
            target = KeyboardAvoidance.shown(
                scrollView: scene.scrollView, space: scene.space, keyboardFrameEnd: frameEnd,
                focusedRect: !patch.given.isDisjoint(with: .revealing) ? scene.revealRect : nil,
                options: scene.options, previousAdjustedBottom: previous, pinnedViews: scene.pinnedViews)
        } else {
            target = KeyboardAvoidance.hidden(
                scrollView: scene.scrollView, space: scene.space, options: scene.options,
                previousAdjustedBottom: previous, pinnedViews: scene.pinnedViews)
        }
        scene.scrollView.contentOffset = target.contentOffset
        animations.removeAll(at: time)
    }
}
