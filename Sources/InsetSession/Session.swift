import InsetCore

/// Where the keyboard is in its show-hide cycle at one instant.
public enum KeyboardPhase: String, Sendable {
    case hidden, showing, shown, hiding
}

/// What a show or a hide in a session animates: the descriptor's animation (from what is on screen to the new
/// model) and what a client needs to reproduce the composition.
public struct EventAnimation: Sendable {
    /// From what is on screen at the event to the new model, with the event's curve.
    public var animation: KeyboardAnimation
    /// How the event's animation was composed with those still running.
    public var composition: Interruption
    /// The new animation's delta: it runs from this, added to the new model, down to zero.
    public var delta: AnimatedValues
    /// The presentation's velocity at the event, in points per second.
    public var velocity: AnimatedValues
    /// The earlier animations still running at the event (none when it replaced them).
    public var inFlight: [AdditiveAnimation]
    /// Where the keyboard layout guide and the pinned views go.
    public var layout: LayoutMotion

    /// An event's animation from its parts.
    public init(
        animation: KeyboardAnimation, composition: Interruption, delta: AnimatedValues, velocity: AnimatedValues,
        inFlight: [AdditiveAnimation], layout: LayoutMotion
    ) {
        self.animation = animation
        self.composition = composition
        self.delta = delta
        self.velocity = velocity
        self.inFlight = inFlight
        self.layout = layout
    }
}

/// What a session on Android or the web keeps besides its scene. Indirect: held in a box of its own, so that an
/// iOS session, most of them, carries one word for it rather than the largest payload's 489 bytes, and reading
/// it copies a reference rather than the payload.
public indirect enum PlatformState: Equatable, Sendable {
    /// What the last IME event set moving.
    case android(AndroidTransition)
    /// Where the page rests since the last event.
    case web(WebState)
}

/// One scroll view's state between keyboard events.
///
/// Times are milliseconds on the session's clock: the client's `timestamp`s when it sends them; otherwise
/// the last event's time plus the server's monotonic time since, so both kinds of event can be mixed.
public struct Session: Equatable, Sendable {
    /// The session's id, unique among the sessions of a store.
    public let id: String
    /// The scene, whose scroll view holds the model offset.
    public var scene: Scene
    /// Whether the last keyboard event showed the keyboard.
    public var keyboardVisible = false
    /// The last keyboard event's `userInfo`.
    public var keyboard: KeyboardInfo?
    /// What the last event computed; its offset is also the model offset in `scene`.
    public var target: InsetResult
    /// The keyboard's model frame (screen coordinates) since the first event that placed it.
    public var keyboardFrame: Rect?
    /// The animations that still shape what is on screen; finished ones go at the next event.
    public var animations: LiveAnimations
    /// The session's clock at the last event, in milliseconds.
    public private(set) var lastTime: Double
    /// The server's clock at the last event, which carries the session's clock for events without a timestamp.
    public private(set) var lastServerTime: Double
    /// False until an event fixes the session's clock: a session created without a timestamp accepts
    /// whatever clock its first event's timestamp uses (`performance.now()` starts near zero).
    public private(set) var clockFixed: Bool
    /// What an Android or a web session keeps besides the scene, in one place: a session is on one platform, so the
    /// two share their storage (a session is the in-memory store's unit, and each byte of it counts per session).
    public var platformState: PlatformState?

    /// On Android, what the last IME event set moving (`Session+Android.swift`); nil on iOS and the web.
    @inlinable public var android: AndroidTransition? {
        get {
            if case .android(let transition) = platformState { return transition }
            return nil
        }
        set { platformState = newValue.map(PlatformState.android) }
    }

    /// On the web, where the page rests since the last event (`Session+Web.swift`); nil on iOS and Android.
    @inlinable public var web: WebState? {
        get {
            if case .web(let state) = platformState { return state }
            return nil
        }
        set { platformState = newValue.map(PlatformState.web) }
    }

    /// A new session on `scene`, its keyboard hidden, at `time` on its clock (nil: not fixed yet) and at
    /// `serverTime` on the server's.
    public init(id: String, scene: Scene, time: Double?, serverTime: Double) {
        self.id = id
        self.scene = scene
        self.target = KeyboardAvoidance.hidden(
            scrollView: scene.scrollView, space: scene.space, options: scene.options,
            pinnedViews: scene.pinnedViews)
        self.scene.scrollView.contentOffset = target.contentOffset
        self.lastTime = time ?? serverTime
        self.lastServerTime = serverTime
        self.clockFixed = time != nil
        self.animations = LiveAnimations(since: lastTime)
        if scene.platform == .android {
            // The window as sent: an Android scene's offset is the layout's own, which its focused rect is at.
            self.scene.scrollView.contentOffset = scene.scrollView.contentOffset
            android = .rest(scene.androidLayout, at: lastTime)
        } else if scene.platform == .web {
            // A page not sent scrolled is at its top, which its echo then says (it reads the scroll the page reads).
            let scroll = scene.web.scroll ?? Point(x: 0, y: 0)
            self.scene.web.scroll = scroll
            web = WebState(keyboard: 0, layoutTop: scroll.y, offsetTop: 0)
        }
    }

