import InsetCore

/// What replaying one logged notification did.
struct NotificationOutcome: Equatable, Sendable {
    var notification: LoggedNotification
    var decision: NotificationDecision
}

/// What a replayed log did: each notification's outcome, and the session after each change, which the log's
/// timeline samples (a session keeps only the animations still running, so the early part of a long log is
/// drawn from the states it went through).
struct NotificationReplay: Sendable {
    var outcomes: [NotificationOutcome]
    /// The session before the log and after each applied notification, each from the instant it took effect.
    var states: [(session: Session, from: Double)]
}

extension Session {
    /// Applies a logged sequence in order through `NotificationFilter`. Throws, before anything changes, when
    /// the log starts before the session's last event.
    mutating func replay(_ log: NotificationLog, serverTime: Double) throws(SessionError) -> NotificationReplay {
        guard let first = log.notifications.first else {
            return NotificationReplay(outcomes: [], states: [(self, lastTime)])
        }
        if clockFixed, first.timestamp < lastTime { throw .staleTimestamp(first.timestamp, last: lastTime) }
        var filter = NotificationFilter(
            keyboardVisible: keyboardVisible, keyboardFrame: keyboardVisible ? keyboard?.frameEnd : nil,
            includesNonLocal: log.includesNonLocal, screenHeight: geometry.space.screen?.height)
        var outcomes: [NotificationOutcome] = []
        var states: [(session: Session, from: Double)] = [(self, first.timestamp)]
        outcomes.reserveCapacity(log.notifications.count)
        for notification in log.notifications {
            let decision = filter.decide(notification.name, notification.info)
            outcomes.append(NotificationOutcome(notification: notification, decision: decision))
            if case .ignore = decision { continue }
            let time = notification.timestamp
            // Checked above and ordered by decoding: the clock only moves forward.
            try advance(to: time, serverTime: serverTime)
            var event = RequestBody()
            event.keyboard = notification.info
            switch decision {
            case .show: _ = show(event, frameEnd: notification.info.frameEnd ?? .zero, at: time)
            case .hide: _ = hide(event, at: time)
            case .jumpHide:
                _ = hide(event, at: time)
                animations.removeAll(at: time)
            case .ignore: break
            }
            states.append((self, time))
        }
        return NotificationReplay(outcomes: outcomes, states: states)
    }
}
