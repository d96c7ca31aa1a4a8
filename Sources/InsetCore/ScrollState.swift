/// The three properties a keyboard animation changes on a scroll view.
public struct ScrollState: Equatable, Sendable {
    /// `contentInset`.
    public var contentInset: EdgeInsets
    /// Vertical scroll-indicator insets.
    public var scrollIndicatorInsets: EdgeInsets
    /// `contentOffset`.
    public var contentOffset: Point

    /// Creates a state.
    public init(contentInset: EdgeInsets, scrollIndicatorInsets: EdgeInsets, contentOffset: Point) {
        self.contentInset = contentInset
        self.scrollIndicatorInsets = scrollIndicatorInsets
        self.contentOffset = contentOffset
    }

    /// The state a fraction of the way from `from` to `to`; a fraction past 1 (a spring's overshoot) extrapolates.
    public static func interpolate(from: ScrollState, to: ScrollState, fraction: Double) -> ScrollState {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
        func mix(_ a: EdgeInsets, _ b: EdgeInsets) -> EdgeInsets {
            EdgeInsets(
                top: mix(a.top, b.top), left: mix(a.left, b.left),
                bottom: mix(a.bottom, b.bottom), right: mix(a.right, b.right))
        }
        return ScrollState(
            contentInset: mix(from.contentInset, to.contentInset),
            scrollIndicatorInsets: mix(from.scrollIndicatorInsets, to.scrollIndicatorInsets),
            contentOffset: Point(
                x: mix(from.contentOffset.x, to.contentOffset.x),
                y: mix(from.contentOffset.y, to.contentOffset.y)))
    }
}

/// What a scroll view must become for one keyboard event.
public struct InsetResult: Equatable, Sendable {
    /// The new `contentInset`.
    public var contentInset: EdgeInsets
    /// The new vertical scroll-indicator insets.
    public var scrollIndicatorInsets: EdgeInsets
    /// `contentInset` plus the safe area UIKit adds, as `adjustedContentInset` will read.
    public var adjustedContentInset: EdgeInsets
    /// The new `contentOffset`.
    public var contentOffset: Point
    /// Points of the scroll view the keyboard covers and that count (0 for an ignored undocked keyboard).
    public var keyboardOverlap: Double
    /// Whether the event's keyboard frame is docked at the screen's bottom.
    public var keyboardDocked: Bool
    /// `keyboardLayoutGuide`'s frame in window coordinates (its view is the window).
    public var keyboardLayoutGuide: Rect
    /// The pinned views where the guide puts them.
    public var pinnedViews: [PinnedView]

    /// Creates a result.
    public init(
        contentInset: EdgeInsets, scrollIndicatorInsets: EdgeInsets, adjustedContentInset: EdgeInsets,
        contentOffset: Point, keyboardOverlap: Double, keyboardDocked: Bool, keyboardLayoutGuide: Rect = .zero,
        pinnedViews: [PinnedView] = []
    ) {
        self.contentInset = contentInset
        self.scrollIndicatorInsets = scrollIndicatorInsets
        self.adjustedContentInset = adjustedContentInset
        self.contentOffset = contentOffset
        self.keyboardOverlap = keyboardOverlap
        self.keyboardDocked = keyboardDocked
        self.keyboardLayoutGuide = keyboardLayoutGuide
        self.pinnedViews = pinnedViews
    }

    /// The animatable part.
    public var state: ScrollState {
        ScrollState(
            contentInset: contentInset, scrollIndicatorInsets: scrollIndicatorInsets,
            contentOffset: contentOffset)
    }
}
