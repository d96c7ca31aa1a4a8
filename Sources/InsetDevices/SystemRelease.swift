/// An iOS release as the catalogue writes it (`"26"`, `"17.2"`), ordered by its numbers.
struct SystemRelease: Comparable, Sendable {
    /// The numbers between the dots: major, then minor.
    let parts: [Int]

    /// The release `text` spells, or nil when it is not digits joined by single dots.
    init?(_ text: String) {
        var parts: [Int] = []
        for piece in text.split(separator: ".", omittingEmptySubsequences: false) {
            guard !piece.isEmpty, piece.count <= 3, let number = Int(piece), piece.allSatisfy(\.isASCII) else {
                return nil
            }
            parts.append(number)
        }
        guard !parts.isEmpty, parts.count <= 3 else { return nil }
        self.parts = parts
    }

    /// The major release (`26` of `"26.1"`).
    var major: Int { parts[0] }

    static func < (lhs: SystemRelease, rhs: SystemRelease) -> Bool {
        lhs.parts.lexicographicallyPrecedes(rhs.parts)
    }
}
