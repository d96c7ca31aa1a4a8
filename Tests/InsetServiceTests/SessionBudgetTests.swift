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

/// The sessions in memory are bounded in bytes as well as in count: 10 000 sessions at the largest body added
/// 777 MB, and the default 100 000 would have taken 7.6 GB.
@Suite("Sessions: the byte budget")
struct SessionBudgetTests {
    @Test func aLargeSessionWeighsWhatItHolds() throws {
        let app = makeApp()
        let created = app.call("POST", "/sessions", json: bigForm(count: 256, idBytes: 200))
        #expect(created.status == 201)
        let bytes = try #require(metric(app, "inset_session_bytes"))
        // 256 ids of 200 bytes and their 256 fields at the least; not wildly more.
        #expect(bytes >= 256 * 200 + 256 * 40)
        #expect(bytes < 256 * 200 * 2)
        // A small session weighs a few hundred bytes to a few kilobytes.
        let small = makeApp()
        #expect(small.call("POST", "/sessions", json: Phone.sessionBody).status == 201)
        #expect((metric(small, "inset_session_bytes") ?? 0) < 4096)
    }

    @Test func creatingPastTheBudgetEvictsTheLeastRecentlyUsed() throws {
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

    @Test func aSessionThatGrowsPastTheBudgetMakesOlderOnesGo() throws {
        let big = bigForm(count: 256, idBytes: 200)
        // What the grown session and a small one weigh, measured apart: the budget holds the first and half the
        // second.
        let measuring = makeApp()
        _ = measuring.call("POST", "/sessions", json: Phone.sessionBody)
        let small = try #require(metric(measuring, "inset_session_bytes"))
        _ = measuring.call("POST", "/sessions", json: big)
        let grown = try #require(metric(measuring, "inset_session_bytes")) - small
        let budget = Int(grown + small / 2)
        let app = buildApplication(
            ServiceConfiguration(maxSessions: 1000, maxSessionBytes: budget, accessLog: false))
        let older = try #require(app.call("POST", "/sessions", json: Phone.sessionBody).json.string("id"))
        let growing = try #require(app.call("POST", "/sessions", json: Phone.sessionBody).json.string("id"))
        let fields = String(big[big.range(of: #""fields":"#)!.lowerBound...].dropLast())
        let patched = app.call("PATCH", "/sessions/\(growing)", json: "{\(fields)}")
        #expect(patched.status == 200, "\(patched.text)")
        #expect(app.call("GET", "/sessions/\(older)").status == 404)
        #expect(app.call("GET", "/sessions/\(growing)").status == 200)
        #expect((metric(app, "inset_session_bytes") ?? .infinity) <= Double(budget))
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

    /// The largest record a legal session makes stays far below the cap on a Redis reply, which the one record a
    /// reply holds must pass whole: 256 fields and 16 pinned views whose ids are 256 quotes (each written `\"`),
    /// every number as long as the writer prints one.
    @Test func theLargestRecordIsFarBelowTheRedisReplyCap() throws {
        let quotes = String(repeating: #"\""#, count: 248)
        let number = "-12345.678901234567"
        let rect = #"{"x":\#(number),"y":\#(number),"width":1234.5678901234567,"height":1234.5678901234567}"#
        let fields = (0..<256).map { #"{"id":"\#(quotes)\#(String($0).padded(8))","rect":\#(rect),"order":\#($0)}"# }
        let pinned = (0..<16).map { #"{"id":"\#(quotes)\#(String($0).padded(8))","frame":\#(rect)}"# }
        let body =
            #"{"scrollView":\#(Phone.scrollView),"screen":\#(Phone.screen),"fields":[\#(fields.joined(separator: ","))],"#
            + #""pinnedViews":[\#(pinned.joined(separator: ","))]}"#
        let app = buildApplication(ServiceConfiguration(maxBodyBytes: 1 << 20, accessLog: false))
        let created = app.call("POST", "/sessions", json: body)
        #expect(created.status == 201, "\(created.text.prefix(300))")
        let id = try #require(created.json.string("id"))
        for time in stride(from: 1000.0, through: 12_000, by: 1000) {
            let event = time.truncatingRemainder(dividingBy: 2000) == 0 ? "hide" : "show"
            let keyboard = event == "show" ? #","keyboard":\#(Phone.keyboard)"# : ""
            _ = app.call(
                "POST", "/keyboard/\(event)", json: #"{"sessionId":"\#(id)","timestamp":\#(time)\#(keyboard)}"#)
        }
        let session = try app.sessions.store.modify(id, now: 0) { $0 }
        #expect(session.scene.fields.count == 256 && session.scene.pinnedViews.count == 16)
        let record = SessionRecord.encode(session, revision: Int(Int32.max))
        #expect(record.count > 256 * 500, "\(record.count) bytes: not the largest")
        // What docs/reference.md's configuration and the cap's comment say of it.
        #expect(record.count < 200_000, "\(record.count) bytes")
        #expect(record.count * 4 < RedisSessionStore.maxReplyBytes, "\(record.count) bytes")
    }
}
