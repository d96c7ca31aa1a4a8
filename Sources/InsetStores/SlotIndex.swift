/// The slots of an `LRUTable`'s keys, found by their hash: open addressing with linear probing over 8-byte buckets.
///
/// A `Dictionary<Key, Int>` kept each key a second time, beside an 8-byte slot number, in twice as many buckets as
/// keys at worst (its load is at most 3/4 of a power of two): about 84 bytes a session among 100 000. Here the
/// keys stay in the table's links, and a bucket holds a slot number and the low 32 bits of its key's hash, which
/// tell most other keys apart without reading their links and give the bucket a key belongs in. Removal shifts the
/// buckets after it back, so that no bucket is ever marked deleted and a search stops at the first empty one.
@usableFromInline
struct SlotIndex {
    /// Each bucket: 0 when empty, else the slot number plus 1 in the high 32 bits and the hash's low 32 bits below.
    @usableFromInline var buckets: [UInt64]
    /// How many keys it holds.
    @usableFromInline var count = 0

    /// An index of 8 buckets.
    init() {
        buckets = [UInt64](repeating: 0, count: 8)
    }

    /// The 32 bits of `hash` that a bucket keeps.
    @inlinable
    static func tag(_ hash: Int) -> UInt64 {
        UInt64(UInt32(truncatingIfNeeded: hash))
    }

    /// The bucket a key of `tag` belongs in, before probing.
    @inlinable
    func home(_ tag: UInt64) -> Int {
        Int(truncatingIfNeeded: tag) & (buckets.count &- 1)
    }

    /// The bucket holding the key of `hash` for which `isKey` holds, given the bucket's slot; nil when none does.
    @inlinable
    func bucket(_ hash: Int, isKey: (Int) -> Bool) -> Int? {
        let tag = Self.tag(hash)
        let mask = buckets.count &- 1
        var position = home(tag)
        while true {
            let bucket = buckets[position]
            if bucket == 0 { return nil }
            if bucket & 0xFFFF_FFFF == tag, isKey(Int(truncatingIfNeeded: bucket &>> 32) &- 1) { return position }
            position = (position &+ 1) & mask
        }
    }

    /// The slot of the key of `hash` for which `isKey` holds; nil when none does.
    @inlinable
    func slot(_ hash: Int, isKey: (Int) -> Bool) -> Int? {
        bucket(hash, isKey: isKey).map { Int(truncatingIfNeeded: buckets[$0] &>> 32) &- 1 }
    }

    /// Adds `slot` for a key of `hash` that it does not hold yet.
    mutating func insert(_ hash: Int, slot: Int) {
        // At most 3/4 full, so that a search meets an empty bucket soon.
        if (count &+ 1) &* 4 > buckets.count &* 3 { grow() }
        place(UInt64(slot &+ 1) &<< 32 | Self.tag(hash))
        count &+= 1
    }

    /// Removes the key in bucket `position` (`bucket(_:isKey:)`) and answers its slot.
    @discardableResult
    mutating func remove(at position: Int) -> Int {
        var hole = position
        let slot = Int(truncatingIfNeeded: buckets[hole] &>> 32) &- 1
        let mask = buckets.count &- 1
        // Each bucket after the hole, up to the first empty one, moves back into the hole when the hole lies
        // between its home and where it is: a search from its home then still passes no empty bucket.
        var next = (hole &+ 1) & mask
        while buckets[next] != 0 {
            let home = home(buckets[next] & 0xFFFF_FFFF)
            if (next &- home) & mask >= (next &- hole) & mask {
                buckets[hole] = buckets[next]
                hole = next
            }
            next = (next &+ 1) & mask
        }
        buckets[hole] = 0
        count &-= 1
        return slot
    }

    /// Puts `bucket` in the first empty bucket from its home.
    private mutating func place(_ bucket: UInt64) {
        let mask = buckets.count &- 1
        var position = home(bucket & 0xFFFF_FFFF)
        while buckets[position] != 0 { position = (position &+ 1) & mask }
        buckets[position] = bucket
    }

    /// Doubles the buckets and places every key again.
    private mutating func grow() {
        let old = buckets
        buckets = [UInt64](repeating: 0, count: old.count &* 2)
        for bucket in old where bucket != 0 { place(bucket) }
    }
}
