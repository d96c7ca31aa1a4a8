import InsetCore
import InsetJSON
import InsetSession

// The members most bodies send (a show's or a hide's scroll view, screen, keyboard and focused rect, a session
// event's id and timestamp), read in the schema's order with their names as constants and each value stored
// where its `Field`'s `set` stores it, without the table's per-member dispatch. The first member that is not the
// next of these hands the rest of its object to the table's loop (`FastDecoder.members`), marked as read as that
// loop marks what it reads, so that it goes on exactly as if it had read them itself: a repeated member, one out
// of order, one the body's kind may not send, all are the table's to judge. `UsualMemberTests` holds the
// positions and bits below to `RequestSchema`, and the differential tests hold the values to the general
// decoder's.

/// Where the members read here are in `RequestSchema`: their positions in their objects, and for a scene
/// value its bit in `SceneValues`.
enum UsualMember {
    // The body's own.
    static var sessionId: Int { 0 }
    static var timestamp: Int { 1 }
    static var scrollView: Int { 2 }
    static var screen: Int { 3 }
    static var keyboard: Int { 4 }
    static var focusedRect: Int { 5 }
    // The scroll view's.
    static var frame: Int { 0 }
    static var safeAreaInsets: Int { 1 }
    static var contentSize: Int { 2 }
    static var contentOffset: Int { 3 }
    // The keyboard's.
    static var frameEnd: Int { 0 }
    static var animationDuration: Int { 1 }
    static var animationCurve: Int { 2 }
    static var frameBegin: Int { 3 }

    /// The `SceneValues` bits of the scene values read here (`SceneValue`'s raw values).
    static var frameBit: UInt64 { 1 << UInt64(SceneValue.frame.rawValue) }
    static var safeAreaInsetsBit: UInt64 { 1 << UInt64(SceneValue.safeAreaInsets.rawValue) }
    static var contentSizeBit: UInt64 { 1 << UInt64(SceneValue.contentSize.rawValue) }
    static var contentOffsetBit: UInt64 { 1 << UInt64(SceneValue.contentOffset.rawValue) }
    static var screenBit: UInt64 { 1 << UInt64(SceneValue.screen.rawValue) }
    static var focusedRectBit: UInt64 { 1 << UInt64(SceneValue.focusedRect.rawValue) }
}

extension RequestSchema {
    /// The `scrollView` object's schema.
    static let scrollView = top.nested(at: UsualMember.scrollView)
    /// The `keyboard` object's schema.
    static let keyboardObject = top.nested(at: UsualMember.keyboard)
}

extension FastDecoder {
    /// Whether a body of this decoder's kind may send the member at `index` of `schema`.
    @inline(__always)
    func allows(_ schema: ObjectSchema, _ index: Int) -> Bool {
        schema.allowed(kind) & 1 &<< UInt64(truncatingIfNeeded: index) != 0
    }

    /// Ends an object of `schema` whose members so far are marked in `progress`: when its closing brace comes
    /// next, as `members` ends it (the keyboard's members marked, the required ones checked), without its loop;
    /// otherwise through that loop.
    @inline(__always)
    mutating func finish(_ schema: ObjectSchema, after progress: Progress, into body: inout RequestBody) -> Bool {
        guard cursor.consume(spelled: "}") else { return members(schema, after: progress, into: &body) }
        if schema.acceptsUserInfo { body.keyboardSent = UInt32(truncatingIfNeeded: progress.seen) }
        let required = schema.required(kind)
        return progress.seen & required == required
    }

