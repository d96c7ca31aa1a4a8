import InsetCore
import InsetJSON
import Testing

@testable import InsetSchema

/// A body spelled as most clients write it is read as literal runs between numbers (`FastDecoder+Spelled.swift`,
/// `JSONCursor.consume(spelled:)`, `spelledNumber`, `spelledMember`). Whatever the fast decoder accepts, spelled or
/// not, must decode exactly as the general decoder decodes it; these bodies change the usual one a byte or a value
/// at a time where the spelled reads decide.
@Suite("Spelled bodies")
struct SpelledBodyTests {
    /// The usual show, with every geometry shape the spelled reads know.
    static let show = """
        {"scrollView": {"frame": {"x": 0, "y": 0, "width": 390, "height": 844}, \
        "safeAreaInsets": {"top": 47, "left": 0, "bottom": 34, "right": 0}, \
        "contentSize": {"width": 390, "height": 2000}, "contentOffset": {"x": 0, "y": 12.5}}, \
        "screen": {"width": 390, "height": 844}, \
        "keyboard": {"frameEnd": {"x": 0, "y": 508, "width": 390, "height": 336}, \
        "animationDuration": 0.25, "animationCurve": 7}, \
        "focusedRect": {"x": 16, "y": 700, "width": 358, "height": 44}}
        """

    /// A session's event, as `bench/instructions-exact`'s cycle sends it.
    static let event = """
        {"sessionId": "CbuU4KaY_tIrhsQGEICoPi", "timestamp": 1000, \
        "keyboard": {"frameEnd": {"x": 0, "y": 508, "width": 390, "height": 336}, \
        "animationDuration": 0.25, "animationCurve": 7}}
        """

    /// Numbers the spelled reads take, refuse, or must leave to the general reads: signs, zeros, fractions,
    /// exponents, too many digits, the ranges' edges.
    static let numbers = [
        "0", "-0", "-0.0", "0.0", "7", "-7", "16", "0.25", "12.5", "-12.5", "1000000", "1000001", "-1000000",
        "-1000001", "1000000.0000001", "999999.9999999", "9999999", "-9999999", "12345678", "0.12345678",
        "1234567.1234567", "1e3", "1E3", "1.5e2", "-1e0", "01", "-01", "00", "1.", ".5", "-", "1.2.3", "1-",
        "0x10", "15", "15.5", "10", "10.000001", "1e15", "\"1\"", "null", "true",
    ]

    /// What may come where a number stood in the usual body.
    static let places = [
        "\"x\": 0, ", "\"y\": 0, ", "\"width\": 390, ", "\"height\": 844}", "\"top\": 47", "\"left\": 0",
        "\"bottom\": 34", "\"right\": 0}", "\"width\": 390, \"height\": 2000", "\"x\": 0, \"y\": 12.5",
        "\"y\": 508", "\"height\": 336", "\"animationDuration\": 0.25", "\"animationCurve\": 7",
        "\"x\": 16", "\"height\": 44}}",
    ]

    static func slow(_ text: String, _ kind: RequestBody.Kind) -> RequestBody? {
        guard let value = try? JSONParser.parse(Array(text.utf8)) else { return nil }
        return try? GeneralDecoder.decode(value, kind: kind)
    }

    static func fast(_ text: String, _ kind: RequestBody.Kind) -> RequestBody? {
        var request = RequestBody()
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { FastDecoder.decode($0, kind: kind, into: &request) } ? request : nil
    }

