import Foundation
import InsetServiceTestSupport
import Testing

@testable import InsetService
@testable import InsetStores

/// The same requests against memory and Redis answer the same bodies, the session's id apart: a route that answers
/// later with Redis words its answers as the one that answers at once. In process, with one manual clock, against
/// a real `redis-server`.
extension RedisStoreTests {
    /// The two applications, memory's and Redis's, on one manual clock.
    static func memoryAndRedis(_ redis: RedisProcess, clock: ManualClock = ManualClock()) -> [InsetApplication] {
        [SessionStoreLocation.memory, .redis(redis.endpoint())].map {
            buildApplication(ServiceConfiguration(accessLog: false, clock: clock.clock, sessionStore: $0))
        }
    }

    /// Creates a session with `create` in each of `apps`, then sends each of `requests` (method, path and body,
    /// `{id}` standing for the session's id; a path may end in a query) to both: the statuses are `statuses`, and
    /// each pair of answers is the same bytes once the ids are. A request of method `ADVANCE` sends nothing: it
    /// moves `clock` on by its path's milliseconds. The last answers, memory's.
    @discardableResult
    static func expectTheSameAnswers(
        _ apps: [InsetApplication], clock: ManualClock? = nil, create: String, _ requests: [(String, String, String?)],
        statuses: [Int]
    ) -> [Answer] {
        let ids = apps.map { $0.call("POST", "/sessions", json: create).json["id"] as? String ?? "" }
        #expect(ids.allSatisfy { $0.count == 22 }, "\(ids)")
        var seen: [Int] = []
        var last: [Answer] = []
        for (method, target, body) in requests {
            if method == "ADVANCE" {
                clock?.advance(by: Double(target) ?? 0)
                continue
            }
            last = zip(apps, ids).map { app, id in
                let parts = target.replacingOccurrences(of: "{id}", with: id).split(separator: "?", maxSplits: 1)
                var query: [(String, String?)] = []
                for pair in parts.count > 1 ? parts[1].split(separator: "&") : [] {
                    let nameAndValue = pair.split(separator: "=", maxSplits: 1).map(String.init)
                    query.append((nameAndValue[0], nameAndValue.count > 1 ? nameAndValue[1] : nil))
                }
                let json = body?.replacingOccurrences(of: "{id}", with: id)
                return app.call(method, String(parts[0]), json: json, query: query)
            }
            seen.append(last[0].status)
            #expect(last[0].status == last[1].status, "\(method) \(target)")
            #expect(last[0].text == last[1].text.replacingOccurrences(of: ids[1], with: ids[0]), "\(method) \(target)")
            #expect(last[0].headers["Content-Type"] == last[1].headers["Content-Type"], "\(method) \(target)")
            #expect(last[1].headers["X-Request-Id"] != nil)
        }
        #expect(seen == statuses)
        return last
    }

