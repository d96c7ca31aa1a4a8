import InsetCore

/// One notification of a logged sequence, as an app printed it.
public struct LoggedNotification: Equatable, Sendable {
    /// Which notification it was.
    public var name: KeyboardNotificationName
    /// Its `userInfo`, read as `keyboard.userInfo` reads it.
    public var info: KeyboardInfo
    /// Milliseconds on the session's clock.
    public var timestamp: Double

    /// A notification as logged.
    public init(name: KeyboardNotificationName, info: KeyboardInfo, timestamp: Double) {
        self.name = name
        self.info = info
        self.timestamp = timestamp
    }
}

/// A sequence of keyboard notifications as an app logged them, in the order they came.
public struct NotificationLog: Equatable, Sendable {
    /// The notifications, oldest first.
    public var notifications: [LoggedNotification]
    /// Whether notifications about another app's keyboard (`UIKeyboardIsLocalUserInfoKey: 0`) apply too.
    public var includesNonLocal: Bool

    /// A log of `notifications`.
    public init(notifications: [LoggedNotification], includesNonLocal: Bool) {
        self.notifications = notifications
        self.includesNonLocal = includesNonLocal
    }
}
