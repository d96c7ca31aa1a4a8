/// One header field.
///
/// A struct rather than a tuple: an array of tuples is destroyed through the runtime's generic tuple code,
/// field by field through metadata, and every request frees two such arrays.
public struct HTTPField: Sendable {
    /// The name, in the case it was written.
    public var name: String
    /// The value.
    public var value: String

    /// A field.
    public init(name: consuming String, value: consuming String) {
        self.name = name
        self.value = value
    }
}

/// Header fields in arrival order, looked up without regard to case.
public struct HTTPHeaders: Sendable, Sequence {
    /// The fields as received or to be sent.
    public internal(set) var fields: [HTTPField]

    /// Creates headers from name-value pairs.
    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields.map { HTTPField(name: $0.name, value: $0.value) }
    }

    /// Creates headers from fields, keeping their storage.
    public init(fields: [HTTPField]) {
        self.fields = fields
    }

    /// The first value of the field `name` (case-insensitive), if any.
    @inlinable
    public subscript(name: String) -> String? {
        // Through the buffer, whose elements are compared where they lie: iterating the array copied every field,
        // retaining and releasing both of its strings, and a response looks up several names.
        fields.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where buffer[index].name.caseInsensitiveEquals(name) {
                return buffer[index].value
            }
            return nil
        }
    }

    /// Makes room for `count` fields in all, so that adding up to that many does not regrow the storage.
    public mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    /// Appends a field, keeping any earlier one of the same name.
    public mutating func add(name: consuming String, value: consuming String) {
        fields.append(HTTPField(name: name, value: value))
    }

    /// Replaces every field named `name` with one field.
    public mutating func replace(name: String, value: String) {
        fields.removeAll { $0.name.caseInsensitiveEquals(name) }
        fields.append(HTTPField(name: name, value: value))
    }

    /// Drops every field, keeping the storage for the fields of a next request.
    mutating func removeAll() {
        fields.removeAll(keepingCapacity: true)
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[HTTPField]> {
        fields.makeIterator()
    }

    /// The number of fields.
    public var count: Int { fields.count }
}

extension String {
    /// ASCII case-insensitive comparison, as header names need; avoids allocating lowercased copies.
    @inlinable
    func caseInsensitiveEquals(_ other: String) -> Bool {
        // Native strings know their UTF-8 length, so most different names part here, before any byte is read.
        guard utf8.count == other.utf8.count else { return false }
        // Clients nearly always send the usual spelling, which a plain comparison (two words for a short
        // string) settles without the byte loop.
        if self == other { return true }
        var a = utf8.makeIterator()
        var b = other.utf8.makeIterator()
        while true {
            switch (a.next(), b.next()) {
            case (nil, nil): return true
            case (let x?, let y?):
                if x == y { continue }
                let lx = (x >= 65 && x <= 90) ? x + 32 : x
                let ly = (y >= 65 && y <= 90) ? y + 32 : y
                if lx != ly { return false }
            default: return false
            }
        }
    }
}

extension StringProtocol {
    /// The string without leading and trailing characters from `set`.
    func trimmingCharacters(in set: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice.removeFirst() }
        while let last = slice.last, set.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
