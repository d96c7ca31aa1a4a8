import Foundation
import InsetCore
import Testing

@testable import InsetSchema

/// The console reader alone: prefixes, names, and text that is not a log at all.
@Suite struct ConsoleLogReaderTests {
    @Test(
        "NSLog prefixes, old and new, and what is not one",
        arguments: [
            ("2014-05-02 10:11:12.345 App[123:4567] x", 1_399_025_472_345_000),
            ("2023-10-01 12:34:56.789012+0200 My App[2210:88120] x", 1_696_156_496_789_012),
            ("1970-01-01 00:00:00 a[1:0x1f] x", 0),
            ("2014-05-02 10:11:12.345 App[123:4567]", 1_399_025_472_345_000),
        ] as [(String, Int)])
    func prefixes(line: String, time: Int) throws {
        let bytes = Array(line.utf8)
        let (content, printed) = try #require(NSLogPrefix.read(bytes, from: 0, to: bytes.count))
        #expect(printed == time)
        #expect(content == bytes.count || bytes[content] == UInt8(ascii: "x"))
    }

    @Test(arguments: [
        "2014-05-02 10:11:12.345 App x", "2014-13-02 10:11:12.345 App[1:2] x", "14-05-02 10:11:12 App[1:2] x",
        "2014-05-02 10:11:12.345 [1:2] x", "2014-05-02T10:11:12.345 App[1:2] x",
    ])
    func notPrefixes(line: String) {
        let bytes = Array(line.utf8)
        #expect(NSLogPrefix.read(bytes, from: 0, to: bytes.count) == nil)
    }

    @Test func namesAreFoundHoweverTheyArePrinted() {
        for (text, name) in [
            ("UIKeyboardWillShowNotification", "UIKeyboardWillShowNotification"),
            ("UIResponder.keyboardDidHideNotification", "UIKeyboardDidHideNotification"),
            (
                "NSNotification.Name(_rawValue: UIKeyboardWillChangeFrameNotification)",
                "UIKeyboardWillChangeFrameNotification"
            ),
            ("-[ChatViewController keyboardDidChangeFrame:]", "UIKeyboardDidChangeFrameNotification"),
            ("handleKeyboardWillHide", "UIKeyboardWillHideNotification"),
        ] {
            let bytes = Array(text.utf8)
            #expect(PrintedNotificationName.last(in: bytes, 0..<bytes.count)?.name.rawValue == name, "\(text)")
        }
        let none = Array("keyboardWillPop keyboard will show".utf8)
        #expect(PrintedNotificationName.last(in: none, 0..<none.count) == nil)
    }

    /// Brackets that never close, quotes that never end, nesting past the limit, and a few thousand random texts
    /// made of what logs are made of: read to the end, never a crash, every notification found inside its lines.
    @Test func anyTextIsReadToTheEnd() {
        let pieces = [
            "{", "}", "[", "]", "(", ")", "<", ">", "\"", "\\\"", ";", ",", ":", " = ", "\n", " ",
            "NSRect: {{0, 1}, {2, 3}}",
            "UIKeyboardFrameEndUserInfoKey", "AnyHashable(", "Optional(", "name = ", "NSConcreteNotification 0x1 ",
            "keyboardWillShow", "2014-05-02 10:11:12.345 App[1:2] ", "é", "\u{0}",
        ]
        // Seeded, so a failure repeats.
        var generator = SplitMix64(state: 29)
        var texts = [String(repeating: "{ a = ", count: 4000), String(repeating: "[", count: 8000)]
        texts.append(String(repeating: "{UIKeyboardFrameEndUserInfoKey = \"", count: 500))
        for _ in 0..<2000 {
            texts.append(
                (0..<Int.random(in: 0...60, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                    .joined())
        }
        for text in texts {
            let (log, _) = ConsoleLogReader.read(Array(text.utf8))
            for notification in log.notifications {
                #expect(notification.lines.lowerBound >= 1 && notification.lines.upperBound <= log.text.lines.count)
            }
        }
    }
}

extension ConsoleLogReaderTests {
    /// 64 KB of starts that each read far before failing stop at the reading budget, with an error where reading
    /// stopped, instead of reading the text thousands of times over (seconds, before the budget).
    @Test(arguments: ["{a = <", "[AnyHashable(\"a\"): ["])
    func tangledTextStopsAtTheBudget(piece: String) {
        let text = String(repeating: piece, count: 65_000 / piece.utf8.count)
        let (log, errors) = ConsoleLogReader.read(Array(text.utf8))
        #expect(log.notifications.isEmpty)
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("too deeply or too long") == true)
    }

    /// A paste of broken keyboard notifications reports the first few, not thousands (each error placed by a
    /// walk along its line).
    @Test func brokenNotificationsStopAtTheErrorLimit() {
        let text = String(repeating: "{UIKeyboardX = 1; ", count: 3600)
        let (_, errors) = ConsoleLogReader.read(Array(text.utf8))
        #expect(errors.count == ConsoleLogReader.maxErrors)
    }
}

extension ConsoleLogReaderTests {
    private static let willShow =
        #"2014-05-02 10:11:12.345 App[1:2] keyboardWillShow: {UIKeyboardFrameEndUserInfoKey = "{{0, 508}, {390, 336}}";}"#
    private static let willHide = """
        2014-05-02 10:11:13.000 App[1:2] keyboardWillHide: {
            UIKeyboardFrameEndUserInfoKey = "{{0, 844}, {390, 336}}";
        }
        """

    /// A UTF-8 byte-order mark before the first line hid its `NSLog` time (the first notification took the
    /// rule's time) and counted as a column: it is no part of the text.
    @Test func aByteOrderMarkHidesNoTimeAndTakesNoColumn() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let (log, errors) = ConsoleLogReader.read(bom + Array(Self.willShow.utf8))
        #expect(errors.isEmpty)
        #expect(log.notifications.map(\.printedTime) == [1_399_025_472_345_000])
        let broken = Array(#"{ UIKeyboardFrameEndUserInfoKey = "{{0, 5o8}, {390, 336}}" "#.utf8)
        let (_, plainErrors) = ConsoleLogReader.read(broken)
        let (_, markedErrors) = ConsoleLogReader.read(bom + broken)
        let plain = try #require(plainErrors.first?.location)
        #expect(markedErrors.first?.location == plain)
    }

    /// Lines ended by CR alone (classic Mac text) were one line: every notification took the first line's time
    /// and lines. A lone CR ends a line as LF and CR LF do.
    @Test(arguments: ["\n", "\r\n", "\r"])
    func everyLineEndSeparatesLines(end: String) {
        let text = [Self.willShow, Self.willHide, "done"].joined(separator: "\n")
            .replacingOccurrences(of: "\n", with: end)
        let (log, errors) = ConsoleLogReader.read(Array(text.utf8))
        #expect(errors.isEmpty)
        #expect(log.notifications.map(\.printedTime) == [1_399_025_472_345_000, 1_399_025_473_000_000])
        #expect(log.notifications.map(\.lines) == [1...1, 2...4])
        #expect(log.notifications.map(\.name) == [.willShow, .willHide])
        #expect(log.text.lines.count == 5)
        #expect(log.skippedLines == 1)
    }
}
