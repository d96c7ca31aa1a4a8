import Foundation
import InsetJSON
import Testing

// InsetJSON against Foundation's JSONSerialization on the same bytes: same accept/reject decision and,
// when both accept, the same tree. Foundation is deliberately laxer in a few ways, each excluded below
// by `KnownDifference` rather than silently skipped.

/// Where Foundation knowingly accepts what RFC 8259 (or this codec, on purpose) does not.
enum KnownDifference: String, CaseIterable {
    /// Foundation accepts `[1,]` and `{"a":1,}`; RFC 8259 has no trailing commas.
    case trailingComma
    /// Foundation keeps the last of repeated keys; this codec refuses them as ambiguous.
    case duplicateKey
    /// Foundation sniffs NUL bytes as a sign of UTF-16/32 and may decode the text as that; RFC 8259
    /// §8.1 requires UTF-8 between systems, where a raw NUL is never valid.
    case nulByteEncodingSniffing
    /// Foundation skips a leading UTF-8 byte-order mark; RFC 8259 §8.1 lets a parser ignore it,
    /// this one refuses it because HTTP peers must not send one.
    case byteOrderMark
    /// Foundation on Linux rounds numbers with long mantissas (roughly 17+ significant digits)
    /// incorrectly, by an ulp or two; InsetJSON matches the standard library's correctly rounded
    /// `Double(String)` instead (checked exactly in `numbersAreCorrectlyRounded`).
    case numberRounding
}

/// Whether two trees agree, numbers within a few ulps; `inexact` counts numbers that needed the slack.
func agree(_ ours: JSONValue, _ theirs: JSONValue, inexact: inout Int) -> Bool {
    switch (ours, theirs) {
    case (.number(let a), .number(let b)):
        if a == b { return true }
        inexact += 1
        return (a - b).magnitude <= 2 * max(a.ulp, b.ulp)
    case (.array(let a), .array(let b)):
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { agree($0, $1, inexact: &inexact) }
    case (.object(let a), .object(let b)):
        // Foundation's dictionaries are unordered: match members by key (unique on both sides).
        guard a.members.count == b.members.count else { return false }
        return a.members.allSatisfy { member in
            b[member.key].map { agree(member.value, $0, inexact: &inexact) } ?? false
        }
    default:
        return ours == theirs
    }
}

/// Classifies a disagreement as a known one, or nil if it is a bug on one side.
func knownDifference(_ input: [UInt8], ours: Result<JSONValue, JSONParseError>, foundationAccepted: Bool)
    -> KnownDifference?
{
    guard case .failure(let error) = ours, foundationAccepted else { return nil }
    if error.message == "trailing comma" { return .trailingComma }
    if error.message.hasPrefix("duplicate key") { return .duplicateKey }
    if input.contains(0) { return .nulByteEncodingSniffing }
    if input.starts(with: [0xEF, 0xBB, 0xBF]) { return .byteOrderMark }
    return nil
}

/// Foundation's result as a `JSONValue`, so both trees compare with one `==`.
func jsonValue(fromFoundation object: Any) -> JSONValue? {
    switch object {
    case is NSNull:
        return .null
    case let string as String:
        return .string(string)
    case let number as NSNumber:
        // Booleans come back as NSNumber too; their ObjC type is `c` (char).
        if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
        // Long mantissas come back as NSDecimalNumber, whose doubleValue is several ulps off; its
        // decimal text, read by Double(String), is the value Foundation actually parsed.
        if number is NSDecimalNumber, let exact = Double(number.description) { return .number(exact) }
        return .number(number.doubleValue)
    case let array as [Any]:
        var elements: [JSONValue] = []
        for element in array {
            guard let value = jsonValue(fromFoundation: element) else { return nil }
            elements.append(value)
        }
        return .array(elements)
    case let dictionary as [String: Any]:
        var members: [(key: String, value: JSONValue)] = []
        for (key, element) in dictionary {
            guard let value = jsonValue(fromFoundation: element) else { return nil }
            members.append((key: key, value: value))
        }
        return .object(JSONObject(members))
    default:
        return nil
    }
}

func foundationParse(_ bytes: [UInt8]) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
}

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
            var inexact = 0
            if !agree(value, converted, inexact: &inexact) {
                mismatches.append("different values for \(render(input)): \(String(decoding: value.serialized(), as: UTF8.self)) vs \(String(decoding: converted.serialized(), as: UTF8.self))")
            } else if inexact > 0 {
                known[.numberRounding, default: 0] += 1
            }
        case (.failure, .none):
            compared += 1
            bothRejected += 1
        case (.success, .none):
            mismatches.append("only InsetJSON accepts \(render(input))")
        case (.failure(let error), .some):
            if let difference = knownDifference(input, ours: ours, foundationAccepted: true) {
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
    for _ in 0..<4_000 { report.check(generator.mutatedDocument()) }
    #expect(report.mismatches.isEmpty, "\(report.mismatches.prefix(10).joined(separator: "\n"))")
    // The corpus must exercise both outcomes for the comparison to mean anything.
    #expect(report.bothAccepted > 300 && report.bothRejected > 2_000, "accepted \(report.bothAccepted), rejected \(report.bothRejected)")
    #expect(report.compared > 3_800, "known differences: \(report.known)")
}

@Test("known differences are real Foundation behaviour", arguments: [
    ("[1,]", KnownDifference.trailingComma),
    (#"{"a":1,}"#, .trailingComma),
    (#"{"a":1,"a":2}"#, .duplicateKey),
    ("1\u{0}", .nulByteEncodingSniffing),
    ("\u{FEFF}[1]", .byteOrderMark),
])
func knownDifferencesAreReal(_ text: String, _ difference: KnownDifference) {
    // If Foundation ever tightens up, the exclusion becomes dead and should be dropped.
    let input = Array(text.utf8)
    #expect(foundationParse(input) != nil)
    #expect(knownDifference(input, ours: parse(input), foundationAccepted: true) == difference)
}

@Test func agreesWithFoundationOnTheRejectionTable() {
    for testCase in rejectCases where foundationParse(testCase.input) != nil {
        // At Foundation's own depth limit (512) the nesting cases are valid for both.
        let ours = parse(testCase.input, maxDepth: 512)
        if case .success = ours, testCase.message.hasPrefix("nesting deeper") { continue }
        let known = knownDifference(testCase.input, ours: ours, foundationAccepted: true)
        #expect(known != nil, "Foundation accepts \(render(testCase.input))")
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
