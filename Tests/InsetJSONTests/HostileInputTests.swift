import InsetJSON
import Testing

// Inputs built to crash, hang or exhaust a parser. Each must end in a clean error (or a correct value).

@Test(arguments: [100_000, 1_000_000])
func deepArrayNestingIsRefusedAtTheLimit(depth: Int) {
    let open = [UInt8](repeating: UInt8(ascii: "["), count: depth)
    let balanced = open + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
    for input in [open, balanced] {
        #expect(throws: JSONParseError(offset: 64, message: "nesting deeper than 64 levels")) {
            try JSONParser.parse(input)
        }
    }
}

@Test func deepObjectNestingIsRefusedAtTheLimit() {
    let input = Array(String(repeating: #"{"a":"#, count: 100_000).utf8)
    #expect(throws: JSONParseError(offset: 320, message: "nesting deeper than 64 levels")) {
        try JSONParser.parse(input)
    }
}

@Test func parserUsesNoRecursionEvenWithoutALimit() {
    // With the limit lifted, a million open brackets would overflow any recursive parser's stack.
    let open = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
    #expect(throws: JSONParseError(offset: 1_000_000, message: "unexpected end of input")) {
        try JSONParser.parse(open, maxDepth: .max)
    }
    let mixed = Array(String(repeating: #"[{"k":"#, count: 200_000).utf8) + [UInt8(ascii: "x")]
    #expect(throws: JSONParseError(offset: mixed.count - 1, message: "unexpected 'x'")) {
        try JSONParser.parse(mixed, maxDepth: .max)
    }
}

@Test func oneMegabyteStrings() throws {
    let plain = String(repeating: "abcdefgh", count: 131_072)
    #expect(try JSONParser.parse(Array("\"\(plain)\"".utf8)) == .string(plain))

    let unicode = String(repeating: "é😀\\n\\u00e9", count: 70_000)
    let expected = String(repeating: "é😀\né", count: 70_000)
    #expect(try JSONParser.parse(Array("[\"\(unicode)\"]".utf8)) == [.string(expected)])

    let unterminated = Array(("\"" + plain).utf8)
    #expect(throws: JSONParseError(offset: unterminated.count, message: "unterminated string")) {
        try JSONParser.parse(unterminated)
    }
    var corrupted = Array("\"\(plain)\"".utf8)
    corrupted[900_000] = 0xFF
    #expect(throws: JSONParseError(offset: 900_000, message: "invalid UTF-8")) { try JSONParser.parse(corrupted) }
}

@Test func hugeNumbers() throws {
    let manyDigits = "1." + String(repeating: "7", count: 1_000_000)
    #expect(try JSONParser.parse(Array(manyDigits.utf8)) == 1.7777777777777777)
    let tiny = "0." + String(repeating: "0", count: 1_000_000) + "1"
    #expect(try JSONParser.parse(Array(tiny.utf8)) == 0)
    let hugeExponent = "1e" + String(repeating: "9", count: 1_000_000)
    #expect(throws: JSONParseError(offset: 0, message: "number out of range")) {
        try JSONParser.parse(Array(hugeExponent.utf8))
    }
    let tinyExponent = "-1e-" + String(repeating: "9", count: 1_000_000)
    #expect(try JSONParser.parse(Array(tinyExponent.utf8)).isNegativeZero)
    let balanced = "1" + String(repeating: "0", count: 500) + "e-500"
    #expect(try JSONParser.parse(Array(balanced.utf8)) == 1)
}

@Test func objectWithManyKeysIsLinear() throws {
    // A quadratic duplicate check would take minutes here.
    let members = (0..<200_000).map { "\"key\($0)\":\($0)" }
    let object = try JSONParser.parse(Array(("{" + members.joined(separator: ",") + "}").utf8))
    guard case .object(let parsed) = object else {
        Issue.record("not an object")
        return
    }
    #expect(parsed.members.count == 200_000)
    #expect(parsed["key199999"] == 199_999)

    let withDuplicate = Array(("{" + members.joined(separator: ",") + ",\"key123456\":0}").utf8)
    guard case .failure(let error) = parse(withDuplicate) else {
        Issue.record("duplicate accepted")
        return
    }
    #expect(error.message == #"duplicate key "key123456""#)
}

@Test func wideArray() throws {
    let input = "[" + Array(repeating: "0", count: 500_000).joined(separator: ",") + "]"
    guard case .array(let elements) = try JSONParser.parse(Array(input.utf8)) else {
        Issue.record("not an array")
        return
    }
    #expect(elements.count == 500_000)
}

let truncationSamples = [
    #"{"scrollView":{"frame":{"x":0,"y":0,"width":390,"height":844}},"keyboard":{"animationDuration":0.25,"animationCurve":7}}"#,
    #"[null,true,false,-0.5e-3,1E+2,"a\"b\\c\/d\b\f\n\r\t\u00e9\uD83D\uDE00",{},[],{"":[{}]}]"#,
    "{\"é\":\"😀€\u{10FFFF}\",\"arr\" : [ 1 , 2.5 , \"x\" ] , \"n\":null}",
    #""just a string with \u0041 escapes\n""#,
]

@Test("every proper prefix of a valid document is rejected", arguments: truncationSamples)
func truncatedDocumentsAreRejected(_ document: String) {
    let bytes = Array(document.utf8)
    #expect((try? JSONParser.parse(bytes)) != nil)
    for length in 0..<bytes.count {
        guard case .failure(let error) = parseExactAllocation(Array(bytes[..<length])) else {
            Issue.record("prefix of \(length) bytes accepted")
            continue
        }
        #expect(error.offset <= length)
    }
}

@Test func randomBytesNeverCrash() {
    // Bytes weighted toward JSON punctuation so that the garbage gets deep into the grammar.
    let alphabet =
        Array(#"{}[]:,"\/ubfnrtu0123456789-+.eE truefalsenull"#.utf8) + [
            0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xFF,
        ]
    var random = SplitMix64(seed: 0xBAD_F00D)
    var accepted = 0
    for _ in 0..<20_000 {
        let length = Int.random(in: 0...40, using: &random)
        let input = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
        switch parseExactAllocation(input) {
        case .success: accepted += 1
        case .failure(let error): #expect(error.offset >= 0 && error.offset <= input.count)
        }
    }
    #expect(accepted < 20_000)
}
