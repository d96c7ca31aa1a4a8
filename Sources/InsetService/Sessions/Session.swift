import InsetCore

/// Where the keyboard is in its show-hide cycle at one instant.
enum KeyboardPhase: String, Sendable {
    case hidden, showing, shown, hiding
}

/// What a show or a hide in a session animates: the descriptor's animation (from what is on screen to the new
/// model) and what a client needs to reproduce the composition.
struct EventAnimation: Sendable {
    var animation: KeyboardAnimation
    /// How the event's animation was composed with those still running.
    var composition: Interruption
    /// The new animation's delta: it runs from this, added to the new model, down to zero.
    var delta: AnimatedValues
    /// The presentation's velocity at the event, in points per second.
    var velocity: AnimatedValues
    /// The earlier animations still running at the event (none when it replaced them).
    var inFlight: [AdditiveAnimation]
    /// Where the keyboard layout guide and the pinned views go.
    var layout: LayoutMotion
}

/// One scroll view's state between requests.
///
/// Times are milliseconds on the session's clock: the client's `timestamp`s when it sends them; otherwise
/// the last event's time plus the server's monotonic time since, so both kinds of request can be mixed.
struct Session: Equatable, Sendable {
    let id: String
    var geometry: StoredGeometry
    var keyboardVisible = false
    /// The last keyboard event's `userInfo`.
    var keyboard: KeyboardInfo?
    /// What the last event computed; its offset is also the model offset in `geometry`.
    var target: InsetResult
    /// The keyboard's model frame (screen coordinates) since the first event that placed it.
    var keyboardFrame: Rect?
    /// The animations that still shape what is on screen; finished ones go at the next event.
    var animations: LiveAnimations
    private(set) var lastTime: Double
    /// The server's clock at the last event, which carries the session's clock for events without a timestamp.
    private(set) var lastServerTime: Double
    /// False until an event fixes the session's clock: a session created without a timestamp accepts
    /// whatever clock its first event's timestamp uses (`performance.now()` starts near zero).
    private(set) var clockFixed: Bool

    init(id: String, geometry: StoredGeometry, time: Double?, serverTime: Double) {
        self.id = id
        self.geometry = geometry
        self.target = KeyboardAvoidance.hidden(
            scrollView: geometry.scrollView, space: geometry.space, options: geometry.options,
            pinnedViews: geometry.pinnedViews)
        self.geometry.scrollView.contentOffset = target.contentOffset
        self.lastTime = time ?? serverTime
        self.lastServerTime = serverTime
        self.clockFixed = time != nil
        self.animations = LiveAnimations(since: lastTime)
    }

    /// A session exactly as stored, field by field: how a shared store reads one back (`SessionRecord`).
    init(
        id: String, geometry: StoredGeometry, keyboardVisible: Bool, keyboard: KeyboardInfo?, target: InsetResult,
        keyboardFrame: Rect?, animations: LiveAnimations, lastTime: Double, lastServerTime: Double,
        clockFixed: Bool
    ) {
        self.id = id
        self.geometry = geometry
        self.keyboardVisible = keyboardVisible
        self.keyboard = keyboard
        self.target = target
        self.keyboardFrame = keyboardFrame
        self.animations = animations
        self.lastTime = lastTime
        self.lastServerTime = lastServerTime
        self.clockFixed = clockFixed
    }

    /// The instant an event happens at: its timestamp, or the server's time carried onto the session's clock.
    func instant(timestamp: Double?, serverTime: Double) -> Double {
        timestamp ?? lastTime + max(0, serverTime - lastServerTime)
    }

    /// Moves the session's clock to `time`; an event older than the last one is refused.
    mutating func advance(to time: Double, serverTime: Double) throws(SessionError) {
        guard !clockFixed || time >= lastTime else { throw .staleTimestamp(time, last: lastTime) }
        // The first event may set another clock: the (empty) history starts on it.
        if !clockFixed { animations.removeAll(at: time) }
        clockFixed = true
        lastTime = time
        lastServerTime = serverTime
    }

    /// The model values: the target's and the keyboard's frame (zero until a keyboard event placed it).
    var model: AnimatedValues { Self.model(target, keyboardFrame: keyboardFrame) }

    /// The model values of `target` with the keyboard at `keyboardFrame`: `model`, from its parts.
    private static func model(_ target: InsetResult, keyboardFrame: Rect?) -> AnimatedValues {
        AnimatedValues(target.state, keyboardFrame: keyboardFrame ?? .zero, guide: target.keyboardLayoutGuide)
    }

