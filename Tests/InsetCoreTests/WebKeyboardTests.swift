import Testing

@testable import InsetCore

/// A page in a 400 × 800 viewport with a 2 000-px document, scrolled to its top, a 300-px keyboard (336 on the
/// iPhone, whose form accessory bar it includes), a top header (`top: 0`, 60 tall) and a bottom composer
/// (`bottom: 0`, 56 tall), worked by hand for each engine.
@Suite("Web pages under the keyboard")
struct WebKeyboardTests {
    static let header = FixedElement(id: "header", edge: .top, offset: 0, height: 60)
    static let composer = FixedElement(id: "composer", edge: .bottom, offset: 0, height: 56)

    func page(
        _ engine: WebEngine, _ version: WebVersion, keyboard: Double = 300, input: Rect? = nil,
        caret: Rect? = nil, widget: InteractiveWidget? = nil, overlays: Bool = false
    ) -> WebPage {
        WebPage(
            browser: WebBrowser(engine: engine, os: engine == .webkit ? .ios : .android, version: version),
            viewport: Size(width: 400, height: 800), toolbarHeight: 56, interactiveWidget: widget,
            overlaysContent: overlays, keyboardHeight: keyboard, documentHeight: 2000, focusedRect: input,
            caretRect: caret, fixedElements: [Self.header, Self.composer])
    }

    func behaviour(_ page: WebPage) throws -> WebBehaviour {
        try #require(WebRules.rule(for: page.browser)).behaviour
    }

    func frame(_ outcome: WebOutcome, _ id: String) throws -> WebFixedFrame {
        try #require(outcome.fixedElements.first { $0.id == id })
    }

