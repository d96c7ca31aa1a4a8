import InsetCore
import InsetSession

/// A decoded request body: a show, a hide, or a session's creation or patch. What each may carry, and the
/// ranges it must keep, is `RequestSchema`'s; `decode` reads it.
@usableFromInline
package struct RequestBody: Equatable, Sendable {
    /// Which operation the body came to (`Operation.body`); `allCases` is every body both decoders read. Each
    /// kind has its bit in `RequestKinds`, at its raw value, which the schema's masks are built over: a new kind
    /// is a case here, and its members say so in `RequestSchema`.
    package enum Kind: UInt8, CaseIterable, Sendable {
        case show, hide, session, drag, release, focus

        /// The schema's name for the bodies of this kind.
        package var kinds: RequestKinds { RequestKinds(self) }

    }

    /// The session an event belongs to, when its id is 22 plain bytes (every id the service makes): read from the
    /// body's bytes with no string made. Set exactly when `sessionId` is such an id.
    package var inlineSessionId: InlineSessionID?
    /// The session an event belongs to, when its id is any other string.
    package var otherSessionId: String?
    /// A focus move's field: an id, `next` or `previous`.
    package var field: String?
    /// A drag's touch, in window coordinates.
    package var touch: Point?
    /// A release's vertical velocity, in points per second (downward positive).
    package var velocityY: Double?
    /// The timestamp, the scene's values and the keyboard notification the body sent (a session's creation or
    /// patch, a focus move and a gesture send no keyboard): the domain's event, decoded in place.
    @usableFromInline package var event = KeyboardEvent()
    /// The members of the `keyboard` object the body sent, one bit each at its index in that object's schema
    /// (the scene's are in `event.scene.given` too; the notification's only here).
    @usableFromInline package var keyboardSent: UInt32 = 0

    /// The session an event belongs to; nil for a stateless call.
    package var sessionId: String? {
        get { inlineSessionId?.string ?? otherSessionId }
        set {
            inlineSessionId = newValue.flatMap { InlineSessionID($0) }
            otherSessionId = inlineSessionId == nil ? newValue : nil
        }
    }

    /// An empty body, for a decoder to fill in place; inlinable, as the edge makes one for every body it decodes.
    @inlinable package init() {}
}

extension ScenePatch {
    /// The scene of a stateless call or a new session (`created`); fails when a value required to create one
    /// was not sent, or the focus sent is none of the fields sent. `alsoMissing`: what else the request lacks
    /// (a show's keyboard end frame, an Android window's screen), told in the same answer as the scene's own.
    package func sceneToCreate(alsoMissing: [MemberProblem] = []) throws(RequestError) -> Scene {
        try checkToCreate(alsoMissing: alsoMissing)
        return created
    }

    /// `sceneToCreate` in place: the patch's values become that scene, and no copy of it is made (a scene is
    /// several hundred bytes, with arrays and strings to retain). For a patch that is read no further as a patch.
    /// Inlinable, with the usual case (everything sent, no focus to check) decided in the caller: every stateless
    /// show runs it, from the service's module.
    @inlinable
    package mutating func settleToCreate(alsoMissing: [MemberProblem] = []) throws(RequestError) {
        if !given.isSuperset(of: RequestSchema.requiredToCreate) || !alsoMissing.isEmpty || given.contains(.focus) {
            try checkToCreate(alsoMissing: alsoMissing)
        }
        values.settleWindow()
    }

    /// Fails unless the patch can create a scene: every value required was sent, nothing else is missing, and
    /// the focus is one of the fields. Every missing member is told at once, the scene's first (the schema's
    /// order: the scroll view before the screen and the keyboard).
    @usableFromInline
    func checkToCreate(alsoMissing others: [MemberProblem]) throws(RequestError) {
        let required = RequestSchema.requiredToCreate
        guard given.isSuperset(of: required), others.isEmpty else {
            throw .invalid(missing() + others.map { FieldError(pointer: $0.pointer, message: $0.message) })
        }
        // Over the values themselves: creating settles only the window, which holds no field. Asked only when a
        // focus was sent: handed the scene, the call copies it.
        if given.contains(.focus), let focus = strayFocus(over: values) { throw .invalid([.strayFocus(focus)]) }
    }

    /// A problem for each value required to create a scene that was not sent. On iOS a device named gives
    /// every one of them (the catalogue's full-screen frame), so the message says so; an Android device
    /// gives no scroll view.
    private func missing() -> [FieldError] {
        var missing: [FieldError] = []
        let message = values.platform == .ios ? Self.requiredUnlessDevice : "is required"
        for (index, entry) in RequestSchema.geometry.enumerated()
        where entry.field.requiredToCreate && !given.contains(SceneValues(rawValue: 1 << UInt64(index))) {
            missing.append(FieldError(pointer: entry.pointer, message: message))
        }
        return missing
    }

    /// What a missing value required to create an iOS scene is told.
    static let requiredUnlessDevice = "is required, unless /device names a device, which gives the full screen"
}

/// Why a body could not be decoded; routes answer it as a problem.
@usableFromInline
package enum RequestError: Error, Equatable {
    /// Not JSON at all: where and why, as a sentence.
    case malformedJSON(String)
    /// JSON, but some members are wrong.
    case invalid([FieldError])
    /// A text body (a console pasted) in which none of its `lines` holds a keyboard notification.
    case noNotification(lines: Int)
}

/// One member that failed validation: where (an RFC 6901 pointer into a JSON body, or a line and column of a
/// text body) and why.
@usableFromInline
package struct FieldError: Equatable, Sendable {
    /// RFC 6901 pointer to the offending value, e.g. `/keyboard/frameEnd/height`; for a text body, the pointer
    /// the value would have in the body's JSON form, which the answer leaves out.
    package var pointer: String
    /// What is wrong with it, for a person.
    package var message: String
    /// In a text body, where the offending value is: line and column, both from 1.
    package var location: TextLocation?
    /// In a string value, the UTF-8 offset of the offending byte (a geometry string's stray character).
    package var offset: Int?

    /// Creates a field error.
    package init(pointer: String, message: String, location: TextLocation? = nil, offset: Int? = nil) {
        self.pointer = pointer
        self.message = message
        self.location = location
        self.offset = offset
    }

    /// Where, for a sentence: the pointer, or the line and column.
    package var place: String {
        if let location { return "line \(location.line), column \(location.column)" }
        return pointer.isEmpty ? "The body" : pointer
    }

    /// What a required member that was not sent is told, by both decoders and by the bodies' accessors.
    package static let requiredMessage = "is required"

    /// A required member at `pointer` that the body did not send, worded as the decoders word it.
    package static func missing(_ pointer: String) -> FieldError {
        FieldError(pointer: pointer, message: requiredMessage)
    }

    /// A body's `focus` that is none of the fields it leaves.
    package static func strayFocus(_ focus: String) -> FieldError {
        FieldError(pointer: "/focus", message: "must name one of the fields ('\(focus)' is none of them)")
    }

    /// A focus move's `field` that names no field it can move to.
    package static func focusMove(_ name: String, _ refusal: FocusMoveRefusal) -> FieldError {
        switch refusal {
        case .nothingFocused:
            FieldError(pointer: "/field", message: "cannot be '\(name)': no field is focused")
        case .atEnd(let focus, let last):
            FieldError(
                pointer: "/field", message: "cannot be '\(name)': '\(focus)' is the \(last ? "last" : "first") field")
        case .unknownField:
            FieldError(pointer: "/field", message: "must name one of the session's fields")
        }
    }
}
