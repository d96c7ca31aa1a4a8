import InsetCore
import InsetSession
import Testing

/// `NotificationLog.times(startingAt:)`: logged times kept, the rest placed as iOS posts them.
@Suite struct NotificationTimingTests {
    private let shown = Rect(x: 0, y: 508, width: 390, height: 336)
    private let quickType = Rect(x: 0, y: 464, width: 390, height: 380)
    private let hidden = Rect(x: 0, y: 844, width: 390, height: 336)

    private func note(_ name: KeyboardNotificationName, _ end: Rect, at time: Double? = nil, duration: Double = 0.25)
        -> LoggedNotification
    {
        LoggedNotification(name: name, info: KeyboardInfo(frameEnd: end, animationDuration: duration), timestamp: time)
    }

    @Test func untimedNotificationsFollowHowIOSPostsThem() {
        let log = NotificationLog(
            notifications: [
                note(.willChangeFrame, shown), note(.willShow, shown),  // one change: one instant
                note(.didChangeFrame, shown), note(.didShow, shown),  // when its animation ends
                note(.willChangeFrame, quickType),  // the next change, once the last ended
                note(.willHide, hidden, duration: 0.4), note(.didHide, hidden),
            ], includesNonLocal: false)
        #expect(log.times(startingAt: 1000).map(\.time) == [1000, 1000, 1250, 1250, 1250, 1500, 1900])
        #expect(log.times(startingAt: 1000).allSatisfy { $0.byRule })
    }

    @Test func didNotificationsAloneFollowOneAnotherByTheirOwnDuration() {
        let log = NotificationLog(
            notifications: [
                note(.didChangeFrame, shown), note(.didChangeFrame, quickType), note(.didChangeFrame, hidden),
            ],
            includesNonLocal: false)
        #expect(log.times(startingAt: 0).map(\.time) == [0, 250, 500])
    }

    @Test func printedTimesKeepTheirDifferencesFromWhereTheRulePutsTheFirst() {
        let log = NotificationLog(
            notifications: [
                note(.willShow, shown), note(.didShow, shown, at: 1_700_000_000_000),
                note(.willHide, hidden, at: 1_700_000_002_000), note(.didHide, hidden),
            ], includesNonLocal: false, clock: .printed)
        let times = log.times(startingAt: 500)
        #expect(times.map(\.time) == [500, 750, 2750, 3000])
        #expect(times.map(\.byRule) == [true, false, false, true])
    }

    @Test func anUntimedNotificationNeverPassesTheNextTimedOne() {
        let log = NotificationLog(
            notifications: [
                note(.willShow, shown, at: 1000), note(.willShow, quickType), note(.willHide, hidden, at: 1100),
            ],
            includesNonLocal: false)
        #expect(log.times(startingAt: 0).map(\.time) == [1000, 1100, 1100])
    }
}

extension NotificationTimingTests {
    /// Printed times near 1.7e12 ms: the first lands exactly at the start, however finely the start is written
    /// (a session's last event may be at 346.6964; adding an offset to 1.7e12 landed near it, not on it, and the
    /// log was refused as older than the session), and the next at its printed distance from the first.
    @Test func printedTimesLandExactlyWhereTheyShould() {
        let first = 1_696_156_496_789.012
        let second = 1_696_156_497_289.533
        let log = NotificationLog(
            notifications: [
                LoggedNotification(name: .willShow, info: KeyboardInfo(frameEnd: shown), timestamp: first),
                LoggedNotification(name: .willHide, info: KeyboardInfo(frameEnd: hidden), timestamp: second),
            ], includesNonLocal: false, clock: .printed)
        #expect(log.times(startingAt: 346.6964).map(\.time) == [346.6964, 346.6964 + (second - first)])
    }
}
