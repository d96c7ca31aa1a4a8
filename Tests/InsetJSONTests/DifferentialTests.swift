import Foundation
import InsetJSON
import Testing

// InsetJSON against Foundation's JSONSerialization on the same bytes: same accept/reject decision and,
// when both accept, the same tree. Where Foundation is knowingly laxer or different, the case is
// classified as a `KnownDifference` and counted, never silently skipped.

/// Outcome of comparing one corpus with Foundation.
struct DifferentialReport {
    var compared = 0
    var bothAccepted = 0
    var bothRejected = 0
    var known: [KnownDifference: Int] = [:]
    var mismatches: [String] = []

    mutating func check(_ input: [UInt8]) {
        // Foundation refuses nesting beyond 512 levels; match it so depth never differs.
        let ours = parse(input, maxDepth: 512)
        let theirs = foundationParse(input)
        switch (ours, theirs) {
        case (.success(let value), .some(let object)):
            compared += 1
            bothAccepted += 1
            guard let converted = jsonValue(fromFoundation: object) else {
                mismatches.append("unconvertible Foundation value for \(render(input))")
                return
            }
            // Objects compare regardless of member order, as Foundation's dictionaries have none.
            if value != converted {
                if removingByteOrderMarks(value) == removingByteOrderMarks(converted) {
                    known[.byteOrderMarkInString, default: 0] += 1
                    return
                }
                let ourText = String(decoding: value.serialized(), as: UTF8.self)
                let theirText = String(decoding: converted.serialized(), as: UTF8.self)
                mismatches.append("different values for \(render(input)): \(ourText) vs \(theirText)")
            }
        case (.failure, .none):
            compared += 1
            bothRejected += 1
        case (.success, .none):
            mismatches.append("only InsetJSON accepts \(render(input))")
        case (.failure(let error), .some):
            if let difference = knownDifference(input, ours: ours) {
                known[difference, default: 0] += 1
            } else {
                mismatches.append("only Foundation accepts \(render(input)) (we say: \(error))")
            }
        }
    }
}

@Test func agreesWithFoundationOnGeneratedDocuments() {
    var generator = CorpusGenerator(seed: 20_240_611)
    var report = DifferentialReport()
    for _ in 0..<3_000 { report.check(generator.document()) }
    #expect(report.mismatches.isEmpty, "\(report.mismatches.prefix(10).joined(separator: "\n"))")
    #expect(report.bothAccepted > 2_850, "too few valid documents: \(report.bothAccepted)")
}

@Test func agreesWithFoundationOnMutatedDocuments() {
    var generator = CorpusGenerator(seed: 0x5EED)
    var report = DifferentialReport()
    for _ in 0..<8_000 { report.check(generator.mutatedDocument()) }
    #expect(report.mismatches.isEmpty, "\(report.mismatches.prefix(10).joined(separator: "\n"))")
    // The corpus must exercise both outcomes for the comparison to mean anything.
    #expect(
        report.bothAccepted > 600 && report.bothRejected > 4_000,
        "accepted \(report.bothAccepted), rejected \(report.bothRejected)")
    #expect(report.compared > 7_600, "known differences: \(report.known)")
}

@Test(
    "known differences are real Foundation behaviour",
    arguments: [
        ("[1,]", KnownDifference.trailingComma),
        (#"{"a":1,}"#, .trailingComma),
        (#"{"a":1,"a":2}"#, .duplicateKey),
        ("1\u{0}", .nulByteEncodingSniffing),
        ("\u{FEFF}[1]", .byteOrderMark),
    ])
func knownRejectionDifferencesAreReal(_ text: String, _ difference: KnownDifference) {
    // If Foundation ever tightens up, the exclusion becomes dead and should be dropped.
    let input = Array(text.utf8)
    #expect(foundationParse(input) != nil)
    #expect(knownDifference(input, ours: parse(input)) == difference)
}

@Test func knownValueDifferencesAreReal() throws {
    // If Foundation ever fixes these, the tolerance in the comparison becomes dead and should go.
    let marked = Array("[\"\u{FEFF}a\",\"\\n\u{FEFF}b\"]".utf8)
    #expect(try JSONParser.parse(marked) == ["\u{FEFF}a", "\n\u{FEFF}b"])
    #expect(foundationParse(marked).flatMap { jsonValue(fromFoundation: $0) } == ["a", "\nb"])

    // Not a difference in parsing, but the reason jsonValue(fromFoundation:) reads decimals as text.
    let longMantissa = Array("-3.8839880960103320".utf8)
    #expect(try JSONParser.parse(longMantissa) == -3.883988096010332)
    #expect((foundationParse(longMantissa) as? NSDecimalNumber)?.doubleValue == -3.8839880960103317)
    #expect(foundationParse(longMantissa).flatMap { jsonValue(fromFoundation: $0) } == -3.883988096010332)
}

@Test func agreesWithFoundationOnTheRejectionTable() {
    for testCase in rejectCases where foundationParse(testCase.input) != nil {
        // At Foundation's own depth limit (512) the nesting cases are valid for both.
        let ours = parse(testCase.input, maxDepth: 512)
        if case .success = ours, testCase.message.hasPrefix("nesting deeper") { continue }
        let known = knownDifference(testCase.input, ours: ours)
        #expect(known != nil, "Foundation accepts \(render(testCase.input))")
    }
}

@Test func depthLimitMatchesFoundationAt512() {
    for depth in [511, 512, 513] {
        let input = Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        let ours = parse(input, maxDepth: 512)
        let oursAccepts = if case .success = ours { true } else { false }
        #expect(oursAccepts == (foundationParse(input) != nil), "depth \(depth)")
        #expect(oursAccepts == (depth <= 512))
    }
}

@Test func numbersAreCorrectlyRounded() throws {
    // The standard library's Double(String) rounds correctly; every spelling the corpus produces must
    // parse to exactly the same Double, through the fast path and the slow one alike.
    var generator = CorpusGenerator(seed: 0xD1617)
    var checked = 0
    for _ in 0..<50_000 {
        let text = generator.number()
        guard let expected = Double(text), expected.isFinite else { continue }
        let parsed = try JSONParser.parse(Array(text.utf8))
        #expect(parsed == .number(expected), "\(text)")
        #expect(parsed.isNegativeZero == (expected == 0 && expected.sign == .minus), "\(text)")
        checked += 1
    }
    #expect(checked > 45_000)
}
