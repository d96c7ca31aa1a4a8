import InsetCore
import InsetSchema
import InsetSession

/// A decoded JSON body as one operation reads it. The decoder fills one storage, `RequestBody`, in place (the
/// edge makes the operation's body empty and decodes into its `decoded`, `BodyOperationHandler.decodeAndHandle`),
/// and each body type reads it as its operation may: the members every body shares (the timestamp, the scene's
/// values, the keyboard: `RequestBody.event`) are one declaration, `event`; an operation's own members are its
/// type's accessors, and a member the schema requires of the operation is a throwing accessor, never a default.
///
/// A body type wraps the storage and nothing else, so that it costs no more than the storage (no copy, no
/// allocation). The decoders refuse a body of a kind that lacks a member the schema requires of that kind
/// (`RequestSchema`'s `required:`), so after decoding a required accessor finds its member; one built otherwise
/// (a test's, a table that gave a handler the wrong kind) throws the problem the decoder would have answered.
protocol OperationBody {
    /// The body kinds (`Operation.body`) this type reads; the table gives its handler no other.
    static var kinds: RequestKinds { get }
    /// An empty body, for the edge to decode into.
    init()
    /// The decoder's storage: what the schema's checks (`RequestSchema.checkPlatform`, `platform(of:)`) read whole.
    /// An operation's own members are read through its type's accessors.
    var decoded: RequestBody { get set }
}

extension OperationBody {
    /// A body decoded elsewhere, as this operation reads it.
    init(_ decoded: consuming RequestBody) {
        self.init()
        self.decoded = decoded
    }

    /// What every body shares, read and changed where it lies: the timestamp, the scene's values and the keyboard.
    var event: KeyboardEvent {
        _read { yield decoded.event }
        _modify { yield &decoded.event }
    }

    /// The event's timestamp: optional on every body (the session's clock, or none, stands in).
    var timestamp: Double? { decoded.event.timestamp }

    /// `value`, a member the schema requires at `pointer`, or the problem the decoder answers a body without it.
    @inline(__always)
    static func required<Value>(_ value: Value?, at pointer: StaticString) throws(Problem) -> Value {
        guard let value else { throw missing(pointer) }
        return value
    }

    /// The problem of a required member that is missing: 400 validation-failed at its pointer, as decoding words it
    /// (`FieldError.missing`). Out of line: after decoding it cannot happen.
    @inline(never)
    static func missing(_ pointer: StaticString) -> Problem {
        .validation([.missing(pointer.description)])
    }
}

/// The body of `showKeyboard` and `hideKeyboard`: an event, of a session when it names one.
struct KeyboardEventBody: OperationBody {
    static var kinds: RequestKinds { .events }
    var decoded = RequestBody()

    init() {}

    /// The session the event belongs to; nil for a stateless event, on the scene the body carries whole.
    var sessionId: String? { decoded.sessionId }
}

/// The body of `createSession` and `patchSession`: a scene, whole or in part; nothing of its own beyond `event`.
/// What creating a scene requires is the scene's to check (`ScenePatch.sceneToCreate`), not the decoder's.
struct SessionBody: OperationBody {
    static var kinds: RequestKinds { .session }
    var decoded = RequestBody()

    init() {}
}

/// The body of `dragKeyboard` and `releaseKeyboard`: a touch on a session's shown keyboard.
struct GestureBody: OperationBody {
    static var kinds: RequestKinds { .gestures }
    var decoded = RequestBody()

    init() {}

    /// The session the gesture moves: required of every gesture.
    var sessionId: String {
        get throws(Problem) { try Self.required(decoded.sessionId, at: "/sessionId") }
    }

    /// A drag's touch, in window coordinates: required of a drag.
    var touch: Point {
        get throws(Problem) { try Self.required(decoded.touch, at: "/touch") }
    }

    /// A release's vertical velocity, in points per second (downward positive): required of a release.
    var velocityY: Double {
        get throws(Problem) { try Self.required(decoded.velocityY, at: "/velocity/y") }
    }

    /// The gesture of a body of `kind`: a drag's touch or a release's velocity.
    func gesture(_ kind: RequestBody.Kind) throws(Problem) -> KeyboardGesture {
        try kind == .drag ? .drag(touch) : .release(velocityY)
    }
}

/// The body of `moveFocus`: the focus moves to a field.
struct FocusBody: OperationBody {
    static var kinds: RequestKinds { .focus }
    var decoded = RequestBody()

    init() {}

    /// The field the focus moves to: an id, `next` or `previous`; required.
    var field: String {
        get throws(Problem) { try Self.required(decoded.field, at: "/field") }
    }
}
