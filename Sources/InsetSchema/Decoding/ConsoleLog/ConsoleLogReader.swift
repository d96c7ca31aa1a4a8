import InsetCore
import InsetJSON

/// The printed form a notification was read from.
package enum PrintedForm: String, Sendable {
    /// `NSLog(@"%@", userInfo)` or `po userInfo`: `{ KEY = VALUE; … }`.
    case objcUserInfo = "objc-userinfo"
    /// `NSLog(@"%@", notification)` or `po notification`: `NSConcreteNotification 0x… {name = …; userInfo = {…}}`.
    case objcNotification = "objc-notification"
    /// Swift's `print(userInfo)`: `[AnyHashable("KEY"): VALUE, …]`.
    case swiftUserInfo = "swift-userinfo"
    /// Swift's `print(notification)` or `po notification`: `name = …, object = …, userInfo = Optional([…])`.
    case swiftNotification = "swift-notification"
    /// `KEY = VALUE;` lines without the braces around them (a fragment of an `objc-userinfo`).
    case objcLines = "objc-userinfo-lines"
    /// `AnyHashable("KEY"): VALUE,` lines without the brackets around them (a fragment of a `swift-userinfo`).
    case swiftLines = "swift-userinfo-lines"
    /// Keys and values quoted in a sentence that names the notification.
    case sentence
    /// A JSON body's notification.
    case json
}

/// Where a notification's name came from.
package enum NameSource: String, Sendable {
    /// Printed as the notification's own (`name = …`, a JSON `name`).
    case logged
    /// Mentioned on the line the `userInfo` starts on or the two before it (a handler's name, a label).
    case nearby
    /// Nothing named it: a `userInfo` alone is read as a will-change-frame, whose end frame says what it does.
    case assumed
}

/// One keyboard notification found in a pasted console.
struct PrintedNotification {
    var name: KeyboardNotificationName
    var nameSource: NameSource
    var form: PrintedForm
    /// Whether its lines were read with their comment markers blanked (`FragmentText`).
    var uncommented = false
    /// Its first and last line, from 1.
    var lines: ClosedRange<Int>
    /// The time its `NSLog` prefix printed, in microseconds since 1970.
    var printedTime: Int?
    /// Its `userInfo`, as JSON would hold it: quoted values as strings, bare numbers as numbers.
    var userInfo: JSONObject
    /// Where each member's value starts in the text, in member order.
    var valueOffsets: [Int]
}

/// What a pasted console holds.
struct ConsoleLog {
    var notifications: [PrintedNotification]
    /// Lines with something on them that belong to no notification.
    var skippedLines: Int
    /// The text's lines, to place a value's problems.
    var text: ConsoleLines
    /// The bytes every attempt read, probes included: the work reading took.
    var bytesRead: Int
    /// The bytes examined looking for a keyboard key in what failed to read.
    var bytesSearched: Int
}

/// Finds the keyboard notifications in a pasted console, in every form Xcode's console prints them, and skips
/// everything else. Each start of a candidate (`NSConcreteNotification`, `name = `, `{`, `[`) is read at most
/// once, to a bounded depth and value length, and all attempts together, every probe of every attempt counted,
/// within a budget linear in the text's length: past it, reading stops with an error. Whether a failed attempt
/// showed a keyboard key is looked up in the places `UIKeyboard` stands, found in one pass over the text.
struct ConsoleLogReader {
    let text: ConsoleLines
    var notifications: [PrintedNotification] = []
    /// Problems with a notification's structure once it is known to be one.
    var errors: [FieldError] = []
    /// The bytes every attempt read, probes included.
    var bytesRead = 0
    /// The bytes examined looking for a keyboard key.
    var bytesSearched = 0
    /// The errors reported before reading stops: enough to fix a paste, few enough to read.
    static let maxErrors = 16
    /// How many times over the text the attempts may read, in all.
    static let budgetPerByte = 16
    /// Where `UIKeyboard` stands in the text, in order; found at the first failed attempt that needs it.
    private var keyboardMentions: [Int]?

