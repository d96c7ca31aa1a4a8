/// What a keyboard notification's `userInfo` says, in points and seconds, with UIKit's values for what it lacks.
public struct KeyboardInfo: Equatable, Sendable {
    /// The duration iOS reports for every keyboard animation.
    public static let defaultDuration = 0.25
    /// The keyboard's own spring, the curve iOS reports for every keyboard animation.
    public static let defaultCurve = 7

    /// `UIKeyboardFrameEndUserInfoKey`, in screen coordinates.
    public var frameEnd: Rect?
    /// `UIKeyboardFrameBeginUserInfoKey`, in screen coordinates.
    public var frameBegin: Rect?
    /// `UIKeyboardAnimationDurationUserInfoKey`, in seconds; 0 means no animation.
    public var animationDuration: Double
    /// `UIKeyboardAnimationCurveUserInfoKey`: the `UIView.AnimationCurve` raw value.
    public var animationCurve: Int
    /// `UIKeyboardIsLocalUserInfoKey`: whether the keyboard belongs to this app, when said.
    public var isLocal: Bool?

    /// Creates the values of one notification.
    public init(
        frameEnd: Rect? = nil, frameBegin: Rect? = nil, animationDuration: Double = defaultDuration,
        animationCurve: Int = defaultCurve, isLocal: Bool? = nil
    ) {
        self.frameEnd = frameEnd
        self.frameBegin = frameBegin
        self.animationDuration = animationDuration
        self.animationCurve = animationCurve
        self.isLocal = isLocal
    }

    /// The animation UIKit runs alongside this notification, from `from` to `to`, starting at `startTime` (ms).
    public func animation(from: ScrollState, to: ScrollState, startTime: Double) -> KeyboardAnimation {
        KeyboardAnimation(
            from: from, to: to, curve: AnimationCurve(rawValue: animationCurve), duration: animationDuration,
            startTime: startTime)
    }
}
