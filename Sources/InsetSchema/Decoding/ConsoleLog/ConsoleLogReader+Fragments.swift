/// A pasted text with its comment markers blanked: `//`, `/*`, `*/`, and the `*` that starts a line inside a block
/// comment, each replaced by as many spaces. Every other byte stays where it was, so a line and column found in the
/// result are the original's.
enum FragmentText {
    /// The text with its markers blanked, and the comments' spans in it (a block comment's from `/*` to `*/` or the
    /// text's end, a line comment's from `//` to its line's end), in order.
    static func uncommented(_ bytes: [UInt8]) -> (bytes: [UInt8], comments: [Range<Int>]) {
        var result = bytes
        var comments: [Range<Int>] = []
        var blockStart: Int?
        // Whether only blanks stand between the line's start and the index: where a block comment's `*` may lead.
        var lineStart = true
        var index = 0
        while index < result.count {
            let byte = result[index]
            let next = index + 1 < result.count ? result[index + 1] : 0
            switch byte {
            case 0x0A, 0x0D:
                lineStart = true
                index += 1
                continue
            case 0x20, 0x09:
                index += 1
                continue
            case UInt8(ascii: "/") where next == UInt8(ascii: "/") && blockStart == nil:
                // A line comment's marker, however many slashes; after something on its line, the comment is a
                // note on it, blanked to the line's end.
                let start = index
                let trailing = !lineStart
                while index < result.count, result[index] == UInt8(ascii: "/") {
                    result[index] = 0x20
                    index += 1
                }
                var end = index
                while end < result.count, result[end] != 0x0A, result[end] != 0x0D {
                    if trailing { result[end] = 0x20 }
                    end += 1
                }
                comments.append(start..<end)
                if trailing { index = end }
            case UInt8(ascii: "/") where next == UInt8(ascii: "*") && blockStart == nil:
                blockStart = index
                result[index] = 0x20
                result[index + 1] = 0x20
                index += 2
            case UInt8(ascii: "*") where next == UInt8(ascii: "/"):
                comments.append((blockStart ?? 0)..<index + 2)
                blockStart = nil
                result[index] = 0x20
                result[index + 1] = 0x20
                index += 2
            case UInt8(ascii: "*") where blockStart != nil && lineStart:
                result[index] = 0x20
                index += 1
            default:
                index += 1
            }
            lineStart = false
        }
        if let blockStart { comments.append(blockStart..<result.count) }
        return (result, comments)
    }

    /// Whether any of `comments` (in order, apart) meets `range`.
    static func meets(_ comments: [Range<Int>], _ range: Range<Int>) -> Bool {
        var low = 0
        var high = comments.count
        // The first comment that ends after the range starts.
        while low < high {
            let middle = (low + high) / 2
            if comments[middle].upperBound <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < comments.count && comments[low].lowerBound < range.upperBound
    }
}

/// Fragments of a `userInfo` as people paste them from a blog, an issue or their own code, read when the text holds
/// no notification in a form Xcode prints (its comment markers already blanked, `FragmentText`):
///
/// - lines of `KEY = VALUE;` (`objc-userinfo-lines`) or `AnyHashable("KEY"): VALUE,` (`swift-userinfo-lines`),
///   without the braces or brackets around them and without a name: one `userInfo` of every such line, the lines
///   between them (an author's notes) skipped, a repeated key starting the next. Each line is read from its first
///   character and must be entries to its end (a stray closing brace or bracket allowed), or it is a note;
/// - a key and its value printed in a sentence (`sentence`): read when the same line names the notification, every
///   `UIKeyboard…Key` on it with its value.
///
/// A group is named as a `userInfo` alone is (`add`), and holds at least one `UIKeyboard` key. Each line is read once
/// from its start and each sentence's keys with their values (at most `ConsoleCursor.maxValueLength` each), all
/// within the same budget as the printed forms: past it, reading stops with an error.
extension ConsoleLogReader {
    mutating func scanFragments() {
        var group: [PrintedEntry] = []
        var groupForm = PrintedForm.objcLines
        var groupStart = 0
        var groupEnd = 0
        var lastEnd = 0
        func flush(_ reader: inout ConsoleLogReader) {
            defer { group = [] }
            guard reader.hasKeyboardKey(group) else { return }
            reader.add(group, form: groupForm, name: nil, start: groupStart, end: groupEnd, after: lastEnd)
            lastEnd = groupEnd
        }
        let budget = Self.budget(forLength: text.bytes.count)
        for index in text.lines.indices {
            let line = text.lines[index]
            guard bytesRead <= budget else {
                errors.append(
                    FieldError(
                        pointer: "", message: "the text is too long to read fragments on from here",
                        location: text.location(of: line.start)))
                return
            }
            // A line that names a notification is prose or a label: printed keys never match a name.
            let names = PrintedNotificationName.last(in: text.bytes, line.start..<line.end) != nil
            if !names, let read = lineEntries(line) {
                guard case .entries(let entries, let form, let start, let end) = read else {
                    if case .broken(let offset, let reason) = read {
                        errors.append(
                            FieldError(
                                pointer: "", message: "a keyboard notification's text breaks off here: \(reason)",
                                location: text.location(of: offset)))
                    }
                    continue
                }
                let keys = Set(group.map(\.key))
                if !group.isEmpty, form != groupForm || entries.contains(where: { keys.contains($0.key) }) {
                    flush(&self)
                }
                if group.isEmpty {
                    groupForm = form
                    groupStart = start
                }
                group += entries
                groupEnd = end
                continue
            }
            if names, let (entries, start, end) = sentenceEntries(line) {
                flush(&self)
                if hasKeyboardKey(entries) {
                    let nameRange = line.start..<line.end
                    let name = PrintedNotificationName.last(in: text.bytes, nameRange)?.name
                    add(entries, form: .sentence, name: name, start: start, end: end, after: lastEnd)
                    // The name came from the sentence itself.
                    notifications[notifications.count - 1].nameSource = .nearby
                    lastEnd = end
                }
            }
        }
        flush(&self)
        if bytesRead > budget {
            errors.append(
                FieldError(
                    pointer: "", message: "the text is too long to read fragments on from here",
                    location: text.location(of: text.lines[text.lines.count - 1].start)))
        }
    }

