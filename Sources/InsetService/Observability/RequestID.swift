import InsetStores
import Synchronization

/// Fresh `X-Request-Id` values: 15 base64url characters, a random per-process prefix and a counter. They must
/// be unique, not secret, so the counter spares every request a `getrandom` call; and 15 characters is what a
/// Swift string keeps inline, so making one allocates nothing (22, a session id's length, would take a heap
/// block per request).
final class RequestIDGenerator: Sendable {
    /// 30 random bits, the first 5 characters.
    private let prefix: UInt64
    /// 60 bits, the last 10 characters; it starts at a random value, so two processes that drew the same prefix
    /// (one chance in 2^30) still only repeat each other if their counters run into the same stretch.
    private let counter: Atomic<UInt64>

    /// The length of an id.
    static let length = 15

    /// A generator with a fresh random prefix and counter start.
    init() {
        var generator = SystemRandomNumberGenerator()
        prefix = generator.next() & (1 << 30 - 1)
        counter = Atomic(generator.next())
    }

    /// The next id: 5 digits of the prefix, then 10 digits of the counter (its low 60 bits).
    func next() -> String {
        let count = counter.wrappingAdd(1, ordering: .relaxed).newValue
        return String(unsafeUninitializedCapacity: Self.length) { buffer in
            Self.writeDigits(prefix, count: 5, into: buffer, at: 0)
            Self.writeDigits(count, count: 10, into: buffer, at: 5)
            return Self.length
        }
    }

    /// `count` base64url digits of `value`'s low 6 × `count` bits, the most significant first.
    private static func writeDigits(
        _ value: UInt64, count: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) {
        var rest = value
        for position in (start..<start + count).reversed() {
            buffer[position] = SessionID.digit(Int(rest & 63))
            rest >>= 6
        }
    }
}
