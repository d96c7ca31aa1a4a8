import Foundation
import InsetService
import InsetServiceTestSupport
import Testing

@testable import InsetService

/// A form of `count` fields, each id `idBytes` long: the largest sessions a body can make.
private func bigForm(count: Int, idBytes: Int, tag: String = "f") -> String {
    let fields = (0..<count).map { index in
        let id = String(repeating: "x", count: idBytes - 8) + tag + String(index).padded(7)
        return #"{"id":"\#(id)","rect":{"x":16,"y":\#(index * 50),"width":358,"height":44}}"#
    }
    return
        #"{"scrollView":\#(Phone.scrollView),"screen":\#(Phone.screen),"fields":[\#(fields.joined(separator: ","))]}"#
}

extension String {
    fileprivate func padded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

private func metric(_ app: InsetApplication, _ name: String) -> Double? {
    let text = app.call("GET", "/metrics").text
    let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
    return line.flatMap { Double($0.split(separator: " ").last ?? "") }
}

/// What the routes answer of the byte budget of the sessions in memory (`--max-session-bytes`): evictions and
/// bytes on `/metrics`, and 413 `session-too-large`. The budget itself is `InsetStoresTests`' (`SessionBudgetTests`).
@Suite("Sessions: the byte budget, as answered")
struct SessionBudgetRouteTests {
    @Test func evictionsAndBytesAreReported() throws {
        let budget = 300_000
        let app = buildApplication(
            ServiceConfiguration(maxSessions: 1000, maxSessionBytes: budget, accessLog: false))
        var ids: [String] = []
        for index in 0..<12 {
            let created = app.call("POST", "/sessions", json: bigForm(count: 256, idBytes: 200, tag: "\(index % 10)"))
            #expect(created.status == 201)
            ids.append(try #require(created.json.string("id")))
        }
        let bytes = try #require(metric(app, "inset_session_bytes"))
        #expect(bytes <= Double(budget))
        let live = try #require(metric(app, "inset_sessions_live"))
        #expect(live >= 2 && live < 12)
        #expect(app.call("GET", "/sessions/\(ids[0])").status == 404)
        #expect(app.call("GET", "/sessions/\(ids[11])").status == 200)
        #expect(
            app.call("GET", "/metrics").text.contains("inset_sessions_evicted_total{reason=\"lru\"} \(12 - Int(live))"))
    }

    /// A session that alone holds more than the whole budget cannot be kept within it: its creation is refused
    /// (413 `session-too-large`), and nothing is stored or evicted for it. It used to be kept, the budget passed.
    @Test func aSessionLargerThanTheBudgetIsRefused() throws {
        let budget = 1 << 16
        let app = buildApplication(ServiceConfiguration(maxSessions: 1000, maxSessionBytes: budget, accessLog: false))
        let kept = try #require(app.call("POST", "/sessions", json: Phone.sessionBody).json.string("id"))
        let refused = app.call("POST", "/sessions", json: bigForm(count: 256, idBytes: 200))
        #expect(refused.status == 413, "\(refused.text.prefix(300))")
        #expect(refused.json.string("type") == "/problems/session-too-large", "\(refused.text.prefix(300))")
        #expect(refused.text.contains("--max-session-bytes"), "\(refused.text.prefix(300))")
        #expect(app.call("GET", "/sessions/\(kept)").status == 200)
        #expect((metric(app, "inset_session_bytes") ?? .infinity) <= Double(budget))
        #expect(metric(app, "inset_sessions_live") == 1)
    }

    /// A change that would make one session hold more than the whole budget is refused with the same problem,
    /// and the session, changed in place before it could be weighed, is dropped (a later request on it is a 404),
    /// so the budget holds; the other sessions stay.
    @Test func aSessionGrowingPastTheWholeBudgetIsDropped() throws {
        let budget = 1 << 16
        let app = buildApplication(ServiceConfiguration(maxSessions: 1000, maxSessionBytes: budget, accessLog: false))
        let other = try #require(app.call("POST", "/sessions", json: Phone.sessionBody).json.string("id"))
        let growing = try #require(app.call("POST", "/sessions", json: Phone.sessionBody).json.string("id"))
        let big = bigForm(count: 256, idBytes: 200)
        let fields = String(big[big.range(of: #""fields":"#)!.lowerBound...].dropLast())
        let patched = app.call("PATCH", "/sessions/\(growing)", json: "{\(fields)}")
        #expect(patched.status == 413, "\(patched.text)")
        #expect(patched.json.string("type") == "/problems/session-too-large", "\(patched.text)")
        #expect(app.call("GET", "/sessions/\(growing)").status == 404)
        #expect(app.call("GET", "/sessions/\(other)").status == 200)
        #expect((metric(app, "inset_session_bytes") ?? .infinity) <= Double(budget))
    }
}
