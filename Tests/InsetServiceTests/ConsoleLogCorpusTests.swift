import Foundation
import InsetServiceTestSupport
import Testing

@testable import InsetService

/// A scene a corpus log was printed on: a scroll view filling the screen, its content 2000 pt tall.
struct LogScene: Sendable {
    var width: Double
    var height: Double
    var safeTop: Double = 0
    var safeBottom: Double = 0

    /// A 390 × 844 phone with a notch's safe areas.
    static let phone = LogScene(width: 390, height: 844, safeTop: 47, safeBottom: 34)
    /// A 320 × 568 phone of the iOS 7 years, in portrait and in landscape.
    static let phone568 = LogScene(width: 320, height: 568)
    static let phone568Landscape = LogScene(width: 568, height: 320)
    /// A 768 × 1024 iPad of the iOS 5 years.
    static let iPad = LogScene(width: 768, height: 1024, safeTop: 20)
    /// Fragments' screens, as their numbers show them: a 3.5-inch iPhone (320 × 480), a 4.7-inch one (375 × 667),
    /// a 414 × 896 one, all without a notch's safe areas as the fragments' years had none or the fragment says
    /// nothing of them, and an iPad in landscape (1024 × 768).
    static let phone480 = LogScene(width: 320, height: 480)
    static let phone667 = LogScene(width: 375, height: 667)
    static let phone896 = LogScene(width: 414, height: 896)
    static let iPadLandscape = LogScene(width: 1024, height: 768)

    var sessionBody: String {
        #"{"timestamp":0,"screen":{"width":\#(width),"height":\#(height)},"scrollView":{"frame":{"x":0,"y":0,"#
            + #""width":\#(width),"height":\#(height)},"safeAreaInsets":{"top":\#(safeTop),"left":0,"#
            + #""bottom":\#(safeBottom),"right":0},"contentSize":{"width":\#(width),"height":2000}}}"#
    }
}

/// One log of the corpus (`ConsoleLogs/<file>.txt` and its JSON form `<file>.json`) and what replaying it must do.
struct CorpusCase: Sendable, CustomTestStringConvertible {
    var file: String
    var scene: LogScene
    /// Each notification's `outcome` (`applied`, or `ignored:<reason>`, `jumped:<reason>`).
    var outcomes: [String]
    /// Each notification's printed form and where its name came from.
    var forms: [String]
    var names: [String]
    /// The bottom inset the log's numbers imply, at instants on the session's clock (read from the timeline).
    var insets: [(time: Double, bottom: Double)]
    /// Non-blank lines outside notifications.
    var skippedLines = 0
    /// Query arguments for the text form (the JSON form carries them itself).
    var query: [(String, String?)] = [("start", "1000")]
    /// For fragments: whether each notification's lines were read out of a comment.
    var commented: [Bool]?
    var testDescription: String { file }
}

