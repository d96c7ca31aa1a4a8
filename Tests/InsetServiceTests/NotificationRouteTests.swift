import Foundation
import InsetCore
import InsetServiceTestSupport
import Testing

@testable import InsetService

/// One logged notification as an app prints it, with the iPhone 14's frames as `NSStringFromCGRect` strings.
private func note(_ name: String, _ time: Double, end: String, duration: Double? = 0.25, local: Int? = 1) -> String {
    var info = [#""UIKeyboardFrameEndUserInfoKey":"\#(end)""#]
    if let duration { info.append(#""UIKeyboardAnimationDurationUserInfoKey":\#(duration)"#) }
    info.append(#""UIKeyboardAnimationCurveUserInfoKey":7"#)
    if let local { info.append(#""UIKeyboardIsLocalUserInfoKey":\#(local)"#) }
    return #"{"name":"\#(name)","timestamp":\#(time),"userInfo":{\#(info.joined(separator: ","))}}"#
}

private let shown = "{{0, 508}, {390, 336}}"
private let quickType = "{{0, 464}, {390, 380}}"
private let hidden = "{{0, 844}, {390, 336}}"

private func log(_ notes: [String], extra: String = "") -> String {
    #"{"notifications":[\#(notes.joined(separator: ","))]\#(extra)}"#
}

private func session(_ app: InsetApplication) throws -> String {
    let created = app.call(
        "POST", "/sessions", json: #"{"timestamp":0,"scrollView":\#(Phone.scrollView),"screen":\#(Phone.screen)}"#)
    return try #require(created.json.string("id"))
}

private func outcomes(_ answer: Answer) -> [String] {
    (answer.json["results"] as? [[String: Any]] ?? []).map { result in
        (result.string("outcome") ?? "?") + ((result["reason"] as? String).map { ":" + $0 } ?? "")
    }
}

private func pointers(_ answer: Answer) -> [String] {
    (answer.json["errors"] as? [[String: Any]] ?? []).compactMap { $0.string("pointer") }
}

@Suite("Notification logs over HTTP")
struct NotificationRouteTests {
    /// A day in a real log: a show (change-frame first), its Did, the QuickType bar, a third-party keyboard's
    /// repeat, a zero change-frame, another app's keyboard, and the password manager's hide.
    static let realLog = [
        note("UIKeyboardWillChangeFrameNotification", 1000, end: shown),
        note("UIKeyboardWillShowNotification", 1000, end: shown),
        note("UIKeyboardDidShowNotification", 1500, end: shown, duration: nil),
        note("UIKeyboardWillChangeFrameNotification", 2000, end: quickType),
        note("UIKeyboardWillShowNotification", 2005, end: quickType),
        note("UIKeyboardWillChangeFrameNotification", 2050, end: "{{0, 0}, {0, 0}}", duration: 0),
        note("UIKeyboardWillShowNotification", 2060, end: shown, local: 0),
        // While the QuickType bar's animation still runs.
        note("UIKeyboardWillHideNotification", 2100, end: hidden, duration: 0),
    ]

    @Test func aRealLogIsFilteredNotificationByNotification() throws {
        let app = makeApp()
        let id = try session(app)
        let answer = app.call("POST", "/sessions/\(id)/notifications", json: log(Self.realLog))
        #expect(answer.status == 200, "\(answer.text)")
        #expect(
            outcomes(answer) == [
                "applied", "ignored:same-frame", "ignored:did-notification", "applied", "ignored:same-frame",
                "ignored:empty-frame", "ignored:not-local", "jumped:zero-duration-hide",
            ])
        let state = answer.json.object("session")
        #expect(state.string("keyboardState") == "hidden")
        #expect(state.number("lastEventTime") == 2100)
        // The jump leaves nothing animating: what is on screen is the hidden model at once, where an additive
        // zero-duration hide would have left the QuickType bar's remaining animation on top of it.
        #expect((state["animations"] as? [Any])?.isEmpty == true)
        #expect(state.at("presentation", "contentInset").number("bottom") == 0)
        let timeline = answer.json.object("timeline")
        #expect(timeline.number("from") == 1000)
        #expect(try #require(timeline.number("to")) >= 2100)
        // Both shows shaped it, though the session no longer keeps their animations, and the jump is marked:
        // a zero-duration event whose delta is the distance jumped (the QuickType bar's inset still rising).
        let events = try #require(timeline["events"] as? [[String: Any]])
        #expect(events.compactMap { $0.number("time") } == [1000, 2000, 2100])
        let jump = try #require(events.last)
        #expect(jump.number("duration") == 0 && jump.number("endTime") == 2100)
        let jumped = try #require(jump.at("delta", "contentInset").number("bottom"))
        #expect(jumped > 302 && jumped < 346)
        // The timeline reads the states the log went through: the first show's inset, the QuickType bar's
        // animation under way, then 0 from the jump on.
        let times = try #require(timeline["times"] as? [Double])
        let values = try #require(timeline["values"] as? [[String: Any]])
        let inset = try #require(
            values.first { $0.string("name") == "contentInset.bottom" }?["presentation"] as? [Double])
        let at = { (time: Double) in inset[try #require(times.firstIndex(of: time))] }
        #expect(try at(1000) == 0)
        #expect(try abs(at(1900) - 302) < 0.01)
        #expect(try abs(at(2000) - 302) < 0.01)
        let rising = try at(2090)
        #expect(rising > 302 && rising < 346)
        #expect(try at(2100) == 0)
        #expect(try at(2200) == 0)
        #expect(answer.json["plot"] == nil)
    }

    @Test func theSessionsClockEndsAtTheLogsLastNotificationEvenIgnored() throws {
        let app = makeApp()
        let id = try session(app)
        let answer = app.call(
            "POST", "/sessions/\(id)/notifications",
            json: log([
                note("UIKeyboardWillShowNotification", 1000, end: shown),
                note("UIKeyboardDidShowNotification", 1400, end: shown, duration: nil),
            ]))
        #expect(answer.json.at("session").number("lastEventTime") == 1400)
        let older = app.call(
            "POST", "/keyboard/hide", json: #"{"sessionId":"\#(id)","timestamp":1300}"#)
        #expect(older.status == 409)
    }

    @Test func anAppliedShowAnswersWhatTheShowRouteDoes() throws {
        let app = makeApp()
        let logged = try session(app)
        let direct = try session(app)
        let replayed = app.call(
            "POST", "/sessions/\(logged)/notifications",
            json: log([note("UIKeyboardWillShowNotification", 1000, end: shown)]))
        let shownDirectly = app.call(
            "POST", "/keyboard/show",
            json:
                #"{"sessionId":"\#(direct)","timestamp":1000,"keyboard":{"userInfo":{"UIKeyboardFrameEndUserInfoKey":"\#(shown)","UIKeyboardAnimationDurationUserInfoKey":0.25,"UIKeyboardAnimationCurveUserInfoKey":7,"UIKeyboardIsLocalUserInfoKey":1}}}"#
        )
        #expect(shownDirectly.status == 200)
        let a = app.call("GET", "/sessions/\(logged)", query: [("at", "1120")]).json
        let b = app.call("GET", "/sessions/\(direct)", query: [("at", "1120")]).json
        for key in ["presentation", "velocity", "target", "keyboard"] {
            #expect(NSDictionary(dictionary: a.object(key)) == NSDictionary(dictionary: b.object(key)), "\(key)")
        }
        #expect(replayed.json.at("session", "target").number("keyboardOverlap") == 336)
    }

    @Test func anotherAppsKeyboardAppliesWhenAskedAndThePlotIsDrawnWhenAsked() throws {
        let app = makeApp()
        let id = try session(app)
        let answer = app.call(
            "POST", "/sessions/\(id)/notifications",
            json: log(
                [note("UIKeyboardWillShowNotification", 1000, end: shown, local: 0)], extra: #","includeNonLocal":true"#
            ),
            query: [("plot", "svg")])
        #expect(outcomes(answer) == ["applied"])
        let plot = try #require(answer.json.string("plot"))
        #expect(plot.hasPrefix("<svg") && plot.contains("contentInset.bottom"))
        let badPlot = app.call("POST", "/sessions/\(id)/notifications", json: log([]), query: [("plot", "png")])
        #expect(badPlot.status == 400)
    }

    @Test(
        "A refused log names its member and changes nothing",
        arguments: [
            (
                "an unknown name",
                log([
                    note("UIKeyboardWillShowNotification", 1000, end: shown),
                    note("UIKeyboardWillPopNotification", 1100, end: shown),
                ]),
                ["/notifications/1/name"]
            ),
            (
                "a notification without userInfo",
                log([
                    note("UIKeyboardWillShowNotification", 1000, end: shown),
                    #"{"name":"UIKeyboardWillHideNotification","timestamp":1200}"#,
                ]),
                ["/notifications/1/userInfo"]
            ),
            (
                "a userInfo whose frame is not a CGRect string",
                log([note("UIKeyboardWillShowNotification", 1000, end: "{0, 508, 390, 336}")]),
                ["/notifications/0/userInfo/UIKeyboardFrameEndUserInfoKey"]
            ),
            (
                "timestamps out of order",
                log([
                    note("UIKeyboardWillShowNotification", 1000, end: shown),
                    note("UIKeyboardWillHideNotification", 2000, end: hidden),
                    note("UIKeyboardWillShowNotification", 1500, end: shown),
                ]),
                ["/notifications/2/timestamp"]
            ),
            (
                "more than 256 notifications",
                log((0...256).map { note("UIKeyboardDidShowNotification", 1000 + Double($0), end: shown) }),
                ["/notifications"]
            ),
            ("no notifications member", #"{"includeNonLocal":true}"#, ["/notifications"]),
            (
                "notifications that are not objects", #"{"notifications":[0,null,"x",[[]]]}"#,
                ["/notifications/0", "/notifications/1", "/notifications/2", "/notifications/3"]
            ),
            ("an unknown member", #"{"notifications":[],"replay":true}"#, ["/replay"]),
        ])
    func refusedLog(label: String, body: String, expected: [String]) throws {
        let app = makeApp()
        let id = try session(app)
        _ = app.call(
            "POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","timestamp":500,"keyboard":\#(Phone.keyboard)}"#)
        let before = app.call("GET", "/sessions/\(id)", query: [("at", "9000")]).text
        let answer = app.call("POST", "/sessions/\(id)/notifications", json: body)
        #expect(answer.status == 400, "\(label): \(answer.text)")
        #expect(pointers(answer) == expected, "\(label)")
        #expect(app.call("GET", "/sessions/\(id)", query: [("at", "9000")]).text == before, "\(label)")
    }

    @Test func aLogThatIsNotJSONIsMalformed() throws {
        let app = makeApp()
        let answer = app.call("POST", "/sessions/\(try session(app))/notifications", json: #"{"notifications":[{"#)
        #expect(answer.status == 400)
        #expect(answer.json.string("type") == "/problems/malformed-json")
    }

    @Test func aLogThatStartsBeforeTheSessionsLastEventIs409AndChangesNothing() throws {
        let app = makeApp()
        let id = try session(app)
        _ = app.call(
            "POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","timestamp":5000,"keyboard":\#(Phone.keyboard)}"#)
        let before = app.call("GET", "/sessions/\(id)", query: [("at", "9000")]).text
        let answer = app.call(
            "POST", "/sessions/\(id)/notifications",
            json: log([
                note("UIKeyboardWillHideNotification", 4000, end: hidden),
                note("UIKeyboardWillShowNotification", 6000, end: shown),
            ]))
        #expect(answer.status == 409)
        #expect(answer.json.string("type") == "/problems/stale-timestamp")
        #expect(app.call("GET", "/sessions/\(id)", query: [("at", "9000")]).text == before)
        #expect(app.call("POST", "/sessions/AAAAAAAAAAAAAAAAAAAAAA/notifications", json: log([])).status == 404)
    }
}
