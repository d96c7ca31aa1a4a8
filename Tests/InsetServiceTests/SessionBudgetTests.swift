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
}
