/// A table that remembers the order of use: O(1) lookup, insert and removal of the least recently used.
/// Not thread-safe; `SessionStore` guards it.
///
/// Values and the use-order links live in separate arrays: a session is several hundred bytes, and keeping it
/// apart means relinking a slot never copies it. `modify` is inlinable, with what it reaches, as the memory
/// store's `modify` is.
@usableFromInline
struct LRUTable<Key: Hashable, Value> {
    @usableFromInline
    struct Link {
        @usableFromInline var key: Key?
        @usableFromInline var lastUse: Double
        /// What the value weighs (bytes, for sessions); 0 for tables that do not weigh.
        @usableFromInline var weight = 0
        /// The neighbours' slots in the order of use (-1: none), in 32 bits: with 64, a link took 56 bytes, not
        /// 48, a session's share of the table's memory. A table holds far fewer than 2^31 slots (`--max-sessions` is
        /// at most 10^8).
        @usableFromInline var olderSlot: Int32
        @usableFromInline var newerSlot: Int32

        @inlinable var older: Int {
            get { Int(olderSlot) }
            set { olderSlot = Int32(truncatingIfNeeded: newValue) }
        }

        @inlinable var newer: Int {
            get { Int(newerSlot) }
            set { newerSlot = Int32(truncatingIfNeeded: newValue) }
        }

        init(key: Key?, lastUse: Double, weight: Int, older: Int, newer: Int) {
            self.key = key
            self.lastUse = lastUse
            self.weight = weight
            self.olderSlot = Int32(truncatingIfNeeded: older)
            self.newerSlot = Int32(truncatingIfNeeded: newer)
        }
    }

    @usableFromInline var values: [Value?] = []
    @usableFromInline var links: [Link] = []
    private var free: [Int] = []
    /// Each key's slot (`SlotIndex`): the keys themselves are in `links`.
    @usableFromInline var index = SlotIndex()
    @usableFromInline var newest = -1
    @usableFromInline var oldest = -1

    var count: Int { index.count }
    /// The weights of every value, summed; set only here.
    @usableFromInline var totalWeight = 0

    init() {}

    /// Runs `body` on the value of `key` in place, given its last use (before this call) and its weight, which
    /// `body` may change with the value; if `body` returns, the value becomes the most recently used at `now`.
    /// Nil when `key` is absent.
    ///
    /// `body` must throw, if at all, before it changes the value: nothing is copied to roll back to, because a
    /// session is several hundred bytes and copying it out and back costs more than the event itself. Debug
    /// builds check this (the tests run them).
    @inlinable
    mutating func modify<T, E: Error>(
        _ key: Key, now: Double, _ body: (_ value: inout Value, _ lastUse: Double, _ weight: inout Int) throws(E) -> T
    ) throws(E) -> T? where Value: Equatable {
        // A pattern, not `!= nil`, which copies the whole session out to compare it.
        guard let slot = index.slot(key.hashValue, isKey: { links[$0].key == key }), case .some = values[slot]
        else { return nil }
        #if DEBUG
            let before = values[slot]
        #endif
        let weightBefore = links[slot].weight
        let result: T
        do {
            // Unwrapping through the array's accessor changes the value where it lies; the guard saw it there.
            // swift-format-ignore: NeverForceUnwrap
            result = try body(&values[slot]!, links[slot].lastUse, &links[slot].weight)
        } catch {
            #if DEBUG
                assert(values[slot] == before, "modify's body changed the value, then threw")
            #endif
            throw error
        }
        totalWeight += links[slot].weight - weightBefore
        unlink(slot)
        links[slot].lastUse = now
        linkAsNewest(slot)
        return result
    }

    /// Inserts a new key, one the table does not hold, as the most recently used.
    mutating func insert(_ key: Key, _ value: Value, now: Double, weight: Int = 0) {
        assert(index.slot(key.hashValue, isKey: { links[$0].key == key }) == nil, "a key the table holds")
        let link = Link(key: key, lastUse: now, weight: weight, older: -1, newer: -1)
        totalWeight += weight
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            values[slot] = value
            links[slot] = link
        } else {
            slot = values.count
            values.append(value)
            links.append(link)
        }
        index.insert(key.hashValue, slot: slot)
        linkAsNewest(slot)
    }

    /// Removes `key`; false when absent.
    @discardableResult @usableFromInline
    mutating func remove(_ key: Key) -> Bool {
        guard let position = index.bucket(key.hashValue, isKey: { links[$0].key == key }) else { return false }
        let slot = index.remove(at: position)
        unlink(slot)
        totalWeight -= links[slot].weight
        links[slot].weight = 0
        values[slot] = nil
        links[slot].key = nil
        free.append(slot)
        return true
    }

    /// Removes `key` and hands its value over, moved out rather than copied, with its last use; nil when absent.
    mutating func take(_ key: Key) -> (value: Value, lastUse: Double)? {
        guard let position = index.bucket(key.hashValue, isKey: { links[$0].key == key }) else { return nil }
        let slot = index.remove(at: position)
        let lastUse = links[slot].lastUse
        unlink(slot)
        totalWeight -= links[slot].weight
        links[slot].weight = 0
        let value = values[slot].take()
        links[slot].key = nil
        free.append(slot)
        return value.map { ($0, lastUse) }
    }

    /// The least recently used key and its last use.
    @usableFromInline var oldestEntry: (key: Key, lastUse: Double)? {
        // A linked slot always holds its key.
        guard oldest >= 0, let key = links[oldest].key else { return nil }
        return (key, links[oldest].lastUse)
    }

    @inlinable
    mutating func unlink(_ slot: Int) {
        let older = links[slot].older
        let newer = links[slot].newer
        if older >= 0 { links[older].newer = newer } else { oldest = newer }
        if newer >= 0 { links[newer].older = older } else { newest = older }
        links[slot].older = -1
        links[slot].newer = -1
    }

    @inlinable
    mutating func linkAsNewest(_ slot: Int) {
        links[slot].older = newest
        links[slot].newer = -1
        if newest >= 0 { links[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}
