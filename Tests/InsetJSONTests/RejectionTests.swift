import InsetJSON
import Testing

/// One document the parser must reject, the words its message must contain, and (where it is
/// unambiguous) the byte offset it must name.
struct RejectCase: Sendable, CustomTestStringConvertible {
    let input: [UInt8]
    let message: String
    let offset: Int?

    init(_ text: String, _ message: String, at offset: Int? = nil) {
        self.input = Array(text.utf8)
        self.message = message
        self.offset = offset
    }

    init(bytes: [UInt8], _ message: String, at offset: Int? = nil) {
        self.input = bytes
        self.message = message
        self.offset = offset
    }

    var testDescription: String { render(input) + " → " + message }
}

/// `body` wrapped in quotes, as raw bytes: for strings holding bytes Swift literals cannot.
func quoted(_ body: [UInt8]) -> [UInt8] {
    [0x22] + body + [0x22]
}

let rejectCases: [RejectCase] = [
    // Empty and incomplete documents.
    RejectCase("", "unexpected end of input", at: 0),
    RejectCase(" \n\t ", "unexpected end of input", at: 4),
    RejectCase("[", "unexpected end of input", at: 1),
    RejectCase("{", "unexpected end of input", at: 1),
    RejectCase(#"{"a""#, "unexpected end of input", at: 4),
    RejectCase(#"{"a":"#, "unexpected end of input", at: 5),
    RejectCase("[1", "unexpected end of input", at: 2),
    RejectCase(#""abc"#, "unterminated string", at: 4),
    RejectCase(#""\"#, "unterminated string"),
    RejectCase(#""\u12"#, "unterminated string"),
    // Exactly one value.
    RejectCase("1 2", "unexpected data after the JSON value", at: 2),
    RejectCase("[1]]", "unexpected data after the JSON value", at: 3),
    RejectCase("{}{}", "unexpected data after the JSON value", at: 2),
    // Structure.
    RejectCase("[1,]", "trailing comma", at: 2),
    RejectCase(#"{"a":1,}"#, "trailing comma", at: 6),
    RejectCase("[1 2]", "expected ',' or ']'", at: 3),
    RejectCase(#"{"a":1 "b":2}"#, "expected ',' or '}'", at: 7),
    RejectCase(#"{"a" 1}"#, "expected ':'", at: 5),
    RejectCase("{1:2}", "expected a string key", at: 1),
    RejectCase("{'a':1}", "expected a string key", at: 1),
    RejectCase("[,1]", "unexpected ','", at: 1),
    RejectCase("{,}", "expected a string key", at: 1),
    RejectCase("]", "unexpected ']'", at: 0),
    RejectCase("}", "unexpected '}'", at: 0),
    RejectCase(":", "unexpected ':'", at: 0),
    RejectCase("'a'", "unexpected '''", at: 0),
    RejectCase("// comment\n1", "unexpected '/'", at: 0),
    RejectCase("/* comment */ 1", "unexpected '/'", at: 0),
    RejectCase("[1] // comment", "unexpected data after the JSON value", at: 4),
    // Whitespace is space, tab, LF and CR only; a byte-order mark is not whitespace either.
    RejectCase("\u{0B}1", "unexpected byte 0x0B", at: 0),
    RejectCase("\u{0C}1", "unexpected byte 0x0C", at: 0),
    RejectCase("\u{A0}1", "unexpected byte 0xC2", at: 0),
    RejectCase(bytes: [0xEF, 0xBB, 0xBF, 0x31], "unexpected byte 0xEF", at: 0),
    // Literals.
    RejectCase("tru", "unexpected end of input", at: 3),
    RejectCase("trux", "invalid literal", at: 0),
    RejectCase("nul", "unexpected end of input"),
    RejectCase("True", "unexpected 'T'", at: 0),
    RejectCase("NULL", "unexpected 'N'", at: 0),
    RejectCase("NaN", "unexpected 'N'", at: 0),
    RejectCase("nan", "invalid literal", at: 0),
    RejectCase("Infinity", "unexpected 'I'", at: 0),
    RejectCase("-Infinity", "invalid number: expected a digit", at: 1),
    RejectCase("truefalse", "unexpected data after the JSON value", at: 4),
    // Number grammar.
    RejectCase("01", "invalid number: leading zero", at: 0),
    RejectCase("-01", "invalid number: leading zero", at: 0),
    RejectCase("00", "invalid number: leading zero", at: 0),
    RejectCase("+1", "unexpected '+'", at: 0),
    RejectCase(".5", "unexpected '.'", at: 0),
    RejectCase("1.", "unexpected end of input in number", at: 2),
    RejectCase("1.e5", "invalid number: expected a digit after '.'", at: 2),
    RejectCase("[1.]", "invalid number: expected a digit after '.'", at: 3),
    RejectCase("1e", "unexpected end of input in number", at: 2),
    RejectCase("1e+", "unexpected end of input in number", at: 3),
    RejectCase("1ex", "invalid number: expected a digit in the exponent", at: 2),
    RejectCase("1e+-1", "invalid number: expected a digit in the exponent", at: 3),
    RejectCase("-", "unexpected end of input in number", at: 1),
    RejectCase("--1", "invalid number: expected a digit", at: 1),
    RejectCase("0x10", "unexpected data after the JSON value", at: 1),
    RejectCase("1_000", "unexpected data after the JSON value", at: 1),
    RejectCase("1e400", "number out of range", at: 0),
    RejectCase("-1e400", "number out of range", at: 0),
    RejectCase("[1.8e308]", "number out of range", at: 1),
    RejectCase("1" + String(repeating: "0", count: 400), "number out of range", at: 0),
    // Strings: control characters, escapes, surrogates.
    RejectCase("\"a\nb\"", "unescaped control character (byte 0x0A)", at: 2),
    RejectCase("\"\t\"", "unescaped control character (byte 0x09)", at: 1),
    RejectCase("\"\u{1F}\"", "unescaped control character", at: 1),
    RejectCase(#""\x""#, "invalid escape sequence", at: 1),
    RejectCase(#""\'""#, "invalid escape sequence", at: 1),
    RejectCase(#""\U0041""#, "invalid escape sequence", at: 1),
    RejectCase(#""\u12G4""#, #"invalid \u escape"#, at: 1),
    RejectCase(#""\u-123""#, #"invalid \u escape"#, at: 1),
    RejectCase(#""\uD800""#, #"unpaired surrogate \uD800"#, at: 1),
    RejectCase(#""\uDC00""#, #"unpaired surrogate \uDC00"#, at: 1),
    RejectCase(#""\uD800\u0041""#, "unpaired surrogate", at: 1),
    RejectCase(#""\uD800\uD800""#, "unpaired surrogate", at: 1),
    RejectCase(#""\uD800\n""#, "unpaired surrogate", at: 1),
    RejectCase(#""\uD800x""#, "unpaired surrogate", at: 1),
    // NUL: an error everywhere raw; only \u0000 may carry it.
    RejectCase("\u{0}", "unexpected byte 0x00", at: 0),
    RejectCase("[1,\u{0}2]", "unexpected byte 0x00", at: 3),
    RejectCase("1\u{0}", "unexpected data after the JSON value", at: 1),
    RejectCase("\"a\u{0}b\"", "unescaped control character (byte 0x00)", at: 2),
    RejectCase("{\"a\u{0}\":1}", "unescaped control character (byte 0x00)", at: 3),
    // Raw bytes must be well-formed UTF-8 (RFC 3629).
    RejectCase(bytes: quoted([0xC0, 0x80]), "invalid UTF-8", at: 1),
    RejectCase(bytes: quoted([0xC1, 0xBF]), "invalid UTF-8", at: 1),
    RejectCase(bytes: quoted([0xE0, 0x80, 0xAF]), "invalid UTF-8", at: 1),
    RejectCase(bytes: quoted([0xF0, 0x80, 0x80, 0xAF]), "invalid UTF-8", at: 1),
    RejectCase(bytes: quoted([0xED, 0xA0, 0x80]), "invalid UTF-8", at: 1),
    RejectCase(bytes: quoted([0xED, 0xBF, 0xBF]), "invalid UTF-8", at: 1),
    RejectCase(bytes: quoted([0xF4, 0x90, 0x80, 0x80]), "invalid UTF-8", at: 1),
    RejectCase(bytes: quoted([0xF5, 0x80, 0x80, 0x80]), "invalid UTF-8", at: 1),
    RejectCase(bytes: quoted([0xFF]), "invalid UTF-8", at: 1),
    RejectCase(bytes: quoted([0xFE]), "invalid UTF-8", at: 1),
    RejectCase(bytes: quoted([0x80]), "invalid UTF-8", at: 1),
    RejectCase(bytes: quoted([0x61, 0xBF, 0x62]), "invalid UTF-8", at: 2),
    RejectCase(bytes: quoted([0xC3]), "invalid UTF-8", at: 1),
    RejectCase(bytes: quoted([0xE2, 0x82]), "invalid UTF-8", at: 1),
    RejectCase(bytes: quoted([0xF0, 0x9F, 0x98]), "invalid UTF-8", at: 1),
    RejectCase(bytes: [0x22, 0xE2, 0x82], "unterminated string", at: 3),
    RejectCase(bytes: [0x22, 0x61, 0x22, 0xC3, 0xA9], "unexpected data after the JSON value", at: 3),
    // Duplicate keys are ambiguous (which one wins differs between readers), so they are refused.
    RejectCase(#"{"a":1,"a":2}"#, #"duplicate key "a""#, at: 7),
    RejectCase(#"{"a":1,"b":{"a":1},"a":2}"#, #"duplicate key "a""#, at: 19),
    RejectCase(#"{"\u0061":1,"a":2}"#, #"duplicate key "a""#, at: 12),
    RejectCase(#"{"x\n":1,"x\n":2}"#, #"duplicate key "x\n""#),
    RejectCase(
        "{" + (0..<40).map { "\"k\($0)\":\($0)," }.joined() + "\"k7\":0}", #"duplicate key "k7""#),
    RejectCase(
        "{\"" + String(repeating: "k", count: 100) + "\":1,\"" + String(repeating: "k", count: 100) + "\":2}",
        #"duplicate key "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk"…"#),
    // Nesting beyond the limit is refused where it starts.
    RejectCase(
        String(repeating: "[", count: 65) + String(repeating: "]", count: 65), "nesting deeper than 64 levels", at: 64),
    RejectCase(
        String(repeating: #"{"a":"#, count: 65) + "1" + String(repeating: "}", count: 65),
        "nesting deeper than 64 levels", at: 320),
]

@Test("rejects invalid text with a precise message", arguments: rejectCases)
func rejectsInvalidDocument(_ testCase: RejectCase) {
    switch parse(testCase.input) {
    case .success(let value):
        Issue.record("accepted as \(value)")
    case .failure(let error):
        #expect(error.message.contains(testCase.message), "message: \(error.message)")
        if let offset = testCase.offset {
            #expect(error.offset == offset, "message: \(error.message)")
        }
        #expect(error.offset >= 0 && error.offset <= testCase.input.count)
    }
}

@Test func errorMessagesNameNoInternalTypes() {
    for testCase in rejectCases {
        guard case .failure(let error) = parse(testCase.input) else { continue }
        for internalName in ["Parser", "JSONValue", "UInt8", "Swift", "Frame"] {
            #expect(!error.message.contains(internalName), "\(error.message)")
        }
        #expect(error.message.utf8.count < 120)
    }
}

@Test func errorDescriptionShowsMessageAndOffset() {
    #expect(JSONParseError(offset: 3, message: "trailing comma").description == "trailing comma at byte 3")
}

@Test func customDepthLimit() {
    #expect((try? JSONParser.parse(Array("[[1]]".utf8), maxDepth: 2)) == [[1]])
    #expect(throws: JSONParseError(offset: 2, message: "nesting deeper than 2 levels")) {
        try JSONParser.parse(Array("[[[1]]]".utf8), maxDepth: 2)
    }
    // Scalars need no depth at all; a negative limit behaves like zero.
    #expect((try? JSONParser.parse(Array("1".utf8), maxDepth: -5)) == 1)
    #expect(throws: JSONParseError(offset: 0, message: "nesting deeper than 0 levels")) {
        try JSONParser.parse(Array("[]".utf8), maxDepth: 0)
    }
}
