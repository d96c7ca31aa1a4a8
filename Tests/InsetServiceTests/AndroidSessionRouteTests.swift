import Foundation
import InsetCore
import InsetService
import InsetServiceTestSupport
import InsetSession
import Testing

@testable import InsetService

/// An Android session: a show, a hide that interrupts it, and the timeline, as `InsetsController` runs them (the
/// running show is cancelled and snaps to its end before the hide runs whole), and what a shared store keeps.
@Suite("Android sessions")
struct AndroidSessionRouteTests {
    let app = makeApp()

    func create(_ extra: String = "") -> String {
        let body = AndroidRouteTests.body(#""timestamp": 0, "insetsAnimationCallback": true"# + extra, ime: false)
        let answer = app.call("POST", "/sessions", json: body)
        #expect(answer.status == 201, "\(answer.text)")
        return answer.json.string("id") ?? ""
    }

    func event(_ path: String, _ body: String) -> [String: Any] {
        let answer = app.call("POST", path, json: body)
        #expect(answer.status == 200, "\(answer.text)")
        return answer.json
    }

    static let ime = #""keyboard": {"frameEnd": {"x": 0, "y": 515, "width": 412, "height": 400}}"#

    @Test func aSessionEchoesItsAndroidWindowAndNoIOSMember() {
        let id = create()
        let json = app.call("GET", "/sessions/\(id)").json
        #expect(json.string("platform") == "android")
        #expect(json.object("systemBars").number("bottom") == 48)
        #expect(json.string("navigationMode") == "threeButton")
        #expect(json.string("windowSoftInputMode") == "adjustResize")
        #expect(json["insetsAnimationCallback"] as? Bool == true)
        for member in ["safeAreaInsets", "pinnedViews", "keyboardDistance", "interruption", "fields"] {
            #expect(json[member] == nil && json.object("scrollView")[member] == nil, "\(member)")
        }
        #expect(json.string("keyboardState") == "hidden")
        #expect(json.at("target", "scrollView", "frame").number("height") == 787)
        #expect(json["animation"] is NSNull)
        // An iOS session names its platform too.
        let iOS = app.call(
            "POST", "/sessions", json: #"{"scrollView": {"frame": {"x": 0, "y": 0, "width": 10, "height": 10}}}"#)
        #expect(iOS.json.string("platform") == "ios")
        #expect(iOS.json["systemBars"] == nil && iOS.json["edgeToEdge"] == nil)
    }

    @Test func aHideThatInterruptsAShowRunsWholeFromTheShownEnd() {
        let id = create()
        let shown = event("/keyboard/show", #"{"sessionId": "\#(id)", "timestamp": 100, \#(Self.ime)}"#)
        #expect(shown.object("session").string("keyboardState") == "showing")
        #expect(shown.at("scrollView", "frame").number("height") == 435)
        #expect(shown.object("contentOffset").number("y") == 241)
        #expect(shown.at("animation", "from", "ime").number("bottom") == 0)
        // 100 ms into the 285-ms show (the IME about three quarters up), a hide.
        let hidden = event("/keyboard/hide", #"{"sessionId": "\#(id)", "timestamp": 200}"#)
        #expect(hidden.object("session").string("keyboardState") == "hiding")
        let animation = hidden.object("animation")
        // The show snapped to 400 first; the hide runs its whole 285 ms from there.
        #expect(animation.at("from", "ime").number("bottom") == 400)
        #expect(animation.at("to", "ime").number("bottom") == 0)
        #expect(animation.number("duration") == 0.285 && animation.number("delay") == 0)
        #expect(hidden.at("scrollView", "frame").number("height") == 787)
        // The list does not scroll back: the hide grows it, and a grown list needs no scroll (ScrollView's
        // onSizeChanged scrolls only to keep the focused view in). Its running scroll stops where it was drawn:
        // 100 of its 250 ms.
        let offset = hidden.object("contentOffset").number("y") ?? -1
        let drawn = 241 * ViscousFluid.value(at: 100.0 / 250)
        #expect(abs(offset - drawn) < 1e-9)
        let later = app.call("GET", "/sessions/\(id)", query: [("at", "600")]).json
        #expect(later.string("keyboardState") == "hidden")
        #expect(later.at("presentation", "ime").number("bottom") == 0)
        #expect(later["animation"] is NSNull)
    }

    @Test func theTimelineSamplesTheLastIMEEventInDp() {
        let id = create()
        _ = event("/keyboard/show", #"{"sessionId": "\#(id)", "timestamp": 100, \#(Self.ime)}"#)
        let answer = app.call("GET", "/sessions/\(id)/timeline", query: [("step", "5")])
        #expect(answer.status == 200, "\(answer.text)")
        let json = answer.json
        #expect(json.string("platform") == "android")
        #expect(json.number("from") == 100 && json.number("to") == 600)
        let values = json["values"] as? [[String: Any]] ?? []
        #expect(values.map { $0.string("name") ?? "" } == AndroidTimeline.names)
        let ime = values.first?["presentation"] as? [Double] ?? []
        #expect(ime.first == 0 && ime.last == 400)
        // At 100 + 285 × 0.5 ms, the synced curve's value at a half, from InsetsController's interpolator.
        let times = json["times"] as? [Double] ?? []
        if let half = times.firstIndex(of: 240) {
            let expected = 400 * ImeAnimation.syncedCurve.value(at: 140.0 / 285)
            #expect(abs(ime[half] - expected) < 1e-9)
        } else {
            Issue.record("no sample at 240 ms")
        }
        // The list's height follows the IME: 787 − max(0, ime − 48) at every instant.
        let heights = values[1]["presentation"] as? [Double] ?? []
        for (height, inset) in zip(heights, ime) { #expect(abs(height - (787 - max(0, inset - 48))) < 1e-9) }
        let events = json["events"] as? [[String: Any]] ?? []
        #expect(events.first?.number("time") == 100 && events.first?.number("endTime") == 385)
        let svg = app.call("GET", "/sessions/\(id)/timeline.svg")
        #expect(svg.status == 200 && svg.headers["Content-Type"] == "image/svg+xml")
        #expect(svg.text.contains("data-value=\"ime.bottom\"") && svg.text.contains("(dp)"))
        // Before the last IME event, the IME's inset is not known.
        #expect(app.call("GET", "/sessions/\(id)/timeline", query: [("from", "50")]).status == 409)
    }

    @Test func iOSOperationsAndTheOtherPlatformsMembersAreRefused() {
        let id = create()
        _ = event("/keyboard/show", #"{"sessionId": "\#(id)", "timestamp": 100, \#(Self.ime)}"#)
        let focus = app.call("POST", "/sessions/\(id)/focus", json: #"{"field": "next"}"#)
        #expect(focus.status == 400 && focus.text.contains("is on Android"))
        let drag = app.call("POST", "/keyboard/drag", json: #"{"sessionId": "\#(id)", "touch": {"x": 1, "y": 600}}"#)
        #expect(drag.status == 400 && drag.text.contains("is on Android"))
        let platform = app.call("PATCH", "/sessions/\(id)", json: #"{"platform": "ios"}"#)
        #expect(platform.status == 400 && platform.text.contains("/platform"))
        let member = app.call("PATCH", "/sessions/\(id)", json: #"{"keyboardDistance": 8}"#)
        #expect(member.status == 400 && member.text.contains("/keyboardDistance"))
        let unchanged = app.call("GET", "/sessions/\(id)").json
        #expect(unchanged.string("keyboardState") != nil && unchanged["keyboardDistance"] == nil)
    }

    @Test func aPatchLaysTheWindowOutAgainAroundTheShownIME() {
        let id = create()
        _ = event("/keyboard/show", #"{"sessionId": "\#(id)", "timestamp": 100, \#(Self.ime)}"#)
        let answer = app.call(
            "PATCH", "/sessions/\(id)", json: #"{"timestamp": 1000, "windowSoftInputMode": "adjustPan"}"#)
        #expect(answer.status == 200, "\(answer.text)")
        let target = answer.json.object("target")
        #expect(target.at("scrollView", "frame").number("height") == 787)
        // The field, at 700 − 241 on screen after the list's scroll, ends at 515: no pan needed.
        #expect(target.object("windowPan").number("y") == 0)
        #expect(target.object("contentOffset").number("y") == 241)
    }

    @Test func aStoredAndroidSessionReadsBackTheSame() throws {
        let id = create(#", "caretRect": {"x": 40, "y": 712, "width": 2, "height": 20}"#)
        _ = event("/keyboard/show", #"{"sessionId": "\#(id)", "timestamp": 100, \#(Self.ime)}"#)
        var scene = Scene()
        scene.platform = .android
        scene.space.screen = Size(width: 412, height: 915)
        scene.android.statusBar = 24
        scene.android.navigationBar = 48
        scene.android.softInputMode = .adjustPan
        scene.android.caretRect = Rect(x: 40, y: 712, width: 2, height: 20)
        scene.setFrame(Rect(x: 0, y: 80, width: 412, height: 787))
        scene.setContentSize(Size(width: 412, height: 2000))
        scene.focusedRect = Rect(x: 16, y: 700, width: 380, height: 56)
        scene.settleWindow()
        var session = Session(id: "s", scene: scene, time: 0, serverTime: 0)
        var show = KeyboardEvent()
        show.timestamp = 100
        show.keyboard.frameEnd = Rect(x: 0, y: 515, width: 412, height: 400)
        _ = try session.receiveAndroid(.show, show, serverTime: 0)
        var hide = KeyboardEvent()
        hide.timestamp = 180
        _ = try session.receiveAndroid(.hide, hide, serverTime: 0)
        let (read, revision) = try SessionRecord.decode(SessionRecord.encode(session, revision: 3))
        #expect(revision == 3)
        #expect(read == session)
        #expect(read.android?.animation == ImeAnimation(showing: false, synced: false))
    }
}