    /// A session's life: shows and hides, a read at an instant, a PATCH, a stale event (409), a focused rect,
    /// DELETE, and the session gone (404); an id never issued is 404 through both.
    @Test func aSessionsLifeThroughRedisAnswersAsInMemory() throws {
        let redis = try RedisProcess()
        let apps = Self.memoryAndRedis(redis)
        let keyboard = #""keyboard":\#(Phone.keyboard)"#
        let create = #"{"timestamp":500,"scrollView":\#(Phone.scrollView),"screen":\#(Phone.screen)}"#
        Self.expectTheSameAnswers(
            apps, create: create,
            [
                ("POST", "/keyboard/show", #"{"sessionId":"{id}","timestamp":1000,\#(keyboard)}"#),
                ("GET", "/sessions/{id}?at=1100", nil),
                ("POST", "/keyboard/hide", #"{"sessionId":"{id}","timestamp":1100}"#),
                ("POST", "/keyboard/show", #"{"sessionId":"{id}","timestamp":1150,\#(keyboard)}"#),
                ("POST", "/keyboard/show", #"{"sessionId":"{id}","timestamp":1160,\#(keyboard)}"#),
                ("POST", "/keyboard/hide", #"{"sessionId":"{id}","timestamp":1155}"#),
                ("PATCH", "/sessions/{id}", #"{"timestamp":1200,"screen":{"width":844,"height":390}}"#),
                ("POST", "/keyboard/show", #"{"sessionId":"{id}","timestamp":1190,\#(keyboard)}"#),
                (
                    "POST", "/keyboard/show",
                    #"{"sessionId":"{id}","timestamp":1300,\#(keyboard),"focusedRect":{"x":0,"y":1500,"width":10,"height":40}}"#
                ),
                ("GET", "/sessions/{id}?at=1400", nil),
                ("DELETE", "/sessions/{id}", nil),
                ("GET", "/sessions/{id}", nil),
                ("POST", "/keyboard/hide", #"{"sessionId":"{id}"}"#),
                ("GET", "/sessions/AAAAAAAAAAAAAAAAAAAAAA", nil),
                ("DELETE", "/sessions/AAAAAAAAAAAAAAAAAAAAAA", nil),
            ],
            statuses: [200, 200, 200, 200, 200, 409, 200, 409, 200, 200, 204, 404, 404, 404, 404])
    }

    /// Events without timestamps take the server's clock, read when they arrive, whether the change is made at once
    /// (memory) or once Redis answers: the session's times advance with the clock alike.
    @Test func eventsWithoutTimestampsThroughRedisTakeTheClockAsInMemory() throws {
        let redis = try RedisProcess()
        let clock = ManualClock()
        let apps = Self.memoryAndRedis(redis, clock: clock)
        let last = Self.expectTheSameAnswers(
            apps, clock: clock, create: Phone.sessionBody,
            [
                ("POST", "/keyboard/show", #"{"sessionId":"{id}","keyboard":\#(Phone.keyboard)}"#),
                ("ADVANCE", "50", nil),
                ("POST", "/keyboard/hide", #"{"sessionId":"{id}"}"#),
                ("ADVANCE", "250", nil),
                ("GET", "/sessions/{id}", nil),
            ],
            statuses: [200, 200, 200])
        // The clock starts at 1000 ms: the show at 1000, the hide 50 ms later, read 250 ms after that.
        let state = try #require(last.first).json
        #expect(state["lastEventTime"] as? Double == 1050 && state["time"] as? Double == 1300, "\(state)")
    }

    /// A form: fields, focus moves (the third past the last field, 400), a caret PATCH, and a replayed notification
    /// log, kept in the record as in memory.
    @Test func aFormAndANotificationLogThroughRedisAnswerAsInMemory() throws {
        let redis = try RedisProcess()
        let apps = Self.memoryAndRedis(redis)
        let fields = """
            [{"id":"name","rect":{"x":16,"y":100,"width":358,"height":44},"order":1},\
            {"id":"phone","rect":{"x":16,"y":700,"width":358,"height":44},"order":2},\
            {"id":"notes","rect":{"x":16,"y":1500,"width":358,"height":120},"order":3}]
            """
        let create = """
            {"timestamp":500,"scrollView":\(Phone.scrollView),"screen":\(Phone.screen),"fields":\(fields),\
            "focus":"name","scrollPosition":"middle"}
            """
        func note(_ name: String, _ time: Int, _ y: Int) -> String {
            #"{"name":"UIKeyboard\#(name)Notification","timestamp":\#(time),"userInfo":{"#
                + #""UIKeyboardFrameEndUserInfoKey":"{{0, \#(y)}, {390, 380}}","#
                + #""UIKeyboardAnimationDurationUserInfoKey":0.25}}"#
        }
        let log = [
            note("WillChangeFrame", 5000, 464), note("WillShow", 5000, 464), note("DidShow", 5400, 464),
            note("WillHide", 6000, 844),
        ].joined(separator: ",")
        let last = Self.expectTheSameAnswers(
            apps, create: create,
            [
                ("POST", "/keyboard/show", #"{"sessionId":"{id}","timestamp":1000,"keyboard":\#(Phone.keyboard)}"#),
                ("POST", "/sessions/{id}/focus", #"{"timestamp":1100,"field":"next"}"#),
                ("POST", "/sessions/{id}/focus", #"{"timestamp":1200,"field":"next"}"#),
                ("POST", "/sessions/{id}/focus", #"{"timestamp":1300,"field":"next"}"#),
                (
                    "PATCH", "/sessions/{id}",
                    #"{"timestamp":2000,"focusedRect":{"x":20,"y":1590,"width":2,"height":22}}"#
                ),
                ("POST", "/sessions/{id}/notifications", #"{"notifications":[\#(log)]}"#),
                ("GET", "/sessions/{id}?at=6100", nil),
            ],
            statuses: [200, 200, 200, 400, 200, 200, 200])
        let final = try #require(last.first).json
        #expect(final["focus"] as? String == "notes")
        #expect(final["keyboardState"] as? String == "hiding")
        let navigation = final["navigation"] as? [String: Any]
        #expect(navigation?["previous"] as? String == "phone")
        #expect(navigation?["next"] is NSNull)
    }
}
