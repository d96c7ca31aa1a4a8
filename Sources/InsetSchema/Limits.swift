import InsetSession

/// The bounds a request's values must keep, each named once: the schema, the decoders and the echo read them here.
///
/// Computed rather than stored: a stored static is reached through a once-check on every read, and the fast
/// decoder reads these for every number. Inlinable, so that the service's encoders, in another module, read them
/// as constants too.
@usableFromInline
package enum Limits {
    /// Largest magnitude of a coordinate or length: the scene's own bound (`Scene.maxMagnitude`), which a settled
    /// window keeps to as well.
    @inlinable package static var maxMagnitude: Double { Scene.maxMagnitude }
    /// A coordinate or an offset, in points.
    @inlinable package static var coordinate: ClosedRange<Double> { -maxMagnitude...maxMagnitude }
    /// A width, a height or a safe-area inset: never negative.
    @inlinable package static var length: ClosedRange<Double> { 0...maxMagnitude }
    /// Points kept between the focused rect and the keyboard.
    @inlinable package static var keyboardDistance: ClosedRange<Double> { 0...10_000 }
    /// Seconds; 0 means no animation.
    @inlinable package static var animationDuration: ClosedRange<Double> { 0...10 }
    /// `UIView.AnimationOptions` keeps the curve in four bits.
    @inlinable package static var animationCurve: ClosedRange<Int> { 0...15 }
    /// Milliseconds on the client's clock (`performance.now()` or `Date.now()` alike).
    @inlinable package static var timestamp: ClosedRange<Double> { 0...1e15 }
    /// Bytes of a `sessionId`; well-formed ids are 22, and anything longer is not worth looking up.
    @inlinable package static var sessionIdBytes: Int { 64 }
    /// Bytes of a device's id (`GET /devices` lists them; the longest is far shorter).
    @inlinable package static var deviceIdBytes: Int { 64 }
    /// Bytes of an iOS release (`"26"`, `"17.2"`).
    @inlinable package static var systemBytes: Int { 8 }
    /// Bytes of any other string value (an enum's name, a pinned view's id).
    @inlinable package static var stringBytes: Int { 256 }
    /// A release's velocity, in points per second: far past any flick.
    @inlinable package static var velocity: ClosedRange<Double> { -100_000...100_000 }
    /// Points above the keyboard's top at which a dragging touch starts moving it.
    @inlinable package static var keyboardDismissPadding: ClosedRange<Double> { 0...10_000 }
    /// Views pinned to the keyboard layout guide in one request or session.
    @inlinable package static var pinnedViews: Int { 16 }
    /// Fields of one form.
    @inlinable package static var fields: Int { 256 }
    /// Notifications in one logged sequence.
    @inlinable package static var notifications: Int { 256 }

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