    /// Chrome 131, nothing asked (resizes-visual): the visual viewport is 800 − 300 = 500 tall. The input at 700 is
    /// under the keyboard, so it is centred: 700 − (500 − 40) / 2 = 470, the visual viewport's offset taking the
    /// first 300 (all the layout viewport has below it) and the window the other 170. The composer, on the layout
    /// viewport's bottom (744), is at 744 − 300 = 444 in the visual viewport, just above the keyboard; the header is
    /// 300 above it, out of sight.
    @Test func chromeCentresAnInputUnderTheKeyboardMovingTheVisualViewportFirst() throws {
        let page = page(.blink, WebVersion(131), input: Rect(x: 16, y: 700, width: 368, height: 40))
        let outcome = WebKeyboard.show(page, behaviour: try behaviour(page))
        #expect(outcome.mode == .resizesVisual)
        #expect(outcome.layoutViewport == Size(width: 400, height: 800))
        #expect(
            outcome.visualViewport
                == WebVisualViewport(width: 400, height: 500, offsetTop: 300, offsetLeft: 0, pageTop: 470, pageLeft: 0))
        #expect(outcome.scroll == Point(x: 0, y: 170))
        #expect(outcome.viewportUnits == WebViewportUnits(svh: 800, lvh: 856, dvh: 800))
        #expect(outcome.keyboardInsets == .zero)
        #expect(
            try frame(outcome, "composer") == WebFixedFrame(id: "composer", top: 444, height: 56, hidden: 0, lift: 0))
        #expect(
            try frame(outcome, "header") == WebFixedFrame(id: "header", top: -300, height: 60, hidden: 60, lift: 300))
        #expect(
            outcome.events == [
                WebEvent(.visualViewport, .resize), WebEvent(.visualViewport, .scroll, repeats: true),
                WebEvent(.window, .scroll, repeats: true),
            ])
        #expect(outcome.scrollMotion?.duration == 0.2)
        #expect(outcome.scrolledToFocus)
    }

    /// An input already in view (200…240 of the 500 left) is not scrolled: the composer stays on the layout
    /// viewport's bottom, under the keyboard, and would need to rise 300.
    @Test func chromeLeavesAVisibleInputAndTheComposerUnderTheKeyboard() throws {
        let page = page(.blink, WebVersion(131), input: Rect(x: 16, y: 200, width: 368, height: 40))
        let outcome = WebKeyboard.show(page, behaviour: try behaviour(page))
        #expect(outcome.visualViewport.pageTop == 0)
        #expect(!outcome.scrolledToFocus && outcome.scrollMotion == nil)
        #expect(outcome.events == [WebEvent(.visualViewport, .resize)])
        #expect(
            try frame(outcome, "composer")
                == WebFixedFrame(id: "composer", top: 744, height: 56, hidden: 56, lift: -300))
    }

    /// `resizes-content`: both viewports are 500 and so are the units; the layout viewport scrolls the whole 470,
    /// and the composer sits on its bottom, above the keyboard.
    @Test func chromeResizesContentWhenTheMetaAsks() throws {
        let page = page(
            .blink, WebVersion(131), input: Rect(x: 16, y: 700, width: 368, height: 40), widget: .resizesContent)
        let outcome = WebKeyboard.show(page, behaviour: try behaviour(page))
        #expect(outcome.mode == .resizesContent && outcome.ignored.isEmpty)
        #expect(outcome.layoutViewport.height == 500 && outcome.visualViewport.height == 500)
        #expect(outcome.visualViewport.offsetTop == 0 && outcome.scroll.y == 470)
        #expect(outcome.viewportUnits == WebViewportUnits(svh: 500, lvh: 556, dvh: 500))
        #expect(
            try frame(outcome, "composer") == WebFixedFrame(id: "composer", top: 444, height: 56, hidden: 0, lift: 0))
        #expect(
            outcome.events == [
                WebEvent(.visualViewport, .resize), WebEvent(.window, .resize),
                WebEvent(.window, .scroll, repeats: true),
            ])
    }

    /// `overlaysContent` wins over the meta: nothing resizes or scrolls, the keyboard's rect is 400 × 300 at the left
    /// (its top Chrome takes from the window's visible frame, which the page does not give), and the composer must
    /// rise by the keyboard's height, `env(keyboard-inset-height)`.
    @Test func chromesVirtualKeyboardApiOverlaysThePage() throws {
        let page = page(
            .blink, WebVersion(131), input: Rect(x: 16, y: 700, width: 368, height: 40), widget: .resizesContent,
            overlays: true)
        let outcome = WebKeyboard.show(page, behaviour: try behaviour(page))
        #expect(outcome.mode == .overlaysContent)
        #expect(outcome.layoutViewport.height == 800 && outcome.visualViewport.height == 800)
        #expect(!outcome.scrolledToFocus)
        #expect(
            outcome.keyboardInsets
                == WebKeyboardInsets(top: nil, left: 0, bottom: nil, right: 400, width: 400, height: 300))
        #expect(outcome.events == [WebEvent(.virtualKeyboard, .geometrychange)])
        #expect(try frame(outcome, "composer").lift == -300)
    }

    /// Chrome 100 reads no `interactive-widget` (it came in 108) and resizes the content by default; a keyboard of
    /// 300.7 px counts as 300 (whole DIPs).
    @Test func chromeBefore108ResizesTheContentAndIgnoresTheMeta() throws {
        let page = page(.blink, WebVersion(100), keyboard: 300.7, widget: .resizesVisual)
        let outcome = WebKeyboard.show(page, behaviour: try behaviour(page))
        #expect(outcome.mode == .resizesContent)
        #expect(outcome.ignored.map(\.member) == ["/interactiveWidget"])
        #expect(outcome.layoutViewport.height == 500)
    }

    /// Firefox 140 centres the input wholly under the keyboard at once: 700 + 20 − 250 = 470, the layout viewport
    /// with it (its range is 0…1 200), so the visual viewport's offset stays 0; the composer stays under the keyboard.
    @Test func firefoxCentresAHiddenInputAtOnceMovingTheLayoutViewport() throws {
        let page = page(.gecko, WebVersion(140), input: Rect(x: 16, y: 700, width: 368, height: 40))
        let outcome = WebKeyboard.show(page, behaviour: try behaviour(page))
        #expect(outcome.mode == .resizesVisual)
        #expect(
            outcome.visualViewport
                == WebVisualViewport(width: 400, height: 500, offsetTop: 0, offsetLeft: 0, pageTop: 470, pageLeft: 0))
        #expect(outcome.scroll.y == 470 && outcome.scrollMotion == nil && outcome.scrolledToFocus)
        #expect(outcome.events == [WebEvent(.visualViewport, .resize), WebEvent(.window, .scroll)])
        #expect(try frame(outcome, "composer").hidden == 56)
    }

    /// Firefox leaves an input partly in view (480…520 with the keyboard's top at 500) where it is: the service
    /// takes Gecko's line-scroll amount as 0. A caret wholly under the keyboard is centred, to 1/60 px.
    @Test func firefoxScrollsOnlyACaretOutOfView() throws {
        let across = page(.gecko, WebVersion(140), input: Rect(x: 16, y: 480, width: 368, height: 40))
        #expect(!WebKeyboard.show(across, behaviour: try behaviour(across)).scrolledToFocus)
        let caret = page(
            .gecko, WebVersion(140), input: Rect(x: 16, y: 480, width: 368, height: 40),
            caret: Rect(x: 20, y: 500.004, width: 2, height: 17))
        let outcome = WebKeyboard.show(caret, behaviour: try behaviour(caret))
        // 500.004 + 8.5 − 250 = 258.504, to the nearest 1/60: 258.5.
        #expect(outcome.visualViewport.pageTop == 258.5)
    }

    /// Firefox with the input in the fixed composer (`InteractiveWidgetTest.bug1993407`): only the visual viewport
    /// moves, as little as brings the caret in: the composer's input at 752…792 of the layout viewport ends on the
    /// visual viewport's bottom, offset 792 − 500 = 292; `scrollY` stays 0.
    @Test func firefoxMovesOnlyTheVisualViewportForAnInputInAFixedBar() throws {
        var page = page(.gecko, WebVersion(140), input: Rect(x: 16, y: 752, width: 300, height: 40))
        page.focusedIn = "composer"
        let outcome = WebKeyboard.show(page, behaviour: try behaviour(page))
        #expect(outcome.visualViewport.offsetTop == 292 && outcome.visualViewport.pageTop == 292)
        #expect(outcome.scroll.y == 0)
        #expect(outcome.events == [WebEvent(.visualViewport, .resize), WebEvent(.visualViewport, .scroll)])
        #expect(
            try frame(outcome, "composer") == WebFixedFrame(id: "composer", top: 452, height: 56, hidden: 8, lift: -8))
    }

    /// Safari 18.4 on an iPhone, a 336-px keyboard with its form bar: 464 left. The input is centred, 700 −
    /// (464 − 40) / 2 = 488; the visual viewport's bottom (952) would leave the layout viewport, which moves down to
    /// 152, so the offset is 336; `scrollY` is the visual viewport's 488. The composer ends just above the bar.
    /// The meta's `interactive-widget` is ignored: no Safari release reads it.
    @Test func safariCentresTheInputAboveTheFormBar() throws {
        let page = page(
            .webkit, WebVersion(18, 4), keyboard: 336, input: Rect(x: 16, y: 700, width: 368, height: 40),
            widget: .resizesContent)
        let outcome = WebKeyboard.show(page, behaviour: try behaviour(page))
        #expect(outcome.mode == .resizesVisual)
        #expect(outcome.ignored.map(\.member) == ["/interactiveWidget"])
        #expect(
            outcome.visualViewport
                == WebVisualViewport(width: 400, height: 464, offsetTop: 336, offsetLeft: 0, pageTop: 488, pageLeft: 0))
        #expect(outcome.scroll.y == 488 && outcome.layoutViewport.height == 800)
        #expect(
            try frame(outcome, "composer") == WebFixedFrame(id: "composer", top: 408, height: 56, hidden: 0, lift: 0))
        #expect(
            outcome.events == [
                WebEvent(.window, .scroll, repeats: true), WebEvent(.visualViewport, .resize),
                WebEvent(.visualViewport, .scroll),
            ])
        #expect(outcome.scrollMotion?.duration == 0.25)
    }

    /// Safari re-centres a text input even when it is in view (its form bar forces the scroll): at 300, the top goes
    /// to 300 − 212 = 88, inside the layout viewport, which stays; at 200 the centring would go above the document,
    /// so nothing moves.
    @Test func safariRecentresAVisibleInput() throws {
        let low = page(.webkit, WebVersion(18, 4), keyboard: 336, input: Rect(x: 16, y: 300, width: 368, height: 40))
        let moved = WebKeyboard.show(low, behaviour: try behaviour(low))
        #expect(moved.visualViewport.pageTop == 88 && moved.visualViewport.offsetTop == 88 && moved.scroll.y == 88)
        let high = page(.webkit, WebVersion(18, 4), keyboard: 336, input: Rect(x: 16, y: 200, width: 368, height: 40))
        let still = WebKeyboard.show(high, behaviour: try behaviour(high))
        #expect(!still.scrolledToFocus && still.visualViewport.pageTop == 0)
        #expect(still.events == [WebEvent(.visualViewport, .resize)])
    }

    /// The caret keeps 8 pt from the visible bottom: a caret at 900…920 in a 600-tall text area at 500 takes the top
    /// to at least 920 + 8 − 464 = 464, more than the 500 − 232 = 268 … 500 the text area alone would allow.
    @Test func safariKeepsTheCaretEightPointsFromTheEdge() throws {
        let page = page(
            .webkit, WebVersion(18, 4), keyboard: 336, input: Rect(x: 16, y: 500, width: 368, height: 600),
            caret: Rect(x: 20, y: 900, width: 2, height: 20))
        let outcome = WebKeyboard.show(page, behaviour: try behaviour(page))
        #expect(outcome.visualViewport.pageTop == 464)
    }

    /// Hiding: Chrome's visual viewport grows back and its offset goes to 0, the layout viewport staying at 170;
    /// Safari's layout viewport takes the visual viewport's place (488); Firefox's was already there.
    @Test func hidingGivesTheViewportsBack() throws {
        let input = Rect(x: 16, y: 700, width: 368, height: 40)
        let chrome = page(.blink, WebVersion(131), input: input)
        let chromeHidden = WebKeyboard.hide(chrome, behaviour: try behaviour(chrome))
        #expect(
            chromeHidden.visualViewport
                == WebVisualViewport(width: 400, height: 800, offsetTop: 0, offsetLeft: 0, pageTop: 170, pageLeft: 0))
        #expect(chromeHidden.events == [WebEvent(.visualViewport, .resize), WebEvent(.visualViewport, .scroll)])
        let safari = page(.webkit, WebVersion(18, 4), keyboard: 336, input: input)
        let safariHidden = WebKeyboard.hide(safari, behaviour: try behaviour(safari))
        #expect(safariHidden.visualViewport.pageTop == 488 && safariHidden.scroll.y == 488)
        #expect(safariHidden.events == [WebEvent(.visualViewport, .resize), WebEvent(.visualViewport, .scroll)])
        let firefox = page(.gecko, WebVersion(140), input: input)
        let firefoxHidden = WebKeyboard.hide(firefox, behaviour: try behaviour(firefox))
        #expect(
            firefoxHidden.visualViewport.pageTop == 470 && firefoxHidden.events == [WebEvent(.visualViewport, .resize)])
        #expect(try frame(firefoxHidden, "composer").hidden == 0)
    }

    /// Safari 18.4, a session's events: the show to an input at 1 000 leaves a 464-px visual viewport at
    /// 1 000 − (464 − 40) / 2 = 788, the layout viewport pushed to 788 + 464 − 800 = 452 and the visual viewport 336 into
    /// it. A second input at 100, focused while the keyboard is up, would centre at −112: the page goes to its top,
    /// both viewports at 0, with the window's scroll and the visual viewport's, and no resize (nothing changed size).
    /// The hide from there gives the visual viewport back, scrolled nowhere; a hide with no keyboard up does nothing.
    @Test func safariMovesTheFocusWhileTheKeyboardIsUpAndHidesFromWhereItWas() throws {
        let first = page(.webkit, WebVersion(18, 4), keyboard: 336, input: Rect(x: 16, y: 1000, width: 368, height: 40))
        let shown = WebKeyboard.show(first, behaviour: try behaviour(first))
        #expect(shown.state == WebState(keyboard: 336, layoutTop: 452, offsetTop: 336))
        let second = page(.webkit, WebVersion(18, 4), keyboard: 336, input: Rect(x: 16, y: 100, width: 368, height: 40))
        let moved = WebKeyboard.show(second, behaviour: try behaviour(second), from: shown.state)
        #expect(moved.state == WebState(keyboard: 336, layoutTop: 0, offsetTop: 0))
        #expect(moved.visualViewport.height == 464 && moved.scrolledToFocus)
        #expect(
            moved.events == [
                WebEvent(.window, .scroll, repeats: true), WebEvent(.visualViewport, .scroll),
            ])
        let hidden = WebKeyboard.hide(second, behaviour: try behaviour(second), from: moved.state)
        #expect(hidden.state == WebState(keyboard: 0, layoutTop: 0, offsetTop: 0))
        #expect(hidden.visualViewport.height == 800 && hidden.events == [WebEvent(.visualViewport, .resize)])
        let again = WebKeyboard.hide(second, behaviour: try behaviour(second), from: hidden.state)
        #expect(again.events.isEmpty && again.state == hidden.state)
    }

    /// The versions the rules cover, and those refused.
    @Test func versionsWithoutARuleAreRefused() {
        #expect(WebRules.rule(for: WebBrowser(engine: .webkit, os: .ios, version: WebVersion(15, 4))) == nil)
        #expect(WebRules.rule(for: WebBrowser(engine: .blink, os: .android, version: WebVersion(93))) == nil)
        #expect(WebRules.rule(for: WebBrowser(engine: .gecko, os: .android, version: WebVersion(131))) == nil)
        #expect(WebRules.rule(for: WebBrowser(engine: .blink, os: .ios, version: WebVersion(131))) == nil)
        #expect(WebRules.known(.blink, on: .android) == "94 and later")
        #expect(WebRules.rule(for: WebBrowser(engine: .gecko, os: .android, version: WebVersion(132))) == nil)
        #expect(WebRules.rule(for: WebBrowser(engine: .webkit, os: .ios, version: WebVersion(27))) == nil)
        #expect(WebRules.known(.webkit, on: .ios) == "16 to before 27")
        #expect(WebRules.known(.gecko, on: .android) == "133 and later")
        #expect(WebRules.known(.gecko, on: .ios) == nil)
        #expect(WebVersion("17.4.1") == WebVersion(17, 4) && WebVersion("131") == WebVersion(131))
        #expect(
            WebVersion("") == nil && WebVersion("18.") == nil && WebVersion("v18") == nil
                && WebVersion("1.2.3.4") == nil)
    }
}
