import InsetCore
import InsetJSON

/// Reads typed fields out of parsed JSON, collecting every problem with its pointer instead of stopping at the first.
struct FieldReader {
    private(set) var errors: [FieldError] = []

    mutating func fail(_ pointer: String, _ message: String, offset: Int? = nil) {
        errors.append(FieldError(pointer: pointer, message: message, offset: offset))
    }

    /// The value as an object whose keys are all in `allowed`; unknown keys are errors, so typos surface.
    mutating func object(_ value: JSONValue, at pointer: @autoclosure () -> String, allowed: [String]) -> JSONObject? {
        guard case .object(let object) = value else {
            fail(pointer(), "must be an object")
            return nil
        }
        for member in object.members where !allowed.contains(where: { $0.hasSameScalars(as: member.key) }) {
            fail(pointer() + "/" + escapePointerToken(member.key), "is not a known field")
        }
        return object
    }

    mutating func number(
        _ value: JSONValue, at pointer: @autoclosure () -> String,
        in range: ClosedRange<Double> = Limits.coordinate
    ) -> Double? {
        guard case .number(let number) = value else {
            fail(pointer(), "must be a number")
            return nil
        }
        guard number.isFinite, range.contains(number) else {
            fail(pointer(), "must be between \(formatted(range.lowerBound)) and \(formatted(range.upperBound))")
            return nil
        }
        // -0 reads back as 0 so no client ever sees a negative zero echoed.
        return number == 0 ? 0 : number
    }

    mutating func integer(_ value: JSONValue, at pointer: @autoclosure () -> String, in range: ClosedRange<Int>) -> Int?
    {
        guard let number = number(value, at: pointer(), in: Double(range.lowerBound)...Double(range.upperBound))
        else { return nil }
        guard number.rounded() == number else {
            fail(pointer(), "must be a whole number")
            return nil
        }
        return Int(number)
    }

    mutating func bool(_ value: JSONValue, at pointer: @autoclosure () -> String) -> Bool? {
        guard case .bool(let flag) = value else {
            fail(pointer(), "must be true or false")
            return nil
        }
        return flag
    }

    mutating func string(
        _ value: JSONValue, at pointer: @autoclosure () -> String, maxLength: Int = Limits.stringBytes
    ) -> String? {
        guard case .string(let string) = value else {
            fail(pointer(), "must be a string")
            return nil
        }
        guard string.utf8.count <= maxLength else {
            fail(pointer(), "must be at most \(maxLength) bytes")
            return nil
        }
        guard !Limits.holdsControlCharacter(string) else {
            fail(pointer(), "must not contain control characters (U+0000 to U+001F, U+007F to U+009F)")
            return nil
        }
        return string
    }

    /// One of `names`, as sent.
    mutating func choice(_ value: JSONValue, at pointer: @autoclosure () -> String, of names: [String]) -> String? {
        guard let raw = string(value, at: pointer()) else { return nil }
        guard names.contains(raw) else {
            fail(pointer(), "must be one of " + names.map { "'\($0)'" }.joined(separator: ", "))
            return nil
        }
        return raw
    }

    mutating func rect(_ value: JSONValue, at pointer: @autoclosure () -> String) -> Rect? {
        guard let object = object(value, at: pointer(), allowed: ["x", "y", "width", "height"]) else { return nil }
        let x = required(object, "x", at: pointer()) { $0.number($1, at: $2()) }
        let y = required(object, "y", at: pointer()) { $0.number($1, at: $2()) }
        let width = required(object, "width", at: pointer()) { $0.length($1, at: $2()) }
        let height = required(object, "height", at: pointer()) { $0.length($1, at: $2()) }
        guard let x, let y, let width, let height else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }

    mutating func size(_ value: JSONValue, at pointer: @autoclosure () -> String) -> Size? {
        guard let object = object(value, at: pointer(), allowed: ["width", "height"]) else { return nil }
        let width = required(object, "width", at: pointer()) { $0.length($1, at: $2()) }
        let height = required(object, "height", at: pointer()) { $0.length($1, at: $2()) }
        guard let width, let height else { return nil }
        return Size(width: width, height: height)
    }

    mutating func point(_ value: JSONValue, at pointer: @autoclosure () -> String) -> Point? {
        guard let object = object(value, at: pointer(), allowed: ["x", "y"]) else { return nil }
        let x = required(object, "x", at: pointer()) { $0.number($1, at: $2()) }
        let y = required(object, "y", at: pointer()) { $0.number($1, at: $2()) }
        guard let x, let y else { return nil }
        return Point(x: x, y: y)
    }

