import InsetCore
import InsetJSON
import InsetSession

// An Android body names its platform first and then its window, as the docs, the playground and openapi.yaml's
// examples write it: `platform`, `screen`, `systemBars`, the modes and flags, `scrollView`, `focusedRect`,
// `caretRect`, `keyboard`. That is not the schema's order (Android's members follow iOS's there), so the table's
// loop would look nearly every member up by name; these readers take them in the body's order instead, each
// stored where its `Field`'s `set` stores it, and hand the rest to the table marked as read, as the usual
// readers do (`FastDecoder+Usual.swift`). `UsualMemberTests` holds the positions and bits to `RequestSchema`
// and the choices' names to their enums; `FastPathAgreement` holds the values to the table's and the general
// decoder's.

/// Where the Android members read here are in `RequestSchema`'s top object (their scene bits are their
/// `SceneValue`'s), and `systemBars`' own.
enum UsualAndroidMember {
    static var platform: Int { 22 }
    static var systemBars: Int { 23 }
    static var navigationMode: Int { 24 }
    static var windowSoftInputMode: Int { 25 }
    static var edgeToEdge: Int { 26 }
    static var imeInsets: Int { 27 }
    static var insetsAnimationCallback: Int { 28 }
    static var caretRect: Int { 29 }
    // `systemBars`'.
    static var top: Int { 0 }
    static var bottom: Int { 1 }

    /// The `SceneValues` bit of `value`.
    @inline(__always)
    static func bit(_ value: SceneValue) -> UInt64 { 1 &<< UInt64(value.rawValue) }

    // Each choice's names, as its enum's raw values spell them (held to them by a test).

    static func platform(_ name: UnsafeBufferPointer<UInt8>) -> Platform? {
        name.spells("android") ? .android : name.spells("ios") ? .ios : name.spells("web") ? .web : nil
    }

    static func navigationMode(_ name: UnsafeBufferPointer<UInt8>) -> NavigationMode? {
        name.spells("gesture") ? .gesture : name.spells("threeButton") ? .threeButton : nil
    }

    static func softInputMode(_ name: UnsafeBufferPointer<UInt8>) -> SoftInputMode? {
        name.spells("adjustResize")
            ? .adjustResize
            : name.spells("adjustPan") ? .adjustPan : name.spells("adjustNothing") ? .adjustNothing : nil
    }

    static func imeInsets(_ name: UnsafeBufferPointer<UInt8>) -> ImeInsetsHandling? {
        name.spells("none")
            ? ImeInsetsHandling.none : name.spells("padding") ? .padding : name.spells("resize") ? .resize : nil
    }
}

extension RequestSchema {
    /// The `systemBars` object's schema.
    static let systemBars = top.nested(at: UsualAndroidMember.systemBars)
}

extension FastDecoder {
    /// A choice's value: a plain string through `match` (nil for a name it does not know, which the table
    /// declines too), any other string by its enum's raw value, as the table's `choice` reads it.
    @inline(__always)
    private mutating func choice<T: RawRepresentable>(_ match: (UnsafeBufferPointer<UInt8>) -> T?) -> T?
    where T.RawValue == String {
        if let name = cursor.plainStringBytes() { return match(name) }
        guard let name = cursor.string(), name.utf8.count <= Limits.stringBytes else { return nil }
        return T(rawValue: name)
    }

    // A choice's value as most clients write it, a known name in quotes with nothing else, compared as one or
    // two words (`JSONCursor.consume(spelled:)`); nil, consuming nothing, for any other spelling or name, which
    // `choice` then reads as before. Most usual value first.

    @inline(__always)
    private mutating func spelledPlatform() -> Platform? {
        cursor.consume(spelled: "\"android\"")
            ? .android : cursor.consume(spelled: "\"ios\"") ? .ios : cursor.consume(spelled: "\"web\"") ? .web : nil
    }

    @inline(__always)
    private mutating func spelledNavigationMode() -> NavigationMode? {
        cursor.consume(spelled: "\"gesture\"")
            ? .gesture : cursor.consume(spelled: "\"threeButton\"") ? .threeButton : nil
    }

    @inline(__always)
    private mutating func spelledSoftInputMode() -> SoftInputMode? {
        cursor.consume(spelled: "\"adjustResize\"")
            ? .adjustResize
            : cursor.consume(spelled: "\"adjustPan\"")
                ? .adjustPan : cursor.consume(spelled: "\"adjustNothing\"") ? .adjustNothing : nil
    }

    /// `head` and then `tail`, as two literal runs compared as words: a member's name too long for one spelling
    /// (`, "name": ` past 24 bytes); false, consuming nothing, otherwise. Transparent, so that the runs' words are
    /// constants.
    @_transparent
    private mutating func consume(_ head: StaticString, _ tail: StaticString) -> Bool {
        let start = cursor
        guard cursor.consume(spelled: head) else { return false }
        if cursor.consume(spelled: tail) { return true }
        cursor = start
        return false
    }

    /// `cursor.spelledMember(name, first: false)` for such a name: `consume(head, tail)`, else `member`, as there.
    @_transparent
    private mutating func spelledMember(_ head: StaticString, _ tail: StaticString, name: StaticString) -> Bool {
        consume(head, tail) || cursor.member(name, first: false)
    }

