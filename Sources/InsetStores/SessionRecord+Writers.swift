extension SessionRecord {
    /// How every record this build writes begins, up to its revision's digits: the Redis store's compare-and-set
    /// script reads the revision there, so `"v"` and `"r"` stay the first two members.
    static let revisionLead = Array("{\"v\":\(version),\"r\":".utf8)

    /// Whether two records of this build hold the same session, whatever their revisions and writers: a change
    /// that changed nothing (a read), which needs no write.
    static func equalApartFromRevision(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        guard let firstRest = afterRevision(first), let secondRest = afterRevision(second) else {
            return first == second
        }
        return first[afterWriters(first, firstRest)...] == second[afterWriters(second, secondRest)...]
    }

    /// The writers a record names in `"w"` right after its revision; none when it has no `"w"` there.
    static func writers(in bytes: [UInt8]) throws(Unreadable) -> RecordWriters {
        guard let start = afterRevision(bytes), bytes[start...].starts(with: writersLead) else {
            return RecordWriters()
        }
        let end = afterWriters(bytes, start)
        // Between `,"w":"` and the closing quote.
        guard end - 1 > start + writersLead.count,
            let writers = RecordWriters(text: bytes[(start + writersLead.count)..<(end - 1)])
        else { throw Unreadable(reason: "w is not a list of writers") }
        return writers
    }

    /// Where the members after the revision begin in a record that opens with `revisionLead`; nil otherwise.
    private static func afterRevision(_ bytes: [UInt8]) -> Int? {
        guard bytes.starts(with: revisionLead) else { return nil }
        var index = revisionLead.count
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            index += 1
        }
        return index
    }

    /// How the writers follow the revision.
    private static let writersLead = Array(#","w":""#.utf8)

    /// Past the writers that follow the revision at `index` (their closing quote), or `index` when none do.
    private static func afterWriters(_ bytes: [UInt8], _ index: Int) -> Int {
        guard bytes[index...].starts(with: writersLead) else { return index }
        var end = index + writersLead.count
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
        return min(end + 1, bytes.count)
    }
}
