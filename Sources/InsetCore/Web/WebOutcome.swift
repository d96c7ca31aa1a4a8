/// `window.visualViewport` as a page reads it, CSS px: its size, its offset in the layout viewport and its
/// position in the document.
public struct WebVisualViewport: Equatable, Sendable {
    /// Its width (`visualViewport.width`).
    public var width: Double
    /// Its height.
    public var height: Double
    /// Its top in the layout viewport.
    public var offsetTop: Double
    /// Its left in the layout viewport.
    public var offsetLeft: Double
    /// Its top in the document.
    public var pageTop: Double
    /// Its left in the document.
    public var pageLeft: Double

    /// Creates one from its parts.
    @inlinable public init(
        width: Double, height: Double, offsetTop: Double, offsetLeft: Double, pageTop: Double, pageLeft: Double
    ) {
        self.width = width
        self.height = height
        self.offsetTop = offsetTop
        self.offsetLeft = offsetLeft
        self.pageTop = pageTop
        self.pageLeft = pageLeft
    }
}

/// What 100 of each viewport unit comes to, CSS px.
public struct WebViewportUnits: Equatable, Sendable {
    /// 100 `svh`: the small viewport, toolbars shown.
    public var svh: Double
    /// Nil when the request gives no toolbar height, without which the large viewport is not known.
    public var lvh: Double?
    /// 100 `dvh`: the viewport as the toolbars are, shown as `viewport` was read.
    public var dvh: Double

    /// Creates one from its parts.
    @inlinable public init(svh: Double, lvh: Double?, dvh: Double) {
        self.svh = svh
        self.lvh = lvh
        self.dvh = dvh
    }
}

/// What `env(keyboard-inset-*)` resolves to (and `navigator.virtualKeyboard.boundingRect`): Chromium sets `top`
/// to the rect's y, `bottom` to y + height, `left` to x and `right` to x + width (`VirtualKeyboardOverlayChanged`);
/// zero while the keyboard does not overlay the page through the API. Chrome on Android builds the rect's y from
/// the top of the window's visible frame (`CompositorViewHolder.notifyVirtualKeyboardOverlayGeometryChangeEvent`),
/// not from the keyboard's top, and the request does not give that frame: `top` and `bottom` are then nil.
public struct WebKeyboardInsets: Equatable, Sendable {
    /// `keyboard-inset-top`; nil when it depends on the window's visible frame.
    public var top: Double?
    /// `keyboard-inset-left`.
    public var left: Double
    /// `keyboard-inset-bottom`; nil when `top` is.
    public var bottom: Double?
    /// `keyboard-inset-right`.
    public var right: Double
    /// `keyboard-inset-width`.
    public var width: Double
    /// `keyboard-inset-height`.
    public var height: Double

    /// Each inset as given.
    @inlinable public init(top: Double?, left: Double, bottom: Double?, right: Double, width: Double, height: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
        self.width = width
        self.height = height
    }

    /// A docked keyboard `height` tall across a viewport `width` wide, at the left edge, its top unknown.
    @inlinable public static func docked(width: Double, height: Double) -> WebKeyboardInsets {
        WebKeyboardInsets(top: nil, left: 0, bottom: nil, right: width, width: width, height: height)
    }

    /// No keyboard rect: every inset 0.
    public static let zero = WebKeyboardInsets(top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0)
}

/// Where a fixed bar ends up, in the visual viewport: what the page sees and what would keep it visible.
public struct WebFixedFrame: Equatable, Sendable {
    /// The page's name for the bar.
    public var id: String
    /// Its top in the visual viewport (0 at the visual viewport's top; the keyboard's top is at
    /// `min(visualViewport.height, the viewport's height less the keyboard)`).
    public var top: Double
    /// Its height.
    public var height: Double
    /// How much of it is out of sight: under the keyboard, or above or below the visual viewport.
    public var hidden: Double
    /// The `translateY` that keeps it where it was against what the user sees: a bottom bar's bottom on the keyboard's
    /// top (or the visual viewport's bottom), a top bar's top on the visual viewport's top. What a `visualViewport`
    /// listener applies (or, with the VirtualKeyboard API, `env(keyboard-inset-height)`).
    public var lift: Double

    /// Creates one from its parts.
    @inlinable public init(id: String, top: Double, height: Double, hidden: Double, lift: Double) {
        self.id = id
        self.top = top
        self.height = height
        self.hidden = hidden
        self.lift = lift
    }

    /// Whether any of it is out of sight.
    @inlinable public var covered: Bool { hidden > 0 }
}

/// An event the page gets, in the order it gets them.
public struct WebEvent: Equatable, Sendable {
    /// What gets the event.
    public enum Target: String, Sendable {
        case window, visualViewport, virtualKeyboard
    }

