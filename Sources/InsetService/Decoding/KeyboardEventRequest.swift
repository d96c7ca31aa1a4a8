import InsetCore
import InsetJSON

/// The keyboard part of a show or hide: the notification's `userInfo`, in points and seconds.
///
/// It comes either as fields or, alone, as `userInfo`: the dictionary as the app logged it (see
/// `KeyboardUserInfo`). A field sent beside `userInfo` is an error at that field, whatever the two say,
/// so which value is meant is never guessed.
struct KeyboardInfo: Equatable, Sendable {
    static let defaultDuration = 0.25
    /// The keyboard's own spring, what iOS reports for every keyboard animation.
    static let defaultCurve = 7
    /// `UIView.AnimationOptions` keeps the curve in four bits.
    static var curveRange: ClosedRange<Int> { 0...15 }
    /// Seconds; 0 means no animation.
    static let durationRange = 0.0...10

    var frameEnd: Rect?
    var frameBegin: Rect?
    var animationDuration = defaultDuration
    var animationCurve = defaultCurve
    var isLocal: Bool?

    static let fields = ["frameEnd", "frameBegin", "animationDuration", "animationCurve", "isLocal", "userInfo"]

    init() {}

    init?(_ value: JSONValue, at pointer: @autoclosure () -> String, reader: inout FieldReader) {
        guard let object = reader.object(value, at: pointer(), allowed: Self.fields) else { return nil }
        if let userInfo = object["userInfo"] {
            for field in Self.fields where field != "userInfo" && object[field] != nil {
                reader.fail(pointer() + "/" + field, "cannot be sent with \(pointer())/userInfo: send one or the other")
            }
            guard let info = KeyboardUserInfo(userInfo, at: pointer() + "/userInfo", reader: &reader) else {
                return nil
            }
            self = KeyboardInfo(info)
            return
        }
        frameEnd = reader.optional(object, "frameEnd", at: pointer()) { $0.rect($1, at: $2()) }
        frameBegin = reader.optional(object, "frameBegin", at: pointer()) { $0.rect($1, at: $2()) }
        if let duration = reader.optional(
            object, "animationDuration", at: pointer(), { $0.number($1, at: $2(), in: Self.durationRange) })
        {
            animationDuration = duration
        }
        if let curve = reader.optional(
            object, "animationCurve", at: pointer(), { $0.integer($1, at: $2(), in: Self.curveRange) })
        {
            animationCurve = curve
        }
        isLocal = reader.optional(object, "isLocal", at: pointer()) { $0.bool($1, at: $2()) }
    }

    /// What a logged notification said, with the defaults for the keys it lacked.
    init(_ userInfo: KeyboardUserInfo) {
        frameEnd = userInfo.frameEnd
        frameBegin = userInfo.frameBegin
        animationDuration = userInfo.animationDuration ?? Self.defaultDuration
        animationCurve = userInfo.animationCurve ?? Self.defaultCurve
        isLocal = userInfo.isLocal
    }
}

/// A `POST /keyboard/show` or `/keyboard/hide` body.
struct KeyboardEventRequest: Equatable, Sendable {
    enum Kind { case show, hide }

    var sessionId: String?
    var timestamp: Double?
    var geometry: GeometryPatch
    var keyboard: KeyboardInfo
    var focusedRect: Rect?

    /// A request with no members yet: what the fast path fills in.
    init() {
        self.init(sessionId: nil, timestamp: nil, geometry: GeometryPatch(), keyboard: KeyboardInfo(), focusedRect: nil)
    }

    init(sessionId: String?, timestamp: Double?, geometry: GeometryPatch, keyboard: KeyboardInfo, focusedRect: Rect?) {
        self.sessionId = sessionId
        self.timestamp = timestamp
        self.geometry = geometry
        self.keyboard = keyboard
        self.focusedRect = focusedRect
    }

    private static let hideFields = GeometryPatch.fields + ["sessionId", "timestamp", "keyboard"]
    private static let showFields = hideFields + ["focusedRect"]

    static func fields(for kind: Kind) -> [String] {
        kind == .show ? showFields : hideFields
    }

    /// Decodes and validates the body; a show needs `keyboard.frameEnd` (or its `userInfo` counterpart).
    static func decode(_ value: JSONValue, kind: Kind) throws(Problem) -> KeyboardEventRequest {
        var reader = FieldReader()
        guard let object = reader.object(value, at: "", allowed: fields(for: kind)) else {
            throw .validation(reader.errors)
        }
        let sessionId = reader.optional(object, "sessionId", at: "") { $0.string($1, at: $2(), maxLength: 64) }
        let timestamp = reader.optional(object, "timestamp", at: "") { $0.timestamp($1, at: $2()) }
        let geometry = GeometryPatch(object, reader: &reader)
        var keyboard = KeyboardInfo()
        if let value = object["keyboard"] {
            if let info = KeyboardInfo(value, at: "/keyboard", reader: &reader) { keyboard = info }
            // userInfo requires its own end frame key.
            if kind == .show, case .object(let fields) = value, fields["frameEnd"] == nil, fields["userInfo"] == nil {
                reader.fail("/keyboard/frameEnd", "is required")
            }
        } else if kind == .show {
            reader.fail("/keyboard", "is required")
        }
        let focusedRect = reader.optional(object, "focusedRect", at: "") { $0.rect($1, at: $2()) }
        guard reader.errors.isEmpty else { throw .validation(reader.errors) }
        return KeyboardEventRequest(
            sessionId: sessionId, timestamp: timestamp, geometry: geometry, keyboard: keyboard,
            focusedRect: focusedRect)
    }
}

/// A `POST /sessions` or `PATCH /sessions/{id}` body.
struct SessionRequest: Equatable, Sendable {
    var timestamp: Double?
    var geometry: GeometryPatch

    static let fields = GeometryPatch.fields + ["timestamp"]

    static func decode(_ value: JSONValue) throws(Problem) -> SessionRequest {
        var reader = FieldReader()
        guard let object = reader.object(value, at: "", allowed: fields) else { throw .validation(reader.errors) }
        let timestamp = reader.optional(object, "timestamp", at: "") { $0.timestamp($1, at: $2()) }
        let geometry = GeometryPatch(object, reader: &reader)
        guard reader.errors.isEmpty else { throw .validation(reader.errors) }
        return SessionRequest(timestamp: timestamp, geometry: geometry)
    }
}

extension FieldReader {
    /// Milliseconds on the client's clock (`performance.now()` or `Date.now()` alike).
    static var timestampRange: ClosedRange<Double> { 0.0...1e15 }

    mutating func timestamp(_ value: JSONValue, at pointer: @autoclosure () -> String) -> Double? {
        number(value, at: pointer(), in: Self.timestampRange)
    }
}
