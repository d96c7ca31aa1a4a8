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
///
/// The first three fields are held inline and the rest in an array: a response's usual three (its type, its
/// request id and `Vary`) then need no heap block, where an array costs an allocation and a free per response.
public struct HTTPHeaders: Sendable, Sequence {
    @usableFromInline var first: HTTPField?
    @usableFromInline var second: HTTPField?
    @usableFromInline var third: HTTPField?
    /// The fields after the first three.
    @usableFromInline var rest: [HTTPField] = []

    /// No fields: what a response starts with. Its own init, as the pairs' with none walked an empty array.
    public init() {}

    /// Creates headers from name-value pairs.
    public init(_ fields: [(name: String, value: String)]) {
        for field in fields { add(name: field.name, value: field.value) }
    }

    /// The fields in order, as an array.
    public var fields: [HTTPField] {
        var all: [HTTPField] = []
        all.reserveCapacity(count)
        forEachField { all.append($0) }
        return all
    }

    /// The first value of the field `name` (case-insensitive), if any.
    @inlinable
    public subscript(name: String) -> String? {
        if case .some(let field) = first, field.name.caseInsensitiveEquals(name) { return field.value }
        if case .some(let field) = second, field.name.caseInsensitiveEquals(name) { return field.value }
        if case .some(let field) = third, field.name.caseInsensitiveEquals(name) { return field.value }
        // Through the buffer, whose elements are compared where they lie: iterating the array would copy every
        // field, retaining and releasing both of its strings.
        return rest.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where buffer[index].name.caseInsensitiveEquals(name) {
                return buffer[index].value
            }
            return nil
        }
    }

    /// Makes room for `count` fields in all, so that adding up to that many does not regrow the storage.
    public mutating func reserveCapacity(_ count: Int) {
        if count > 3 { rest.reserveCapacity(count - 3) }
    }

    /// Appends a field, keeping any earlier one of the same name.
    public mutating func add(name: consuming String, value: consuming String) {
        if case .none = first {
            first = HTTPField(name: name, value: value)
        } else if case .none = second {
            second = HTTPField(name: name, value: value)
        } else if case .none = third {
            third = HTTPField(name: name, value: value)
        } else {
            rest.append(HTTPField(name: name, value: value))
        }
    }

    /// Drops every field, keeping the array's storage for the fields of a next request.
    mutating func removeAll() {
        first = nil
        second = nil
        third = nil
        if !rest.isEmpty { rest.removeAll(keepingCapacity: true) }
    }

    /// Calls `body` with each field in order, where it lies.
    func forEachField(_ body: (HTTPField) -> Void) {
        if case .some(let field) = first { body(field) }
        if case .some(let field) = second { body(field) }
        if case .some(let field) = third { body(field) }
        rest.withUnsafeBufferPointer { buffer in
            for index in buffer.indices { body(buffer[index]) }
        }
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[HTTPField]> {
        fields.makeIterator()
    }

    /// The number of fields.
    public var count: Int {
        switch (first, second, third) {
        case (.none, _, _): 0
        case (.some, .none, _): 1
        case (.some, .some, .none): 2
        case (.some, .some, .some): 3 + rest.count
        }
    }
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
        // Names of one length mostly differ in their first byte (`Content-Type`, `X-Request-Id`): that settles them
        // before the byte loop.
        guard let firstA = utf8.first, let firstB = other.utf8.first else { return true }
        if firstA != firstB, firstA | 0x20 != firstB | 0x20 || !(0x61...0x7A).contains(firstA | 0x20) {
            return false
        }
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

/// A space or a tab: the optional whitespace of RFC 9110 §5.6.3.
@usableFromInline
func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

extension BidirectionalCollection where Element == UInt8 {
    /// The bytes without leading and trailing blanks: a field value, or an element of a comma-separated one,
    /// without its optional whitespace. The transport and the service both trim with it; text is trimmed
    /// through its `utf8` view, which `Substring(_:)` turns back into text.
    @inlinable
    package func trimmingBlanks() -> SubSequence {
        var start = startIndex
        var end = endIndex
        while start != end, isBlank(self[start]) { formIndex(after: &start) }
        while start != end {
            let last = index(before: end)
            guard isBlank(self[last]) else { break }
            end = last
        }
        return self[start..<end]
    }
}
