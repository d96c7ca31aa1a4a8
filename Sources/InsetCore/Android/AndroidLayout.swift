/// A window on Android as laid out with the IME hidden, in dp and window coordinates (the window covers the
/// screen, as an activity's does).
public struct AndroidLayout: Equatable, Sendable {
    /// The screen (and window) size.
    public var screen: Size
    /// The status bar's height: the top system-bar inset.
    public var statusBar: Double
    /// The navigation bar's height: the bottom system-bar inset.
    public var navigationBar: Double
    /// The device's navigation.
    public var navigationMode: NavigationMode
    /// The window's soft-input adjustment.
    public var softInputMode: SoftInputMode
    /// Whether the window draws under the system bars (`setDecorFitsSystemWindows(false)`, enforced for apps
    /// targeting API 35): the framework then lays out nothing around the bars or the IME, and the app applies
    /// the insets itself as `imeInsets` says.
    public var edgeToEdge: Bool
    /// How an edge-to-edge app applies the IME inset; `.none` when not edge to edge.
    public var imeInsets: ImeInsetsHandling
    /// Whether a view in the window has a `WindowInsetsAnimation.Callback`, which makes the IME's animation the
    /// synced one.
    public var insetsAnimationCallback: Bool
    /// The scroll container (a `ScrollView`) as laid out with the IME hidden.
    public var container: ScrollContainer
    /// The focused view's rect, in window coordinates with the window not panned: what the list scrolls into view
    /// (`ScrollView` takes the view's drawing rect).
    public var focusedRect: Rect?
    /// In a focused text field, the caret's line (4 px wide, `TextView.getFocusedRect`), window coordinates: what
    /// the pan brings into view; nil, the pan takes `focusedRect`.
    public var caretRect: Rect?
    /// The dialog whose window holds the container, when it is not the activity's: `container`, `focusedRect`
    /// and `caretRect` are then in the dialog window's coordinates, and `softInputMode` is its window's.
    public var dialog: AndroidDialog?
    /// Material's bottom sheet whose content holds the container, when it is not the activity's: `container`,
    /// `focusedRect` and `caretRect` are then in the sheet content's coordinates, and `softInputMode` and
    /// `edgeToEdge` are its dialog window's.
    public var bottomSheet: AndroidBottomSheet?

    /// Creates a layout.
    @inlinable public init(
        screen: Size, statusBar: Double, navigationBar: Double, navigationMode: NavigationMode,
        softInputMode: SoftInputMode, edgeToEdge: Bool, imeInsets: ImeInsetsHandling,
        insetsAnimationCallback: Bool, container: ScrollContainer, focusedRect: Rect?, caretRect: Rect? = nil,
        dialog: AndroidDialog? = nil, bottomSheet: AndroidBottomSheet? = nil
    ) {
        self.dialog = dialog
        self.bottomSheet = bottomSheet
        self.screen = screen
        self.statusBar = statusBar
        self.navigationBar = navigationBar
        self.navigationMode = navigationMode
        self.softInputMode = softInputMode
        self.edgeToEdge = edgeToEdge
        self.imeInsets = imeInsets
        self.insetsAnimationCallback = insetsAnimationCallback
        self.container = container
        self.focusedRect = focusedRect
        self.caretRect = caretRect
    }
}

/// A vertical scroll container: its frame in the window, its content's size and its scroll offset.
public struct ScrollContainer: Equatable, Sendable {
    /// The container's frame, window coordinates.
    public var frame: Rect
    /// The size of its one child (the scrolled content).
    public var contentSize: Size
    /// `getScrollY()` (and x), in dp.
    public var contentOffset: Point

    /// Creates a container.
    public init(frame: Rect, contentSize: Size, contentOffset: Point) {
        self.frame = frame
        self.contentSize = contentSize
        self.contentOffset = contentOffset
    }
}
