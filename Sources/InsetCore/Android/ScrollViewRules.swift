/// `android.widget.ScrollView`'s own rules for its offset, with no fading edge (the default for apps targeting
/// API 14 and later, which ignore the `fadingEdge` attribute).
enum ScrollViewRules {
    /// `onSizeChanged`: when the focused view was on screen at the old height, scroll by
    /// `computeScrollDeltaToGetChildRectOnScreen` at the new height, through `smoothScrollBy`'s clamp.
    static func offsetAfterResize(_ container: ScrollContainer, newHeight: Double, focus: Rect?) -> Double {
        let scrollY = container.contentOffset.y
        guard let focus, focus.maxY >= scrollY, focus.minY <= scrollY + container.frame.height else { return scrollY }
        let delta = scrollDelta(
            toShow: focus, scrollY: scrollY, height: newHeight, contentHeight: container.contentSize.height)
        let maxY = max(0, container.contentSize.height - newHeight)
        return max(0, min(scrollY + delta, maxY))
    }

    /// `computeScrollDeltaToGetChildRectOnScreen`: the whole rect at the bottom (or its top at the top when
    /// taller than the view), never past the content's end or before its start.
    static func scrollDelta(toShow rect: Rect, scrollY: Double, height: Double, contentHeight: Double) -> Double {
        let screenTop = scrollY
        let screenBottom = scrollY + height
        if rect.maxY > screenBottom && rect.minY > screenTop {
            let delta = rect.height > height ? rect.minY - screenTop : rect.maxY - screenBottom
            return min(delta, contentHeight - screenBottom)
        }
        if rect.minY < screenTop && rect.maxY < screenBottom {
            let delta = rect.height > height ? -(screenBottom - rect.maxY) : -(screenTop - rect.minY)
            return max(delta, -scrollY)
        }
        return 0
    }

    /// `onLayout`'s `scrollTo`: the offset kept within the child's height less the view's height inside its
    /// padding.
    static func clamped(_ offset: Double, height: Double, padding: Double, contentHeight: Double) -> Double {
        let range = max(0, contentHeight - (height - padding))
        return max(0, min(offset, range))
    }
}
