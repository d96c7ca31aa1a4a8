import InsetCore

/// What a web scene (`platform: "web"`) holds besides the focused rect it shares: the browser, the page's
/// viewport, its meta and VirtualKeyboard settings, the keyboard's height, the document and its fixed bars, as
/// sent. Each is nil until sent; the service turns them into a `WebPage`, refusing what is missing.
public struct WebSetting: Equatable, Sendable {
    /// The browser engine.
    public var engine: WebEngine?
    /// The system under the browser.
    public var os: WebOS?
    /// The browser's version as sent (`"18.4"`); read by the service, which refuses what it cannot read.
    public var version: String?
    /// The layout viewport before the keyboard, CSS px.
    public var viewport: Size?
    /// What the browser's toolbars give back when they retract, CSS px.
    public var toolbarHeight: Double?
    /// The viewport meta's `interactive-widget`.
    public var interactiveWidget: InteractiveWidget?
    /// `navigator.virtualKeyboard.overlaysContent`.
    public var overlaysContent: Bool?
    /// The keyboard's height over the viewport, CSS px.
    public var keyboardHeight: Double?
    /// The document's height, CSS px.
    public var documentHeight: Double?
    /// The page's scroll before the keyboard, CSS px.
    public var scroll: Point?
    /// The page's fixed bars.
    public var fixedElements: [FixedElement]?
    /// The id of the fixed bar the focused input is in.
    public var focusedIn: String?

    /// Nothing sent.
    @inlinable public init() {}
}

extension Scene {
    /// The web members the scene holds (all nil on a scene that never had one).
    @inlinable public var web: WebSetting {
        get { webStore.first ?? WebSetting() }
        set { webStore = [newValue] }
    }
}
