/// The heights the keyboard leaves a page, CSS px: the layout viewport's (`innerHeight`) and the visual
/// viewport's, with the keyboard's height as the engine counts it.
struct Viewports {
    let layoutHeight: Double
    let visualHeight: Double
    /// The keyboard's height over the viewport, as the engine takes it.
    let keyboard: Double

    /// The viewports of `page` under `mode`, with `keyboard` (the page's own unless given) over them. Blink takes
    /// the keyboard in whole DIPs (`RenderWidgetHostViewAndroid::GetVisibleViewportSize` truncates), so at a page
    /// scale of 1 in whole CSS px.
    init(_ page: WebPage, mode: InteractiveWidget, engine: WebEngine, keyboard: Double? = nil) {
        let height = page.viewport.height
        let covered = engine.takes(keyboard ?? page.keyboardHeight, over: height)
        self.keyboard = covered
        switch mode {
        case .resizesVisual: (layoutHeight, visualHeight) = (height, height - covered)
        case .resizesContent: (layoutHeight, visualHeight) = (height - covered, height - covered)
        case .overlaysContent: (layoutHeight, visualHeight) = (height, height)
        }
    }

    /// How far the visual viewport can move down inside the layout viewport.
    var maxOffsetTop: Double { layoutHeight - visualHeight }
}

/// Where the page is scrolled: the layout viewport's top in the document, and the visual viewport's offset in
/// the layout viewport.
struct Scroll: Equatable {
    var layoutTop: Double
    var offsetTop: Double

    init(scrollY: Double, offsetTop: Double) {
        self.layoutTop = scrollY
        self.offsetTop = offsetTop
    }

    /// The visual viewport's top in the document (`visualViewport.pageTop`).
    var pageTop: Double { layoutTop + offsetTop }

    /// `window.scrollY` as `engine` reports it: the layout viewport's position, but in WebKit on iOS the scroll
    /// view's, which is the visual viewport's (`AsyncScrollingCoordinator::reconcileScrollingState` hands the
    /// frame view the UI process's scroll position).
    func scrollY(_ engine: WebEngine) -> Double { engine == .webkit ? pageTop : layoutTop }

    /// Both kept within what the document and the viewports allow.
    mutating func clamp(in viewports: Viewports, documentHeight: Double) {
        layoutTop = Self.clamp(layoutTop, 0, documentHeight - viewports.layoutHeight)
        offsetTop = Self.clamp(offsetTop, 0, viewports.maxOffsetTop)
    }

    /// `value` within `low...high`, `low` when the range is empty (a document shorter than its viewport).
    static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
        max(low, min(value, high))
    }

    /// Blink (`WebViewImpl::ComputeScaleAndScrollForEditableElementRects`, no zoom on a `width=device-width` page):
    /// nothing while the caret is in the visual viewport and the input is too, or is taller than it; else the input
    /// centred (`y − (V − h) / 2`), or, taller than the visual viewport, the caret 10 px above its bottom; floored,
    /// within the document, and moved the visual viewport first (`Viewport::ScrollByInnerFirst`).
    mutating func blinkFocus(_ input: Rect, caret: Rect?, _ viewports: Viewports, _ documentHeight: Double) {
        let height = viewports.visualHeight
        let caret = caret ?? input
        let top = pageTop
        let shown = { (rect: Rect) in rect.minY >= top && rect.maxY <= top + height }
        guard !shown(caret) || (input.height <= height && !shown(input)) else { return }
        let target =
            input.height <= height
            ? input.minY - (height - input.height) / 2 : max(input.minY, caret.maxY + 10 - height)
        let delta = Self.clamp(target.rounded(.down), 0, documentHeight - height) - pageTop
        let offset = Self.clamp(offsetTop + delta, 0, viewports.maxOffsetTop)
        layoutTop = Self.clamp(
            layoutTop + delta - (offset - offsetTop), 0, documentHeight - viewports.layoutHeight)
        offsetTop = offset
    }

    /// Gecko (`nsDOMWindowUtils::ZoomToFocusedInput` → `PresShell::ScrollFrameIntoView`, `WhenToScroll::IfNotVisible`,
    /// `WhereToScroll::Center`): nothing while any of the caret (else the input) is in the visual viewport; else the
    /// caret centred, to Gecko's 1/60 px, within the document, at once; the layout viewport scrolled to the same
    /// place as far as it goes. `ComputeNeedToScroll` also scrolls a rect with less than the root's line-scroll
    /// amount in view; the request does not give that amount, and this takes it as 0, Gecko's own value whenever
    /// the amount exceeds the rect.
    mutating func geckoFocus(_ caret: Rect, _ viewports: Viewports, _ documentHeight: Double) {
        let height = viewports.visualHeight
        guard caret.maxY <= pageTop || caret.minY >= pageTop + height else { return }
        let centred = ((caret.minY + caret.height / 2 - height / 2) * 60).rounded() / 60
        let top = Self.clamp(centred, 0, documentHeight - height)
        layoutTop = Self.clamp(top, 0, documentHeight - viewports.layoutHeight)
        offsetTop = Self.clamp(top - layoutTop, 0, viewports.maxOffsetTop)
    }

    /// Gecko for an input in a `position: fixed` bar (`PresShell::ScrollFrameIntoVisualViewport`, with
    /// `WhereToScroll::Nearest` for a focused input): nothing while the caret is in the visual viewport; else the
    /// visual viewport alone moves, as little as brings it in, so that a caret below ends on its bottom
    /// (`InteractiveWidgetTest.bug1993407`); the layout viewport and `scrollY` stay.
    mutating func geckoFixedFocus(_ caret: Rect, in bar: FixedElement, _ viewports: Viewports) {
        let height = viewports.visualHeight
        // The caret in the layout viewport, where a fixed bar is held.
        let top = caret.minY - layoutTop
        let bottom = caret.maxY - layoutTop
        guard top < offsetTop || bottom > offsetTop + height else { return }
        let nearest = Self.clamp(offsetTop, min(top, bottom - height), max(top, bottom - height))
        offsetTop = Self.clamp(nearest, 0, viewports.maxOffsetTop)
    }

    /// WebKit on an iPhone (`-[WKWebView _zoomToFocusRect:…]`, with `forceScroll`, which a text input's form accessory
    /// bar sets, and no zoom: a font of 16 px or more): the input centred in the part above the keyboard, or, taller
    /// than it, kept between its top and half the visible height above it; the caret at least 8 pt from the visible
    /// edges; within the document. The layout viewport moves only when the visual viewport would leave it
    /// (`LocalFrameView::computeUpdatedLayoutViewportRect`).
    mutating func webkitFocus(_ input: Rect, caret: Rect?, _ viewports: Viewports, _ documentHeight: Double) {
        let height = viewports.visualHeight
        var top =
            height - input.height > 0
            ? input.minY - (height - input.height) / 2
            : Self.clamp(pageTop, max(0, input.minY - height / 2), input.minY)
        var low = -Double.infinity
        var high = documentHeight - height
        if let caret {
            low = caret.maxY + 8 - height
            high = min(high, caret.minY - 8)
        }
        top = Self.clamp(Self.clamp(top, low, high), 0, documentHeight - height)
        var layout = layoutTop
        if top < layout { layout = top }
        if top + height > layout + viewports.layoutHeight { layout = top + height - viewports.layoutHeight }
        layoutTop = Self.clamp(layout, 0, documentHeight - viewports.layoutHeight)
        offsetTop = Self.clamp(top - layoutTop, 0, viewports.maxOffsetTop)
    }
}
