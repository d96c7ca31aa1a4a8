/// The inset and offset computation: what a scroll view must become when the keyboard shows or hides.
public enum KeyboardAvoidance {
    /// Tolerance, in points, for a keyboard's bottom to count as reaching the screen's bottom.
    public static let dockingTolerance = 1.0

    /// Whether a keyboard frame (screen coordinates) is docked: no screen known, or its bottom reaches the screen's.
    public static func isDocked(keyboardFrame: Rect, screen: Size?) -> Bool {
        guard let screen else { return true }
        return keyboardFrame.maxY >= screen.height - dockingTolerance
    }

    /// The result of the keyboard ending at `keyboardFrameEnd` (screen coordinates).
    /// - Parameter focusedRect: a rect in content coordinates to keep visible, `keyboardDistance` above the keyboard.
    public static func shown(
        scrollView: ScrollViewGeometry, space: ScreenSpace, keyboardFrameEnd: Rect,
        focusedRect: Rect? = nil, options: AvoidanceOptions = AvoidanceOptions()
    ) -> InsetResult {
        let docked = isDocked(keyboardFrame: keyboardFrameEnd, screen: space.screen)
        // Apple's documented step: the notification's frame is in screen space, the scroll view in the window's.
        let keyboard = keyboardFrameEnd.offsetBy(dx: -space.window.x, dy: -space.window.y)
        let counts = docked || options.followsUndockedKeyboard
        let overlap = counts ? scrollView.frame.verticalOverlap(with: keyboard) : 0

        // UIKit already pads adjustedContentInset by this much; adding the full overlap would count it twice.
        let safeAdjustment = scrollView.safeAreaAdjustment
        let contentKeyboardInset = max(0, overlap - safeAdjustment.bottom)
        let indicatorSafeBottom =
            scrollView.automaticallyAdjustsScrollIndicatorInsets ? scrollView.safeAreaInsets.bottom : 0
        let indicatorKeyboardInset = max(0, overlap - indicatorSafeBottom)

        var contentInset = scrollView.contentInset
        contentInset.bottom = combine(base: contentInset.bottom, keyboard: contentKeyboardInset, options.baseInsetMode)
        var indicatorInsets = scrollView.scrollIndicatorInsets
        indicatorInsets.bottom = combine(
            base: indicatorInsets.bottom, keyboard: indicatorKeyboardInset, options.baseInsetMode)
        let adjusted = contentInset + safeAdjustment

        let offset: Point
        if let focusedRect {
            let margin = overlap > 0 ? options.keyboardDistance : 0
            offset = revealing(
                focusedRect, margin: margin, from: scrollView.contentOffset, scrollView: scrollView,
                adjusted: adjusted)
        } else {
            offset = clamped(scrollView.contentOffset, scrollView: scrollView, adjusted: adjusted)
        }
        return InsetResult(
            contentInset: contentInset, scrollIndicatorInsets: indicatorInsets, adjustedContentInset: adjusted,
            contentOffset: offset, keyboardOverlap: overlap, keyboardDocked: docked)
    }

    /// The result of the keyboard hiding: the base insets back, the current offset clamped to the base range.
    /// Whatever frame the hide carries is ignored for the insets, since some iOS versions report a non-zero one.
    public static func hidden(
        scrollView: ScrollViewGeometry, space: ScreenSpace, keyboardFrameEnd: Rect? = nil
    ) -> InsetResult {
        let adjusted = scrollView.contentInset + scrollView.safeAreaAdjustment
        return InsetResult(
            contentInset: scrollView.contentInset, scrollIndicatorInsets: scrollView.scrollIndicatorInsets,
            adjustedContentInset: adjusted,
            contentOffset: clamped(scrollView.contentOffset, scrollView: scrollView, adjusted: adjusted),
            keyboardOverlap: 0,
            keyboardDocked: keyboardFrameEnd.map { isDocked(keyboardFrame: $0, screen: space.screen) } ?? false)
    }

    /// The vertical offsets UIKit lets the user scroll to with these adjusted insets.
    public static func verticalRange(scrollView: ScrollViewGeometry, adjusted: EdgeInsets) -> ClosedRange<Double> {
        let lower = -adjusted.top
        let upper = max(lower, scrollView.contentSize.height + adjusted.bottom - scrollView.frame.height)
        return lower...upper
    }

    private static func combine(base: Double, keyboard: Double, _ mode: BaseInsetMode) -> Double {
        switch mode {
        case .additive: return base + keyboard
        case .max: return max(base, keyboard)
        }
    }

    private static func clamped(_ offset: Point, scrollView: ScrollViewGeometry, adjusted: EdgeInsets) -> Point {
        let range = verticalRange(scrollView: scrollView, adjusted: adjusted)
        return Point(x: offset.x, y: min(max(offset.y, range.lowerBound), range.upperBound))
    }

    /// The smallest vertical move that shows `rect` between the top inset and `margin` above the bottom inset.
    private static func revealing(
        _ rect: Rect, margin: Double, from offset: Point, scrollView: ScrollViewGeometry, adjusted: EdgeInsets
    ) -> Point {
        let visibleTop = offset.y + adjusted.top
        let visibleBottom = offset.y + scrollView.frame.height - adjusted.bottom - margin
        let visibleHeight = visibleBottom - visibleTop
        var y = offset.y
        if rect.height > visibleHeight || rect.minY < visibleTop {
            y = rect.minY - adjusted.top
        } else if rect.maxY > visibleBottom {
            y = rect.maxY + margin + adjusted.bottom - scrollView.frame.height
        }
        return clamped(Point(x: offset.x, y: y), scrollView: scrollView, adjusted: adjusted)
    }
}