    /// A session exactly as stored, value by value: how a shared store reads one back.
    public init(
        id: String, scene: Scene, keyboardVisible: Bool, keyboard: KeyboardInfo?, target: InsetResult,
        keyboardFrame: Rect?, animations: LiveAnimations, lastTime: Double, lastServerTime: Double,
        clockFixed: Bool, android: AndroidTransition? = nil, web: WebState? = nil
    ) {
        self.id = id
        self.scene = scene
        self.keyboardVisible = keyboardVisible
        self.keyboard = keyboard
        self.target = target
        self.keyboardFrame = keyboardFrame
        self.animations = animations
        self.lastTime = lastTime
        self.lastServerTime = lastServerTime
        self.clockFixed = clockFixed
        self.platformState = android.map(PlatformState.android) ?? web.map(PlatformState.web)
    }

    /// The instant an event happens at: its timestamp, or the server's time carried onto the session's clock.
    public func instant(timestamp: Double?, serverTime: Double) -> Double {
        timestamp ?? lastTime + max(0, serverTime - lastServerTime)
    }

    /// Moves the session's clock to `time`; an event older than the last one is refused.
    public mutating func advance(to time: Double, serverTime: Double) throws(SessionError) {
        guard !clockFixed || time >= lastTime else { throw .staleTimestamp(time, last: lastTime) }
        // The first event may set another clock: the (empty) history starts on it.
        if !clockFixed { animations.removeAll(at: time) }
        clockFixed = true
        lastTime = time
        lastServerTime = serverTime
    }

    /// The model values: the target's and the keyboard's frame (zero until a keyboard event placed it).
    public var model: AnimatedValues { Self.model(target, keyboardFrame: keyboardFrame) }

    /// The model values of `target` with the keyboard at `keyboardFrame`: `model`, from its parts.
    static func model(_ target: InsetResult, keyboardFrame: Rect?) -> AnimatedValues {
        AnimatedValues(target.state, keyboardFrame: keyboardFrame ?? .zero, guide: target.keyboardLayoutGuide)
    }

    /// The keyboard layout guide for the keyboard at `keyboardFrame` (screen coordinates; nil while hidden).
    public static func layoutGuide(_ scene: Scene, keyboardFrame: Rect?) -> Rect {
        let space = scene.space
        return KeyboardAvoidance.layoutGuide(
            scene.scrollView.unflipped, space,
            keyboard: keyboardFrame?.offsetBy(dx: -space.window.x, dy: -space.window.y),
            docked: keyboardFrame.map { KeyboardAvoidance.isDocked(keyboardFrame: $0, screen: space.screen) } ?? false,
            scene.options)
    }

    /// The adjusted inset on the keyboard's side now: what a lift behaviour measures an event's change from.
    var keyboardSideInset: Double {
        target.keyboardSideAdjustedInset(inverted: scene.scrollView.inverted)
    }

    /// Every animated value on screen at `time`.
    public func presentationValues(at time: Double) -> AnimatedValues {
        animations.presentation(model: model, at: time)
    }

    /// What is on screen at `time`: the model plus what the live animations still add.
    public func presentation(at time: Double) -> ScrollState {
        presentationValues(at: time).scroll
    }

    /// How fast each value moves at `time`, in points per second, to a thousandth: finer says nothing on
    /// screen, and a number of thousandths is written without the general shortest-digits search.
    public func velocity(at time: Double) -> AnimatedValues {
        Self.shown(velocity: animations.velocity(at: time))
    }

    /// A velocity to a thousandth, as `velocity(at:)` answers it. Rounded to the nearest, ties to even, as `rint`
    /// rounds: below 2^52 in magnitude, adding and taking away 2^52 of the value's sign leaves the nearest whole
    /// number, and the sign is set back (-0.4 gives -0); from 2^52 on a double is whole and is left alone. On the
    /// lanes' bits, with no branch and no call a lane (`rounded` called `rint` sixteen times).
    static func shown(velocity exact: AnimatedValues) -> AnimatedValues {
        let scaled = exact.lanes * 1000
        let bits = unsafeBitCast(scaled, to: SIMD16<UInt64>.self)
        let sign = bits & (1 << 63)
        let twoTo52: UInt64 = 0x4330_0000_0000_0000
        // All ones where the magnitude is below 2^52, whose bit pattern the finite magnitudes order as.
        let small = 0 &- (((bits & ~(1 << 63)) &- twoTo52) &>> 63)
        let bias = unsafeBitCast((sign | twoTo52) & small, to: SIMD16<Double>.self)
        let whole = unsafeBitCast((scaled + bias) - bias, to: SIMD16<UInt64>.self) | sign
        return AnimatedValues(lanes: unsafeBitCast(whole, to: SIMD16<Double>.self) / 1000)
    }

