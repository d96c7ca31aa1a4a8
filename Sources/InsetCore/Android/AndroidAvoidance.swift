/// Where Android puts a window's content when the IME shows or hides, read from the framework's own code
/// (Android 15): the insets `InsetsState` reports, the resize that `SOFT_INPUT_ADJUST_RESIZE` or an edge-to-edge
/// app's inset listener makes, the pan of `ViewRootImpl.scrollToRectOrFocus` under `SOFT_INPUT_ADJUST_PAN`, and
/// the scroll of `ScrollView.onSizeChanged`. All in dp, window coordinates.
public enum AndroidAvoidance {
    /// `InsetsSource.calculateInsets` for the IME: the height of its frame's intersection with the window, as a
    /// bottom inset whatever side it lies on. It includes the navigation bar's area the IME covers.
    public static func imeInset(frame: Rect, screen: Size) -> Double {
        let top = max(frame.minY, 0)
        let bottom = min(frame.maxY, screen.height)
        let left = max(frame.minX, 0)
        let right = min(frame.maxX, screen.width)
        guard bottom > top, right > left else { return 0 }
        return bottom - top
    }

    /// The result of the IME ending at `imeFrame` (window coordinates); `previousPanY` is the window's pan
    /// before (kept when the focused rect cannot fit, as `scrollToRectOrFocus` keeps `mScrollY`).
    public static func shown(_ layout: AndroidLayout, imeFrame: Rect, previousPanY: Double = 0) -> AndroidInsetResult {
        resolve(layout, ime: imeInset(frame: imeFrame, screen: layout.screen), previousPanY: previousPanY)
    }

    /// `shown` with the IME's inset worked out already (`imeInset` of its frame on `layout`'s screen).
    static func shown(_ layout: AndroidLayout, ime: Double, previousPanY: Double) -> AndroidInsetResult {
        resolve(layout, ime: ime, previousPanY: previousPanY)
    }

    /// The result of the IME hiding: the layout at rest, no pan, the offset clamped to the range at rest.
    public static func hidden(_ layout: AndroidLayout) -> AndroidInsetResult {
        resolve(layout, ime: 0, previousPanY: 0)
    }

    /// How far the container's visible bottom rises: the IME's inset less what the layout keeps clear below the
    /// container anyway (`keptClear`). A container that ends at or above the navigation bar loses what the IME
    /// covers beyond the bar, and what lies below it rises with it; one whose frame reaches into the bar's area
    /// loses the IME's overlap with its frame (its bottom less the IME's top, `screen.height − ime`), the whole
    /// inset at the window's bottom. Never negative; zero when nothing follows the IME.
    /// In a dialog, what its window's content loses (`AndroidDialog.window`); in a bottom sheet, what its content
    /// loses (`AndroidBottomSheet.shrink`).
    public static func lift(_ layout: AndroidLayout, ime: Double) -> Double {
        if let dialog = layout.dialog {
            let window = dialog.window(layout, ime: ime)
            return lift(window.layout, ime: window.ime)
        }
        if let sheet = layout.bottomSheet { return sheet.shrink(layout, ime: ime) }
        return max(0, ime - keptClear(layout))
    }

    /// The part of the window's bottom the layout keeps clear below the container at rest, whatever the IME: the
    /// navigation bar (the framework's content insets, `Insets.max` of the types; an edge-to-edge listener
    /// applying `systemBars() | ime()`; `imePadding()` under a parent that consumed `navigationBars()`), less
    /// what of it the container's frame covers (nothing consumed the bar there). Between 0 and the bar's height.
    public static func keptClear(_ layout: AndroidLayout) -> Double {
        min(layout.navigationBar, max(0, layout.screen.height - layout.container.frame.maxY))
    }

    private static func resolve(_ layout: AndroidLayout, ime: Double, previousPanY: Double) -> AndroidInsetResult {
        if let dialog = layout.dialog {
            // In the dialog's window, as its views see it; its insets are the IME's overlap with its frame (none
            // when it shrank above the IME).
            let window = dialog.window(layout, ime: ime)
            var result = resolve(window.layout, ime: window.ime, previousPanY: previousPanY)
            result.windowInsets.ime.bottom = dialog.imeOverlap(layout, ime: ime)
            result.windowPanY = AndroidDialog.thousandths(result.windowPanY)
            return result
        }
        if let sheet = layout.bottomSheet { return resolve(layout, sheet: sheet, ime: ime, previousPanY: previousPanY) }
        let insets = AndroidWindowInsets(
            ime: EdgeInsets(top: 0, left: 0, bottom: ime, right: 0),
            navigationBars: EdgeInsets(top: 0, left: 0, bottom: layout.navigationBar, right: 0),
            statusBars: EdgeInsets(top: layout.statusBar, left: 0, bottom: 0, right: 0))
        let rise = lift(layout, ime: ime)
        let container = layout.container
        var frame = container.frame
        var padding = 0.0
        var offset = container.contentOffset
        switch adjustment(layout) {
        case .resize:
            frame.height = max(0, frame.height - rise)
            offset.y = ScrollViewRules.offsetAfterResize(
                container, newHeight: frame.height, focus: focusInContent(layout))
        case .padding:
            padding = rise
        case .none:
            break
        }
        offset.y = ScrollViewRules.clamped(
            offset.y, height: frame.height, padding: padding, contentHeight: container.contentSize.height)
        let pan =
            layout.softInputMode == .adjustPan && ime > layout.navigationBar
            ? panY(layout, visibleBottom: max(layout.navigationBar, ime), previous: previousPanY) : 0
        return AndroidInsetResult(
            windowInsets: insets, containerFrame: frame, contentPaddingBottom: padding, windowPanY: pan,
            contentOffset: offset)
    }

