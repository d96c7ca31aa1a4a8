import Synchronization

/// The attempts that wrote a record's latest revisions, newest first: the writer of revision `r`, of `r − 1`, …,
/// at most `capacity` of them. A write whose reply was lost finds out from them whether it was applied when
/// others wrote on top of it before it could ask (`RedisUpdate`): only one write ever follows a revision, so the
/// write computed from revision `b` was applied exactly when the writer of `b + 1` is its own attempt.
///
/// Each writer is a 48-bit id, and the record holds them as `"w"`, 8 base64url digits each, joined, right after
/// `"r"` (`SessionRecord`). A record without `"w"` (revision 0, or written before this member existed) has no
/// writers kept; a release that does not know `"w"` ignores it, as it ignores any member it does not know.
struct RecordWriters: Equatable, Sendable {
    /// Writers kept at most: enough to tell after three other writes on top of the one in doubt.
    static let capacity = 4
    /// Base64url digits per id.
    static let digits = 8
    /// The ids, newest first; zero past `count`.
    private var ids = SIMD4<UInt64>()
    /// How many are kept.
    private(set) var count = 0

    /// None kept.
    init() {}

    /// These writers after `id` wrote the next revision: `id` first, the oldest dropped past `capacity`.
    func adding(_ id: UInt64) -> RecordWriters {
        var next = RecordWriters()
        next.ids = SIMD4(id, ids[0], ids[1], ids[2])
        next.count = min(count + 1, Self.capacity)
        return next
    }

    /// The writer of the revision `back` revisions before the record's own (0: the record's own), when kept.
    func writer(back: Int) -> UInt64? {
        back >= 0 && back < count ? ids[back] : nil
    }

    /// The writers in `text`, `"w"`'s value without its quotes; nil when it is not a whole number of ids, or
    /// more than `capacity`.
    init?(text: ArraySlice<UInt8>) {
        guard text.count % Self.digits == 0, text.count / Self.digits <= Self.capacity else { return nil }
        var index = text.startIndex
        while index < text.endIndex {
            var id: UInt64 = 0
            for byte in text[index..<index + Self.digits] {
                guard let value = SessionID.value(of: byte) else { return nil }
                id = id << 6 | UInt64(value)
            }
            ids[count] = id
            count += 1
            index += Self.digits
        }
    }

    /// Calls `body` with `"w"`'s value: the ids' digits, newest first, in quotes. Written on the stack, not into
    /// an array: every write of a record writes them.
    func withText<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.capacity * Self.digits + 2) { buffer in
            var end = 0
            buffer[end] = UInt8(ascii: "\"")
            end += 1
            for position in 0..<count {
                let id = ids[position]
                for digit in (0..<Self.digits).reversed() {
                    buffer[end] = SessionID.digit(Int((id >> UInt64(digit * 6)) & 63))
                    end += 1
                }
            }
            buffer[end] = UInt8(ascii: "\"")
            end += 1
            return body(UnsafeBufferPointer(rebasing: buffer[..<end]))
        }
    }
}

/// Ids for the attempts a store sends: 48 bits, distinct within the process for 2^48 attempts (a counter run
/// through an odd multiplier, a bijection on its low 48 bits) and, between processes, as unlikely to meet as
/// random ones (the counter starts at a random value). A counter, not a random draw, so that an attempt costs
/// no `getrandom` call.
final class WriterIDs: Sendable {
    private let counter: Atomic<UInt64>

    /// Ids from a fresh random start.
    init() {
        var generator = SystemRandomNumberGenerator()
        counter = Atomic(generator.next())
    }

    /// `id`'s 8 base64url digits, as a record's writers hold it.
    static func text(_ id: UInt64) -> [UInt8] {
        RecordWriters().adding(id).withText { Array($0.dropFirst().dropLast()) }
    }

    /// The next id, never zero.
    func next() -> UInt64 {
        let count = counter.wrappingAdd(1, ordering: .relaxed).newValue
        let id = (count &* 0x9E37_79B9_7F4A_7C15) & (1 << 48 - 1)
        return id == 0 ? 1 : id
    }
}
