/// A value as Foundation's descriptions print it.
indirect enum PrintedValue: Equatable {
    /// A quoted string, and the offset of its first byte inside the quotes.
    case quoted(String, at: Int)
    /// A bare value (a number, a name, `NSRect: {{0, 0}, {1, 1}}`), and the offset of its first byte.
    case bare(String, at: Int)
    /// A dictionary, its members in printed order.
    case dictionary([PrintedEntry])
    /// An array or anything else the replay never reads.
    case other

    /// The text of a quoted or bare value.
    var text: String? {
        switch self {
        case .quoted(let text, _), .bare(let text, _): text
        case .dictionary, .other: nil
        }
    }
}

/// One member of a printed dictionary.
struct PrintedEntry: Equatable {
    /// The key, without the quotes or the `AnyHashable(…)` around it.
    var key: String
    /// The value.
    var value: PrintedValue
}

/// Readers for the two ways a dictionary prints, each stopping (nil, with the cursor's `failure`) at the first
/// thing that is not the grammar:
///
///     objc-dict  = "{" (key "=" value ";")* [key "=" value] "}"      (NSDictionary's description, NSLog, po)
///     swift-dict = "[" ":" "]" / "[" [key ":" value ("," key ":" value)*] "]"      (Swift's print)
///     key        = name / quoted / "AnyHashable(" quoted ")"
///
/// Blanks (line ends included) may stand between any two parts. Nesting is limited to `maxDepth`. A Swift `[`
/// is tried as a dictionary and, when that fails, read again as an array: the tries nest and cross lines, and
/// a text can make them double with each line, so every reader checks the cursor's budget (which counts the
/// bytes of every try) before each part it reads, and fails once it is spent.
enum PrintedDescription {
    /// The deepest nesting read; a keyboard notification's dictionary is two deep.
    static let maxDepth = 6
    private static let objcTerminators: [UInt8] = [UInt8(ascii: ";"), UInt8(ascii: "}")]
    private static let swiftTerminators: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: ")")]

    /// An Objective-C dictionary at the cursor (its `{`).
    static func objcDictionary(_ cursor: inout ConsoleCursor, depth: Int = 0) -> [PrintedEntry]? {
        guard depth < maxDepth else { return cursor.fail("nested too deeply") }
        guard cursor.take("{") else { return cursor.fail("expected '{'") }
        var entries: [PrintedEntry] = []
        while true {
            if cursor.failIfSpent() { return nil }
            cursor.skipBlanks()
            if cursor.take("}") { return entries }
            guard let key = self.key(&cursor) else { return nil }
            cursor.skipBlanks()
            guard cursor.take("=") else { return cursor.fail("expected '=' after '\(key)'") }
            cursor.skipBlanks()
            guard let value = objcValue(&cursor, depth: depth) else { return nil }
            entries.append(PrintedEntry(key: key, value: value))
            cursor.skipBlanks()
            if cursor.take(";") { continue }
            if cursor.take("}") { return entries }
            return cursor.fail("expected ';' or '}'")
        }
    }

    static func objcValue(_ cursor: inout ConsoleCursor, depth: Int) -> PrintedValue? {
        switch cursor.current {
        case UInt8(ascii: "{"):
            return objcDictionary(&cursor, depth: depth + 1).map { .dictionary($0) }
        case UInt8(ascii: "("):
            // An array: values separated by commas.
            cursor.index += 1
            while true {
                if cursor.failIfSpent() { return nil }
                cursor.skipBlanks()
                if cursor.take(")") { return .other }
                guard objcElement(&cursor, depth: depth) != nil else { return nil }
                cursor.skipBlanks()
                if cursor.take(",") { continue }
                if cursor.take(")") { return .other }
                return cursor.fail("expected ',' or ')'")
            }
        default:
            if cursor.quoteLength > 0 { return cursor.quoted().map { .quoted($0.0, at: $0.1) } }
            return cursor.bare(until: objcTerminators).map { .bare($0.0, at: $0.1) }
        }
    }

    private static func objcElement(_ cursor: inout ConsoleCursor, depth: Int) -> PrintedValue? {
        guard depth + 1 < maxDepth else { return cursor.fail("nested too deeply") }
        if cursor.current == UInt8(ascii: "{") || cursor.current == UInt8(ascii: "(") {
            return objcValue(&cursor, depth: depth + 1)
        }
        if cursor.quoteLength > 0 { return cursor.quoted().map { .quoted($0.0, at: $0.1) } }
        return cursor.bare(until: [UInt8(ascii: ","), UInt8(ascii: ")")]).map { .bare($0.0, at: $0.1) }
    }

    /// A Swift dictionary at the cursor (its `[`).
    static func swiftDictionary(_ cursor: inout ConsoleCursor, depth: Int = 0) -> [PrintedEntry]? {
        guard depth < maxDepth else { return cursor.fail("nested too deeply") }
        guard cursor.take("[") else { return cursor.fail("expected '['") }
        cursor.skipBlanks()
        if cursor.take(":") {
            cursor.skipBlanks()
            return cursor.take("]") ? [] : cursor.fail("expected ']'")
        }
        var entries: [PrintedEntry] = []
        if cursor.take("]") { return entries }
        while true {
            if cursor.failIfSpent() { return nil }
            cursor.skipBlanks()
            guard let key = self.key(&cursor) else { return nil }
            cursor.skipBlanks()
            guard cursor.take(":") else { return cursor.fail("expected ':' after '\(key)'") }
            cursor.skipBlanks()
            guard let value = swiftValue(&cursor, depth: depth) else { return nil }
            entries.append(PrintedEntry(key: key, value: value))
            cursor.skipBlanks()
            if cursor.take(",") { continue }
            if cursor.take("]") { return entries }
            return cursor.fail("expected ',' or ']'")
        }
    }

    /// A Swift value: `Optional(…)` unwrapped, a dictionary, a quoted string, or a bare value.
    static func swiftValue(_ cursor: inout ConsoleCursor, depth: Int) -> PrintedValue? {
        guard depth + 1 < maxDepth else { return cursor.fail("nested too deeply") }
        if cursor.failIfSpent() { return nil }
        if cursor.take("Optional(") {
            cursor.skipBlanks()
            guard let value = swiftValue(&cursor, depth: depth + 1) else { return nil }
            cursor.skipBlanks()
            return cursor.take(")") ? value : cursor.fail("expected ')'")
        }
        if cursor.current == UInt8(ascii: "[") {
            var probe = cursor
            if let entries = swiftDictionary(&probe, depth: depth + 1) {
                cursor = probe
                return .dictionary(entries)
            }
            // Not a dictionary: an array, read as one bare value, the probe's reading paid for.
            cursor.spent = probe.spent
            if cursor.failIfSpent() { return nil }
            return cursor.bare(until: swiftTerminators).map { _ in .other }
        }
        if cursor.quoteLength > 0 { return cursor.quoted().map { .quoted($0.0, at: $0.1) } }
        return cursor.bare(until: swiftTerminators).map { .bare($0.0, at: $0.1) }
    }

    /// A key: a name, a quoted string, or `AnyHashable("…")` around one.
    static func key(_ cursor: inout ConsoleCursor) -> String? {
        if cursor.take("AnyHashable(") {
            guard let (key, _) = cursor.quoted() else { return nil }
            return cursor.take(")") ? key : cursor.fail("expected ')'")
        }
        if cursor.quoteLength > 0 { return cursor.quoted()?.0 }
        return cursor.identifier()
    }
}
