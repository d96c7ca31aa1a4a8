import InsetSession

/// A session's record as a replica last read or wrote it.
struct CachedRecord: Equatable {
    /// The record decoded.
    var session: Session
    /// Its revision, which the compare-and-set checks.
    var revision: Int
    /// The attempts that wrote its last revisions.
    var writers = RecordWriters()
    /// The record as stored, to tell a change from a touch.
    var bytes: [UInt8]
    /// Where the geometry's value lies in `bytes`, when this build wrote them (nil when read from Redis).
    var geometryText: Range<Int>? = nil

    /// The geometry's text to copy into the next record, when known.
    var reusableGeometry: SessionRecord.GeometryText? {
        geometryText.map { SessionRecord.GeometryText(geometry: session.scene, text: bytes[$0]) }
    }
}

/// The records a replica remembers, bounded by count (least recently used dropped first) and by the TTL: an
/// entry unused for longer than a key lives is never used, since the key is most likely gone. Not thread-safe;
/// `RedisSessionStore` guards it, keyed by `SessionKey`, which hashes and compares in registers where an id's
/// `String` hashes its bytes.
struct RecordCache<Key: Hashable> {
    /// Entries kept at most.
    let capacity: Int
    /// Milliseconds after its last use that an entry is dropped.
    let ttl: Double
    private var table = LRUTable<Key, CachedRecord>()

    /// An empty cache.
    init(capacity: Int, ttl: Double) {
        self.capacity = max(1, capacity)
        self.ttl = ttl
    }

    /// Sessions remembered now.
    var count: Int { table.count }

    /// Takes the record of `id` out, unless absent or unused for longer than the TTL (then dropped): an update
    /// changes the session in place and puts the result back with `remember`. A copy left behind would share the
    /// session's arrays, so that every one the change touches would be copied first, and the copy and the
    /// record it replaced would both be freed afterwards.
    mutating func take(_ id: Key, now: Double) -> CachedRecord? {
        guard let (record, lastUse) = table.take(id), now - lastUse <= ttl else { return nil }
        return record
    }

    /// Keeps `record` for `id`, unless a later revision is kept already (two threads of this replica finishing
    /// in the other order); makes room by dropping expired entries, then the least recently used.
    mutating func remember(_ id: Key, _ record: CachedRecord, now: Double) {
        let present: Bool? = table.modify(id, now: now) { (kept, _, _) in
            if record.revision >= kept.revision { kept = record }
            return true
        }
        guard present == nil else { return }
        while let oldest = table.oldestEntry, table.count >= capacity || now - oldest.lastUse > ttl {
            table.remove(oldest.key)
        }
        table.insert(id, record, now: now)
    }

    /// Drops `id`.
    mutating func forget(_ id: Key) { table.remove(id) }

    /// Drops every entry.
    mutating func removeAll() { table = LRUTable() }
}
