import InsetSession

/// The bounds a request's values must keep, each named once: the schema, the decoders and the echo read them here.
/// `openapi.yaml` gives them (`x-limit` names each), and `scripts/generate` writes them into `Limits+Contract.swift`.
///
/// Computed rather than stored: a stored static is reached through a once-check on every read, and the fast
/// decoder reads these for every number. Inlinable, so that the service's encoders, in another module, read them
/// as constants too.
@usableFromInline
package enum Limits {
    /// Largest magnitude of a coordinate or length: the scene's own bound (`Scene.maxMagnitude`), which a settled
    /// window keeps to as well, and the spec's for `Coordinate` and `Length` (a test holds them equal).
    @inlinable package static var maxMagnitude: Double { Scene.maxMagnitude }

    /// Whether `text` holds a control character (U+0000–U+001F, U+007F–U+009F), which no id or name may: they
    /// cannot be written in XML at all (the timeline's SVG), and in a log or a terminal they pass for other text.
    package static func holdsControlCharacter(_ text: String) -> Bool {
        // Over the string's own bytes (a parsed string is native, so nothing is copied): this runs over the
        // session id of every event, and iterating the UTF-8 view costs many times as much (docs/performance.md,
        // "Decoding a request").
        var text = text
        return text.withUTF8(holdsControlCharacter)
    }

    private static func holdsControlCharacter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            // C1 controls are U+0080–U+009F: 0xC2 followed by 0x80–0x9F in UTF-8. Printable ASCII, nearly
            // every byte, is one comparison.
            if byte &- 0x20 >= 0x5F && (byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte < 0xA0)) {
                return true
            }
            previous = byte
        }
        return false
    }
}