    /// What the container does when the IME inset changes.
    public enum Adjustment: Sendable {
        /// Its frame ends higher.
        case resize
        /// Its bottom padding grows; its frame stays.
        case padding
        /// Nothing.
        case none
    }

    /// Not edge to edge, the framework resizes the content under `adjustResize` only (the IME is among the
    /// content insets for that mode alone); edge to edge, the framework lays out nothing and the app's listener
    /// decides.
    /// A bottom sheet's content is laid out again under `adjustResize` alone, edge to edge or not (the behavior's
    /// padding or the decor's).
    public static func adjustment(_ layout: AndroidLayout) -> Adjustment {
        if layout.bottomSheet != nil { return layout.softInputMode == .adjustResize ? .resize : .none }
        guard layout.edgeToEdge else { return layout.softInputMode == .adjustResize ? .resize : .none }
        switch layout.imeInsets {
        case .resize: return .resize
        case .padding: return .padding
        case .none: return .none
        }
    }

    /// The focused rect in the container's content coordinates, when the focused view is inside the container
    /// (its rect meets the container's frame; a field outside it, such as a composer below a list, is not the
    /// container's to scroll).
    public static func focusInContent(_ layout: AndroidLayout) -> Rect? {
        guard let rect = layout.focusedRect else { return nil }
        let frame = layout.container.frame
        guard rect.maxY > frame.minY, rect.minY < frame.maxY, rect.maxX > frame.minX, rect.minX < frame.maxX
        else { return nil }
        return rect.offsetBy(
            dx: layout.container.contentOffset.x - frame.minX, dy: layout.container.contentOffset.y - frame.minY)
    }

    /// `ViewRootImpl.scrollToRectOrFocus`: the caret's line (else the focused view's rect), at its unpanned place
    /// and clipped to what shows of the focused view (`getGlobalVisibleRect`: the window, and the list when the view
    /// is in it), brought inside the visible insets (status bar on top, `visibleBottom` below); the previous pan
    /// kept when it cannot fit or nothing of it shows; no margin and no clamp.
    static func panY(_ layout: AndroidLayout, visibleBottom: Double, previous: Double) -> Double {
        guard let view = layout.focusedRect else { return previous }
        var shown = Rect(x: 0, y: 0, width: layout.screen.width, height: layout.screen.height)
        if focusInContent(layout) != nil { shown = intersection(shown, layout.container.frame) ?? shown }
        guard let visible = intersection(view, shown),
            let rect = intersection(layout.caretRect ?? view, visible)
        else { return previous }
        let visibleTop = layout.statusBar
        if rect.height > layout.screen.height - visibleTop - visibleBottom { return previous }
        if rect.minY < visibleTop { return rect.minY - visibleTop }
        if rect.maxY > layout.screen.height - visibleBottom {
            return rect.maxY - (layout.screen.height - visibleBottom)
        }
        return 0
    }

    /// The common part of two rects (`Rect.intersect`), nil when they share no area.
    static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
        let minX = max(a.minX, b.minX)
        let minY = max(a.minY, b.minY)
        let maxX = min(a.maxX, b.maxX)
        let maxY = min(a.maxY, b.maxY)
        guard maxX > minX, maxY > minY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension AndroidAvoidance {
    /// In a bottom sheet: the container's resize and scroll in the sheet's content (`AndroidBottomSheet.content`);
    /// the window's insets are the screen's (the sheet's window covers it); under `adjustPan` the window pans the
    /// focused rect, on the screen where the sheet put it, above the IME.
    static func resolve(
        _ layout: AndroidLayout, sheet: AndroidBottomSheet, ime: Double, previousPanY: Double
    ) -> AndroidInsetResult {
        let content = sheet.content(layout, ime: ime)
        var result = resolve(content.layout, ime: content.ime, previousPanY: previousPanY)
        result.containerFrame.height = AndroidDialog.thousandths(result.containerFrame.height)
        result.contentOffset.y = AndroidDialog.thousandths(result.contentOffset.y)
        result.windowInsets = AndroidWindowInsets(
            ime: EdgeInsets(top: 0, left: 0, bottom: ime, right: 0),
            navigationBars: EdgeInsets(top: 0, left: 0, bottom: layout.navigationBar, right: 0),
            statusBars: EdgeInsets(top: layout.statusBar, left: 0, bottom: 0, right: 0))
        result.windowPanY = 0
        if layout.softInputMode == .adjustPan, ime > layout.navigationBar {
            let origin = sheet.placement(layout, ime: ime).content.origin
            var screen = layout
            screen.bottomSheet = nil
            screen.container.frame = layout.container.frame.offsetBy(dx: origin.x, dy: origin.y)
            screen.focusedRect = layout.focusedRect?.offsetBy(dx: origin.x, dy: origin.y)
            screen.caretRect = layout.caretRect?.offsetBy(dx: origin.x, dy: origin.y)
            result.windowPanY = AndroidDialog.thousandths(
                panY(screen, visibleBottom: max(layout.navigationBar, ime), previous: previousPanY))
        }
        return result
    }
}