let corpus: [CorpusCase] =
    [
        CorpusCase(
            // iOS 7: quoted durations, UIKeyboardFrameChangedByUserInteraction, the legacy keys; NSLog's times.
            file: "objc-userinfo-nslog", scene: .phone568, outcomes: ["applied", "applied"],
            forms: ["objc-userinfo", "objc-userinfo"], names: ["nearby", "nearby"],
            insets: [(1000, 0), (2000, 216), (2750, 216), (4000, 0)]),
        CorpusCase(
            // One line each, without `NSRect: `, without a name: will-change-frame, timed one after the other.
            file: "objc-userinfo-one-line", scene: .phone, outcomes: ["applied", "applied"],
            forms: ["objc-userinfo", "objc-userinfo"], names: ["assumed", "assumed"],
            insets: [(1000, 0), (3000, 346)]),
        CorpusCase(
            // `po notification` twice in lldb, then an NSLog'd Did with Xcode's newer prefix.
            file: "objc-notification-po", scene: .phone,
            outcomes: ["applied", "ignored:same-frame", "ignored:did-notification"],
            forms: ["objc-notification", "objc-notification", "objc-notification"],
            names: ["logged", "logged", "logged"],
            insets: [(1000, 0), (2000, 302)], skippedLines: 6),
        CorpusCase(
            // Swift's print on one line, on many, and copied from a string literal with its quotes escaped.
            file: "swift-print-userinfo", scene: .phone, outcomes: ["applied", "applied", "applied"],
            forms: ["swift-userinfo", "swift-userinfo", "swift-userinfo"], names: ["nearby", "nearby", "nearby"],
            insets: [(1000, 0), (4000, 0)]),
        CorpusCase(
            // Swift's print(notification), names as Swift spells them, and po's `▿` line.
            file: "swift-print-notification", scene: .phone,
            outcomes: ["applied", "applied", "ignored:did-notification", "applied"],
            forms: ["swift-notification", "swift-userinfo", "swift-userinfo", "swift-notification"],
            names: ["logged", "nearby", "nearby", "logged"], insets: [(1000, 0), (4000, 302)],
            skippedLines: 1),
        CorpusCase(
            // An app that observes only did-change-frame: each change lands at once.
            file: "did-change-frame-only", scene: .phone,
            outcomes: [
                "jumped:did-without-will", "jumped:did-without-will", "jumped:did-without-will",
                "jumped:did-without-will",
            ],
            forms: ["objc-userinfo", "objc-userinfo", "objc-userinfo", "objc-userinfo"],
            names: ["nearby", "nearby", "nearby", "nearby"],
            insets: [(1000, 302), (3777, 346), (10_326, 0), (14_798, 302)]),
        CorpusCase(
            // iOS 5 on an iPad: the split keyboard undocks with change-frames that carry only a begin frame.
            file: "ipad-split-undock", scene: .iPad,
            outcomes: ["applied", "ignored:no-end-frame", "ignored:did-notification"],
            forms: ["objc-userinfo", "objc-userinfo", "objc-userinfo"], names: ["nearby", "nearby", "nearby"],
            insets: [(2000, 264), (6000, 264)]),
        CorpusCase(
            // iOS 7 in landscape: the frame is a strip along the portrait screen's left side.
            file: "ios7-landscape", scene: .phone568Landscape, outcomes: ["applied"], forms: ["objc-userinfo"],
            names: ["nearby"], insets: [(1000, 0), (2000, 162)]),
        CorpusCase(
            // Xcode's console as it is: launch noise, a constraint dump, another notification, the password manager.
            file: "noisy-console", scene: .phone, outcomes: ["applied", "jumped:zero-duration-hide"],
            forms: ["objc-userinfo", "objc-userinfo"], names: ["nearby", "nearby"],
            insets: [(1000, 0), (1100.928, 0), (2000, 0)], skippedLines: 10),
        CorpusCase(
            // A third-party keyboard's three shows, then another app's keyboard (Slide Over) hiding.
            file: "third-party-keyboard", scene: .phone,
            outcomes: ["applied", "applied", "ignored:same-frame", "ignored:not-local"],
            forms: ["swift-userinfo", "swift-userinfo", "swift-userinfo", "swift-userinfo"],
            names: ["nearby", "nearby", "nearby", "nearby"], insets: [(1000, 0), (3000, 302)]),
    ] + fragmentCorpus