    /// The keyboard layout guide for the keyboard at `keyboardFrame` (screen coordinates; nil while hidden).
    static func layoutGuide(_ geometry: StoredGeometry, keyboardFrame: Rect?) -> Rect {
        let space = geometry.space
        return KeyboardAvoidance.layoutGuide(
            geometry.scrollView.unflipped, space,
            keyboard: keyboardFrame?.offsetBy(dx: -space.window.x, dy: -space.window.y),
            docked: keyboardFrame.map { KeyboardAvoidance.isDocked(keyboardFrame: $0, screen: space.screen) } ?? false,
            geometry.options)
    }

    /// The adjusted inset on the keyboard's side now: what a lift behaviour measures an event's change from.
    private var keyboardSideInset: Double {
        target.keyboardSideAdjustedInset(inverted: geometry.scrollView.inverted)
    }

    /// Every animated value on screen at `time`.
    func presentationValues(at time: Double) -> AnimatedValues {
        animations.presentation(model: model, at: time)
    }

    /// What is on screen at `time`: the model plus what the live animations still add.
    func presentation(at time: Double) -> ScrollState {
        presentationValues(at: time).scroll
    }

    /// How fast each value moves at `time`, in points per second, to a thousandth: finer says nothing on
    /// screen, and a number of thousandths is written without the general shortest-digits search.
    func velocity(at time: Double) -> AnimatedValues {
        Self.shown(velocity: animations.velocity(at: time))
    }

    /// A velocity to a thousandth, as `velocity(at:)` answers it.
    private static func shown(velocity exact: AnimatedValues) -> AnimatedValues {
        AnimatedValues(lanes: (exact.lanes * 1000).rounded(.toNearestOrEven) / 1000)
    }

    /// The newest animation still running at `time`, as the descriptor shows it: from what was on screen
    /// when it began to the model.
    func animationInFlight(at time: Double) -> KeyboardAnimation? {
        guard let newest = animations.newest(movingAt: time) else { return nil }
        return KeyboardAnimation(
            from: presentation(at: newest.startTime), to: target.state, curve: newest.curve,
            duration: newest.duration, startTime: newest.startTime)
    }

    /// The guide from what was on screen at `time` to the model, with the pinned views.
    func layoutMotion(since time: Double) -> LayoutMotion {
        let to = target.keyboardLayoutGuide
        return LayoutMotion(
            from: presentationValues(at: time).guide(model: to), to: to, pinnedViews: geometry.pinnedViews)
    }

    /// The keyboard's phase: showing or hiding while a keyboard's animation runs (a focus move's scroll, which
    /// moves only the offset, leaves it shown).
    func phase(at time: Double) -> KeyboardPhase {
        let moving = animations.keyboardIsMoving(at: time)
        if keyboardVisible { return moving ? .showing : .shown }
        return moving ? .hiding : .hidden
    }

    /// A show (or, while shown, a frame change) at `time`.
    mutating func show(_ request: RequestBody, frameEnd: Rect, at time: Double) -> EventAnimation {
        geometry.apply(request.geometry)
        let result = KeyboardAvoidance.shown(
            scrollView: geometry.scrollView, space: geometry.space, keyboardFrameEnd: frameEnd,
            focusedRect: geometry.revealRect, options: geometry.options, previousAdjustedBottom: keyboardSideInset,
            pinnedViews: geometry.pinnedViews)
        let from = keyboardFrame ?? request.keyboard.frameBegin ?? hiddenFrame(frameEnd)
        return finish(result, request, keyboardFrom: from, keyboardTo: frameEnd, visible: true, at: time)
    }

    /// A hide at `time`.
    mutating func hide(_ request: RequestBody, at time: Double) -> EventAnimation {
        geometry.apply(request.geometry)
        let result = KeyboardAvoidance.hidden(
            scrollView: geometry.scrollView, space: geometry.space, keyboardFrameEnd: request.keyboard.frameEnd,
            options: geometry.options, previousAdjustedBottom: keyboardSideInset, pinnedViews: geometry.pinnedViews)
        let from = keyboardFrame ?? request.keyboard.frameBegin
        let to = request.keyboard.frameEnd ?? from.map(hiddenFrame)
        return finish(result, request, keyboardFrom: from, keyboardTo: to, visible: false, at: time)
    }

