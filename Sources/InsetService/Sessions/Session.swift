import InsetCore

/// Where the keyboard is in its show-hide cycle at one instant.
enum KeyboardPhase: String, Sendable {
    case hidden, showing, shown, hiding
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
    /// The last animation; finished ones stay so the state can be derived from the instant alone.
    var animation: KeyboardAnimation?
    private(set) var lastTime: Double
    /// The server's clock at the last event, which carries the session's clock for events without a timestamp.
    private(set) var lastServerTime: Double
    /// False until an event fixes the session's clock: a session created without a timestamp accepts
    /// whatever clock its first event's timestamp uses (`performance.now()` starts near zero).
    private(set) var clockFixed: Bool

    init(id: String, geometry: StoredGeometry, time: Double?, serverTime: Double) {
        self.id = id
        self.geometry = geometry
        self.target = KeyboardAvoidance.hidden(scrollView: geometry.scrollView, space: geometry.space)
        self.geometry.scrollView.contentOffset = target.contentOffset
        self.lastTime = time ?? serverTime
        self.lastServerTime = serverTime
        self.clockFixed = time != nil
    }

    /// A session exactly as stored, field by field: how a shared store reads one back (`SessionRecord`).
    init(
        id: String, geometry: StoredGeometry, keyboardVisible: Bool, keyboard: KeyboardInfo?, target: InsetResult,
        animation: KeyboardAnimation?, lastTime: Double, lastServerTime: Double, clockFixed: Bool
    ) {
        self.id = id
        self.geometry = geometry
        self.keyboardVisible = keyboardVisible
        self.keyboard = keyboard
        self.target = target
        self.animation = animation
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
        clockFixed = true
        lastTime = time
        lastServerTime = serverTime
    }

    /// What is on screen at `time`: the in-flight animation's value, or the target.
    func presentation(at time: Double) -> ScrollState {
        animation?.presentation(atMilliseconds: time) ?? target.state
    }

    /// Where an event's animation begins: what is on screen, except that an offset the event carries is the
    /// user's scroll, which is on screen now whatever the last animation left there.
    private func onScreen(at time: Double, scrolledTo offset: Point?) -> ScrollState {
        var state = presentation(at: time)
        if let offset { state.contentOffset = offset }
        return state
    }

    /// The animation still running at `time`, if any.
    func animationInFlight(at time: Double) -> KeyboardAnimation? {
        guard let animation, !animation.isFinished(atMilliseconds: time) else { return nil }
        return animation
    }

    func phase(at time: Double) -> KeyboardPhase {
        // Asked of the stored animation in place: going through `animationInFlight` copies the whole animation.
        let moving = animation?.isFinished(atMilliseconds: time) == false
        if keyboardVisible { return moving ? .showing : .shown }
        return moving ? .hiding : .hidden
    }

    /// A show (or, while shown, a frame change) at `time`, beginning from what is on screen.
    mutating func show(_ request: RequestBody, frameEnd: Rect, at time: Double) {
        geometry.apply(request.geometry)
        let from = onScreen(at: time, scrolledTo: request.geometry.contentOffset)
        let result = KeyboardAvoidance.shown(
            scrollView: geometry.scrollView, space: geometry.space, keyboardFrameEnd: frameEnd,
            focusedRect: request.focusedRect, options: geometry.options)
        finish(result, from: from, keyboard: request.keyboard, visible: true, at: time)
    }

    /// A hide at `time`, beginning from what is on screen.
    mutating func hide(_ request: RequestBody, at time: Double) {
        geometry.apply(request.geometry)
        let from = onScreen(at: time, scrolledTo: request.geometry.contentOffset)
        let result = KeyboardAvoidance.hidden(
            scrollView: geometry.scrollView, space: geometry.space, keyboardFrameEnd: request.keyboard.frameEnd)
        finish(result, from: from, keyboard: request.keyboard, visible: false, at: time)
    }

    /// Geometry changes (rotation, content size, the user's scroll): recomputed and applied at once, no animation.
    mutating func patch(_ patch: GeometryPatch) {
        geometry.apply(patch)
        if keyboardVisible, let frameEnd = keyboard?.frameEnd {
            target = KeyboardAvoidance.shown(
                scrollView: geometry.scrollView, space: geometry.space, keyboardFrameEnd: frameEnd,
                options: geometry.options)
        } else {
            target = KeyboardAvoidance.hidden(scrollView: geometry.scrollView, space: geometry.space)
        }
        geometry.scrollView.contentOffset = target.contentOffset
        animation = nil
    }

    private mutating func finish(
        _ result: InsetResult, from: ScrollState, keyboard info: KeyboardInfo, visible: Bool, at time: Double
    ) {
        target = result
        geometry.scrollView.contentOffset = result.contentOffset
        keyboard = info
        keyboardVisible = visible
        animation = info.animation(from: from, to: result.state, startTime: time)
    }
}
