import InsetCore
import InsetJSON
import InsetSession

extension Session {
    /// A web session at `time` (docs/web.md, "Sessions"): its page as sent (the scroll as the page reads it now), the
    /// keyboard while it is up, and what the page reads where the last event left it (`page`), with the sources of
    /// its browser's rules. Nothing moves between a web session's events, so `time` changes only the clock.
    func write(_ state: WebState, at time: Double, into writer: inout JSONWriter) {
        writeHead(at: time, into: &writer)
        writer.key(static: "keyboard")
        if keyboardVisible {
            writer.beginObject()
            writer.field("height", state.keyboard)
            writer.endObject()
        } else {
            writer.null()
        }
        // The page was checked when the session was made and at each change since; a record a later release wrote
        // may name a browser this one has no rule for.
        if let (page, rule) = try? WebEvents.page(scene, keyboard: false) {
            writer.key(static: "page")
            writer.beginObject()
            writer.webPage(WebKeyboard.resting(page, behaviour: rule.behaviour, in: state), scrolledToFocus: nil)
            writer.endObject()
            writer.webSources(rule)
        }
        writer.endObject()
    }
}
