import Testing

@testable import InsetStores

/// The record cache on its own: bounded by count and by the TTL, and never going back a revision.
@Suite("Redis record cache")
struct RecordCacheTests {
    static func record(_ revision: Int) throws -> CachedRecord {
        let session = try SessionStoringTests.session(time: 100)
        return CachedRecord(
            session: session, revision: revision, bytes: SessionRecord.encode(session, revision: revision))
    }

    /// The record of `id`, used as an update uses it: taken out, then put back.
    static func use(_ cache: inout RecordCache<String>, _ id: String, now: Double) -> CachedRecord? {
        guard let record = cache.take(id, now: now) else { return nil }
        cache.remember(id, record, now: now)
        return record
    }

    @Test func theLeastRecentlyUsedGoesFirstPastTheCapacity() throws {
        var cache = RecordCache<String>(capacity: 2, ttl: 1000)
        cache.remember("a", try Self.record(0), now: 0)
        cache.remember("b", try Self.record(0), now: 1)
        #expect(Self.use(&cache, "a", now: 2) != nil)
        cache.remember("c", try Self.record(0), now: 3)
        #expect(cache.count == 2)
        #expect(Self.use(&cache, "b", now: 4) == nil)
        #expect(Self.use(&cache, "a", now: 4) != nil && Self.use(&cache, "c", now: 4) != nil)
    }

    @Test func anEntryUnusedForTheTTLIsDropped() throws {
        var cache = RecordCache<String>(capacity: 10, ttl: 100)
        cache.remember("a", try Self.record(0), now: 0)
        #expect(Self.use(&cache, "a", now: 100) != nil)
        #expect(Self.use(&cache, "a", now: 201) == nil)
        #expect(cache.count == 0)
    }

    @Test func aTakenRecordLeavesNothingBehindAndAnExpiredOneIsNotTaken() throws {
        var cache = RecordCache<String>(capacity: 10, ttl: 100)
        cache.remember("a", try Self.record(3), now: 0)
        cache.remember("b", try Self.record(0), now: 0)
        #expect(cache.take("a", now: 50)?.revision == 3)
        #expect(cache.count == 1)
        #expect(cache.take("a", now: 51) == nil)
        // Put back once written, as an update does.
        cache.remember("a", try Self.record(4), now: 60)
        #expect(Self.use(&cache, "a", now: 61)?.revision == 4)
        #expect(cache.take("b", now: 101) == nil)
        #expect(cache.count == 1)
    }

    @Test func anOlderRevisionNeverReplacesANewer() throws {
        var cache = RecordCache<String>(capacity: 10, ttl: 100)
        cache.remember("a", try Self.record(5), now: 0)
        cache.remember("a", try Self.record(4), now: 1)
        #expect(Self.use(&cache, "a", now: 2)?.revision == 5)
        cache.remember("a", try Self.record(6), now: 3)
        #expect(Self.use(&cache, "a", now: 4)?.revision == 6)
        cache.forget("a")
        #expect(Self.use(&cache, "a", now: 5) == nil)
    }

    @Test func aRecordEqualApartFromItsRevisionIsATouch() throws {
        var session = try SessionStoringTests.session(time: 100)
        let stored = SessionRecord.encode(session, revision: 9)
        #expect(SessionRecord.equalApartFromRevision(SessionRecord.encode(session, revision: 10), stored))
        #expect(stored.starts(with: SessionRecord.revisionLead))
        session.keyboardVisible = true
        #expect(!SessionRecord.equalApartFromRevision(SessionRecord.encode(session, revision: 10), stored))
    }
}
