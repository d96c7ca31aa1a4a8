import Foundation
import InsetJSON

// What the differential tests need from Foundation: its verdict on some bytes, its result as a
// `JSONValue`, and the list of places where it deliberately or knowingly differs from InsetJSON.

/// Where Foundation knowingly accepts, or reads differently, what RFC 8259 (or this codec, on
/// purpose) does not.
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
    /// Foundation drops a raw U+FEFF (UTF-8 `EF BB BF`) at the start of a string or right after an
    /// escape, taking it for a byte-order mark; RFC 8259 makes it an ordinary character, kept here.
    case byteOrderMarkInString
}

/// Classifies a document that only Foundation accepts as a known difference, or nil if it is a bug.
func knownDifference(_ input: [UInt8], ours: Result<JSONValue, JSONParseError>) -> KnownDifference? {
    guard case .failure(let error) = ours else { return nil }
    if error.message == "trailing comma" { return .trailingComma }
    if error.message.hasPrefix("duplicate key") { return .duplicateKey }
    if input.contains(0) { return .nulByteEncodingSniffing }
    if input.starts(with: [0xEF, 0xBB, 0xBF]) { return .byteOrderMark }
    return nil
}

/// The tree with every U+FEFF removed from strings and keys, to recognise `byteOrderMarkInString`.
func removingByteOrderMarks(_ value: JSONValue) -> JSONValue {
    func strip(_ string: String) -> String {
        String(String.UnicodeScalarView(string.unicodeScalars.filter { $0 != "\u{FEFF}" }))
    }
    switch value {
    case .string(let string):
        return .string(strip(string))
    case .array(let elements):
        return .array(elements.map(removingByteOrderMarks))
    case .object(let object):
        return .object(JSONObject(object.members.map { (key: strip($0.key), value: removingByteOrderMarks($0.value)) }))
    default:
        return value
    }
}

/// Foundation's verdict: its value, or nil if it refused the bytes.
func foundationParse(_ bytes: [UInt8]) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
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