    init(_ bytes: [UInt8]) {
        text = ConsoleLines(bytes)
    }

    /// The bytes all attempts may read in a text of `length` bytes: `budgetPerByte` times over it, and more for a
    /// short one. The last read may pass it by one value or one run of blanks.
    static func budget(forLength length: Int) -> Int { budgetPerByte * length + 65_536 }

    /// Reads the whole text: its notifications in the forms Xcode prints, else, when it holds none and no broken
    /// one, the fragments people paste (`scanFragments`).
    static func read(_ bytes: [UInt8]) -> (ConsoleLog, [FieldError]) {
        var reader = ConsoleLogReader(bytes)
        reader.scan()
        // A text with no notification in a printed form, or only broken ones (a subscript in code,
        // `userInfo![UIKeyboard…Key]`, reads as a broken dictionary), may hold fragments; when it does, they are what
        // it holds.
        if reader.notifications.isEmpty {
            let uncommented = FragmentText.uncommented(bytes)
            var fragments = ConsoleLogReader(uncommented.bytes)
            fragments.scanFragments()
            fragments.bytesRead += reader.bytesRead
            fragments.bytesSearched += reader.bytesSearched
            if !fragments.notifications.isEmpty || (reader.errors.isEmpty && !fragments.errors.isEmpty) {
                // Whether a notification's lines were in a comment.
                for index in fragments.notifications.indices {
                    let lines = fragments.notifications[index].lines
                    let range =
                        fragments.text.lines[lines.lowerBound - 1]
                        .start..<fragments.text.lines[lines.upperBound - 1].end
                    fragments.notifications[index].uncommented = FragmentText.meets(uncommented.comments, range)
                }
                reader = fragments
            } else {
                // The work is counted whichever reading is kept.
                reader.bytesRead = fragments.bytesRead
                reader.bytesSearched = fragments.bytesSearched
            }
        }
        var covered = [Bool](repeating: false, count: reader.text.lines.count)
        for notification in reader.notifications {
            for line in notification.lines { covered[line - 1] = true }
        }
        let skipped = covered.indices.filter { !covered[$0] && !reader.text.isBlank($0) }.count
        let log = ConsoleLog(
            notifications: reader.notifications, skippedLines: skipped, text: reader.text, bytesRead: reader.bytesRead,
            bytesSearched: reader.bytesSearched)
        return (log, reader.errors)
    }

    private mutating func scan() {
        let bytes = text.bytes
        // Bytes read over all attempts, probes included: a log reads each byte about once, and any text is read in
        // time linear in its length.
        let budget = Self.budget(forLength: bytes.count)
        var lineIndex = 0
        var index = text.lines[0].start
        // Where the last notification ended: context for the next one is looked for after it.
        var lastEnd = 0
        while index < bytes.count {
            let line = text.lines[lineIndex]
            if index == line.start { index = line.content }
            if index >= line.end {
                guard lineIndex + 1 < text.lines.count else { break }
                lineIndex += 1
                index = text.lines[lineIndex].start
                continue
            }
            var cursor = ConsoleCursor(text, at: index)
            cursor.limit = budget - bytesRead
            let end = candidate(&cursor, at: index, after: lastEnd)
            // What the attempt read, however it ended: a text of brackets that never close makes every start
            // read far, and the budget stops it there.
            bytesRead += cursor.spent + 1
            guard bytesRead <= budget, errors.count < Self.maxErrors else {
                if bytesRead > budget {
                    errors.append(
                        FieldError(
                            pointer: "",
                            message: "the text nests brackets too deeply or too long to read on from here",
                            location: text.location(of: index)))
                }
                return
            }
            if let end {
                lastEnd = end
                index = end
                // A notification ends just past its closing bracket, never at a line's first byte.
                lineIndex = text.lineIndex(of: index)
                continue
            }
            index += 1
        }
    }