    /// What one line holds.
    enum FragmentLine {
        /// Entries from the line's first character (a list bullet skipped), in one form, with where they start and
        /// end; what follows the last one on the line is an author's note.
        case entries([PrintedEntry], PrintedForm, start: Int, end: Int)
        /// A key the replay reads, its separator, and a value that breaks off: where and why.
        case broken(offset: Int, reason: String)
    }

    /// The entries a line holds, or nil for a note. A key is a name, a quoted string, `AnyHashable("…")`, or what is
    /// left of that when the prefix was lost (`("…")`, `"…")`); `=` makes the line Objective-C's, `:` Swift's. A value
    /// is quoted (a curly closing quote accepted, as blogs print it) or bare, to `;`, `,` or a closing bracket
    /// outside brackets, or to a run of two blanks (printed values never hold one, an author's gloss follows one).
    mutating func lineEntries(_ line: ConsoleLines.Line) -> FragmentLine? {
        var cursor = ConsoleCursor(text, at: line.content)
        defer { bytesRead += cursor.spent + 1 }
        cursor.skipSpaces()
        // A list's bullet.
        if cursor.at("- ") || cursor.at("* ") {
            cursor.index += 2
        } else if cursor.at("\u{2022} ") {
            cursor.index += 4
        }
        cursor.skipSpaces()
        let start = cursor.index
        var entries: [PrintedEntry] = []
        var form: PrintedForm?
        while cursor.index < line.end {
            var probe = cursor
            guard let key = Self.fragmentKey(&probe), !key.isEmpty else { break }
            probe.skipSpaces()
            let separator: PrintedForm
            if probe.take("=") {
                separator = .objcLines
            } else if probe.take(":") {
                separator = .swiftLines
            } else {
                break
            }
            guard form == nil || form == separator else { break }
            probe.skipSpaces()
            guard let value = Self.fragmentValue(&probe, end: line.end) else {
                cursor.spent = probe.spent
                if LoggedUserInfo.usedKeys.contains(key), let failure = probe.failure {
                    return .broken(offset: failure.offset, reason: failure.reason)
                }
                break
            }
            cursor = probe
            form = separator
            entries.append(PrintedEntry(key: key, value: value))
            cursor.skipSpaces()
            if !cursor.take(";") { _ = cursor.take(",") }
            cursor.skipSpaces()
            // What closes a dictionary whose opening was not pasted.
            if cursor.take("}") || cursor.take("]") { cursor.skipSpaces() }
        }
        guard let form, !entries.isEmpty else { return nil }
        return .entries(entries, form, start: start, end: line.end)
    }

    /// A fragment's key: a name, `AnyHashable("…")`, `("…")`, or a quoted string with a stray `)` after it.
    private static func fragmentKey(_ cursor: inout ConsoleCursor) -> String? {
        if cursor.take("AnyHashable(") || cursor.take("(") {
            guard let (key, _) = cursor.quoted() else { return nil }
            return cursor.take(")") ? key : cursor.fail("expected ')'")
        }
        if cursor.quoteLength > 0 {
            guard let (key, _) = cursor.quoted() else { return nil }
            _ = cursor.take(")")
            return key
        }
        return cursor.identifier()
    }