    /// Insets whose numbers keep to `range` (safe areas are never negative).
    mutating func insets(
        _ value: JSONValue, at pointer: @autoclosure () -> String, in range: ClosedRange<Double> = Limits.coordinate
    ) -> EdgeInsets? {
        guard let object = object(value, at: pointer(), allowed: ["top", "left", "bottom", "right"]) else {
            return nil
        }
        let top = required(object, "top", at: pointer()) { $0.number($1, at: $2(), in: range) }
        let left = required(object, "left", at: pointer()) { $0.number($1, at: $2(), in: range) }
        let bottom = required(object, "bottom", at: pointer()) { $0.number($1, at: $2(), in: range) }
        let right = required(object, "right", at: pointer()) { $0.number($1, at: $2(), in: range) }
        guard let top, let left, let bottom, let right else { return nil }
        return EdgeInsets(top: top, left: left, bottom: bottom, right: right)
    }

    /// A list of `shape`'s items: at most `shape.maxCount`, each id a non-empty string sent once.
    mutating func list(_ value: JSONValue, at pointer: String, _ shape: ListShape) -> [ListedRect]? {
        guard case .array(let items) = value else {
            fail(pointer, "must be an array")
            return nil
        }
        guard items.count <= shape.maxCount else {
            fail(pointer, "must have at most \(shape.maxCount) items")
            return nil
        }
        let rectKey = shape.rectKey.description
        let allowed = shape.ordered ? ["id", rectKey, "order"] : ["id", rectKey]
        var list: [ListedRect] = []
        var valid = true
        for (index, item) in items.enumerated() {
            let itemPointer = pointer + "/" + String(index)
            guard let object = object(item, at: itemPointer, allowed: allowed) else {
                valid = false
                continue
            }
            let id = required(object, "id", at: itemPointer) { $0.string($1, at: $2()) }
            let rect = required(object, rectKey, at: itemPointer) { $0.rect($1, at: $2()) }
            let order = shape.ordered ? optional(object, "order", at: itemPointer) { $0.number($1, at: $2()) } : nil
            let orderValid = !shape.ordered || object["order"] == nil || order != nil
            guard let id, let rect, orderValid else {
                valid = false
                continue
            }
            if id.isEmpty {
                fail(itemPointer + "/id", "must not be empty")
                valid = false
            } else if list.contains(where: { $0.id == id }) {
                fail(itemPointer + "/id", "must differ from every other \(shape.noun)'s id")
                valid = false
            }
            list.append(ListedRect(id: id, rect: rect, order: order))
        }
        return valid ? list : nil
    }

    /// A width or height: never negative.
    mutating func length(_ value: JSONValue, at pointer: @autoclosure () -> String) -> Double? {
        number(value, at: pointer(), in: Limits.length)
    }

    /// Reads `key` of `object` when present; a missing key is not an error.
    mutating func optional<T>(
        _ object: JSONObject, _ key: String, at pointer: @autoclosure () -> String,
        _ read: (inout FieldReader, JSONValue, () -> String) -> T?
    ) -> T? {
        guard let value = object[key] else { return nil }
        return withoutActuallyEscaping(pointer) { parent in read(&self, value, { parent() + "/" + key }) }
    }

    /// Reads `key` of `object`; a missing key is an error.
    mutating func required<T>(
        _ object: JSONObject, _ key: String, at pointer: @autoclosure () -> String,
        _ read: (inout FieldReader, JSONValue, () -> String) -> T?
    ) -> T? {
        guard let value = object[key] else {
            fail(pointer() + "/" + key, FieldError.requiredMessage)
            return nil
        }
        return withoutActuallyEscaping(pointer) { parent in read(&self, value, { parent() + "/" + key }) }
    }
}

/// Escapes a key for use as one RFC 6901 reference token.
func escapePointerToken(_ key: String) -> String {
    var escaped = ""
    for character in key.prefix(100) {
        switch character {
        case "~": escaped += "~0"
        case "/": escaped += "~1"
        default: escaped.append(character)
        }
    }
    return escaped
}

/// A number as a person would write it: no `.0` on whole values.
package func formatted(_ value: Double) -> String {
    if value.rounded() == value && abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
}
