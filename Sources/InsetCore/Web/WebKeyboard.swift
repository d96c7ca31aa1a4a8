/// What the keyboard's showing and hiding do to a page in a mobile browser (`docs/web.md`): which viewport
/// shrinks, where the browser scrolls the focused input, where the page's fixed bars end up, and the events the
/// page gets. Vertical only: the page is taken to be no wider than its viewport, so nothing scrolls sideways.
public enum WebKeyboard {
    /// The page once the keyboard has come up over it and the browser has brought the focused input into view, from
    /// `start` (nil: the page as sent, the keyboard hidden). From a state whose keyboard is already up, it is a focus
    /// move: the keyboard stays, and each engine scrolls to the newly focused input as on a show (Chrome's
    /// `ImeAdapterImpl.onShowKeyboardReceiveResult` scrolls at once on `RESULT_UNCHANGED_SHOWN`; GeckoView sends
    /// `ZoomToInput` when the focus moved; WebKit's `_zoomToRevealFocusedElement` runs on every focus). Nothing is
    /// resized when the keyboard keeps its height, so no resize event comes.
    public static func show(_ page: WebPage, behaviour: WebBehaviour, from start: WebState? = nil) -> WebOutcome {
        let engine = page.browser.engine
        let start = start ?? .resting(page)
        let (mode, ignored) = mode(of: page, behaviour: behaviour)
        let viewports = Viewports(page, mode: mode, engine: engine)
        var scroll = Scroll(scrollY: start.layoutTop, offsetTop: start.offsetTop)
        scroll.clamp(in: viewports, documentHeight: page.documentHeight)
        var events =
            viewports.keyboard == start.keyboard
            ? [] : resizeEvents(mode, engine: engine, virtualKeyboardAPI: behaviour.virtualKeyboardAPI)
        var motion: WebScrollMotion?
        var scrolled = false
        if mode != .overlaysContent, let focused = page.focusedRect {
            let before = scroll
            switch engine {
            case .blink: scroll.blinkFocus(focused, caret: page.caretRect, viewports, page.documentHeight)
            case .gecko:
                let caret = page.caretRect ?? focused
                if let bar = page.focusedIn.flatMap({ id in page.fixedElements.first { $0.id == id } }) {
                    scroll.geckoFixedFocus(caret, in: bar, viewports)
                } else {
                    scroll.geckoFocus(caret, viewports, page.documentHeight)
                }
            case .webkit: scroll.webkitFocus(focused, caret: page.caretRect, viewports, page.documentHeight)
            }
            scrolled = scroll != before
            if scrolled {
                motion = engine.scrollMotion
                events = scrollEvents(from: before, to: scroll, around: events, engine: engine)
            }
        }
        return outcome(
            page, mode: mode, ignored: ignored, viewports, scroll, behaviour: behaviour, events: events, motion: motion,
            scrolled: scrolled)
    }

    /// The page once the keyboard that `show` brought up has gone again: the viewports as before the keyboard, the
    /// scroll where the browser leaves it.
    public static func hide(_ page: WebPage, behaviour: WebBehaviour) -> WebOutcome {
        hide(page, behaviour: behaviour, from: show(page, behaviour: behaviour).state)
    }

    /// The page once the keyboard over it in `start` has gone: the viewports as before the keyboard, the scroll where
    /// the browser leaves it. From a state without a keyboard nothing is resized and no event comes.
    public static func hide(_ page: WebPage, behaviour: WebBehaviour, from start: WebState) -> WebOutcome {
        let engine = page.browser.engine
        let (mode, ignored) = mode(of: page, behaviour: behaviour)
        let hidden = Viewports(page, mode: mode, engine: engine, keyboard: 0)
        let before = Scroll(scrollY: start.layoutTop, offsetTop: start.offsetTop)
        var scroll = before
        switch engine {
        case .blink:
            // `WebViewImpl::ResizeVisualViewport`: the visual viewport grows back and `ClampToBoundaries` takes its
            // offset to 0; the layout viewport stays where it is.
            scroll.offsetTop = 0
        case .gecko, .webkit:
            // Gecko's layout scroll catches up with the visual viewport (`InteractiveWidgetTest.bug1994311`);
            // WebKit's scroll position is the visual viewport's, and the layout viewport is the visual one again.
            scroll = Scroll(scrollY: before.pageTop, offsetTop: 0)
        }
        scroll.clamp(in: hidden, documentHeight: page.documentHeight)
        var events =
            start.keyboard == 0
            ? [] : resizeEvents(mode, engine: engine, virtualKeyboardAPI: behaviour.virtualKeyboardAPI)
        events += settleEvents(from: before, to: scroll, engine: engine)
        return outcome(
            page, mode: mode, ignored: ignored, hidden, scroll, behaviour: behaviour, events: events, motion: nil,
            scrolled: false)
    }

