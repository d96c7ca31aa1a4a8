/// The keyboard notifications an app can log, by the names `NSNotification.Name` prints.
public enum KeyboardNotificationName: String, CaseIterable, Sendable {
    /// `UIResponder.keyboardWillShowNotification`.
    case willShow = "UIKeyboardWillShowNotification"
    /// `UIResponder.keyboardDidShowNotification`.
    case didShow = "UIKeyboardDidShowNotification"
    /// `UIResponder.keyboardWillHideNotification`.
    case willHide = "UIKeyboardWillHideNotification"
    /// `UIResponder.keyboardDidHideNotification`.
    case didHide = "UIKeyboardDidHideNotification"
    /// `UIResponder.keyboardWillChangeFrameNotification`.
    case willChangeFrame = "UIKeyboardWillChangeFrameNotification"
    /// `UIResponder.keyboardDidChangeFrameNotification`.
    case didChangeFrame = "UIKeyboardDidChangeFrameNotification"

    /// Whether it reports an animation that already ran: nothing follows from it when its `Will` came first.
    public var isDid: Bool {
        switch self {
        case .didShow, .didHide, .didChangeFrame: true
        case .willShow, .willHide, .willChangeFrame: false
        }
    }

    /// Whether it reports a change of frame rather than a show or a hide (iOS posts one with each of them).
    public var isChangeFrame: Bool { self == .willChangeFrame || self == .didChangeFrame }

    /// Whether it says the keyboard is leaving.
    public var isHide: Bool { self == .willHide || self == .didHide }
}

/// What replaying one logged notification does.
public enum NotificationDecision: Equatable, Sendable {
    /// The keyboard shows, or changes its frame while shown, with the notification's animation.
    case show
    /// The keyboard hides with the notification's animation.
    case hide
    /// The keyboard shows or hides at once: the running animations stop and every value takes its new model.
    case jump(hides: Bool, JumpReason)
    /// Nothing changes, for the reason given.
    case ignore(IgnoreReason)

    /// Why a notification moves everything at once instead of animating.
    public enum JumpReason: String, CaseIterable, Sendable {
        /// A hide with duration 0 while shown: the password manager's sheet, right after a show.
        case zeroDurationHide = "zero-duration-hide"
        /// A `Did` notification in a log that holds no `Will` before it: the app observes only `Did`
        /// notifications, which arrive when the animation is over.
        case didWithoutWill = "did-without-will"
    }

    /// Why a notification changes nothing.
    public enum IgnoreReason: String, CaseIterable, Sendable {
        /// A `Did` notification reports an animation a `Will` earlier in the log already started.
        case didNotification = "did-notification"
        /// The notification has no `UIKeyboardFrameEndUserInfoKey` (an undocking split iPad keyboard on iOS 5
        /// sends only a begin frame): nothing says where the keyboard goes.
        case noEndFrame = "no-end-frame"
        /// `UIKeyboardIsLocalUserInfoKey` is false: another app's keyboard (Split View, Slide Over).
        case notLocal = "not-local"
        /// A change-frame whose end frame is empty or all zeros (a dragged keyboard, a close on some versions).
        case emptyFrame = "empty-frame"
        /// The end frame is the keyboard's current target: a repeat (third-party keyboards send two or three).
        case sameFrame = "same-frame"
        /// A hide while no keyboard is shown.
        case alreadyHidden = "already-hidden"
    }
}

/// The filters a logged notification sequence goes through before it moves anything, each for a reason real
/// logs show (`docs/keyboard-avoidance.md` lists them). It follows the keyboard's state as the sequence applies.
public struct NotificationFilter: Equatable, Sendable {
    /// Whether a keyboard is shown (or showing).
    public private(set) var keyboardVisible: Bool
    /// The shown keyboard's target frame (screen coordinates), when shown.
    public private(set) var keyboardFrame: Rect?
    /// Whether notifications about another app's keyboard still apply.
    public let includesNonLocal: Bool
    /// The screen's height, to tell a change-frame that moves the keyboard off screen (a hide).
    public let screenHeight: Double?

    /// Starts from the keyboard's state before the sequence.
    public init(keyboardVisible: Bool, keyboardFrame: Rect?, includesNonLocal: Bool = false, screenHeight: Double?) {
        self.keyboardVisible = keyboardVisible
        self.keyboardFrame = keyboardVisible ? keyboardFrame : nil
        self.includesNonLocal = includesNonLocal
        self.screenHeight = screenHeight
    }

    /// Whether a `Will` notification came earlier in the sequence: from then on every `Did` repeats one.
    public private(set) var sawWill = false

    /// What the notification does, and the state it leaves.
    public mutating func decide(_ name: KeyboardNotificationName, _ info: KeyboardInfo) -> NotificationDecision {
        if name.isDid {
            if sawWill { return .ignore(.didNotification) }
        } else {
            sawWill = true
        }
        if info.isLocal == false, !includesNonLocal { return .ignore(.notLocal) }
        guard let end = info.frameEnd else { return .ignore(.noEndFrame) }
        let hides: Bool
        if name.isHide {
            hides = true
        } else if name.isChangeFrame {
            if end.width == 0 || end.height == 0 { return .ignore(.emptyFrame) }
            // A change-frame to below the screen is the keyboard leaving (its hide follows, and is a repeat).
            hides = screenHeight.map { end.minY >= $0 } ?? false
        } else {
            hides = false
        }
        if hides {
            guard keyboardVisible else { return .ignore(.alreadyHidden) }
            keyboardVisible = false
            keyboardFrame = nil
            if name.isDid { return .jump(hides: true, .didWithoutWill) }
            // The password manager's sheet hides the keyboard without an animation right after it showed: a
            // zero-duration animation added on top of the running show would leave the show's remaining
            // delta drawing the list below its resting place.
            return info.animationDuration == 0 ? .jump(hides: true, .zeroDurationHide) : .hide
        }
        if keyboardVisible, keyboardFrame == end { return .ignore(.sameFrame) }
        keyboardVisible = true
        keyboardFrame = end
        return name.isDid ? .jump(hides: false, .didWithoutWill) : .show
    }
}
