import InsetCore

/// Keyboard notification names wherever a console prints them: the Objective-C constant
/// (`UIKeyboardWillShowNotification`), Swift's (`UIResponder.keyboardWillShowNotification`), the
/// `NSNotification.Name(_rawValue: …)` Swift prints for one, and the handler names logs mention
/// (`-[ViewController keyboardWillShow:]`, `handleKeyboardWillHide`). Each holds `[kK]eyboard`, `Will` or
/// `Did`, then `Show`, `Hide` or `ChangeFrame`, which is what is matched.
enum PrintedNotificationName {
    private static let stem = Array("eyboard".utf8)
    private static let tenses: [(String, Bool)] = [("Will", false), ("Did", true)]
    private static let kinds = ["Show", "Hide", "ChangeFrame"]

    /// The last name in `bytes[range]`, if any, and the offset where it starts.
    static func last(in bytes: [UInt8], _ range: Range<Int>) -> (name: KeyboardNotificationName, at: Int)? {
        var found: (KeyboardNotificationName, Int)?
        var index = range.lowerBound
        while index + 1 + stem.count <= range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "k") || byte == UInt8(ascii: "K"), let name = name(in: bytes, at: index + 1, range)
            {
                found = (name, index)
            }
            index += 1
        }
        return found
    }

    /// The name whose `eyboard` starts at `index`.
    private static func name(in bytes: [UInt8], at index: Int, _ range: Range<Int>) -> KeyboardNotificationName? {
        guard matches(stem, in: bytes, at: index, range) else { return nil }
        var cursor = index + stem.count
        for (tense, isDid) in tenses where matches(Array(tense.utf8), in: bytes, at: cursor, range) {
            cursor += tense.utf8.count
            for kind in kinds where matches(Array(kind.utf8), in: bytes, at: cursor, range) {
                switch (isDid, kind) {
                case (false, "Show"): return .willShow
                case (false, "Hide"): return .willHide
                case (false, _): return .willChangeFrame
                case (true, "Show"): return .didShow
                case (true, "Hide"): return .didHide
                default: return .didChangeFrame
                }
            }
            return nil
        }
        return nil
    }

    private static func matches(_ word: [UInt8], in bytes: [UInt8], at index: Int, _ range: Range<Int>) -> Bool {
        guard index + word.count <= range.upperBound else { return false }
        for offset in word.indices where bytes[index + offset] != word[offset] { return false }
        return true
    }
}