    /// The page as it rests in `state`, with no event: what a session holds between events.
    public static func resting(_ page: WebPage, behaviour: WebBehaviour, in state: WebState) -> WebOutcome {
        let (mode, ignored) = mode(of: page, behaviour: behaviour)
        let viewports = Viewports(page, mode: mode, engine: page.browser.engine, keyboard: state.keyboard)
        var scroll = Scroll(scrollY: state.layoutTop, offsetTop: state.offsetTop)
        scroll.clamp(in: viewports, documentHeight: page.documentHeight)
        return outcome(
            page, mode: mode, ignored: ignored, viewports, scroll, behaviour: behaviour, events: [], motion: nil,
            scrolled: false)
    }

    /// What the keyboard resizes for this page in this browser, and what of the page's asking the browser ignores.
    /// The VirtualKeyboard API wins over the meta (CSS Viewport, "Interaction with virtualKeyboard.overlaysContent").
    static func mode(of page: WebPage, behaviour: WebBehaviour) -> (InteractiveWidget, [WebIgnored]) {
        var ignored: [WebIgnored] = []
        var mode = behaviour.defaultMode
        if let asked = page.interactiveWidget {
            if behaviour.readsInteractiveWidget {
                mode = asked
            } else {
                ignored.append(
                    WebIgnored(
                        member: "/interactiveWidget",
                        why: "this version does not read the viewport meta's interactive-widget (docs/web.md)"))
            }
        }
        if page.overlaysContent {
            if behaviour.virtualKeyboardAPI {
                mode = .overlaysContent
            } else {
                ignored.append(
                    WebIgnored(
                        member: "/virtualKeyboard/overlaysContent",
                        why: "this engine has no navigator.virtualKeyboard (the VirtualKeyboard API is Chromium's)"))
            }
        }
        return (mode, ignored)
    }

    private static func outcome(
        _ page: WebPage, mode: InteractiveWidget, ignored: [WebIgnored], _ viewports: Viewports, _ scroll: Scroll,
        behaviour: WebBehaviour, events: [WebEvent], motion: WebScrollMotion?, scrolled: Bool
    ) -> WebOutcome {
        let keyboardHeight = viewports.keyboard
        let width = page.viewport.width
        let small = viewports.layoutHeight
        let insets =
            mode == .overlaysContent && behaviour.virtualKeyboardAPI && keyboardHeight > 0
            ? WebKeyboardInsets.docked(width: width, height: keyboardHeight) : .zero
        let visibleBottom = min(viewports.visualHeight, page.viewport.height - keyboardHeight)
        let fixed = page.fixedElements.map { element -> WebFixedFrame in
            let top = element.top(inViewportOf: viewports.layoutHeight) - scroll.offsetTop
            let hidden = min(element.height, max(0, -top) + max(0, top + element.height - visibleBottom))
            let lift =
                element.edge == .top ? scroll.offsetTop : visibleBottom - viewports.layoutHeight + scroll.offsetTop
            return WebFixedFrame(id: element.id, top: top, height: element.height, hidden: hidden, lift: lift)
        }
        return WebOutcome(
            mode: mode, ignored: ignored, layoutViewport: Size(width: width, height: viewports.layoutHeight),
            visualViewport: WebVisualViewport(
                width: width, height: viewports.visualHeight, offsetTop: scroll.offsetTop, offsetLeft: 0,
                pageTop: scroll.pageTop, pageLeft: page.scroll.x),
            viewportUnits: WebViewportUnits(
                svh: small, lvh: page.toolbarHeight.map { small + $0 }, dvh: small),
            keyboardInsets: insets, scroll: Point(x: page.scroll.x, y: scroll.scrollY(page.browser.engine)),
            fixedElements: fixed,
            events: events, scrollMotion: motion, scrolledToFocus: scrolled,
            state: WebState(keyboard: keyboardHeight, layoutTop: scroll.layoutTop, offsetTop: scroll.offsetTop))
    }

