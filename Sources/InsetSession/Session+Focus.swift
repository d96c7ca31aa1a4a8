import InsetCore

/// The keywords a focus move takes besides a field's id.
public enum FocusMove {
    /// The field after the focused one in navigation order.
    public static let next = "next"
    /// The field before it.
    public static let previous = "previous"
}

extension Session {
    /// The field a focus move names: an id of the session's fields, or `next` / `previous` from the focused
    /// one. Throws, before anything changes, when there is no such field.
    public func field(named name: String) throws(SessionError) -> FormField {
        let fields = scene.fields
        let pick: String?
        switch name {
        case FocusMove.next, FocusMove.previous:
            guard let focus = scene.focus else {
                throw .focusMoveRefused(name: name, .nothingFocused)
            }
            let neighbours = FocusNavigation.neighbours(of: focus, in: fields)
            pick = name == FocusMove.next ? neighbours.next : neighbours.previous
            guard pick != nil else {
                throw .focusMoveRefused(name: name, .atEnd(focus: focus, last: name == FocusMove.next))
            }
        default:
            pick = name
        }
        guard let field = fields.first(where: { $0.id == pick }) else {
            throw .focusMoveRefused(name: name, .unknownField)
        }
        return field
    }

    /// The focus moves to `field` while the keyboard is shown (the caller checked `shownKeyboard`; `moveFocus` checks it): the offset
    /// changes to reveal it, animated as UIScrollView animates a scroll (`FocusScroll`), composed with what still
    /// runs; the keyboard and its last notification stay as they are.
    public mutating func focus(on field: FormField, at time: Double) -> EventAnimation {
        scene.focus = field.id
        scene.focusedRect = nil
        let info = keyboard ?? KeyboardInfo()
        let result = KeyboardAvoidance.shown(
            scrollView: scene.scrollView, space: scene.space, keyboardFrameEnd: info.frameEnd ?? .zero,
            focusedRect: field.rect, options: scene.options, previousAdjustedBottom: keyboardSideInset,
            pinnedViews: scene.pinnedViews)
        return finish(
            result, info: info, curve: FocusScroll.curve, duration: FocusScroll.duration, scrolledOffset: nil,
            keyboardFrom: keyboardFrame, keyboardTo: keyboardFrame, visible: true, at: time)
    }

    /// The focus moves to the field `name` names (an id, `next` or `previous`) at `timestamp` (nil: now), while
    /// the keyboard is shown. Answers the scroll's composition and the instant; refused, before anything
    /// changes, with no keyboard shown, no such field, or an event older than the last.
    public mutating func moveFocus(
        to name: String, timestamp: Double?, serverTime: Double
    ) throws(SessionError) -> (animation: EventAnimation, time: Double) {
        try requireIOS(
            "a focus move", onTheWeb: "; send a show with the newly focused input's focusedRect, which scrolls to it")
        guard shownKeyboard != nil else { throw .keyboardNotShown }
        let field = try field(named: name)
        let time = try begin(at: timestamp, serverTime: serverTime)
        return (focus(on: field, at: time), time)
    }
}
