import InsetSession

/// Which members belong to which platform, from each member's `platforms` in `RequestSchema`: a body may send
/// its own platform's and the shared ones; the others' are refused, each named.
extension RequestSchema {
    /// The scene values a body for each platform may not send, by `Platform`'s case order.
    @usableFromInline static let foreignValues: [SceneValues] = Platform.allCases.map { platform in
        var foreign = SceneValues()
        for (index, entry) in geometry.enumerated() where !entry.field.platforms.contains(Platforms(platform)) {
            foreign.formUnion(SceneValues(rawValue: 1 << UInt64(index)))
        }
        return foreign
    }

    /// The `keyboard` object's notification members (by bit, as `RequestBody.keyboardSent` marks them) that a body
    /// for each platform may not send, by `Platform`'s case order: only iOS sends the duration, curve, locality and
    /// a logged `userInfo`, and the web sends none of them.
    @usableFromInline static let foreignKeyboardMembers: [UInt32] = Platform.allCases.map { platform in
        let schema = keyboardObject
        return schema.slots.indices.reduce(UInt32(0)) { mask, index in
            switch schema.slots[index] {
            case .keyboard(let field): field.platforms.contains(Platforms(platform)) ? mask : mask | 1 << UInt32(index)
            case .userInfo: platform == .ios ? mask : mask | 1 << UInt32(index)
            default: mask
            }
        }
    }

    /// The platform a body is for: the one it names, else `base`'s (a session's), else iOS.
    @inlinable
    package static func platform(of body: borrowing RequestBody, base: Platform? = nil) -> Platform {
        body.event.scene.given.contains(.platform) ? body.event.scene.values.platform : base ?? .ios
    }

    /// A problem for each member `body` sent that `platform` does not have, by pointer. Inlined, so that a body
    /// that has none (the usual one) is checked where it lies: a call copied the whole body (664 bytes) to lend it.
    @inlinable @inline(__always)
    package static func platformProblems(_ body: borrowing RequestBody, platform: Platform) -> [FieldError] {
        // `Platform.allCases` lists the cases in their declared order, which the tables follow.
        let position =
            switch platform {
            case .ios: 0
            case .android: 1
            case .web: 2
            }
        let foreign = body.event.scene.given.intersection(foreignValues[position])
        let foreignKeyboard = body.keyboardSent & foreignKeyboardMembers[position]
        guard !foreign.isEmpty || foreignKeyboard != 0 else { return [] }
        return problems(foreign: foreign, foreignKeyboard: foreignKeyboard, platform: platform)
    }

    /// The problems of the `foreign` scene values and keyboard members a body for `platform` sent.
    @usableFromInline
    static func problems(foreign: SceneValues, foreignKeyboard: UInt32, platform: Platform) -> [FieldError] {
        var problems: [FieldError] = []
        for index in keyboardObject.slots.indices where foreignKeyboard & 1 << UInt32(index) != 0 {
            let pointer = keyboardObject.pointer + "/" + keyboardObject.nameStrings[index]
            let platforms: Platforms =
                switch keyboardObject.slots[index] {
                case .keyboard(let field): field.platforms
                default: .ios
                }
            problems.append(FieldError(pointer: pointer, message: message(for: platforms, on: platform)))
        }
        for (index, entry) in geometry.enumerated() where foreign.contains(SceneValues(rawValue: 1 << UInt64(index))) {
            problems.append(
                FieldError(pointer: entry.pointer, message: message(for: entry.field.platforms, on: platform)))
        }
        return problems.sorted { $0.pointer < $1.pointer }
    }

    /// Why a member of `platforms` is refused on a body for `platform`: on iOS, the default, which platform to name
    /// to send it; on the others, that the body named its platform.
    private static func message(for platforms: Platforms, on platform: Platform) -> String {
        switch platform {
        case .ios:
            platforms.contains(.android)
                ? "is an Android member: send \"platform\": \"android\" with it"
                : "is a web member: send \"platform\": \"web\" with it"
        case .android: "is not an Android member (this request is for \"platform\": \"android\")"
        case .web: "is not a web member (this request is for \"platform\": \"web\")"
        }
    }
}

extension RequestSchema {
    /// The platform of `body` on a session on `session` (nil: one being created), refusing a body that names
    /// another platform than its session's or sends members its platform does not have; nothing has changed.
    /// Inlined, as `platformProblems` is: a call copied the whole body to lend it.
    @inlinable @inline(__always)
    package static func checkPlatform(_ body: borrowing RequestBody, session: Platform?) throws(SessionError)
        -> Platform
    {
        let platform = platform(of: body, base: session)
        if let session, platform != session { throw platformChange(of: session) }
        let problems = platformProblems(body, platform: platform)
        guard problems.isEmpty else { throw invalidMembers(problems) }
        return platform
    }

    /// Why a body may not move a session on `session` to another platform.
    @usableFromInline
    static func platformChange(of session: Platform) -> SessionError {
        let message = "cannot change a session's platform (this one is '\(session.rawValue)')"
        return .invalidMembers([MemberProblem(pointer: "/platform", message: message)])
    }

    /// `problems` as the domain's error.
    @usableFromInline
    static func invalidMembers(_ problems: [FieldError]) -> SessionError {
        .invalidMembers(problems.map { MemberProblem(pointer: $0.pointer, message: $0.message) })
    }
}