    /// The events of the viewports' change: a resize of what changed size, or the VirtualKeyboard API's
    /// `geometrychange` when the keyboard overlays the page through it.
    private static func resizeEvents(
        _ mode: InteractiveWidget, engine: WebEngine, virtualKeyboardAPI: Bool
    ) -> [WebEvent] {
        switch mode {
        case .overlaysContent:
            // Chromium sends the keyboard's rect (and an empty one when it hides) to a page in overlay mode
            // (`CompositorViewHolder.notifyVirtualKeyboardOverlayGeometryChangeEvent`); Gecko resizes nothing.
            return virtualKeyboardAPI ? [WebEvent(.virtualKeyboard, .geometrychange)] : []
        case .resizesVisual:
            return [WebEvent(.visualViewport, .resize)]
        case .resizesContent:
            // Blink enqueues the visual viewport's resize when it sets the size, before the window's
            // (`LocalFrameView::SendResizeEventIfNeeded`); Gecko runs CSSOM View's resize steps, the window's first.
            return engine == .blink
                ? [WebEvent(.visualViewport, .resize), WebEvent(.window, .resize)]
                : [WebEvent(.window, .resize), WebEvent(.visualViewport, .resize)]
        }
    }

    /// The resize events with the focus scroll's: Blink's and Gecko's come after the resize, Blink's once a frame of
    /// its animation; WebKit's window scrolls come during its animation, and its visual viewport's resize and scroll
    /// once the scroll view is stable again (`WebPage::updateVisibleContentRects`).
    private static func scrollEvents(
        from before: Scroll, to after: Scroll, around resize: [WebEvent], engine: WebEngine
    ) -> [WebEvent] {
        let layoutMoved = before.layoutTop != after.layoutTop
        let visualMoved = before.offsetTop != after.offsetTop
        switch engine {
        case .blink:
            // `Viewport::ScrollByInnerFirst`: the visual viewport's offset moves first, then the layout viewport.
            return resize + (visualMoved ? [WebEvent(.visualViewport, .scroll, repeats: true)] : [])
                + (layoutMoved ? [WebEvent(.window, .scroll, repeats: true)] : [])
        case .gecko:
            return resize + (layoutMoved ? [WebEvent(.window, .scroll)] : [])
                + (visualMoved ? [WebEvent(.visualViewport, .scroll)] : [])
        case .webkit:
            return (before.pageTop != after.pageTop ? [WebEvent(.window, .scroll, repeats: true)] : []) + resize
                + (visualMoved ? [WebEvent(.visualViewport, .scroll)] : [])
        }
    }

    /// The scroll events of a hide's clamping: the window's, then the visual viewport's offset.
    private static func settleEvents(from before: Scroll, to after: Scroll, engine: WebEngine) -> [WebEvent] {
        (before.scrollY(engine) != after.scrollY(engine) ? [WebEvent(.window, .scroll)] : [])
            + (before.offsetTop != after.offsetTop ? [WebEvent(.visualViewport, .scroll)] : [])
    }
}

extension WebEngine {
    /// The keyboard's height over a viewport `height` tall as the engine takes it: within the viewport, and on Blink
    /// in whole DIPs (`RenderWidgetHostViewAndroid::GetVisibleViewportSize` truncates), so at a page scale of 1 in
    /// whole CSS px.
    public func takes(_ keyboard: Double, over height: Double) -> Double {
        let covered = min(max(keyboard, 0), height)
        return self == .blink ? covered.rounded(.down) : covered
    }

    /// How the engine animates its scroll to the focused input (`Scroll.blinkFocus`, `geckoFocus`, `webkitFocus`);
    /// nil when it jumps.
    var scrollMotion: WebScrollMotion? {
        switch self {
        // `kScrollAndScaleAnimationDuration` (200 ms) on cc's `PageScaleAnimation` curve (.8, 0, .3, .9).
        case .blink: WebScrollMotion(duration: 0.2, curve: CubicBezier(p1x: 0.8, p1y: 0, p2x: 0.3, p2y: 0.9))
        // `ScrollFrameIntoView` scrolls at once.
        case .gecko: nil
        // 0.25 s in every version read (`formControlZoomAnimationDuration`, then `_zoomToCenter:atScale:animated:`'s
        // `UIView` animation); the curve is UIKit's, and which releases ran which code is not known.
        case .webkit: WebScrollMotion(duration: 0.25, curve: nil)
        }
    }
}
