/// The window's insets as `WindowInsets` reports them to the app, each from the window's edges, in dp.
public struct AndroidWindowInsets: Equatable, Sendable {
    /// `WindowInsets.Type.ime()`: the IME's overlap with the window, from its bottom, the navigation bar's area
    /// under the IME included.
    public var ime: EdgeInsets
    /// `WindowInsets.Type.navigationBars()`.
    public var navigationBars: EdgeInsets
    /// `WindowInsets.Type.statusBars()`.
    public var statusBars: EdgeInsets

    /// Creates the insets.
    public init(ime: EdgeInsets, navigationBars: EdgeInsets, statusBars: EdgeInsets) {
        self.ime = ime
        self.navigationBars = navigationBars
        self.statusBars = statusBars
    }
}

/// Where a window's content ends up once the IME has shown or hidden, in dp.
public struct AndroidInsetResult: Equatable, Sendable {
    /// The insets the window reports.
    public var windowInsets: AndroidWindowInsets
    /// The container's frame in the window after any resize.
    public var containerFrame: Rect
    /// The container's bottom padding from the IME inset (edge to edge with `.padding`).
    public var contentPaddingBottom: Double
    /// How far the window is translated up (`ViewRootImpl.mScrollY` under `adjustPan`; negative moves it down).
    public var windowPanY: Double
    /// The container's scroll offset.
    public var contentOffset: Point

    /// Creates a result.
    public init(
        windowInsets: AndroidWindowInsets, containerFrame: Rect, contentPaddingBottom: Double, windowPanY: Double,
        contentOffset: Point
    ) {
        self.windowInsets = windowInsets
        self.containerFrame = containerFrame
        self.contentPaddingBottom = contentPaddingBottom
        self.windowPanY = windowPanY
        self.contentOffset = contentOffset
    }
}
