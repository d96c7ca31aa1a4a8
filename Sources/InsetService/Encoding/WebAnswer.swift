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
        writer.field("height", page.keyboardHeight)
        if let keyboard {
            writer.field("device", keyboard.device)
            writer.key(static: "sources")
            writer.beginArray()
            for source in keyboard.sources { writer.string(source) }
            writer.endArray()
        }
        writer.endObject()
        writer.field("mode", outcome.mode.rawValue)
        writer.key(static: "ignored")
        writer.beginArray()
        for ignored in outcome.ignored {
            writer.beginObject()
            writer.field("member", ignored.member)
            writer.field("why", ignored.why)
            writer.endObject()
        }
        writer.endArray()
        writer.key(static: "layoutViewport")
        writer.size(outcome.layoutViewport)
        writer.webVisualViewport(outcome.visualViewport)
        writer.key(static: "viewportUnits")
        writer.beginObject()
        writer.field("svh", outcome.viewportUnits.svh)
        writer.key(static: "lvh")
        if let lvh = outcome.viewportUnits.lvh { writer.number(lvh) } else { writer.null() }
        writer.field("dvh", outcome.viewportUnits.dvh)
        writer.endObject()
        writer.webKeyboardInsets(outcome.keyboardInsets)
        writer.key(static: "scroll")
        writer.point(outcome.scroll)
        writer.field("scrolledToFocus", outcome.scrolledToFocus)
        writer.key(static: "fixedElements")
        writer.beginArray()
        for element in outcome.fixedElements {
            writer.beginObject()
            writer.field("id", element.id)
            writer.field("top", element.top)
            writer.field("height", element.height)
            writer.field("covered", element.covered)
            writer.field("hidden", element.hidden)
            writer.field("lift", element.lift)
            writer.endObject()
        }
        writer.endArray()
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
        writer.key(static: "sources")
        writer.beginArray()
        for source in rule.behaviour.sources { writer.string(source) }
        writer.endArray()
        writer.endObject()
        return .json(writer)
    }
}

extension JSONWriter {
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
