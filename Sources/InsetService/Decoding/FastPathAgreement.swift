import InsetJSON

/// The fast path's contract, checkable from outside the module: the fuzz target calls this on every body.
public enum FastPathAgreement {
    /// Whether, for a show and for a hide, the fast path either declines `body` or decodes it exactly as the
    /// general path does (compared by description, so that -0 and 0 differ).
    public static func holds(for body: UnsafeBufferPointer<UInt8>) -> Bool {
        for kind in [KeyboardEventRequest.Kind.show, .hide] {
            guard let fast = KeyboardEventRequest.decodeFast(body, kind: kind) else { continue }
            let general = (try? JSONParser.parse(UnsafeRawBufferPointer(body))).flatMap {
                try? KeyboardEventRequest.decode($0, kind: kind)
            }
            guard let general, String(describing: general) == String(describing: fast) else { return false }
        }
        return true
    }
}
