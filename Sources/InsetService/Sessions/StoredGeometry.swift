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

    /// Merges the values the patch sent, in the schema's order (a frame before a content size).
    mutating func apply(_ patch: GeometryPatch) {
        guard patch.sent != 0 else { return }
        let fields = RequestSchema.geometryFields
        var sent = patch.sent
        while sent != 0 {
            fields[sent.trailingZeroBitCount].kind.copy(from: patch.values, to: &self)
            sent &= sent - 1
        }
        settleWindow()
    }
}
