import InsetCore
import InsetJSON

/// `keyboard.userInfo`: a keyboard notification's `userInfo` dictionary as an iOS app logs it, replayed as is.
///
/// Frames are `NSStringFromCGRect` strings (see `NSStringGeometry`), the duration and curve plain numbers,
/// `UIKeyboardIsLocalUserInfoKey` a boolean or the `1` / `0` that `NSLog` prints for a `BOOL`. The three
/// legacy keys iOS still sends (`UIKeyboardCenterBeginUserInfoKey`, `UIKeyboardCenterEndUserInfoKey`,
/// `UIKeyboardBoundsUserInfoKey`) are validated and ignored; any other key is an error, as everywhere else.
/// `UIKeyboardFrameEndUserInfoKey` is required, on a hide too: every keyboard notification carries it.
enum KeyboardUserInfo {
    /// The keyboard's frame before the animation, a rect string: `KeyboardInfo.frameBegin`.
    static let frameBeginKey = "UIKeyboardFrameBeginUserInfoKey"
    /// The keyboard's frame after the animation, a rect string: `KeyboardInfo.frameEnd`.
    static let frameEndKey = "UIKeyboardFrameEndUserInfoKey"
    /// Seconds: `KeyboardInfo.animationDuration`.
    static let durationKey = "UIKeyboardAnimationDurationUserInfoKey"
    /// The `UIView.AnimationCurve` raw value: `KeyboardInfo.animationCurve`.
    static let curveKey = "UIKeyboardAnimationCurveUserInfoKey"
    /// Whether the keyboard belongs to this app: `KeyboardInfo.isLocal`.
    static let isLocalKey = "UIKeyboardIsLocalUserInfoKey"
    /// Deprecated in iOS 3.2; a point string, validated and ignored.
    static let centerBeginKey = "UIKeyboardCenterBeginUserInfoKey"
    /// Deprecated in iOS 3.2; a point string, validated and ignored.
    static let centerEndKey = "UIKeyboardCenterEndUserInfoKey"
    /// Deprecated in iOS 3.2; a rect string, validated and ignored.
    static let boundsKey = "UIKeyboardBoundsUserInfoKey"

    /// Every key a notification carries; anything else is refused so that typos surface.
    static let fields = [
        frameBeginKey, frameEndKey, durationKey, curveKey, isLocalKey, centerBeginKey, centerEndKey, boundsKey,
    ]

    /// Reads and validates the dictionary at `pointer`, with the defaults for the keys it lacks; nil when it is
    /// not an object.
    static func read(_ value: JSONValue, at pointer: String, reader: inout FieldReader) -> KeyboardInfo? {
        guard let object = reader.object(value, at: pointer, allowed: fields) else { return nil }
        var info = KeyboardInfo()
        info.frameBegin = reader.optional(object, frameBeginKey, at: pointer) { $0.rectString($1, at: $2()) }
        info.frameEnd = reader.required(object, frameEndKey, at: pointer) { $0.rectString($1, at: $2()) }
        if let duration = reader.optional(
            object, durationKey, at: pointer, { $0.number($1, at: $2(), in: Limits.animationDuration) })
        {
            info.animationDuration = duration
        }
        if let curve = reader.optional(
            object, curveKey, at: pointer, { $0.integer($1, at: $2(), in: Limits.animationCurve) })
        {
            info.animationCurve = curve
        }
        info.isLocal = reader.optional(object, isLocalKey, at: pointer) { $0.logFlag($1, at: $2()) }
        _ = reader.optional(object, centerBeginKey, at: pointer) { $0.pointString($1, at: $2()) }
        _ = reader.optional(object, centerEndKey, at: pointer) { $0.pointString($1, at: $2()) }
        _ = reader.optional(object, boundsKey, at: pointer) { $0.rectString($1, at: $2()) }
        return info
    }
}

extension FieldReader {
    /// An `NSStringFromCGRect` string, whose numbers must meet the ranges a `Rect` object's do.
    mutating func rectString(_ value: JSONValue, at pointer: String) -> Rect? {
        guard let text = string(value, at: pointer, maxLength: NSStringGeometry.maxLength) else { return nil }
        let rect: Rect
        do {
            rect = try NSStringGeometry.rect(text)
        } catch {
            fail(pointer, "must be a CGRect string such as '{{0, 508}, {390, 336}}' (\(error))", offset: error.offset)
            return nil
        }
        let coordinates = Limits.coordinate
        let lengths = Limits.length
        let x = component(rect.x, "x", at: pointer, in: coordinates)
        let y = component(rect.y, "y", at: pointer, in: coordinates)
        let width = component(rect.width, "width", at: pointer, in: lengths)
        let height = component(rect.height, "height", at: pointer, in: lengths)
        guard let x, let y, let width, let height else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// An `NSStringFromCGPoint` string, whose numbers must meet the ranges a `Point` object's do.
    mutating func pointString(_ value: JSONValue, at pointer: String) -> Point? {
        guard let text = string(value, at: pointer, maxLength: NSStringGeometry.maxLength) else { return nil }
        let point: Point
        do {
            point = try NSStringGeometry.point(text)
        } catch {
            fail(pointer, "must be a CGPoint string such as '{195, 676}' (\(error))", offset: error.offset)
            return nil
        }
        let coordinates = Limits.coordinate
        let x = component(point.x, "x", at: pointer, in: coordinates)
        let y = component(point.y, "y", at: pointer, in: coordinates)
        guard let x, let y else { return nil }
        return Point(x: x, y: y)
    }

    /// A boolean as JSON spells it, or as `NSLog` prints a `BOOL`: `1` or `0`.
    mutating func logFlag(_ value: JSONValue, at pointer: String) -> Bool? {
        switch value {
        case .bool(let flag): return flag
        case .number(let number) where number == 0 || number == 1: return number == 1
        default:
            fail(pointer, "must be true, false, 1 or 0")
            return nil
        }
    }

    /// One number of a geometry string, range-checked like the same number in an object; -0 reads as 0.
    private mutating func component(
        _ value: Double, _ name: String, at pointer: String, in range: ClosedRange<Double>
    ) -> Double? {
        guard range.contains(value) else {
            fail(pointer, "\(name) must be between \(formatted(range.lowerBound)) and \(formatted(range.upperBound))")
            return nil
        }
        return value == 0 ? 0 : value
    }
}
