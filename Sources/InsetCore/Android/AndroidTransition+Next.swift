/// How one IME event follows another on Android: not UIKit's additive composition, but what `InsetsController`,
/// `ViewRootImpl` and `ScrollView` each do with what is running.
extension AndroidTransition {
    /// `ScrollView.ANIMATED_SCROLL_GAP`, milliseconds: a `smoothScrollBy` sooner than this after the last one
    /// ends the running scroll and jumps.
    public static let animatedScrollGap = 250.0

    /// The window at rest with the IME hidden, since `time`.
    public static func rest(_ layout: AndroidLayout, at time: Double) -> AndroidTransition {
        let settled = AndroidAvoidance.hidden(layout)
        return AndroidTransition(
            animation: nil, startTime: time, imeFrom: 0, imeTo: 0, layout: layout, target: settled,
            pan: .still(at: 0, since: time), scroll: .still(at: settled.contentOffset.y, since: time))
    }

    /// The transition an IME event at `t` (milliseconds) starts after this one, for `layout` (the window at rest,
    /// its focused rect where it lies at the layout's own offset), and where it settles. `imeFrame` nil, or covering nothing, is a hide.
    ///
    /// - A show while the IME is hidden or hiding, and a hide while it is shown or showing, start the IME's
    ///   animation from the other end state: the running one is cancelled and snaps to its end first
    ///   (`cancelExistingControllers`, `InsetsAnimationControlImpl.cancel`).
    /// - A show while shown or showing, with another frame, changes the inset at once (`show` skips an IME
    ///   already visible or animating in); one with the same frame, and a hide while hidden or hiding, change
    ///   nothing.
    /// - The pan scrolls from the last pan's target, not from where it is drawn (`mScroller.startScroll(0,
    ///   mScrollY, …)` with `mScrollY` the last target).
    /// - The list's resize scroll is a `smoothScrollBy` from where it is, at the height it had; within
    ///   `animatedScrollGap` of the last one it jumps. Clamping the offset to a changed range (`onLayout`'s
    ///   `scrollTo`) is at once. Without either, a running scroll goes on.
    /// - An event that leaves the IME's target as it was (a new layout only) leaves its running animation alone.
    public func next(imeFrame: Rect?, layout: AndroidLayout, at t: Double) -> (AndroidTransition, AndroidInsetResult) {
        let next = following(imeFrame: imeFrame, layout: layout, at: t)
        return (next, next.target)
    }

    /// `next`'s transition alone, its `target` where it settles: the one large value to return and copy.
    public func following(imeFrame: Rect?, layout: AndroidLayout, at t: Double) -> AndroidTransition {
        let inset = imeFrame.map { AndroidAvoidance.imeInset(frame: $0, screen: layout.screen) } ?? 0
        let showing = inset > 0
        let imeNow = ime(atMilliseconds: t)
        let visible = imeTo > 0
        if showing == visible && (!showing || inset == imeTo) && layout == self.layout {
            return self
        }
        let placed = layout.scrolled(to: scroll.value(atMilliseconds: t))
        // Built where it is returned, its target in place: each large value held in a local of its own was copied.
        var next = AndroidTransition(
            animation: nil, startTime: t, imeFrom: imeNow, imeTo: inset, layout: layout,
            target: showing
                ? AndroidAvoidance.shown(placed, ime: inset, previousPanY: pan.to) : AndroidAvoidance.hidden(placed),
            pan: pan, scroll: scroll, lastSmoothScroll: lastSmoothScroll)
        if showing != visible {
            next.animation = ImeAnimation(showing: showing, synced: layout.insetsAnimationCallback)
            next.imeFrom = showing ? 0 : imeTo
        } else if !showing || inset == imeTo {
            // The IME goes where it was going: a new layout (a patch, a show for another field) leaves its running
            // animation alone (`show` skips an IME animating in; nothing cancels it).
            next.animation = animation
            next.startTime = startTime
            next.imeFrom = imeFrom
        }
        if next.target.windowPanY != pan.to {
            next.pan = ScrollerMotion(from: pan.to, to: next.target.windowPanY, startTime: t)
        }
        next.scroll = Self.scrollMotion(
            placed, oldHeight: target.containerFrame.height, height: next.target.containerFrame.height,
            padding: next.target.contentPaddingBottom, running: scroll, at: t, lastSmoothScroll: &next.lastSmoothScroll)
        next.target.contentOffset.y = next.scroll.to
        return next
    }

