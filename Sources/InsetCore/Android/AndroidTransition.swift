/// The values of a window that move with the IME, at one moment, in dp.
public struct AndroidValues: Equatable, Sendable {
    /// The IME's bottom inset.
    public var ime: Double
    /// The container's height (its top stays).
    public var containerHeight: Double
    /// The container's bottom padding.
    public var contentPaddingBottom: Double
    /// The window's pan.
    public var windowPanY: Double
    /// The container's scroll offset.
    public var contentOffsetY: Double

    /// Creates values.
    public init(
        ime: Double, containerHeight: Double, contentPaddingBottom: Double, windowPanY: Double,
        contentOffsetY: Double
    ) {
        self.ime = ime
        self.containerHeight = containerHeight
        self.contentPaddingBottom = contentPaddingBottom
        self.windowPanY = windowPanY
        self.contentOffsetY = contentOffsetY
    }
}

/// What one IME show or hide sets moving, from its start.
///
/// The IME's inset runs `ImeAnimation` from an end state. The layout is at its end state from the start
/// (`LAYOUT_INSETS_DURING_ANIMATION_SHOWN` / `_HIDDEN`): drawn there at once without a callback, or, synced,
/// drawn where the animated inset puts it, as an app's `WindowInsetsAnimation.Callback` translates it each frame.
/// The pan and the list's scroll each run on a 250-ms `Scroller` from the start.
public struct AndroidTransition: Equatable, Sendable {
    /// The IME's animation; nil when the inset changes at once (a frame change while shown).
    public var animation: ImeAnimation?
    /// The start, milliseconds.
    public var startTime: Double
    /// The IME's inset at the start.
    public var imeFrom: Double
    /// The IME's inset at the end.
    public var imeTo: Double
    /// The layout the window is given for the end.
    public var layout: AndroidLayout
    /// Where everything settles.
    public var target: AndroidInsetResult
    /// The window's pan.
    public var pan: ScrollerMotion
    /// The list's scroll.
    public var scroll: ScrollerMotion
    /// When the list last started a `smoothScrollBy`, milliseconds (its `mLastScroll`).
    public var lastSmoothScroll: Double?

    /// Creates a transition.
    public init(
        animation: ImeAnimation?, startTime: Double, imeFrom: Double, imeTo: Double, layout: AndroidLayout,
        target: AndroidInsetResult, pan: ScrollerMotion, scroll: ScrollerMotion, lastSmoothScroll: Double? = nil
    ) {
        self.animation = animation
        self.startTime = startTime
        self.imeFrom = imeFrom
        self.imeTo = imeTo
        self.layout = layout
        self.target = target
        self.pan = pan
        self.scroll = scroll
        self.lastSmoothScroll = lastSmoothScroll
    }

    /// When everything has stopped, milliseconds.
    public var endTime: Double {
        max(startTime + (animation?.duration ?? 0) * 1000, pan.endTime, scroll.endTime)
    }

    /// Whether anything still moves at `t` (milliseconds): the IME, the pan or the scroll.
    public func isMoving(atMilliseconds t: Double) -> Bool {
        let imeMoving = animation.map { t < startTime + $0.duration * 1000 } ?? false
        return imeMoving || pan.isRunning(atMilliseconds: t) || scroll.isRunning(atMilliseconds: t)
    }

    /// The IME's inset at `t` (milliseconds).
    public func ime(atMilliseconds t: Double) -> Double {
        guard let animation, t < startTime + animation.duration * 1000 else { return imeTo }
        if t <= startTime { return imeFrom }
        return imeFrom + (imeTo - imeFrom) * animation.progress(atSeconds: (t - startTime) / 1000)
    }

    /// What is on screen at `t` (milliseconds).
    public func values(atMilliseconds t: Double) -> AndroidValues {
        let ime = ime(atMilliseconds: t)
        // Synced, the layout is drawn where the animated inset puts it; else at the end's from the start.
        // A bottom sheet's content is laid out for the end at once; its callback only translates the sheet.
        let drawnFor = animation?.synced == true && layout.bottomSheet == nil ? ime : imeTo
        return values(
            ime: ime, drawnFor: drawnFor, panY: pan.value(atMilliseconds: t), offsetY: scroll.value(atMilliseconds: t))
    }

    /// What is on screen once everything has stopped: `values(atMilliseconds: endTime)`, with the IME, the pan and
    /// the scroll at their ends (none of them runs past `endTime`).
    public var settledValues: AndroidValues {
        values(ime: imeTo, drawnFor: imeTo, panY: pan.to, offsetY: scroll.to)
    }

    /// The values with the IME's inset at `ime` and the layout drawn for `drawnFor`.
    private func values(ime: Double, drawnFor: Double, panY: Double, offsetY: Double) -> AndroidValues {
        let rise = AndroidAvoidance.lift(layout, ime: drawnFor)
        var height = layout.container.frame.height
        var padding = 0.0
        switch AndroidAvoidance.adjustment(layout) {
        case .resize: height = max(0, height - rise)
        case .padding: padding = rise
        case .none: break
        }
        return AndroidValues(
            ime: ime, containerHeight: height, contentPaddingBottom: padding, windowPanY: panY, contentOffsetY: offsetY)
    }
}
