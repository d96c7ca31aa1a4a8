import InsetCore
import InsetSession
import Testing

/// A session's keyboard events through the domain alone, with plain values.
@Suite struct SessionEventTests {
    @Test func aShowCoversTheKeyboardLessTheSafeArea() throws {
        var session = Phone.session()
        let (composed, time) = try session.receive(.show, Phone.event(at: 100), serverTime: 5)
        #expect(time == 100)
        // 844 − 508 = 336 pt of keyboard over the scroll view, of which the bottom safe area's 34 was inset already.
        #expect(session.target.contentInset.bottom == 302)
        #expect(session.keyboardVisible)
        #expect(session.keyboardFrame == Phone.keyboard)
        #expect(composed.animation.startTime == 100)
        #expect(composed.animation.to == session.target.state)
        #expect(session.phase(at: 100) == .showing)
        // The keyboard's spring settles after the duration iOS reports for it.
        #expect(session.phase(at: 100 + 1000 * KeyboardSpring.settlingTime) == .shown)
    }

    @Test func aStatelessShowIsASessionsFirstShow() throws {
        let event = Phone.event(at: 0)
        let stateless = event.stateless(.show, in: Phone.scene)
        var session = Phone.session()
        _ = try session.receive(.show, event, serverTime: 0)
        #expect(stateless.result == session.target)
        let hidden = event.stateless(.hide, in: Phone.scene)
        #expect(hidden.result.contentInset.bottom == 0)
    }

    @Test func anOlderEventIsRefusedAndChangesNothing() throws {
        var session = Phone.session()
        _ = try session.receive(.show, Phone.event(at: 100), serverTime: 0)
        let before = session
        #expect(throws: SessionError.staleTimestamp(50, last: 100)) {
            try session.receive(.hide, Phone.event(at: 50, frameEnd: nil), serverTime: 0)
        }
        #expect(session == before)
    }

    @Test func anEventWithoutATimestampHappensNowOnTheSessionsClock() throws {
        var session = Phone.session()
        _ = try session.receive(.show, Phone.event(at: 100), serverTime: 1_000)
        let (_, time) = try session.receive(.hide, Phone.event(at: nil, frameEnd: nil), serverTime: 1_250)
        #expect(time == 350)
    }

    @Test func aHideWhileShowingComposesWithTheShow() throws {
        var session = Phone.session()
        _ = try session.receive(.show, Phone.event(at: 0), serverTime: 0)
        let onScreen = session.presentation(at: 80)
        let (composed, _) = try session.receive(.hide, Phone.event(at: 80, frameEnd: nil), serverTime: 0)
        // Additive by default: the show keeps running under the hide, and the hide starts from what was on screen.
        #expect(composed.composition == .additive)
        #expect(composed.inFlight.count == 1)
        #expect(composed.animation.from == onScreen)
        #expect(session.presentation(at: 80) == onScreen)
        #expect(!session.keyboardVisible)
    }

    @Test func aStrayFocusIsRefusedBeforeAnythingChanges() {
        var session = Phone.session { $0.fields = Phone.fields }
        var event = Phone.event(at: 10)
        event.scene.values.focus = "phone"
        event.scene.given = .focus
        let before = session
        #expect(throws: SessionError.strayFocus("phone")) { try session.receive(.show, event, serverTime: 0) }
        #expect(session == before)
    }

    @Test func aPatchRecomputesAtOnce() throws {
        var session = Phone.session()
        _ = try session.receive(.show, Phone.event(at: 0), serverTime: 0)
        var rotate = ScenePatch()
        rotate.values.scrollView.safeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 0, right: 0)
        rotate.given = SceneValues(.safeAreaInsets)
        let time = try session.change(rotate, timestamp: 40, serverTime: 0)
        #expect(time == 40)
        #expect(session.target.contentInset.bottom == 336)
        // Nothing animates after a patch: what is on screen is the model.
        #expect(session.animationInFlight(at: 40) == nil)
        #expect(session.presentation(at: 40) == session.target.state)
    }

    @Test func lookingBeforeTheLastEventIsRefused() throws {
        var session = Phone.session()
        _ = try session.receive(.show, Phone.event(at: 100), serverTime: 0)
        #expect(throws: SessionError.staleTimestamp(99, last: 100)) {
            try session.instant(lookingAt: 99, serverTime: 0)
        }
        #expect(try session.instant(lookingAt: 150, serverTime: 0) == 150)
        #expect(try session.instant(lookingAt: nil, serverTime: 30) == 130)
    }
}

/// CONTRIBUTING.md's "Linking the session model" example, as written there: a change to either goes in both.
@Suite struct LinkingExampleTests {
    @Test func theExampleAnswersWhatItSays() throws {
        var patch = ScenePatch()
        patch.values.setFrame(Rect(x: 0, y: 0, width: 390, height: 844))
        patch.values.scrollView.safeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        patch.values.setContentSize(Size(width: 390, height: 2000))
        patch.values.space.screen = Size(width: 390, height: 844)
        patch.given = [
            SceneValues(.frame), SceneValues(.safeAreaInsets), SceneValues(.contentSize), SceneValues(.screen),
        ]
        var session = Session(id: "chat", scene: patch.created, time: 0, serverTime: 0)

        var show = KeyboardEvent()
        show.timestamp = 0
        show.keyboard.frameEnd = Rect(x: 0, y: 508, width: 390, height: 336)
        let (animation, _) = try session.receive(.show, show, serverTime: 0)
        #expect(session.target.contentInset.bottom == 302)
        #expect(animation.animation.curve == .keyboard(rawValue: 7))
    }
}
