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

    /// Whether it reports an animation that already ran: nothing follows from it.
    public var isDid: Bool {
        switch self {
        case .didShow, .didHide, .didChangeFrame: true
        case .willShow, .willHide, .willChangeFrame: false
        }
    }
}

/// What replaying one logged notification does.
public enum NotificationDecision: Equatable, Sendable {
    /// The keyboard shows, or changes its frame while shown, with the notification's animation.
    case show
    /// The keyboard hides with the notification's animation.
    case hide
    /// The keyboard hides at once: the running animations stop and every value takes its hidden model.
    case jumpHide
    /// Nothing changes, for the reason given.
    case ignore(IgnoreReason)

    /// Why a notification changes nothing.
    public enum IgnoreReason: String, CaseIterable, Sendable {
        /// A `Did` notification reports an animation its `Will` already started.
        case didNotification = "did-notification"
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

    /// What the notification does, and the state it leaves.
    public mutating func decide(_ name: KeyboardNotificationName, _ info: KeyboardInfo) -> NotificationDecision {
        if name.isDid { return .ignore(.didNotification) }
        if info.isLocal == false, !includesNonLocal { return .ignore(.notLocal) }
        let end = info.frameEnd ?? .zero
        let hides: Bool
        switch name {
        case .willHide:
            hides = true
        case .willChangeFrame:
            if end.width == 0 || end.height == 0 { return .ignore(.emptyFrame) }
            // A change-frame to below the screen is the keyboard leaving (its hide follows, and is a repeat).
            hides = screenHeight.map { end.minY >= $0 } ?? false
        default:
            hides = false
        }
        if hides {
            guard keyboardVisible else { return .ignore(.alreadyHidden) }
            keyboardVisible = false
            keyboardFrame = nil
            // The password manager's sheet hides the keyboard without an animation right after it showed: a
            // zero-duration animation added on top of the running show would leave the show's remaining
            // delta drawing the list below its resting place.
            return info.animationDuration == 0 ? .jumpHide : .hide
        }
        if keyboardVisible, keyboardFrame == end { return .ignore(.sameFrame) }
        keyboardVisible = true
        keyboardFrame = end
        return .show
    }
}
