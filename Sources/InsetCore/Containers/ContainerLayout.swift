/// The bars' heights a layout uses, each the one sent or the default the catalogue gave; nil for a bar that is
/// absent, hidden or of style `none`.
public struct BarHeights: Equatable, Sendable {
    /// The navigation bar's height below the status bar.
    public var navigationBar: Double?
    /// The tab bar's height above the bottom safe area.
    public var tabBar: Double?
    /// The toolbar's height above the tab bar or the bottom safe area.
    public var toolbar: Double?
    /// Android: the top app bar's height below the status bar.
    public var topAppBar: Double?
    /// Android: the bottom navigation's height above the navigation bar.
    public var bottomNavigation: Double?

    /// The heights of the bars that show.
    @inlinable public init(
        navigationBar: Double? = nil, tabBar: Double? = nil, toolbar: Double? = nil, topAppBar: Double? = nil,
        bottomNavigation: Double? = nil
    ) {
        self.navigationBar = navigationBar
        self.tabBar = tabBar
        self.toolbar = toolbar
        self.topAppBar = topAppBar
        self.bottomNavigation = bottomNavigation
    }
}

/// How a container lays out the view controller's view and the scroll view in it (`docs/containers.md`).
///
/// UIKit extends a child's view under translucent bars (`edgesForExtendedLayout = .all`) and tells it what the
/// bars cover through its safe area: "the area not covered by navigation bars, tab bars, toolbars" (Apple,
/// `UIView.safeAreaLayoutGuide`). So the view fills the presented bounds, a navigation bar sits below the status
/// bar (the window's top safe area), a tab bar on the bottom with its background under the home indicator, and a
/// toolbar above the tab bar; the view's safe area is the window's plus the bars. Any other view's safe area is
/// "only the portion of the view that is covered" (Apple, `UIView.safeAreaInsets`).
public struct ContainerLayout: Equatable, Sendable {
    /// The navigation bar's frame, when one shows.
    public var navigationBar: Rect?
    /// The tab bar's frame (its background down to the screen's bottom), when one shows.
    public var tabBar: Rect?
    /// The toolbar's frame, when one shows.
    public var toolbar: Rect?
    /// Android: the top app bar's frame.
    public var topAppBar: Rect?
    /// Android: the bottom navigation's frame with the IME hidden (under `adjustResize` it rises with the content).
    public var bottomNavigation: Rect?
    /// The view controller's view in the window: the window's bounds, or the presented view's frame.
    public var view: Rect
    /// The view's safe area: the window's plus the bars.
    public var viewSafeArea: EdgeInsets
    /// The scroll view's frame: the view's, or the one the request gave.
    public var scrollView: Rect
    /// The scroll view's safe area: the view's, or the part of the view's unsafe edges the given frame covers.
    public var scrollViewSafeArea: EdgeInsets

    /// The layout of bars of `heights` in a view of `size` whose window safe area is `windowSafeArea`, with the
    /// scroll view at `frame` (view coordinates) or filling the view when nil.
    public init(size: Size, windowSafeArea: EdgeInsets, heights: BarHeights, frame: Rect?) {
        self.init(
            view: Rect(x: 0, y: 0, width: size.width, height: size.height), safeArea: windowSafeArea,
            heights: heights, frame: frame)
    }

    /// The layout of bars of `heights` in a presented view at `view` (window coordinates) whose own safe area,
    /// before the bars, is `safeArea`, with the scroll view at `frame` (the presented view's coordinates) or
    /// filling the view when nil. Every frame of the layout is in the window's coordinates.
    public init(view: Rect, safeArea: EdgeInsets, heights: BarHeights, frame: Rect?) {
        var safe = safeArea
        if let height = heights.navigationBar {
            navigationBar = Rect(x: view.x, y: view.y + safeArea.top, width: view.width, height: height)
            safe.top += height
        }
        // From the bottom up: the tab bar rests on the view's bottom safe area and covers it, a toolbar rests on
        // the tab bar, else it too covers the bottom safe area.
        var bottom = view.maxY - safeArea.bottom
        var backgroundBelow = safeArea.bottom
        if let height = heights.tabBar {
            bottom -= height
            tabBar = Rect(x: view.x, y: bottom, width: view.width, height: height + backgroundBelow)
            backgroundBelow = 0
            safe.bottom += height
        }
        if let height = heights.toolbar {
            bottom -= height
            toolbar = Rect(x: view.x, y: bottom, width: view.width, height: height + backgroundBelow)
            safe.bottom += height
        }
        self.view = view
        viewSafeArea = safe
        let given = frame.map { Rect(x: view.x + $0.x, y: view.y + $0.y, width: $0.width, height: $0.height) }
        scrollView = given ?? view
        scrollViewSafeArea = given.map { Self.covered($0, by: safe, in: view) } ?? safe
    }

    /// An Android window's layout, not edge to edge: the framework lays the content out between the status bar
    /// (`windowSafeArea.top`) and the navigation bar (`windowSafeArea.bottom`), the content insets of a window that
    /// fits system windows (`docs/android.md`); the top app bar heads it, the bottom navigation ends it, and the
    /// scroll view fills what is between unless `frame` is given. A view has no safe area on Android: the scroll
    /// view's is zero, and `viewSafeArea` holds the content insets with the bars.
    public static func android(size: Size, windowSafeArea: EdgeInsets, heights: BarHeights, frame: Rect?) -> Self {
        var layout = ContainerLayout(size: size, windowSafeArea: windowSafeArea, heights: BarHeights(), frame: frame)
        var top = windowSafeArea.top
        var bottom = size.height - windowSafeArea.bottom
        if let height = heights.topAppBar {
            layout.topAppBar = Rect(x: 0, y: top, width: size.width, height: height)
            top += height
        }
        if let height = heights.bottomNavigation {
            bottom -= height
            layout.bottomNavigation = Rect(x: 0, y: bottom, width: size.width, height: height)
        }
        layout.viewSafeArea = EdgeInsets(top: top, left: 0, bottom: size.height - bottom, right: 0)
        layout.scrollView = frame ?? Rect(x: 0, y: top, width: size.width, height: max(0, bottom - top))
        layout.scrollViewSafeArea = .zero
        return layout
    }

    /// A dialog window's layout on Android (`AndroidDialog`), in its own coordinates: the scroll view fills the
    /// window of `size` unless `frame` is given. No bars: the app bars are the activity's, and the dialog's window
    /// fits the system bars, so no inset reaches its views at rest. A bottom sheet's content is laid out the same
    /// way: the sheet's padding keeps the bars off it.
    public static func androidDialog(size: Size, frame: Rect?) -> Self {
        var layout = ContainerLayout(size: size, windowSafeArea: .zero, heights: BarHeights(), frame: frame)
        layout.scrollViewSafeArea = .zero
        return layout
    }

    /// The safe area of a subview at `frame` in `view`, whose own safe area is `safe`: how far each edge of the
    /// frame reaches into the view's unsafe margins, never more than the frame itself.
    public static func covered(_ frame: Rect, by safe: EdgeInsets, in view: Rect) -> EdgeInsets {
        let top = min(frame.height, max(0, view.minY + safe.top - frame.minY))
        let bottom = min(frame.height, max(0, frame.maxY - (view.maxY - safe.bottom)))
        let left = min(frame.width, max(0, view.minX + safe.left - frame.minX))
        let right = min(frame.width, max(0, frame.maxX - (view.maxX - safe.right)))
        return EdgeInsets(top: top, left: left, bottom: bottom, right: right)
    }
}
