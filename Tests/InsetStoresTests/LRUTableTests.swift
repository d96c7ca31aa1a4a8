import Testing

@testable import InsetStores

/// A key whose hash is chosen by the test: keys that share a bucket, or all of it, make the index probe, wrap around
/// its end and shift buckets back on removal, which random session ids seldom do.
private struct ChosenHashKey: Hashable {
    var id: Int
    var chosenHash: Int

    static func == (a: Self, b: Self) -> Bool { a.id == b.id }
    func hash(into hasher: inout Hasher) { hasher.combine(chosenHash) }
}

/// A seeded linear congruential generator (Knuth's MMIX constants), so that a failing run can be repeated; its
/// high bits are random enough to pick keys and steps.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 32 | state << 32
    }
}

/// The table against a dictionary and an array kept in the order of use, over a seeded run of inserts, uses and
/// removals; `hashes` is how many distinct hashes the keys spread over.
private func checkAgainstModel(hashes: Int, seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    var table = LRUTable<ChosenHashKey, Int>()
    var model: [Int: Int] = [:]
    var order: [Int] = []  // oldest first
    let key = { (id: Int) in ChosenHashKey(id: id, chosenHash: id % hashes) }
    for step in 0..<4000 {
        let id = Int.random(in: 0..<300, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0 where model[id] == nil:
            table.insert(key(id), step, now: Double(step))
            model[id] = step
            order.append(id)
        case 1:
            let found = table.modify(key(id), now: Double(step)) { value, _, _ in value }
            #expect(found == model[id], "use of \(id) at step \(step)")
            if model[id] != nil {
                order.removeAll { $0 == id }
                order.append(id)
            }
        default:
            #expect(table.remove(key(id)) == (model.removeValue(forKey: id) != nil), "removal of \(id)")
            order.removeAll { $0 == id }
        }
        #expect(table.count == model.count)
        #expect(table.oldestEntry?.key.id == order.first)
    }
    for (id, value) in model {
        #expect(table.modify(key(id), now: 0) { stored, _, _ in stored } == value)
    }
}

@Test func lruTableMatchesADictionaryWithSpreadHashes() {
    checkAgainstModel(hashes: 1 << 20, seed: 1)
}

@Test func lruTableMatchesADictionaryWhenKeysShareBuckets() {
    checkAgainstModel(hashes: 7, seed: 2)
}

@Test func lruTableMatchesADictionaryWhenEveryKeyCollides() {
    checkAgainstModel(hashes: 1, seed: 3)
}

/// Removal shifts the buckets after the hole back so that every key is still found from its home: here keys of
/// one home fill a run that wraps past the index's last bucket, and each removal must leave the others found.
@Test func slotIndexRemovalKeepsAWrappedRunFound() {
    var index = SlotIndex()
    let count = index.buckets.count
    // Homes at the last bucket and the one before it, so that the run wraps to the start.
    let hashes = [count - 1, count - 1, count - 2, count - 1, count - 2]
    for (slot, hash) in hashes.enumerated() { index.insert(hash, slot: slot) }
    for removed in hashes.indices {
        var remaining = SlotIndex()
        for (slot, hash) in hashes.enumerated() { remaining.insert(hash, slot: slot) }
        guard let position = remaining.bucket(hashes[removed], isKey: { $0 == removed }) else {
            Issue.record("slot \(removed) not found before removal")
            continue
        }
        #expect(remaining.remove(at: position) == removed)
        for (slot, hash) in hashes.enumerated() where slot != removed {
            #expect(remaining.slot(hash, isKey: { $0 == slot }) == slot, "slot \(slot) after removing \(removed)")
        }
        #expect(remaining.slot(hashes[removed], isKey: { $0 == removed }) == nil)
    }
    #expect(index.count == hashes.count)
}

/// A memory store's link, its optional session key with it, takes 48 bytes: an idle session's share of the table.
/// A key of three whole words (24 bytes, its optional 25) made it 56, and an idle session 1 026 bytes against
/// 1 013 (`InsetBench`'s `session_bytes_rss`), over issue 50's 1 024.
@Test func aSessionTablesLinkTakesFortyEightBytes() {
    #expect(MemoryLayout<SessionKey>.size == 22)
    #expect(MemoryLayout<LRUTable<SessionKey, Int>.Link>.stride == 48)
}
