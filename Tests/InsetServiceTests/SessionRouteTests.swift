import Foundation
import InsetCore
import InsetService
import InsetServiceTestSupport
import Testing

@Suite("Sessions")
struct SessionRouteTests {
    func createSession(_ app: InsetApplication, body: String = Phone.sessionBody) throws -> String {
        let created = app.call("POST", "/sessions", json: body)
        #expect(created.status == 201)
        let id = try #require(created.json.string("id"))
        #expect(created.headers["Location"] == "/sessions/\(id)")
        return id
    }

    @Test func createGetPatchDeleteRoundTrip() throws {
        let app = makeApp()
        let id = try createSession(app)
        #expect(id.utf8.count == 22)
        let fetched = app.call("GET", "/sessions/\(id)")
        #expect(fetched.status == 200)
        #expect(fetched.json.string("keyboardState") == "hidden")
        #expect(fetched.json.at("scrollView", "frame").number("height") == 844)
        #expect(fetched.json["animation"] is NSNull)
        #expect(fetched.json["keyboard"] is NSNull)

        let patched = app.call(
            "PATCH", "/sessions/\(id)", json: #"{"scrollView":{"contentSize":{"width":390,"height":3000}}}"#)
        #expect(patched.status == 200)
        #expect(patched.json.at("scrollView", "contentSize").number("height") == 3000)

        #expect(app.call("DELETE", "/sessions/\(id)").status == 204)
        #expect(app.call("GET", "/sessions/\(id)").status == 404)
        #expect(app.call("DELETE", "/sessions/\(id)").status == 404)
    }

    @Test func idsAreUniqueAndURLSafe() throws {
        let app = makeApp(maxSessions: 2000)
        var ids = Set<String>()
        for _ in 0..<1000 {
            let id = try createSession(app)
            #expect(id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
            ids.insert(id)
        }
        #expect(ids.count == 1000)
    }

    @Test func aSessionIdleForLongerThanTheTTLIsGoneAndAUsedOneStays() throws {
        let clock = ManualClock()
        let app = makeApp(ttl: 10, clock: clock)
        let idle = try createSession(app)
        let used = try createSession(app)
        let show = #"{"sessionId":"ID","keyboard":\#(Phone.keyboard)}"#
        for _ in 0..<3 {
            clock.advance(by: 6_000)
            #expect(
                app.call("POST", "/keyboard/show", json: show.replacingOccurrences(of: "ID", with: used)).status == 200)
        }
        #expect(app.call("POST", "/keyboard/show", json: show.replacingOccurrences(of: "ID", with: idle)).status == 404)
        #expect(app.call("GET", "/sessions/\(idle)").status == 404)
        #expect(app.call("GET", "/sessions/\(used)").status == 200)
        let metrics = String(decoding: app.call("GET", "/metrics").body, as: UTF8.self)
        #expect(metrics.contains("inset_sessions_evicted_total{reason=\"ttl\"} 1"))
        #expect(metrics.contains("inset_sessions_live 1"))
    }

