import Testing

@testable import InsetStores

/// The writers a record names.
@Suite("Record writers")
struct RecordWritersTests {
    @Test func theLastFourAreKeptNewestFirst() {
        let writers = (1...6).reduce(RecordWriters()) { $0.adding(UInt64($1) << 40 | 7) }
        #expect(writers.count == 4)
        #expect((0..<5).map { writers.writer(back: $0) } == [6, 5, 4, 3, nil].map { $0.map { UInt64($0) << 40 | 7 } })
        #expect(writers.writer(back: -1) == nil)
    }

    @Test func aRecordCarriesItsWritersAfterItsRevision() throws {
        let session = try SessionStoringTests.session(time: 100)
        let writers = RecordWriters().adding(1).adding((1 << 48) - 1)
        let record = SessionRecord.encode(session, revision: 9, writers: writers, reusing: nil).bytes
        #expect(String(decoding: record.prefix(36), as: UTF8.self) == #"{"v":1,"r":9,"w":"________AAAAAAAB","#)
        #expect(try SessionRecord.writers(in: record) == writers)
        #expect(try SessionRecord.decode(record).session == session)
        // Other writers, the same session: a touch. Without writers, as records written before them are.
        let without = SessionRecord.encode(session, revision: 8)
        #expect(SessionRecord.equalApartFromRevision(record, without))
        #expect(try SessionRecord.writers(in: without) == RecordWriters())
        var moved = session
        moved.keyboardVisible = true
        #expect(!SessionRecord.equalApartFromRevision(record, SessionRecord.encode(moved, revision: 8)))
    }

    @Test func damagedWritersAreUnreadable() {
        for text in [
            #""w":"","#, #""w":"AAAA","#, #""w":"AAAAAAA*","#, #""w":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA","#,
        ] {
            let record = Array(#"{"v":1,"r":3,\#(text)"id":"x"}"#.utf8)
            #expect(throws: SessionRecord.Unreadable.self) { try SessionRecord.writers(in: record) }
        }
    }

    @Test func idsAreDistinctAndFitInEightDigits() {
        let ids = WriterIDs()
        let drawn = (0..<10_000).map { _ in ids.next() }
        #expect(Set(drawn).count == drawn.count)
        #expect(drawn.allSatisfy { $0 > 0 && $0 < 1 << 48 })
    }
}
