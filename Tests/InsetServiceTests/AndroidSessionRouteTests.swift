import Foundation
import InsetCore
import InsetService
import InsetServiceTestSupport
import InsetSession
import Testing

@testable import InsetSchema
@testable import InsetService
@testable import InsetStores

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
        // onSizeChanged scrolls only to keep the focused view in, `doScrollY(0)` does nothing), and nothing aborts
        // the show's running scroll: it goes on to 241, 100 of its 250 ms in, ending at 350.
        #expect(hidden.object("contentOffset").number("y") == 241)
        let scroll = hidden.at("animation", "scroller", "contentOffset")
        #expect(scroll.number("from") == 0 && scroll.number("to") == 241 && scroll.number("delay") == -0.1)
        // 60 ms into the hide, a show: the hide snaps to hidden and the show runs whole from 0.
        let again = app.call(
            "POST", "/keyboard/show", json: #"{"sessionId": "\#(id)", "timestamp": 260, \#(Self.ime)}"#)
        #expect(again.json.at("animation", "from", "ime").number("bottom") == 0)
        #expect(again.json.object("animation").number("duration") == 0.285)
        let hideAgain = app.call("POST", "/keyboard/hide", json: #"{"sessionId": "\#(id)", "timestamp": 560}"#)
        #expect(hideAgain.status == 200)
        let later = app.call("GET", "/sessions/\(id)", query: [("at", "1000")]).json
        #expect(later.string("keyboardState") == "hidden")
        #expect(later.at("presentation", "ime").number("bottom") == 0)
        // The show at 260 scrolled again from where the list was: 160 ms after the last scroll, a jump, to the
        // field's bottom at the list's, 241 to the rounding of the running scroll's value.
        #expect(abs((later.at("presentation", "contentOffset").number("y") ?? 0) - 241) < 1e-9)
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

    /// Issue 45 through a session: edge to edge, synced, a list over the whole screen ends at the animated IME's
    /// top at every sample (it was `915 − (ime − 48)` once the IME passed the bar, 48 dp under it at the end), and
    /// padded, it gains the whole inset.
    @Test func aFullScreenSessionListFollowsTheIMEsTop() {
        for handling in ["resize", "padding"] {
            let body = AndroidRouteTests.fullScreen(
                #""timestamp": 0, "edgeToEdge": true, "insetsAnimationCallback": true, "imeInsets": "\#(handling)""#,
                ime: false)
            let created = app.call("POST", "/sessions", json: body)
            #expect(created.status == 201, "\(created.text)")
            let id = created.json.string("id") ?? ""
            let shown = event(
                "/keyboard/show",
                #"{"sessionId": "\#(id)", "timestamp": 100, "keyboard": {"frameEnd": {"x": 0, "y": 587, "width": 412, "height": 328}}}"#
            )
            #expect(shown.at("scrollView", "frame").number("height") == (handling == "resize" ? 587 : 915))
            #expect(shown.object("contentPadding").number("bottom") == (handling == "resize" ? 0 : 328))
            let timeline = app.call("GET", "/sessions/\(id)/timeline", query: [("step", "5")])
            #expect(timeline.status == 200, "\(timeline.text)")
            let values = timeline.json["values"] as? [[String: Any]] ?? []
            let ime = values.first?["presentation"] as? [Double] ?? []
            let heights = values.count > 2 ? values[1]["presentation"] as? [Double] ?? [] : []
            let paddings = values.count > 2 ? values[2]["presentation"] as? [Double] ?? [] : []
            #expect(ime.count > 50 && ime.last == 328, "\(ime)")
            #expect(heights.count == ime.count && paddings.count == ime.count)
            // The samples (value, ime) where the list's height is not 915 less the inset (resize) or its padding not
            // the inset (padding); the last of them is printed.
            let resized = handling == "resize"
            let heightsOff = zip(heights, ime).filter { abs($0 - (resized ? 915 - $1 : 915)) > 1e-9 }
            let paddingsOff = zip(paddings, ime).filter { abs($0 - (resized ? 0 : $1)) > 1e-9 }
            #expect(
                heightsOff.isEmpty, "\(handling): \(heightsOff.count) off, last \(String(describing: heightsOff.last))")
            #expect(
                paddingsOff.isEmpty,
                "\(handling): \(paddingsOff.count) off, last \(String(describing: paddingsOff.last))")
            let later = app.call("GET", "/sessions/\(id)", query: [("at", "1000")]).json
            #expect(later.at("target", "scrollView", "frame").number("height") == (handling == "resize" ? 587 : 915))
        }
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

    /// The user's scroll sent by a PATCH is where the list is: a show then pans for the field where that scroll
    /// put it. (It was lost: the list's scroller put back its own offset.)
    @Test func aScrollSentBeforeAShowIsWhereTheListIs() {
        let id = create(#", "windowSoftInputMode": "adjustPan""#)
        let scroll = app.call(
            "PATCH", "/sessions/\(id)",
            json:
                #"{"timestamp": 50, "scrollView": {"contentOffset": {"x": 0, "y": 1000}}, "focusedRect": {"x": 16, "y": 800, "width": 380, "height": 56}}"#
        )
        #expect(scroll.status == 200, "\(scroll.text)")
        #expect(scroll.json.at("target", "contentOffset").number("y") == 1000)
        let shown = event("/keyboard/show", #"{"sessionId": "\#(id)", "timestamp": 100, \#(Self.ime)}"#)
        // The field, at 800 to 856 on screen, above the IME's top at 515 by 856 − 515 = 341.
        #expect(shown.object("windowPan").number("y") == 341)
        #expect(shown.object("contentOffset").number("y") == 1000)
    }

    @Test func aStoredAndroidSessionReadsBackTheSame() throws {
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
        let record = SessionRecord.encode(session, revision: 3)
        // Version 2: a replica of a release before Android refuses it rather than read an iOS session.
        #expect(String(decoding: record.prefix(7), as: UTF8.self) == #"{"v":2,"#)
        let (read, revision) = try SessionRecord.decode(record)
        #expect(revision == 3)
        #expect(read == session)
        #expect(read.android?.animation == ImeAnimation(showing: false, synced: false))
    }

    /// A patch 40 ms into a 285-ms synced show changes the layout, not where the IME is going: the show runs on.
    @Test func aPatchDuringAShowLeavesTheIMEAnimating() {
        let id = create()
        _ = event("/keyboard/show", #"{"sessionId": "\#(id)", "timestamp": 100, \#(Self.ime)}"#)
        let patch = app.call(
            "PATCH", "/sessions/\(id)",
            json: #"{"timestamp": 140, "scrollView": {"contentSize": {"width": 412, "height": 2100}}}"#)
        #expect(patch.status == 200, "\(patch.text)")
        let seen = app.call("GET", "/sessions/\(id)", query: [("at", "150")]).json
        #expect(seen.string("keyboardState") == "showing")
        // 50 ms into the show: 400 × PathInterpolator(0.2, 0, 0, 1) at 50/285, between a quarter and a half.
        let inset = seen.at("presentation", "ime").number("bottom") ?? -1
        #expect(inset > 100 && inset < 200, "\(inset)")
        #expect(app.call("GET", "/sessions/\(id)/timeline", query: [("from", "100"), ("to", "300")]).status == 200)
        // A show for another field, same IME, changes the target, not the IME's animation.
        let other = event(
            "/keyboard/show",
            #"{"sessionId": "\#(id)", "timestamp": 160, "focusedRect": {"x": 16, "y": 300, "width": 380, "height": 56}, \#(Self.ime)}"#
        )
        #expect(other.object("animation").number("duration") == 0.285)
        #expect(other.object("animation").number("delay") == -0.06)
    }

    static let pixel9 =
        #"{"platform": "android", "device": {"id": "pixel-9"}, "timestamp": 0, "scrollView": {"frame": {"x": 0, "y": 0, "width": 411.43, "height": 923.43}}"#

    /// Values the client set over the device's stay the session's at its next events.
    @Test func aDeviceSessionKeepsItsOwnValuesOverTheDevicesAtItsNextShow() {
        let answer = app.call(
            "POST", "/sessions", json: Self.pixel9 + #", "systemBars": {"top": 30, "bottom": 24}}"#)
        #expect(answer.status == 201, "\(answer.text)")
        let id = answer.json.string("id") ?? ""
        let shown = event("/keyboard/show", #"{"sessionId": "\#(id)", "timestamp": 100}"#)
        #expect(shown.at("windowInsets", "statusBars").number("top") == 30)
        // The Pixel 9's 336-dp IME, from the catalogue.
        #expect(shown.at("windowInsets", "ime").number("bottom") == 336)
        let seen = app.call("GET", "/sessions/\(id)").json
        #expect(seen.object("systemBars").number("top") == 30)
        #expect(seen.object("device").string("orientation") == "portrait" && seen.object("device")["system"] == nil)
    }

    /// Turned while the IME shows, the session takes the device's landscape IME (252 dp) and bars.
    @Test func aTurnWhileTheIMEShowsTakesTheDevicesIMEHeldTheNewWay() {
        let answer = app.call("POST", "/sessions", json: Self.pixel9 + "}")
        let id = answer.json.string("id") ?? ""
        _ = event("/keyboard/show", #"{"sessionId": "\#(id)", "timestamp": 100}"#)
        let turned = app.call(
            "PATCH", "/sessions/\(id)",
            json:
                #"{"timestamp": 1000, "device": {"orientation": "landscape"}, "scrollView": {"frame": {"x": 0, "y": 0, "width": 923.43, "height": 411.43}}}"#
        )
        #expect(turned.status == 200, "\(turned.text)")
        let seen = app.call("GET", "/sessions/\(id)", query: [("at", "2000")]).json
        #expect(seen.string("keyboardState") == "shown")
        #expect(seen.at("presentation", "ime").number("bottom") == 252)
        #expect(seen.at("keyboard", "frameEnd").number("width") == 923.43)
        #expect(seen.at("screen").number("width") == 923.43)
        // The Pixel 9's landscape status bar.
        #expect(seen.object("systemBars").number("top") == 52)
    }

    @Test func aDeviceHeldWithoutAnIdIsRefused() {
        let body = AndroidRouteTests.body(#""device": {"orientation": "landscape"}"#)
        let answer = app.call("POST", "/keyboard/show", json: body)
        #expect(answer.status == 400 && answer.text.contains("/device/id"), "\(answer.text)")
    }
}
