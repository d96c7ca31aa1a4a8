// Object keys: read like any string, then checked against the keys the same object already has,
// because RFC 8259 leaves repeated names undefined and readers disagree on which one wins.

extension Parser {
    /// Reads `"key"` and the colon after it, rejecting a key the innermost object already has.
    mutating func parseKey() throws(JSONParseError) {
        guard peek() == ASCII.quote else { throw unexpected(expecting: "a string key") }
        let keyOffset = index
        let key = try parseString()
        try rememberKey(key, at: keyOffset)
        skipSpace()
        guard peek() == ASCII.colon else { throw unexpected(expecting: "':'") }
        index += 1
        skipSpace()
    }

    mutating func rememberKey(_ key: String, at offset: Int) throws(JSONParseError) {
        let top = frames.count - 1
        let count = frames[top].members.count
        if count < Self.linearKeyLimit {
            // By index, touching only keys: iterating members would copy (and retain) every value.
            for position in 0..<count where sameScalars(frames[top].members[position].key, key) {
                throw duplicateKey(key, at: offset)
            }
        } else {
            if frames[top].seenKeys == nil {
                frames[top].seenKeys = Set(frames[top].members.map { ScalarKey($0.key) })
            }
            guard frames[top].seenKeys?.insert(ScalarKey(key)).inserted == true else {
                throw duplicateKey(key, at: offset)
            }
        }
        frames[top].pendingKey = key
    }

    /// Names the key as JSON would write it, cut short so a megabyte key cannot bloat the message.
    func duplicateKey(_ key: String, at offset: Int) -> JSONParseError {
        let limit = 40
        var shown = String(String.UnicodeScalarView(key.unicodeScalars.prefix(limit)))
        let cut = shown.unicodeScalars.count < key.unicodeScalars.count
        var writer = JSONWriter(reservingCapacity: 64)
        writer.string(shown)
        shown = String(decoding: writer.bytes, as: UTF8.self)
        return failure("duplicate key " + shown + (cut ? "…" : ""), at: offset)
    }
}
