/// A string hashed and compared by its UTF-8 bytes.
///
/// `Set<String>` and `Dictionary<String, _>` merge canonically equivalent strings, which would make
/// distinct JSON keys look like duplicates; this wrapper keeps them apart.
struct ScalarKey: Hashable {
    let string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (lhs: ScalarKey, rhs: ScalarKey) -> Bool {
        lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var copy = string
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
