import Synchronization

/// Fresh `X-Request-Id` values: a random per-process prefix and a counter, 22 base64url characters like a
/// session id. They must be unique, not secret, so the counter spares every request a `getrandom` call.
final class RequestIDGenerator: Sendable {
    private let prefix: UInt64
    private let counter = Atomic<UInt64>(0)

    /// A generator with a fresh random prefix, so two processes (or two replicas) do not repeat each other.
    init() {
        var generator = SystemRandomNumberGenerator()
        prefix = generator.next()
    }

    /// The next id: 11 digits of the prefix, then 11 digits of the counter.
    func next() -> String {
        let count = counter.wrappingAdd(1, ordering: .relaxed).newValue
        return String(unsafeUninitializedCapacity: 22) { buffer in
            Self.writeDigits(prefix, into: buffer, at: 0)
            Self.writeDigits(count, into: buffer, at: 11)
            return 22
        }
    }

    /// 11 base64url digits hold 66 bits, enough for 64: the top digit carries the value's top 4 bits.
    private static func writeDigits(_ value: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var rest = value
        for position in (start..<start + 11).reversed() {
            buffer[position] = SessionID.digit(Int(rest & 63))
            rest >>= 6
        }
    }
}
