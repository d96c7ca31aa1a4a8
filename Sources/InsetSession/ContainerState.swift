import InsetCore

/// What a scene keeps of its container: the bars as sent (merged over earlier ones), what the layout started from
/// (the window's safe area, the scroll view's frame when the request gave one), the heights it used and the
/// layout itself. The scroll view's frame and safe area in the scene are the layout's, so the core computes with
/// them as with any other scroll view; these are kept so that a later change (a bar hidden, a rotation) lays it
/// out again.
public struct ContainerState: Equatable, Sendable {
    /// The bars, as sent.
    public var container: Container
    /// The window's safe area, before the bars.
    public var windowSafeArea: EdgeInsets
    /// The scroll view's frame as the request gave it (view coordinates); nil: it fills the view.
    public var givenFrame: Rect?
    /// The heights the layout used, sent or the catalogue's.
    public var heights: BarHeights
    /// The layout: the bars' frames and the scroll view's frame and safe area.
    public var layout: ContainerLayout
    /// The platform whose rules laid it out; on Android `windowSafeArea` holds the system bars.
    public var platform: Platform

    /// The state of `container` laid out in a view of `size` by `platform`'s rules.
    public init(
        container: Container, size: Size, windowSafeArea: EdgeInsets, givenFrame: Rect?, heights: BarHeights,
        platform: Platform = .ios
    ) {
        self.container = container
        self.windowSafeArea = windowSafeArea
        self.givenFrame = givenFrame
        self.heights = heights
        self.platform = platform
        layout =
            platform == .ios
            ? ContainerLayout(size: size, windowSafeArea: windowSafeArea, heights: heights, frame: givenFrame)
            : .android(size: size, windowSafeArea: windowSafeArea, heights: heights, frame: givenFrame)
    }

    /// A request's container before it is laid out: the bars alone (what a decoder hands the scene).
    public init(sent container: Container) {
        self.init(container: container, size: .zero, windowSafeArea: .zero, givenFrame: nil, heights: BarHeights())
    }

    /// Whether the scroll view is a bar controller's content view: it fills the view under a navigation or a tab
    /// bar (`ScrollViewGeometry.isBarControllerContent`).
    public var isBarControllerContent: Bool { platform == .ios && givenFrame == nil && container.hasBarController }
}