    /// The newest animation still running at `time`, as the descriptor shows it: from what was on screen
    /// when it began to the model.
    public func animationInFlight(at time: Double) -> KeyboardAnimation? {
        guard let newest = animations.newest(movingAt: time) else { return nil }
        return KeyboardAnimation(
            from: presentation(at: newest.startTime), to: target.state, curve: newest.curve,
            duration: newest.duration, startTime: newest.startTime)
    }

    /// The guide from what was on screen at `time` to the model, with the pinned views.
    public func layoutMotion(since time: Double) -> LayoutMotion {
        let to = target.keyboardLayoutGuide
        return LayoutMotion(
            from: presentationValues(at: time).guide(model: to), to: to, pinnedViews: scene.pinnedViews)
    }

    /// The keyboard's phase: showing or hiding while a keyboard's animation runs (a focus move's scroll, which
    /// moves only the offset, leaves it shown). Inlinable: a session event's answer asks it of the session its
    /// change holds `inout`, and a call across the module took a copy of the whole session first.
    @inlinable public func phase(at time: Double) -> KeyboardPhase {
        let moving =
            android.map { $0.animation != nil && time < $0.startTime + ($0.animation?.duration ?? 0) * 1000 }
            ?? animations.keyboardIsMoving(at: time)
        if keyboardVisible { return moving ? .showing : .shown }
        return moving ? .hiding : .hidden
    }

    /// Where a keyboard of `frame`'s size rests while hidden: just below the screen (or below itself when the
    /// screen's size is unknown).
    func hiddenFrame(_ frame: Rect) -> Rect {
        Rect(x: frame.x, y: scene.space.screen?.height ?? frame.maxY, width: frame.width, height: frame.height)
    }

    /// Finishes a show or a hide: its curve and duration are the notification's.
    mutating func finish(
        _ result: consuming InsetResult, _ event: KeyboardEvent, keyboardFrom: Rect?, keyboardTo: Rect?,
        visible: Bool, at time: Double
    ) -> EventAnimation {
        finish(
            result, info: event.keyboard, curve: AnimationCurve(rawValue: event.keyboard.animationCurve),
            duration: event.keyboard.animationDuration, scrolledOffset: event.scene.contentOffset,
            keyboardFrom: keyboardFrom, keyboardTo: keyboardTo, visible: visible, at: time)
    }

    /// Composes the event's animation (`curve` over `duration` seconds) and makes `result` the target; `info`
    /// becomes the session's last keyboard notification. `result` is moved into the target, and read there after:
    /// copied, its pinned views were retained and released again on every event.
    mutating func finish(
        _ result: consuming InsetResult, info: KeyboardInfo, curve: AnimationCurve, duration: Double,
        scrolledOffset: Point?, keyboardFrom: Rect?, keyboardTo: Rect?, visible: Bool, at time: Double
    ) -> EventAnimation {
        let previous = AnimatedValues(
            target.state, keyboardFrame: keyboardFrom ?? .zero, guide: target.keyboardLayoutGuide)
        let next = AnimatedValues(
            result.state, keyboardFrame: keyboardTo ?? keyboardFrom ?? .zero, guide: result.keyboardLayoutGuide)
        let (composition, added) = animations.add(
            from: previous, to: next, curve: curve, duration: duration, at: time,
            interruption: scene.interruption, scrolledOffset: scrolledOffset)
        target = result
        scene.scrollView.contentOffset = target.contentOffset
        keyboard = info
        keyboardVisible = visible
        if let keyboardTo { keyboardFrame = keyboardTo }
        // What is on screen now is where the event's animation begins, whatever composed it. Computed once,
        // from the animations and the model alone: `presentation(at:)`, `velocity(at:)` and
        // `layoutMotion(since:)` would each copy the whole session, and between them sum the presentation twice
        // (docs/performance.md, "Where an event's answer is written").
        let guide = target.keyboardLayoutGuide
        let onScreen = animations.presentation(model: Self.model(target, keyboardFrame: keyboardFrame), at: time)
        let animation = KeyboardAnimation(
            from: onScreen.scroll, to: target.state, curve: curve, duration: duration, startTime: time)
        return EventAnimation(
            animation: animation, composition: composition, delta: added.delta,
            velocity: Self.shown(velocity: animations.velocity(at: time)),
            inFlight: animations.inFlight(at: time, startedBefore: true),
            layout: LayoutMotion(from: onScreen.guide(model: guide), to: guide, pinnedViews: scene.pinnedViews))
    }
}
