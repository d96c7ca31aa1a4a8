import HTTPServer
import InsetCore
import InsetJSON

/// The answer to a keyboard show or hide on a web page (docs/web.md): what the browser decided, the viewports and
/// units as the page reads them, the keyboard's insets, the scroll, the fixed bars and the events, with the
/// motion and the sources of the rules.
enum WebAnswer {
    static func response(
        _ outcome: WebOutcome, page: WebPage, rule: WebRule, keyboard: WebDeviceKeyboard.Taken? = nil
    ) -> HTTPResponse {
        .json(write(outcome, page: page, rule: rule, keyboard: keyboard, session: nil))
    }

    /// The answer's JSON on a session, with its reference, written for a session's change to return.
    static func text(
        _ outcome: WebOutcome, page: WebPage, rule: WebRule, keyboard: WebDeviceKeyboard.Taken?,
        session: SessionReference
    ) -> WrittenJSON {
        WrittenJSON(write(outcome, page: page, rule: rule, keyboard: keyboard, session: session))
    }

    private static func write(
        _ outcome: WebOutcome, page: WebPage, rule: WebRule, keyboard: WebDeviceKeyboard.Taken?,
        session: SessionReference?
    ) -> JSONWriter {
        var writer = JSONWriter(reservingCapacity: 2048)
        writer.beginObject()
        writer.field("platform", "web")
        writer.key(static: "browser")
        writer.beginObject()
        writer.field("engine", page.browser.engine.rawValue)
        writer.field("os", page.browser.os.rawValue)
        writer.field("version", page.browser.version.description)
        writer.field("versions", rule.versions)
        writer.endObject()
        writer.key(static: "keyboard")
        writer.beginObject()
        // The keyboard that came up (or went) as the engine took it: Blink's in whole px.
        writer.field("height", page.browser.engine.takes(page.keyboardHeight, over: page.viewport.height))
        if let keyboard {
            writer.field("device", keyboard.device)
            writer.key(static: "sources")
            writer.beginArray()
            for source in keyboard.sources { writer.string(source) }
            writer.endArray()
        }
        writer.endObject()
        writer.webPage(outcome, scrolledToFocus: outcome.scrolledToFocus)
        writer.key(static: "events")
        writer.beginArray()
        for event in outcome.events {
            writer.beginObject()
            writer.field("target", event.target.rawValue)
            writer.field("type", event.type.rawValue)
            writer.field("repeats", event.repeats)
            writer.endObject()
        }
        writer.endArray()
        writer.key(static: "animation")
        writer.beginObject()
        // Every engine takes the keyboard's end frame once and resizes in one step (docs/web.md, "Motion").
        writer.field("viewports", "step")
        writer.key(static: "scroll")
        if let motion = outcome.scrollMotion {
            writer.beginObject()
            writer.field("duration", motion.duration)
            writer.key(static: "timingFunction")
            if let curve = motion.curve { writer.string(AndroidAnswer.cubicBezier(curve)) } else { writer.null() }
            writer.endObject()
        } else {
            writer.null()
        }
        writer.endObject()
        writer.webSources(rule)
        if let session {
            writer.key(static: "session")
            session.write(into: &writer)
        }
        writer.endObject()
        return writer
    }
}

extension JSONWriter {
    /// What the page reads once the browser has settled: the mode and what it ignored, the viewports and units, the
    /// keyboard's insets, the scroll (and, after an event, whether it scrolled to the focus) and the fixed bars.
    mutating func webPage(_ outcome: WebOutcome, scrolledToFocus: Bool?) {
        field("mode", outcome.mode.rawValue)
        key(static: "ignored")
        beginArray()
        for ignored in outcome.ignored {
            beginObject()
            field("member", ignored.member)
            field("why", ignored.why)
            endObject()
        }
        endArray()
        key(static: "layoutViewport")
        size(outcome.layoutViewport)
        webVisualViewport(outcome.visualViewport)
        key(static: "viewportUnits")
        beginObject()
        field("svh", outcome.viewportUnits.svh)
        key(static: "lvh")
        if let lvh = outcome.viewportUnits.lvh { number(lvh) } else { null() }
        field("dvh", outcome.viewportUnits.dvh)
        endObject()
        webKeyboardInsets(outcome.keyboardInsets)
        key(static: "scroll")
        point(outcome.scroll)
        if let scrolledToFocus { field("scrolledToFocus", scrolledToFocus) }
        key(static: "fixedElements")
        beginArray()
        for element in outcome.fixedElements {
            beginObject()
            field("id", element.id)
            field("top", element.top)
            field("height", element.height)
            field("covered", element.covered)
            field("hidden", element.hidden)
            field("lift", element.lift)
            endObject()
        }
        endArray()
    }

    /// The sources of `rule`'s behaviour, by the ids docs/web.md lists.
    mutating func webSources(_ rule: WebRule) {
        key(static: "sources")
        beginArray()
        for source in rule.behaviour.sources { string(source) }
        endArray()
    }

    fileprivate mutating func webVisualViewport(_ viewport: WebVisualViewport) {
        key(static: "visualViewport")
        beginObject()
        field("width", viewport.width)
        field("height", viewport.height)
        field("offsetTop", viewport.offsetTop)
        field("offsetLeft", viewport.offsetLeft)
        field("pageTop", viewport.pageTop)
        field("pageLeft", viewport.pageLeft)
        endObject()
    }

    fileprivate mutating func webKeyboardInsets(_ insets: WebKeyboardInsets) {
        key(static: "keyboardInsets")
        beginObject()
        key(static: "top")
        if let top = insets.top { number(top) } else { null() }
        field("left", insets.left)
        key(static: "bottom")
        if let bottom = insets.bottom { number(bottom) } else { null() }
        field("right", insets.right)
        field("width", insets.width)
        field("height", insets.height)
        endObject()
    }
}
