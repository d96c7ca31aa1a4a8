import Foundation
import InsetCore
import InsetServiceTestSupport
import InsetSession
import Testing

@testable import InsetService
@testable import InsetStores

/// A session on the iPhone 14 with a composer, `mode` as its keyboardDismissMode, the keyboard shown at 1000.
private func shownSession(_ app: InsetApplication, mode: String, extra: String = "") throws -> String {
    let list =
        #"{"frame":{"x":0,"y":0,"width":390,"height":844},"safeAreaInsets":{"top":47,"left":0,"bottom":34,"right":0},"contentSize":{"width":390,"height":2000},"keyboardDismissMode":"\#(mode)"}"#
    let composer = #"[{"id":"composer","frame":{"x":0,"y":760,"width":390,"height":50}}]"#
    let created = app.call(
        "POST", "/sessions",
        json: #"{"timestamp":0,"scrollView":\#(list),"screen":\#(Phone.screen),"pinnedViews":\#(composer)\#(extra)}"#)
    let id = try #require(created.json.string("id"))
    let shown = app.call(
        "POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","timestamp":1000,"keyboard":\#(Phone.keyboard)}"#)
    #expect(shown.status == 200)
    return id
}

private func drag(_ app: InsetApplication, _ id: String, y: Double, at time: Double) -> Answer {
    app.call(
        "POST", "/keyboard/drag", json: #"{"sessionId":"\#(id)","timestamp":\#(time),"touch":{"x":200,"y":\#(y)}}"#)
}

private func release(_ app: InsetApplication, _ id: String, velocity: Double, at time: Double) -> Answer {
    app.call(
        "POST", "/keyboard/release", json: #"{"sessionId":"\#(id)","timestamp":\#(time),"velocity":{"y":\#(velocity)}}"#
    )
}

@Suite("Interactive dismissal over HTTP: POST /keyboard/drag and /keyboard/release")
struct DismissalRouteTests {
    @Test func anInteractiveDragMovesTheKeyboardTheComposerAndTheInsetAtOnce() throws {
        let app = makeApp()
        let id = try shownSession(app, mode: "interactive")
        let dragged = drag(app, id, y: 600, at: 2000)
        #expect(dragged.status == 200)
        #expect(dragged.json["animation"] is NSNull)
        #expect(dragged.json.at("keyboardFrame").number("y") == 600)
        #expect(dragged.json.at("keyboardLayoutGuide", "frame").number("y") == 600)
        let pinned = try #require(dragged.json["pinnedViews"] as? [[String: Any]])
        #expect(pinned.first?.object("frame").number("y") == 550)
        // 844 - 550 covered, less the 34-pt safe area.
        #expect(dragged.json.at("contentInset").number("bottom") == 260)
        // What is on screen right away is the dragged state.
        let session = app.call("GET", "/sessions/\(id)", query: [("at", "2000")])
        #expect(session.json.at("presentation", "keyboardFrame").number("y") == 600)
        #expect(session.json.at("presentation", "contentInset").number("bottom") == 260)
        #expect(session.json.string("keyboardState") == "shown")
    }

    @Test func aTouchAboveTheKeyboardLessThePaddingMovesNothing() throws {
        let app = makeApp()
        let id = try shownSession(app, mode: "interactive", extra: #","keyboardDismissPadding":20"#)
        #expect(drag(app, id, y: 470, at: 2000).json.at("keyboardFrame").number("y") == 508)
        // Within the padding: the top is 20 pt below the touch.
        #expect(drag(app, id, y: 500, at: 2010).json.at("keyboardFrame").number("y") == 520)
        // Past the screen's bottom: clamped there.
        #expect(drag(app, id, y: 1200, at: 2020).json.at("keyboardFrame").number("y") == 844)
    }

    @Test func aFlickDownDismissesWithASpringStartingAtTheReleaseVelocity() throws {
        let app = makeApp()
        let id = try shownSession(app, mode: "interactive")
        _ = drag(app, id, y: 644, at: 2000)
        // 644 + 0.499 × 800 is well past the middle, 676: dismissed, 200 pt left at 800 pt/s.
        let released = release(app, id, velocity: 800, at: 2050)
        #expect(released.status == 200)
        let animation = released.json.object("animation")
        #expect(animation.string("curveName") == "spring")
        #expect(animation.at("spring").number("initialVelocity") == 4)
        #expect(animation.at("spring").number("dampingRatio") == 1)
        #expect(released.json.at("keyboardFrame").number("y") == 844)
        #expect(released.json.at("contentInset").number("bottom") == 50)
        #expect(released.json.at("session").string("keyboardState") == "hiding")
        // The keyboard leaves at the release's speed: its velocity at the release is 800 pt/s.
        let session = app.call("GET", "/sessions/\(id)", query: [("at", "2050")])
        #expect(abs((session.json.at("velocity", "keyboardFrame").number("y") ?? 0) - 800) < 0.01)
        // After the spring, hidden; a further drag has no keyboard to move.
        let later = app.call("GET", "/sessions/\(id)", query: [("at", "4000")])
        #expect(later.json.string("keyboardState") == "hidden")
        #expect(drag(app, id, y: 700, at: 4000).status == 409)
    }

    @Test func aSlowReleaseNearTheTopRestoresTheKeyboard() throws {
        let app = makeApp()
        let id = try shownSession(app, mode: "interactive")
        _ = drag(app, id, y: 600, at: 2000)
        let released = release(app, id, velocity: 50, at: 2050)
        #expect(released.json.at("keyboardFrame").number("y") == 508)
        #expect(released.json.at("contentInset").number("bottom") == 352)
        // Moving down at 50 pt/s with 92 pt to go back up: the spring starts against its way.
        let velocity = try #require(released.json.at("animation", "spring").number("initialVelocity"))
        #expect(abs(velocity - 50 / -92) < 1e-12)
        #expect(released.json.at("session").string("keyboardState") == "showing")
    }

    @Test func onDragHidesTheKeyboardWithItsUsualAnimation() throws {
        let app = makeApp()
        let id = try shownSession(app, mode: "onDrag")
        let dragged = drag(app, id, y: 300, at: 2000)
        #expect(dragged.status == 200)
        let animation = dragged.json.object("animation")
        #expect(animation.string("curveName") == "keyboard")
        #expect(animation.number("duration") == 0.25)
        #expect(dragged.json.at("keyboardFrame").number("y") == 844)
        #expect(dragged.json.at("session").string("keyboardState") == "hiding")
    }

    @Test func withNoneNothingMoves() throws {
        let app = makeApp()
        let id = try shownSession(app, mode: "none")
        let dragged = drag(app, id, y: 700, at: 2000)
        #expect(dragged.status == 200)
        #expect(dragged.json["animation"] is NSNull)
        #expect(dragged.json.at("keyboardFrame").number("y") == 508)
        #expect(dragged.json.at("contentInset").number("bottom") == 352)
        #expect(release(app, id, velocity: 900, at: 2100).json["animation"] is NSNull)
    }

    @Test func aDragOrReleaseWithoutAShownKeyboardIs409AndChangesNothing() throws {
        let app = makeApp()
        let created = app.call("POST", "/sessions", json: #"{"timestamp":0,"scrollView":\#(Phone.scrollView)}"#)
        let id = try #require(created.json.string("id"))
        let before = app.call("GET", "/sessions/\(id)", query: [("at", "10")])
        for answer in [drag(app, id, y: 700, at: 5000), release(app, id, velocity: 0, at: 5000)] {
            #expect(answer.status == 409)
            #expect(answer.json.string("type") == "/problems/keyboard-not-shown")
        }
        // The session's clock did not move to 5000: an event at 10 is still accepted.
        #expect(
            app.call("GET", "/sessions/\(id)", query: [("at", "10")]).json.number("lastEventTime")
                == before.json.number("lastEventTime"))
        #expect(
            app.call(
                "POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","timestamp":10,"keyboard":\#(Phone.keyboard)}"#
            )
            .status == 200)
    }

    @Test(arguments: [
        (#"{"sessionId":"AAAAAAAAAAAAAAAAAAAAAA","touch":{"x":0}}"#, "/keyboard/drag", "/touch/y"),
        (#"{"touch":{"x":0,"y":0}}"#, "/keyboard/drag", "/sessionId"),
        (#"{"sessionId":"AAAAAAAAAAAAAAAAAAAAAA","velocity":{"y":1e6}}"#, "/keyboard/release", "/velocity/y"),
        (#"{"sessionId":"AAAAAAAAAAAAAAAAAAAAAA"}"#, "/keyboard/release", "/velocity"),
        (
            #"{"sessionId":"AAAAAAAAAAAAAAAAAAAAAA","velocity":{"y":0},"scrollView":{}}"#, "/keyboard/release",
            "/scrollView"
        ),
    ])
    func badGesturesAnswer400WithPointers(_ body: String, _ path: String, _ pointer: String) {
        let answer = makeApp().call("POST", path, json: body)
        #expect(answer.status == 400)
        let pointers = (answer.json["errors"] as? [[String: Any]] ?? []).compactMap { $0["pointer"] as? String }
        #expect(pointers == [pointer])
    }

    @Test func anUnknownDismissModeIsRefused() {
        let answer = makeApp().call(
            "POST", "/sessions",
            json: #"{"scrollView":{"frame":{"x":0,"y":0,"width":390,"height":844},"keyboardDismissMode":"onSwipe"}}"#)
        #expect(answer.status == 400)
        let pointers = (answer.json["errors"] as? [[String: Any]] ?? []).compactMap { $0["pointer"] as? String }
        #expect(pointers == ["/scrollView/keyboardDismissMode"])
    }

    @Test func aReleasedSpringSurvivesTheRecord() throws {
        var geometry = Scene()
        geometry.setFrame(Rect(x: 0, y: 0, width: 390, height: 844))
        geometry.space.screen = Size(width: 390, height: 844)
        geometry.scrollView.keyboardDismissMode = .interactive
        geometry.settleWindow()
        var session = Session(id: SessionID.make(), scene: geometry, time: 0, serverTime: 0)
        var show = KeyboardEvent()
        show.keyboard.frameEnd = Rect(x: 0, y: 508, width: 390, height: 336)
        _ = session.show(show, at: 10)
        _ = session.drag(touch: Point(x: 0, y: 644), at: 1000)
        let outcome = session.release(velocityY: 800, at: 1010)
        let released = try #require(outcome)
        #expect(released.animation.curve == .spring(initialVelocity: 4))
        let read = try SessionRecord.decode(SessionRecord.encode(session, revision: 1))
        #expect(read.session == session)
        #expect(read.session.animations.animations.last?.curve == .spring(initialVelocity: 4))
    }
}
