import InsetCore

/// What replaying one logged notification did.
public struct NotificationOutcome: Equatable, Sendable {
    /// The notification as logged.
    public var notification: LoggedNotification
    /// What `NotificationFilter` made of it.
    public var decision: NotificationDecision
}

/// What a replayed log did: each notification's outcome, and the session after each change, which the log's
/// timeline samples (a session keeps only the animations still running, so the early part of a long log is
/// drawn from the states it went through).
public struct NotificationReplay: Sendable {
    /// Each notification's outcome, in the log's order.
    public var outcomes: [NotificationOutcome]
    /// The session before the log and after each applied notification, each from the instant it took effect.
    public var states: [(session: Session, from: Double)]
    /// Each jump as a zero-duration event (its delta the distance jumped), which no state keeps but the
    /// timeline marks.
    public var jumps: [AdditiveAnimation]
}

extension Session {
    /// Applies a logged sequence in order through `NotificationFilter`. Throws, before anything changes, when
    /// the log starts before the session's last event.
    public mutating func replay(_ log: NotificationLog, serverTime: Double) throws(SessionError) -> NotificationReplay {
        guard let first = log.notifications.first else {
            return NotificationReplay(outcomes: [], states: [(self, lastTime)], jumps: [])
        }
        if clockFixed, first.timestamp < lastTime { throw .staleTimestamp(first.timestamp, last: lastTime) }
        var filter = NotificationFilter(
            keyboardVisible: keyboardVisible, keyboardFrame: keyboardVisible ? keyboard?.frameEnd : nil,
            includesNonLocal: log.includesNonLocal, screenHeight: scene.space.screen?.height)
        var outcomes: [NotificationOutcome] = []
        var states: [(session: Session, from: Double)] = [(self, first.timestamp)]
        var jumps: [AdditiveAnimation] = []
        outcomes.reserveCapacity(log.notifications.count)
        for notification in log.notifications {
            let decision = filter.decide(notification.name, notification.info)
            outcomes.append(NotificationOutcome(notification: notification, decision: decision))
            if case .ignore = decision { continue }
            let time = notification.timestamp
            // Checked above and ordered by decoding: the clock only moves forward.
            try advance(to: time, serverTime: serverTime)
            var event = KeyboardEvent()
            event.keyboard = notification.info
            switch decision {
            case .show: _ = show(event, at: time)
            case .hide: _ = hide(event, at: time)
            case .jumpHide:
                let before = presentationValues(at: time)
                _ = hide(event, at: time)
                animations.removeAll(at: time)
                jumps.append(
                    AdditiveAnimation(delta: before - model, curve: .linear, duration: 0, startTime: time))
            case .ignore: break
            }
            states.append((self, time))
        }
        // The log happened until its last notification, ignored or not: nothing older may follow it.
        if let last = log.notifications.last, last.timestamp > lastTime {
            try advance(to: last.timestamp, serverTime: serverTime)
        }
        return NotificationReplay(outcomes: outcomes, states: states, jumps: jumps)
    }
}

extension NotificationReplay {
    /// The whole log's timeline, `session` being the session after it: from the log's first notification to
    /// the end of the last animation or notification, at a step that fits the span.
    public func timeline(after session: Session, log: NotificationLog) -> Timeline {
        let start = states[0].from
        let end = max(Timeline.defaultSpan(session).to, log.notifications.last?.timestamp ?? start)
        return Timeline(states: states, jumps: jumps, from: start, to: end, step: Timeline.step(from: start, to: end))
    }
}
