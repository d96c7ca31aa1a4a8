import InsetCore

extension Session {
    /// The keyboard's shown frame (screen coordinates), where a drag starts from and a release may go back to;
    /// nil when no keyboard is shown, and a drag or a release is refused (check before changing the session).
    public var shownKeyboard: Rect? {
        keyboardVisible ? keyboard?.frameEnd : nil
    }

    /// The screen's bottom, where a dismissed keyboard goes (the shown keyboard's bottom without a screen).
    private func screenBottom(below shown: Rect) -> Double {
        scene.space.screen?.height ?? shown.maxY
    }

    /// A touch dragging at `touch` (window coordinates) at `time`, as the scroll view's `keyboardDismissMode`
    /// says: `interactive` moves the keyboard under the touch and everything follows at once (nil: no
    /// animation); `onDrag` hides the keyboard with its usual animation; `none` moves nothing (nil).
    public mutating func drag(touch: Point, at time: Double) -> EventAnimation? {
        guard let shown = shownKeyboard, let info = keyboard else { return nil }
        switch scene.scrollView.keyboardDismissMode {
        case .none:
            return nil
        case .onDrag:
            var hide = KeyboardEvent()
            hide.keyboard = info
            hide.keyboard.frameBegin = keyboardFrame ?? shown
            hide.keyboard.frameEnd = hiddenFrame(shown)
            return self.hide(hide, at: time)
        case .interactive:
            let space = scene.space
            let top = InteractiveDismissal.draggedTop(
                touchY: touch.y + space.window.y, shownTop: shown.minY, screenBottom: screenBottom(below: shown),
                options: scene.options)
            let frame = Rect(x: shown.x, y: top, width: shown.width, height: shown.height)
            target = KeyboardAvoidance.shown(
                scrollView: scene.scrollView, space: space, keyboardFrameEnd: frame, options: scene.options,
                previousAdjustedBottom: keyboardSideInset, pinnedViews: scene.pinnedViews)
            scene.scrollView.contentOffset = target.contentOffset
            keyboardFrame = frame
            // The finger sets every value outright: nothing earlier still animates.
            animations.removeAll(at: time)
            return nil
        }
    }

    /// The touch lifted at `time`, moving at `velocityY` (pt/s, downward positive). After an interactive drag,
    /// `InteractiveDismissal.dismisses` picks the end and a spring runs there, starting at the release's
    /// velocity; with nothing dragged (the other modes), nothing moves (nil).
    public mutating func release(velocityY: Double, at time: Double) -> EventAnimation? {
        guard let shown = shownKeyboard, let info = keyboard else { return nil }
        guard scene.scrollView.keyboardDismissMode == .interactive else { return nil }
        let current = keyboardFrame ?? shown
        let bottom = screenBottom(below: shown)
        let dismiss = InteractiveDismissal.dismisses(
            top: current.minY, velocity: velocityY, shownTop: shown.minY, screenBottom: bottom)
        let end = dismiss ? hiddenFrame(shown) : shown
        let curve = AnimationCurve.spring(
            initialVelocity: InteractiveDismissal.initialSpringVelocity(
                velocity: velocityY, from: current.minY, to: end.minY))
        var released = info
        released.frameBegin = current
        released.frameEnd = end
        released.animationCurve = curve.rawValue
        // The spring settles in its own time; the reported duration only says that it animates.
        released.animationDuration = KeyboardSpring.settlingTime
        let result =
            dismiss
            ? KeyboardAvoidance.hidden(
                scrollView: scene.scrollView, space: scene.space, keyboardFrameEnd: end,
                options: scene.options, previousAdjustedBottom: keyboardSideInset,
                pinnedViews: scene.pinnedViews)
            : KeyboardAvoidance.shown(
                scrollView: scene.scrollView, space: scene.space, keyboardFrameEnd: end,
                options: scene.options, previousAdjustedBottom: keyboardSideInset,
                pinnedViews: scene.pinnedViews)
        return finish(
            result, info: released, curve: curve, duration: released.animationDuration, scrolledOffset: nil,
            keyboardFrom: current, keyboardTo: end,
            visible: !dismiss, at: time)
    }

    /// A touch on the shown keyboard at `timestamp` (nil: now): a drag at `touch` or a release at `velocityY`.
    /// Answers the animation it started (nil when the values moved at once or not at all) and the instant;
    /// refused, before anything changes, with no keyboard shown or an event older than the last.
    public mutating func touch(
        _ gesture: KeyboardGesture, timestamp: Double?, serverTime: Double
    ) throws(SessionError) -> (animation: EventAnimation?, time: Double) {
        try requireIOS("an interactive dismissal")
        guard shownKeyboard != nil else { throw .keyboardNotShown }
        let time = try begin(at: timestamp, serverTime: serverTime)
        switch gesture {
        case .drag(let touch): return (drag(touch: touch, at: time), time)
        case .release(let velocityY): return (release(velocityY: velocityY, at: time), time)
        }
    }
}

/// A touch on a shown keyboard.
public enum KeyboardGesture: Equatable, Sendable {
    /// The finger is at this point (window coordinates).
    case drag(Point)
    /// The finger lifted, moving at this vertical velocity (pt/s, downward positive).
    case release(Double)
}