    /// Reads a whole body: its usual members here, the rest through the table.
    mutating func usualBody(into body: inout RequestBody) -> Bool {
        let top = RequestSchema.top
        guard cursor.beginObject() else { return false }
        var progress = Progress()
        // A stateless body usually opens with its scroll view: then nothing before it is looked for.
        let scrollViewFirst = cursor.consume(spelled: JSONSpelling(member: "scrollView", first: true))
        // A stateless Android body opens with its platform (`FastDecoder+Android.swift`): then neither a session
        // id nor a timestamp, which come before it, is looked for.
        let platformFirst =
            !scrollViewFirst && cursor.consume(spelled: JSONSpelling(member: "platform", first: true))
        if !scrollViewFirst, !platformFirst, cursor.spelledMember("sessionId", first: true) {
            guard allows(top, UsualMember.sessionId), sessionId(into: &body) else { return false }
            progress.read(UsualMember.sessionId)
        }
        if !scrollViewFirst, !platformFirst, cursor.spelledMember("timestamp", first: progress.first) {
            guard allows(top, UsualMember.timestamp), let timestamp = number(in: Limits.timestamp) else {
                return false
            }
            body.event.timestamp = timestamp
            progress.read(UsualMember.timestamp)
        }
        // An Android body names its platform before its scene (`FastDecoder+Android.swift`).
        if platformFirst || (!scrollViewFirst && cursor.spelledMember("platform", first: progress.first)) {
            return usualAndroid(into: &body, after: progress)
        }
        if scrollViewFirst || cursor.spelledMember("scrollView", first: progress.first) {
            guard allows(top, UsualMember.scrollView), usualScrollView(into: &body) else { return false }
            progress.read(UsualMember.scrollView)
        }
        if cursor.spelledMember("screen", first: progress.first) {
            guard allows(top, UsualMember.screen), let screen = size() else { return false }
            body.event.scene.values.space.screen = screen
            body.event.scene.given.rawValue |= UsualMember.screenBit
            progress.read(UsualMember.screen)
        }
        if cursor.spelledMember("keyboard", first: progress.first) {
            guard allows(top, UsualMember.keyboard), usualKeyboard(into: &body) else { return false }
            progress.read(UsualMember.keyboard)
        }
        if !cursor.closesObject(), cursor.spelledMember("focusedRect", first: progress.first) {
            guard allows(top, UsualMember.focusedRect), let rect = rect() else { return false }
            body.event.scene.values.focusedRect = rect
            body.event.scene.given.rawValue |= UsualMember.focusedRectBit
            progress.read(UsualMember.focusedRect)
        }
        return finish(top, after: progress, into: &body)
    }

    // The members most often left out (a scroll view's offset, a keyboard's begin frame, a session event's focused
    // rect) are not looked for when the object closes first: each look costs a comparison and a fallback.

    /// Reads `scrollView`'s object: frame, safe area, content size and offset here, the rest through the table.
    mutating func usualScrollView(into body: inout RequestBody) -> Bool {
        let schema = RequestSchema.scrollView
        guard cursor.beginObject() else { return false }
        var progress = Progress()
        if cursor.spelledMember("frame", first: true) {
            guard allows(schema, UsualMember.frame), let frame = rect() else { return false }
            body.event.scene.values.setFrame(frame)
            body.event.scene.given.rawValue |= UsualMember.frameBit
            progress.read(UsualMember.frame)
        }
        if cursor.spelledMember("safeAreaInsets", first: progress.first) {
            guard allows(schema, UsualMember.safeAreaInsets), let insets = insets(in: Limits.length) else {
                return false
            }
            body.event.scene.values.scrollView.safeAreaInsets = insets
            body.event.scene.given.rawValue |= UsualMember.safeAreaInsetsBit
            progress.read(UsualMember.safeAreaInsets)
        }
        if cursor.spelledMember("contentSize", first: progress.first) {
            guard allows(schema, UsualMember.contentSize), let size = size() else { return false }
            body.event.scene.values.setContentSize(size)
            body.event.scene.given.rawValue |= UsualMember.contentSizeBit
            progress.read(UsualMember.contentSize)
        }
        if !cursor.closesObject(), cursor.spelledMember("contentOffset", first: progress.first) {
            guard allows(schema, UsualMember.contentOffset), let offset = point() else { return false }
            body.event.scene.values.scrollView.contentOffset = offset
            body.event.scene.given.rawValue |= UsualMember.contentOffsetBit
            progress.read(UsualMember.contentOffset)
        }
        return finish(schema, after: progress, into: &body)
    }

    /// Reads `keyboard`'s object: frames, duration and curve here, the rest through the table.
    mutating func usualKeyboard(into body: inout RequestBody) -> Bool {
        let schema = RequestSchema.keyboardObject
        guard cursor.beginObject() else { return false }
        var progress = Progress()
        if cursor.spelledMember("frameEnd", first: true) {
            guard allows(schema, UsualMember.frameEnd), let frame = rect() else { return false }
            body.event.keyboard.frameEnd = frame
            progress.read(UsualMember.frameEnd)
        }
        // An Android keyboard closes after its end frame: then nothing after it is looked for.
        if !cursor.closesObject() {
            if cursor.spelledMember("animationDuration", first: progress.first) {
                guard allows(schema, UsualMember.animationDuration),
                    let duration = number(in: Limits.animationDuration)
                else { return false }
                body.event.keyboard.animationDuration = duration
                progress.read(UsualMember.animationDuration)
            }
            if cursor.spelledMember("animationCurve", first: progress.first) {
                guard allows(schema, UsualMember.animationCurve), let curve = integer(in: Limits.animationCurve)
                else { return false }
                body.event.keyboard.animationCurve = curve
                progress.read(UsualMember.animationCurve)
            }
            if !cursor.closesObject(), cursor.spelledMember("frameBegin", first: progress.first) {
                guard allows(schema, UsualMember.frameBegin), let frame = rect() else { return false }
                body.event.keyboard.frameBegin = frame
                progress.read(UsualMember.frameBegin)
            }
        }
        return finish(schema, after: progress, into: &body)
    }
}
