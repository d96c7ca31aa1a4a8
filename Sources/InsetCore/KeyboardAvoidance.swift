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
    ///   - previousAdjustedBottom: the adjusted inset on the keyboard's side before the event
    ///     (`InsetResult.keyboardSideAdjustedInset`; for a frame change while shown, the keyboard's inset then);
    ///     the base insets' by default. The lift behaviour moves by the change.
    ///   - pinnedViews: views pinned to the keyboard layout guide's top (window coordinates), which the list
    ///     must also clear.
    public static func shown(
        scrollView: ScrollViewGeometry, space: ScreenSpace, keyboardFrameEnd: Rect,
        focusedRect: Rect? = nil, options: AvoidanceOptions = AvoidanceOptions(), previousAdjustedBottom: Double? = nil,
        pinnedViews: [PinnedView] = []
    ) -> InsetResult {
        if scrollView.inverted {
            let flipped = Flip(scrollView)
            return flipped.back(
                shown(
                    scrollView: flipped.geometry, space: space, keyboardFrameEnd: keyboardFrameEnd,
                    focusedRect: focusedRect.map(flipped.rect), options: options,
                    previousAdjustedBottom: previousAdjustedBottom, pinnedViews: pinnedViews))
        }
        let docked = isDocked(keyboardFrame: keyboardFrameEnd, screen: space.screen)
        // Apple's documented step: the notification's frame is in screen space, the scroll view in the window's.
        let keyboard = keyboardFrameEnd.offsetBy(dx: -space.window.x, dy: -space.window.y)
        let counts = docked || options.followsUndockedKeyboard
        let overlap = counts ? scrollView.frame.verticalOverlap(with: keyboard) : 0
        let guide = layoutGuide(scrollView, space, keyboard: keyboard, docked: docked, options)
        return covering(
            scrollView, keyboardOverlap: overlap, docked: docked, guide: guide, pinnedViews: pinnedViews,
            focusedRect: focusedRect, options: options, previousAdjustedBottom: previousAdjustedBottom)
    }

    /// The result of the keyboard hiding: the base insets back (plus what pinned views still cover), the
    /// current offset moved as the lift behaviour says (`previousAdjustedBottom` is the keyboard side's
    /// adjusted inset while shown) and clamped to the new range. Whatever frame the hide carries is ignored for
    /// the insets, since some iOS versions report a non-zero one.
    public static func hidden(
        scrollView: ScrollViewGeometry, space: ScreenSpace, keyboardFrameEnd: Rect? = nil,
        options: AvoidanceOptions = AvoidanceOptions(), previousAdjustedBottom: Double? = nil,
        pinnedViews: [PinnedView] = []
    ) -> InsetResult {
        if scrollView.inverted {
            let flipped = Flip(scrollView)
            return flipped.back(
                hidden(
                    scrollView: flipped.geometry, space: space, keyboardFrameEnd: keyboardFrameEnd, options: options,
                    previousAdjustedBottom: previousAdjustedBottom, pinnedViews: pinnedViews))
        }
        let guide = layoutGuide(scrollView, space, keyboard: nil, docked: false, options)
        return covering(
            scrollView, keyboardOverlap: 0,
            docked: keyboardFrameEnd.map { isDocked(keyboardFrame: $0, screen: space.screen) } ?? false,
            guide: guide, pinnedViews: pinnedViews, focusedRect: nil, options: options,
            previousAdjustedBottom: previousAdjustedBottom)
    }

    /// `keyboardLayoutGuide`'s frame (window coordinates) for a keyboard at `keyboard` (window coordinates; nil
    /// while hidden). The guide's view is the window: its bounds are the window's size (the screen's, or what
    /// reaches the scroll view's edges, when no window size is known), and its bottom safe area is the scroll
    /// view's bottom safe area plus the gap from the scroll view's bottom to the window's, when the scroll view
    /// reaches into that area at all (a list that stops above it tells nothing of it, and 0 is used).
    public static func layoutGuide(
        _ scrollView: ScrollViewGeometry, _ space: ScreenSpace, keyboard: Rect?, docked: Bool,
        _ options: AvoidanceOptions
    ) -> Rect {
        let frame = scrollView.frame
        let width = space.window.width > 0 ? space.window.width : space.screen?.width ?? max(0, frame.maxX)
        let height = space.window.height > 0 ? space.window.height : space.screen?.height ?? max(0, frame.maxY)
        let view = Rect(x: 0, y: 0, width: width, height: height)
        // The scroll view's own safe area is in its coordinates, flipped for an inverted list (callers pass the
        // unflipped geometry here).
        let listBottom = scrollView.safeAreaInsets.bottom
        let safeBottom = listBottom > 0 ? listBottom + max(0, view.maxY - frame.maxY) : 0
        return KeyboardLayoutGuide.frame(
            view: view, viewSafeAreaBottom: safeBottom, keyboard: keyboard, docked: docked,
            followsUndockedKeyboard: options.followsUndockedKeyboard, usesBottomSafeArea: options.usesBottomSafeArea)
    }

    /// How much of the scroll view's bottom the keyboard's counted overlap and the pinned views cover: from the
    /// topmost top among them down to the scroll view's bottom. A pinned view counts where it overlaps the
    /// scroll view.
    public static func coveredHeight(frame: Rect, keyboardOverlap: Double, pinnedViews: [PinnedView]) -> Double {
        var covered = keyboardOverlap
        for view in pinnedViews where frame.verticalOverlap(with: view.frame) > 0 {
            covered = max(covered, frame.maxY - max(frame.minY, view.frame.minY))
        }
        return covered
    }

    /// The insets and offset for a scroll view whose bottom `covered` points are hidden, the safe area UIKit
    /// already pads taken off.
    private static func covering(
        _ scrollView: ScrollViewGeometry, keyboardOverlap: Double, docked: Bool, guide: Rect,
        pinnedViews: [PinnedView], focusedRect: Rect?, options: AvoidanceOptions, previousAdjustedBottom: Double?
    ) -> InsetResult {
        let pinned = pinnedViews.map { $0.resting(on: guide.minY) }
        let covered = coveredHeight(frame: scrollView.frame, keyboardOverlap: keyboardOverlap, pinnedViews: pinned)
        // UIKit already pads adjustedContentInset by this much; adding the full overlap would count it twice.
        let safeAdjustment = scrollView.safeAreaAdjustment
        var contentInset = scrollView.contentInset
        var indicatorInsets = scrollView.scrollIndicatorInsets
        if covered > 0 {
            let contentKeyboardInset = max(0, covered - safeAdjustment.bottom)
            let indicatorSafeBottom =
                scrollView.automaticallyAdjustsScrollIndicatorInsets ? scrollView.safeAreaInsets.bottom : 0
            let indicatorKeyboardInset = max(0, covered - indicatorSafeBottom)
            contentInset.bottom = combine(
                base: contentInset.bottom, keyboard: contentKeyboardInset, options.baseInsetMode)
            indicatorInsets.bottom = combine(
                base: indicatorInsets.bottom, keyboard: indicatorKeyboardInset, options.baseInsetMode)
        }
        let adjusted = contentInset + safeAdjustment

        let start = lifted(
            scrollView, to: adjusted, from: previousAdjustedBottom ?? (scrollView.contentInset + safeAdjustment).bottom,
            options.keyboardLiftBehavior)
        let offset: Point
        if let focusedRect {
            let margin = covered > 0 ? options.keyboardDistance : 0
            offset = revealing(
                focusedRect, margin: margin, from: start, scrollView: scrollView, adjusted: adjusted,
                position: options.scrollPosition)
        } else {
            offset = clamped(start, scrollView: scrollView, adjusted: adjusted)
        }
        return InsetResult(
            contentInset: contentInset, scrollIndicatorInsets: indicatorInsets, adjustedContentInset: adjusted,
            contentOffset: offset, keyboardOverlap: keyboardOverlap, keyboardDocked: docked,
            keyboardLayoutGuide: guide, pinnedViews: pinned)
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

    /// The offset that places `rect` as `options.scrollPosition` says, between the top inset and `margin`
    /// above the bottom inset, clamped to the scrollable range.
    private static func revealing(
        _ rect: Rect, margin: Double, from offset: Point, scrollView: ScrollViewGeometry, adjusted: EdgeInsets,
        position: ScrollPosition
    ) -> Point {
        let y = position.offset(
            placing: rect, from: offset.y, frameHeight: scrollView.frame.height, top: adjusted.top,
            bottom: adjusted.bottom, margin: margin)
        return clamped(Point(x: offset.x, y: y), scrollView: scrollView, adjusted: adjusted)
    }
}