    /// Whatever the fast decoder accepts is the general decoder's value, told apart by description (-0 from 0).
    static func agree(_ text: String, _ kind: RequestBody.Kind = .show) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBufferPointer({ FastPathAgreement.holds(for: $0) }) else { return false }
        guard let fast = fast(text, kind) else { return true }
        return String(describing: Optional(fast)) == String(describing: slow(text, kind))
    }

    @Test func theUsualBodiesTakeTheFastPathAndAgree() {
        #expect(Self.fast(Self.show, .show) != nil)
        #expect(Self.fast(Self.event, .show) != nil)
        #expect(Self.agree(Self.show))
        #expect(Self.agree(Self.event))
        let fast = Self.fast(Self.show, .show)
        #expect(fast?.event.scene.values.focusedRect == Rect(x: 16, y: 700, width: 358, height: 44))
        #expect(fast?.event.scene.values.scrollView.contentOffset == Point(x: 0, y: 12.5))
    }

    /// Each number in each place: accepted only as the general decoder decodes it.
    @Test(arguments: places)
    func everyNumberInEveryPlaceAgrees(place: String) {
        let name = place.prefix { $0 != ":" }
        let rest = place.drop { $0 != "," && $0 != "}" }
        for number in Self.numbers {
            let text = Self.show.replacingOccurrences(place, with: "\(name): \(number)\(rest)")
            #expect(Self.agree(text), "\(text)")
        }
    }

    /// Negative zero is read as zero, and a plain number in range is read in place.
    @Test func negativeZeroIsZeroAndPlainNumbersAreRead() {
        let text = Self.show.replacingOccurrences("\"x\": 16", with: "\"x\": -0")
        let fast = Self.fast(text, .show)
        #expect(fast != nil)
        #expect(fast?.event.scene.values.focusedRect?.x.sign == .plus)
        #expect(Self.agree(text))
        let fraction = Self.show.replacingOccurrences("\"y\": 508", with: "\"y\": -12.5")
        #expect(Self.fast(fraction, .show)?.event.keyboard.frameEnd?.y == -12.5)
    }

    /// Other spacing, other orders, other bytes between the values: read the general way or left to it.
    @Test func otherSpellingsAgree() {
        let changes = [
            (", \"y\"", ",\"y\""), (", \"y\"", " , \"y\""), (", \"y\"", ",\n\"y\""), ("\"y\": ", "\"y\" : "),
            ("\"y\": ", "\"y\":  "), ("\"y\": ", "\"y\":\t"), ("\"y\": ", "\"y\":"), ("{\"x\"", "{ \"x\""),
            ("844}", "844 }"), ("844}", "844\n}"), (": ", ":"), (", ", ","),
            ("\"x\": 0, \"y\": 0", "\"y\": 0, \"x\": 0"),
            ("\"width\": 390, \"height\": 844}", "\"height\": 844, \"width\": 390}"),
            ("\"top\": 47, \"left\": 0", "\"left\": 0, \"top\": 47"), ("\"x\": 16", "\"x\": 16, \"x\": 16"),
            ("\"x\": 16, ", ""), ("\"scrollView\": ", "\"scrollView\":"), ("{\"scrollView\"", "{ \"scrollView\""),
            ("\"screen\"", "\"screen\" "),
            (
                "\"keyboard\": {",
                "\"keyboard\": {\"frameBegin\": {\"x\": 0, \"y\": 844, \"width\": 390, \"height\": 336}, "
            ),
            ("{\"scrollView\"", "{\"sessionId\": \"a\", \"scrollView\""), ("\"x\"", "\"\\u0078\""),
            ("\"animationCurve\": 7", "\"animationCurve\": 7.5"), ("\"x\": 16", "\"x\": 16, \"z\": 1"),
        ]
        for (old, new) in changes {
            let text = Self.show.replacingOccurrences(old, with: new)
            #expect(Self.agree(text), "\(text)")
            let event = Self.event.replacingOccurrences(old, with: new)
            #expect(Self.agree(event), "\(event)")
        }
    }

    /// A session id of 22 plain bytes is held inline, any other in a string, by both decoders alike: the same id
    /// escaped or not, one byte short or long, or with a byte JSON escapes.
    @Test func sessionIdsAreInlineExactlyWhen22PlainBytes() {
        let ids = [
            ("CbuU4KaY_tIrhsQGEICoPi", true), ("CbuU4KaY_tIrhsQGEICoP", false), ("CbuU4KaY_tIrhsQGEICoPiA", false),
            (#"\u0043buU4KaY_tIrhsQGEICoPi"#, true), (#"\u00e9uU4KaY_tIrhsQGEICoP"#, false),
            ("CbuU4KaY tIrhsQGEICoPi", true), (#"CbuU4KaY\\IrhsQGEICoPi"#, false), (#"CbuU4KaY\"IrhsQGEICoPi"#, false),
        ]
        for (id, inline) in ids {
            let text = Self.event.replacingOccurrences("CbuU4KaY_tIrhsQGEICoPi", with: id)
            let fast = Self.fast(text, .show)
            #expect(fast != nil, "\(text)")
            #expect(fast == Self.slow(text, .show), "\(text)")
            #expect((fast?.inlineSessionId != nil) == inline, "\(text)")
            #expect((fast?.otherSessionId != nil) == !inline, "\(text)")
            #expect(fast?.sessionId == Self.slow(text, .show)?.sessionId, "\(text)")
        }
    }

    /// A body cut anywhere, or with a byte after it: words read past the end are zeros, which end no token.
    @Test func cutOrExtendedBodiesAgree() {
        for body in [Self.show, Self.event] {
            let bytes = Array(body.utf8)
            for count in 0..<bytes.count {
                let text = String(decoding: bytes[..<count], as: UTF8.self)
                #expect(Self.fast(text, .show) == nil, "\(text)")
                #expect(Self.agree(text), "\(text)")
            }
            for tail in [" ", "}", "x", "\u{0}", ",", "0", "\n"] {
                #expect(Self.agree(body + tail), "\(body + tail)")
            }
        }
    }
}

extension String {
    /// This string with each `target` replaced by `replacement` (no Foundation in these tests).
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
