import Foundation
import InsetServiceTestSupport
import Testing

@testable import InsetService

/// The text body's refusals and options, and the tolerance JSON logs share with it.
@Suite("Console logs over HTTP: refusals, options, tolerance")
struct ConsoleLogRouteTests {
    private static let show = """
        2014-05-02 10:11:12.345 Notes[412:60b] keyboardWillShow: {
            UIKeyboardAnimationCurveUserInfoKey = 7;
            UIKeyboardAnimationDurationUserInfoKey = "0.25";
            UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 508}, {390, 336}}";
        }
        """

    private func session(_ app: InsetApplication, timestamp: Double = 0, width: Double = 390, height: Double = 844)
        throws -> String
    {
        let scene = LogScene(width: width, height: height)
        let created = app.call(
            "POST", "/sessions",
            json: scene.sessionBody.replacingOccurrences(of: #""timestamp":0"#, with: #""timestamp":\#(timestamp)"#))
        return try #require(created.json.string("id"))
    }

    private func post(
        _ app: InsetApplication, _ id: String, _ text: String, type: String = "text/plain",
        query: [(String, String?)] = []
    ) -> Answer {
        app.call("POST", "/sessions/\(id)/notifications", json: text, contentType: type, query: query)
    }

    private func errors(_ answer: Answer) -> [[String: Any]] { answer.json["errors"] as? [[String: Any]] ?? [] }

    @Test func aRectWithAStrayCharacterIsPlacedAtItsLineAndColumnAndChangesNothing() throws {
        let app = makeApp()
        let id = try session(app)
        let before = app.call("GET", "/sessions/\(id)", query: [("at", "9000")]).text
        let text =
            Self.show + "\n" + #"[AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 8x44}, {390, 336}}]"#
        let answer = post(app, id, text)
        #expect(answer.status == 400)
        let error = try #require(errors(answer).first)
        #expect(error.number("line") == 6)
        // `x` is the 62nd character of line 6.
        #expect(error.number("column") == 62)
        #expect(error["pointer"] == nil)
        #expect(
            answer.json.string("detail")?.hasPrefix(
                "line 6, column 62: UIKeyboardFrameEndUserInfoKey must be a CGRect string") == true)
        #expect(app.call("GET", "/sessions/\(id)", query: [("at", "9000")]).text == before)
    }

    @Test func errorsComeInTheOrderTheyStandInTheText() throws {
        let app = makeApp()
        let text = """
            {
                UIKeyboardAnimationDurationUserInfoKey = fast;
                UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 508}, {390, 3x36}}";
            }
            """
        let answer = post(app, try session(app), text)
        // The end frame is read first; the duration stands first.
        #expect(errors(answer).compactMap { $0.number("line") } == [2, 3])
        #expect(errors(answer).first?.string("message")?.hasPrefix("UIKeyboardAnimationDurationUserInfoKey") == true)
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let app = makeApp()
        let id = try session(app)
        let answer = post(app, id, #"é ⌨️ { UIKeyboardFrameEndUserInfoKey = "{{0, 5o8}, {390, 336}}"; }"#)
        #expect(answer.status == 400)
        // é (1), space, ⌨ and its variation selector (2), space, then the string: `o` is character 47.
        #expect(errors(answer).first?.number("column") == 47)
    }

    @Test(
        "Text without a keyboard notification is refused as such",
        arguments: [
            "", "\n\n", "Hello\n{ foo = bar; }\n[1, 2]\n",
            "NSConcreteNotification 0x1 {name = UIApplicationDidBecomeActiveNotification}",
        ])
    func noNotification(text: String) throws {
        let app = makeApp()
        let answer = post(app, try session(app), text)
        #expect(answer.status == 400)
        #expect(answer.json.string("type") == "/problems/no-notification")
    }

    @Test func aNotificationWhoseTextBreaksOffIsPlaced() throws {
        let app = makeApp()
        let broken = """
            {
                UIKeyboardAnimationCurveUserInfoKey = 7;
                UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 508}, {390, 336}};
            }
            """
        let answer = post(app, try session(app), broken)
        #expect(answer.status == 400, "\(answer.text)")
        #expect(errors(answer).first?.number("line") == 3)
    }

    @Test func moreThan256NotificationsAreRefusedAtTheFirstOneTooMany() throws {
        let app = makeApp()
        let line = #"[AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 508}, {390, 336}}]"#
        let answer = post(app, try session(app), Array(repeating: line, count: 257).joined(separator: "\n"))
        #expect(answer.status == 400)
        #expect(errors(answer).first?.number("line") == 257)
        let fits = post(app, try session(app), Array(repeating: line, count: 256).joined(separator: "\n"))
        #expect(fits.status == 200)
    }

    @Test func printedTimesThatGoBackAreRefused() throws {
        let app = makeApp()
        let earlier = Self.show.replacingOccurrences(of: "10:11:12.345", with: "10:11:11.000")
        let answer = post(app, try session(app), Self.show + "\n" + earlier)
        #expect(answer.status == 400)
        #expect(errors(answer).first?.number("line") == 6)
    }

    /// `?start=1e15` and a notification printed a second later moved the session's clock past 1e15 ms, the
    /// latest timestamp: the session then answered 409 to every timed event, for good. Refused as a JSON log's
    /// timestamp past 1e15 is, at the notification's line, and nothing changes.
    @Test func aTextLogPlacedPastTheLatestTimestampIsRefusedAndChangesNothing() throws {
        let app = makeApp()
        let id = try session(app)
        let later = Self.show.replacingOccurrences(of: "10:11:12.345", with: "10:11:13.345")
        let answer = post(app, id, Self.show + "\n" + later, query: [("start", "1e15")])
        #expect(answer.status == 400, "\(answer.text)")
        #expect(answer.json.string("type") == "/problems/validation-failed")
        let error = try #require(errors(answer).first)
        #expect(error.number("line") == 6)
        #expect(error["pointer"] == nil)
        #expect(error.string("message")?.contains("1e15") == true, "\(error)")
        // The clock did not move: a log at 1e15 itself still applies, and then nothing later than it.
        #expect(post(app, id, Self.show, query: [("start", "1e15")]).status == 200)
        #expect(post(app, id, later, query: [("start", "1e15")]).status == 200)
        #expect(post(app, id, Self.show + "\n" + later).status == 400)
    }

    /// The JSON log's counterpart: a timestamp past 1e15 is refused at its pointer, and so is an untimed
    /// notification the timing rule places there (a did-show 250 ms after a will-show at 1e15).
    @Test func aJSONLogPlacedPastTheLatestTimestampIsRefused() throws {
        let app = makeApp()
        let id = try session(app)
        let userInfo = #"{"UIKeyboardFrameEndUserInfoKey":"{{0, 508}, {390, 336}}"}"#
        let timed = """
            {"notifications":[{"name":"UIKeyboardWillShowNotification","userInfo":\(userInfo),"timestamp":1000000000000250}]}
            """
        let refused = post(app, id, timed, type: "application/json")
        #expect(refused.status == 400)
        #expect(errors(refused).first?.string("pointer") == "/notifications/0/timestamp")
        let ruled = """
            {"notifications":[{"name":"UIKeyboardWillShowNotification","userInfo":\(userInfo)},
              {"name":"UIKeyboardDidShowNotification","userInfo":\(userInfo)}],"start":1e15}
            """
        let answer = post(app, id, ruled, type: "application/json")
        #expect(answer.status == 400, "\(answer.text)")
        #expect(answer.json.string("type") == "/problems/validation-failed")
        #expect(errors(answer).first?.string("pointer") == "/notifications/1/timestamp")
        #expect(errors(answer).first?.string("message")?.contains("1e15") == true)
        #expect(post(app, id, Self.show, query: [("start", "1e15")]).status == 200)
    }

    @Test func theTextsOptionsComeFromTheQueryAndAJSONBodyRefusesThem() throws {
        let app = makeApp()
        let id = try session(app, timestamp: 500)
        let answer = post(app, id, Self.show, query: [("start", "2000")])
        #expect(answer.status == 200)
        let results = try #require(answer.json["results"] as? [[String: Any]])
        #expect(results.first?.number("timestamp") == 2000)
        // Before the session's last event: 409, as a JSON log's would be.
        #expect(post(app, try session(app, timestamp: 500), Self.show, query: [("start", "100")]).status == 409)
        #expect(post(app, id, Self.show, query: [("coordinates", "sideways")]).status == 400)
        #expect(post(app, id, Self.show, query: [("includeNonLocal", "yes")]).status == 400)
        let json = post(app, id, #"{"notifications":[]}"#, type: "application/json", query: [("start", "3000")])
        #expect(json.status == 400)
        #expect(json.json.string("type") == "/problems/invalid-query")
    }

    @Test func aTextBodyIsAnyCaseOfTextPlainAndOtherTypesNameBoth() throws {
        let app = makeApp()
        let id = try session(app)
        #expect(post(app, id, Self.show, type: "Text/Plain; charset=UTF-8").status == 200)
        let html = post(app, id, Self.show, type: "text/html")
        #expect(html.status == 415)
        #expect(html.json.string("detail")?.contains("application/json or text/plain") == true)
    }

    @Test func aJSONLogIgnoresKeysItDoesNotUseReadsQuotedNumbersAndNeedsNoTimes() throws {
        let app = makeApp()
        let id = try session(app)
        // Refused whole before: UIKeyboardFrameChangedByUserInteraction was an unknown key, "0.25" not a number,
        // the timestamps required, and the second notification's missing end frame a 400.
        let body = """
            {"notifications":[
              {"name":"UIKeyboardWillShowNotification","userInfo":{"UIKeyboardFrameEndUserInfoKey":"{{0, 508}, {390, 336}}",
                "UIKeyboardAnimationDurationUserInfoKey":"0.25","UIKeyboardAnimationCurveUserInfoKey":"7",
                "UIKeyboardIsLocalUserInfoKey":"1","UIKeyboardFrameChangedByUserInteraction":0,"UIKeyboardSomethingNew":{"a":1}}},
              {"name":"UIKeyboardWillChangeFrameNotification","userInfo":{"UIKeyboardFrameBeginUserInfoKey":"{{0, 508}, {390, 336}}"}}
            ],"start":1000}
            """
        let answer = post(app, id, body, type: "application/json")
        #expect(answer.status == 200, "\(answer.text)")
        let results = try #require(answer.json["results"] as? [[String: Any]])
        #expect(results.map { $0.string("outcome") } == ["applied", "ignored"])
        #expect(results.last?.string("reason") == "no-end-frame")
        let read = results[0].object("read")
        #expect(
            read["ignoredKeys"] as? [String] == ["UIKeyboardFrameChangedByUserInteraction", "UIKeyboardSomethingNew"])
        #expect(read.object("userInfo").number("animationDuration") == 0.25)
        #expect(read.object("userInfo")["isLocal"] as? Bool == true)
        #expect(read.string("timestamp") == "rule")
        #expect(results.map { $0.number("timestamp") } == [1000, 1250])
        // A used key whose value cannot be read still refuses the log.
        let bad = post(
            app, id,
            #"{"notifications":[{"name":"UIKeyboardWillShowNotification","userInfo":{"UIKeyboardAnimationDurationUserInfoKey":"quick"}}]}"#,
            type: "application/json")
        #expect(bad.status == 400)
        #expect(
            errors(bad).first?.string("pointer") == "/notifications/0/userInfo/UIKeyboardAnimationDurationUserInfoKey")
    }

    /// iOS 7 in landscape, on a 568 × 320 screen: the strip along the portrait screen's right side.
    private static let portraitStrip = """
        { UIKeyboardFrameEndUserInfoKey = "NSRect: {{158, 0}, {162, 568}}"; UIKeyboardAnimationDurationUserInfoKey = "0.25"; }
        """

    @Test(
        "Which coordinates a landscape log's frames are read in",
        arguments: [
            ("auto", "portrait", [0.0, 158, 568, 162]), ("portrait", "portrait", [0, 158, 568, 162]),
            ("screen", "screen", [158, 0, 162, 568]),
        ])
    func coordinates(mode: String, read: String, frame: [Double]) throws {
        let app = makeApp()
        let id = try session(app, width: 568, height: 320)
        let answer = post(app, id, Self.portraitStrip, query: [("coordinates", mode)])
        #expect(answer.status == 200)
        let result = try #require((answer.json["results"] as? [[String: Any]])?.first)
        #expect(result.at("read").string("coordinates") == read)
        let end = result.at("read", "userInfo", "frameEnd")
        #expect(["x", "y", "width", "height"].map { end.number($0) } == frame)
    }

    @Test func aPortraitSessionNeverConverts() throws {
        let app = makeApp()
        let answer = post(app, try session(app), Self.portraitStrip)
        let result = try #require((answer.json["results"] as? [[String: Any]])?.first)
        #expect(result.at("read").string("coordinates") == "screen")
    }
}