/// Fragments of a `userInfo` as people published them (`ConsoleLogs/fragment-*.txt`, each as its source printed it;
/// their JSON forms written by hand from the text): lines without braces or brackets, commented out or not, with
/// the author's notes between them and after them, and a key in a sentence. Sources, by name: a GitHub issue of
/// kgn/KGKeyboardChangeManager (#2); code comments in open-source iOS projects found by code search (FKEditing…,
/// Weibo_Swift, PhoneMeeting, qq_chatUI, a Weibo-clone tutorial's `/** … */` block copied into many, AISian,
/// xidian-rs/Ruisi_iOS, wobo, bughh's Weibo); bob910078/iOS_note's Markdown note; Chinese blog reposts (bubuko,
/// haomeiwen, javashuo's Traditional-Chinese copy, its curly closing quotes turned to `」`).
let fragmentCorpus: [CorpusCase] = [
    CorpusCase(
        // A sentence naming the will-hide, on a 3.5-inch iPhone: nothing shown, so nothing hides.
        file: "fragment-01-kgn-willhide", scene: .phone480, outcomes: ["ignored:already-hidden"],
        forms: ["sentence"], names: ["nearby"], insets: [(1000, 0)], commented: [false]),
    CorpusCase(
        // "Example of values:" and two commented lines: a hide's frames, on a screen where nothing is shown.
        file: "fragment-02-fkediting-didshow", scene: .phone480, outcomes: ["ignored:already-hidden"],
        forms: ["objc-userinfo-lines"], names: ["assumed"], insets: [(1000, 0)], skippedLines: 1,
        commented: [true]),
    CorpusCase(
        // Summaries, a commented print, a line of code and a note around one commented Swift line.
        file: "fragment-04-weibo-swift", scene: .phone667, outcomes: ["applied"], forms: ["swift-userinfo-lines"],
        names: ["assumed"], insets: [(1000, 0), (3000, 258)], skippedLines: 5, commented: [true]),
    CorpusCase(
        // An iPad in landscape, every line commented.
        file: "fragment-06-phonemeeting-ipad", scene: .iPadLandscape, outcomes: ["applied"],
        forms: ["objc-userinfo-lines"], names: ["assumed"], insets: [(1000, 0), (3000, 391)], commented: [true]),
    CorpusCase(
        // A hide's values under a header note, on a screen where nothing is shown.
        file: "fragment-07-qqchat-notiuserinfo", scene: .phone667, outcomes: ["ignored:already-hidden"],
        forms: ["objc-userinfo-lines"], names: ["assumed"], insets: [(1000, 0)], skippedLines: 1,
        commented: [true]),
    CorpusCase(
        // In a `/** … */` block, unquoted values ending in commas, a note before each line.
        file: "fragment-08-locatepicker-willchangeframe", scene: .phone568, outcomes: ["applied"],
        forms: ["objc-userinfo-lines"], names: ["assumed"], insets: [(1000, 0), (3000, 216)], skippedLines: 4,
        commented: [true]),
    CorpusCase(
        // Unquoted values ending in commas, the keys in hash order.
        file: "fragment-09-aisian-unquoted", scene: .phone568, outcomes: ["applied"],
        forms: ["objc-userinfo-lines"], names: ["assumed"], insets: [(1000, 0), (3000, 253)], commented: [true]),
    CorpusCase(
        // Swift's lines in a block comment, without `[` or `]`.
        file: "fragment-10-ruisi-swift", scene: .phone667, outcomes: ["applied"], forms: ["swift-userinfo-lines"],
        names: ["assumed"], insets: [(1000, 0), (3000, 258)], commented: [true]),
    CorpusCase(
        // A Markdown list with glosses after two spaces: no frame, so nothing to replay.
        file: "fragment-11-bob910078-iosnote", scene: .phone667, outcomes: ["ignored:no-end-frame"],
        forms: ["objc-userinfo-lines"], names: ["assumed"], insets: [(1000, 0)], commented: [false]),
    CorpusCase(
        // Show and hide values paired key by key, `AnyHashable` cut off: each repeated key starts the next
        // `userInfo`, so a show, a hide (250 ms later, by the timing rule), and two without an end frame; a centre
        // that never closes is skipped.
        file: "fragment-12-weibo-swift", scene: .phone896,
        outcomes: ["applied", "applied", "ignored:no-end-frame", "ignored:no-end-frame"],
        forms: ["swift-userinfo-lines", "swift-userinfo-lines", "swift-userinfo-lines", "swift-userinfo-lines"],
        names: ["assumed", "assumed", "assumed", "assumed"], insets: [(1000, 0), (5000, 0)],
        commented: [true, true, true, true]),
    CorpusCase(
        // One commented Swift line, `AnyHashable(` lost before its key.
        file: "fragment-13-bughh-weibo", scene: .phone896, outcomes: ["applied"], forms: ["swift-userinfo-lines"],
        names: ["assumed"], insets: [(1000, 0), (3000, 346)], commented: [true]),
    CorpusCase(
        // Plain lines as a blog printed them.
        file: "fragment-16-bubuko-huahuahu", scene: .phone667, outcomes: ["applied"],
        forms: ["objc-userinfo-lines"], names: ["assumed"], insets: [(1000, 0), (3000, 258)], commented: [false]),
    CorpusCase(
        // A show and a hide annotated line by line, curly closing quotes, notes glued after the semicolons.
        file: "fragment-17-haomeiwen-annotated", scene: .phone480, outcomes: ["applied", "applied"],
        forms: ["objc-userinfo-lines", "objc-userinfo-lines"], names: ["assumed", "assumed"],
        insets: [(1000, 0), (5000, 0)], skippedLines: 2, commented: [true, true]),
    CorpusCase(
        // The same in a block comment, its curly quotes turned to `」`: those lines are notes.
        file: "fragment-18-javashuo-traditional", scene: .phone480, outcomes: ["applied", "applied"],
        forms: ["objc-userinfo-lines", "objc-userinfo-lines"], names: ["assumed", "assumed"],
        insets: [(1000, 0), (5000, 0)], skippedLines: 3, commented: [true, true]),
]

