import InsetJSON
import Testing

/// The writer's output as text, for readable expectations.
func text(_ writer: borrowing JSONWriter) -> String {
    String(decoding: writer.bytes, as: UTF8.self)
}

func written(_ write: (inout JSONWriter) -> Void) -> String {
    var writer = JSONWriter()
    write(&writer)
    return text(writer)
}

@Test(
    "numbers use the shortest round-trip form",
    arguments: [
        (390.0, "390"),
        (0.1, "0.1"),
        (-0.0, "0"),
        (0.0, "0"),
        (-1.0, "-1"),
        (0.25, "0.25"),
        (-2.5, "-2.5"),
        (1e21, "1e+21"),
        (1e-5, "1e-05"),
        (1e-7, "1e-07"),
        (.leastNonzeroMagnitude, "5e-324"),
        (123_456_789.0, "123456789"),
        (9_007_199_254_740_991.0, "9007199254740991"),
        (-9_007_199_254_740_991.0, "-9007199254740991"),
        (9_007_199_254_740_992.0, "9007199254740992.0"),
        (1e16, "1e+16"),
        (1.7976931348623157e308, "1.7976931348623157e+308"),
        (-1.5e300, "-1.5e+300"),
        (0.30000000000000004, "0.30000000000000004"),
        (.nan, "null"),
        (.infinity, "null"),
        (-.infinity, "null"),
    ])
func numberFormatting(_ value: Double, _ expected: String) throws {
    let output = written { $0.number(value) }
    #expect(output == expected)
    // Whatever the form, it must be JSON that reads back as the same Double.
    if value.isFinite {
        #expect(try JSONParser.parse(Array(output.utf8)) == .number(value))
    }
}

/// Fractions are written by the writer's own thousandths path or by `description`; either way the text must be
/// exactly `description`'s (shortest round-trip), for values on and off a thousandths grid and at its edges.
@Test func fractionsMatchDescription() {
    var generator = SystemRandomNumberGenerator()
    var values: [Double] = [
        0.001, -0.001, 0.0005, 0.0015, 0.999, 999_999_999_999.5, 1e12 - 0.25, 1e12 + 0.5, 0.1 + 0.2,
        0.25, -0.25, 0.1, 0.01, 0.011, 0.101, 0.11, 999.999, -999.001, 1000.5, -1000.25, 123_456.789, 2.5005, -0.0025,
    ]
    for _ in 0..<20_000 {
        let thousandths = Double(Int.random(in: -2_000_000_000_000_000...2_000_000_000_000_000, using: &generator))
        values.append(thousandths / 1000)
        values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 8)
        values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 1000 + 1e-9)
        values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)))
        values.append(Double.random(in: -1e13...1e13, using: &generator))
    }
    var mismatches: [String] = []
    for value in values where value.isFinite && value.rounded() != value && mismatches.count < 10 {
        let output = written { $0.number(value) }
        if output != value.description { mismatches.append("\(value.description) written as \(output)") }
    }
    #expect(mismatches.isEmpty)
}

@Test(
    "integers are exact",
    arguments: [
        0, 7, -7, 9, 10, 99, 100, 390, -1000, 999_999_999_999_999_999, 1_000_000_000_000_000_000, Int.max, Int.min,
        Int.min + 1, 1 << 53, -(1 << 53) - 1,
    ])
func integerFormatting(_ value: Int) {
    #expect(written { $0.int(value) } == String(value))
}