    /// Geometry changes (rotation, content size, the user's scroll): recomputed and applied at once, no animation.
    /// The lift behaviour applies to the inset's change, so a composer that grows lifts a list at its end. A
    /// patch that changes what the form reveals (the focus, the caret, the fields, the scroll position)
    /// re-targets it at once while the keyboard is shown; any other leaves the user's scroll alone.
    mutating func patch(_ patch: GeometryPatch, at time: Double) {
        let previous = keyboardSideInset
        geometry.apply(patch)
        if keyboardVisible, let frameEnd = keyboard?.frameEnd {
            target = KeyboardAvoidance.shown(
                scrollView: geometry.scrollView, space: geometry.space, keyboardFrameEnd: frameEnd,
                focusedRect: patch.sent & RequestSchema.focusBits != 0 ? geometry.revealRect : nil,
                options: geometry.options, previousAdjustedBottom: previous, pinnedViews: geometry.pinnedViews)
        } else {
            target = KeyboardAvoidance.hidden(
                scrollView: geometry.scrollView, space: geometry.space, options: geometry.options,
                previousAdjustedBottom: previous, pinnedViews: geometry.pinnedViews)
        }
        geometry.scrollView.contentOffset = target.contentOffset
        animations.removeAll(at: time)
    }

    /// Where a keyboard of `frame`'s size rests while hidden: just below the screen (or below itself when the
    /// screen's size is unknown).
    private func hiddenFrame(_ frame: Rect) -> Rect {
        Rect(x: frame.x, y: geometry.space.screen?.height ?? frame.maxY, width: frame.width, height: frame.height)
    }

    private mutating func finish(
        _ result: InsetResult, _ request: RequestBody, keyboardFrom: Rect?, keyboardTo: Rect?, visible: Bool,
        at time: Double
    ) -> EventAnimation {
        finish(
            result, info: request.keyboard, curve: AnimationCurve(rawValue: request.keyboard.animationCurve),
            duration: request.keyboard.animationDuration, scrolledOffset: request.geometry.contentOffset,
            keyboardFrom: keyboardFrom, keyboardTo: keyboardTo, visible: visible, at: time)
    }

    /// Composes the event's animation (`curve` over `duration` seconds) and makes `result` the target; `info`
    /// becomes the session's last keyboard notification.
    private mutating func finish(
        _ result: InsetResult, info: KeyboardInfo, curve: AnimationCurve, duration: Double, scrolledOffset: Point?,
        keyboardFrom: Rect?, keyboardTo: Rect?, visible: Bool, at time: Double
    ) -> EventAnimation {
        let previous = AnimatedValues(
            target.state, keyboardFrame: keyboardFrom ?? .zero, guide: target.keyboardLayoutGuide)
        let next = AnimatedValues(
            result.state, keyboardFrame: keyboardTo ?? keyboardFrom ?? .zero, guide: result.keyboardLayoutGuide)
        let (composition, added) = animations.add(
            from: previous, to: next, curve: curve, duration: duration, at: time,
            interruption: geometry.interruption, scrolledOffset: scrolledOffset)
        target = result
        geometry.scrollView.contentOffset = result.contentOffset
        keyboard = info
        keyboardVisible = visible
        if let keyboardTo { keyboardFrame = keyboardTo }
        // What is on screen now is where the event's animation begins, whatever composed it. Computed once,
        // from the animations and the model alone: through `presentation(at:)`, `velocity(at:)` and
        // `layoutMotion(since:)` the whole session (about 700 bytes) was copied for each call, three times an
        // event, and the presentation summed twice.
        let guide = result.keyboardLayoutGuide
        let onScreen = animations.presentation(model: Self.model(result, keyboardFrame: keyboardFrame), at: time)
        let animation = KeyboardAnimation(
            from: onScreen.scroll, to: result.state, curve: curve, duration: duration, startTime: time)
        return EventAnimation(
            animation: animation, composition: composition, delta: added.delta,
            velocity: Self.shown(velocity: animations.velocity(at: time)),
            inFlight: animations.inFlight(at: time, startedBefore: true),
            layout: LayoutMotion(from: onScreen.guide(model: guide), to: guide, pinnedViews: geometry.pinnedViews))
    }
}

/// The keywords `POST /sessions/{id}/focus` takes besides a field's id.
enum FocusMove {
    /// The field after the focused one in navigation order.
    static let next = "next"
    /// The field before it.
    static let previous = "previous"
}

extension Session {
    /// The field a focus move names: an id of the session's fields, or `next` / `previous` from the focused
    /// one. Throws, before anything changes, when there is no such field.
    func field(named name: String) throws(SessionError) -> FormField {
        let fields = geometry.fields
        let pick: String?
        switch name {
        case FocusMove.next, FocusMove.previous:
            guard let focus = geometry.focus else {
                throw .invalid([FieldError(pointer: "/field", message: "cannot be '\(name)': no field is focused")])
            }
            let neighbours = FocusNavigation.neighbours(of: focus, in: fields)
            pick = name == FocusMove.next ? neighbours.next : neighbours.previous
            guard pick != nil else {
                let end = name == FocusMove.next ? "last" : "first"
                throw .invalid([
                    FieldError(pointer: "/field", message: "cannot be '\(name)': '\(focus)' is the \(end) field")
                ])
            }
        default:
            pick = name
        }
        guard let field = fields.first(where: { $0.id == pick }) else {
            throw .invalid([FieldError(pointer: "/field", message: "must name one of the session's fields")])
        }
        return field
    }