    /// A fragment's value on its line: quoted, closed by `"` or `”`; or bare, as `fragmentKey`'s comment says.
    private static func fragmentValue(_ cursor: inout ConsoleCursor, end: Int) -> PrintedValue? {
        let bytes = cursor.bytes
        if cursor.current == UInt8(ascii: "\"") {
            cursor.index += 1
            let start = cursor.index
            while cursor.index < end {
                if bytes[cursor.index] == UInt8(ascii: "\"") {
                    cursor.index += 1
                    return .quoted(String(decoding: bytes[start..<cursor.index - 1], as: UTF8.self), at: start)
                }
                if cursor.at("\u{201D}") {
                    let text = String(decoding: bytes[start..<cursor.index], as: UTF8.self)
                    cursor.index += 3
                    return .quoted(text, at: start)
                }
                cursor.index += 1
            }
            return cursor.fail("expected the closing quote")
        }
        let start = cursor.index
        var depth = 0
        while cursor.index < end {
            let byte = bytes[cursor.index]
            if depth == 0 {
                if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ",") { break }
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ")") { break }
                if byte == 0x20 || byte == 0x09, cursor.peek(1) == 0x20 || cursor.peek(1) == 0x09 { break }
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"): depth -= 1
            default: break
            }
            guard cursor.index - start < ConsoleCursor.maxValueLength else {
                return cursor.fail("a value longer than \(ConsoleCursor.maxValueLength) bytes")
            }
            cursor.index += 1
        }
        guard depth == 0 else { return cursor.fail("a bracket that does not close on its line") }
        var last = cursor.index
        while last > start, bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09 { last -= 1 }
        guard last > start else { return cursor.fail("expected a value") }
        return .bare(String(decoding: bytes[start..<last], as: UTF8.self), at: start)
    }

    /// Every `UIKeyboard…` key on a line that names a notification, each followed by `=` or `:` and its value: a
    /// quoted string, `NSRect: {…}` (or another `NS…:` value) to its closing brace, or a number.
    private mutating func sentenceEntries(_ line: ConsoleLines.Line) -> ([PrintedEntry], Int, Int)? {
        let bytes = text.bytes
        var entries: [PrintedEntry] = []
        var first: Int?
        var last = line.start
        var index = line.content
        let budget = Self.budget(forLength: bytes.count)
        while index < line.end, bytesRead <= budget {
            defer { index += 1 }
            bytesSearched += 1
            guard bytes[index] == UInt8(ascii: "U"), index == line.start || !ConsoleCursor.isNameByte(bytes[index - 1])
            else { continue }
            var cursor = ConsoleCursor(text, at: index)
            defer { bytesRead += cursor.spent }
            guard cursor.at("UIKeyboard"), let key = cursor.identifier(), key.hasSuffix("Key") else { continue }
            cursor.skipSpaces()
            guard cursor.take("=") || cursor.take(":") else { continue }
            cursor.skipSpaces()
            guard let value = sentenceValue(&cursor, end: line.end) else { continue }
            entries.append(PrintedEntry(key: key, value: value))
            first = first ?? index
            last = cursor.index
            index = cursor.index - 1
        }
        guard let first else { return nil }
        return (entries, first, last)
    }

    /// A value in prose: quoted; a braced group to its closing brace, `NS…: ` before it or not; or a number (its
    /// sentence's full stop is not part of it).
    private func sentenceValue(_ cursor: inout ConsoleCursor, end: Int) -> PrintedValue? {
        if cursor.quoteLength > 0 { return cursor.quoted().map { .quoted($0.0, at: $0.1) } }
        let start = cursor.index
        let bytes = text.bytes
        if cursor.at("NS") || cursor.current == UInt8(ascii: "{") {
            while cursor.index < end, cursor.current != UInt8(ascii: "{") {
                guard ConsoleCursor.isNameByte(cursor.current) else { break }
                cursor.index += 1
            }
            if cursor.take(":") { cursor.skipSpaces() }
            guard cursor.current == UInt8(ascii: "{") else { return nil }
            var depth = 0
            while cursor.index < end, cursor.index - start < ConsoleCursor.maxValueLength {
                let byte = bytes[cursor.index]
                cursor.index += 1
                if byte == UInt8(ascii: "{") { depth += 1 }
                if byte == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 {
                        return .bare(String(decoding: bytes[start..<cursor.index], as: UTF8.self), at: start)
                    }
                }
            }
            return nil
        }
        while cursor.index < end, Self.isNumberByte(bytes[cursor.index]) { cursor.index += 1 }
        while cursor.index > start, bytes[cursor.index - 1] == UInt8(ascii: ".") { cursor.index -= 1 }
        guard cursor.index > start else { return nil }
        return .bare(String(decoding: bytes[start..<cursor.index], as: UTF8.self), at: start)
    }

    /// A byte a printed number may hold: digits, a sign, a point, an exponent.
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }
}
