/// A table that remembers the order of use: O(1) lookup, touch, insert and removal of the least recently used.
/// Not thread-safe; `SessionStore` guards it.
struct LRUTable<Value> {
    private struct Node {
        var key: String
        var value: Value
        var lastUse: Double
        var older: Int
        var newer: Int
    }

    private var nodes: [Node?] = []
    private var free: [Int] = []
    private var index: [String: Int] = [:]
    private var newest = -1
    private var oldest = -1

    var count: Int { index.count }

    /// The value for `key`, made the most recently used at `now`.
    mutating func touch(_ key: String, now: Double) -> Value? {
        guard let slot = index[key], let node = nodes[slot] else { return nil }
        unlink(slot)
        nodes[slot]?.lastUse = now
        linkAsNewest(slot)
        return node.value
    }

    /// Runs `body` on the value of `key`, given its last use (before this call); the value is replaced only if
    /// `body` returns, and is then the most recently used at `now`. Nil when `key` is absent.
    ///
    /// One hash lookup where lastUse + touch + update take three, on every session event.
    mutating func modify<T, E: Error>(
        _ key: String, now: Double, _ body: (_ value: inout Value, _ lastUse: Double) throws(E) -> T
    ) throws(E) -> T? {
        guard let slot = index[key], let node = nodes[slot] else { return nil }
        var value = node.value
        let result = try body(&value, node.lastUse)
        nodes[slot]?.value = value
        unlink(slot)
        nodes[slot]?.lastUse = now
        linkAsNewest(slot)
        return result
    }

    /// The last use of `key`, without touching it.
    func lastUse(_ key: String) -> Double? {
        index[key].flatMap { nodes[$0]?.lastUse }
    }

    /// Replaces the value of an existing key; false when absent.
    @discardableResult
    mutating func update(_ key: String, _ value: Value) -> Bool {
        guard let slot = index[key] else { return false }
        nodes[slot]?.value = value
        return true
    }

    /// Inserts a new key as the most recently used.
    mutating func insert(_ key: String, _ value: Value, now: Double) {
        let node = Node(key: key, value: value, lastUse: now, older: -1, newer: -1)
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            nodes[slot] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        index[key] = slot
        linkAsNewest(slot)
    }

    /// Removes `key`; false when absent.
    @discardableResult
    mutating func remove(_ key: String) -> Bool {
        guard let slot = index.removeValue(forKey: key) else { return false }
        unlink(slot)
        nodes[slot] = nil
        free.append(slot)
        return true
    }

    /// The least recently used key and its last use.
    var oldestEntry: (key: String, lastUse: Double)? {
        guard oldest >= 0, let node = nodes[oldest] else { return nil }
        return (node.key, node.lastUse)
    }

    private mutating func unlink(_ slot: Int) {
        guard let node = nodes[slot] else { return }
        if node.older >= 0 { nodes[node.older]?.newer = node.newer } else { oldest = node.newer }
        if node.newer >= 0 { nodes[node.newer]?.older = node.older } else { newest = node.older }
        nodes[slot]?.older = -1
        nodes[slot]?.newer = -1
    }

    private mutating func linkAsNewest(_ slot: Int) {
        nodes[slot]?.older = newest
        nodes[slot]?.newer = -1
        if newest >= 0 { nodes[newest]?.newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}