@Suite("Console logs as printed, as text and as JSON")
struct ConsoleLogCorpusTests {
    static func load(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "ConsoleLogs"))
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Replays `body` on a fresh session of `scene`.
    static func replay(
        _ body: String, contentType: String, scene: LogScene, query: [(String, String?)] = []
    ) throws -> Answer {
        let app = makeApp()
        let created = app.call("POST", "/sessions", json: scene.sessionBody)
        let id = try #require(created.json.string("id"), "\(created.text)")
        return app.call("POST", "/sessions/\(id)/notifications", json: body, contentType: contentType, query: query)
    }

    /// The bottom inset the timeline drew at `time` (the sample at or just after it).
    static func bottomInset(_ answer: Answer, at time: Double) throws -> Double {
        let timeline = answer.json.object("timeline")
        let times = try #require(timeline["times"] as? [Double])
        let lanes = try #require(timeline["values"] as? [[String: Any]])
        let lane = try #require(lanes.first { $0.string("name") == "contentInset.bottom" })
        let values = try #require(lane["presentation"] as? [Double])
        guard let index = times.firstIndex(where: { $0 >= time - 1e-9 }) else {
            return try #require(answer.json.object("session").at("target", "contentInset").number("bottom"))
        }
        return values[index]
    }

    /// A JSON object's text with its keys sorted, to compare two answers' members.
    static func canonical(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    static func outcomes(_ answer: Answer) -> [String] {
        results(answer).map { ($0.string("outcome") ?? "?") + (($0["reason"] as? String).map { ":" + $0 } ?? "") }
    }

    static func results(_ answer: Answer) -> [[String: Any]] { answer.json["results"] as? [[String: Any]] ?? [] }

    @Test("Each log replays to the insets its numbers imply, as text and as JSON", arguments: corpus)
    func replaysAsTextAndAsJSON(_ testCase: CorpusCase) throws {
        let text = try Self.replay(
            Self.load(testCase.file + ".txt"), contentType: "text/plain; charset=utf-8", scene: testCase.scene,
            query: testCase.query)
        let json = try Self.replay(
            Self.load(testCase.file + ".json"), contentType: "application/json", scene: testCase.scene)
        #expect(text.status == 200, "\(text.text)")
        #expect(json.status == 200, "\(json.text)")
        #expect(Self.outcomes(text) == testCase.outcomes)
        #expect(Self.outcomes(json) == testCase.outcomes)
        #expect(text.json.string("format") == "text")
        #expect(json.json.string("format") == "json")
        #expect(text.json.number("skippedLines") == Double(testCase.skippedLines))
        let reads = Self.results(text).map { $0.object("read") }
        #expect(reads.compactMap { $0.string("form") } == testCase.forms)
        #expect(reads.compactMap { $0.string("name") } == testCase.names)
        if let commented = testCase.commented {
            #expect(reads.map { $0["commentsStripped"] as? Bool ?? false } == commented)
        }
        // The text is read into exactly what its JSON form says: names, instants, values, ignored keys.
        for (fromText, fromJSON) in zip(Self.results(text), Self.results(json)) {
            #expect(fromText.string("name") == fromJSON.string("name"))
            #expect(fromText.number("timestamp") == fromJSON.number("timestamp"))
            let textRead = fromText.object("read")
            let jsonRead = fromJSON.object("read")
            #expect(try Self.canonical(textRead.object("userInfo")) == Self.canonical(jsonRead.object("userInfo")))
            #expect(textRead["ignoredKeys"] as? [String] == jsonRead["ignoredKeys"] as? [String])
            #expect(textRead.string("coordinates") == jsonRead.string("coordinates"))
            #expect(textRead.string("timestamp") == jsonRead.string("timestamp"))
        }
        for (time, bottom) in testCase.insets {
            #expect(try abs(Self.bottomInset(text, at: time) - bottom) < 0.01, "text at \(time) ms")
            #expect(try abs(Self.bottomInset(json, at: time) - bottom) < 0.01, "JSON at \(time) ms")
        }
    }
}

extension ConsoleLogCorpusTests {
    /// Published fragments that cannot be replayed, refused as the service says why: a value the replay reads
    /// that never closes its quote (a note glued after it, or the value split over two lines), at the line and
    /// column where it breaks; prose whose keys stand on lines that name no notification (one of them says there
    /// was no will-show), as no notification at all.
    @Test(
        arguments: [
            ("fragment-03-kayboardshow-chinese", 2, 79), ("fragment-05-gpmessage-willchangeframe", 3, 70),
            ("fragment-14-mattermost-triage", nil, nil), ("fragment-15-mattermost-triage", nil, nil),
        ] as [(String, Int?, Int?)])
    func unreadableFragmentsAreRefusedWhereTheyBreak(file: String, line: Int?, column: Int?) throws {
        let answer = try Self.replay(
            Self.load(file + ".txt"), contentType: "text/plain; charset=utf-8", scene: .phone667,
            query: [("start", "1000")])
        #expect(answer.status == 400)
        if let line, let column {
            #expect(answer.json.string("type") == "/problems/validation-failed", "\(answer.text)")
            let errors = answer.json["errors"] as? [[String: Any]] ?? []
            #expect(errors.map { $0.number("line") } == [Double(line)])
            #expect(errors.map { $0.number("column") } == [Double(column)])
            #expect(errors.first?.string("message")?.contains("expected the closing quote") == true)
        } else {
            #expect(answer.json.string("type") == "/problems/no-notification", "\(answer.text)")
        }
    }
}
