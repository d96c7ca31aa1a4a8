import InsetCore
import InsetSession
import Testing

/// Notification replay and timeline sampling, through the domain alone.
@Suite struct ReplayAndTimelineTests {
    private func notification(
        _ name: KeyboardNotificationName, at timestamp: Double, frameEnd: Rect?, isLocal: Bool = true
    ) -> LoggedNotification {
        var info = KeyboardInfo()
        info.frameEnd = frameEnd
        info.isLocal = isLocal
        return LoggedNotification(name: name, info: info, timestamp: timestamp)
    }

    @Test func aShowAndAHideReplayAsTwoEvents() throws {
        var session = Phone.session()
        let log = NotificationLog(
            notifications: [
                notification(.willShow, at: 100, frameEnd: Phone.keyboard),
                notification(.didShow, at: 350, frameEnd: Phone.keyboard),
                notification(.willHide, at: 2_000, frameEnd: Rect(x: 0, y: 844, width: 390, height: 336)),
            ], includesNonLocal: false)
        let replay = try session.replay(log, serverTime: 0)
        #expect(replay.outcomes.map(\.decision) == [.show, .ignore(.didNotification), .hide])
        // The session before the log, then after each applied notification.
        #expect(replay.states.map(\.from) == [100, 100, 2_000])
        #expect(!session.keyboardVisible)
        #expect(session.lastTime == 2_000)
        let timeline = replay.timeline(after: session)
        #expect(timeline.from == 100)
        #expect(timeline.times.first == 100)
        // Shown in between: the bottom inset at 1 000 ms is the shown keyboard's.
        let index = try #require(timeline.times.firstIndex(of: 1_000))
        #expect(timeline.presentation[index].scroll.contentInset.bottom == 302)
    }

    @Test func anotherAppsKeyboardIsIgnoredUnlessAsked() throws {
        var session = Phone.session()
        let log = NotificationLog(
            notifications: [notification(.willShow, at: 100, frameEnd: Phone.keyboard, isLocal: false)],
            includesNonLocal: false)
        let replay = try session.replay(log, serverTime: 0)
        #expect(replay.outcomes.map(\.decision) == [.ignore(.notLocal)])
        #expect(!session.keyboardVisible)
    }

    @Test func aLogOlderThanTheSessionIsRefused() throws {
        var session = Phone.session()
        _ = try session.receive(.show, Phone.event(at: 500), serverTime: 0)
        let before = session
        let log = NotificationLog(
            notifications: [notification(.willHide, at: 400, frameEnd: nil)], includesNonLocal: false)
        #expect(throws: SessionError.staleTimestamp(400, last: 500)) { try session.replay(log, serverTime: 0) }
        #expect(session == before)
    }

    @Test func aTimelineWithoutASpanCoversTheLastAnimation() throws {
        var session = Phone.session()
        _ = try session.receive(.show, Phone.event(at: 0), serverTime: 0)
        let timeline = try session.timeline(from: nil, to: nil, step: nil)
        #expect(timeline.from == 0)
        #expect(timeline.step == Timeline.defaultStep)
        #expect(timeline.to >= Timeline.restingSpan)
        #expect(timeline.presentation.last?.scroll == session.target.state)
        #expect(timeline.events.count == 1)
    }

    @Test func aLongSpanGetsACoarserStep() throws {
        let session = Phone.session()
        let timeline = try session.timeline(from: 0, to: 100_000, step: nil)
        #expect(timeline.times.count <= Timeline.maxSamples)
        #expect(timeline.step == (100_000.0 / Double(Timeline.maxSamples - 1)).rounded(.up))
    }

    @Test func whatTheSessionNoLongerKnowsIsRefused() throws {
        var session = Phone.session()
        _ = try session.receive(.show, Phone.event(at: 1_000), serverTime: 0)
        _ = try session.change(ScenePatch(), timestamp: 5_000, serverTime: 0)
        #expect(throws: TimelineRefusal.historyUnavailable(100, since: 5_000)) {
            try session.timeline(from: 100, to: nil, step: nil)
        }
        #expect(throws: TimelineRefusal.tooManySamples(5_001)) {
            try session.timeline(from: 5_000, to: 10_000, step: 1)
        }
    }
}
