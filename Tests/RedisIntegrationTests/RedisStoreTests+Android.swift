import Foundation
import InsetServiceTestSupport
import Testing

@testable import InsetService
@testable import InsetStores
@testable import RedisClient

/// Android sessions in Redis; part of `RedisStoreTests`, so that its ThreadSanitizer run covers them.
extension RedisStoreTests {
    /// An Android session's flow answers the same through Redis as in memory: its transition (the record's `"an"`,
    /// version 2) read back whole between events, a hide that interrupts a show and a show that interrupts the
    /// hide, the user's scroll, the session and its timeline.
    @Test func anAndroidSessionThroughRedisAnswersAsInMemory() throws {
        let redis = try RedisProcess()
        let clock = ManualClock()
        func app(_ store: SessionStoreLocation) -> InsetApplication {
            buildApplication(ServiceConfiguration(accessLog: false, clock: clock.clock, sessionStore: store))
        }
        let apps = [app(.memory), app(.redis(redis.endpoint()))]
        let create = """
            {"platform": "android", "timestamp": 0, "screen": {"width": 412, "height": 915},
             "systemBars": {"top": 24, "bottom": 48}, "windowSoftInputMode": "adjustPan",
             "insetsAnimationCallback": true, "caretRect": {"x": 40, "y": 712, "width": 2, "height": 20},
             "scrollView": {"frame": {"x": 0, "y": 80, "width": 412, "height": 787},
               "contentSize": {"width": 412, "height": 2000}},
             "focusedRect": {"x": 16, "y": 700, "width": 380, "height": 56}}
            """
        let ids = apps.map { $0.call("POST", "/sessions", json: create).json["id"] as? String ?? "" }
        let ime = #""keyboard":{"frameEnd":{"x":0,"y":515,"width":412,"height":400}}"#
        let requests = [
            ("POST", "/keyboard/show", #""timestamp":100,\#(ime)"#),
            ("POST", "/keyboard/hide", #""timestamp":200"#),
            ("POST", "/keyboard/show", #""timestamp":260,\#(ime)"#),
            ("PATCH", "", #""timestamp":900,"scrollView":{"contentOffset":{"x":0,"y":300}}"#),
            ("POST", "/keyboard/hide", #""timestamp":1000"#),
            ("GET", "", "1100"),
            ("GET", "/timeline", "1000"),
        ]
        for (method, path, members) in requests {
            let answers = zip(apps, ids).map { app, id in
                switch method {
                case "GET":
                    app.call("GET", "/sessions/\(id)\(path)", query: [(path.isEmpty ? "at" : "from", members)])
                case "PATCH": app.call("PATCH", "/sessions/\(id)", json: "{\(members)}")
                default: app.call("POST", path, json: #"{"sessionId":"\#(id)",\#(members)}"#)
                }
            }
            #expect(answers[0].status == 200, "\(method) \(path): \(answers[0].text)")
            #expect(answers[0].status == answers[1].status, "\(method) \(path) \(members)")
            #expect(answers[0].text == answers[1].text.replacingOccurrences(of: ids[1], with: ids[0]))
        }
        // What Redis keeps is an Android record, version 2, which a replica before Android refuses.
        let stored = try redis.connection().command(["GET", RedisSessionStore.keyPrefix + ids[1]])
        guard case .string(let record) = stored else {
            Issue.record("no record: \(stored)")
            return
        }
        #expect(String(decoding: record.prefix(7), as: UTF8.self) == #"{"v":2,"#)
    }
}
