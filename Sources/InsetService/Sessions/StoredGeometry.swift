import InsetCore

/// The geometry a session keeps (and a stateless call assembles): scroll view, screen space and options.
struct StoredGeometry: Equatable, Sendable {
    /// The base insets and the model (target) content offset.
    var scrollView: ScrollViewGeometry
    /// Whether `contentSize` was never sent, so it follows the frame through rotations as UIKit's default would.
    var contentSizeFollowsFrame: Bool
    var space: ScreenSpace
    /// Whether a window frame was ever sent; until then the window is the screen, at its origin.
    var windowGiven = false
    var options: AvoidanceOptions
    /// How a session composes an event's animation with those still running.
    var interruption = Interruption.additive
    /// Views pinned to the keyboard layout guide's top, as laid out when sent (window coordinates).
    var pinnedViews: [PinnedView] = []
    /// The form's fields (content coordinates), which `focus` names and the navigation steps through.
    var fields: [FormField] = []
    /// The focused field's id, if a field is focused.
    var focus: String?
    /// A rect to keep visible (content coordinates): a caret inside the focused field, or any rect.
    var focusedRect: Rect?

    /// A geometry exactly as stored, field by field (`SessionRecord` reads sessions back with it).
    init(
        scrollView: ScrollViewGeometry, contentSizeFollowsFrame: Bool, space: ScreenSpace, windowGiven: Bool,
        options: AvoidanceOptions
    ) {
        self.scrollView = scrollView
        self.contentSizeFollowsFrame = contentSizeFollowsFrame
        self.space = space
        self.windowGiven = windowGiven
        self.options = options
    }

    /// UIKit's defaults, with an empty frame: what a request's values are written over.
    init() {
        self.init(
            scrollView: ScrollViewGeometry(frame: .zero), contentSizeFollowsFrame: true, space: ScreenSpace(),
            windowGiven: false, options: AvoidanceOptions())
    }

    /// Until a window is sent, UIKit's usual full-screen window at the screen's origin, sized from the screen
    /// or else from the scroll view. Only its origin matters to the core, so this changes no answer; it is
    /// what the echo and the record show.
    mutating func settleWindow() {
        guard !windowGiven else { return }
        let frame = scrollView.frame
        let size = space.screen ?? Size(width: max(0, frame.maxX), height: max(0, frame.maxY))
        let limit = Limits.maxMagnitude
        space.window = Rect(x: 0, y: 0, width: min(size.width, limit), height: min(size.height, limit))
    }

    /// A new frame; a content size never sent follows it, as UIKit's default would.
    mutating func setFrame(_ frame: Rect) {
        scrollView.frame = frame
        if contentSizeFollowsFrame { scrollView.contentSize = frame.size }
    }

    /// A content size sent: from now on it no longer follows the frame.
    mutating func setContentSize(_ size: Size) {
        scrollView.contentSize = size
        contentSizeFollowsFrame = false
    }

    /// A window frame sent: from now on it is echoed as sent.
    mutating func setWindow(_ window: Rect) {
        space.window = window
        windowGiven = true
    }

    /// Merges the values the patch sent, in the schema's order (a frame before a content size). A focus sent
    /// without a `focusedRect` drops the old one (a caret belongs to the field it was in), and fields sent
    /// without the focused one drop the focus.
    mutating func apply(_ patch: GeometryPatch) {
        guard patch.sent != 0 else { return }
        let schemaFields = RequestSchema.geometryFields
        var sent = patch.sent
        while sent != 0 {
            schemaFields[sent.trailingZeroBitCount].kind.copy(from: patch.values, to: &self)
            sent &= sent - 1
        }
        if patch.sent & RequestSchema.focusBits != 0 {
            if patch.sent & RequestSchema.focusBit != 0, patch.sent & RequestSchema.focusedRectBit == 0 {
                focusedRect = nil
            }
            if let focus, !fields.contains(where: { $0.id == focus }) { self.focus = nil }
        }
        settleWindow()
    }

    /// The focused field, if `focus` names one.
    var focusedField: FormField? {
        guard let focus else { return nil }
        return fields.first { $0.id == focus }
    }

    /// What an event keeps visible: the `focusedRect` (a caret), else the focused field's rect.
    var revealRect: Rect? {
        focusedRect ?? focusedField?.rect
    }

    /// The fields a toolbar's previous and next arrows move to; nil when there are no fields.
    var navigation: FocusNeighbours? {
        guard !fields.isEmpty else { return nil }
        let (previous, next) = FocusNavigation.neighbours(of: focus, in: fields)
        return FocusNeighbours(previous: previous, next: next)
    }
}

/// `navigation`: the fields before and after the focused one (ids, nil at either end or without a focus).
struct FocusNeighbours: Equatable, Sendable {
    var previous: String?
    var next: String?
}

extension GeometryPatch {
    /// A problem when the body names a focus that is not among the fields it leaves (its own over `base`'s).
    func focusProblem(over base: StoredGeometry) -> FieldError? {
        guard sent & RequestSchema.focusBit != 0, let focus = values.focus else { return nil }
        let fields = sent & RequestSchema.fieldsBit != 0 ? values.fields : base.fields
        guard !fields.contains(where: { $0.id == focus }) else { return nil }
        return FieldError(pointer: "/focus", message: "must name one of the fields ('\(focus)' is none of them)")
    }
}
