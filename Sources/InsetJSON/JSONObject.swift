/// Members in document order; keys unique (the parser rejects duplicates).
///
/// Keys compare by Unicode scalars, never by canonical equivalence, so two keys that merely look
/// alike stay distinct, as RFC 8259 expects of interoperable implementations.
public struct JSONObject: Equatable, Sendable {
    /// The members, in the order they appeared (or were added).
    public var members: [(key: String, value: JSONValue)]

    /// Creates an object from members that the caller keeps unique.
    public init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = members
    }

    /// The value of the first member named `key`, if any.
    public subscript(key: String) -> JSONValue? {
        // Linear on purpose: request objects have a handful of members, where hashing costs more.
        for member in members where sameScalars(member.key, key) {
            return member.value
        }
        return nil
    }

    /// The keys, in member order.
    public var keys: [String] {
        members.map(\.key)
    }

    /// Equal when both hold the same keys with equal values, in any order, as JSON objects are unordered.
    ///
    /// Should a caller build an object with a repeated key, the n-th occurrence on one side is matched
    /// with the n-th on the other, so equality stays symmetric and transitive.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        let count = lhs.members.count
        guard count == rhs.members.count else { return false }
        // Both sides usually come from one producer in one order: walk the shared prefix pairwise.
        var first = 0
        while first < count, sameScalars(lhs.members[first].key, rhs.members[first].key) {
            guard lhs.members[first].value == rhs.members[first].value else { return false }
            first += 1
        }
        guard first < count else { return true }
        // Index the rest of rhs by key so that a large reordered object does not cost quadratic time.
        var unmatched: [ScalarKey: [Int]] = [:]
        for index in (first..<count).reversed() {
            unmatched[ScalarKey(rhs.members[index].key), default: []].append(index)
        }
        for index in first..<count {
            let key = ScalarKey(lhs.members[index].key)
            guard let match = unmatched[key]?.popLast(),
                lhs.members[index].value == rhs.members[match].value
            else { return false }
        }
        return true
    }
}
