import Foundation
import InsetJSON
import Testing

/// Random values for round trips: every scalar kind, nasty strings, and doubles from raw bit patterns.
struct ValueGenerator {
    var random: SplitMix64

    mutating func value(depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0..<(depth >= 4 ? 5 : 7), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(number())
        case 3: return .number(Double(Int.random(in: -1_000_000...1_000_000, using: &random)))
        case 4: return .string(string())
        case 5: return .array((0..<Int.random(in: 0...5, using: &random)).map { _ in value(depth: depth + 1) })
        default:
            let count = Int.random(in: 0...5, using: &random)
            // Unique keys by construction, as the parser requires.
            return .object(JSONObject((0..<count).map { (key: "\($0)" + string(), value: value(depth: depth + 1)) }))
        }
    }

    /// Any finite double, found by drawing bit patterns (so subnormals and extremes turn up).
    mutating func number() -> Double {
        while true {
            let candidate = Double(bitPattern: random.next())
            if candidate.isFinite { return candidate }
        }
    }

    mutating func string() -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...10, using: &random) {
            let ranges: [ClosedRange<UInt32>] = [
                0...0x1F, 0x20...0x7F, 0x80...0xD7FF, 0xE000...0x10FFFF, 0x22...0x22, 0x5C...0x5C,
            ]
            let range = ranges[Int.random(in: 0..<ranges.count, using: &random)]
            if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)) { scalars.append(scalar) }
        }
        return String(scalars)
    }
}

@Test func writtenValuesParseBackEqual() throws {
    var generator = ValueGenerator(random: SplitMix64(seed: 42))
    for _ in 0..<5_000 {
        let value = generator.value()
        let bytes = value.serialized()
        #expect(try JSONParser.parse(bytes) == value, "\(String(decoding: bytes, as: UTF8.self))")
    }
}

@Test func writtenValuesParseBackEqualInFoundation() {
    var generator = ValueGenerator(random: SplitMix64(seed: 7))
    for _ in 0..<2_000 {
        let value = generator.value()
        let bytes = value.serialized()
        guard let theirs = foundationParse(bytes).flatMap({ jsonValue(fromFoundation: $0) }) else {
            Issue.record("Foundation refuses \(String(decoding: bytes, as: UTF8.self))")
            continue
        }
        // Only difference allowed: Foundation's known dropping of U+FEFF at a string's start.
        #expect(
            theirs == value || removingByteOrderMarks(theirs) == removingByteOrderMarks(value),
            "\(String(decoding: bytes, as: UTF8.self))")
    }
}

@Test func allDoublesSurviveTheRoundTripBitForBit() throws {
    var random = SplitMix64(seed: 99)
    for _ in 0..<20_000 {
        let bits = Double(bitPattern: random.next())
        guard bits.isFinite else { continue }
        let parsed = try JSONParser.parse(JSONValue.number(bits).serialized())
        guard case .number(let back) = parsed else {
            Issue.record("not a number")
            continue
        }
        // -0 is written as 0 on purpose; every other value keeps its exact bits.
        #expect(back.bitPattern == bits.bitPattern || (bits == 0 && back == 0), "\(bits)")
    }
}

@Test func parsedDocumentsWriteBackCompactly() throws {
    let input = #"{ "a" : [ 1 , 2.50 , -0 , 1E2 ] , "b" : "\u00e9\/" }"#
    let value = try JSONParser.parse(Array(input.utf8))
    #expect(String(decoding: value.serialized(), as: UTF8.self) == #"{"a":[1,2.5,0,100],"b":"é/"}"#)
}