    /// `rest(layout, at: t).following(imeFrame: imeFrame, layout: layout, at: t)`, a show worked out without the
    /// window at rest built first (of it, only the container's height and offset count): nothing runs, the pan is
    /// 0, and the IME's animation starts from hidden.
    public static func fromRest(_ layout: AndroidLayout, imeFrame: Rect?, at t: Double) -> AndroidTransition {
        let inset = imeFrame.map { AndroidAvoidance.imeInset(frame: $0, screen: layout.screen) } ?? 0
        guard inset > 0 else { return rest(layout, at: t).following(imeFrame: imeFrame, layout: layout, at: t) }
        let settled = AndroidAvoidance.hidden(layout)
        let placed = layout.scrolled(to: settled.contentOffset.y)
        let still = ScrollerMotion.still(at: settled.contentOffset.y, since: t)
        var next = AndroidTransition(
            animation: ImeAnimation(showing: true, synced: layout.insetsAnimationCallback), startTime: t, imeFrom: 0,
            imeTo: inset, layout: layout, target: AndroidAvoidance.shown(placed, ime: inset, previousPanY: 0),
            pan: .still(at: 0, since: t), scroll: still)
        if next.target.windowPanY != 0 {
            next.pan = ScrollerMotion(from: 0, to: next.target.windowPanY, startTime: t)
        }
        next.scroll = scrollMotion(
            placed, oldHeight: settled.containerFrame.height, height: next.target.containerFrame.height,
            padding: next.target.contentPaddingBottom, running: still, at: t, lastSmoothScroll: &next.lastSmoothScroll)
        next.target.contentOffset.y = next.scroll.to
        return next
    }

    /// The list's scroll to where the result lays it out (its container `height` high, its bottom padding
    /// `padding`), from where it is (`placed`): `onSizeChanged`, when the height changed and the focused view showed
    /// at the old height, calls `smoothScrollBy` with its delta, which animates over 250 ms, or jumps within
    /// `animatedScrollGap` of the last call, and either way restarts that gap; `onLayout` then clamps the offset to
    /// the new range at once. The list was `oldHeight` high, and `scroll` is what ran before.
    static func scrollMotion(
        _ placed: AndroidLayout, oldHeight: Double, height: Double, padding: Double, running scroll: ScrollerMotion,
        at t: Double, lastSmoothScroll: inout Double?
    ) -> ScrollerMotion {
        let current = placed.container.contentOffset.y
        let content = placed.container.contentSize.height
        var offset = current
        var animated = false
        if height != oldHeight, let focus = AndroidAvoidance.focusInContent(placed), focus.maxY >= current,
            focus.minY <= current + oldHeight
        {
            let delta = ScrollViewRules.scrollDelta(
                toShow: focus, scrollY: current, height: height, contentHeight: content)
            if delta != 0 {
                animated = lastSmoothScroll.map { t - $0 > Self.animatedScrollGap } ?? true
                lastSmoothScroll = t
                offset = max(0, min(current + delta, max(0, content - (height - padding))))
            }
        }
        var settled = ScrollViewRules.clamped(
            offset, height: height, padding: padding, contentHeight: content)
        // What a dialog's or a sheet's rules derive from several dp is given to a thousandth.
        if placed.dialog != nil || placed.bottomSheet != nil { settled = AndroidDialog.thousandths(settled) }
        if animated && settled != current { return ScrollerMotion(from: current, to: settled, startTime: t) }
        // No new scroll and nothing to clamp: a running one goes on (nothing in a resize or `onLayout` aborts the
        // scroller; `doScrollY(0)` does nothing).
        if offset == current, settled == current, scroll.isRunning(atMilliseconds: t),
            ScrollViewRules.clamped(
                scroll.to, height: height, padding: padding, contentHeight: content) == scroll.to
        {
            return scroll
        }
        return .still(at: settled, since: t)
    }
}

extension AndroidLayout {
    /// The layout with its list scrolled to `offset`: a focused rect inside the list moves with its content.
    func scrolled(to offset: Double) -> AndroidLayout {
        var moved = self
        if AndroidAvoidance.focusInContent(self) != nil {
            let shift = container.contentOffset.y - offset
            moved.focusedRect = focusedRect?.offsetBy(dx: 0, dy: shift)
            moved.caretRect = caretRect?.offsetBy(dx: 0, dy: shift)
        }
        moved.container.contentOffset.y = offset
        return moved
    }
}