    /// The focus moves to `field` while the keyboard is shown (the caller checked `shownKeyboard`): the offset
    /// changes to reveal it, animated as UIScrollView animates a scroll (`FocusScroll`), composed with what still
    /// runs; the keyboard and its last notification stay as they are.
    mutating func focus(on field: FormField, at time: Double) -> EventAnimation {
        geometry.focus = field.id
        geometry.focusedRect = nil
        let info = keyboard ?? KeyboardInfo()
        let result = KeyboardAvoidance.shown(
            scrollView: geometry.scrollView, space: geometry.space, keyboardFrameEnd: info.frameEnd ?? .zero,
            focusedRect: field.rect, options: geometry.options, previousAdjustedBottom: keyboardSideInset,
            pinnedViews: geometry.pinnedViews)
        return finish(
            result, info: info, curve: FocusScroll.curve, duration: FocusScroll.duration, scrolledOffset: nil,
            keyboardFrom: keyboardFrame, keyboardTo: keyboardFrame, visible: true, at: time)
    }

    /// The keyboard's shown frame (screen coordinates), where a drag starts from and a release may go back to;
    /// nil when no keyboard is shown, and a drag or a release is refused (check before changing the session).
    var shownKeyboard: Rect? {
        keyboardVisible ? keyboard?.frameEnd : nil
    }

    /// The screen's bottom, where a dismissed keyboard goes (the shown keyboard's bottom without a screen).
    private func screenBottom(below shown: Rect) -> Double {
        geometry.space.screen?.height ?? shown.maxY
    }

    /// A touch dragging at `touch` (window coordinates) at `time`, as the scroll view's `keyboardDismissMode`
    /// says: `interactive` moves the keyboard under the touch and everything follows at once (nil: no
    /// animation); `onDrag` hides the keyboard with its usual animation; `none` moves nothing (nil).
    mutating func drag(touch: Point, at time: Double) -> EventAnimation? {
        guard let shown = shownKeyboard, let info = keyboard else { return nil }
        switch geometry.scrollView.keyboardDismissMode {
        case .none:
            return nil
        case .onDrag:
            var hide = RequestBody()
            hide.keyboard = info
            hide.keyboard.frameBegin = keyboardFrame ?? shown
            hide.keyboard.frameEnd = hiddenFrame(shown)
            return self.hide(hide, at: time)
        case .interactive:
            let space = geometry.space
            let top = InteractiveDismissal.draggedTop(
                touchY: touch.y + space.window.y, shownTop: shown.minY, screenBottom: screenBottom(below: shown),
                padding: geometry.options.keyboardDismissPadding)
            let frame = Rect(x: shown.x, y: top, width: shown.width, height: shown.height)
            target = KeyboardAvoidance.shown(
                scrollView: geometry.scrollView, space: space, keyboardFrameEnd: frame, options: geometry.options,
                previousAdjustedBottom: keyboardSideInset, pinnedViews: geometry.pinnedViews)
            geometry.scrollView.contentOffset = target.contentOffset
            keyboardFrame = frame
            // The finger sets every value outright: nothing earlier still animates.
            animations.removeAll(at: time)
            return nil
        }
    }

    /// The touch lifted at `time`, moving at `velocityY` (pt/s, downward positive). After an interactive drag,
    /// `InteractiveDismissal.dismisses` picks the end and a spring runs there, starting at the release's
    /// velocity; with nothing dragged (the other modes), nothing moves (nil).
    mutating func release(velocityY: Double, at time: Double) -> EventAnimation? {
        guard let shown = shownKeyboard, let info = keyboard else { return nil }
        guard geometry.scrollView.keyboardDismissMode == .interactive else { return nil }
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
                scrollView: geometry.scrollView, space: geometry.space, keyboardFrameEnd: end,
                options: geometry.options, previousAdjustedBottom: keyboardSideInset,
                pinnedViews: geometry.pinnedViews)
            : KeyboardAvoidance.shown(
                scrollView: geometry.scrollView, space: geometry.space, keyboardFrameEnd: end,
                options: geometry.options, previousAdjustedBottom: keyboardSideInset,
                pinnedViews: geometry.pinnedViews)
        return finish(
            result, info: released, curve: curve, duration: released.animationDuration, scrolledOffset: nil,
            keyboardFrom: current, keyboardTo: end,
            visible: !dismiss, at: time)
    }
}