@Test(
    "strings escape exactly what RFC 8259 requires",
    arguments: [
        ("plain", #""plain""#),
        ("", #""""#),
        ("say \"hi\"", #""say \"hi\"""#),
        ("back\\slash", #""back\\slash""#),
        ("a/b", #""a/b""#),
        ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#),
        ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
        ("\u{7F}", "\"\u{7F}\""),
        ("é😀\u{2028}\u{FEFF}", "\"é😀\u{2028}\u{FEFF}\""),
        ("e\u{301}", "\"e\u{301}\""),
    ])
func stringEscaping(_ value: String, _ expected: String) throws {
    let output = written { $0.string(value) }
    #expect(output == expected)
    #expect(try JSONParser.parse(Array(output.utf8)) == .string(value))
}

@Test func keysAreEscapedLikeStrings() {
    let output = written {
        $0.beginObject()
        $0.key("a\"b\n")
        $0.int(1)
        $0.endObject()
    }
    #expect(output == #"{"a\"b\n":1}"#)
}

@Test func commasFollowStructure() {
    let output = written {
        $0.beginObject()
        $0.key("a")
        $0.beginArray()
        $0.int(1)
        $0.beginArray()
        $0.endArray()
        $0.beginObject()
        $0.endObject()
        $0.null()
        $0.endArray()
        $0.key("b")
        $0.bool(true)
        $0.key("c")
        $0.bool(false)
        $0.key("d")
        $0.beginObject()
        $0.key("e")
        $0.string("x")
        $0.endObject()
        $0.endObject()
    }
    #expect(output == #"{"a":[1,[],{},null],"b":true,"c":false,"d":{"e":"x"}}"#)
}

@Test func topLevelScalars() {
    #expect(written { $0.null() } == "null")
    #expect(written { $0.string("x") } == #""x""#)
    #expect(
        written {
            $0.beginArray(); $0.endArray()
        } == "[]")
}

@Test func rawFragmentsAreInsertedAsValues() throws {
    let cached = Array(#"{"width":390,"height":844}"#.utf8)
    let output = written {
        $0.beginObject()
        $0.key("screen")
        $0.raw(cached)
        $0.key("list")
        $0.beginArray()
        $0.rawString("1")
        $0.rawString(#""two""#)
        $0.raw(cached)
        $0.endArray()
        $0.endObject()
    }
    #expect(output == #"{"screen":{"width":390,"height":844},"list":[1,"two",{"width":390,"height":844}]}"#)
    let screen: JSONValue = ["width": 390, "height": 844]
    #expect(try JSONParser.parse(Array(output.utf8)) == ["screen": screen, "list": [1, "two", screen]])
}

@Test func wholeValuesKeepMemberOrder() {
    let value: JSONValue = ["z": 1, "a": [true, .null, "s", 2.5], "m": ["nested": [:]]]
    #expect(
        String(decoding: value.serialized(), as: UTF8.self) == #"{"z":1,"a":[true,null,"s",2.5],"m":{"nested":{}}}"#)
    var writer = JSONWriter()
    writer.beginArray()
    writer.value(value)
    writer.value(.number(-0.0))
    writer.endArray()
    #expect(text(writer) == #"[{"z":1,"a":[true,null,"s",2.5],"m":{"nested":{}}},0]"#)
}

@Test("the buffer grows past any reservation", arguments: [0, 1, 16, 1024])
func theBufferGrows(reserved: Int) {
    var writer = JSONWriter(reservingCapacity: reserved)
    var expected = "["
    writer.beginArray()
    for index in 0..<2_000 {
        writer.string("item \(index)")
        writer.int(index)
        expected += "\"item \(index)\",\(index),"
    }
    writer.rawMembers(Array("null".utf8))
    writer.endArray()
    #expect(text(writer) == expected + "null]")
}

@Test func reservingCapacityDoesNotWriteAnything() {
    #expect(JSONWriter(reservingCapacity: 0).bytes.isEmpty)
    #expect(JSONWriter(reservingCapacity: -1).bytes.isEmpty)
    #expect(JSONWriter().bytes.isEmpty)
}

/// `values` as an array of four-number arrays, each written in pieces, through `repeatable` or not; and how
/// many were written rather than copied.
private func fourNumberArrays(_ values: [SIMD4<Double>], repeating: Bool) -> (text: String, written: Int) {
    var writer = JSONWriter()
    var written = 0
    writer.beginArray()
    for (index, value) in values.enumerated() {
        writer.beginPieces()
        let body = { (writer: inout JSONWriter) in
            written += 1
            writer.piece("[")
            writer.pieceNumber(value.x)
            writer.piece(",")
            writer.pieceNumber(value.y)
            writer.piece(",")
            writer.pieceNumber(value.z)
            writer.piece(",")
            writer.pieceNumber(value.w)
            writer.piece("]")
        }
        if repeating { writer.repeatable(slot: index % 3 == 2 ? 1 : 0, value, body) } else { body(&writer) }
    }
    writer.endArray()
    return (String(decoding: writer.bytes, as: UTF8.self), written)
}

@Test func repeatedValuesAreCopiedByteForByte() {
    let values: [SIMD4<Double>] = [
        [0, 0, 336, 0], [0, 0, 336, 0], [0, 0, 0, 0], [0, 0, 336, 0], [-0.0, 0, 336, 0], [0, 0, 0, 0],
        [1.5, -2.25, 1e20, 0.1], [1.5, -2.25, 1e20, 0.1], [.nan, 0, 0, 0], [.nan, 0, 0, 0], [0, 0, 0, 0],
        [0, 0, 0, 1], [0, 0, 0, 1], [0, 0, 0, 2], [0, 0, 1, 2], [0, 1, 1, 2],
    ]
    let plain = fourNumberArrays(values, repeating: false)
    let repeated = fourNumberArrays(values, repeating: true)
    #expect(repeated.text == plain.text)
    // Some were copied, or the comparison proves nothing.
    #expect(repeated.written < values.count)
}

/// Values at the edges of `pieces`' unchecked path (whole numbers in -999...999) and past them.
private let piecesEdges: [Double] = [
    0, -0.0, 1, 9, 10, 99, 100, 999, -1, -9, -10, -99, -100, -999, 1000, -1000, 999.5, -999.5, 0.5, -0.001,
    295.78801664242746, -2355.11, 1e21, -1e-7, .leastNonzeroMagnitude, -.leastNormalMagnitude,
    -.greatestFiniteMagnitude, .nan, .infinity, -.infinity, 9_007_199_254_740_992, 123_456_789,
]

/// `pieces` writes what `piece` and `pieceNumber` write one at a time, for every value at its edges and in every
/// position, and from a buffer too small to hold any of it.
@Test(arguments: [0, 4096])
func piecesWriteWhatPiecesOneAtATimeWrite(reserved: Int) {
    var fixed = JSONWriter(reservingCapacity: reserved)
    var single = JSONWriter(reservingCapacity: reserved)
    fixed.beginArray()
    single.beginArray()
    for (index, value) in piecesEdges.enumerated() {
        let other = piecesEdges[(index * 7 + 3) % piecesEdges.count]
        fixed.beginPieces()
        fixed.pieces("{\"a\":", value, ",\"b\":", other, ",\"c\":", -value, ",\"d\":", value / 3, "}")
        fixed.beginPieces()
        fixed.pieces("[", other, ",", value, "]")
        single.beginPieces()
        let parts: [(StaticString, Double)] = [
            ("{\"a\":", value), (",\"b\":", other), (",\"c\":", -value), (",\"d\":", value / 3),
        ]
        for (piece, number) in parts {
            single.piece(piece)
            single.pieceNumber(number)
        }
        single.piece("}")
        single.beginPieces()
        single.piece("[")
        single.pieceNumber(other)
        single.piece(",")
        single.pieceNumber(value)
        single.piece("]")
    }
    fixed.endArray()
    single.endArray()
    #expect(text(fixed) == text(single))
    #expect(text(fixed).contains("-999,"))
}

/// `maxNumberLength` bounds every number's text, as `pieces` reserves by it.
@Test func noNumberIsLongerThanMaxNumberLength() {
    var longest = 0
    var generator = SystemRandomNumberGenerator()
    var values = piecesEdges + [-2.2250738585072014e-308, -1.7976931348623157e308, -Double.leastNonzeroMagnitude]
    for _ in 0..<20_000 { values.append(Double(bitPattern: generator.next())) }
    for value in values {
        longest = max(longest, written { $0.number(value) }.utf8.count)
    }
    #expect(longest == JSONWriter.maxNumberLength)
}

/// Strings with nothing to escape are copied whole, the rest escaped as before: either way the text is the string
/// between quotes when nothing needs escaping, and reads back as the same string.
@Test func plainAndEscapedStringsReadBack() throws {
    var texts = ["", "DOj_bHBC0HeGmKM7-rlmlH", "additive", "é ☃ 😀", "a\"b", "a\\b", "tab\there", "\u{1}", "end\n"]
    for byte in UInt8(0)..<0x80 { texts.append("x" + String(UnicodeScalar(byte)) + "y") }
    for text in texts {
        let output = written { $0.string(text) }
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            #expect(output == "\"" + text + "\"")
        }
        #expect(try JSONParser.parse(Array(output.utf8)) == .string(text))
    }
}

/// The scan for bytes to escape reads eight at a time: a byte that needs its escape is found at every position of
/// strings of every length around the word size, and bytes beyond ASCII or just above the control range never are.
@Test func escapesAreFoundAtEveryPosition() throws {
    let escaped: [UInt8] = [0x00, 0x01, 0x0A, 0x1F, 0x22, 0x5C]
    let plain: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0x9F, 0xA0, 0xC3, 0xFF]
    for length in 1...26 {
        for position in 0..<length {
            for byte in escaped + plain {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[position] = byte
                let text = String(decoding: bytes, as: UTF8.self)
                let output = written { $0.string(text) }
                let needsEscape = text.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
                #expect((output == "\"" + text + "\"") == !needsEscape, "\(bytes)")
                #expect(try JSONParser.parse(Array(output.utf8)) == .string(text))
            }
        }
    }
}
