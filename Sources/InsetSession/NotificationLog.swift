import InsetCore

/// One notification of a logged sequence, as an app printed it.
public struct LoggedNotification: Equatable, Sendable {
    /// Which notification it was.
    public var name: KeyboardNotificationName
    /// Its `userInfo`, read as `keyboard.userInfo` reads it.
    public var info: KeyboardInfo
    /// Milliseconds on the log's clock (`NotificationLog.clock`); nil when the log does not say, and the
    /// notification is timed by `NotificationLog.times(startingAt:)`'s rule.
    public var timestamp: Double?

    /// A notification as logged.
    public init(name: KeyboardNotificationName, info: KeyboardInfo, timestamp: Double?) {
        self.name = name
        self.info = info
        self.timestamp = timestamp
    }
}

/// What a log's timestamps are measured on.
public enum LogClock: Sendable {
    /// The session's own clock: a timestamp is the instant it applies.
    case session
    /// A clock of the log's own (the times `NSLog` printed): only the differences count, and the first timed
    /// notification is placed where the timing rule puts it.
    case printed
}

/// A sequence of keyboard notifications as an app logged them, in the order they came.
public struct NotificationLog: Equatable, Sendable {
    /// The notifications, oldest first.
    public var notifications: [LoggedNotification]
    /// Whether notifications about another app's keyboard (`UIKeyboardIsLocalUserInfoKey: 0`) apply too.
    public var includesNonLocal: Bool
    /// What the timestamps are measured on.
    public var clock: LogClock
    /// Which coordinates the frames are in.
    public var coordinates: FrameCoordinates
    /// Where on the session's clock the log starts when its first notification has no time on that clock;
    /// nil: the session's present (`Session.instant(timestamp:serverTime:)`).
    public var start: Double?

    /// A log of `notifications`.
    public init(
        notifications: [LoggedNotification], includesNonLocal: Bool, clock: LogClock = .session,
        coordinates: FrameCoordinates = .auto, start: Double? = nil
    ) {
        self.notifications = notifications
        self.includesNonLocal = includesNonLocal
        self.clock = clock
        self.coordinates = coordinates
        self.start = start
    }
}
