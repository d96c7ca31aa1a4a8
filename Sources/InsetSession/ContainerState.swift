import InsetCore

/// What a scene keeps of its container: the bars as sent (merged over earlier ones), what the layout started from
/// (the window's safe area, the scroll view's frame when the request gave one), the heights it used and the
/// layout itself. The scroll view's frame and safe area in the scene are the layout's, so the core computes with
/// them as with any other scroll view; these are kept so that a later change (a bar hidden, a rotation) lays it
/// out again.
public struct ContainerState: Equatable, Sendable {
    /// The bars, as sent.
    public var container: Container
    /// The window's size.
    public var size: Size
    /// The window's safe area, before the bars.
    public var windowSafeArea: EdgeInsets
    /// Where the presented view stands while the keyboard shows; nil: the view fills the window.
    public var presented: PresentedView?
    /// The scroll view's frame as the request gave it (view coordinates); nil: it fills the view.
    public var givenFrame: Rect?
    /// The heights the layout used, sent or the catalogue's.
    public var heights: BarHeights
    /// The layout: the bars' frames and the scroll view's frame and safe area.
    public var layout: ContainerLayout
    /// The platform whose rules laid it out; on Android `windowSafeArea` holds the system bars.
    public var platform: Platform

    /// The state of `container` laid out in a window of `size` by `platform`'s rules, in the view `presented`
    /// places (nil: the window's bounds).
    public init(
        container: Container, size: Size, windowSafeArea: EdgeInsets, givenFrame: Rect?, heights: BarHeights,
        presented: PresentedView? = nil, platform: Platform = .ios
    ) {
        self.container = container
        self.size = size
        self.windowSafeArea = windowSafeArea
        self.presented = presented
        self.givenFrame = givenFrame
        self.heights = heights
        self.platform = platform
        let window = Rect(x: 0, y: 0, width: size.width, height: size.height)
        if platform == .android, let dialog = container.presentation?.size, container.presentation?.style == .dialog {
            layout = .androidDialog(size: dialog, frame: givenFrame)
        } else if platform == .android, let sheet = container.presentation?.bottomSheet {
            // The sheet's content, `MATCH_PARENT` up to the sheet's maximum width.
            let width = min(size.width, AndroidBottomSheet.maxWidth)
            layout = .androidDialog(size: Size(width: width, height: sheet.contentHeight), frame: givenFrame)
        } else if platform == .android {
            layout = .android(size: size, windowSafeArea: windowSafeArea, heights: heights, frame: givenFrame)
        } else if let view = presented?.frame, view != window {
            // A presented view's safe area is the part of the window's unsafe margins it covers (Apple,
            // `UIView.safeAreaInsets`): a sheet attached to the bottom edge keeps the home indicator's.
            let safe = ContainerLayout.covered(view, by: windowSafeArea, in: window)
            layout = ContainerLayout(view: view, safeArea: safe, heights: heights, frame: givenFrame)
        } else {
            layout = ContainerLayout(size: size, windowSafeArea: windowSafeArea, heights: heights, frame: givenFrame)
        }
    }

    /// A request's container before it is laid out: the bars alone (what a decoder hands the scene).
    public init(sent container: Container) {
        self.init(container: container, size: .zero, windowSafeArea: .zero, givenFrame: nil, heights: BarHeights())
    }

    /// Whether the scroll view is a bar controller's content view: it fills the view under a navigation or a tab
    /// bar (`ScrollViewGeometry.isBarControllerContent`).
    public var isBarControllerContent: Bool { platform == .ios && givenFrame == nil && container.hasBarController }
}
