/// The browser engine a page runs in: each has its own rules for the keyboard (`docs/web.md`).
public enum WebEngine: String, CaseIterable, Sendable {
    /// Safari and every browser on iOS.
    case webkit
    /// Chrome and the Chromium browsers.
    case blink
    /// Firefox for Android.
    case gecko
}

/// The operating system under the browser, which owns the keyboard.
public enum WebOS: String, CaseIterable, Sendable {
    case ios, android
}

/// A browser's version, as `major.minor` (`"18.4"`, `"131"`): rules hold for ranges of these.
public struct WebVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The major version (`18` of `18.4`).
    public var major: Int
    /// The minor version (`4` of `18.4`; 0 when not given).
    public var minor: Int

    /// Creates one from its parts.
    @inlinable public init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// Reads `"131"`, `"18.4"` or `"17.4.1"` (a patch level is read and dropped: no rule depends on one); nil
    /// for anything else, including parts over 9 999.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 4, part.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(part)
            else { return nil }
            numbers.append(number)
        }
        self.init(numbers[0], numbers.count > 1 ? numbers[1] : 0)
    }

    /// Whether `a` comes before `b`.
    public static func < (a: WebVersion, b: WebVersion) -> Bool {
        (a.major, a.minor) < (b.major, b.minor)
    }

    /// The version as `major.minor`, without a `.0`.
    public var description: String { minor == 0 ? "\(major)" : "\(major).\(minor)" }
}

/// The browser a page runs in: its engine, the system it runs on, and its version.
public struct WebBrowser: Equatable, Sendable {
    /// The engine.
    public var engine: WebEngine
    /// The system.
    public var os: WebOS
    /// The version.
    public var version: WebVersion

    /// Creates one from its parts.
    @inlinable public init(engine: WebEngine, os: WebOS, version: WebVersion) {
        self.engine = engine
        self.os = os
        self.version = version
    }
}

/// The `interactive-widget` key of the viewport `<meta>` (CSS Viewport, "interactive-widget"): what the keyboard
/// resizes.
public enum InteractiveWidget: String, CaseIterable, Sendable {
    /// The visual viewport alone: the layout viewport, the initial containing block and the viewport units keep
    /// their size.
    case resizesVisual = "resizes-visual"
    /// The visual viewport and the layout viewport, the initial containing block and so the viewport units.
    case resizesContent = "resizes-content"
    /// Nothing: the keyboard covers the page.
    case overlaysContent = "overlays-content"
}

/// A page's fixed (or sticky, once stuck) bar: a header, a toolbar or a composer, held to the top or the bottom
/// of the layout viewport.
public struct FixedElement: Equatable, Sendable {
    /// The edge of the layout viewport the element's CSS `top` or `bottom` is measured from.
    public enum Edge: String, CaseIterable, Sendable {
        case top, bottom
    }

    /// The page's name for it, as the answer names it.
    public var id: String
    /// The edge it is held to.
    public var edge: Edge
    /// Its `top` or `bottom`, CSS px from that edge.
    public var offset: Double
    /// Its height, CSS px.
    public var height: Double

    /// Creates one from its parts.
    @inlinable public init(id: String, edge: Edge, offset: Double, height: Double) {
        self.id = id
        self.edge = edge
        self.offset = offset
        self.height = height
    }

    /// Its top in the layout viewport, whose height is `viewportHeight`.
    @inlinable public func top(inViewportOf viewportHeight: Double) -> Double {
        edge == .top ? offset : viewportHeight - offset - height
    }
}

/// A page in a browser when the keyboard comes up or goes: everything in CSS px, at a page scale of 1 (a page
/// with `<meta name="viewport" content="width=device-width">` that was not zoomed).
public struct WebPage: Equatable, Sendable {
    /// The browser the page runs in.
    public var browser: WebBrowser
    /// The layout viewport before the keyboard (`innerWidth`, `innerHeight`), with the browser's bars as shown.
    public var viewport: Size
    /// What the browser's toolbars give back when they retract (`100lvh` less `100svh`); nil when not given.
    public var toolbarHeight: Double?
    /// The meta's `interactive-widget`; nil when the page sets none.
    public var interactiveWidget: InteractiveWidget?
    /// `navigator.virtualKeyboard.overlaysContent` as the page set it.
    public var overlaysContent = false
    /// How much of the viewport the keyboard covers, from its bottom: the keyboard with whatever bar the browser
    /// shows on it (the form accessory bar on iOS).
    public var keyboardHeight: Double
    /// The document's height (`scrollHeight`).
    public var documentHeight: Double
    /// The page's scroll position (`scrollX`, `scrollY`) before the keyboard.
    public var scroll: Point
    /// The focused input's box, document coordinates; nil when nothing is focused.
    public var focusedRect: Rect?
    /// The caret's line in it, document coordinates; nil: the input's box stands for it.
    public var caretRect: Rect?
    /// The id of the fixed bar the focused input is in (a chat's composer); nil when it is in the page's flow.
    public var focusedIn: String?
    /// The page's fixed bars.
    public var fixedElements: [FixedElement]

    /// Creates one from its parts.
    @inlinable public init(
        browser: WebBrowser, viewport: Size, toolbarHeight: Double? = nil, interactiveWidget: InteractiveWidget? = nil,
        overlaysContent: Bool = false, keyboardHeight: Double, documentHeight: Double,
        scroll: Point = Point(x: 0, y: 0),
        focusedRect: Rect? = nil, caretRect: Rect? = nil, focusedIn: String? = nil, fixedElements: [FixedElement] = []
    ) {
        self.browser = browser
        self.viewport = viewport
        self.toolbarHeight = toolbarHeight
        self.interactiveWidget = interactiveWidget
        self.overlaysContent = overlaysContent
        self.keyboardHeight = keyboardHeight
        self.documentHeight = documentHeight
        self.scroll = scroll
        self.focusedRect = focusedRect
        self.caretRect = caretRect
        self.focusedIn = focusedIn
        self.fixedElements = fixedElements
    }
}
