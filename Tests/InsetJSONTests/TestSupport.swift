import InsetJSON

/// A small, fast, seedable generator, so that every random corpus is the same on every run and a
/// failure can be reproduced from its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Parses UTF-8 text, returning the outcome instead of throwing so table tests can inspect both sides.
func parse(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) -> Result<JSONValue, JSONParseError> {
    parse(Array(text.utf8), maxDepth: maxDepth)
}

/// Parses bytes, returning the outcome instead of throwing.
func parse(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) -> Result<JSONValue, JSONParseError> {
    Result { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(bytes, maxDepth: maxDepth) }
}

/// Parses a copy of `bytes` held in an allocation of exactly their size, so that a read past the end
/// lands outside the buffer, where the debug build's bounds checks (and any sanitizer) can see it.
func parseExactAllocation(_ bytes: [UInt8]) -> Result<JSONValue, JSONParseError> {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
    defer { buffer.deallocate() }
    buffer.copyBytes(from: bytes)
    return Result { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(UnsafeRawBufferPointer(buffer)) }
}

/// A readable rendering of input bytes for test names: ASCII as is, other bytes as `\xNN`.
func render(_ bytes: [UInt8]) -> String {
    var text = ""
    for byte in bytes.prefix(60) {
        if byte >= 0x20 && byte < 0x7F {
            text.append(Character(Unicode.Scalar(byte)))
        } else {
            let hex = String(byte, radix: 16, uppercase: true)
            text += "\\x" + (hex.count < 2 ? "0" : "") + hex
        }
    }
    return bytes.count > 60 ? text + "… (\(bytes.count) bytes)" : text
}

extension JSONValue {
    /// Whether this is the number -0.0 exactly (== cannot tell it from 0.0).
    var isNegativeZero: Bool {
        if case .number(let d) = self { return d == 0 && d.sign == .minus }
        return false
    }
}