    /// Found through the playground: the show animated from the session's old offset, so the table jumped back
    /// to the top before scrolling to the field.
    @Test(arguments: ["show", "hide"])
    func anEventCarryingTheUsersScrollBeginsFromThatScroll(kind: String) throws {
        let app = makeApp()
        let id = try createSession(app)
        let keyboard = kind == "show" ? Phone.keyboard : #"{"frameEnd":{"x":0,"y":844,"width":390,"height":336}}"#
        let event = app.call(
            "POST", "/keyboard/\(kind)",
            json: #"{"sessionId":"\#(id)","scrollView":{"contentOffset":{"x":0,"y":900}},"keyboard":\#(keyboard)}"#)
        #expect(event.status == 200)
        #expect(event.json.at("animation", "from", "contentOffset").number("y") == 900)
    }

    @Test func aShowWithASessionAnimatesAndSettles() throws {
        let clock = ManualClock()
        let app = makeApp(clock: clock)
        let id = try createSession(app)
        let show = app.call(
            "POST", "/keyboard/show",
            json: #"{"sessionId":"\#(id)","timestamp":1000,"keyboard":\#(Phone.keyboard)}"#)
        #expect(show.status == 200)
        #expect(show.json.object("contentInset").number("bottom") == 302)
        #expect(show.json.at("session").string("id") == id)
        #expect(show.json.at("session").string("keyboardState") == "showing")
        #expect(show.json.object("animation").number("startTime") == 1000)
        #expect(show.json.object("animation").number("endTime") == 1500)

        let midway = app.call("GET", "/sessions/\(id)", query: [("at", "1100")]).json
        #expect(midway.string("keyboardState") == "showing")
        let spring = KeyboardSpring.progress(atSeconds: 0.1)
        let onScreen = try #require(midway.at("presentation", "contentInset").number("bottom"))
        #expect(abs(onScreen - 302 * spring) < 1e-9)
        #expect(midway.object("animation").number("curve") == 7)

        let settled = app.call("GET", "/sessions/\(id)", query: [("at", "1600")]).json
        #expect(settled.string("keyboardState") == "shown")
        #expect(settled.at("presentation", "contentInset").number("bottom") == 302)
        #expect(settled["animation"] is NSNull)
        #expect(settled.at("target", "contentInset").number("bottom") == 302)
    }

    @Test func anInterruptingHideBeginsFromWhatIsOnScreen() throws {
        let app = makeApp()
        let id = try createSession(app)
        _ = app.call(
            "POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","timestamp":0,"keyboard":\#(Phone.keyboard)}"#)
        let hide = app.call("POST", "/keyboard/hide", json: #"{"sessionId":"\#(id)","timestamp":100}"#)
        #expect(hide.status == 200)
        let from = try #require(hide.json.at("animation", "from", "contentInset").number("bottom"))
        // Not the show's target (302) nor the base (0): the spring's value at 100 ms.
        #expect(abs(from - 302 * KeyboardSpring.progress(atSeconds: 0.1)) < 1e-9)
        #expect(hide.json.at("animation", "to", "contentInset").number("bottom") == 0)
        #expect(hide.json.at("session").string("keyboardState") == "hiding")
    }

    @Test func aShowWhileShownIsAFrameChange() throws {
        let app = makeApp()
        let id = try createSession(app)
        _ = app.call(
            "POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","timestamp":0,"keyboard":\#(Phone.keyboard)}"#)
        // The QuickType bar adds 44 pt: 380 pt from y 464.
        let change = app.call(
            "POST", "/keyboard/show",
            json:
                #"{"sessionId":"\#(id)","timestamp":2000,"keyboard":{"frameEnd":{"x":0,"y":464,"width":390,"height":380}}}"#
        )
        #expect(change.json.object("contentInset").number("bottom") == 346)
        #expect(change.json.at("animation", "from", "contentInset").number("bottom") == 302)
    }

    @Test func anOlderTimestampIsAConflict() throws {
        let app = makeApp()
        let id = try createSession(app)
        _ = app.call(
            "POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","timestamp":5000,"keyboard":\#(Phone.keyboard)}"#)
        let stale = app.call("POST", "/keyboard/hide", json: #"{"sessionId":"\#(id)","timestamp":4000}"#)
        #expect(stale.status == 409)
        #expect(stale.json.string("type") == "/problems/stale-timestamp")
        #expect(app.call("GET", "/sessions/\(id)", query: [("at", "5001")]).json.string("keyboardState") == "showing")
    }

    @Test func aSessionCreatedWithoutATimestampTakesTheClientClockOfItsFirstEvent() throws {
        // The server clock is far ahead of performance.now(); the first event must not be refused as stale.
        let clock = ManualClock()
        clock.advance(by: 1_000_000)
        let app = makeApp(clock: clock)
        let id = try createSession(app)
        let show = app.call(
            "POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","timestamp":12,"keyboard":\#(Phone.keyboard)}"#)
        #expect(show.status == 200)
        #expect(app.call("POST", "/keyboard/hide", json: #"{"sessionId":"\#(id)","timestamp":11}"#).status == 409)
    }

    @Test func eventsWithoutTimestampsUseTheServerClock() throws {
        let clock = ManualClock()
        let app = makeApp(clock: clock)
        let id = try createSession(app)
        _ = app.call("POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","keyboard":\#(Phone.keyboard)}"#)
        clock.advance(by: 250)
        #expect(app.call("GET", "/sessions/\(id)").json.string("keyboardState") == "showing")
        clock.advance(by: 300)
        #expect(app.call("GET", "/sessions/\(id)").json.string("keyboardState") == "shown")
    }

    @Test func rotationWhileShownRecomputesAndClampsTheOffset() throws {
        let app = makeApp()
        let id = try createSession(app)
        _ = app.call(
            "POST", "/keyboard/show",
            json:
                #"{"sessionId":"\#(id)","timestamp":0,"keyboard":\#(Phone.keyboard),"focusedRect":{"x":0,"y":1900,"width":390,"height":44}}"#
        )
        let rotated = app.call(
            "PATCH", "/sessions/\(id)",
            json: """
                {"timestamp":1000,"scrollView":{"frame":{"x":0,"y":0,"width":844,"height":390},\
                "safeAreaInsets":{"top":0,"left":47,"bottom":21,"right":47}},"screen":{"width":844,"height":390}}
                """)
        #expect(rotated.status == 200)
        // The old keyboard frame (y 508) is below the landscape screen: no overlap, so the base insets.
        #expect(rotated.json.at("target", "contentInset").number("bottom") == 0)
        // Range after rotation: 2000 + 21 - 390 = 1631.
        let offset = try #require(rotated.json.at("target", "contentOffset").number("y"))
        #expect(offset <= 1631)
        #expect(rotated.json.string("keyboardState") == "shown")
    }

    @Test func theLeastRecentlyUsedSessionIsEvicted() throws {
        let app = makeApp(maxSessions: 2)
        let first = try createSession(app)
        let second = try createSession(app)
        #expect(app.call("GET", "/sessions/\(first)").status == 200)
        let third = try createSession(app)
        #expect(app.call("GET", "/sessions/\(second)").status == 404)
        #expect(app.call("GET", "/sessions/\(first)").status == 200)
        #expect(app.call("GET", "/sessions/\(third)").status == 200)
        #expect(app.call("GET", "/metrics").text.contains("inset_sessions_evicted_total{reason=\"lru\"} 1"))
    }

    @Test func idleSessionsExpire() throws {
        let clock = ManualClock()
        let app = makeApp(ttl: 60, clock: clock)
        let id = try createSession(app)
        clock.advance(by: 59_000)
        #expect(app.call("GET", "/sessions/\(id)").status == 200)
        clock.advance(by: 60_001)
        let gone = app.call("GET", "/sessions/\(id)")
        #expect(gone.status == 404)
        #expect(gone.json.string("type") == "/problems/session-not-found")
    }

    @Test(arguments: ["abc", "../../etc/passwd", String(repeating: "A", count: 22), "%2e%2e"])
    func unknownOrMalformedIdsAreNotFound(id: String) {
        let app = makeApp()
        #expect(app.call("GET", "/sessions/\(id)").status == 404)
        #expect(
            app.call("POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","keyboard":\#(Phone.keyboard)}"#).status
                == 404)
    }

    @Test func theDefaultWindowIsTheScreenAndFollowsIt() throws {
        let app = makeApp()
        let offScreen = #"{"scrollView":{"frame":{"x":-500,"y":0,"width":100,"height":844}}}"#
        let created = app.call("POST", "/sessions", json: offScreen).json
        #expect(created.object("window").number("width") == 0)
        let id = try createSession(app)
        #expect(app.call("GET", "/sessions/\(id)").json.object("window").number("width") == 390)
        let rotated = app.call("PATCH", "/sessions/\(id)", json: #"{"screen":{"width":844,"height":390}}"#).json
        #expect(rotated.object("window").number("width") == 844)
    }

    @Test func anInstantBeforeTheLastEventIsAConflictSinceNoHistoryIsKept() throws {
        let app = makeApp()
        let id = try createSession(app)
        #expect(app.call("GET", "/sessions/\(id)", query: [("at", "5")]).status == 200)
        _ = app.call(
            "POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","timestamp":2000,"keyboard":\#(Phone.keyboard)}"#)
        _ = app.call("POST", "/keyboard/hide", json: #"{"sessionId":"\#(id)","timestamp":3000}"#)
        let past = app.call("GET", "/sessions/\(id)", query: [("at", "1500")])
        #expect(past.status == 409)
        #expect(past.json.string("type") == "/problems/stale-timestamp")
        #expect(app.call("GET", "/sessions/\(id)", query: [("at", "3000")]).status == 200)
    }

    @Test func anInvalidAtQueryIsRejected() throws {
        let app = makeApp()
        let id = try createSession(app)
        for bad in ["abc", "-1", "nan", "inf", "1e400", "0x10", "+5", " 5", "5 ", ""] {
            let answer = app.call("GET", "/sessions/\(id)", query: [("at", bad)])
            #expect(answer.status == 400, "at=\(bad)")
            #expect(answer.json.string("type") == "/problems/invalid-query")
        }
    }
}
