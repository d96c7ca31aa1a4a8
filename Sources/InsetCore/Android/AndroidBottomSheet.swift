/// Material's `BottomSheetDialog` (`docs/containers.md`, "Android bottom sheets"): a dialog whose window covers the
/// screen and whose `BottomSheetBehavior` places the sheet in a `CoordinatorLayout` around the IME. From Material
/// Components' sources: the dialog themes make the window non-floating, `MATCH_PARENT` and `adjustResize`; edge to
/// edge (`BottomSheetDialog.onAttachedToWindow`: the theme's `enableEdgeToEdge` and a navigation bar that is not
/// opaque) the window fits nothing and the behavior pads the sheet's bottom by `getSystemWindowInsetBottom`, which
/// holds the IME under `adjustResize` (`InsetsState.calculateInsets`); otherwise the decor lays the coordinator out
/// above the bars and the IME and the sheet sees no inset. `BottomSheetBehavior.onLayoutChild` then places the sheet
/// at its state's offset (`calculatePeekHeight`, `calculateCollapsedOffset`, the fit-to-contents offset), and
/// `EdgeToEdgeCallback.setPaddingForPosition` pads its top where it reaches under the status bar. In dp.
public struct AndroidBottomSheet: Equatable, Sendable {
    /// The height the sheet's content (the view the app sets) measures with the IME hidden.
    public var contentHeight: Double
    /// The state the sheet is in when the IME shows: collapsed (where `BottomSheetDialog.onStart` puts it) or
    /// expanded.
    public var state: State
    /// `behavior_peekHeight` in dp; nil: `auto`, the `Widget.Design.BottomSheet.Modal` style's.
    public var peekHeight: Double?

    /// `BottomSheetBehavior`'s stable states the service models (`fitToContents`, the default, has no half-expanded
    /// one).
    public enum State: String, CaseIterable, Sendable {
        case collapsed, expanded
    }

    /// `design_bottom_sheet_peek_height_min`: the least an automatic peek height shows.
    public static let peekHeightMin = 64.0
    /// `material_bottom_sheet_max_width`, the sheet style's `android:maxWidth`.
    public static let maxWidth = 640.0

    /// A sheet whose content measures `contentHeight`.
    @inlinable public init(contentHeight: Double, state: State = .collapsed, peekHeight: Double? = nil) {
        self.contentHeight = contentHeight
        self.state = state
        self.peekHeight = peekHeight
    }

    /// The sheet's width on `layout`'s screen: `MATCH_PARENT` up to the style's `maxWidth`.
    public func width(_ layout: AndroidLayout) -> Double { min(layout.screen.width, Self.maxWidth) }

    /// Where the sheet stands with the IME's inset at `ime`, in screen coordinates.
    public struct Placement: Equatable, Sendable {
        /// The sheet's frame (it may reach below the screen when collapsed).
        public var frame: Rect
        /// The content's frame: the sheet less its top and bottom padding, as tall as the content measures.
        public var content: Rect
        /// The bottom padding from the insets (`insetBottom`).
        public var paddingBottom: Double
    }

    /// The sheet placed with the IME's bottom inset at `ime` (0: hidden).
    public func placement(_ layout: AndroidLayout, ime: Double) -> Placement {
        // Only `adjustResize` puts the IME among the insets the decor fits or `getSystemWindowInsetBottom` holds.
        let imeIn = layout.softInputMode == .adjustResize ? ime : 0
        let screen = layout.screen
        let bottomInset = max(layout.navigationBar, imeIn)
        // The coordinator: the whole window edge to edge; else what the decor leaves inside the bars and the IME.
        let parentTop = layout.edgeToEdge ? 0 : layout.statusBar
        let parentHeight = max(0, layout.edgeToEdge ? screen.height : screen.height - layout.statusBar - bottomInset)
        let insetTop = layout.edgeToEdge ? layout.statusBar : 0
        let insetBottom = layout.edgeToEdge ? bottomInset : 0
        // `onMeasureChild`: WRAP_CONTENT at most the parent's height.
        var measured = min(contentHeight + insetBottom, parentHeight)
        // `onLayoutChild`: a sheet that would reach under the status bar takes the parent's height.
        let childHeight = parentHeight - measured < insetTop ? parentHeight : measured
        let fitToContentsOffset = max(0, parentHeight - childHeight)
        let peek: Double
        if let peekHeight {
            peek = peekHeight + insetBottom
        } else {
            peek =
                min(max(Self.peekHeightMin, parentHeight - layout.screen.width * 9 / 16), childHeight) + insetBottom
        }
        let collapsedOffset = max(parentHeight - peek, fitToContentsOffset)
        let top = state == .expanded ? fitToContentsOffset : collapsedOffset
        // `setPaddingForPosition`: under the status bar, the top is padded down to it; the sheet measures again
        // with it, which moves no offset (a top under the bar means the fit-to-contents offset is 0).
        let paddingTop = layout.edgeToEdge && top < insetTop ? insetTop - top : 0
        measured = min(contentHeight + insetBottom + paddingTop, parentHeight)
        let width = width(layout)
        let x = AndroidDialog.thousandths((screen.width - width) / 2)
        let frame = Rect(x: x, y: AndroidDialog.thousandths(parentTop + top), width: width, height: measured)
        let content = Rect(
            x: x, y: AndroidDialog.thousandths(frame.minY + paddingTop), width: width,
            height: AndroidDialog.thousandths(max(0, measured - paddingTop - insetBottom)))
        return Placement(frame: frame, content: content, paddingBottom: insetBottom)
    }

    /// How much the content loses of its height with the IME's inset at `ime`: it measures at most what the sheet
    /// leaves it, so a tall content shrinks (the service takes the loss from the scroll view in it).
    public func shrink(_ layout: AndroidLayout, ime: Double) -> Double {
        AndroidDialog.thousandths(max(0, contentHeight - placement(layout, ime: ime).content.height))
    }

    /// The content as its own views see it, with the IME's inset at `ime`: a layout the content's size with no
    /// bars, in which the content's shrink is the IME's inset under `adjustResize` (what it loses at its bottom).
    public func content(_ layout: AndroidLayout, ime: Double) -> (layout: AndroidLayout, ime: Double) {
        var local = layout
        local.screen = Size(width: width(layout), height: contentHeight)
        local.statusBar = 0
        local.navigationBar = 0
        local.edgeToEdge = false
        local.imeInsets = .none
        local.bottomSheet = nil
        local.dialog = nil
        return (local, shrink(layout, ime: ime))
    }

    /// How much of `rect` (content coordinates, its scroll already applied) shows with the IME's inset at `ime`
    /// and the window panned by `panY`: its part inside the content, below the status bar and above the IME and the
    /// navigation bar.
    public func shown(_ rect: Rect, _ layout: AndroidLayout, ime: Double, panY: Double) -> Shown {
        let placed = placement(layout, ime: ime)
        let onScreen = rect.offsetBy(dx: placed.content.minX, dy: placed.content.minY - panY)
        let top = max(placed.content.minY - panY, layout.statusBar)
        let bottom = min(placed.content.maxY - panY, layout.screen.height - max(layout.navigationBar, ime))
        let visible = AndroidDialog.thousandths(max(0, min(onScreen.maxY, bottom) - max(onScreen.minY, top)))
        if visible <= 0 { return .none }
        return visible >= rect.height ? .whole : .part
    }

    /// How much of a rect shows.
    public enum Shown: String, Sendable {
        case whole, part, none
    }
}
