import InsetCore
import InsetJSON

/// Scroll-view fields a request may carry; nil means "not sent".
struct ScrollViewPatch: Equatable, Sendable {
    var frame: Rect?
    var contentInset: EdgeInsets?
    var scrollIndicatorInsets: EdgeInsets?
    var safeAreaInsets: EdgeInsets?
    var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior?
    var automaticallyAdjustsScrollIndicatorInsets: Bool?
    var contentSize: Size?
    var contentOffset: Point?
    var alwaysBounceVertical: Bool?

    static let fields = [
        "frame", "contentInset", "scrollIndicatorInsets", "safeAreaInsets", "contentInsetAdjustmentBehavior",
        "automaticallyAdjustsScrollIndicatorInsets", "contentSize", "contentOffset", "alwaysBounceVertical",
    ]

    init() {}

    init?(_ value: JSONValue, at pointer: @autoclosure () -> String, reader: inout FieldReader) {
        guard let object = reader.object(value, at: pointer(), allowed: Self.fields) else { return nil }
        frame = reader.optional(object, "frame", at: pointer()) { $0.rect($1, at: $2()) }
        contentInset = reader.optional(object, "contentInset", at: pointer()) { $0.insets($1, at: $2()) }
        scrollIndicatorInsets = reader.optional(object, "scrollIndicatorInsets", at: pointer()) {
            $0.insets($1, at: $2())
        }
        safeAreaInsets = reader.optional(object, "safeAreaInsets", at: pointer()) {
            $0.insets($1, at: $2(), nonNegative: true)
        }
        contentInsetAdjustmentBehavior = reader.optional(object, "contentInsetAdjustmentBehavior", at: pointer()) {
            $0.choice($1, at: $2())
        }
        automaticallyAdjustsScrollIndicatorInsets = reader.optional(
            object, "automaticallyAdjustsScrollIndicatorInsets", at: pointer()
        ) { $0.bool($1, at: $2()) }
        contentSize = reader.optional(object, "contentSize", at: pointer()) { $0.size($1, at: $2()) }
        contentOffset = reader.optional(object, "contentOffset", at: pointer()) { $0.point($1, at: $2()) }
        alwaysBounceVertical = reader.optional(object, "alwaysBounceVertical", at: pointer()) { $0.bool($1, at: $2()) }
    }
}

/// Geometry and options a request may carry: the whole of it for a stateless call, changes for a session.
struct GeometryPatch: Equatable, Sendable {
    var scrollView = ScrollViewPatch()
    var window: Rect?
    var screen: Size?
    var keyboardDistance: Double?
    var baseInsetMode: BaseInsetMode?
    var followsUndockedKeyboard: Bool?

    static let fields = [
        "scrollView", "window", "screen", "keyboardDistance", "baseInsetMode", "followsUndockedKeyboard",
    ]

    init() {}

    init(_ object: JSONObject, reader: inout FieldReader) {
        if let value = object["scrollView"], let patch = ScrollViewPatch(value, at: "/scrollView", reader: &reader) {
            scrollView = patch
        }
        window = reader.optional(object, "window", at: "") { $0.rect($1, at: $2()) }
        screen = reader.optional(object, "screen", at: "") { $0.size($1, at: $2()) }
        keyboardDistance = reader.optional(object, "keyboardDistance", at: "") {
            $0.number($1, at: $2(), in: 0...10_000)
        }
        baseInsetMode = reader.optional(object, "baseInsetMode", at: "") { $0.choice($1, at: $2()) }
        followsUndockedKeyboard = reader.optional(object, "followsUndockedKeyboard", at: "") { $0.bool($1, at: $2()) }
    }
}

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

    /// The geometry of a new session or stateless call; the scroll view's frame is required.
    init?(_ patch: GeometryPatch, reader: inout FieldReader) {
        guard let frame = patch.scrollView.frame else {
            reader.fail("/scrollView/frame", "is required")
            return nil
        }
        scrollView = ScrollViewGeometry(frame: frame)
        contentSizeFollowsFrame = true
        space = ScreenSpace()
        options = AvoidanceOptions()
        apply(patch)
    }

    /// The window as echoed: the one sent, or UIKit's usual full-screen window at the screen's origin.
    var window: Rect {
        if windowGiven { return space.window }
        let frame = scrollView.frame
        let size = space.screen ?? Size(width: max(0, frame.maxX), height: max(0, frame.maxY))
        let limit = FieldReader.maxMagnitude
        return Rect(x: 0, y: 0, width: min(size.width, limit), height: min(size.height, limit))
    }

    /// Merges the fields the patch carries.
    mutating func apply(_ patch: GeometryPatch) {
        let sv = patch.scrollView
        if let frame = sv.frame { scrollView.frame = frame }
        if let inset = sv.contentInset { scrollView.contentInset = inset }
        if let inset = sv.scrollIndicatorInsets { scrollView.scrollIndicatorInsets = inset }
        if let inset = sv.safeAreaInsets { scrollView.safeAreaInsets = inset }
        if let behavior = sv.contentInsetAdjustmentBehavior { scrollView.contentInsetAdjustmentBehavior = behavior }
        if let flag = sv.automaticallyAdjustsScrollIndicatorInsets {
            scrollView.automaticallyAdjustsScrollIndicatorInsets = flag
        }
        if let size = sv.contentSize {
            scrollView.contentSize = size
            contentSizeFollowsFrame = false
        } else if contentSizeFollowsFrame {
            scrollView.contentSize = scrollView.frame.size
        }
        if let offset = sv.contentOffset { scrollView.contentOffset = offset }
        if let flag = sv.alwaysBounceVertical { scrollView.alwaysBounceVertical = flag }
        if let window = patch.window {
            space.window = window
            windowGiven = true
        }
        if let screen = patch.screen { space.screen = screen }
        if let distance = patch.keyboardDistance { options.keyboardDistance = distance }
        if let mode = patch.baseInsetMode { options.baseInsetMode = mode }
        if let follows = patch.followsUndockedKeyboard { options.followsUndockedKeyboard = follows }
    }
}