    /// Reads the rest of a body whose next member is `platform`: Android's members in the order above, the rest
    /// through the table. `progress` marks what `usualBody` read before it.
    mutating func usualAndroid(into body: inout RequestBody, after progress: Progress) -> Bool {
        let top = RequestSchema.top
        var progress = progress
        guard allows(top, UsualAndroidMember.platform),
            let platform = spelledPlatform() ?? choice(UsualAndroidMember.platform)
        else {
            return false
        }
        body.event.scene.values.platform = platform
        body.event.scene.given.rawValue |= UsualAndroidMember.bit(.platform)
        progress.read(UsualAndroidMember.platform)
        if cursor.spelledMember("screen", first: false) {
            guard allows(top, UsualMember.screen), let screen = size() else { return false }
            body.event.scene.values.space.screen = screen
            body.event.scene.given.rawValue |= UsualMember.screenBit
            progress.read(UsualMember.screen)
        }
        if cursor.spelledMember("systemBars", first: false) {
            guard allows(top, UsualAndroidMember.systemBars), usualSystemBars(into: &body) else { return false }
            progress.read(UsualAndroidMember.systemBars)
        }
        if cursor.spelledMember("navigationMode", first: false) {
            guard allows(top, UsualAndroidMember.navigationMode),
                let mode = spelledNavigationMode() ?? choice(UsualAndroidMember.navigationMode)
            else { return false }
            body.event.scene.values.android.navigationMode = mode
            body.event.scene.given.rawValue |= UsualAndroidMember.bit(.navigationMode)
            progress.read(UsualAndroidMember.navigationMode)
        }
        if spelledMember(", \"windowSoftInputMode\"", ": ", name: "windowSoftInputMode") {
            guard allows(top, UsualAndroidMember.windowSoftInputMode),
                let mode = spelledSoftInputMode() ?? choice(UsualAndroidMember.softInputMode)
            else { return false }
            body.event.scene.values.android.softInputMode = mode
            body.event.scene.given.rawValue |= UsualAndroidMember.bit(.windowSoftInputMode)
            progress.read(UsualAndroidMember.windowSoftInputMode)
        }
        // The callback usually follows the soft input mode: then edge-to-edge and the IME insets, rarely sent, are
        // not looked for.
        let callbackNext = consume(", \"insetsAnimation", "Callback\": ")
        if !callbackNext, cursor.spelledMember("edgeToEdge", first: false) {
            guard allows(top, UsualAndroidMember.edgeToEdge), let flag = cursor.bool() else { return false }
            body.event.scene.values.android.edgeToEdge = flag
            body.event.scene.given.rawValue |= UsualAndroidMember.bit(.edgeToEdge)
            progress.read(UsualAndroidMember.edgeToEdge)
        }
        if !callbackNext, cursor.spelledMember("imeInsets", first: false) {
            guard allows(top, UsualAndroidMember.imeInsets), let handling = choice(UsualAndroidMember.imeInsets)
            else { return false }
            body.event.scene.values.android.imeInsets = handling
            body.event.scene.given.rawValue |= UsualAndroidMember.bit(.imeInsets)
            progress.read(UsualAndroidMember.imeInsets)
        }
        if callbackNext || spelledMember(", \"insetsAnimation", "Callback\": ", name: "insetsAnimationCallback") {
            guard allows(top, UsualAndroidMember.insetsAnimationCallback), let flag = cursor.bool() else {
                return false
            }
            body.event.scene.values.android.insetsAnimationCallback = flag
            body.event.scene.given.rawValue |= UsualAndroidMember.bit(.insetsAnimationCallback)
            progress.read(UsualAndroidMember.insetsAnimationCallback)
        }
        if cursor.spelledMember("scrollView", first: false) {
            guard allows(top, UsualMember.scrollView), usualScrollView(into: &body) else { return false }
            progress.read(UsualMember.scrollView)
        }
        if cursor.spelledMember("focusedRect", first: false) {
            guard allows(top, UsualMember.focusedRect), let rect = rect() else { return false }
            body.event.scene.values.focusedRect = rect
            body.event.scene.given.rawValue |= UsualMember.focusedRectBit
            progress.read(UsualMember.focusedRect)
        }
        // The keyboard usually follows the focused rect: then the caret rect, rarely sent, is not looked for.
        let keyboardNext = cursor.consume(spelled: JSONSpelling(member: "keyboard", first: false))
        if !keyboardNext, cursor.spelledMember("caretRect", first: false) {
            guard allows(top, UsualAndroidMember.caretRect), let rect = rect() else { return false }
            body.event.scene.values.android.caretRect = rect
            body.event.scene.given.rawValue |= UsualAndroidMember.bit(.caretRect)
            progress.read(UsualAndroidMember.caretRect)
        }
        if keyboardNext || cursor.spelledMember("keyboard", first: false) {
            guard allows(top, UsualMember.keyboard), usualKeyboard(into: &body) else { return false }
            progress.read(UsualMember.keyboard)
        }
        return finish(top, after: progress, into: &body)
    }

    /// Reads `systemBars`' object: `top` and `bottom` here, the rest through the table.
    private mutating func usualSystemBars(into body: inout RequestBody) -> Bool {
        let schema = RequestSchema.systemBars
        guard cursor.beginObject() else { return false }
        var progress = Progress()
        if cursor.spelledMember("top", first: true) {
            guard allows(schema, UsualAndroidMember.top), let height = number(in: Limits.length) else {
                return false
            }
            body.event.scene.values.android.statusBar = height
            body.event.scene.given.rawValue |= UsualAndroidMember.bit(.top)
            progress.read(UsualAndroidMember.top)
        }
        if cursor.spelledMember("bottom", first: progress.first) {
            guard allows(schema, UsualAndroidMember.bottom), let height = number(in: Limits.length) else {
                return false
            }
            body.event.scene.values.android.navigationBar = height
            body.event.scene.given.rawValue |= UsualAndroidMember.bit(.bottom)
            progress.read(UsualAndroidMember.bottom)
        }
        return finish(schema, after: progress, into: &body)
    }
}
