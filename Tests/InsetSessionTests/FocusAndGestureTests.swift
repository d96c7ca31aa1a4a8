import InsetCore
import InsetSession
import Testing

/// Focus moves and touches on a shown keyboard, through the domain alone.
@Suite struct FocusAndGestureTests {
    private func shownForm(focus: String?) throws -> Session {
        var session = Phone.session {
            $0.fields = Phone.fields
            $0.focus = focus
        }
        _ = try session.receive(.show, Phone.event(at: 0), serverTime: 0)
        return session
    }

    @Test func nextMovesToTheFollowingFieldAndScrollsItIntoView() throws {
        var session = try shownForm(focus: "email")
        let (composed, time) = try session.moveFocus(to: FocusMove.next, timestamp: 1_000, serverTime: 0)
        #expect(time == 1_000)
        #expect(session.scene.focus == "notes")
        #expect(composed.animation.duration == FocusScroll.duration)
        // The field's bottom (1 288) sits above the keyboard's top (508 on screen) once scrolled.
        let offset = session.target.contentOffset.y
        #expect(1_288 - offset <= 508)
        #expect(session.keyboardVisible)
    }

    @Test(
        arguments: [
            (nil, FocusMove.next, FocusMoveRefusal.nothingFocused),
            ("notes", FocusMove.next, .atEnd(focus: "notes", last: true)),
            ("name", FocusMove.previous, .atEnd(focus: "name", last: false)),
            ("name", "phone", .unknownField),
        ] as [(String?, String, FocusMoveRefusal)])
    func aMoveWithNowhereToGoIsRefused(focus: String?, name: String, refusal: FocusMoveRefusal) throws {
        var session = try shownForm(focus: focus)
        let before = session
        #expect(throws: SessionError.focusMoveRefused(name: name, refusal)) {
            try session.moveFocus(to: name, timestamp: 500, serverTime: 0)
        }
        #expect(session == before)
    }

    @Test func touchesNeedAShownKeyboard() {
        var session = Phone.session { $0.scrollView.keyboardDismissMode = .interactive }
        #expect(throws: SessionError.keyboardNotShown) {
            try session.touch(.drag(Point(x: 0, y: 600)), timestamp: 10, serverTime: 0)
        }
        #expect(throws: SessionError.keyboardNotShown) {
            try session.moveFocus(to: FocusMove.next, timestamp: 10, serverTime: 0)
        }
    }

    @Test func anInteractiveDragMovesTheKeyboardUnderTheFinger() throws {
        var session = Phone.session { $0.scrollView.keyboardDismissMode = .interactive }
        _ = try session.receive(.show, Phone.event(at: 0), serverTime: 0)
        let (animation, _) = try session.touch(.drag(Point(x: 100, y: 644)), timestamp: 1_000, serverTime: 0)
        #expect(animation == nil)
        #expect(session.keyboardFrame?.minY == 644)
        #expect(session.target.contentInset.bottom < 302)
        // A flick down dismisses: a spring to below the screen.
        let (released, _) = try session.touch(.release(1_500), timestamp: 1_010, serverTime: 0)
        let spring = try #require(released)
        guard case .spring = spring.animation.curve else {
            Issue.record("expected a spring, got \(spring.animation.curve)")
            return
        }
        #expect(!session.keyboardVisible)
        #expect(session.keyboardFrame?.minY == 844)
    }

    @Test func aDragWithDismissModeNoneMovesNothing() throws {
        var session = Phone.session()
        _ = try session.receive(.show, Phone.event(at: 0), serverTime: 0)
        let target = session.target
        let (animation, _) = try session.touch(.drag(Point(x: 100, y: 700)), timestamp: 1_000, serverTime: 0)
        #expect(animation == nil)
        #expect(session.target == target)
        #expect(session.keyboardVisible)
    }

    @Test func onDragHidesWithTheKeyboardsOwnAnimation() throws {
        var session = Phone.session { $0.scrollView.keyboardDismissMode = .onDrag }
        _ = try session.receive(.show, Phone.event(at: 0), serverTime: 0)
        let (animation, _) = try session.touch(.drag(Point(x: 100, y: 700)), timestamp: 1_000, serverTime: 0)
        #expect(animation?.animation.duration == KeyboardInfo().animationDuration)
        #expect(!session.keyboardVisible)
        #expect(session.keyboardFrame == Rect(x: 0, y: 844, width: 390, height: 336))
    }
}