    /// The event's type.
    public enum Kind: String, Sendable {
        case resize, scroll, geometrychange
    }

    /// What gets it.
    public var target: Target
    /// Its type.
    public var type: Kind
    /// Whether it comes once a frame while the browser's scroll animates, rather than once.
    public var repeats: Bool

    /// Creates one from its parts.
    @inlinable public init(_ target: Target, _ type: Kind, repeats: Bool = false) {
        self.target = target
        self.type = type
        self.repeats = repeats
    }
}

/// How the browser's scroll to the focused input moves: over `duration` seconds along a cubic Bézier.
public struct WebScrollMotion: Equatable, Sendable {
    /// Seconds.
    public var duration: Double
    /// The timing function; nil where the source does not say which the engine's version uses.
    public var curve: CubicBezier?

    /// Creates one from its parts.
    @inlinable public init(duration: Double, curve: CubicBezier?) {
        self.duration = duration
        self.curve = curve
    }
}

/// A member a browser reads nothing from, and why.
public struct WebIgnored: Equatable, Sendable {
    /// The request member, as a JSON pointer.
    public var member: String
    /// Why, for a person.
    public var why: String

    /// Creates one from its parts.
    @inlinable public init(member: String, why: String) {
        self.member = member
        self.why = why
    }
}

/// What the keyboard's showing or hiding does to a page: the viewports, the units, the keyboard's insets, the
/// scroll, the fixed bars and the events, once it has settled.
public struct WebOutcome: Equatable, Sendable {
    /// What the keyboard resized, as the browser decided.
    public var mode: InteractiveWidget
    /// What the page asked that the browser reads nothing from.
    public var ignored: [WebIgnored]
    /// `innerWidth` × `innerHeight`.
    public var layoutViewport: Size
    /// `window.visualViewport`.
    public var visualViewport: WebVisualViewport
    /// What 100 of each viewport unit comes to.
    public var viewportUnits: WebViewportUnits
    /// `env(keyboard-inset-*)`.
    public var keyboardInsets: WebKeyboardInsets
    /// `scrollX`, `scrollY` as the engine reports them: the layout viewport's position, but on WebKit the visual
    /// viewport's (`Scroll.scrollY`).
    public var scroll: Point
    /// Where each fixed bar ends up.
    public var fixedElements: [WebFixedFrame]
    /// The events the page gets, in order.
    public var events: [WebEvent]
    /// The scroll to the focused input, when the browser animates one; nil when it jumps or does not scroll.
    public var scrollMotion: WebScrollMotion?
    /// Whether the browser scrolled to bring the focused input into view.
    public var scrolledToFocus: Bool
    /// Where the page rests now, for the next event to start from.
    public var state: WebState

    /// Creates one from its parts.
    @inlinable public init(
        mode: InteractiveWidget, ignored: [WebIgnored], layoutViewport: Size, visualViewport: WebVisualViewport,
        viewportUnits: WebViewportUnits, keyboardInsets: WebKeyboardInsets, scroll: Point,
        fixedElements: [WebFixedFrame], events: [WebEvent], scrollMotion: WebScrollMotion?, scrolledToFocus: Bool,
        state: WebState
    ) {
        self.state = state
        self.mode = mode
        self.ignored = ignored
        self.layoutViewport = layoutViewport
        self.visualViewport = visualViewport
        self.viewportUnits = viewportUnits
        self.keyboardInsets = keyboardInsets
        self.scroll = scroll
        self.fixedElements = fixedElements
        self.events = events
        self.scrollMotion = scrollMotion
        self.scrolledToFocus = scrolledToFocus
    }
}

/// Where a page rests between keyboard events, CSS px: what a session keeps of it, and what the next event starts
/// from.
public struct WebState: Equatable, Sendable {
    /// The keyboard's height over the viewport as the engine took it (Blink's in whole px); 0 while hidden.
    public var keyboard: Double
    /// The layout viewport's top in the document.
    public var layoutTop: Double
    /// The visual viewport's top in the layout viewport (`visualViewport.offsetTop`).
    public var offsetTop: Double

    /// Creates one from its parts.
    @inlinable public init(keyboard: Double, layoutTop: Double, offsetTop: Double) {
        self.keyboard = keyboard
        self.layoutTop = layoutTop
        self.offsetTop = offsetTop
    }

    /// `page` as sent, its keyboard hidden: scrolled to its `scroll`, the visual viewport at the layout viewport's top.
    @inlinable public static func resting(_ page: WebPage) -> WebState {
        WebState(keyboard: 0, layoutTop: page.scroll.y, offsetTop: 0)
    }
}
