import InsetJSON
import Testing

/// One document the parser must accept, with the value it must produce.
struct AcceptCase: Sendable, CustomTestStringConvertible {
    let input: [UInt8]
    let expected: JSONValue

    init(_ text: String, _ expected: JSONValue) {
        self.input = Array(text.utf8)
        self.expected = expected
    }

    init(bytes: [UInt8], _ expected: JSONValue) {
        self.input = bytes
        self.expected = expected
    }

    var testDescription: String { render(input) }
}

let acceptCases: [AcceptCase] = [
    // Literals and scalars at top level (RFC 8259 allows any value there).
    AcceptCase("null", .null),
    AcceptCase("true", true),
    AcceptCase("false", false),
    AcceptCase("0", 0),
    AcceptCase("-0", .number(-0.0)),
    AcceptCase("-0.0", .number(-0.0)),
    AcceptCase("7", 7),
    AcceptCase("-1", -1),
    AcceptCase("390", 390),
    AcceptCase("1.5", 1.5),
    AcceptCase("0.1", 0.1),
    AcceptCase("-1.5e3", -1500),
    AcceptCase("1E2", 100),
    AcceptCase("1e+2", 100),
    AcceptCase("1e-2", 0.01),
    AcceptCase("0e0", 0),
    AcceptCase("0.000123", 0.000123),
    AcceptCase("123456789", 123_456_789),
    // Correct rounding on the slow path, and the edges of the Double range.
    AcceptCase("9007199254740993", 9_007_199_254_740_992),
    AcceptCase("123456789012345678901234567890", 1.2345678901234568e29),
    AcceptCase("0.30000000000000004441", 0.30000000000000004),
    AcceptCase("1.7976931348623157e308", .number(.greatestFiniteMagnitude)),
    AcceptCase("2.4703282292062328e-324", .number(.leastNonzeroMagnitude)),
    AcceptCase("1e-400", 0),
    AcceptCase("1e22", 1e22),
    AcceptCase("0.1e1", 1),
    AcceptCase("100e-2", 1),
    AcceptCase("123.456e-789", 0),
    // The largest subnormal and the smallest normal, which once sent parsers into endless loops.
    AcceptCase("2.2250738585072011e-308", .number(Double.leastNormalMagnitude.nextDown)),
    AcceptCase("2.2250738585072012e-308", .number(.leastNormalMagnitude)),
    AcceptCase("1e23", 1e23),
    // Strings.
    AcceptCase(#""""#, ""),
    AcceptCase(#""abc""#, "abc"),
    AcceptCase(#""NaN""#, "NaN"),
    AcceptCase(#""\u0000""#, "\u{0}"),
    AcceptCase(#""\" \\ \/ \b \f \n \r \t""#, "\" \\ / \u{8} \u{C} \n \r \t"),
    AcceptCase(#""\u00e9\u00E9""#, "éé"),
    AcceptCase(#""\uD83D\uDE00""#, "😀"),
    AcceptCase(#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
    AcceptCase("\"é😀\u{10FFFF}\u{7F}\"", "é😀\u{10FFFF}\u{7F}"),
    AcceptCase(bytes: [0x22, 0xE2, 0x82, 0xAC, 0x22], "€"),
    AcceptCase(bytes: [0x22, 0xEF, 0xBF, 0xBF, 0x22], "\u{FFFF}"),
    // Containers and whitespace.
    AcceptCase("[]", []),
    AcceptCase("{}", .object(JSONObject())),
    AcceptCase("[1,[2,[3]]]", [1, [2, [3]]]),
    AcceptCase(#"{"a":{"b":[]}}"#, ["a": ["b": []]]),
    AcceptCase(" \t\r\n[ 1 , 2 ]\n\t \r", [1, 2]),
    AcceptCase(#"{ "a" : 1 , "b" : [ true , null ] }"#, ["a": 1, "b": [true, .null]]),
    AcceptCase("[1e1,0.5e-1,-0]", [10, 0.05, 0]),
    // Keys that are only canonically equivalent are different JSON keys, not duplicates.
    AcceptCase("{\"\\u00e9\":1,\"e\\u0301\":2}", ["é": 1, "e\u{301}": 2]),
    AcceptCase(#"{"":0}"#, ["": 0]),
    // Nesting exactly at the default limit.
    AcceptCase(String(repeating: "[", count: 64) + String(repeating: "]", count: 64), nested(64)),
]

/// `depth` arrays, each holding the next; the innermost is empty.
func nested(_ depth: Int) -> JSONValue {
    var value: JSONValue = []
    for _ in 1..<depth { value = [value] }
    return value
}

@Test("accepts valid RFC 8259 text", arguments: acceptCases)
func acceptsValidDocument(_ testCase: AcceptCase) throws {
    let value = try JSONParser.parse(testCase.input)
    #expect(value == testCase.expected)
    #expect(value.isNegativeZero == testCase.expected.isNegativeZero)
}

@Test func objectKeepsDocumentOrder() throws {
    let value = try JSONParser.parse(Array(#"{"b":1,"a":2,"c":3}"#.utf8))
    guard case .object(let object) = value else {
        Issue.record("not an object")
        return
    }
    #expect(object.keys == ["b", "a", "c"])
    #expect(object["a"] == 2)
}

@Test func rawBufferEntryPointMatchesArrayEntryPoint() throws {
    let bytes = Array(#"{"x":[1,"two",null]}"#.utf8)
    let fromBuffer = try bytes.withUnsafeBytes { raw throws(JSONParseError) in try JSONParser.parse(raw) }
    #expect(fromBuffer == (try JSONParser.parse(bytes)))
    let empty = UnsafeRawBufferPointer(start: nil, count: 0)
    #expect(throws: JSONParseError(offset: 0, message: "unexpected end of input")) { try JSONParser.parse(empty) }
}