    /// Reads a notification starting at `start` when there is one, and returns where it ends.
    private mutating func candidate(_ cursor: inout ConsoleCursor, at start: Int, after lastEnd: Int) -> Int? {
        switch text.bytes[start] {
        case UInt8(ascii: "N") where cursor.take("NSConcreteNotification"):
            cursor.skipSpaces()
            if cursor.take("0x") { while ConsoleCursor.isNameByte(cursor.current) { cursor.index += 1 } }
            cursor.skipSpaces()
            guard cursor.current == UInt8(ascii: "{") else { return nil }
            return objcDictionary(&cursor, start: start, after: lastEnd)
        case UInt8(ascii: "{"):
            return objcDictionary(&cursor, start: start, after: lastEnd)
        case UInt8(ascii: "n") where cursor.take("name = "):
            return swiftNotification(&cursor, start: start)
        case UInt8(ascii: "["):
            guard let entries = PrintedDescription.swiftDictionary(&cursor) else {
                reportBroken(cursor, start: start)
                return nil
            }
            guard hasKeyboardKey(entries) else { return nil }
            add(entries, form: .swiftUserInfo, name: nil, start: start, end: cursor.index, after: lastEnd)
            return cursor.index
        default:
            return nil
        }
    }

    /// `{ KEY = VALUE; … }`: a `userInfo`, or a notification's `{name = …; userInfo = {…}}`.
    private mutating func objcDictionary(_ cursor: inout ConsoleCursor, start: Int, after lastEnd: Int) -> Int? {
        guard let entries = PrintedDescription.objcDictionary(&cursor) else {
            reportBroken(cursor, start: start)
            return nil
        }
        if let nameValue = entries.first(where: { $0.key == "name" })?.value.text {
            let nameBytes = Array(nameValue.utf8)
            guard let name = PrintedNotificationName.last(in: nameBytes, 0..<nameBytes.count)?.name else {
                // Another notification: none of its lines is a keyboard's.
                return entries.contains(where: { $0.key == "userInfo" }) ? cursor.index : nil
            }
            var userInfo: [PrintedEntry] = []
            if case .dictionary(let members)? = entries.first(where: { $0.key == "userInfo" })?.value {
                userInfo = members
            }
            add(userInfo, form: .objcNotification, name: name, start: start, end: cursor.index, after: lastEnd)
            return cursor.index
        }
        guard hasKeyboardKey(entries) else { return nil }
        add(entries, form: .objcUserInfo, name: nil, start: start, end: cursor.index, after: lastEnd)
        return cursor.index
    }

    /// `name = NAME, object = OBJECT, userInfo = Optional([…])` (or `nil`), the cursor after `name = `.
    private mutating func swiftNotification(_ cursor: inout ConsoleCursor, start: Int) -> Int? {
        guard let (nameText, _) = cursor.bare(until: [UInt8(ascii: ",")]) else { return nil }
        let nameBytes = Array(nameText.utf8)
        guard let name = PrintedNotificationName.last(in: nameBytes, 0..<nameBytes.count)?.name else { return nil }
        var userInfo: [PrintedEntry] = []
        while cursor.take(",") {
            cursor.skipSpaces()
            guard let member = cursor.identifier() else { break }
            cursor.skipSpaces()
            guard cursor.take("=") else { break }
            cursor.skipSpaces()
            if member == "userInfo" {
                guard let value = PrintedDescription.swiftValue(&cursor, depth: 0) else {
                    reportBroken(cursor, start: start, always: true)
                    return nil
                }
                if case .dictionary(let members) = value { userInfo = members }
                break
            }
            guard PrintedDescription.swiftValue(&cursor, depth: 0) != nil else { break }
        }
        add(userInfo, form: .swiftNotification, name: name, start: start, end: cursor.index, after: start)
        return cursor.index
    }

