import InsetCore

/// When one notification of a log happens on the session's clock, and whether the log said so.
public struct NotificationTime: Equatable, Sendable {
    /// Milliseconds on the session's clock.
    public var time: Double
    /// True when the log gave no time and the timing rule placed it.
    public var byRule: Bool
}

extension NotificationLog {
    /// Each notification's instant on the session's clock, the first untimed one at `start`.
    ///
    /// A timed notification keeps its time (on `.printed`, its distance from the first timed notification, which
    /// is placed where the rule would have put it). An untimed one follows the rule, which mirrors how
    /// iOS posts them:
    /// - a notification of the same kind (`Will` or `Did`) with the same end frame as the one before is part
    ///   of the same change (iOS posts will-change-frame with will-show or will-hide, did-change-frame with
    ///   did-show or did-hide, at one instant), so it happens with it;
    /// - a `Did` after a `Will` happens when the `Will`'s animation ends (its time plus its duration);
    /// - a `Will` happens when the previous notification's animation has ended: at a `Did`'s time, or a `Will`'s
    ///   time plus its duration;
    /// - a `Did` after another change's `Did` happens its own duration later (its animation ran in between).
    ///
    /// An untimed notification is never placed after the next timed one, nor before the one before it, so the
    /// times never go back when the log's own do not.
    public func times(startingAt start: Double) -> [NotificationTime] {
        var times: [NotificationTime] = []
        times.reserveCapacity(notifications.count)
        // On `.printed`, the first timed notification's own time and where the rule placed it: every later time
        // is placed by its difference from that one, which is exact between two times of one log, where adding an
        // offset to a time near 1.7e12 ms would lose the fraction.
        var anchor: (logged: Double, placed: Double)?
        // The next timed notification's own time, looking from each index.
        var nextTimed = [Double?](repeating: nil, count: notifications.count)
        var following: Double?
        for index in notifications.indices.reversed() {
            nextTimed[index] = following
            if let timestamp = notifications[index].timestamp { following = timestamp }
        }
        func placed(_ timestamp: Double) -> Double? {
            if clock == .session { return timestamp }
            return anchor.map { $0.placed + (timestamp - $0.logged) }
        }
        for (index, notification) in notifications.enumerated() {
            let rule =
                index == 0
                ? start : Self.ruleTime(after: notifications[index - 1], at: times[index - 1].time, notification)
            if let timestamp = notification.timestamp {
                if placed(timestamp) == nil { anchor = (timestamp, rule) }
                times.append(NotificationTime(time: placed(timestamp) ?? rule, byRule: false))
                continue
            }
            var time = rule
            if let next = nextTimed[index], let limit = placed(next) { time = min(time, limit) }
            if let previous = times.last { time = max(time, previous.time) }
            times.append(NotificationTime(time: time, byRule: true))
        }
        return times
    }

    /// Where the rule puts `notification`, the one before being `previous` at `time`.
    static func ruleTime(
        after previous: LoggedNotification, at time: Double, _ notification: LoggedNotification
    ) -> Double {
        let sameKind = previous.name.isDid == notification.name.isDid
        if sameKind, previous.info.frameEnd != nil, previous.info.frameEnd == notification.info.frameEnd {
            return time
        }
        switch (previous.name.isDid, notification.name.isDid) {
        case (false, _): return time + previous.info.animationDuration * 1000
        case (true, false): return time
        case (true, true): return time + notification.info.animationDuration * 1000
        }
    }
}
