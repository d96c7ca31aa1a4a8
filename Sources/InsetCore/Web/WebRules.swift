/// What a browser's version does when the keyboard comes up: which viewport it resizes by default, whether it reads
/// the viewport meta's `interactive-widget` and the VirtualKeyboard API. How it scrolls the focused input into view
/// and in what order its events come are its engine's (`WebKeyboard`, `Scroll`). Every value names the source it
/// was read from (`sources`, listed with their versions in `docs/web.md`).
public struct WebBehaviour: Equatable, Sendable {
    /// What the keyboard resizes when the page asks nothing (or asks what this version does not read).
    public var defaultMode: InteractiveWidget
    /// Whether the meta's `interactive-widget` is read.
    public var readsInteractiveWidget: Bool
    /// Whether `navigator.virtualKeyboard` exists (and so `overlaysContent` and `env(keyboard-inset-*)`).
    public var virtualKeyboardAPI: Bool
    /// The ids of the sources the rules come from, as `docs/web.md` lists them.
    public var sources: [String]

    /// A behaviour as the table states it.
    @inlinable public init(
        defaultMode: InteractiveWidget, readsInteractiveWidget: Bool, virtualKeyboardAPI: Bool, sources: [String]
    ) {
        self.defaultMode = defaultMode
        self.readsInteractiveWidget = readsInteractiveWidget
        self.virtualKeyboardAPI = virtualKeyboardAPI
        self.sources = sources
    }
}

/// One range of an engine's versions on one system, and what they do.
public struct WebRule: Sendable {
    /// The engine the rule is for.
    public var engine: WebEngine
    /// The system the rule is for.
    public var os: WebOS
    /// The first version the rule holds for.
    public var from: WebVersion
    /// The first version it no longer holds for; nil: every later version the service knows.
    public var until: WebVersion?
    /// What those versions do.
    public var behaviour: WebBehaviour

    /// Whether the rule holds for `browser`.
    @inlinable public func holds(for browser: WebBrowser) -> Bool {
        browser.engine == engine && browser.os == os && browser.version >= from
            && (until.map { browser.version < $0 } ?? true)
    }

    /// The versions it holds for, as `docs/web.md` and the service's refusals word them.
    public var versions: String {
        guard let until else { return "\(from) and later" }
        return "\(from) to before \(until)"
    }
}

/// The rules the service has, by engine, system and version: a browser none of them holds for is refused with the
/// versions they cover (`WebRules.known`).
public enum WebRules {
    /// Every rule. Safari's `interactive-widget` is built in WebKit's trunk (2026, enabled by PR #71390) but no
    /// Safari release is known to ship it: the versions up to 26 ignore it here, and 27, which may ship it, is not
    /// known. Firefox 132 made `resizes-visual` the default, and whether it read the meta is in doubt (the
    /// compatibility data says 133), so Firefox's rule starts at 133.
    public static let table: [WebRule] = [
        WebRule(
            engine: .webkit, os: .ios, from: WebVersion(16), until: WebVersion(27),
            behaviour: WebBehaviour(
                defaultMode: .resizesVisual, readsInteractiveWidget: false, virtualKeyboardAPI: false,
                sources: ["webkit-visual-viewport", "webkit-focus-scroll", "webkit-interactive-widget"])),
        WebRule(
            engine: .blink, os: .android, from: WebVersion(94), until: WebVersion(108),
            behaviour: WebBehaviour(
                defaultMode: .resizesContent, readsInteractiveWidget: false, virtualKeyboardAPI: true,
                sources: ["chrome-viewport-resize", "blink-virtual-keyboard", "blink-focus-scroll"])),
        WebRule(
            engine: .blink, os: .android, from: WebVersion(108), until: nil,
            behaviour: WebBehaviour(
                defaultMode: .resizesVisual, readsInteractiveWidget: true, virtualKeyboardAPI: true,
                sources: [
                    "chrome-viewport-resize", "blink-interactive-widget", "blink-virtual-keyboard",
                    "blink-focus-scroll",
                ])),
        WebRule(
            engine: .gecko, os: .android, from: WebVersion(133), until: nil,
            behaviour: WebBehaviour(
                defaultMode: .resizesVisual, readsInteractiveWidget: true, virtualKeyboardAPI: false,
                sources: [
                    "gecko-default-resizes-visual", "gecko-interactive-widget", "gecko-viewports", "gecko-focus-scroll",
                ])),
    ]

    /// The rule for `browser`; nil when the service has none.
    public static func rule(for browser: WebBrowser) -> WebRule? {
        table.first { $0.holds(for: browser) }
    }

    /// The versions the service knows of `engine` on `os`, worded for a refusal ("94 and later"); nil when none.
    /// The table's ranges of one engine follow each other without a gap, so the first's start and the last's end
    /// say it.
    public static func known(_ engine: WebEngine, on os: WebOS) -> String? {
        let rules = table.filter { $0.engine == engine && $0.os == os }
        guard let first = rules.first, let last = rules.last else { return nil }
        return WebRule(engine: engine, os: os, from: first.from, until: last.until, behaviour: first.behaviour).versions
    }
}