    /// A structure that failed once it had shown a keyboard key is a notification the text breaks: an error
    /// at the place it broke. Anything else was never one. A spent budget is `scan`'s error, not reported here.
    private mutating func reportBroken(_ cursor: ConsoleCursor, start: Int, always: Bool = false) {
        guard let failure = cursor.failure, !cursor.isSpent else { return }
        guard always || mentionsKeyboard(from: start, to: failure.offset) else { return }
        errors.append(
            FieldError(
                pointer: "", message: "a keyboard notification's text breaks off here: \(failure.reason)",
                location: text.location(of: failure.offset)))
    }

    /// Whether `UIKeyboard` stands whole in `start..<end`.
    private mutating func mentionsKeyboard(from start: Int, to end: Int) -> Bool {
        let mentions = keyboardMentions ?? findKeyboardMentions()
        keyboardMentions = mentions
        // The first mention at or after `start`.
        var low = 0
        var high = mentions.count
        while low < high {
            let middle = (low + high) / 2
            if mentions[middle] < start { low = middle + 1 } else { high = middle }
        }
        return low < mentions.count && mentions[low] + Self.keyboard.count <= end
    }

    private static let keyboard = Array("UIKeyboard".utf8)

    /// Every place `UIKeyboard` stands, in one pass: each byte is compared once, and again only inside a match of
    /// the word's first bytes.
    private mutating func findKeyboardMentions() -> [Int] {
        let bytes = text.bytes
        let word = Self.keyboard
        var mentions: [Int] = []
        var index = 0
        while index + word.count <= bytes.count {
            var matched = 0
            while matched < word.count, bytes[index + matched] == word[matched] { matched += 1 }
            if matched == word.count { mentions.append(index) }
            bytesSearched += min(matched + 1, word.count)
            index += 1
        }
        return mentions
    }

    func hasKeyboardKey(_ entries: [PrintedEntry]) -> Bool {
        entries.contains { $0.key.hasPrefix("UIKeyboard") }
    }

    /// Records a notification spanning `start..<end`; a `userInfo` without a printed name takes one from
    /// nearby, or is assumed a will-change-frame.
    mutating func add(
        _ entries: [PrintedEntry], form: PrintedForm, name: KeyboardNotificationName?, start: Int, end: Int,
        after lastEnd: Int
    ) {
        var first = text.lineIndex(of: start)
        let last = text.lineIndex(of: max(start, end - 1))
        // The context: this line up to the start, and the two lines before it, never before the last notification.
        let contextLine = max(first - 2, 0)
        let contextStart = max(text.lines[contextLine].start, lastEnd)
        var resolved = name
        var source = NameSource.logged
        if resolved == nil {
            if let (nearby, offset) = PrintedNotificationName.last(in: text.bytes, contextStart..<start) {
                resolved = nearby
                source = .nearby
                // The line that names it is part of the notification.
                first = min(first, text.lineIndex(of: offset))
            } else {
                source = .assumed
            }
        }
        var printedTime: Int?
        for line in (contextLine...first).reversed() where text.lines[line].start >= contextStart || line == first {
            if let time = text.lines[line].printedTime {
                printedTime = time
                break
            }
        }
        var members: [(key: String, value: JSONValue)] = []
        var offsets: [Int] = []
        for entry in entries {
            members.append((entry.key, Self.json(entry.value)))
            switch entry.value {
            case .quoted(_, let at), .bare(_, let at): offsets.append(at)
            case .dictionary, .other: offsets.append(start)
            }
        }
        notifications.append(
            PrintedNotification(
                name: resolved ?? .willChangeFrame, nameSource: source, form: form, lines: (first + 1)...(last + 1),
                printedTime: printedTime, userInfo: JSONObject(members), valueOffsets: offsets))
    }

    /// A printed value as JSON would hold it: a bare number is a number, anything else quoted or bare a string.
    private static func json(_ value: PrintedValue) -> JSONValue {
        switch value {
        case .quoted(let text, _): return .string(text)
        case .bare(let text, _): return NumberText.value(text).map { .number($0) } ?? .string(text)
        case .dictionary, .other: return .null
        }
    }
}
