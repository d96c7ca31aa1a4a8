import InsetSession

/// Which members belong to which platform, from each member's `platforms` in `RequestSchema`: a body may send
/// its own platform's and the shared ones; the other platform's are refused, each named.
extension RequestSchema {
    /// The scene values each platform alone may send: `(ios, android)`.
    static let platformValues: (ios: SceneValues, android: SceneValues) = {
        var ios = SceneValues()
        var android = SceneValues()
        for (index, entry) in geometry.enumerated() {
            let value = SceneValues(rawValue: 1 << UInt64(index))
            if entry.field.platforms == .ios { ios.formUnion(value) }
            if entry.field.platforms == .android { android.formUnion(value) }
        }
        return (ios, android)
    }()

    /// The `keyboard` object's notification members (by bit, as `RequestBody.keyboardSent` marks them) that only
    /// iOS may send: its duration, curve, locality and a logged `userInfo`.
    static let iosKeyboardMembers: UInt32 = {
        let schema = keyboardObject
        return schema.slots.indices.reduce(UInt32(0)) { mask, index in
            switch schema.slots[index] {
            case .keyboard(let field): field.platforms == .ios ? mask | 1 << UInt32(index) : mask
            case .userInfo: mask | 1 << UInt32(index)
            default: mask
            }
        }
    }()

    /// The platform a body is for: the one it names, else `base`'s (a session's), else iOS.
    package static func platform(of body: borrowing RequestBody, base: Platform? = nil) -> Platform {
        body.event.scene.given.contains(.platform) ? body.event.scene.values.platform : base ?? .ios
    }

    /// A problem for each member `body` sent that `platform` does not have, by pointer.
    package static func platformProblems(_ body: borrowing RequestBody, platform: Platform) -> [FieldError] {
        let given = body.event.scene.given
        let foreign = platform == .ios ? platformValues.android : platformValues.ios
        let foreignKeyboard = platform == .ios ? 0 : body.keyboardSent & iosKeyboardMembers
        guard !given.isDisjoint(with: foreign) || foreignKeyboard != 0 else { return [] }
        let message =
            platform == .ios
            ? "is an Android member: send \"platform\": \"android\" with it"
            : "is not an Android member (this request is for \"platform\": \"android\")"
        var problems: [FieldError] = []
        for index in keyboardObject.slots.indices where foreignKeyboard & 1 << UInt32(index) != 0 {
            let pointer = keyboardObject.pointer + "/" + keyboardObject.nameStrings[index]
            problems.append(FieldError(pointer: pointer, message: message))
        }
        for (index, entry) in geometry.enumerated()
        where given.intersection(foreign).contains(SceneValues(rawValue: 1 << UInt64(index))) {
            problems.append(FieldError(pointer: entry.pointer, message: message))
        }
        return problems.sorted { $0.pointer < $1.pointer }
    }
}

extension RequestSchema {
    /// The platform of `body` on a session on `session` (nil: one being created), refusing a body that names
    /// another platform than its session's or sends members its platform does not have; nothing has changed.
    package static func checkPlatform(_ body: borrowing RequestBody, session: Platform?) throws(SessionError)
        -> Platform
    {
        let platform = platform(of: body, base: session)
        if let session, platform != session {
            let message = "cannot change a session's platform (this one is '\(session.rawValue)')"
            throw .invalidMembers([MemberProblem(pointer: "/platform", message: message)])
        }
        let problems = platformProblems(body, platform: platform)
        guard problems.isEmpty else {
            throw .invalidMembers(problems.map { MemberProblem(pointer: $0.pointer, message: $0.message) })
        }
        return platform
    }
}
