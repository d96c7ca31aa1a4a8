import InsetCore

/// What a session keeps of the screen between events (and a stateless call assembles): the scroll view, the
/// screen space, the options, the pinned views and the form.
public struct Scene: Equatable, Sendable {
    /// Largest magnitude of a coordinate or length a scene holds: far beyond any screen, far below overflow.
    @inlinable public static var maxMagnitude: Double { 1_000_000 }

    /// The base insets and the model (target) content offset.
    public var scrollView: ScrollViewGeometry
    /// Whether `contentSize` was never set, so it follows the frame through rotations as UIKit's default would.
    public var contentSizeFollowsFrame: Bool
    /// The window and the screen the scroll view lives in.
    public var space: ScreenSpace
    /// Whether a window frame was ever set; until then the window is the screen, at its origin.
    public var windowGiven = false
    /// How the scene avoids the keyboard: distances, modes and behaviours.
    public var options: AvoidanceOptions
    /// The catalogue's device the scene is on, and its keyboard, as asked for (none by default).
    public var device = DeviceSetting()
    /// How a session composes an event's animation with those still running.
    public var interruption = Interruption.additive
    /// Views pinned to the keyboard layout guide's top, as laid out when set (window coordinates).
    public var pinnedViews: [PinnedView] = []
    /// The form's fields (content coordinates), which `focus` names and the navigation steps through.
    public var fields: [FormField] = []
    /// The focused field's id, if a field is focused.
    public var focus: String?
    /// A rect to keep visible (content coordinates): a caret inside the focused field, or any rect. On Android,
    /// the focused view, in window coordinates.
    public var focusedRect: Rect?
    /// The platform whose rules the scene follows.
    public var platform = Platform.ios
    /// On Android, the bars, the modes and the caret.
    public var android = AndroidSetting()
    /// The containers the scroll view sits in: empty for a bare screen, which most scenes are, else one state. An
    /// array rather than an optional class reference: a stored class reference made every stateless show copy its
    /// event whole (+1 387 instructions a show, `bench/instructions-exact`), an array costs 48.
    @usableFromInline var containerStore: [ContainerState] = []
    /// On the web, the browser and the page (`WebSetting`): an array, as `containerStore` is, so that a native
    /// scene carries one empty array rather than the web's members.
    @usableFromInline var webStore: [WebSetting] = []

    /// The container, if any, as the one-element array the scene keeps: what an answer takes, so that a scene
    /// without one hands over an empty array rather than copying out a large optional.
    @inlinable public var containers: [ContainerState] { containerStore }

    /// Whether the scroll view sits in a container: cheaper to ask than `container`, which copies it out.
    @inlinable public var hasContainer: Bool { !containerStore.isEmpty }

    /// The containers the scroll view sits in and their layout (`docs/containers.md`); nil on a bare screen.
    /// Setting it marks the scroll view as a bar controller's content view or not; the caller sets the scroll
    /// view's frame and safe area from the layout.
    public var container: ContainerState? {
        get { containerStore.first }
        set {
            containerStore = newValue.map { [$0] } ?? []
            scrollView.isBarControllerContent = newValue?.isBarControllerContent ?? false
        }
    }

    /// A scene exactly as stored, value by value (a shared store reads sessions back with it).
    @inlinable public init(
        scrollView: ScrollViewGeometry, contentSizeFollowsFrame: Bool, space: ScreenSpace, windowGiven: Bool,
        options: AvoidanceOptions
    ) {
        self.scrollView = scrollView
        self.contentSizeFollowsFrame = contentSizeFollowsFrame
        self.space = space
        self.windowGiven = windowGiven
        self.options = options
    }

    /// UIKit's defaults, with an empty frame: what a patch's values are written over.
    @inlinable @inline(__always) public init() {
        self.init(
            scrollView: ScrollViewGeometry(frame: .zero), contentSizeFollowsFrame: true, space: ScreenSpace(),
            windowGiven: false, options: AvoidanceOptions())
    }

    /// Until a window is set, UIKit's usual full-screen window at the screen's origin, sized from the screen
    /// or else from the scroll view. Only its origin matters to the core, so this changes no inset; it is
    /// what a session shows of its window.
    @inlinable public mutating func settleWindow() {
        guard !windowGiven else { return }
        let frame = scrollView.frame
        let size = space.screen ?? Size(width: max(0, frame.maxX), height: max(0, frame.maxY))
        let limit = Self.maxMagnitude
        space.window = Rect(x: 0, y: 0, width: min(size.width, limit), height: min(size.height, limit))
    }

    /// A new frame; a content size never set follows it, as UIKit's default would.
    public mutating func setFrame(_ frame: Rect) {
        scrollView.frame = frame
        if contentSizeFollowsFrame { scrollView.contentSize = frame.size }
    }

    /// A content size set: from now on it no longer follows the frame.
    public mutating func setContentSize(_ size: Size) {
        scrollView.contentSize = size
        contentSizeFollowsFrame = false
    }

    /// A window frame set: from now on it is kept as set.
    public mutating func setWindow(_ window: Rect) {
        space.window = window
        windowGiven = true
    }

    /// Merges the values the patch set, in `SceneValue`'s order (a frame before a content size). A focus set
    /// without a `focusedRect` drops the old one (a caret belongs to the field it was in), as a `focusedRect` set
    /// without a `caretRect` drops the caret (and on a page, without `focusedIn`, the bar the last input sat in), and
    /// fields set without the focused one drop the focus.
    public mutating func apply(_ patch: ScenePatch) {
        guard !patch.given.isEmpty else { return }
        var given = patch.given.rawValue
        while given != 0 {
            // Every bit of a `SceneValues` is a value's.
            SceneValue(rawValue: UInt8(given.trailingZeroBitCount))?.copy(from: patch.values, to: &self)
            given &= given - 1
        }
        if !patch.given.isDisjoint(with: .revealing) {
            if patch.given.contains(.focus), !patch.given.contains(.focusedRect) {
                focusedRect = nil
            }
            if let focus, !fields.contains(where: { $0.id == focus }) { self.focus = nil }
        }
        // A caret belongs to the view it was in, and a page's input to the bar it was in.
        if patch.given.contains(.focusedRect) {
            if !patch.given.contains(SceneValues(.caretRect)) { android.caretRect = nil }
            if !patch.given.contains(SceneValues(.focusedIn)), web.focusedIn != nil { web.focusedIn = nil }
        }
        settleWindow()
    }

    /// The focused field, if `focus` names one.
    public var focusedField: FormField? {
        guard let focus else { return nil }
        return fields.first { $0.id == focus }
    }

    /// What an event keeps visible: the `focusedRect` (a caret), else the focused field's rect.
    public var revealRect: Rect? {
        focusedRect ?? focusedField?.rect
    }

    /// The fields a toolbar's previous and next arrows move to; nil when there are no fields.
    @inlinable public var navigation: FocusNeighbours? {
        guard !fields.isEmpty else { return nil }
        let (previous, next) = FocusNavigation.neighbours(of: focus, in: fields)
        return FocusNeighbours(previous: previous, next: next)
    }
}

/// `navigation`: the fields before and after the focused one (ids, nil at either end or without a focus).
public struct FocusNeighbours: Equatable, Sendable {
    /// The field before the focused one.
    public var previous: String?
    /// The field after it.
    public var next: String?

    /// The neighbours `previous` and `next`.
    @inlinable public init(previous: String?, next: String?) {
        self.previous = previous
        self.next = next
    }
}
