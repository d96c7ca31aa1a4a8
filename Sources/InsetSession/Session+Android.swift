import InsetCore

/// An Android session: its scene is the window at rest (the IME hidden) and `android` what the last IME event
/// set moving. Events follow `AndroidTransition.next`: the IME restarts from an end state, the pan from its last
/// target, and the list's scroll jumps within 250 ms of the last one, none of it UIKit's additive composition.
extension Session {
    /// An IME show or hide at the event's timestamp (nil: now); a show's IME ends at `keyboard.frameEnd`, a hide's
    /// covers nothing. Answers what the event set moving, where it starts, and the instant.
    /// Refused, before anything changes, when the event is older than the last one.
    public mutating func receiveAndroid(
        _ kind: KeyboardEvent.Kind, _ event: KeyboardEvent, serverTime: Double
    ) throws(SessionError) -> (outcome: AndroidOutcome, time: Double) {
        let time = try begin(at: event.timestamp, serverTime: serverTime)
        let current = settled(by: event.scene, at: time)
        scene.apply(event.scene)
        let frame: Rect? = kind == .show ? event.keyboard.frameEnd : nil
        let next = current.following(imeFrame: frame, layout: scene.androidLayout, at: time)
        android = next
        keyboardVisible = next.imeTo > 0
        keyboardFrame = keyboardVisible ? frame : nil
        return (AndroidOutcome(next, at: time), time)
    }

    /// A scene change on Android: the window laid out again around the IME where it is, at once for the IME (its
    /// frame is kept; `moved` replaces it), the pan and the scroll as `next` moves them.
    mutating func androidPatch(_ patch: ScenePatch, at time: Double, keyboardFrame moved: Rect?) {
        let current = settled(by: patch, at: time)
        scene.apply(patch)
        if keyboardVisible, let moved { keyboardFrame = moved }
        let next = current.next(
            imeFrame: keyboardVisible ? keyboardFrame : nil, layout: scene.androidLayout, at: time
        ).0
        android = next
        // A frame that covers nothing of the window as it is now is no IME shown.
        if next.imeTo == 0 {
            keyboardVisible = false
            keyboardFrame = nil
        }
    }

    /// The running transition, with the list where `patch` puts it: an offset a change sends is the user's scroll,
    /// on screen now, which stops the list's scroller there (`scrollTo` ends a running `smoothScrollBy`).
    func settled(by patch: ScenePatch, at time: Double) -> AndroidTransition {
        var current = android ?? .rest(scene.androidLayout, at: time)
        if let offset = patch.contentOffset { current.scroll = .still(at: offset.y, since: time) }
        return current
    }

    /// What is on screen at `time` on Android (nil on iOS).
    public func androidValues(at time: Double) -> AndroidValues? {
        android?.values(atMilliseconds: time)
    }

    /// Refuses `operation` (what UIKit alone has) on an Android or a web session, before anything changes;
    /// `onTheWeb` says what a web session does instead.
    func requireIOS(_ operation: String, onTheWeb: String = "") throws(SessionError) {
        let message: String
        switch scene.platform {
        case .ios: return
        case .android: message = "asks for \(operation), which is iOS's: session \(id) is on Android"
        case .web: message = "asks for \(operation), which is iOS's: session \(id) is on the web\(onTheWeb)"
        }
        throw .invalidMembers([MemberProblem(pointer: "", message: message)])
    }
}
