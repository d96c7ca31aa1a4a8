import InsetJSON

/// A number written alone in a text (a query argument, a value `NSLog` printed in quotes), read as the JSON
/// grammar has it.
package enum NumberText {
    /// Bytes the JSON grammar allows around a value, which such a text must not carry.
    private static let jsonWhitespace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]

    /// The number `text` holds, when it is written as the JSON grammar has it: no hex, no "inf", no "nan", no
    /// leading "+" that Double(String) would take, no blanks around it.
    package static func value(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count <= 32, bytes.allSatisfy({ !jsonWhitespace.contains($0) }),
            case .number(let value)? = try? JSONParser.parse(bytes)
        else { return nil }
        return value
    }
}
