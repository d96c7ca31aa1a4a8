import Testing

@testable import InsetSchema

/// What reading a hostile text costs, counted in bytes read and comparisons made, never in seconds: the work
/// is linear in the text's length whatever its shape.
@Suite struct ConsoleLogWorkTests {
    /// The attacker's line (16 bytes): a `[` that is a dictionary while the line's `\"…\"` is a string, and an
    /// array when it is not, so that each line doubles the readings of a reader that tries both.
    static let tangledLine = #"k:[j:\"],z:w\","# + "\n"

    /// The three places the attacker put the lines: after a bare `[`, in a Swift notification's `userInfo`, and
    /// after a Swift dictionary's first member.
    static let openings = [
        "[",
        "name = UIKeyboardWillShowNotification, object = nil, userInfo = Optional([",
        #"keyboardWillShow [AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 508}, {390, 336}},"# + "\n",
    ]

    /// A generous line no linear reading crosses: twenty times over the text, and 128 KiB for a short one.
    static func linearBound(_ length: Int) -> Int { 20 * length + 131_072 }

    /// 20 lines (321 bytes after `[`) took a reader that charged only its outer cursor 0.05 s, 50 lines 29 s:
    /// every probe's bytes now count, and reading stops at the budget with an error.
    @Test(arguments: openings)
    func tangledArraysCostLinearWork(opening: String) {
        let bytes = Array((opening + String(repeating: Self.tangledLine, count: 20)).utf8)
        let (log, _) = ConsoleLogReader.read(bytes)
        #expect(log.bytesRead <= Self.linearBound(bytes.count), "read \(log.bytesRead) bytes of \(bytes.count)")
    }

    /// The same lines filling 64 KB: read to an end within the bound, refused with the budget's error.
    @Test(arguments: openings)
    func tangledArraysFilling64KBEnd(opening: String) {
        let lines = (65_000 - opening.utf8.count) / Self.tangledLine.utf8.count
        let bytes = Array((opening + String(repeating: Self.tangledLine, count: lines)).utf8)
        let (log, errors) = ConsoleLogReader.read(bytes)
        #expect(log.bytesRead <= Self.linearBound(bytes.count), "read \(log.bytesRead) bytes of \(bytes.count)")
        #expect(log.notifications.isEmpty)
        #expect(errors.last?.message.contains("too deeply or too long") == true, "\(errors)")
    }
}

extension ConsoleLogWorkTests {
    /// Counts the hashes and comparisons made with the keys that share it.
    final class Tally {
        var count = 0
    }

    struct CountedKey: Hashable {
        let value: Int
        let tally: Tally

        static func == (lhs: CountedKey, rhs: CountedKey) -> Bool {
            lhs.tally.count += 1
            return lhs.value == rhs.value
        }

        func hash(into hasher: inout Hasher) {
            tally.count += 1
            hasher.combine(value)
        }
    }

    /// 8 600 unused keys took up to 0.6 s and four times as many 15-19 times as long (each key compared with
    /// every one listed before it): now a few hashes and comparisons per key, duplicates still listed once.
    @Test func unusedKeysCostAFewComparisonsEach() {
        let tally = Tally()
        let count = 4000
        let keys = (0..<count).map { CountedKey(value: $0, tally: tally) }
        let used = Set((count..<count + 5).map { CountedKey(value: $0, tally: tally) })
        let sent = keys + keys.prefix(100) + [CountedKey(value: count, tally: tally)]
        tally.count = 0
        let unused = LoggedUserInfo.unusedKeys(sent, used: used)
        #expect(unused.map(\.value) == Array(0..<count))
        #expect(tally.count <= 16 * sent.count, "\(tally.count) hashes and comparisons for \(sent.count) keys")
    }
}

extension ConsoleLogWorkTests {
    /// Whether what failed to read showed a keyboard key was a substring search per failed start: `{` × 65 000
    /// cost 80-270 ms (a search's set-up per start, against 3 ms for `(` × 65 000), and starts whose reads
    /// overlap (`{a = ` nested past the depth limit) searched each byte six times. Now each byte is looked at
    /// once, for the whole text.
    @Test(arguments: ["{", "{a = "])
    func keyboardKeysAreLookedForOnce(piece: String) {
        let bytes = Array(String(repeating: piece, count: 65_000 / piece.utf8.count).utf8)
        let (log, _) = ConsoleLogReader.read(bytes)
        #expect(log.notifications.isEmpty)
        #expect(log.bytesSearched <= bytes.count, "searched \(log.bytesSearched) bytes of \(bytes.count)")
    }
}
