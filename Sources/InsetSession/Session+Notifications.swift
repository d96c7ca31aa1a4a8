import InsetCore

/// What replaying one logged notification did.
public struct NotificationOutcome: Equatable, Sendable {
    /// The notification as logged.
    public var notification: LoggedNotification
    /// When it happened on the session's clock, and whether the timing rule placed it.
    public var time: NotificationTime
    /// Its `userInfo` as replayed: the logged one, its frames in the screen's coordinates.
    public var info: KeyboardInfo
    /// Whether its frames were converted from the portrait screen's coordinates.
    public var convertedFromPortrait: Bool
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
    /// Each of `log`'s notifications' instant on this session's clock, as `replay` places them: from `log.start`,
    /// else from the session's present.
    public func times(of log: NotificationLog, serverTime: Double) -> [NotificationTime] {
        log.times(startingAt: log.start ?? instant(timestamp: nil, serverTime: serverTime))
    }

    /// Applies a logged sequence in order through `NotificationFilter`, each notification at its time
    /// (`times(of:serverTime:)`) with its frames in the screen's coordinates. Throws, before anything changes,
    /// when the log starts before the session's last event.
    public mutating func replay(_ log: NotificationLog, serverTime: Double) throws(SessionError) -> NotificationReplay {
        try requireIOS("a UIKit notification log")
        guard !log.notifications.isEmpty else {
            return NotificationReplay(outcomes: [], states: [(self, lastTime)], jumps: [])
        }
        let times = times(of: log, serverTime: serverTime)
        if clockFixed, times[0].time < lastTime { throw .staleTimestamp(times[0].time, last: lastTime) }
        let screen = scene.space.screen
        var filter = NotificationFilter(
            keyboardVisible: keyboardVisible, keyboardFrame: keyboardVisible ? keyboard?.frameEnd : nil,
            includesNonLocal: log.includesNonLocal, screenHeight: screen?.height)
        var outcomes: [NotificationOutcome] = []
        var states: [(session: Session, from: Double)] = [(self, times[0].time)]
        var jumps: [AdditiveAnimation] = []
        outcomes.reserveCapacity(log.notifications.count)
        for (notification, time) in zip(log.notifications, times) {
            let (info, converted) = notification.info.inScreenCoordinates(log.coordinates, screen: screen)
            let decision = filter.decide(notification.name, info)
            outcomes.append(
                NotificationOutcome(
                    notification: notification, time: time, info: info, convertedFromPortrait: converted,
                    decision: decision))
            if case .ignore = decision { continue }
            // Checked above and ordered by `times`: the clock only moves forward.
            try advance(to: time.time, serverTime: serverTime)
            var event = KeyboardEvent()
            event.keyboard = info
            switch decision {
            case .show: _ = show(event, at: time.time)
            case .hide: _ = hide(event, at: time.time)
            case .jump(let hides, _):
                let before = presentationValues(at: time.time)
                _ = hides ? hide(event, at: time.time) : show(event, at: time.time)
                animations.removeAll(at: time.time)
                jumps.append(
                    AdditiveAnimation(delta: before - model, curve: .linear, duration: 0, startTime: time.time))
            case .ignore: break
            }
            states.append((self, time.time))
        }
        // The log happened until its last notification, ignored or not: nothing older may follow it.
        if let last = times.last, last.time > lastTime {
            try advance(to: last.time, serverTime: serverTime)
        }
        return NotificationReplay(outcomes: outcomes, states: states, jumps: jumps)
    }
}

extension NotificationReplay {
    /// The whole log's timeline, `session` being the session after it: from the log's first notification to
    /// the end of the last animation or notification, at a step that fits the span.
    public func timeline(after session: Session) -> Timeline {
        let start = states[0].from
        let end = max(Timeline.defaultSpan(session).to, outcomes.last?.time.time ?? start)
        return Timeline(states: states, jumps: jumps, from: start, to: end, step: Timeline.step(from: start, to: end))
    }
}
