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
    /// - Parameters:
    ///   - focusedRect: a rect in content coordinates to keep visible, `keyboardDistance` above the keyboard,
    ///     revealed from wherever the lift behaviour left the offset.
    ///   - previousAdjustedBottom: `adjustedContentInset.bottom` before the event (for a frame change while
    ///     shown, the keyboard's inset then); the base insets' by default. The lift behaviour moves by the change.
    public static func shown(
        scrollView: ScrollViewGeometry, space: ScreenSpace, keyboardFrameEnd: Rect,
        focusedRect: Rect? = nil, options: AvoidanceOptions = AvoidanceOptions(), previousAdjustedBottom: Double? = nil
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

        let start = lifted(
            scrollView, to: adjusted, from: previousAdjustedBottom ?? (scrollView.contentInset + safeAdjustment).bottom,
            options.keyboardLiftBehavior)
        let offset: Point
        if let focusedRect {
            let margin = overlap > 0 ? options.keyboardDistance : 0
            offset = revealing(focusedRect, margin: margin, from: start, scrollView: scrollView, adjusted: adjusted)
        } else {
            offset = clamped(start, scrollView: scrollView, adjusted: adjusted)
        }
        return InsetResult(
            contentInset: contentInset, scrollIndicatorInsets: indicatorInsets, adjustedContentInset: adjusted,
            contentOffset: offset, keyboardOverlap: overlap, keyboardDocked: docked)
    }

    /// The result of the keyboard hiding: the base insets back, the current offset moved as the lift behaviour
    /// says (`previousAdjustedBottom` is the bottom inset while shown) and clamped to the base range.
    /// Whatever frame the hide carries is ignored for the insets, since some iOS versions report a non-zero one.
    public static func hidden(
        scrollView: ScrollViewGeometry, space: ScreenSpace, keyboardFrameEnd: Rect? = nil,
        options: AvoidanceOptions = AvoidanceOptions(), previousAdjustedBottom: Double? = nil
    ) -> InsetResult {
        let adjusted = scrollView.contentInset + scrollView.safeAreaAdjustment
        let start = lifted(
            scrollView, to: adjusted, from: previousAdjustedBottom ?? adjusted.bottom, options.keyboardLiftBehavior)
        return InsetResult(
            contentInset: scrollView.contentInset, scrollIndicatorInsets: scrollView.scrollIndicatorInsets,
            adjustedContentInset: adjusted,
            contentOffset: clamped(start, scrollView: scrollView, adjusted: adjusted),
            keyboardOverlap: 0,
            keyboardDocked: keyboardFrameEnd.map { isDocked(keyboardFrame: $0, screen: space.screen) } ?? false)
    }

    /// The vertical offsets UIKit lets the user scroll to with these adjusted insets.
    public static func verticalRange(scrollView: ScrollViewGeometry, adjusted: EdgeInsets) -> ClosedRange<Double> {
        let lower = -adjusted.top
        let upper = max(lower, scrollView.contentSize.height + adjusted.bottom - scrollView.frame.height)
        return lower...upper
    }

    /// How far from the end of the content, in points, an offset still counts as showing it.
    public static let atEndTolerance = 1.0

    /// The offset the lift behaviour starts from: the current one, moved by the change of the bottom inset
    /// (`adjusted.bottom - previousBottom`) when the behaviour lifts, so the content the user sees keeps its
    /// place above the keyboard. `whenAtEnd` lifts only when the offset shows the content's end, within
    /// `atEndTolerance`, under the previous insets.
    private static func lifted(
        _ scrollView: ScrollViewGeometry, to adjusted: EdgeInsets, from previousBottom: Double,
        _ behavior: KeyboardLiftBehavior
    ) -> Point {
        var offset = scrollView.contentOffset
        let lifts: Bool
        switch behavior {
        case .never: lifts = false
        case .always: lifts = true
        case .whenAtEnd:
            var previous = adjusted
            previous.bottom = previousBottom
            lifts = offset.y >= verticalRange(scrollView: scrollView, adjusted: previous).upperBound - atEndTolerance
        }
        if lifts { offset.y += adjusted.bottom - previousBottom }
        return offset
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
