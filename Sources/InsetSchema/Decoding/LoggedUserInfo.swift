import InsetCore
import InsetJSON

/// A logged notification's `userInfo` as `POST /sessions/{id}/notifications` reads it, from JSON or from console
/// text alike: the tolerant reading real logs need, where `keyboard.userInfo` (`KeyboardUserInfo`) is strict.
///
/// - Only the five keys the replay uses are read; every other key (the legacy centre and bounds keys, the
///   `UIKeyboardFrameChangedByUserInteraction` iOS 5 to 7 added, whatever a later iOS adds) is ignored and listed.
/// - Numbers may be printed in quotes, as `NSLog` prints a fractional `NSNumber` (`"0.25"`).
/// - `UIKeyboardFrameEndUserInfoKey` may be missing: the replay ignores such a notification (`no-end-frame`).
/// - A value of a key it reads that cannot be read is an error, as everywhere.
struct LoggedUserInfo: Equatable, Sendable {
    /// The values the replay uses, with UIKit's defaults for what the log lacks.
    var info: KeyboardInfo
    /// The keys it carried that the replay does not use, in the order they came.
    var ignoredKeys: [String]

    /// The keys read; `KeyboardUserInfo` names them.
    static let usedKeys = [
        KeyboardUserInfo.frameBeginKey, KeyboardUserInfo.frameEndKey, KeyboardUserInfo.durationKey,
        KeyboardUserInfo.curveKey, KeyboardUserInfo.isLocalKey,
    ]

    /// Reads `object`, its values' pointers under `pointer`.
    static func read(_ object: JSONObject, at pointer: String, reader: inout FieldReader) -> LoggedUserInfo {
        var info = KeyboardInfo()
        let at = { (key: String) in pointer + "/" + escapePointerToken(key) }
        if let value = object[KeyboardUserInfo.frameBeginKey] {
            info.frameBegin = reader.rectString(value, at: at(KeyboardUserInfo.frameBeginKey))
        }
        if let value = object[KeyboardUserInfo.frameEndKey] {
            info.frameEnd = reader.rectString(value, at: at(KeyboardUserInfo.frameEndKey))
        }
        if let value = object[KeyboardUserInfo.durationKey],
            let duration = reader.loggedNumber(
                value, at: at(KeyboardUserInfo.durationKey), in: Limits.animationDuration)
        {
            info.animationDuration = duration
        }
        if let value = object[KeyboardUserInfo.curveKey],
            let curve = reader.loggedNumber(
                value, at: at(KeyboardUserInfo.curveKey),
                in: Double(Limits.animationCurve.lowerBound)...Double(Limits.animationCurve.upperBound))
        {
            if curve.rounded() == curve {
                info.animationCurve = Int(curve)
            } else {
                reader.fail(at(KeyboardUserInfo.curveKey), "must be a whole number")
            }
        }
        if let value = object[KeyboardUserInfo.isLocalKey] {
            info.isLocal = reader.loggedFlag(value, at: at(KeyboardUserInfo.isLocalKey))
        }
        let ignored = unusedKeys(object.members.lazy.map { UTF8Key($0.key) }, used: usedKeySet)
        return LoggedUserInfo(info: info, ignoredKeys: ignored.map(\.string))
    }

    private static let usedKeySet = Set(usedKeys.map(UTF8Key.init))

    /// The keys of `keys` that are not `used`, each once, in the order they first come: a hash and a lookup or
    /// two per key, so that a `userInfo` of thousands of keys costs time linear in their number.
    static func unusedKeys<Key: Hashable>(_ keys: some Sequence<Key>, used: Set<Key>) -> [Key] {
        var unused: [Key] = []
        var seen = used
        for key in keys where seen.insert(key).inserted { unused.append(key) }
        return unused
    }
}

/// A key hashed and compared by its UTF-8 bytes: two keys are one when their scalars are, as JSON compares
/// keys (`Set<String>` would merge canonically equivalent ones).
struct UTF8Key: Hashable {
    let string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (lhs: UTF8Key, rhs: UTF8Key) -> Bool {
        lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var copy = string
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension FieldReader {
    /// A number, or a string that holds exactly one JSON number (`"0.25"`, as `NSLog` prints it), in `range`.
    mutating func loggedNumber(_ value: JSONValue, at pointer: String, in range: ClosedRange<Double>) -> Double? {
        guard case .string(let text) = value else { return number(value, at: pointer, in: range) }
        guard let number = NumberText.value(text) else {
            fail(pointer, "must be a number, written bare or in quotes ('\(text.prefix(32))' is not one)")
            return nil
        }
        return self.number(.number(number), at: pointer, in: range)
    }

    /// A boolean as JSON spells it, as `NSLog` prints a `BOOL` (`1`, `0`), or either in quotes.
    mutating func loggedFlag(_ value: JSONValue, at pointer: String) -> Bool? {
        switch value {
        case .string("1"), .string("true"): return true
        case .string("0"), .string("false"): return false
        case .string:
            fail(pointer, "must be true, false, 1 or 0")
            return nil
        default: return logFlag(value, at: pointer)
        }
    }
}
